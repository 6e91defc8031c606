#!/usr/bin/env python3
"""Broken on purpose: sleeps before every move (argv[1] seconds, default 0.4). Otherwise correct
(seed fixed at 2008). 75 moves at 0.4 s exceed the 30 s total, but many random games end sooner:
give the scenario a small totalMs in its limits (e.g. 2000), or a longer sleep.
Expected verdict: total-time-exceeded."""

import os
import sys
import time

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


SECONDS_PER_MOVE = float(sys.argv[1]) if len(sys.argv) > 1 else 0.4

if __name__ == "__main__":
    alquerque.run(
        alquerque.random_legal_move,
        seed=2008,
        before_move=lambda game, my_moves: time.sleep(SECONDS_PER_MOVE),
    )
