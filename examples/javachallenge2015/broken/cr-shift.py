#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers its first turn with R\\rL\\n, then N. The engine ends a
line at the lone \\r: it plays R now and keeps L for the next turn, one line behind from then on (the
stale-line shift). Verdict: one extra-output error for L, and the crlf-line-ending warning."""
from turns import play

play(lambda turn, message: b"R\rL\n" if turn == 0 else b"N\n")
