#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers with words (UP, LEFT, ...) instead of letters; the engine plays N for them.
Verdict: bad-format."""
import sys
print("READY", flush=True)
WORDS = ["UP", "LEFT", "DOWN", "RIGHT", "NONE"]
turn = 0
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    print(WORDS[turn % len(WORDS)], flush=True)
    turn += 1
