#!/usr/bin/env python3
"""Broken on purpose: after it has won, or after the 200th ply (tie), it keeps waiting for input
(a Quit that the winner and both players in a tie never receive) instead of ending on its own.
It plays greedily (two-ply material count), so against a random opponent it wins or ties.
Expected verdict: no-self-exit."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def wait_for_input(game, outcome):
    for line in sys.stdin:
        if line.strip() == "Quit":
            return


if __name__ == "__main__":
    alquerque.run(alquerque.greedy_move, after_game_over=wait_for_input)
