#!/usr/bin/env python3
"""Broken on purpose: plays legal moves but writes them in capitals ("C3-D4" instead of "c3-d4").
Expected verdict: bad-format."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


if __name__ == "__main__":
    alquerque.run(alquerque.random_legal_move, send=lambda text: alquerque.write(text.upper()))
