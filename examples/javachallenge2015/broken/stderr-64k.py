#!/usr/bin/env python3
"""Writes exactly 65,536 bytes to stderr before its first answer: what the engine's stderr pipe holds, so
the engine survives it (one byte more and the bot blocks; see stderr-flood.py). Verdict: passes."""
import sys
from turns import play, write


def answer(turn, message):
    if turn == 0:
        write(b"d" * 65_535 + b"\n", sys.stderr)
    return b"N\n"


play(answer)
