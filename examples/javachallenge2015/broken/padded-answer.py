#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers 'N please': the engine takes the text before the first space and plays N,
but the protocol asks for the letter alone. Verdict: bad-format warning (exit 0 unless --strict)."""
import sys
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    print("N please", flush=True)
