#!/usr/bin/env python3
"""Broken SnakeCore bot: writes a debug line to stdout after each answer. Nobody asked for it
(the real jury would have read it as the next answer). Verdict: extra-output."""
import sys


def main():
    moves = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the jury closed our input: the game is over
        line = line.rstrip("\r\n")
        if line == "getName":
            print("Chatty", flush=True)
        elif line == "getAction":
            n = int(sys.stdin.readline())
            field = [sys.stdin.readline() for _ in range(n)]
            for _ in range(sum(row.count("p") for row in field)):
                sys.stdin.readline()
            moves += 1
            # One write, so the debug line always arrives together with the answer.
            print("N\nthinking took 0 ms", flush=True)


main()
