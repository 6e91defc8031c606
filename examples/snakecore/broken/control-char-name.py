#!/usr/bin/env python3
"""Broken SnakeCore bot: its name holds a tab (0x09); names may only use characters >= 0x20.
Verdict: invalid-name."""
from protocol import play

play("Snake\tBot", lambda move: "N")
