// The start of a SnakeCore game. The real jury never published its locations (field size, walls,
// reactors, blocks, number of pythons, moves per game), so they are scenario settings with documented
// defaults (docs/snakecore.md), drawn by a seeded generator unless the scenario gives the field itself.
import { ScenarioError } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { adjacent, cellName, inside, type Block, type Cell, type Python, type State } from './rules.js';
import { DEFAULT_EMPTY_CHAR, FIELD_CHARS } from './wire.js';

export const DEFAULTS = {
  size: 20,
  moves: 100,
  pythons: 4,
  walls: 24,
  reactors: 2,
  blocks: 40,
  energy: 6,
  startBody: 0,
  emptyChar: DEFAULT_EMPTY_CHAR,
} as const;

export interface PythonSpec {
  /** Head first, then the body blocks to the tail, as [x, y]. */
  cells: [number, number][];
  protection?: number;
  score?: number;
}

export interface SnakeSetup {
  size?: number;
  moves?: number;
  pythons?: number | PythonSpec[];
  walls?: number;
  reactors?: number;
  blocks?: number;
  energy?: number;
  startBody?: number;
  emptyChar?: string;
  field?: string[];
}

export interface Game {
  state: State;
  /** Moves each python makes in the game (rounds). */
  moves: number;
  emptyChar: string;
}

const GENERATOR_KEYS = ['size', 'walls', 'reactors', 'blocks', 'energy', 'startBody'] as const;

export function buildGame(raw: Record<string, unknown> | undefined, rng: Rng): Game {
  const setup = (raw ?? {}) as SnakeSetup;
  const moves = setup.moves ?? DEFAULTS.moves;
  const emptyChar = setup.emptyChar ?? DEFAULTS.emptyChar;
  if (!Number.isInteger(moves) || moves < 1) throw new ScenarioError(`setup.moves must be a positive integer, not ${String(moves)}`);
  if (emptyChar.length !== 1 || (Object.values(FIELD_CHARS) as string[]).includes(emptyChar) || emptyChar < ' ' || emptyChar > '~')
    throw new ScenarioError(`setup.emptyChar must be one printable ASCII character other than W R b e p, not ${JSON.stringify(emptyChar)}`);
  const state = setup.field ? stateFromField(setup) : generateState(setup, rng);
  return { state, moves, emptyChar };
}

/** A field written out in the scenario: rows of `W R b e p .`, pythons by their cells (head first). */
export function stateFromField(setup: SnakeSetup): State {
  const rows = setup.field!;
  const n = rows.length;
  for (const key of GENERATOR_KEYS)
    if (key !== 'size' && setup[key] !== undefined) throw new ScenarioError(`setup.${key} is for the field generator; it cannot be combined with setup.field`);
  if (setup.size !== undefined && setup.size !== n) throw new ScenarioError(`setup.size is ${setup.size} but setup.field has ${n} rows`);
  if (n < 2) throw new ScenarioError('setup.field needs at least 2 rows');
  const terrain: string[] = [];
  const blocks = new Map<string, Block>();
  const heads: Cell[] = [];
  rows.forEach((row, y) => {
    if (row.length !== n) throw new ScenarioError(`setup.field row ${y} has ${row.length} characters; the field is square (${n})`);
    let t = '';
    for (let x = 0; x < n; x++) {
      const ch = row[x]!;
      if (!'WRbep.'.includes(ch)) throw new ScenarioError(`setup.field row ${y}, column ${x}: '${ch}' is not one of W R b e p .`);
      t += ch === 'W' || ch === 'R' ? ch : '.';
      if (ch === 'b' || ch === 'e') blocks.set(`${x},${y}`, { x, y, kind: ch });
      if (ch === 'p') heads.push({ x, y });
    }
    terrain.push(t);
  });

  let specs: PythonSpec[];
  if (setup.pythons === undefined || typeof setup.pythons === 'number') {
    if (typeof setup.pythons === 'number' && setup.pythons !== heads.length)
      throw new ScenarioError(`setup.pythons is ${setup.pythons} but setup.field shows ${heads.length} heads (p)`);
    specs = heads.map((h) => ({ cells: [[h.x, h.y]] }));
  } else {
    specs = setup.pythons;
  }
  if (specs.length === 0) throw new ScenarioError('a game needs at least one python');

  const used = new Set<string>();
  const pythons: Python[] = specs.map((spec, i) => {
    const who = `setup.pythons[${i}] (python ${i + 1})`;
    if (spec.cells.length === 0) throw new ScenarioError(`${who} has no cells; the head comes first`);
    const cells = spec.cells.map(([x, y]) => ({ x, y }));
    cells.forEach((c, k) => {
      const key = `${c.x},${c.y}`;
      if (!inside({ size: n } as State, c)) throw new ScenarioError(`${who}: ${cellName(c)} lies outside the ${n}x${n} field`);
      if (used.has(key)) throw new ScenarioError(`${who}: ${cellName(c)} is already taken by a python`);
      used.add(key);
      if (k > 0 && !adjacent(cells[k - 1]!, c)) throw new ScenarioError(`${who}: ${cellName(cells[k - 1]!)} and ${cellName(c)} are not neighbours; a body is a chain`);
      const ch = rows[c.y]![c.x]!;
      if (k === 0 && ch !== 'p') throw new ScenarioError(`${who}: its head ${cellName(c)} must be 'p' in setup.field, not '${ch}'`);
      if (k > 0 && ch !== 'b' && ch !== 'e') throw new ScenarioError(`${who}: body cell ${cellName(c)} must be 'b' or 'e' in setup.field, not '${ch}'`);
    });
    const body = cells.slice(1).map((c) => blocks.get(`${c.x},${c.y}`)!);
    return { head: cells[0]!, body, protection: spec.protection ?? 0, score: spec.score ?? 0, disqualified: false };
  });
  for (const h of heads)
    if (!pythons.some((p) => p.head.x === h.x && p.head.y === h.y))
      throw new ScenarioError(`setup.field has a head (p) at ${cellName(h)} that no entry of setup.pythons starts at`);
  const free = [...blocks.values()].filter((b) => !used.has(`${b.x},${b.y}`));
  return { size: n, terrain, free, pythons };
}

