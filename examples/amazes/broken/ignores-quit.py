#!/usr/bin/env python3
"""Broken on purpose: on Quit (sudden death) it keeps sleeping instead of exiting (SIGTERM still
ends it: Python's default action). Otherwise correct: after 150 turns it ends on its own, so only
games that end by sudden death show the fault. Expected verdict: no-exit-after-quit."""

import os
import sys
import time

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402


def sleep_forever():
    while True:
        time.sleep(1)


if __name__ == "__main__":
    amazes.run(on_quit=sleep_forever)
