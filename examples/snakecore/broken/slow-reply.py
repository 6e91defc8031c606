#!/usr/bin/env python3
"""Broken SnakeCore bot: thinks 3 seconds about its first move; the limit is 1 second per answer.
Verdict: move-timeout."""
import time
from protocol import play


def answer(move):
    if move == 1:
        time.sleep(3)
    return "N"


play("Sleepy", answer)
