#!/usr/bin/env python3
"""Broken on purpose (play it as the detectives): places detectives 1 and 2 on two neighbours of one
city and in turn 1 moves both into that city, so two detectives end the turn in the same city.
Expected verdict: illegal-move."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import ontherun  # noqa: E402

meeting = {}


def start_around_a_city(game):
    centre = next(c for c in range(1, game.cities + 1) if len(game.neighbours(c)) >= 2)
    first, second = game.neighbours(centre)[:2]
    others = [c for c in range(1, game.cities + 1) if c not in (centre, first, second)][:2]
    meeting["city"] = centre
    return [first, second] + others


def meet_in_turn_1(game, turn, cops, target):
    if turn != 1:
        return ontherun.close_in_move(game, turn, cops, target)
    centre = meeting["city"]
    rest = ontherun.assign([[c for c in game.neighbours(cop) if c != centre] for cop in cops[2:]])
    return [centre, centre] + rest


if __name__ == "__main__":
    ontherun.run(detectives_start=start_around_a_city, detectives_move=meet_in_turn_1)
