#!/usr/bin/env python3
"""A correct Nim bot: plays the winning move (nim-sum zero) when there is one, else takes one object
from the largest heap. Reads `heaps ...`, then `Start` or the opponent's move; exits on Quit."""
import sys

heaps = []


def play(heap, count):
    heaps[heap] -= count
    sys.stdout.write(f"{heap + 1} {count}\n")
    sys.stdout.flush()


def choose():
    total = 0
    for h in heaps:
        total ^= h
    if total:
        for i, h in enumerate(heaps):
            if h ^ total < h:
                return i, h - (h ^ total)
    i = max(range(len(heaps)), key=lambda k: heaps[k])
    return i, 1


for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    if line.startswith("heaps "):
        heaps = [int(x) for x in line.split()[1:]]
        continue
    if line != "Start":
        h, n = (int(x) for x in line.split())
        heaps[h - 1] -= n
    if any(heaps):
        play(*choose())
