#!/usr/bin/env python3
"""Broken on purpose (play it as the fugitive): picks a good neighbouring city but names a mode of
transport that does not connect the two cities (e.g. 'T 12' where only a car road leads to 12).
Expected verdict: illegal-move."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import ontherun  # noqa: E402


def wrong_mode(game, turn, at, detectives, told):
    mode, to = ontherun.keep_away_move(game, turn, at, detectives, told)
    connecting = {m for m, city in game.links[at] if city == to}
    return next(m for m in "CTP" if m not in connecting), to


if __name__ == "__main__":
    ontherun.run(fugitive_move=wrong_mode)
