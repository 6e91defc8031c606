#!/usr/bin/env python3
"""Correct, but writes a debug line to standard error before every move (the real jury logged
about 10,000 characters of stderr and allowed it). Expected: warning stderr-output only, exit 0."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def chatter(game, my_moves):
    sys.stderr.write("debug: ply %d, %d legal moves\n" % (game.ply + 1, len(game.legal_moves())))
    sys.stderr.flush()


if __name__ == "__main__":
    alquerque.run(alquerque.random_legal_move, before_move=chatter)
