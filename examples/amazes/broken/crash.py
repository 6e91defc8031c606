#!/usr/bin/env python3
"""Broken on purpose: exits with status 1 when its fourth turn is due. Otherwise correct.
Expected verdict: crash (the jury plays T for it for the rest of the game; the opponent still
plays its 150 turns)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

turns = 0


def explore_then_crash(game_map):
    global turns
    turns += 1
    if turns == 4:
        sys.exit(1)
    return amazes.explore(game_map)


if __name__ == "__main__":
    amazes.run(explore_then_crash)
