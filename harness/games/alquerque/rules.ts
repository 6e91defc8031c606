// Alquerque (CodeCup 2008) rules as pure functions of state. No I/O, no clock, no randomness.
// Board facts (start position, lines) from shared/jury-facts.md; the rest from the rule text.

export type Color = 'white' | 'black';
export type Cell = Color | null;

export const SIZE = 7;
export const MOVES_EACH = 100;
export const LAST_PLY = 2 * MOVES_EACH;
export const WIN_SCORE = 12;

export const RULES = {
  normalMove:
    'In a normal move, the player moves one of his pieces to an adjacent unoccupied space in any direction along the lines of the board.',
  noMoveBack: 'It is prohibited to move a piece back to the space it occupied in the previous turn.',
  capture:
    "A piece jumps over an opponent's adjacent piece (according to the lines of the board) in a straight line to the first unoccupied space (adjacent to the piece that was captured).",
  continuation:
    'If the first capture move puts the piece in a position to capture another piece, the player is required to do so. This is part of the same turn.',
  compulsory: 'If both a normal move and a capture move are possible, the player is required to do the capture move.',
  notation: 'Example normal move notation: c3-d4. Example capture move notation: e5*c3. ... a1*c1*c3',
  win: "A player wins when he captures his opponent's last piece or when none of his opponent's pieces can make a valid move in his next turn.",
  tie: 'The game ends in a tie if no one wins after both players have each made 100 moves.',
} as const;

/** A point index 0..48: x = column (a=0), y = row - 1. */
export type Point = number;

export interface State {
  /** board[y * 7 + x] */
  board: readonly Cell[];
  toMove: Color;
  /** Plies played so far; the next move is ply `ply + 1` (1 = White's first). */
  ply: number;
  /** Each player's previous turn, when it was a plain move: [from, to]. */
  lastPlain: Readonly<Record<Color, readonly [Point, Point] | null>>;
}

export type Move =
  | { kind: 'plain'; from: Point; to: Point }
  | { kind: 'capture'; from: Point; landings: Point[]; captured: Point[] };

export const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');
export const point = (x: number, y: number): Point => y * SIZE + x;
export const px = (p: Point): number => p % SIZE;
export const py = (p: Point): number => Math.floor(p / SIZE);
export const pointName = (p: Point): string => `${String.fromCharCode(97 + px(p))}${py(p) + 1}`;

export function parsePoint(text: string): Point | undefined {
  const m = /^([a-g])([1-7])$/.exec(text);
  return m ? point(m[1]!.charCodeAt(0) - 97, Number(m[2]) - 1) : undefined;
}

export function initialState(): State {
  const board: Cell[] = [];
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      if (y < 3 || (y === 3 && x > 3)) board.push('white');
      else if (y > 3 || (y === 3 && x < 3)) board.push('black');
      else board.push(null);
    }
  return { board, toMove: 'white', ply: 0, lastPlain: { white: null, black: null } };
}

/** Build a position from 7 rank strings, row 7 first (`W`, `B`, `.`), for scenarios and tests. */
export function stateFromRows(rows: readonly string[], toMove: Color, ply = 0): State {
  if (rows.length !== SIZE) throw new Error(`a board has ${SIZE} rows (row 7 first), got ${rows.length}`);
  const board: Cell[] = new Array(SIZE * SIZE).fill(null);
  rows.forEach((row, i) => {
    const text = row.replace(/\s+/g, '');
    if (text.length !== SIZE) throw new Error(`row ${SIZE - i} must have ${SIZE} points (W, B or .), got '${row}'`);
    for (let x = 0; x < SIZE; x++) {
      const ch = text[x]!;
      if (!'WB.'.includes(ch)) throw new Error(`row ${SIZE - i}: '${ch}' is not W, B or .`);
      board[point(x, SIZE - 1 - i)] = ch === 'W' ? 'white' : ch === 'B' ? 'black' : null;
    }
  });
  return { board, toMove, ply, lastPlain: { white: null, black: null } };
}

