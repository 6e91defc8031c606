// What one player has discovered, and the rule text's discovery rules ("Discovery" section), as pure
// functions: each takes a player's knowledge and returns a new one plus what was newly discovered.
//
// The jury tracks knowledge in absolute coordinates, but the rules model a player who does not know
// where it is: outer walls count as discovered only when seen, or through the 25-rows / 25-columns
// rules, or opposite a fully discovered outer edge.

import {
  CELLS, EDGES, OUTER, SIZE, DIRS, cornerEdges, colOf, edgeCells, edgeOf, isWall, neighbor, rowOf, turnLeft, turnRight,
  squareTables, type Cell, type Edge, type Maze, type Pose,
} from './maze.js';

export const UNKNOWN = 0;
export const WALL = 1;
export const OPEN = 2;
export type EdgeKnowledge = typeof UNKNOWN | typeof WALL | typeof OPEN;

export interface Knowledge {
  /** Per edge: UNKNOWN, WALL or OPEN, as this player has discovered it. */
  readonly edges: Uint8Array;
  /** Per square: 1 once this player discovered it. */
  readonly discovered: Uint8Array;
  /** Per square: 1 when discovered by the dead-end rules ("This square is called a 'dead-end'-square"). */
  readonly deadEnd: Uint8Array;
  readonly discoveredCount: number;
}

export function emptyKnowledge(): Knowledge {
  return { edges: new Uint8Array(EDGES), discovered: new Uint8Array(CELLS), deadEnd: new Uint8Array(CELLS), discoveredCount: 0 };
}

/** Why a square was discovered (for reports and tests). */
export type DiscoveryReason = 'seen' | 'visited' | 'dead-end';

export interface Discovery {
  cell: Cell;
  reason: DiscoveryReason;
}

export const DISCOVERY_RULES = {
  seen:
    'A square has been discovered if, at the beginning of your turn, you can potentially see it in any orientation from your current position. Any squares that are directly behind openings to the left and right of the directions in which you are looking have also been discovered.',
  visited: 'A square has also been discovered if you have visited the square during a move.',
  deadEnd1:
    "A square that you have not yet discovered, but for which you have discovered three of its walls, is also discovered. This square is called a 'dead-end'-square. The opening from this square to the next square is also discovered.",
  deadEnd2:
    "A square that you have not yet discovered that has one discovered opening to a 'dead-end'-square and two discovered walls is also discovered.",
  deadEnd3:
    "A square that you have not yet discovered that has two discovered openings to 'dead-end'-squares and has one discovered wall is also discovered.",
  deadEnd4:
    "A square that you have not yet discovered that has three discovered openings to 'dead-end'-squares is also discovered.",
  wallSeen:
    'A wall is discovered if, at the beginning of a turn, you can see it: the wall is along the sides or end of the corridor that extend from your position.',
  corner: 'If for a corner in the maze you have discovered that three edges are openings, the fourth edge has to be a wall and is discovered.',
  columns:
    'If you have discovered, or know of open connections to, at least one square in all 25 columns of the maze, the vertical walls on the outside (the outer edges of the maze) are discovered.',
  rows:
    'If you have discovered, or know of open connections to, at least one square in all 25 rows of the maze, the horizontal walls on the outside (the outer edges of the maze) are discovered.',
  opposite: 'If the 25 walls of one outer edge of the maze have been discovered, the 25 walls on the opposing side are also determined as discovered.',
} as const;

/** A mutable working copy; every exported function copies first, so callers' knowledge never changes. */
class Draft {
  readonly edges: Uint8Array;
  readonly discovered: Uint8Array;
  readonly deadEnd: Uint8Array;
  count: number;
  readonly found: Discovery[] = [];

  /** `squaresOnly`: only squares will be discovered (a move's visits): the edges and dead ends are shared, never written. */
  constructor(k: Knowledge, squaresOnly = false) {
    this.edges = squaresOnly ? k.edges : k.edges.slice();
    this.discovered = k.discovered.slice();
    this.deadEnd = squaresOnly ? k.deadEnd : k.deadEnd.slice();
    this.count = k.discoveredCount;
  }

  discover(cell: Cell, reason: DiscoveryReason): boolean {
    if (this.discovered[cell]) return false;
    this.discovered[cell] = 1;
    this.count++;
    this.found.push({ cell, reason });
    return true;
  }

  /** Records an edge; returns true when it was unknown before. */
  learn(e: Edge, what: typeof WALL | typeof OPEN): boolean {
    if (this.edges[e] !== UNKNOWN) return false;
    this.edges[e] = what;
    return true;
  }

  done(): { knowledge: Knowledge; found: Discovery[] } {
    return {
      knowledge: { edges: this.edges, discovered: this.discovered, deadEnd: this.deadEnd, discoveredCount: this.count },
      found: this.found,
    };
  }
}

/**
 * The information stage: the squares and edges the player sees from `pose` (its own square, the four
 * corridors, the squares behind their side openings, their side and end walls), then the inference
 * rules iterated until nothing new follows.
 */
export function observe(k: Knowledge, maze: Maze, pose: Pose): { knowledge: Knowledge; found: Discovery[] } {
  const draft = new Draft(k);
  draft.discover(pose.cell, 'seen');
  for (const d of DIRS) {
    let cell = pose.cell;
    for (;;) {
      const ahead = edgeOf(cell, d);
      if (isWall(maze, cell, d)) {
        draft.learn(ahead, WALL);
        break;
      }
      draft.learn(ahead, OPEN);
      cell = neighbor(cell, d);
      draft.discover(cell, 'seen');
      for (const side of [turnLeft(d), turnRight(d)]) {
        if (isWall(maze, cell, side)) draft.learn(edgeOf(cell, side), WALL);
        else {
          draft.learn(edgeOf(cell, side), OPEN);
          draft.discover(neighbor(cell, side), 'seen');
        }
      }
    }
  }
  infer(draft);
  return draft.done();
}

