#!/usr/bin/env python3
"""Broken on purpose: always takes one object more than the largest heap holds. Expected verdict: illegal-move."""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import nim_protocol  # noqa: E402


def choose(heaps):
    i = max(range(len(heaps)), key=lambda k: heaps[k])
    return i, heaps[i] + 1


nim_protocol.run(choose)
