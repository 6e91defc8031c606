#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): prints READY only after 3 s, three times the engine's 1 s.
Verdict: handshake-timeout (the engine terminates it; it stays on the board doing N)."""
import sys
import time
time.sleep(3)
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    print("N", flush=True)
