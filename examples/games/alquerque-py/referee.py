#!/usr/bin/env python3
"""The CodeCup 2008 Alquerque jury as an out-of-process botjury referee, in Python.

It speaks botjury's referee protocol 2 (docs/game-api.md, schemas/referee-protocol.schema.json): one
JSON request per line on stdin, one JSON response per line on stdout; one referee holds the whole
game, both seats. It gives the same verdicts, outcomes and transcripts as botjury's built-in
Alquerque game (test/games/process-referee.test.ts proves it on the whole suite): the rules below are
a port of harness/games/alquerque, the same moves in the same order, with one shortcut where only
whether a side can capture matters (can_capture: most positions have no capture at all; it made the
referee's own work 40 % shorter). Every answer that changes the game carries `then`,
the actions up to the next decision, so a ply costs one round trip.
The built-in player's choice is botjury's: a `move` action carries `choose`, the moves that player
chooses among in the built-in game's order; botjury picks with its seed and sends the pick back. With
the bot's answer botjury sends the number it will pick with (`draw`), so the answer also carries the
built-in player's reply played ahead (`proposal`), which the next request keeps (`commit`): the bot's
move and the built-in player's reply in one round trip.
"""
import json
import os
import sys

SIZE = 7
MOVES_EACH = 100
LAST_PLY = 2 * MOVES_EACH
WIN_SCORE = 12
RULES = {
    "normalMove": "In a normal move, the player moves one of his pieces to an adjacent unoccupied space in any direction along the lines of the board.",
    "noMoveBack": "It is prohibited to move a piece back to the space it occupied in the previous turn.",
    "capture": "A piece jumps over an opponent's adjacent piece (according to the lines of the board) in a straight line to the first unoccupied space (adjacent to the piece that was captured).",
    "continuation": "If the first capture move puts the piece in a position to capture another piece, the player is required to do so. This is part of the same turn.",
    "compulsory": "If both a normal move and a capture move are possible, the player is required to do the capture move.",
    "notation": "Example normal move notation: c3-d4. Example capture move notation: e5*c3. ... a1*c1*c3",
}
ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def other(c):
    return "black" if c == "white" else "white"


def name(c):
    return "White" if c == "white" else "Black"


