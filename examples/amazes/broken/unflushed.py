#!/usr/bin/env python3
"""Broken on purpose: plays correctly but never flushes, so its first line of steps stays in
Python's output buffer (stdout to a pipe is block-buffered) while it waits for input that cannot
come. Expected verdict: unflushed-output (the jury plays T for it from then on)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

if __name__ == "__main__":
    amazes.run(send=lambda text: amazes.write(text, flush=False))
