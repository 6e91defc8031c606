#!/usr/bin/env python3
"""Broken SnakeCore bot: ends on its own when its second getAction arrives, without answering.
A SnakeCore program must never terminate by itself. Verdict: early-exit."""
import sys
from protocol import play


def answer(move):
    if move == 2:
        sys.exit(0)
    return "N"


play("Quitter", answer)
