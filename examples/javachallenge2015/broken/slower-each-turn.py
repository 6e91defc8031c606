#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): sleeps T x 10 ms before each answer, as the organizers' own
timeout test AI did (D4prog/JavaChallenge2015, SampleAIs/TimeoutAI.java: Thread.sleep(T * 10)). Its
first turns are in time; from T = 10 or so the sleep reaches the engine's 100 ms.
Verdict: move-timeout at the first of its turns with T >= 10 or so (under --profile rules, 1 s, at T >= 100)."""
import sys
import time
print("READY", flush=True)
while True:
    message = [sys.stdin.readline() for _ in range(13)]  # id, T, 6 block rows, 4 players, EOD
    if not message[-1]:
        break
    time.sleep(int(message[1]) * 0.010)
    print("N", flush=True)
