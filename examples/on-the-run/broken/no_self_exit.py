#!/usr/bin/env python3
"""Broken on purpose (play it as the detectives): plays legally (its detectives wander, so games
last) but after its move in turn 50 it waits for a Quit that never comes instead of ending.
Expected verdict: no-self-exit."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import ontherun  # noqa: E402


def wander(game, turn, cops, target):
    return ontherun.assign([game.neighbours(c) for c in cops])


def wait_for_quit():
    while True:
        ontherun.read_line()  # exits on Quit; after turn 50 nothing comes


if __name__ == "__main__":
    ontherun.run(detectives_move=wander, after_last_move=wait_for_quit)
