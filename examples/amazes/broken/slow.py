#!/usr/bin/env python3
"""Broken on purpose: sleeps before every turn (argv[1] seconds, default 0.3), so 150 turns need
45 s, more than the profile's 30 s per game. Otherwise correct. Expected verdict:
total-time-exceeded (the jury plays T for it from then on). Use a small `totalMs` in a scenario's
`limits:` to see it quickly."""

import os
import sys
import time

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

DELAY = float(sys.argv[1]) if len(sys.argv) > 1 else 0.3


def think_slowly(game_map):
    time.sleep(DELAY)
    return amazes.explore(game_map)


if __name__ == "__main__":
    amazes.run(think_slowly)
