#!/usr/bin/env python3
"""Broken on purpose: on its third turn it writes 257 steps (`T` 257 times), one more than a turn
may have. Otherwise correct. Expected verdict: too-many-steps (the jury plays T for it from then on
and stops its process)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

turns = 0


def explore_then_overrun(game_map):
    global turns
    turns += 1
    return "T" * 257 if turns == 3 else amazes.explore(game_map)


if __name__ == "__main__":
    amazes.run(explore_then_overrun)