/** A seeded random location: walls and reactors that never cut the field in pieces, then pythons and blocks. */
export function generateState(setup: SnakeSetup, rng: Rng): State {
  if (Array.isArray(setup.pythons)) throw new ScenarioError('setup.pythons as a list of cells needs setup.field');
  const n = setup.size ?? DEFAULTS.size;
  const k = setup.pythons ?? DEFAULTS.pythons;
  const walls = setup.walls ?? DEFAULTS.walls;
  const reactors = setup.reactors ?? DEFAULTS.reactors;
  const blocks = setup.blocks ?? DEFAULTS.blocks;
  const energy = setup.energy ?? DEFAULTS.energy;
  const startBody = setup.startBody ?? DEFAULTS.startBody;
  const needed = walls + reactors + k * (1 + startBody) + blocks + energy;
  // Leave room to move: at most three quarters of the field may be taken at the start.
  if (needed > Math.floor((n * n * 3) / 4))
    throw new ScenarioError(`setup asks for ${needed} occupied cells on a ${n}x${n} field; at most ${Math.floor((n * n * 3) / 4)} fit`);
  if (k < 1) throw new ScenarioError('a game needs at least one python');

  for (let attempt = 0; attempt < 200; attempt++) {
    const taken = new Set<number>();
    const cells = shuffledCells(n, rng);
    const take = (): Cell => {
      const c = cells.find((c) => !taken.has(c.y * n + c.x))!;
      taken.add(c.y * n + c.x);
      return c;
    };
    const terrainGrid: string[][] = Array.from({ length: n }, () => new Array<string>(n).fill('.'));
    for (let i = 0; i < walls; i++) {
      const c = take();
      terrainGrid[c.y]![c.x] = 'W';
    }
    for (let i = 0; i < reactors; i++) {
      const c = take();
      terrainGrid[c.y]![c.x] = 'R';
    }
    const terrain = terrainGrid.map((r) => r.join(''));
    if (!openCellsConnected(terrain) || !reactorsReachable(terrain)) continue;

    const pythons: Python[] = [];
    let ok = true;
    for (let i = 0; i < k && ok; i++) {
      const head = take();
      const body: Block[] = [];
      let at = head;
      for (let b = 0; b < startBody; b++) {
        const next = rng
          .shuffle([[0, -1], [-1, 0], [0, 1], [1, 0]].map(([dx, dy]) => ({ x: at.x + dx!, y: at.y + dy! })))
          .find((c) => inside({ size: n } as State, c) && !taken.has(c.y * n + c.x));
        if (!next) {
          ok = false;
          break;
        }
        taken.add(next.y * n + next.x);
        body.push({ ...next, kind: 'b' });
        at = next;
      }
      pythons.push({ head, body, protection: 0, score: 0, disqualified: false });
    }
    if (!ok) continue;
    const free: Block[] = [];
    for (let i = 0; i < blocks; i++) free.push({ ...take(), kind: 'b' });
    for (let i = 0; i < energy; i++) free.push({ ...take(), kind: 'e' });
    return { size: n, terrain, free, pythons };
  }
  throw new ScenarioError(`could not lay out a ${n}x${n} field with ${walls} walls and ${reactors} reactors that keeps every open cell reachable; use fewer walls`);
}

function shuffledCells(n: number, rng: Rng): Cell[] {
  const cells: Cell[] = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) cells.push({ x, y });
  return rng.shuffle(cells);
}

const isOpen = (terrain: readonly string[], x: number, y: number): boolean =>
  y >= 0 && y < terrain.length && x >= 0 && x < terrain.length && terrain[y]![x] === '.';

/** Every cell a head can stand on is reachable from every other one. */
export function openCellsConnected(terrain: readonly string[]): boolean {
  const n = terrain.length;
  let start: Cell | undefined;
  let open = 0;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      if (isOpen(terrain, x, y)) {
        open++;
        start ??= { x, y };
      }
  if (!start) return false;
  const seen = new Set<number>([start.y * n + start.x]);
  const queue = [start];
  while (queue.length > 0) {
    const c = queue.pop()!;
    for (const [dx, dy] of [[0, -1], [-1, 0], [0, 1], [1, 0]] as const) {
      const x = c.x + dx, y = c.y + dy;
      if (isOpen(terrain, x, y) && !seen.has(y * n + x)) {
        seen.add(y * n + x);
        queue.push({ x, y });
      }
    }
  }
  return seen.size === open;
}

function reactorsReachable(terrain: readonly string[]): boolean {
  const n = terrain.length;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      if (terrain[y]![x] === 'R' && ![[0, -1], [-1, 0], [0, 1], [1, 0]].some(([dx, dy]) => isOpen(terrain, x + dx!, y + dy!))) return false;
  return true;
}
