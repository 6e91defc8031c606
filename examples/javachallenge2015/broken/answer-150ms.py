#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers each turn after 150 ms: too slow for the real engine (100 ms),
fine for the English rule text (1 s). Verdict: move-timeout under engine; passes under --profile rules."""
import sys
import time
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    time.sleep(0.15)
    print("N", flush=True)