export function boardRows(state: State): string[] {
  const rows: string[] = [];
  for (let y = SIZE - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < SIZE; x++) {
      const c = state.board[point(x, y)];
      row += c === 'white' ? 'W' : c === 'black' ? 'B' : '.';
    }
    rows.push(row);
  }
  return rows;
}

const ORTHOGONAL = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
const DIAGONAL = [[1, 1], [1, -1], [-1, 1], [-1, -1]] as const;

/** Directions along the board's lines from p: diagonals exist only where (x + y) is even. */
export function directions(p: Point): readonly (readonly [number, number])[] {
  return (px(p) + py(p)) % 2 === 0 ? [...ORTHOGONAL, ...DIAGONAL] : ORTHOGONAL;
}

function step(p: Point, [dx, dy]: readonly [number, number], n = 1): Point | undefined {
  const x = px(p) + dx * n;
  const y = py(p) + dy * n;
  return x >= 0 && x < SIZE && y >= 0 && y < SIZE ? point(x, y) : undefined;
}

// Every point's neighbours and jumps ([jumped, landing]) along the board's lines, in the order of
// `directions`, computed once: the rules and the built-in opponent ask for them thousands of times a
// game (each look made a new direction list and worked the coordinates out again).
const NEIGHBOURS: readonly (readonly Point[])[] = Array.from({ length: SIZE * SIZE }, (_, p) =>
  directions(p).map((d) => step(p, d)).filter((q): q is Point => q !== undefined));
const JUMPS: readonly (readonly (readonly [Point, Point])[])[] = Array.from({ length: SIZE * SIZE }, (_, p) =>
  directions(p).flatMap((d) => {
    const over = step(p, d);
    const land = step(p, d, 2);
    return over !== undefined && land !== undefined ? [[over, land] as const] : [];
  }));

export function adjacent(a: Point, b: Point): boolean {
  return NEIGHBOURS[a]!.includes(b);
}

export const countPieces = (board: readonly Cell[], color: Color): number => board.filter((c) => c === color).length;

/** Single jumps available to the piece on `from` (of `color`) on `board`: [jumped, landing]. */
export function jumpsFrom(board: readonly Cell[], from: Point, color: Color): [Point, Point][] {
  const out: [Point, Point][] = [];
  const opponent = other(color);
  for (const [over, land] of JUMPS[from]!) if (board[over] === opponent && board[land] === null) out.push([over, land]);
  return out;
}

/** Every complete capture sequence for the piece on `from`: it must go on while it can. */
export function captureSequences(board: readonly Cell[], from: Point, color: Color): Move[] {
  const results: Move[] = [];
  // A walk only reads its board: each jump makes its own copy.
  const walk = (b: readonly Cell[], at: Point, landings: Point[], captured: Point[]): void => {
    const jumps = jumpsFrom(b, at, color);
    if (jumps.length === 0) {
      if (landings.length > 0) results.push({ kind: 'capture', from, landings: [...landings], captured: [...captured] });
      return;
    }
    for (const [over, land] of jumps) {
      // Pieces are removed as they are jumped: the next jump sees the board after this one.
      const next = b.slice();
      next[at] = null;
      next[over] = null;
      next[land] = color;
      walk(next, land, [...landings, land], [...captured, over]);
    }
  };
  walk(board, from, [], []);
  return results;
}

export function isMoveBack(state: State, from: Point, to: Point): boolean {
  const last = state.lastPlain[state.toMove];
  return last !== null && last[0] === to && last[1] === from;
}

/** The plain move back to the space the mover's piece left last turn, when the board would allow it (the rule bars it). */
export function barredMoveBack(state: State): Move | null {
  const last = state.lastPlain[state.toMove];
  if (!last) return null;
  const [from, to] = last;
  return state.board[to] === state.toMove && state.board[from] === null && adjacent(to, from) ? { kind: 'plain', from: to, to: from } : null;
}

// A jury asks the same position for its moves several times a ply (the bot's move checked, the game's
// status, the goals it tests, the built-in opponent's choice): each position's moves are computed once.
// States are never changed once made (applyMove makes a new one), so a state's moves never change;
// the arrays are frozen so that no caller can change what the next one gets.
const plainOf = new WeakMap<State, readonly Move[]>();
const capturesOf = new WeakMap<State, readonly Move[]>();

