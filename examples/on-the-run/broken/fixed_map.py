#!/usr/bin/env python3
"""Broken on purpose (play it as the fugitive): never reads connect.txt and assumes the rule text's
example field (8 cities), so on any other field it moves along connections that do not exist.
Expected verdict: illegal-move."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import ontherun  # noqa: E402

EXAMPLE = [("C", 1, 2), ("C", 1, 5), ("C", 2, 5), ("C", 3, 4), ("C", 3, 6), ("C", 4, 7), ("C", 5, 8),
           ("C", 6, 7), ("C", 6, 8), ("T", 1, 8), ("T", 2, 3), ("T", 3, 4), ("T", 3, 8), ("P", 1, 4)]


def example_field():
    links = [[] for _ in range(9)]
    for mode, a, b in EXAMPLE:
        links[a].append((mode, b))
        links[b].append((mode, a))
    return ontherun.Map(8, links)


def first_free_city(game, detectives):
    return next(c for c in range(1, 9) if c not in detectives)


def first_connection(game, turn, at, detectives, told):
    return game.links[at][0]


if __name__ == "__main__":
    ontherun.run(load_map=example_field, fugitive_start=first_free_city, fugitive_move=first_connection)
