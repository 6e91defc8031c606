#!/usr/bin/env python3
"""Broken on purpose (either role): plays like the correct bot but in turn 3 thinks for 15 seconds,
three times the whole game's 5-second budget. The jury stops it when the budget runs out.
Expected verdict: total-time-exceeded (in every game that reaches turn 3)."""

import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import ontherun  # noqa: E402

THINK_SECONDS = 15


def slow_fugitive(game, turn, at, detectives, told):
    if turn == 3:
        time.sleep(THINK_SECONDS)
    return ontherun.keep_away_move(game, turn, at, detectives, told)


def slow_detectives(game, turn, cops, target):
    if turn == 3:
        time.sleep(THINK_SECONDS)
    return ontherun.close_in_move(game, turn, cops, target)


if __name__ == "__main__":
    ontherun.run(fugitive_move=slow_fugitive, detectives_move=slow_detectives)
