"""The SnakeCore protocol loop the broken example bots share: each bot differs from a correct one in
its name or in its answer, and only that is written in its own file.

play(name, answer): answers getName with `name`, and each getAction (after reading the field and one
line per python, k = the number of heads `p`) with answer(move_number), flushed. Returns when the jury
closes the input."""
import sys


def play(name, answer):
    moves = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the jury closed our input: the game is over
        line = line.rstrip("\r\n")
        if line == "getName":
            print(name, flush=True)
        elif line == "getAction":
            n = int(sys.stdin.readline())
            field = [sys.stdin.readline() for _ in range(n)]
            for _ in range(sum(row.count("p") for row in field)):
                sys.stdin.readline()
            moves += 1
            print(answer(moves), flush=True)
