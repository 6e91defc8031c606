#!/usr/bin/env python3
"""Broken SnakeCore bot: writes a debug line to stdout after each answer. Nobody asked for it
(the real jury would have read it as the next answer). Verdict: extra-output."""
from protocol import play

# One write, so the debug line always arrives together with the answer.
play("Chatty", lambda move: "N\nthinking took 0 ms")
