#!/usr/bin/env python3
"""Broken on purpose (a warning, not an error): every fifth turn it first steps into a wall of its
own square, so the jury stops that turn at once (the rest of the line costs points but is not
performed) and adds its extra T. Otherwise correct. Expected verdict: the warning ineffective-action
(exit 0; exit 1 with --strict)."""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import amazes  # noqa: E402

turns = 0


def bump_then_explore(game_map):
    global turns
    turns += 1
    if turns % 5 == 0:
        for k, letter in enumerate("FRTL"):
            if game_map.edges.get(amazes.edge(game_map.position, (game_map.facing + k) % 4)) == amazes.WALL:
                return letter + amazes.explore(game_map)
    return amazes.explore(game_map)


if __name__ == "__main__":
    amazes.run(bump_then_explore)
