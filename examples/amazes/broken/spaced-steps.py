#!/usr/bin/env python3
"""Broken on purpose: separates its steps with spaces (`F F L`), a character that is not a move.
Its first turns are single steps, which pass; the first turn with two or more steps has the space.
Otherwise correct. Expected verdict: bad-format (the jury plays T for it from then on)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

if __name__ == "__main__":
    amazes.run(send=lambda steps: amazes.write(" ".join(steps)))
