#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers each turn after 300 ms, three times the engine's 100 ms.
Verdict under the default profile (engine): move-timeout. Under --profile rules (1 s) it passes."""
import sys
import time
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    time.sleep(0.3)
    print("N", flush=True)
