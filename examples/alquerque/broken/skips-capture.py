#!/usr/bin/env python3
"""Broken on purpose: when a capture is compulsory it plays a plain move instead (if it has one).
Otherwise correct. Expected verdict: illegal-move (capture compulsory), the real jury's
"Invalid strike 'd1-c1', unexpected '-', expected '*', after 'd1'."."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def plain_instead_of_capture(game, rng):
    if game.captures():
        plain = game.plain_moves()
        if plain:
            return rng.choice(plain)
    return alquerque.random_legal_move(game, rng)


if __name__ == "__main__":
    alquerque.run(plain_instead_of_capture)