/** Squares walked over during a move are discovered immediately (their edges are not). */
export function visit(k: Knowledge, cells: readonly Cell[]): { knowledge: Knowledge; found: Discovery[] } {
  const draft = new Draft(k, true);
  for (const cell of cells) draft.discover(cell, 'visited');
  return draft.done();
}

/** The inference rules alone, iterated to a fixpoint (exported for tests built from the rule text). */
export function inferOnly(k: Knowledge): { knowledge: Knowledge; found: Discovery[] } {
  const draft = new Draft(k);
  infer(draft);
  return draft.done();
}

function infer(d: Draft): void {
  for (let changed = true; changed; ) {
    changed = cornerRule(d);
    changed = outerEdgeRules(d) || changed;
    changed = deadEndRules(d) || changed;
  }
}

// The rules run to a fixed point at every turn of every player: their tables are computed once, on
// first use (not at import: every botjury command loads this module, most never play Amazes).
interface Tables {
  /** The four edges of each interior corner, four by four (only those have four; a border corner never has three openings). */
  interiorCorners: Int32Array;
  /** The squares on each side of every edge. */
  edgeCells: readonly (readonly Cell[])[];
  outerEdges: readonly Edge[];
}
let built: Tables | null = null;
function tables(): Tables {
  built ??= {
    interiorCorners: Int32Array.from(Array.from({ length: (SIZE - 1) * (SIZE - 1) }, (_, k) => cornerEdges(1 + Math.floor(k / (SIZE - 1)), 1 + (k % (SIZE - 1)))).flat()),
    edgeCells: Array.from({ length: EDGES }, (_, e) => edgeCells(e)),
    outerEdges: [...OUTER.top, ...OUTER.bottom, ...OUTER.left, ...OUTER.right],
  };
  return built;
}

function cornerRule(d: Draft): boolean {
  const corners = tables().interiorCorners;
  const edges = d.edges;
  let changed = false;
  for (let k = 0; k < corners.length; k += 4) {
    let open = 0;
    let unknown = -1;
    for (let j = k; j < k + 4; j++) {
      const e = corners[j]!;
      if (edges[e] === OPEN) open++;
      else if (edges[e] === UNKNOWN) unknown = e;
    }
    if (open === 3 && unknown >= 0) changed = d.learn(unknown, WALL) || changed;
  }
  return changed;
}

/** Squares the player has discovered or knows an open connection to ("found" in the rule text's example). */
export function knownToExist(edges: Uint8Array, discovered: Uint8Array): Uint8Array {
  const exists = new Uint8Array(CELLS);
  eachKnownToExist(edges, discovered, (cell) => (exists[cell] = 1));
  return exists;
}

/** Calls `visit` for each of knownToExist's squares (some more than once), without making its array. */
function eachKnownToExist(edges: Uint8Array, discovered: Uint8Array, visit: (cell: Cell) => void): void {
  for (let cell = 0; cell < CELLS; cell++) if (discovered[cell]) visit(cell);
  const sides = tables().edgeCells;
  for (let e = 0; e < EDGES; e++) if (edges[e] === OPEN) for (const c of sides[e]!) visit(c);
}

function outerEdgeRules(d: Draft): boolean {
  // They only ever learn outer walls: once every outer edge is known, nothing can follow.
  if (tables().outerEdges.every((e) => d.edges[e] !== UNKNOWN)) return false;
  let changed = false;
  const rows = new Uint8Array(SIZE);
  const cols = new Uint8Array(SIZE);
  eachKnownToExist(d.edges, d.discovered, (cell) => {
    rows[rowOf(cell)] = 1;
    cols[colOf(cell)] = 1;
  });
  const learnAll = (edges: readonly Edge[]): void => {
    for (const e of edges) changed = d.learn(e, WALL) || changed;
  };
  if (cols.every((x) => x === 1)) learnAll([...OUTER.left, ...OUTER.right]);
  if (rows.every((x) => x === 1)) learnAll([...OUTER.top, ...OUTER.bottom]);
  const complete = (edges: readonly Edge[]): boolean => edges.every((e) => d.edges[e] === WALL);
  if (complete(OUTER.top)) learnAll(OUTER.bottom);
  if (complete(OUTER.bottom)) learnAll(OUTER.top);
  if (complete(OUTER.left)) learnAll(OUTER.right);
  if (complete(OUTER.right)) learnAll(OUTER.left);
  return changed;
}

/**
 * The four dead-end rules in one: an undiscovered square whose discovered walls plus discovered
 * openings to dead-end squares number three (3+0, 2+1, 1+2, 0+3) is discovered, becomes a dead-end
 * square, and all its edges that are not walls are discovered openings.
 */
function deadEndRules(d: Draft): boolean {
  const { edges: cellEdges, neighbours: cellNeighbours } = squareTables();
  let changed = false;
  for (let cell = 0; cell < CELLS; cell++) {
    if (d.discovered[cell]) continue;
    let walls = 0;
    let toDeadEnds = 0;
    for (let k = cell * 4; k < cell * 4 + 4; k++) {
      const e = cellEdges[k]!;
      if (d.edges[e] === WALL) walls++;
      else if (d.edges[e] === OPEN) {
        const n = cellNeighbours[k]!;
        if (n >= 0 && d.deadEnd[n]) toDeadEnds++;
      }
    }
    if (walls + toDeadEnds < 3) continue;
    d.discover(cell, 'dead-end');
    d.deadEnd[cell] = 1;
    for (let k = cell * 4; k < cell * 4 + 4; k++) d.learn(cellEdges[k]!, OPEN);
    changed = true;
  }
  return changed;
}
