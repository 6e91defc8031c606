#!/usr/bin/env node
// A correct Alquerque bot (CodeCup 2008) in JavaScript: plays a random legal move that gives the
// opponent nothing to capture when it can (any legal move otherwise), seeded (argv[2], default 2008).
// It keeps the board, captures when it must (continuing a multi-capture to the end), never moves a
// piece straight back, writes each move in one line (process.stdout.write is synchronous on pipes),
// exits on Quit, and ends on its own after winning or after the 200th ply (tie).
//
// Squares are [column, row] counted from 0: a1 is [0, 0], g7 is [6, 6].
import { createInterface } from 'node:readline';

const SIZE = 7;
const MAX_PLIES = 200; // tie once both players have made 100 moves
const EMPTY = '.';
const WHITE = 'W';
const BLACK = 'B';
const TIE = 'tie';
const ORTHOGONAL = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAGONAL = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

const opponentOf = (player) => (player === WHITE ? BLACK : WHITE);
const onBoard = (c, r) => c >= 0 && c < SIZE && r >= 0 && r < SIZE;
// Lines through a square: orthogonal everywhere, diagonal where column + row is even.
const directions = (c, r) => ((c + r) % 2 === 0 ? [...ORTHOGONAL, ...DIAGONAL] : ORTHOGONAL);
const squareName = ([c, r]) => 'abcdefg'[c] + String(r + 1);
const parseSquare = (text) => ['abcdefg'.indexOf(text[0]), Number(text[1]) - 1];

function moveText(move) {
  return move.squares.map(squareName).join(move.capture ? '*' : '-');
}

function parseMove(text) {
  const capture = text.includes('*');
  return { capture, squares: text.split(capture ? '*' : '-').map(parseSquare) };
}

class Game {
  constructor() {
    // board[c][r]
    this.board = Array.from({ length: SIZE }, (_, c) =>
      Array.from({ length: SIZE }, (_, r) => {
        if (r < 3 || (r === 3 && c > 3)) return WHITE;
        if (r > 3 || (r === 3 && c < 3)) return BLACK;
        return EMPTY;
      }),
    );
    this.toMove = WHITE;
    this.ply = 0;
    // Each player's last move if it was a plain one: it may not be undone next turn.
    this.lastPlain = { [WHITE]: null, [BLACK]: null };
  }

  copy() {
    const other = new Game();
    other.board = this.board.map((column) => [...column]);
    other.toMove = this.toMove;
    other.ply = this.ply;
    other.lastPlain = { ...this.lastPlain };
    return other;
  }

  pieces(player) {
    const found = [];
    for (let c = 0; c < SIZE; c++) for (let r = 0; r < SIZE; r++) if (this.board[c][r] === player) found.push([c, r]);
    return found;
  }

  captures() {
    const player = this.toMove;
    const enemy = opponentOf(player);
    const found = [];
    // Extend a capture from the last square of `path`; record it when it cannot go on.
    const extend = (board, path) => {
      const [c, r] = path[path.length - 1];
      let canContinue = false;
      for (const [dc, dr] of directions(c, r)) {
        const [oc, or] = [c + dc, r + dr];
        const [lc, lr] = [c + 2 * dc, r + 2 * dr];
        if (!onBoard(lc, lr) || board[oc][or] !== enemy || board[lc][lr] !== EMPTY) continue;
        canContinue = true;
        const after = board.map((column) => [...column]);
        after[c][r] = EMPTY; // jumped pieces are removed at once
        after[oc][or] = EMPTY;
        after[lc][lr] = player;
        extend(after, [...path, [lc, lr]]);
      }
      if (!canContinue && path.length > 1) found.push({ capture: true, squares: path });
    };
    for (const square of this.pieces(player)) extend(this.board, [square]);
    return found;
  }

  isMoveBack(move) {
    const previous = this.lastPlain[this.toMove];
    if (move.capture || previous === null) return false;
    const [from, to] = move.squares;
    return from[0] === previous[1][0] && from[1] === previous[1][1] && to[0] === previous[0][0] && to[1] === previous[0][1];
  }

  // A capture is compulsory whenever one exists; otherwise any plain move but the move back.
  legalMoves() {
    const captures = this.captures();
    if (captures.length > 0) return captures;
    const moves = [];
    for (const [c, r] of this.pieces(this.toMove)) {
      for (const [dc, dr] of directions(c, r)) {
        const move = { capture: false, squares: [[c, r], [c + dc, r + dr]] };
        if (onBoard(c + dc, r + dr) && this.board[c + dc][r + dr] === EMPTY && !this.isMoveBack(move)) moves.push(move);
      }
    }
    return moves;
  }

  play(move) {
    const player = this.toMove;
    const path = move.squares;
    const [fc, fr] = path[0];
    this.board[fc][fr] = EMPTY;
    if (move.capture) {
      for (let i = 1; i < path.length; i++) {
        this.board[(path[i - 1][0] + path[i][0]) / 2][(path[i - 1][1] + path[i][1]) / 2] = EMPTY;
      }
    }
    const [tc, tr] = path[path.length - 1];
    this.board[tc][tr] = player;
    this.lastPlain[player] = move.capture ? null : [path[0], path[1]];
    this.ply++;
    this.toMove = opponentOf(player);
  }

  // After a move: the winner, TIE, or null while the game goes on. Taking the last piece wins; after
  // 200 plies it is a tie (even if the player to move is trapped, as the rule text notes); otherwise
  // a player with no legal move has lost.
  result() {
    const mover = opponentOf(this.toMove);
    if (this.pieces(this.toMove).length === 0) return mover;
    if (this.ply >= MAX_PLIES) return TIE;
    if (this.legalMoves().length === 0) return mover;
    return null;
  }
}

// mulberry32: a small seeded generator, so games can be replayed.
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A random legal move that leaves the opponent nothing to capture, when there is one (quiet games that
// can last the full 200 plies against a careful opponent); any legal move otherwise.
function chooseSafeMove(game) {
  const moves = game.legalMoves();
  const safe = moves.filter((move) => {
    const after = game.copy();
    after.play(move);
    return after.captures().length === 0;
  });
  const candidates = safe.length > 0 ? safe : moves;
  return candidates[Math.floor(random() * candidates.length)];
}

const random = seededRandom(Number(process.argv[2] ?? 2008));
const game = new Game();
const input = createInterface({ input: process.stdin });

function finish() {
  input.close();
  process.exit(0);
}

input.on('line', (raw) => {
  const line = raw.trim();
  if (line === 'Quit') finish();
  if (line !== 'Start') {
    game.play(parseMove(line));
    const result = game.result();
    if (result === TIE) finish(); // both players end on their own after 100 moves each
    if (result !== null) return; // we lost: the jury sends Quit
  }
  const move = chooseSafeMove(game);
  process.stdout.write(moveText(move) + '\n');
  game.play(move);
  if (game.result() !== null) finish(); // we won, or it is a tie: end without waiting for Quit
});
input.on('close', () => process.exit(0));
