#!/usr/bin/env python3
"""Broken SnakeCore bot: answers "UP" instead of the one character U. Verdict: bad-format."""
import sys


def main():
    moves = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the jury closed our input: the game is over
        line = line.rstrip("\r\n")
        if line == "getName":
            print("Wordy", flush=True)
        elif line == "getAction":
            n = int(sys.stdin.readline())
            field = [sys.stdin.readline() for _ in range(n)]
            for _ in range(sum(row.count("p") for row in field)):
                sys.stdin.readline()
            moves += 1
            print("UP", flush=True)


main()
