// Amazes (CodeCup 2010): the maze itself — geometry, the official text format, the properties the
// rule text promises, and the choice of starting positions. Pure functions; no I/O.
//
// Coordinates are 0-based inside the harness (row 0 = top, column 0 = left); messages and files use the
// official 1-based form (`1,1` upper left, `25,25` lower right).

import { printable } from '../../core/printable.js';
import type { Rng } from '../../core/rng.js';

export const SIZE = 25;
export const CELLS = SIZE * SIZE;

/** Absolute directions: 0 = north (up), 1 = east, 2 = south, 3 = west. Turning right adds 1. */
export type Dir = 0 | 1 | 2 | 3;
export const DIRS: readonly Dir[] = [0, 1, 2, 3];
export const DIR_LETTERS = ['N', 'E', 'S', 'W'] as const;
export const DIR_NAMES = ['north', 'east', 'south', 'west'] as const;
const DR = [-1, 0, 1, 0] as const;
const DC = [0, 1, 0, -1] as const;

export const turnRight = (d: Dir): Dir => ((d + 1) & 3) as Dir;
export const turnAround = (d: Dir): Dir => ((d + 2) & 3) as Dir;
export const turnLeft = (d: Dir): Dir => ((d + 3) & 3) as Dir;

/** A square: row * 25 + column. */
export type Cell = number;
export const cellAt = (row: number, col: number): Cell => row * SIZE + col;
export const rowOf = (cell: Cell): number => Math.floor(cell / SIZE);
export const colOf = (cell: Cell): number => cell % SIZE;
/** `(row,column)` 1-based, as the official files and the rule text's pictures count. */
export const cellName = (cell: Cell): string => `(${rowOf(cell) + 1},${colOf(cell) + 1})`;

/** The square next to `cell` in direction `d`, or -1 outside the maze. */
export function neighbor(cell: Cell, d: Dir): Cell {
  const r = rowOf(cell) + DR[d];
  const c = colOf(cell) + DC[d];
  return r >= 0 && r < SIZE && c >= 0 && c < SIZE ? cellAt(r, c) : -1;
}

// Edges (a wall or an opening between two squares, or on the outer edge):
//   horizontal edge h(r, c), r = 0..25, c = 0..24: the edge above row r (r = 25: below the last row);
//   vertical edge v(r, c), r = 0..24, c = 0..25: the edge left of column c (c = 25: right of the last).
export const H_EDGES = (SIZE + 1) * SIZE;
export const EDGES = 2 * H_EDGES;
export type Edge = number;
export const hEdge = (r: number, c: number): Edge => r * SIZE + c;
export const vEdge = (r: number, c: number): Edge => H_EDGES + r * (SIZE + 1) + c;

/** The edge on side `d` of `cell`. */
export function edgeOf(cell: Cell, d: Dir): Edge {
  const r = rowOf(cell);
  const c = colOf(cell);
  switch (d) {
    case 0: return hEdge(r, c);
    case 2: return hEdge(r + 1, c);
    case 3: return vEdge(r, c);
    default: return vEdge(r, c + 1);
  }
}

/**
 * Each square's edge and neighbour in each direction, at index cell * 4 + direction (-1: no
 * neighbour): the rules and the built-in opponents look them up thousands of times a game. Built on
 * first use (most botjury commands never play Amazes).
 */
let cellTables: { edges: Int32Array; neighbours: Int32Array } | null = null;
export function squareTables(): { edges: Int32Array; neighbours: Int32Array } {
  cellTables ??= {
    edges: Int32Array.from({ length: CELLS * 4 }, (_, k) => edgeOf(Math.floor(k / 4), (k % 4) as Dir)),
    neighbours: Int32Array.from({ length: CELLS * 4 }, (_, k) => neighbor(Math.floor(k / 4), (k % 4) as Dir)),
  };
  return cellTables;
}

/** The one or two squares an edge separates (outer edges have one). */
export function edgeCells(e: Edge): Cell[] {
  if (e < H_EDGES) {
    const r = Math.floor(e / SIZE);
    const c = e % SIZE;
    return [r > 0 ? cellAt(r - 1, c) : -1, r < SIZE ? cellAt(r, c) : -1].filter((x) => x >= 0);
  }
  const i = e - H_EDGES;
  const r = Math.floor(i / (SIZE + 1));
  const c = i % (SIZE + 1);
  return [c > 0 ? cellAt(r, c - 1) : -1, c < SIZE ? cellAt(r, c) : -1].filter((x) => x >= 0);
}

