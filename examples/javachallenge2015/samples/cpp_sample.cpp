// A JavaChallenge2015 bot written the way the official C++ sample was
// (github.com/D4prog/JavaChallenge2015, SampleAIs/Cpp/SampleAI.cc): print READY, then in an endless
// `while (true)` loop read one turn message with `cin >>` and print a random command of "URDLA"
// with `endl` (a flush). It never checks `cin` for the end of input, so when its input closes after
// the game every read fails at once and it prints random commands forever, until writing to the
// closed pipe kills it (SIGPIPE). It also sends random commands while cooling down after an attack.
// The real engine has exited by the time it floods, and plays N for a player cooling down: such a
// bot must pass (see README.md).
// The sample draws with std::random_device; this one uses a fixed seed so a run can be repeated.
// Build: g++ -O2 -o build/cpp_sample cpp_sample.cpp   Run: build/cpp_sample
#include <iostream>
#include <random>
#include <string>
using namespace std;

const string commands = "URDLA";
int board[6][6];
int turn;
int x[4], y[4], s[4];
string dir[4];

int main() {
  cout << "READY" << endl;
  mt19937 rnd(2015);
  while (true) {
    int my_num;
    cin >> my_num >> turn;
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j) cin >> board[i][j];
    for (int i = 0; i < 4; ++i) cin >> x[i] >> y[i] >> dir[i] >> s[i];
    string eod;
    cin >> eod;
    cout << commands[rnd() % commands.size()] << endl;
  }
  return 0;
}
