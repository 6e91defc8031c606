#!/usr/bin/env python3
"""A weak but correct Alquerque bot (CodeCup 2008): a uniformly random legal move every turn, seeded
(argv[1], default 2008). A sparring partner for `botjury match` and `botjury tournament`.

Like bot.py it captures when it must, flushes every move, exits on Quit and ends on its own after a
win or a tie. The rules live in alquerque.py next to this file (a sandboxed bot sees its own folder).
"""

import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__

import alquerque  # noqa: E402

if __name__ == "__main__":
    alquerque.run(alquerque.random_legal_move)
