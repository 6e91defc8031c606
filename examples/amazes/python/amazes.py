"""Amazes as played in CodeCup 2010: reading what the jury shows, keeping a map, choosing steps.

Shared by bot.py and the deliberately broken bots in ../broken/, so that each broken bot differs
from a correct one in exactly one way.

A player never learns where it is in the maze, so the map is kept relative to the starting square:
(0, 0) is where the bot started and direction 0 is the way it first looked. Directions turn right
as they count up: 0, 1, 2, 3 = ahead, right, behind, left of the starting orientation.
"""

import sys
from collections import deque

TURNS = 150
MAX_STEPS = 256
DELTA = [(-1, 0), (0, 1), (1, 0), (0, -1)]  # (row, column) change for directions 0..3
WALL, OPEN = "wall", "open"


def step(cell, d):
    return (cell[0] + DELTA[d][0], cell[1] + DELTA[d][1])


def edge(cell, d):
    """One key per edge, whichever of its two squares names it."""
    if d in (2, 3):
        return (step(cell, d), d - 2)
    return (cell, d)


class Map:
    def __init__(self):
        self.position = (0, 0)
        self.facing = 0
        self.edges = {}

    def see(self, corridors):
        """Record the four corridor lines (ahead, right, behind, left) seen from here."""
        for k, line in enumerate(corridors):
            d = (self.facing + k) % 4
            cell = self.position
            for ch in line:
                if ch == "W":
                    self.edges[edge(cell, d)] = WALL
                    break
                self.edges[edge(cell, d)] = OPEN
                cell = step(cell, d)
                left, right = (d + 3) % 4, (d + 1) % 4
                self.edges[edge(cell, left)] = OPEN if ch in "LB" else WALL
                self.edges[edge(cell, right)] = OPEN if ch in "RB" else WALL

    def unknown_sides(self, cell):
        return [d for d in range(4) if edge(cell, d) not in self.edges]

    def walk(self, steps):
        """Follow our own steps as the jury performs them: a step into a known wall ends the turn
        there, and a turn that ends where it started gets an extra T."""
        start = self.position
        for s in steps:
            d = (self.facing + "FRTL".index(s)) % 4
            if self.edges.get(edge(self.position, d)) == WALL:
                break
            self.facing = d
            self.position = step(self.position, d)
        if self.position == start:
            self.facing = (self.facing + 2) % 4
            self.position = step(self.position, self.facing)


def explore(game_map):
    """Steps to the nearest known square that still has an unseen side (breadth-first search)."""
    start = game_map.position
    came_by = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell != start and game_map.unknown_sides(cell):
            directions = []
            while came_by[cell] is not None:
                d = came_by[cell]
                directions.append(d)
                cell = step(cell, (d + 2) % 4)
            directions.reverse()
            steps, facing = "", game_map.facing
            for d in directions[:MAX_STEPS]:
                steps += "FRTL"[(d - facing) % 4]
                facing = d
            return steps
        for d in range(4):
            nxt = step(cell, d)
            if game_map.edges.get(edge(cell, d)) == OPEN and nxt not in came_by:
                came_by[nxt] = d
                queue.append(nxt)
    return "T"  # everything seen: step back (always possible: we face away from where we came from)


def read_line():
    line = sys.stdin.readline()
    if line == "":
        sys.exit(0)  # the jury closed our input
    return line.rstrip("\r\n")


def write(text, flush=True):
    sys.stdout.write(text + "\n")
    if flush:
        sys.stdout.flush()


def exit_normally():
    sys.exit(0)


def run(choose=explore, send=write, on_quit=exit_normally, after_last_turn=exit_normally):
    """The whole dialogue: `Start` (Red only), five lines a turn, one line of steps back; `Quit`
    ends the game early (sudden death); after the 150th turn the bot ends on its own."""
    game_map = Map()
    for turn in range(1, TURNS + 1):
        first = read_line()
        if first == "Start":
            first = read_line()
        if first == "Quit":
            on_quit()
            return
        corridors = [first, read_line(), read_line(), read_line()]
        read_line()  # squared distance to the opponent: this bot does not hunt
        game_map.see(corridors)
        steps = choose(game_map)
        send(steps)
        game_map.walk(steps)
    after_last_turn()
