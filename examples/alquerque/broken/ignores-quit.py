#!/usr/bin/env python3
"""Broken on purpose: on Quit it keeps sleeping instead of exiting (SIGTERM still ends it: Python's
default action). Otherwise correct; it plays to lose (the opposite of a two-ply material count), so a
full game against a random opponent ends with the jury's Quit. Expected verdict: no-exit-after-quit."""

import os
import sys
import time

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def sleep_forever():
    while True:
        time.sleep(1)


if __name__ == "__main__":
    alquerque.run(alquerque.losing_move, on_quit=sleep_forever)