function movesOnce(cache: WeakMap<State, readonly Move[]>, state: State, compute: (state: State) => Move[]): readonly Move[] {
  const known = cache.get(state);
  if (known) return known;
  const moves = Object.freeze(compute(state));
  cache.set(state, moves);
  return moves;
}

export function plainMoves(state: State): readonly Move[] {
  return movesOnce(plainOf, state, computePlainMoves);
}

function computePlainMoves(state: State): Move[] {
  const moves: Move[] = [];
  const { board, toMove } = state;
  for (let from = 0; from < board.length; from++) {
    if (board[from] !== toMove) continue;
    for (const to of NEIGHBOURS[from]!) if (board[to] === null && !isMoveBack(state, from, to)) moves.push({ kind: 'plain', from, to });
  }
  return moves;
}

export function captureMoves(state: State): readonly Move[] {
  return movesOnce(capturesOf, state, computeCaptureMoves);
}

function computeCaptureMoves(state: State): Move[] {
  const moves: Move[] = [];
  const { board, toMove } = state;
  for (let from = 0; from < board.length; from++) if (board[from] === toMove) moves.push(...captureSequences(board, from, toMove));
  return moves;
}

/** All legal moves for the player to move: captures when any exist (compulsory), else plain moves. */
export function legalMoves(state: State): readonly Move[] {
  const captures = captureMoves(state);
  return captures.length > 0 ? captures : plainMoves(state);
}

export function formatMove(m: Move): string {
  return m.kind === 'plain'
    ? `${pointName(m.from)}-${pointName(m.to)}`
    : [m.from, ...m.landings].map(pointName).join('*');
}

export function applyMove(state: State, move: Move): State {
  const board = state.board.slice();
  const color = state.toMove;
  if (move.kind === 'plain') {
    board[move.from] = null;
    board[move.to] = color;
  } else {
    board[move.from] = null;
    for (const c of move.captured) board[c] = null;
    board[move.landings[move.landings.length - 1]!] = color;
  }
  return {
    board,
    toMove: other(color),
    ply: state.ply + 1,
    lastPlain: { ...state.lastPlain, [color]: move.kind === 'plain' ? [move.from, move.to] : null },
  };
}

export type Status =
  | { over: false }
  | { over: true; winner: Color; reason: string }
  | { over: true; winner: null; reason: string };

/** Whether the game is over after the last move (the player to move is the one who would move next). */
export function status(state: State): Status {
  const mover = other(state.toMove);
  const name = (c: Color) => (c === 'white' ? 'White' : 'Black');
  if (state.ply === 0) return { over: false };
  if (countPieces(state.board, state.toMove) === 0)
    return { over: true, winner: mover, reason: `${name(mover)} captured ${name(state.toMove)}'s last piece` };
  // The rule text's note: trapping White with Black's 100th move is still a tie.
  if (state.ply >= LAST_PLY) return { over: true, winner: null, reason: `tie: both players made ${MOVES_EACH} moves` };
  if (legalMoves(state).length === 0)
    return { over: true, winner: mover, reason: `${name(state.toMove)} has no legal move` };
  return { over: false };
}

/** Scores as the rule text gives them: 12-0 for a win; in a tie 7 minus the opponent's pieces, at least 0. */
export function scores(state: State, st: Status): Record<Color, number> {
  if (!st.over) return { white: 0, black: 0 };
  if (st.winner) return { white: st.winner === 'white' ? WIN_SCORE : 0, black: st.winner === 'black' ? WIN_SCORE : 0 };
  return {
    white: Math.max(0, 7 - countPieces(state.board, 'black')),
    black: Math.max(0, 7 - countPieces(state.board, 'white')),
  };
}

// ---- Judging a written move: the verdict and a message at least as precise as the real jury's ----

export type MoveCheck =
  | { ok: true; move: Move }
  | { ok: false; code: 'bad-format' | 'illegal-move'; message: string; expected: string; expectedIsExample: boolean; rule: string };

