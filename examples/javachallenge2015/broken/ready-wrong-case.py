#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): prints 'Ready' instead of READY (the engine compares case-sensitively).
Verdict: bad-handshake."""
import sys
print("Ready", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    print("N", flush=True)
