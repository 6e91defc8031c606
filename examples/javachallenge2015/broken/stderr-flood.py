#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): writes 100 KiB to stderr during one turn. The real engine reads stderr only after
the answer, so more than its pipe buffer (64 KiB) blocks the bot until it times out there.
Verdict: stderr-output warning (exit 0 unless --strict)."""
import sys
print("READY", flush=True)
flooded = False
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    if not flooded:
        sys.stderr.write("debug " * 17067 + "\n")
        sys.stderr.flush()
        flooded = True
    print("N", flush=True)
