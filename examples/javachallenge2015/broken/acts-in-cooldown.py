#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): always answers A, also while cooling down after its attack (S > 0), when the
engine replaces any action by N. Verdict: ineffective-action warning (exit 0 unless --strict)."""
import sys
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    print("A", flush=True)
