// Built-in Amazes opponents. Both play legal lines of at most 256 steps and never need I/O.
//   explorer (default): plays like a sensible bot — from its own discoveries only, it walks to the
//     nearest known square that still has an undiscovered edge (ties broken by the seeded rng), so
//     the bot sees realistic distances and the opponent's discoveries take "first" points away.
//   hunter: a jury instrument, not a fair player — it reads the real maze, walks until it has
//     discovered all 625 squares, then walks onto the bot's square: sudden death, and the bot gets
//     `Quit`. It makes the rule text's second ending reachable within a few turns.
//   chaser: also reads the real maze, and ends every turn on the bot's square when it can (+100 for
//     it), so the bot is told a squared distance of 0 again and again.
import type { Rng } from '../../core/rng.js';
import { CELLS, DIRS, isWall, neighbor, squareTables, turnAround, type Cell, type Dir, type Maze } from './maze.js';
import { OPEN, UNKNOWN } from './discovery.js';
import { MAX_STEPS, other, type GameState } from './rules.js';

export const OPPONENTS = ['explorer', 'hunter', 'chaser'] as const;
export type OpponentName = (typeof OPPONENTS)[number];
export const DEFAULT_OPPONENT: OpponentName = 'explorer';

export function chooseMove(name: OpponentName, s: GameState, rng: Rng): string {
  const steps = name === 'hunter' ? hunterMove(s) : name === 'chaser' ? chaserMove(s) : explorerMove(s, rng);
  // Never empty: a step back is always possible (a player faces away from where it came from).
  return steps.length > 0 ? steps : 'T';
}

/** Relative steps for a path of absolute directions, starting while facing `facing`. */
export function stepsFor(facing: Dir, path: readonly Dir[]): string {
  let out = '';
  let f = facing;
  for (const d of path) {
    out += 'FRTL'[(d - f + 4) & 3];
    f = d;
  }
  return out;
}

/**
 * Breadth-first search from `start` over the edges whose entry in `edges` is (or, with `crossUnless`,
 * is not) `value`: distance and the direction that entered each square.
 */
function bfs(start: Cell, edges: Uint8Array, value: number, crossUnless = false): { dist: Int16Array; via: Int8Array } {
  const { edges: edgeAt, neighbours } = squareTables();
  const dist = new Int16Array(CELLS).fill(-1);
  const via = new Int8Array(CELLS).fill(-1);
  const queue = new Int16Array(CELLS);
  let tail = 0;
  queue[tail++] = start;
  dist[start] = 0;
  for (let i = 0; i < tail; i++) {
    const cell = queue[i]!;
    for (let d = 0; d < 4; d++) {
      if ((edges[edgeAt[cell * 4 + d]!] === value) === crossUnless) continue;
      const n = neighbours[cell * 4 + d]!;
      if (n < 0 || dist[n]! >= 0) continue;
      dist[n] = dist[cell]! + 1;
      via[n] = d;
      queue[tail++] = n;
    }
  }
  return { dist, via };
}

/** Over the openings a player has discovered. */
const bfsKnown = (start: Cell, knownEdges: Uint8Array) => bfs(start, knownEdges, OPEN);
/** Through the real maze (every edge that is not a wall). */
const bfsMaze = (start: Cell, maze: Maze) => bfs(start, maze.walls, 1, true);

function pathTo(target: Cell, via: Int8Array): Dir[] {
  const path: Dir[] = [];
  for (let cell = target; via[cell]! >= 0; ) {
    const d = via[cell] as Dir;
    path.push(d);
    cell = neighbor(cell, turnAround(d));
  }
  return path.reverse();
}

export function explorerMove(s: GameState, rng: Rng): string {
  const me = s[s.toMove];
  const k = me.knowledge;
  const { dist, via } = bfsKnown(me.pose.cell, k.edges);
  const edgeAt = squareTables().edges;
  let best = Infinity;
  let frontier: Cell[] = [];
  const reachable: Cell[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const n = dist[cell]!;
    if (n <= 0) continue;
    reachable.push(cell);
    const e = cell * 4;
    if (k.edges[edgeAt[e]!] !== UNKNOWN && k.edges[edgeAt[e + 1]!] !== UNKNOWN && k.edges[edgeAt[e + 2]!] !== UNKNOWN && k.edges[edgeAt[e + 3]!] !== UNKNOWN) continue;
    if (n < best) {
      best = n;
      frontier = [cell];
    } else if (n === best) frontier.push(cell);
  }
  // Everything reachable is known: wander somewhere (the game goes on for 150 turns).
  const target = frontier.length > 0 ? rng.pick(frontier) : rng.pick(reachable);
  return stepsFor(me.pose.facing, pathTo(target, via).slice(0, MAX_STEPS));
}

/** The shortest way onto the other player's square (through the real maze), or one step aside when already there. */
function chase(maze: Maze, from: Cell, prey: Cell): Dir[] {
  const path = pathTo(prey, bfsMaze(from, maze).via);
  return path.length > 0 ? path : [DIRS.find((d) => !isWall(maze, from, d))!];
}

export function chaserMove(s: GameState): string {
  const me = s[s.toMove];
  return stepsFor(me.pose.facing, chase(s.maze, me.pose.cell, s[other(s.toMove)].pose.cell).slice(0, MAX_STEPS));
}

export function hunterMove(s: GameState): string {
  const maze: Maze = s.maze;
  const me = s[s.toMove];
  const prey = s[other(s.toMove)].pose.cell;
  const discovered = me.knowledge.discovered.slice();
  let left = CELLS - me.knowledge.discoveredCount;
  let at = me.pose.cell;
  const path: Dir[] = [];
  // Walk to the nearest undiscovered square, again and again, within the turn's 256 steps.
  while (left > 0 && path.length < MAX_STEPS) {
    const { dist, via } = bfsMaze(at, maze);
    let target = -1;
    for (let cell = 0; cell < CELLS; cell++)
      if (!discovered[cell] && dist[cell]! > 0 && (target < 0 || dist[cell]! < dist[target]!)) target = cell;
    if (target < 0) break;
    for (const d of pathTo(target, via)) {
      at = neighbor(at, d);
      path.push(d);
      if (!discovered[at]) {
        discovered[at] = 1;
        left--;
      }
    }
  }
  if (left === 0 && path.length < MAX_STEPS) {
    const onto = pathTo(prey, bfsMaze(at, maze).via);
    if (onto.length > 0) path.push(...onto);
    // Already on the bot's square: step aside now, come back next turn.
    else if (path.length === 0) path.push(...chase(maze, at, prey));
  }
  return stepsFor(me.pose.facing, path.slice(0, MAX_STEPS));
}