/** The four outer edges, each a list of its 25 edges. */
export const OUTER = {
  top: Array.from({ length: SIZE }, (_, c) => hEdge(0, c)),
  bottom: Array.from({ length: SIZE }, (_, c) => hEdge(SIZE, c)),
  left: Array.from({ length: SIZE }, (_, r) => vEdge(r, 0)),
  right: Array.from({ length: SIZE }, (_, r) => vEdge(r, SIZE)),
} as const;

/**
 * The edges meeting at lattice point (i, j), the top-left corner of square (i, j), i, j = 0..25:
 * [up, down, left, right]; -1 where the point lies on the border and no edge goes that way.
 */
export function cornerEdges(i: number, j: number): [Edge, Edge, Edge, Edge] {
  return [
    i > 0 ? vEdge(i - 1, j) : -1,
    i < SIZE ? vEdge(i, j) : -1,
    j > 0 ? hEdge(i, j - 1) : -1,
    j < SIZE ? hEdge(i, j) : -1,
  ];
}

/** A maze: which of the 1300 edges are walls. Treated as immutable once built. */
export interface Maze {
  readonly walls: Uint8Array;
}

export const isWall = (maze: Maze, cell: Cell, d: Dir): boolean => maze.walls[edgeOf(cell, d)] === 1;

/** A maze with only the outer edge walled (for building test mazes edge by edge). */
export function openMaze(): Maze {
  const walls = new Uint8Array(EDGES);
  for (const side of Object.values(OUTER)) for (const e of side) walls[e] = 1;
  return { walls };
}

/** A maze with every edge walled. */
export function closedMaze(): Maze {
  return { walls: new Uint8Array(EDGES).fill(1) };
}

/** Where a player stands and which way it looks. */
export interface Pose {
  cell: Cell;
  facing: Dir;
}

export const poseName = (p: Pose): string => `${cellName(p.cell)} facing ${DIR_NAMES[p.facing]}`;

export const squaredDistance = (a: Cell, b: Cell): number => (rowOf(a) - rowOf(b)) ** 2 + (colOf(a) - colOf(b)) ** 2;

/** The rule text's bound: "the Euclidian distance at the beginning of the game is at least √288". */
export const MIN_START_SQUARED_DISTANCE = 288;

export const MAZE_RULES = {
  size: 'The maze consists of 25 x 25 squares.',
  closed: 'It is impossible to step out of the maze (the outer edges are walls).',
  connected: 'A player can reach the entire maze (all squares are somehow connected).',
  corners: 'Each corner of a square is connected to at least one wall.',
  startDistance:
    'These positions are chosen such that the Euclidian distance at the beginning of the game is at least √288 ≈ 17.',
  startBehind:
    'The starting position of a player is chosen so that there is no wall directly behind the player (i.e. it is always possible to take a step backwards).',
} as const;

