#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers its first turn with N and, 30 ms later, writes one more
line, L. The engine reads L as the next turn's answer, one line behind from then on. Verdict: one
extra-output error, at the first turn, quoting L."""
import time
from turns import play, write


def answer(turn, message):
    if turn == 0:
        write(b"N\n")
        time.sleep(0.03)
        return b"L\n"
    return b"N\n"


play(answer)
