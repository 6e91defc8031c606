#!/usr/bin/env python3
"""Broken on purpose (play it as the detectives): in turn 1 detective 1 jumps to a city that has no
connection to its own city. Everything else is the correct example bot.
Expected verdict: illegal-move."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import ontherun  # noqa: E402


def jump_in_turn_1(game, turn, cops, target):
    moves = ontherun.close_in_move(game, turn, cops, target)
    if turn == 1:
        near = set(game.neighbours(cops[0]))
        moves[0] = next(c for c in range(1, game.cities + 1) if c != cops[0] and c not in near and c not in moves)
    return moves


if __name__ == "__main__":
    ontherun.run(detectives_move=jump_in_turn_1)
