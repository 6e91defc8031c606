#!/usr/bin/env python3
"""Broken SnakeCore bot: its name is 34 bytes long; the rules allow at most 32 bytes.
Verdict: invalid-name."""
from protocol import play

play("A rather long name for a snake bot", lambda move: "N")
