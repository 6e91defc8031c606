#!/usr/bin/env python3
"""Broken SnakeCore bot: ends on its own when its second getAction arrives, without answering.
A SnakeCore program must never terminate by itself. Verdict: early-exit."""
import sys


def main():
    moves = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the jury closed our input: the game is over
        line = line.rstrip("\r\n")
        if line == "getName":
            print("Quitter", flush=True)
        elif line == "getAction":
            n = int(sys.stdin.readline())
            field = [sys.stdin.readline() for _ in range(n)]
            for _ in range(sum(row.count("p") for row in field)):
                sys.stdin.readline()
            moves += 1
            if moves == 2:
                sys.exit(0)
            print("N", flush=True)


main()
