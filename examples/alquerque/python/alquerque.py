"""Alquerque as played in CodeCup 2008: the board, the legal moves, and the end of the game.

Shared by bot.py and the deliberately broken bots in ../broken/, so that each broken bot differs
from a correct one in exactly one way.

Squares are (column, row) pairs counted from 0: a1 is (0, 0), g7 is (6, 6).
"""

import random
import sys

SIZE = 7
COLUMNS = "abcdefg"
EMPTY, WHITE, BLACK = ".", "W", "B"
TIE = "tie"
MAX_PLIES = 200  # the game is a tie once both players have made 100 moves

ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def opponent_of(player):
    return BLACK if player == WHITE else WHITE


def square_name(square):
    column, row = square
    return COLUMNS[column] + str(row + 1)


def parse_square(text):
    return (COLUMNS.index(text[0]), int(text[1]) - 1)


def on_board(column, row):
    return 0 <= column < SIZE and 0 <= row < SIZE


def directions(square):
    """Lines through a square: orthogonal everywhere, diagonal where column + row is even."""
    column, row = square
    return ORTHOGONAL + DIAGONAL if (column + row) % 2 == 0 else ORTHOGONAL


def start_board():
    board = {}
    for column in range(SIZE):
        for row in range(SIZE):
            if row < 3 or (row == 3 and column > 3):
                board[(column, row)] = WHITE
            elif row > 3 or (row == 3 and column < 3):
                board[(column, row)] = BLACK
            else:
                board[(column, row)] = EMPTY
    return board


class Move:
    """A plain move (two squares) or a capture (the squares the piece lands on, in order)."""

    def __init__(self, squares, capture):
        self.squares = squares
        self.capture = capture

    def text(self):
        return ("*" if self.capture else "-").join(square_name(s) for s in self.squares)

    @staticmethod
    def parse(text):
        capture = "*" in text
        return Move([parse_square(part) for part in text.split("*" if capture else "-")], capture)


def capture_sequences(board, start, player, complete=True):
    """Every capture from `start`. With complete=True only sequences that cannot go on (the rules
    make the piece keep capturing); with complete=False also every shorter prefix."""
    enemy = opponent_of(player)
    found = []

    def extend(board, path):
        square = path[-1]
        can_continue = False
        for dc, dr in directions(square):
            over = (square[0] + dc, square[1] + dr)
            land = (square[0] + 2 * dc, square[1] + 2 * dr)
            if not on_board(*land) or board[over] != enemy or board[land] != EMPTY:
                continue
            can_continue = True
            after = dict(board)
            after[square], after[over], after[land] = EMPTY, EMPTY, player  # jumped pieces go at once
            extend(after, path + [land])
        if len(path) > 1 and (not complete or not can_continue):
            found.append(Move(path, True))

    extend(board, [start])
    return found


class Game:
    def __init__(self):
        self.board = start_board()
        self.to_move = WHITE
        self.ply = 0  # plies played so far
        # The last move of each player if it was a plain one: it may not be undone next turn.
        self.last_plain = {WHITE: None, BLACK: None}

    def copy(self):
        other = Game.__new__(Game)
        other.board, other.to_move, other.ply = dict(self.board), self.to_move, self.ply
        other.last_plain = dict(self.last_plain)
        return other

    def pieces(self, player):
        return [s for s, piece in self.board.items() if piece == player]

    def captures(self, complete=True):
        moves = []
        for square in sorted(self.pieces(self.to_move)):
            moves += capture_sequences(self.board, square, self.to_move, complete)
        return moves

    def plain_moves(self, allow_back=False):
        moves = []
        for square in sorted(self.pieces(self.to_move)):
            for dc, dr in directions(square):
                target = (square[0] + dc, square[1] + dr)
                if on_board(*target) and self.board[target] == EMPTY:
                    moves.append(Move([square, target], False))
        if not allow_back:
            moves = [m for m in moves if not self.is_move_back(m)]
        return moves

    def is_move_back(self, move):
        previous = self.last_plain[self.to_move]
        return not move.capture and previous is not None and move.squares == [previous[1], previous[0]]

    def legal_moves(self):
        """A capture is compulsory whenever one exists; otherwise any plain move but the move back."""
        return self.captures() or self.plain_moves()

    def play(self, move):
        if isinstance(move, str):
            move = Move.parse(move)
        player = self.to_move
        path = move.squares
        self.board[path[0]] = EMPTY
        if move.capture:
            for a, b in zip(path, path[1:]):
                self.board[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)] = EMPTY
        self.board[path[-1]] = player
        self.last_plain[player] = None if move.capture else (path[0], path[-1])
        self.ply += 1
        self.to_move = opponent_of(player)

    def result(self):
        """After a move: the winner, TIE, or None while the game goes on.
        Taking the last piece wins; after 200 plies it is a tie (even if the player to move is
        trapped, as the rule text notes); otherwise a player with no legal move has lost."""
        mover = opponent_of(self.to_move)
        if not self.pieces(self.to_move):
            return mover
        if self.ply >= MAX_PLIES:
            return TIE
        if not self.legal_moves():
            return mover
        return None