const MOVE_GRAMMAR = /^[a-g][1-7](-[a-g][1-7]|(\*[a-g][1-7])+)$/;

export function checkMove(state: State, text: string): MoveCheck {
  const legal = legalMoves(state);
  const example = legal.length > 0 ? formatMove(legal[0]!) : '(none)';
  const fail = (code: 'bad-format' | 'illegal-move', message: string, rule: string, expected = example): MoveCheck => ({
    // `expected` is one legal move; only a position with a single legal move makes it the answer.
    ok: false, code, message, expected, expectedIsExample: legal.length > 1, rule,
  });
  if (!MOVE_GRAMMAR.test(text))
    return fail('bad-format', `'${text}' is not a move: expected a plain move like 'c3-d4' or a capture like 'e5*c3' or 'a1*c1*c3' (lowercase, no spaces)`, RULES.notation);

  const points = text.split(/[-*]/).map((t) => parsePoint(t)!);
  const from = points[0]!;
  const me = state.toMove;
  const captures = captureMoves(state);
  if (state.board[from] !== me)
    return fail('illegal-move', `Invalid move '${text}': there is no ${me} piece on '${pointName(from)}'`, RULES.normalMove);

  if (text.includes('-')) {
    const to = points[1]!;
    if (captures.length > 0) {
      // The real jury words every plain move made while a capture is due this way (game e19801).
      const ex = captures.find((m) => m.from === from) ?? captures[0]!;
      const jumped = (ex as { captured: Point[] }).captured[0]!;
      return fail(
        'illegal-move',
        `Invalid strike '${text}', unexpected '-', expected '*', after '${pointName(from)}': a capture is compulsory (e.g. '${formatMove(ex)}' eliminating '${pointName(jumped)}')`,
        RULES.compulsory,
        formatMove(ex),
      );
    }
    if (!adjacent(from, to))
      return fail('illegal-move', `Invalid move '${text}': '${pointName(to)}' is not adjacent to '${pointName(from)}' along a line of the board`, RULES.normalMove);
    if (state.board[to] !== null)
      return fail('illegal-move', `Invalid move '${text}': '${pointName(to)}' is occupied`, RULES.normalMove);
    if (isMoveBack(state, from, to))
      return fail('illegal-move', `Invalid move '${text}': moves the piece back to '${pointName(to)}', the space it occupied in the previous turn`, RULES.noMoveBack);
    return { ok: true, move: { kind: 'plain', from, to } };
  }

  // A capture: walk it jump by jump, removing pieces as they are jumped.
  let board = state.board.slice();
  let at = from;
  const captured: Point[] = [];
  for (let i = 1; i < points.length; i++) {
    const land = points[i]!;
    const jump = jumpsFrom(board, at, me).find(([, l]) => l === land);
    const sofar = points.slice(0, i).map(pointName).join('*');
    if (!jump) {
      const possible = jumpsFrom(board, at, me);
      const hint = possible.length > 0 ? ` (from '${pointName(at)}' it can strike to ${possible.map(([o, l]) => `'${pointName(l)}' eliminating '${pointName(o)}'`).join(' or ')})` : '';
      const ex = captures.length > 0 ? formatMove(captures[0]!) : example;
      return fail('illegal-move', `Invalid strike '${text}': after '${sofar}' there is no opponent piece to jump between '${pointName(at)}' and '${pointName(land)}' in a straight line to an empty space${hint}`, RULES.capture, ex);
    }
    const [over] = jump;
    board[at] = null;
    board[over] = null;
    board[land] = me;
    captured.push(over);
    at = land;
  }
  const more = jumpsFrom(board, at, me);
  if (more.length > 0) {
    const [o, l] = more[0]!;
    return fail(
      'illegal-move',
      `Incomplete strike '${text}', should have striked to '${pointName(l)}' eliminating '${pointName(o)}'${more.length > 1 ? ' (or some other strike)' : ''}`,
      RULES.continuation,
      `${text}*${pointName(l)}`,
    );
  }
  board = [];
  return { ok: true, move: { kind: 'capture', from, landings: points.slice(1), captured } };
}
