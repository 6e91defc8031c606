#!/usr/bin/env python3
"""Broken on purpose: always takes one object more than the heap holds. Expected verdict: illegal-move."""
import sys

heaps = []
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
    i = max(range(len(heaps)), key=lambda k: heaps[k])
    sys.stdout.write(f"{i + 1} {heaps[i] + 1}\n")
    sys.stdout.flush()
