#!/usr/bin/env python3
"""Broken on purpose: on its second turn it writes an empty line (it meant to stand still; a turn
needs 1 to 256 steps). Otherwise correct. Expected verdict: bad-format (the jury plays T for it from
then on)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

turns = 0


def explore_then_stand_still(game_map):
    global turns
    turns += 1
    return "" if turns == 2 else amazes.explore(game_map)


if __name__ == "__main__":
    amazes.run(explore_then_stand_still)
