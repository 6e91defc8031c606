#!/usr/bin/env python3
"""Broken on purpose: writes its steps in lowercase (`ffl` instead of `FFL`). Otherwise correct.
Expected verdict: bad-format (the jury plays T for it from then on and stops its process)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

if __name__ == "__main__":
    amazes.run(send=lambda steps: amazes.write(steps.lower()))
