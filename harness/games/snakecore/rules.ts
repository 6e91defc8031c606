// SnakeCore (2008) rules as pure functions of state. No I/O, no clock; the only randomness (where a
// dumped or spent block reappears) comes in through a `chooseCell` callback the caller seeds.
// Rule text: shared/rules/snakecore.2008.en.md (the Russian original is authoritative).

export type Action = 'U' | 'L' | 'D' | 'R' | 'N' | 'A';
export const ACTIONS: readonly Action[] = ['U', 'L', 'D', 'R', 'N', 'A'];
export type Direction = 'U' | 'L' | 'D' | 'R';
export const MOVES: readonly Direction[] = ['U', 'L', 'D', 'R'];

export const PROTECTION_MOVES = 10;

export const RULES = {
  turns: 'Players move in turn. ... Each game is limited to a number of moves; whoever has more points at the end wins.',
  move: 'When the head moves onto an empty cell the body follows: the first body block takes the head\'s old cell, the second takes the first\'s old cell, and so on; the cell the tail occupied becomes empty.',
  eat: 'If the head moves onto a cell holding a free block, that block joins the body: the head moves to the chosen cell, the new block is placed in the cell where the head was, and all other body blocks stay where they are.',
  attack: 'Moving the head onto a cell holding a linked block is an attack. Pythons may attack other pythons or themselves. The chain is broken at that place: the blocks of the attacked python that were after the break become free. The attacker scores as many points as the length of the part it bit off, and it also attaches the attacked block (the one it moved onto) to its own body.',
  invulnerable: 'The head and the tail are invulnerable at all times. Without protection all other blocks of the python can be attacked. With protection the body cannot be attacked (not even by the python itself).',
  ownTail: 'Note in particular that if a python tries to attack its own tail, the tail "runs away" before it is attacked.',
  protection: 'A python with an energy block in its body can spend it to activate protection (the energy block disappears from the body). Protection lasts exactly 10 moves (counting the move used to switch it on) and switches off before the python makes its 11th move. Protection from several energy blocks adds up.',
  reactor: 'Trying to move onto a reactor cell makes the python dump its blocks into the reactor (and the player scores). The head stays in the same position. ... the player scores n(n + 1)/2 points, where n is the length of the python\'s body at the moment of delivery.',
  conservation: 'The number of blocks on the field is always constant. A block (ordinary or energy) delivered to the reactor reappears at a random place on the field. An energy block used to switch on protection also reappears on the field.',
  impossible: 'A python cannot move onto a wall or onto another python\'s head; nor onto a block protected by some python (a block that is a tail, or a block of a python whose protection is on). ... A python cannot leave the field. ... If the python cannot carry out the order (for example the player tries to move it onto a wall), the python skips the move.',
  answer: 'In answer to getAction the player prints, on a line of its own, one character: U (move up), L (move left), D (move down), R (move right), N (skip the move), A (activate protection).',
  name: 'The answer is one line with the player\'s name. The name may contain any characters with ASCII codes >= 0x20; its length must not exceed 32 bytes.',
  neverExit: 'At the start of every game the testing system creates a new process running the player; the player program must not terminate on its own.',
  protocol: 'The solution must also be correct: ... 5. the program must not violate the interaction protocol.',
} as const;

export interface Cell {
  x: number;
  y: number;
}

/** `b` ordinary, `e` energy: the characters the field uses for them. */
export type BlockKind = 'b' | 'e';

export interface Block extends Cell {
  kind: BlockKind;
}

export interface Python {
  head: Cell;
  /** Linked blocks from the one next to the head to the tail (the last). May be empty. */
  body: readonly Block[];
  /**
   * Protection counter: the python is protected while it is above 0. Activation adds 10; it drops by
   * one at the start of each of the python's own turns, so the activating move and the 9 after it are
   * protected and protection is off when the 11th move starts (see docs/snakecore.md).
   */
  protection: number;
  score: number;
  /** A disqualified player stays on the field and simply cannot move. */
  disqualified: boolean;
}

