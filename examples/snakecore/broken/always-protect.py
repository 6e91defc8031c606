#!/usr/bin/env python3
"""Half-broken SnakeCore bot: answers A (activate protection) every move, also without an energy block
in its body. The jury skips such a move. Verdict: ineffective-action warnings (exit 0; exit 1 with --strict)."""
from protocol import play

play("Shield", lambda move: "A")
