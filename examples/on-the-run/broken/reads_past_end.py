#!/usr/bin/env python3
"""Broken on purpose (either role): reads connect.txt to the end of the file and takes every line but
END for a connection. Fine on the competition files, but the demonstration files carry display data
after END, and parsing it fails: the bot dies with a Python exception before its first answer.
Expected verdict: crash (only where connect.txt has data after END)."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import ontherun  # noqa: E402


def read_whole_file():
    with open("connect.txt") as f:
        lines = f.read().split("\n")
    cities = int(lines[0])
    links = [[] for _ in range(cities + 1)]
    for line in lines[1:]:
        if line.strip() in ("", "END"):
            continue  # wrong: END is where the field ends
        mode, pair = line.split()
        a, b = (int(x) for x in pair.split("-"))
        links[a].append((mode, b))
        links[b].append((mode, a))
    return ontherun.Map(cities, links)


if __name__ == "__main__":
    ontherun.run(load_map=read_whole_file)