def pname(p):
    return "abcdefg"[p % SIZE] + str(p // SIZE + 1)


def parse_point(t):
    return ("abcdefg".index(t[0])) + (int(t[1]) - 1) * SIZE


def directions(p):
    return ORTHOGONAL + DIAGONAL if (p % SIZE + p // SIZE) % 2 == 0 else ORTHOGONAL


def step(p, d, n=1):
    x, y = p % SIZE + d[0] * n, p // SIZE + d[1] * n
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else None


def adjacent(a, b):
    return b in NEIGHBOURS[a]


def initial_state():
    board = []
    for y in range(SIZE):
        for x in range(SIZE):
            if y < 3 or (y == 3 and x > 3):
                board.append("white")
            elif y > 3 or (y == 3 and x < 3):
                board.append("black")
            else:
                board.append(None)
    return {"board": board, "toMove": "white", "ply": 0, "lastPlain": {"white": None, "black": None}}


# Neighbours and jumps of every point, computed once: the rules ask for them thousands of times a game.
NEIGHBOURS = [[step(p, d) for d in directions(p) if step(p, d) is not None] for p in range(SIZE * SIZE)]
JUMPS = [[(step(p, d), step(p, d, 2)) for d in directions(p) if step(p, d, 2) is not None] for p in range(SIZE * SIZE)]


OTHER = {"white": "black", "black": "white"}


def jumps_from(board, frm, color):
    opponent = OTHER[color]
    return [(over, land) for over, land in JUMPS[frm] if board[over] == opponent and board[land] is None]


def can_capture(board, color):
    """Whether any piece of `color` has a jump: most positions have none, and most callers ask only that."""
    opponent = OTHER[color]
    for c, jumps in zip(board, JUMPS):
        if c == color:
            for over, land in jumps:
                if board[land] is None and board[over] == opponent:
                    return True
    return False


# Every jump (from, over, land) through a point, by the point's place in it: a plain move changes two
# points, so whether it gives the other side a capture is a look at the jumps through those two.
JUMPS_OVER = [[] for _ in range(SIZE * SIZE)]
JUMPS_INTO = [[] for _ in range(SIZE * SIZE)]
for _frm in range(SIZE * SIZE):
    for _over, _land in JUMPS[_frm]:
        JUMPS_OVER[_over].append((_frm, _land))
        JUMPS_INTO[_land].append((_frm, _over))


def jumps_of(board, color):
    """Every jump `color` has on `board`, as (from, over, land)."""
    opponent = OTHER[color]
    return [(frm, over, land) for frm, (c, jumps) in enumerate(zip(board, JUMPS)) if c == color
            for over, land in jumps if board[land] is None and board[over] == opponent]


def gives_capture(board, threats, m, me):
    """Whether the plain move m (by `me`) leaves the other side a capture; `threats`: its jumps before m.
    A jump before m stays unless it went over m's piece or lands where m went; m adds only jumps over
    the point it moved to, and into the point it left."""
    frm, to = m["from"], m["to"]
    opponent = OTHER[me]
    for _f, over, land in threats:
        if over != frm and land != to:
            return True
    for f, land in JUMPS_OVER[to]:  # over the piece where it went (into the point it left: below)
        if board[f] == opponent and board[land] is None:
            return True
    for f, over in JUMPS_INTO[frm]:  # into the point it left, over one of its pieces (the moved one too)
        if board[f] == opponent and (board[over] == me or over == to):
            return True
    return False


def capture_sequences(board, frm, color):
    results = []
    opponent = OTHER[color]
    b = list(board)  # each jump is made on it and taken back after the sequences that go on from it

    def walk(at, landings, captured):
        jumps = jumps_from(b, at, color)
        if not jumps:
            if landings:
                results.append({"kind": "capture", "from": frm, "landings": landings, "captured": captured})
            return
        for over, land in jumps:
            b[at], b[over], b[land] = None, None, color
            walk(land, landings + [land], captured + [over])
            b[at], b[over], b[land] = color, opponent, None

    walk(frm, [], [])
    return results


def is_move_back(state, frm, to):
    last = state["lastPlain"][state["toMove"]]
    return last is not None and last[0] == to and last[1] == frm


# The jury asks the same position for its moves several times a ply (the move checked, the status, the
# goals, the built-in opponent's choices): a position keeps its moves once found. A position is never
# changed once made (apply_move makes a new one), so what it keeps stays true.
def plain_moves(state):
    moves = state.get("plain")
    if moves is None:
        moves = state["plain"] = _plain_moves(state)
    return moves


def capture_moves(state):
    moves = state.get("capture")
    if moves is None:
        moves = state["capture"] = _capture_moves(state)
    return moves


RANGE = range(SIZE * SIZE)


# Every plain move there is, made once and shared by the lists and the checks (a move is never changed
# once made): (to, move) by its point, with its text.
PLAIN_FROM = [[(to, {"kind": "plain", "from": frm, "to": to, "text": pname(frm) + "-" + pname(to)}) for to in NEIGHBOURS[frm]] for frm in RANGE]


def pieces(state, color):
    """The points of `color`'s pieces, found once a position (a list comprehension finds them faster than a loop)."""
    key = "pieces-" + color
    found = state.get(key)
    if found is None:
        board = state["board"]
        found = state[key] = [i for i in RANGE if board[i] == color]
    return found


def _plain_moves(state):
    return list(each_plain_move(state))


def has_plain_move(state):
    """Whether the side to move has a plain move (the status and the goals ask only that)."""
    has = state.get("hasPlain")
    if has is None:
        moves = state.get("plain")
        has = state["hasPlain"] = bool(moves) if moves is not None else next(each_plain_move(state), None) is not None
    return has


def each_plain_move(state):
    board, me = state["board"], state["toMove"]
    back = state["lastPlain"][me]  # (from, to) of this side's last plain move: its reverse is barred
    for frm in pieces(state, me):
        for to, move in PLAIN_FROM[frm]:
            if board[to] is None and not (back is not None and back[0] == to and back[1] == frm):
                yield move


def _capture_moves(state):
    board, me = state["board"], state["toMove"]
    opponent = OTHER[me]
    moves = []
    for frm in pieces(state, me):
        for over, land in JUMPS[frm]:
            if board[land] is None and board[over] == opponent:
                moves.extend(capture_sequences(board, frm, me))
                break
    return moves


def legal_moves(state):
    caps = capture_moves(state)
    return caps if caps else plain_moves(state)


NAMES = [pname(p) for p in range(SIZE * SIZE)]


def fmt(m):
    if m["kind"] == "plain":
        return m["text"]
    return "*".join([NAMES[m["from"]]] + [NAMES[p] for p in m["landings"]])


def board_after(before, m, color):
    board = list(before)
    board[m["from"]] = None
    if m["kind"] == "plain":
        board[m["to"]] = color
    else:
        for c in m["captured"]:
            board[c] = None
        board[m["landings"][-1]] = color
    return board


def apply_move(state, m):
    color = state["toMove"]
    board = board_after(state["board"], m, color)
    last = dict(state["lastPlain"])
    last[color] = (m["from"], m["to"]) if m["kind"] == "plain" else None
    return {"board": board, "toMove": other(color), "ply": state["ply"] + 1, "lastPlain": last}


def count(board, color):
    return board.count(color)


def status(state):
    mover = other(state["toMove"])
    if state["ply"] == 0:
        return None
    if count(state["board"], state["toMove"]) == 0:
        return {"winner": mover, "reason": f"{name(mover)} captured {name(state['toMove'])}'s last piece"}
    if state["ply"] >= LAST_PLY:
        return {"winner": None, "reason": f"tie: both players made {MOVES_EACH} moves"}
    if not capture_moves(state) and not has_plain_move(state):
        return {"winner": mover, "reason": f"{name(state['toMove'])} has no legal move"}
    return None


def scores(state, st):
    if st is None:
        return {"white": 0, "black": 0}
    if st["winner"]:
        return {"white": WIN_SCORE if st["winner"] == "white" else 0, "black": WIN_SCORE if st["winner"] == "black" else 0}
    return {"white": max(0, 7 - count(state["board"], "black")), "black": max(0, 7 - count(state["board"], "white"))}


def grammar_ok(text):
    if len(text) < 5 or not ("a" <= text[0] <= "g" and "1" <= text[1] <= "7"):
        return False
    rest = text[2:]
    if rest[0] == "-":
        return len(rest) == 3 and "a" <= rest[1] <= "g" and "1" <= rest[2] <= "7"
    if len(rest) % 3 != 0:
        return False
    return all(rest[i] == "*" and "a" <= rest[i + 1] <= "g" and "1" <= rest[i + 2] <= "7" for i in range(0, len(rest), 3))


def check_move(state, text):
    def fail(code, message, rule, expected=None):
        # Only a move that fails needs the legal ones (most moves are fine: they are not listed then).
        legal = legal_moves(state)
        if expected is None:
            expected = fmt(legal[0]) if legal else "(none)"
        return {"ok": False, "code": code, "message": message, "expected": expected, "expectedIsExample": len(legal) > 1, "rule": rule}

    if not grammar_ok(text):
        return fail("bad-format", f"'{text}' is not a move: expected a plain move like 'c3-d4' or a capture like 'e5*c3' or 'a1*c1*c3' (lowercase, no spaces)", RULES["notation"])
    points = [parse_point(t) for t in text.replace("-", "*").split("*")]
    frm, me = points[0], state["toMove"]
    caps = capture_moves(state)
    if state["board"][frm] != me:
        return fail("illegal-move", f"Invalid move '{text}': there is no {me} piece on '{pname(frm)}'", RULES["normalMove"])
    if "-" in text:
        to = points[1]
        if caps:
            ex = next((m for m in caps if m["from"] == frm), caps[0])
            return fail("illegal-move", f"Invalid strike '{text}', unexpected '-', expected '*', after '{pname(frm)}': a capture is compulsory (e.g. '{fmt(ex)}' eliminating '{pname(ex['captured'][0])}')", RULES["compulsory"], fmt(ex))
        if not adjacent(frm, to):
            return fail("illegal-move", f"Invalid move '{text}': '{pname(to)}' is not adjacent to '{pname(frm)}' along a line of the board", RULES["normalMove"])
        if state["board"][to] is not None:
            return fail("illegal-move", f"Invalid move '{text}': '{pname(to)}' is occupied", RULES["normalMove"])
        if is_move_back(state, frm, to):
            return fail("illegal-move", f"Invalid move '{text}': moves the piece back to '{pname(to)}', the space it occupied in the previous turn", RULES["noMoveBack"])
        return {"ok": True, "move": next(move for dest, move in PLAIN_FROM[frm] if dest == to)}
    board = list(state["board"])
    at = frm
    captured = []
    for i in range(1, len(points)):
        land = points[i]
        jump = next((j for j in jumps_from(board, at, me) if j[1] == land), None)
        sofar = "*".join(pname(p) for p in points[:i])
        if jump is None:
            possible = jumps_from(board, at, me)
            hint = (" (from '" + pname(at) + "' it can strike to " + " or ".join(f"'{pname(l)}' eliminating '{pname(o)}'" for o, l in possible) + ")") if possible else ""
            ex = fmt(caps[0]) if caps else None
            return fail("illegal-move", f"Invalid strike '{text}': after '{sofar}' there is no opponent piece to jump between '{pname(at)}' and '{pname(land)}' in a straight line to an empty space{hint}", RULES["capture"], ex)
        over = jump[0]
        board[at] = None
        board[over] = None
        board[land] = me
        captured.append(over)
        at = land
    more = jumps_from(board, at, me)
    if more:
        o, l = more[0]
        return fail("illegal-move", f"Incomplete strike '{text}', should have striked to '{pname(l)}' eliminating '{pname(o)}'" + (" (or some other strike)" if len(more) > 1 else ""), RULES["continuation"], f"{text}*{pname(l)}")
    return {"ok": True, "move": {"kind": "capture", "from": frm, "landings": points[1:], "captured": captured}}


def opponent_choices(kind, state):
    """The moves the built-in opponent chooses among (botjury picks one with its seeded generator)."""
    moves = legal_moves(state)
    if kind == "random" or len(moves) == 1:
        return moves
    if kind == "feeder":
        offered = []
        for m in moves:
            caps = _capture_moves(apply_move(state, m))
            offered.append((m, max([0] + [len(c["landings"]) for c in caps])))
        best = max(o[1] for o in offered)
        return [o[0] for o in offered if o[1] == best]
    # shy: the moves after which the other side has no capture at all (only whether, not which).
    board, me = state["board"], state["toMove"]
    threats = jumps_of(board, OTHER[me])
    safe = [m for m in moves if not (gives_capture(board, threats, m, me) if m["kind"] == "plain" else can_capture(board_after(board, m, me), OTHER[me]))]
    return safe if safe else moves


COLORS = ("white", "black")


class Game:
    """One Alquerque game for both seats: what the jury sends each bot seat, how it judges a move, and
    what follows a failure (the irregular loss: 12-0 for the other side, Quit to whoever still waits)."""

    def __init__(self, req):
        for seat in req["bots"]:
            if seat not in COLORS:
                raise ScenarioProblem(f"alquerque has roles white and black, not '{seat}'")
        opp = req.get("opponent")
        if opp is not None and opp not in ("random", "feeder", "shy"):
            raise ScenarioProblem(f"alquerque's built-in opponents are random, feeder, shy; not '{opp}'")
        self.opponent_name = opp or "random"
        self.bots = set(req["bots"])
        self.out = set()
        self.state = initial_state()
        self.queue = []
        self.irregular = None
        self.cut_short = False
        # Each seat's goals so far, a frozenset replaced when one is added: a saved game shares them.
        self.goals = {c: frozenset() for c in COLORS}
        # The built-in player's move played ahead (propose): its text and the game after it, kept only
        # if the next request says `commit`.
        self.proposed = None
        # The built-in player's last choices, by their text (turn_of).
        self.choices = {}
        if self.is_bot("white"):
            self.queue.append({"type": "send", "seat": "white", "lines": ["Start"], "ply": 1})
        self.queue.append(self.turn_of("white"))

    def is_bot(self, c):
        return c in self.bots and c not in self.out

    # ---- what the jury does next: the queued actions up to the next decision ----

    def then(self):
        """Every queued action up to and including the next decision (await, move or end)."""
        out = []
        while self.queue:
            a = self.queue.pop(0)
            out.append(a)
            if a["type"] != "send":
                break
        return out

    def then_proposing(self, draw):
        """then(), and when it ends with the built-in player's move and botjury sent `draw`, that move
        played ahead (`proposal`): botjury's pick, choose[floor(draw * len(choose))], with what follows
        it. The game stays before the move until a request says `commit` (a scripted move replaces it)."""
        out = self.then()
        last = out[-1] if out else None
        if draw is None or not last or last["type"] != "move" or "choose" not in last:
            return out
        text = last["choose"][int(draw * len(last["choose"]))]
        before = self.saved()
        self.after_move(text, self.choices[text])
        last["proposal"] = {"played": text, "then": self.then()}
        self.proposed = (text, self.saved())
        self.restore(before)
        return out

    def saved(self):
        return (self.state, tuple(self.queue), dict(self.goals))

    def restore(self, saved):
        self.state, queue, goals = saved
        self.queue = list(queue)
        self.goals = dict(goals)

    def commit(self, text):
        if self.proposed is None or self.proposed[0] != text:
            raise Broken(f"commit '{text}', which was not the move proposed")
        self.restore(self.proposed[1])
        self.proposed = None

    def turn_of(self, c):
        ply = self.state["ply"] + 1
        if not self.is_bot(c):
            # The built-in player's choices come with the move: botjury picks one and sends it back.
            # Kept by their text: the one botjury picks is played ahead without parsing it again (then_proposing).
            self.choices = {fmt(m): m for m in opponent_choices(self.opponent_name, self.state)}
            return {"type": "move", "seat": c, "ply": ply, "choose": list(self.choices)}
        reached = []
        caps = capture_moves(self.state)
        if caps and has_plain_move(self.state):
            reached.append("capture-due")
        if any(cap["kind"] == "capture" and len(cap["landings"]) > 1 for cap in caps):
            reached.append("capture-chain")
        last = self.state["lastPlain"][self.state["toMove"]]
        if not caps and last and self.state["board"][last[1]] == self.state["toMove"] and self.state["board"][last[0]] is None and adjacent(last[1], last[0]):
            reached.append("move-back-barred")
        if reached:
            self.goals[c] = self.goals[c].union(reached)
        return {"type": "await", "seat": c, "request": {"ply": ply, "label": f"{name(c)}'s move {(ply + 1) // 2} (ply {ply})", "lines": 1, "timer": "move", "maxLineBytes": 256, "unaskedLines": "discard"}}

    def natural_ending(self, c, st):
        if st["winner"] == c or st["winner"] is None:
            who = "winner" if st["winner"] else "players in a tie"
            return {"kind": "self-exit", "reason": f"{st['reason']}: the {who} must terminate on its own"}
        return {"kind": "quit", "reason": f"{st['reason']}: the loser receives Quit", "lines": ["Quit"]}

    def end_all(self, ending, after_sends=False):
        """Ends the game for every bot seat; after_sends: after what is queued (the last move's relay)."""
        if not after_sends:
            self.queue = []
        self.queue.append({"type": "end", "endings": {c: ending(c) for c in COLORS if c in self.bots}})

    def after_move(self, text, move):
        ply = self.state["ply"] + 1
        self.state = apply_move(self.state, move)
        nxt = self.state["toMove"]
        st = status(self.state)
        # Tie after Black's 100th move: White may have exited after its own 100th move or read this one first.
        if self.is_bot(nxt) and (st is None or st["winner"] is None):
            self.queue.append({"type": "send", "seat": nxt, "lines": [text], "ply": ply})
        if st is not None:
            self.end_all(lambda c: self.natural_ending(c, st), True)
        else:
            self.queue.append(self.turn_of(nxt))

    # ---- the requests ----

    def next(self, _req):
        if not self.queue:
            raise Broken("next() after the end of the game")
        return {"then": self.then()}

    def answer(self, req):
        c = req["seat"]
        lines = req["lines"]
        text = lines[0] if lines else ""
        check = check_move(self.state, text)
        ply = self.state["ply"] + 1
        if not check["ok"]:
            self.irregular = {"loser": c, "reason": f"{name(c)} made an invalid move at ply {ply}"}
            self.end_all(lambda o: {"kind": "quit", "reason": f"{name(c)} made an invalid move: it loses 0-{WIN_SCORE}" if o == c else f"{name(c)} made an invalid move: {name(o)} wins {WIN_SCORE}-0", "lines": ["Quit"]})
            v = {"code": check["code"], "ply": ply, "message": check["message"], "expected": check["expected"], "expectedIsExample": check["expectedIsExample"], "actual": text, "rule": check["rule"]}
            return {"judgement": {"accepted": False, "violations": [v]}, "then": self.then()}
        self.after_move(fmt(check["move"]), check["move"])
        return {"judgement": {"accepted": True, "violations": [], "played": fmt(check["move"])}, "then": self.then_proposing(req.get("draw"))}

    def failed(self, req):
        c, code = req["seat"], req["code"]
        self.out.add(c)
        self.irregular = {"loser": c, "reason": f"{name(c)}: {code} at ply {self.state['ply'] + 1}"}
        self.end_all(lambda o: {"kind": "stopped", "reason": f"{code}: irregular loss 0-{WIN_SCORE}"} if o == c else {"kind": "quit", "reason": f"{name(c)}'s {code}: {name(o)} wins {WIN_SCORE}-0", "lines": ["Quit"]})
        return {"then": self.then()}

    def move(self, req):
        move = req.get("move")
        if move is None:
            return {"choose": [fmt(m) for m in opponent_choices(self.opponent_name, self.state)]}
        check = check_move(self.state, move.strip())
        if not check["ok"]:
            raise ScenarioProblem(f"scripted opponent move at ply {self.state['ply'] + 1} is not legal: {check['message']}")
        text = fmt(check["move"])
        self.after_move(text, check["move"])
        return {"played": text, "then": self.then()}

    def quit(self, _req):
        self.queue = []
        if not self.irregular and status(self.state) is None:
            self.cut_short = True
        return {"endings": {c: ({"kind": "stopped", "reason": "the jury had already stopped the bot"} if c in self.out else {"kind": "quit", "reason": "the jury ends the game", "lines": ["Quit"]}) for c in COLORS if c in self.bots}}

    def canonical(self, req):
        return {"text": req["lines"][0] if req["lines"] else ""}

    def canonicalScenarioMove(self, req):
        v = req["value"]
        return {"text": str(v[0] if isinstance(v, list) else v).strip()}

    def legalAnswers(self, req):
        return {"answers": [fmt(m) for m in legal_moves(self.state)] if self.state["toMove"] == req["seat"] else []}

    def outcome(self, _req):
        st = status(self.state)
        if self.irregular and st is None:
            winner = other(self.irregular["loser"])
            return {"finished": False, "summary": self.irregular["reason"], "scores": {winner: WIN_SCORE, self.irregular["loser"]: 0}, "winner": winner}
        if st is None:
            ply = self.state["ply"]
            summary = f"the scenario ended the game after {ply} plies, before the rules did: no result" if self.cut_short else f"game not finished after {ply} plies"
            return {"finished": False, "summary": summary, "scores": {}}
        out = {"finished": True, "summary": st["reason"], "scores": scores(self.state, st)}
        if st["winner"]:
            out["winner"] = st["winner"]
        return out

    def reached(self, req):
        st = status(self.state)
        return {"goals": sorted(self.goals[req["seat"]]) + (["tie"] if st and st["winner"] is None else [])}

    def snapshot(self, _req):
        rows = []
        for y in range(SIZE - 1, -1, -1):
            rows.append("".join({"white": "W", "black": "B", None: "."}[self.state["board"][y * SIZE + x]] for x in range(SIZE)))
        return {"state": {"ply": self.state["ply"], "toMove": self.state["toMove"], "rows": rows,
                          "pieces": {"white": count(self.state["board"], "white"), "black": count(self.state["board"], "black")}}}


class ScenarioProblem(Exception):
    pass


class Broken(Exception):
    pass


def respond(referee, req):
    """The answer to a request other than `start`. A move played ahead is kept first when botjury took
    it (`commit`, acknowledged as `committed`), and dropped by a request that changes the game without
    taking it (a scripted move, another pick, the end)."""
    op = req.get("op")
    if "commit" in req:
        referee.commit(req["commit"])
    elif op in ("answer", "failed", "move", "quit"):
        referee.proposed = None
    resp = getattr(referee, op)(req)
    if "commit" in req:
        resp["committed"] = req["commit"]
    return resp


# The answers are plain trees of dicts and lists: no need to look for cycles in each (a fifth of the encoding).
ENCODE = json.JSONEncoder(check_circular=False).encode


def main():
    referee = None
    for line in sys.stdin:
        req = json.loads(line)
        op = req.get("op")
        try:
            if op == "start":
                referee = Game(req)
                resp = {"ok": True, "then": referee.then()}
            else:
                resp = respond(referee, req)
        except ScenarioProblem as e:
            resp = {"error": "scenario", "message": str(e)}
        except Exception as e:  # noqa: BLE001 - the referee's own bug, reported to botjury as one
            resp = {"error": "referee", "message": f"{op}: {type(e).__name__}: {e}"}
        sys.stdout.write(ENCODE(resp) + "\n")
        sys.stdout.flush()


def serve():
    """Answers until botjury closes the input, then exits at once: every answer is written and flushed,
    nothing is left to clean up, and the interpreter's teardown is spared (a few ms at every run's end)."""
    main()
    os._exit(0)


if __name__ == "__main__":
    serve()