export interface State {
  size: number;
  /** Fixed for the game: `W` wall, `R` reactor, `.` open; rows top to bottom, terrain[y][x]. */
  terrain: readonly string[];
  /** Free (unlinked) blocks. */
  free: readonly Block[];
  /** Pythons in turn order: index 0 is python 1. */
  pythons: readonly Python[];
}

/** Picks one of the listed empty cells (by index) for a block that reappears. */
export type CellChooser = (emptyCells: readonly Cell[]) => number;

export const DELTA: Readonly<Record<Direction, readonly [number, number]>> = {
  U: [0, -1],
  L: [-1, 0],
  D: [0, 1],
  R: [1, 0],
};

export const cellName = (c: Cell): string => `(${c.x},${c.y})`;
const same = (a: Cell, b: Cell): boolean => a.x === b.x && a.y === b.y;
export const adjacent = (a: Cell, b: Cell): boolean => Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1;
export const inside = (state: State, c: Cell): boolean => c.x >= 0 && c.y >= 0 && c.x < state.size && c.y < state.size;
export const dumpPoints = (n: number): number => (n * (n + 1)) / 2;

/** What occupies one cell. */
export type Content =
  | { kind: 'empty' }
  | { kind: 'wall' }
  | { kind: 'reactor' }
  | { kind: 'free'; block: BlockKind }
  | { kind: 'head'; python: number }
  | { kind: 'linked'; python: number; index: number; block: BlockKind };

/** What the terrain holds at (x, y), under any block or python. */
function terrainContent(state: State, x: number, y: number): Content {
  const t = state.terrain[y]![x];
  return t === 'W' ? { kind: 'wall' } : t === 'R' ? { kind: 'reactor' } : { kind: 'empty' };
}

/**
 * Every cell a block or a python holds, in the order in which a later one covers an earlier one on the
 * same cell: the free blocks, then each python's head and body, in turn order. `content` makes what
 * the cell holds, only when asked.
 */
function eachHeld(state: State, visit: (at: Cell, content: () => Content) => void): void {
  for (const b of state.free) visit(b, () => ({ kind: 'free', block: b.kind }));
  state.pythons.forEach((p, python) => {
    visit(p.head, () => ({ kind: 'head', python }));
    p.body.forEach((b, index) => visit(b, () => ({ kind: 'linked', python, index, block: b.kind })));
  });
}

/** The whole field as one lookup, `grid[y * size + x]`. */
export function occupancy(state: State): Content[] {
  const n = state.size;
  const grid: Content[] = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) grid.push(terrainContent(state, x, y));
  eachHeld(state, (at, content) => (grid[at.y * n + at.x] = content()));
  return grid;
}

/** What occupancy(state) holds at `c`, without building the whole field (the rules ask it for each action considered). */
export function contentAt(state: State, c: Cell): Content {
  let last = null as (() => Content) | null;
  eachHeld(state, (at, content) => {
    if (same(at, c)) last = content;
  });
  return last ? last() : terrainContent(state, c.x, c.y);
}

export function emptyCells(state: State): Cell[] {
  const grid = occupancy(state);
  const out: Cell[] = [];
  grid.forEach((c, i) => {
    if (c.kind === 'empty') out.push({ x: i % state.size, y: Math.floor(i / state.size) });
  });
  return out;
}

export const isProtected = (p: Python): boolean => p.protection > 0;

/** What an action does in this state, decided without randomness. */
export type Effect =
  | { kind: 'skip' }
  | { kind: 'move'; to: Cell; ownTail: boolean }
  | { kind: 'eat'; to: Cell; block: BlockKind }
  | { kind: 'attack'; to: Cell; victim: number; index: number; bitten: number; freed: number }
  | { kind: 'dump'; reactor: Cell; blocks: number; points: number }
  | { kind: 'protect'; spent: number }
  | { kind: 'impossible'; reason: string; rule: string };

