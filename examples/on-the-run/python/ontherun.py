"""On The Run (CodeCup 2007) for Python bots: the map, the protocol loop for both roles, and the two
plain strategies of the example bot. The broken examples reuse it with one thing changed.

Protocol (what the jury sends and expects):
  connect.txt in the working directory: the city count, lines "C a-b" / "T a-b" / "P a-b", then END;
  stop reading at END (the demonstration files carry display data after it).
  First line: "Fugitive" or "Detectives".
  Detectives write their 4 start cities (one line each); the fugitive reads them, writes its start
  city (a bare number) and then at once its turn-1 move "C 12". The detectives read the start city.
  Each turn: the detectives read the fugitive's mode ("C"), or "C 12" on every 5th turn, and write
  4 lines; the fugitive reads those 4 lines and writes its next move.
  After its move in turn 50 each side ends on its own; "Quit" ends the game earlier.
"""

import sys
from collections import deque

TURNS = 50
DETECTIVES = 4


class Map:
    def __init__(self, cities, links):
        self.cities = cities
        self.links = links  # links[city] = [(mode, other city), ...]; index 0 unused
        self._dist = {}

    def neighbours(self, city):
        return sorted({to for _, to in self.links[city]})

    def dist(self, source):
        """Fewest connections (any mode) from source to every city."""
        if source not in self._dist:
            d = [None] * (self.cities + 1)
            d[source] = 0
            queue = deque([source])
            while queue:
                city = queue.popleft()
                for _, to in self.links[city]:
                    if d[to] is None:
                        d[to] = d[city] + 1
                        queue.append(to)
            self._dist[source] = d
        return self._dist[source]


def read_map(path="connect.txt"):
    with open(path) as f:
        cities = int(f.readline())
        links = [[] for _ in range(cities + 1)]
        for line in f:
            line = line.strip()
            if line == "END":
                break  # anything after END is display data
            mode, pair = line.split()
            a, b = (int(x) for x in pair.split("-"))
            links[a].append((mode, b))
            links[b].append((mode, a))
    return Map(cities, links)


def read_line():
    line = sys.stdin.readline()
    if line == "" or line.strip() == "Quit":
        sys.exit(0)
    return line.strip()


def write(*lines, flush=True):
    sys.stdout.write("".join("%s\n" % line for line in lines))
    if flush:
        sys.stdout.flush()


# ---- the example strategies ----

def nearest_detective(game, city, detectives):
    return min(game.dist(d)[city] for d in detectives)


def keep_away_start(game, detectives):
    free = [c for c in range(1, game.cities + 1) if c not in detectives]
    return max(free, key=lambda c: (nearest_detective(game, c, detectives), len(game.links[c])))


def keep_away_move(game, turn, at, detectives, told):
    """Out of reach first (more than 3 connections counts as safe), then away from the city the
    detectives were last told (where they are heading), then far from all of them."""
    def safety(link):
        city = link[1]
        return (min(3, nearest_detective(game, city, detectives)), min(9, game.dist(told)[city]),
                sum(game.dist(d)[city] for d in detectives))
    return max(game.links[at], key=safety)


def spread_out_start(game):
    chosen = [1]
    while len(chosen) < DETECTIVES:
        rest = [c for c in range(1, game.cities + 1) if c not in chosen]
        chosen.append(max(rest, key=lambda c: nearest_detective(game, c, chosen)))
    return chosen


def assign(options):
    """The first choice of destinations (each detective's options in order) with no city used twice."""
    chosen = []

    def search(i):
        if i == len(options):
            return True
        for city in options[i]:
            if city not in chosen:
                chosen.append(city)
                if search(i + 1):
                    return True
                chosen.pop()
        return False

    search(0)
    return chosen


def close_in_move(game, turn, cops, target):
    to_target = game.dist(target)
    return assign([sorted(game.neighbours(c), key=lambda x: to_target[x]) for c in cops])


# ---- the game loop ----

def run(fugitive_start=keep_away_start, fugitive_move=keep_away_move,
        detectives_start=spread_out_start, detectives_move=close_in_move,
        load_map=read_map, send=write, after_last_move=lambda: None):
    game = load_map()
    role = read_line()
    if role == "Fugitive":
        detectives = [int(read_line()) for _ in range(DETECTIVES)]
        at = told = fugitive_start(game, detectives)
        send(at)
        for turn in range(1, TURNS + 1):
            if turn > 1:
                detectives = [int(read_line()) for _ in range(DETECTIVES)]
            mode, at = fugitive_move(game, turn, at, detectives, told)
            send("%s %d" % (mode, at))
            if turn % 5 == 0:
                told = at  # the detectives are told where the fugitive is
    else:
        cops = detectives_start(game)
        send(*cops)
        target = int(read_line())  # the fugitive's start city
        for turn in range(1, TURNS + 1):
            told = read_line().split()  # the mode; on every 5th turn the mode and the city
            if len(told) == 2:
                target = int(told[1])
            cops = detectives_move(game, turn, cops, target)
            send(*cops)
    after_last_move()  # the correct bot ends here, on its own, after its move in turn 50
