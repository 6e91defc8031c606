#!/usr/bin/env python3
"""Broken on purpose: after its 150th turn it keeps reading its input, waiting for a Quit that
never comes, instead of ending on its own. Otherwise correct (it does exit on a sudden-death Quit).
Expected verdict: no-self-exit."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402


def wait_for_quit():
    for line in sys.stdin:
        if line.strip() == "Quit":
            return


if __name__ == "__main__":
    amazes.run(after_last_turn=wait_for_quit)
