#!/usr/bin/env python3
"""Half-broken SnakeCore bot: answers A (activate protection) every move, also without an energy block
in its body. The jury skips such a move. Verdict: ineffective-action warnings (exit 0; exit 1 with --strict)."""
import sys


def main():
    moves = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the jury closed our input: the game is over
        line = line.rstrip("\r\n")
        if line == "getName":
            print("Shield", flush=True)
        elif line == "getAction":
            n = int(sys.stdin.readline())
            field = [sys.stdin.readline() for _ in range(n)]
            for _ in range(sum(row.count("p") for row in field)):
                sys.stdin.readline()
            moves += 1
            print("A", flush=True)


main()