/** A maze file or setup that breaks the format or the rule text's promises; `problems` lists each. */
export class MazeError extends Error {
  override name = 'MazeError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

// ---------------------------------------------------------------- text format

/**
 * Parses the official format: optionally two start lines (`row column orientation`, Red then Blue),
 * then 51 lines of `+-+` / `|` art: odd lines hold 25 horizontal walls, even lines 26 vertical walls.
 * Trailing blank lines and `\r` are ignored; short lines are read as if padded with spaces.
 */
export function parseMazeText(text: string, source = 'maze'): { maze: Maze; starts?: { red: Pose; blue: Pose } } {
  const lines = text.replace(/\r/g, '').split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  const problems: string[] = [];
  let starts: { red: Pose; blue: Pose } | undefined;
  let first = 0;
  if (lines.length > 0 && !lines[0]!.trimStart().startsWith('+')) {
    if (lines.length < 2) throw new MazeError([`${source}: expected two start lines (Red, then Blue) before the maze`]);
    const red = parseStartLine(lines[0]!, `${source} line 1 (Red's start)`, problems);
    const blue = parseStartLine(lines[1]!, `${source} line 2 (Blue's start)`, problems);
    if (red && blue) starts = { red, blue };
    first = 2;
  }
  const art = lines.slice(first);
  if (art.length !== 2 * SIZE + 1)
    throw new MazeError([...problems, `${source}: the maze must be ${2 * SIZE + 1} lines of +-+ and | art (25 x 25 squares), found ${art.length} line(s)${first ? ' after the two start lines' : ''}`]);
  const walls = new Uint8Array(EDGES);
  art.forEach((raw, i) => {
    const lineNo = first + i + 1;
    const line = raw.trimEnd();
    if (line.length > 2 * SIZE + 1) problems.push(`${source} line ${lineNo}: ${line.length} characters, at most ${2 * SIZE + 1} expected`);
    const at = (k: number): string => line[k] ?? ' ';
    if (i % 2 === 0) {
      const r = i / 2;
      for (let k = 0; k <= 2 * SIZE; k += 2)
        if (at(k) !== '+' && at(k) !== ' ') problems.push(`${source} line ${lineNo} column ${k + 1}: '${printable(at(k))}' where a corner '+' belongs`);
      for (let c = 0; c < SIZE; c++) {
        const ch = at(2 * c + 1);
        if (ch === '-') walls[hEdge(r, c)] = 1;
        else if (ch !== ' ') problems.push(`${source} line ${lineNo} column ${2 * c + 2}: '${printable(ch)}' is neither a wall '-' nor an opening ' '`);
      }
    } else {
      const r = (i - 1) / 2;
      for (let c = 0; c <= SIZE; c++) {
        const ch = at(2 * c);
        if (ch === '|') walls[vEdge(r, c)] = 1;
        else if (ch !== ' ') problems.push(`${source} line ${lineNo} column ${2 * c + 1}: '${printable(ch)}' is neither a wall '|' nor an opening ' '`);
      }
      for (let c = 0; c < SIZE; c++)
        if (at(2 * c + 1) !== ' ') problems.push(`${source} line ${lineNo} column ${2 * c + 2}: '${printable(at(2 * c + 1))}' inside a square (only spaces belong there)`);
    }
  });
  if (problems.length > 0) throw new MazeError(problems);
  return starts ? { maze: { walls }, starts } : { maze: { walls } };
}

const ORIENTATIONS: Record<string, Dir> = {
  n: 0, north: 0, up: 0, u: 0,
  e: 1, east: 1, right: 1, r: 1,
  s: 2, south: 2, down: 2, d: 2,
  w: 3, west: 3, left: 3, l: 3,
};

/** `row column orientation` (1-based; separated by spaces or commas); orientation N/E/S/W or a word. */
function parseStartLine(line: string, where: string, problems: string[]): Pose | undefined {
  const m = /^\s*(\d+)\s*[,\s]\s*(\d+)\s*[,\s]\s*([A-Za-z]+)\s*$/.exec(line);
  if (!m) {
    // The line itself is not quoted: the file may be anything.
    problems.push(`${where}: not 'row column orientation' (e.g. '3 12 N': 1-based row, 1-based column, N/E/S/W)`);
    return undefined;
  }
  return poseFrom(Number(m[1]), Number(m[2]), m[3]!, where, problems);
}

/** A pose from 1-based row and column and an orientation word; reports range problems. */
export function poseFrom(row: number, col: number, facing: string, where: string, problems: string[]): Pose | undefined {
  const d = ORIENTATIONS[facing.toLowerCase()];
  const before = problems.length;
  if (!Number.isInteger(row) || row < 1 || row > SIZE) problems.push(`${where}: row ${row} is outside 1..${SIZE}`);
  if (!Number.isInteger(col) || col < 1 || col > SIZE) problems.push(`${where}: column ${col} is outside 1..${SIZE}`);
  if (d === undefined) problems.push(`${where}: orientation '${printable(facing, 8)}' is not N, E, S or W`);
  return problems.length === before ? { cell: cellAt(row - 1, col - 1), facing: d! } : undefined;
}

/** The maze as the official 51 lines of art (row 1 on top). */
export function renderMaze(maze: Maze): string[] {
  const out: string[] = [];
  for (let r = 0; r <= SIZE; r++) {
    let h = '+';
    for (let c = 0; c < SIZE; c++) h += (maze.walls[hEdge(r, c)] ? '-' : ' ') + '+';
    out.push(h);
    if (r === SIZE) break;
    let v = '';
    for (let c = 0; c <= SIZE; c++) v += (maze.walls[vEdge(r, c)] ? '|' : ' ') + (c < SIZE ? ' ' : '');
    out.push(v);
  }
  return out;
}

/** The official file: two start lines, then the art. */
export function renderMazeFile(maze: Maze, starts: { red: Pose; blue: Pose }): string {
  const start = (p: Pose): string => `${rowOf(p.cell) + 1} ${colOf(p.cell) + 1} ${DIR_LETTERS[p.facing]}`;
  return [start(starts.red), start(starts.blue), ...renderMaze(maze)].join('\n') + '\n';
}

// ---------------------------------------------------------------- properties

/** Every property the rule text promises that this maze breaks (empty when valid). */
export function mazeProblems(maze: Maze): string[] {
  const problems: string[] = [];
  const gaps = (Object.entries(OUTER) as [string, readonly Edge[]][])
    .flatMap(([side, edges]) => edges.map((e, k) => (maze.walls[e] ? '' : `${side} edge at ${side === 'top' || side === 'bottom' ? 'column' : 'row'} ${k + 1}`)))
    .filter(Boolean);
  if (gaps.length > 0) problems.push(`the outer edge is open: ${gaps.slice(0, 5).join(', ')}${gaps.length > 5 ? ` and ${gaps.length - 5} more` : ''} — ${MAZE_RULES.closed}`);

  const reached = reachableFrom(maze, 0);
  const unreachable: Cell[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (!reached[cell]) unreachable.push(cell);
  if (unreachable.length > 0)
    problems.push(`${unreachable.length} square(s) cannot be reached from (1,1), e.g. ${unreachable.slice(0, 5).map(cellName).join(' ')} — ${MAZE_RULES.connected}`);

  const bare: string[] = [];
  for (let i = 0; i <= SIZE; i++)
    for (let j = 0; j <= SIZE; j++)
      if (!cornerEdges(i, j).some((e) => e >= 0 && maze.walls[e])) bare.push(`(${i},${j})`);
  if (bare.length > 0)
    problems.push(`${bare.length} corner(s) touch no wall, e.g. ${bare.slice(0, 5).join(' ')} (corner (i,j) is the lower right corner of square (i,j)) — ${MAZE_RULES.corners}`);
  return problems;
}

/** Squares reachable from `start` without crossing a wall. */
export function reachableFrom(maze: Maze, start: Cell): Uint8Array {
  const seen = new Uint8Array(CELLS);
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const cell = stack.pop()!;
    for (const d of DIRS) {
      if (isWall(maze, cell, d)) continue;
      const n = neighbor(cell, d);
      if (n >= 0 && !seen[n]) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return seen;
}

/** Problems with a pair of starting positions under the rule text (empty when valid). */
export function startProblems(maze: Maze, starts: { red: Pose; blue: Pose }): string[] {
  const problems: string[] = [];
  for (const [name, p] of [['Red', starts.red], ['Blue', starts.blue]] as const)
    if (isWall(maze, p.cell, turnAround(p.facing)))
      problems.push(`${name} starts at ${poseName(p)} with a wall directly behind it — ${MAZE_RULES.startBehind}`);
  const d2 = squaredDistance(starts.red.cell, starts.blue.cell);
  if (d2 < MIN_START_SQUARED_DISTANCE)
    problems.push(`Red ${cellName(starts.red.cell)} and Blue ${cellName(starts.blue.cell)} are only √${d2} apart (squared distance ${d2} < ${MIN_START_SQUARED_DISTANCE}) — ${MAZE_RULES.startDistance}`);
  return problems;
}

/** Throws MazeError unless the maze and (when given) the starts keep every promise of the rule text. */
export function assertValid(maze: Maze, starts?: { red: Pose; blue: Pose }, source = 'maze'): void {
  const problems = [...mazeProblems(maze), ...(starts ? startProblems(maze, starts) : [])];
  if (problems.length > 0) throw new MazeError(problems.map((p) => `${source}: ${p}`));
}

/** Starting positions chosen by the rules with the seeded rng: no wall behind, squared distance >= 288. */
export function chooseStarts(maze: Maze, rng: Rng): { red: Pose; blue: Pose } {
  const poses: Pose[] = [];
  for (let cell = 0; cell < CELLS; cell++)
    for (const facing of DIRS) if (!isWall(maze, cell, turnAround(facing))) poses.push({ cell, facing });
  for (let attempt = 0; attempt < 1000; attempt++) {
    const red = rng.pick(poses);
    const far = poses.filter((p) => squaredDistance(p.cell, red.cell) >= MIN_START_SQUARED_DISTANCE);
    if (far.length > 0) return { red, blue: rng.pick(far) };
  }
  throw new MazeError(['no pair of starting squares is √288 apart with an opening behind each']);
}
