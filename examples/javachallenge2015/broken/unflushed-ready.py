#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): writes READY but never flushes it: with stdout on a pipe, Python keeps it in
its buffer and waits for input that never comes. Verdict: unflushed-output."""
import sys
sys.stdout.write("READY\n")  # no flush: the line stays in the buffer
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    sys.stdout.write("N\n")
