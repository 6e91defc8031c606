#!/usr/bin/env python3
"""Answers its first turn with R followed by 69,999 spaces (a 70,000-byte line), then N. The engine reads
the whole line and plays its first word, R. Verdict: a bad-format warning (the protocol asks for the
letter alone); under --profile rules, output-flood."""
from turns import play

play(lambda turn, message: b"R" + b" " * 69_999 + b"\n" if turn == 0 else b"N\n")
