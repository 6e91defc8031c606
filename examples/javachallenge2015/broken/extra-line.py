#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers each turn with two lines, N and N. The engine reads one line per turn and
keeps the other for the next turn, so the bot falls behind. Verdict: extra-output."""
import sys
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    print("N\nN", flush=True)