/** Decides what `action` by python `p` would do now: the rules' verdict on one order. */
export function resolveAction(state: State, p: number, action: Action): Effect {
  const me = state.pythons[p]!;
  if (action === 'N') return { kind: 'skip' };
  if (action === 'A') {
    const spent = lastEnergyIndex(me);
    if (spent < 0)
      return { kind: 'impossible', reason: 'it has no energy block in its body to activate protection with', rule: RULES.protection };
    return { kind: 'protect', spent };
  }
  const [dx, dy] = DELTA[action];
  const to = { x: me.head.x + dx, y: me.head.y + dy };
  if (!inside(state, to))
    return { kind: 'impossible', reason: `the head at ${cellName(me.head)} would leave the ${state.size}x${state.size} field`, rule: RULES.impossible };
  const c = contentAt(state, to);
  switch (c.kind) {
    case 'empty':
      return { kind: 'move', to, ownTail: false };
    case 'wall':
      return { kind: 'impossible', reason: `${cellName(to)} is a wall`, rule: RULES.impossible };
    case 'reactor': {
      const blocks = me.body.length;
      return { kind: 'dump', reactor: to, blocks, points: dumpPoints(blocks) };
    }
    case 'free':
      return { kind: 'eat', to, block: c.block };
    case 'head':
      return { kind: 'impossible', reason: `${cellName(to)} holds the head of python ${c.python + 1}`, rule: RULES.impossible };
    case 'linked': {
      const victim = state.pythons[c.python]!;
      const isTail = c.index === victim.body.length - 1;
      if (c.python === p && isTail) return { kind: 'move', to, ownTail: true };
      if (isTail)
        return { kind: 'impossible', reason: `${cellName(to)} is the tail of python ${c.python + 1}, and tails are invulnerable`, rule: RULES.invulnerable };
      if (isProtected(victim))
        return {
          kind: 'impossible',
          reason: `${cellName(to)} belongs to python ${c.python + 1}${c.python === p ? ' itself' : ''}, whose protection is on (${victim.protection} left)`,
          rule: RULES.invulnerable,
        };
      const bitten = victim.body.length - c.index;
      return { kind: 'attack', to, victim: c.python, index: c.index, bitten, freed: bitten - 1 };
    }
  }
}

export const isPossible = (state: State, p: number, action: Action): boolean => resolveAction(state, p, action).kind !== 'impossible';

/** Orders python `p` can carry out now (N always). */
export function possibleActions(state: State, p: number): Action[] {
  return ACTIONS.filter((a) => isPossible(state, p, a));
}

function lastEnergyIndex(p: Python): number {
  for (let i = p.body.length - 1; i >= 0; i--) if (p.body[i]!.kind === 'e') return i;
  return -1;
}

/** The start of python `p`'s own turn: one protected move is used up (see Python.protection). */
export function startTurn(state: State, p: number): State {
  const me = state.pythons[p]!;
  if (me.protection === 0) return state;
  return withPython(state, p, { ...me, protection: me.protection - 1 });
}

export interface Applied {
  state: State;
  effect: Effect;
  /** Where blocks reappeared (conservation law), in the order they were placed. */
  respawned: Block[];
}

