#!/usr/bin/env python3
"""A correct Nim bot: plays the winning move (nim-sum zero) when there is one, else takes one object
from the largest heap. The protocol loop is in nim_protocol.py."""
import sys

sys.dont_write_bytecode = True
import nim_protocol  # noqa: E402


def choose(heaps):
    total = 0
    for h in heaps:
        total ^= h
    if total:
        for i, h in enumerate(heaps):
            if h ^ total < h:
                return i, h - (h ^ total)
    i = max(range(len(heaps)), key=lambda k: heaps[k])
    return i, 1


nim_protocol.run(choose)
