#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): writes 'thinking' to stderr without a newline, then answers.
The engine's stderr reader waits in readLine for the end of that line, holding a lock the engine then
needs: the real engine can hang. Verdict: one stderr-output warning."""
import sys
from turns import play, write


def answer(turn, message):
    if turn == 0:
        write(b"thinking", sys.stderr)
    return b"N\n"


play(answer)
