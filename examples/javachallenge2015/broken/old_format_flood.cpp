// Broken on purpose (JavaChallenge2015): reads the contest's first, abandoned input format with `cin >>`,
// as an early version of the official C++ sample did (D4prog/JavaChallenge2015, SampleAIs/Cpp/SampleAI.cc
// before the 6 x 6 board): id, T, 4 lives, a 40 x 40 board, 4 x (row column), EOD. On the real message
// `cin >> int` meets the direction letter of the players' lines at its first turn and fails; the loop
// never checks `cin`, so from then on every read fails at once and it prints random commands of
// "URDLA" forever. The engine reads one line per turn and plays these stale lines: the bot never sees
// the game. Verdict: extra-output (an error: the lines are played as later answers).
// Build: g++ -O2 -o build/old_format_flood old_format_flood.cpp   Run: build/old_format_flood
#include <iostream>
#include <random>
#include <string>
using namespace std;

const string commands = "URDLA";
int board[40][40];
int life[4];
int turn;
int x[4], y[4];

int main() {
  cout << "READY" << endl;
  mt19937 rnd(2015);  // the sample's std::random_device, fixed so a run can be repeated
  while (true) {
    int my_num;
    cin >> my_num >> turn;
    for (int i = 0; i < 4; ++i) cin >> life[i];
    for (int i = 0; i < 40; ++i)
      for (int j = 0; j < 40; ++j) cin >> board[i][j];
    for (int i = 0; i < 4; ++i) cin >> y[i] >> x[i];
    string eod;
    cin >> eod;
    cout << commands[rnd() % commands.size()] << endl;
  }
  return 0;
}
