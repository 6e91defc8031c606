#!/usr/bin/env python3
"""Broken on purpose: whenever it may play a plain move, it moves the piece of its previous plain
move straight back, if that square is still empty. Otherwise correct.
Expected verdict: illegal-move (a piece may not go back to the space it occupied in the previous turn)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def move_back(game, rng):
    if not game.captures():
        back = [m for m in game.plain_moves(allow_back=True) if game.is_move_back(m)]
        if back:
            return back[0]
    return alquerque.random_legal_move(game, rng)


if __name__ == "__main__":
    alquerque.run(move_back)
