#!/usr/bin/env python3
"""A correct JavaChallenge2015 ("drop the block") bot in Python.

Protocol (the real engine): print READY; then, on each of our turns, read
  id, T, 6 rows of 6 block values, 4 lines "x y D S" (column first), EOD
and answer one line: U, D, L, R, A or N, flushed at once. The game ends when input closes.
Strategy: stand still, but flee a falling block, attack a player in the line of fire, and turn to
face a player lined up with us. While fallen (-1 -1) or cooling down (S > 0) it answers N.
"""
import sys

DIRS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


def enemy_in_line(me, d, blocks, players):
    """Is another player standing on a stable block in the line of fire from our block?"""
    dx, dy = DIRS[d]
    bx, by = players[me][0] // 3 + dx, players[me][1] // 3 + dy
    while 0 <= bx < 6 and 0 <= by < 6:
        if blocks[by][bx] == 0:
            for p, (x, y, _, _) in enumerate(players):
                if p != me and x >= 0 and x // 3 == bx and y // 3 == by:
                    return True
        bx, by = bx + dx, by + dy
    return False


def choose(me, blocks, players):
    x, y, facing, s = players[me]
    if x < 0 or s > 0:
        return "N"
    if enemy_in_line(me, facing, blocks, players):
        return "A"
    bx, by = x // 3, y // 3
    if blocks[by][bx] > 0:
        # Our block is falling: head for the nearest stable neighbouring block.
        steps = {"U": y % 3 + 1, "D": 3 - y % 3, "L": x % 3 + 1, "R": 3 - x % 3}
        options = [d for d, (dx, dy) in DIRS.items()
                   if 0 <= bx + dx < 6 and 0 <= by + dy < 6 and blocks[by + dy][bx + dx] == 0]
        return min(options, key=lambda d: steps[d]) if options else "N"
    for d, (dx, dy) in DIRS.items():
        tx, ty = x + dx, y + dy
        if d != facing and 0 <= tx < 18 and 0 <= ty < 18 and blocks[ty // 3][tx // 3] == 0 \
                and enemy_in_line(me, d, blocks, players):
            return d
    return "N"


def main():
    print("READY", flush=True)
    while True:
        lines = [sys.stdin.readline() for _ in range(13)]
        if not lines[-1]:
            return  # input closed: the game is over
        me = int(lines[0])
        blocks = [[int(v) for v in line.split()] for line in lines[2:8]]
        players = []
        for line in lines[8:12]:
            x, y, d, s = line.split()
            players.append((int(x), int(y), d, int(s)))
        print(choose(me, blocks, players))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
