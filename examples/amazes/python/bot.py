#!/usr/bin/env python3
"""A correct Amazes bot (CodeCup 2010): it keeps a map of what it has seen (relative to where it
started) and each turn walks to the nearest square that still has an unseen side.

It reads `Start` (Red) and the five lines of each turn, writes one line of 1..256 steps F/T/L/R and
flushes it, exits on Quit, and ends on its own after its 150th turn. See amazes.py next to this file.
"""

import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__

import amazes  # noqa: E402

if __name__ == "__main__":
    amazes.run()
