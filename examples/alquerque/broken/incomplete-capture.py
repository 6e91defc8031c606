#!/usr/bin/env python3
"""Broken on purpose: when it could take several pieces in one move it stops after the first jump.
Otherwise correct; it plays greedily (two-ply material count), which against a random opponent
brings a multi-capture chance early (in 2,000 simulated games all had one; mean ply 12, latest 100).
Expected verdict: illegal-move (incomplete capture), the real jury's
"Incomplete strike 'c3*a5', should have striked to 'a3' eliminating 'a4' (or some other strike)."."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def stop_after_first_jump(game, rng):
    multi = [m for m in game.legal_moves() if m.capture and len(m.squares) > 2]
    if multi:
        return alquerque.Move(rng.choice(multi).squares[:2], True)
    return alquerque.greedy_move(game, rng)


if __name__ == "__main__":
    alquerque.run(stop_after_first_jump)
