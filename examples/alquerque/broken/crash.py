#!/usr/bin/env python3
"""Broken on purpose: plays three correct moves, then exits with status 1 when its fourth move is due.
Expected verdict: crash."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def crash_on_fourth_move(game, my_moves):
    if my_moves == 3:
        sys.exit(1)


if __name__ == "__main__":
    alquerque.run(alquerque.random_legal_move, before_move=crash_on_fourth_move)
