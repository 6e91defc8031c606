#!/usr/bin/env python3
"""Correct, but ends every line with CRLF ("\\r\\n") instead of LF ("\\n").
Expected: warning crlf-line-ending only, exit 0."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import alquerque  # noqa: E402


def write_crlf(text):
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


if __name__ == "__main__":
    alquerque.run(alquerque.random_legal_move, send=write_crlf)
