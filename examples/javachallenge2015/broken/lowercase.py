#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers in lower case (n); the engine matches actions case-sensitively and plays N.
Verdict: bad-format."""
import sys
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    print("n", flush=True)
