#!/usr/bin/env python3
"""Broken on purpose (JavaChallenge2015): answers its first turn with two lines, N and L, then one line a
turn. The engine plays L on the next turn and stays one line behind for the rest of the game (the
stale-line shift). Verdict: one extra-output error, at the first turn, quoting L -- not one per turn."""
from turns import play

play(lambda turn, message: b"N\nL\n" if turn == 0 else b"N\n")