/** Carries out python `p`'s order. An impossible order is a skipped move (state unchanged). */
export function applyAction(state: State, p: number, action: Action, chooseCell: CellChooser): Applied {
  const effect = resolveAction(state, p, action);
  const me = state.pythons[p]!;
  const oldHead = me.head;
  switch (effect.kind) {
    case 'skip':
    case 'impossible':
      return { state, effect, respawned: [] };
    case 'move': {
      // Every block takes the cell of the one before it; the tail's cell is left empty.
      const cells: Cell[] = [oldHead, ...me.body];
      const body = me.body.map((b, i) => ({ x: cells[i]!.x, y: cells[i]!.y, kind: b.kind }));
      return { state: withPython(state, p, { ...me, head: effect.to, body }), effect, respawned: [] };
    }
    case 'eat': {
      const body = [{ ...oldHead, kind: effect.block }, ...me.body];
      const free = state.free.filter((b) => !same(b, effect.to));
      return { state: { ...withPython(state, p, { ...me, head: effect.to, body }), free }, effect, respawned: [] };
    }
    case 'attack': {
      const victim = state.pythons[effect.victim]!;
      const attacked = victim.body[effect.index]!;
      const freed = victim.body.slice(effect.index + 1);
      const pythons = state.pythons.slice();
      // For a self-attack the attacker's own body is first cut, then the attacked block joins it.
      const victimBody = victim.body.slice(0, effect.index);
      pythons[effect.victim] = { ...victim, body: victimBody };
      const attacker = pythons[p]!;
      pythons[p] = {
        ...attacker,
        head: effect.to,
        body: [{ ...oldHead, kind: attacked.kind }, ...attacker.body],
        score: attacker.score + effect.bitten,
      };
      return { state: { ...state, pythons, free: [...state.free, ...freed] }, effect, respawned: [] };
    }
    case 'dump': {
      const dumped = me.body;
      const after = withPython(state, p, { ...me, body: [], score: me.score + effect.points });
      return respawn(after, dumped.map((b) => b.kind), chooseCell, effect);
    }
    case 'protect': {
      // The spent block leaves the chain; the blocks behind it close up (each takes the cell of the one before).
      const j = effect.spent;
      const body = [
        ...me.body.slice(0, j),
        ...me.body.slice(j + 1).map((b, k) => ({ x: me.body[j + k]!.x, y: me.body[j + k]!.y, kind: b.kind })),
      ];
      const after = withPython(state, p, { ...me, body, protection: me.protection + PROTECTION_MOVES });
      return respawn(after, ['e'], chooseCell, effect);
    }
  }
}

/** Conservation of mass: each block reappears as a free block on a chosen empty cell. */
function respawn(state: State, kinds: BlockKind[], chooseCell: CellChooser, effect: Effect): Applied {
  let free = state.free.slice();
  const respawned: Block[] = [];
  for (const kind of kinds) {
    const empty = emptyCells({ ...state, free });
    if (empty.length === 0) break; // a full field: nowhere to put it (never with sane setups)
    const i = chooseCell(empty);
    const cell = empty[Math.min(Math.max(0, Math.floor(i)), empty.length - 1)]!;
    const block = { x: cell.x, y: cell.y, kind };
    free = [...free, block];
    respawned.push(block);
  }
  return { state: { ...state, free }, effect, respawned };
}

function withPython(state: State, p: number, python: Python): State {
  const pythons = state.pythons.slice();
  pythons[p] = python;
  return { ...state, pythons };
}

/** The number of blocks on the field (free and linked): constant for a whole game. */
export function blockCount(state: State): number {
  return state.free.length + state.pythons.reduce((n, p) => n + p.body.length, 0);
}

/** One line on what an effect did, for messages and notes. */
export function describeEffect(state: State, p: number, action: Action, effect: Effect): string {
  const who = `python ${p + 1}`;
  switch (effect.kind) {
    case 'skip':
      return `${who} skips its move`;
    case 'move':
      return `${who} moves ${action} to ${cellName(effect.to)}${effect.ownTail ? ' (its own tail runs away)' : ''}`;
    case 'eat':
      return `${who} moves ${action} to ${cellName(effect.to)} and takes the ${effect.block === 'e' ? 'energy' : 'ordinary'} block there`;
    case 'attack':
      return `${who} attacks ${effect.victim === p ? 'itself' : `python ${effect.victim + 1}`} at ${cellName(effect.to)} and bites off ${effect.bitten} block(s)`;
    case 'dump':
      return `${who} dumps ${effect.blocks} block(s) into the reactor at ${cellName(effect.reactor)} for ${effect.points} point(s)`;
    case 'protect':
      return `${who} spends an energy block and activates protection`;
    case 'impossible':
      return `${who} cannot carry out ${action}: ${effect.reason}; it skips the move`;
  }
}
