#!/usr/bin/env python3
"""Broken on purpose: plays correctly but never flushes, so its move stays in its own output buffer
while it waits reading stdin for a reply that cannot come. When its input is closed it exits, and the
buffered move comes out then. Expected verdict: unflushed-output."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402

if __name__ == "__main__":
    # A block-buffered stdout of our own, so the bug shows even when PYTHONUNBUFFERED is set.
    sys.stdout = open(sys.stdout.fileno(), "w", buffering=8192, closefd=False)
    alquerque.run(alquerque.random_legal_move, send=lambda text: alquerque.write(text, flush=False))
    sys.stdout.flush()  # input closed: what was buffered comes out now
