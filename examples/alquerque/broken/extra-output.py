#!/usr/bin/env python3
"""Broken on purpose: writes a debug line right after its move, in the same write and flush.
Otherwise correct. Expected verdict: extra-output."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def move_and_debug_line(text):
    sys.stdout.write(text + "\n" + "debug: played " + text + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    alquerque.run(alquerque.random_legal_move, send=move_and_debug_line)
