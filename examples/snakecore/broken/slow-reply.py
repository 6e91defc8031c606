#!/usr/bin/env python3
"""Broken SnakeCore bot: thinks 3 seconds about its first move; the limit is 1 second per answer.
Verdict: move-timeout."""
import sys
import time


def main():
    moves = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the jury closed our input: the game is over
        line = line.rstrip("\r\n")
        if line == "getName":
            print("Sleepy", flush=True)
        elif line == "getAction":
            n = int(sys.stdin.readline())
            field = [sys.stdin.readline() for _ in range(n)]
            for _ in range(sum(row.count("p") for row in field)):
                sys.stdin.readline()
            moves += 1
            if moves == 1:
                time.sleep(3)
            print("N", flush=True)


main()