def write(text, flush=True):
    sys.stdout.write(text + "\n")
    if flush:
        sys.stdout.flush()


def seed_from_argv(default=2008):
    return int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].lstrip("-").isdigit() else default


def run(choose, seed=None, on_quit=None, after_game_over=None, send=write, before_move=None):
    """The protocol loop of a correct bot; the hooks let a broken bot change one thing.

    choose(game, rng) -> Move       which move to play
    send(text)                      how the move is written (write + flush when correct)
    before_move(game, my_moves)     called before each of our moves (crash, sleep, allocate...)
    on_quit()                       called on `Quit` (default: return, i.e. exit normally)
    after_game_over(game, outcome)  called when the game ended and we must exit on our own
    """
    rng = random.Random(seed_from_argv() if seed is None else seed)
    game = Game()
    my_moves = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # input closed: nothing more will come
        line = line.strip()
        if line == "Quit":
            if on_quit:
                on_quit()
            return
        if line != "Start":  # White starts on `Start`, Black on White's first move
            game.play(line)
            outcome = game.result()
            if outcome == TIE:
                if after_game_over:
                    after_game_over(game, outcome)
                return  # both players must end on their own after 100 moves each
            if outcome is not None:
                continue  # we lost: the jury sends Quit
        if before_move:
            before_move(game, my_moves)
        move = choose(game, rng)
        send(move.text())
        my_moves += 1
        game.play(move)
        outcome = game.result()
        if outcome is not None:
            if after_game_over:
                after_game_over(game, outcome)
            return  # we won or it is a tie: end without waiting for Quit


def random_legal_move(game, rng):
    return rng.choice(game.legal_moves())


def safe_move(game, rng):
    """A random legal move that leaves the opponent nothing to capture, when there is one: quiet
    games that can last the full 200 plies against a careful opponent."""
    moves = game.legal_moves()
    safe = []
    for move in moves:
        after = game.copy()
        after.play(move)
        if not after.captures():
            safe.append(move)
    return rng.choice(safe or moves)


def material_after(game, move):
    """Our pieces minus theirs after `move` and the opponent's best reply (a two-ply look)."""
    me = game.to_move
    after = game.copy()
    after.play(move)
    replies = after.legal_moves()
    if not after.pieces(after.to_move) or not replies:
        return 100
    worst = 100
    for reply in replies:
        removed = len(reply.squares) - 1 if reply.capture else 0
        worst = min(worst, len(after.pieces(me)) - removed - len(after.pieces(after.to_move)))
    return worst


def greedy_move(game, rng):
    """A stronger choice than random, for bots that need to win against a random opponent."""
    moves = game.legal_moves()
    scored = [(material_after(game, m), m) for m in moves]
    best = max(score for score, _ in scored)
    return rng.choice([m for score, m in scored if score == best])


def losing_move(game, rng):
    """The opposite of greedy_move, for bots that need to lose (and so receive Quit)."""
    moves = game.legal_moves()
    scored = [(material_after(game, m), m) for m in moves]
    worst = min(score for score, _ in scored)
    return rng.choice([m for score, m in scored if score == worst])
