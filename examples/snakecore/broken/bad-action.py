#!/usr/bin/env python3
"""Broken SnakeCore bot: answers "UP" instead of the one character U. Verdict: bad-format."""
from protocol import play

play("Wordy", lambda move: "UP")
