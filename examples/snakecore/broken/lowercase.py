#!/usr/bin/env python3
"""Broken SnakeCore bot: answers "n" instead of "N"; the letters are capitals. Verdict: bad-format."""
from protocol import play

play("Lowercase", lambda move: "n")
