#!/usr/bin/env python3
"""A correct On The Run bot (CodeCup 2007) for both roles, chosen by the first line it reads.

As the fugitive it always takes the connection that leaves it farthest from the nearest detective;
as the detectives it spreads them out, then moves them towards the last city they were told (the
start city, then each announcement), never two into one city. It reads connect.txt up to END,
flushes every answer, exits on Quit, and ends on its own after its move in turn 50.
"""

import os
import sys

sys.dont_write_bytecode = True  # keep the examples folder free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ontherun  # noqa: E402

if __name__ == "__main__":
    ontherun.run()
