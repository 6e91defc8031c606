#!/usr/bin/env python3
"""A correct Alquerque bot (CodeCup 2008): plays a random legal move that gives the opponent nothing
to capture when it can (any legal move otherwise), seeded (argv[1], default 2008).

It keeps the board, captures when it must (continuing a multi-capture to the end), never moves a
piece straight back, flushes every move, exits on Quit, and ends on its own after winning or after
the 200th ply (tie). The rules live in alquerque.py next to this file.
"""

import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__

import alquerque  # noqa: E402

if __name__ == "__main__":
    alquerque.run(alquerque.safe_move)
