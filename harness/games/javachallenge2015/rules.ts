// JavaChallenge2015 ("drop the block") rules as the real engine implements them (D4prog/JavaChallenge2015,
// see shared/jury-facts.md), as pure functions of state. No I/O, no clock, no randomness.
//
// Where the engine and the English rule text differ, the engine wins: the rule text's sentences are
// quoted in RULES, and the comments say where the engine is more precise.

export type Facing = 'U' | 'D' | 'L' | 'R';
export type Action = Facing | 'A' | 'N';

export const ACTIONS: readonly Action[] = ['U', 'D', 'L', 'R', 'A', 'N'];
export const FACINGS: readonly Facing[] = ['U', 'D', 'L', 'R'];

export const PLAYER_COUNT = 4;
export const BLOCKS_PER_SIDE = 6;
export const SQUARES_PER_BLOCK = 3;
export const BOARD_SIDE = BLOCKS_PER_SIDE * SQUARES_PER_BLOCK;
/** A block n blocks away from the attacker falls 4n turns later. */
export const FALL_TURNS_PER_BLOCK = 4;
/** Life a block shows the turn after it fell; it counts up and is walkable again when it reaches 0. */
export const FALLEN_LIFE = -19;
/** S right after an attack; the engine decrements it at once, so the attacker sees 2, then 1. */
export const ATTACK_COOLDOWN = 3;
/** A move may not end within this Manhattan distance of another player on the board. */
export const REPULSION_DISTANCE = 3;
export const DEFAULT_TURN_LIMIT = 1000;

export const RULES = {
  flow: 'Game starts from the player whose id is 0, and continues by turn as ID0->ID1->ID2->ID3->ID0->...',
  move: 'Move to the upper/lower/right/left square of your current position. Then, you face the direction you have moved to.',
  cancel:
    'In the following cases, move is canceled and only the direction is changed. Move to the outside of the board; Move to a block already dropped; Move to a square whose Manhattan distance is 3 or less from another player.',
  attack:
    'When you attack, blocks in the direction you are facing drop some turns later. A block at n blocks away drops 4n turns later.',
  attackOnce:
    'Even if a player attacks fallen blocks or blocks which will be fallen, the leftover turns which are required for blocks to fall or restore are never changed.',
  cooldown: 'Additionally, if you attack, you cannot take an action until your second next turn (8 turns later) ends.',
  drop: 'If there is a player on a block which has dropped, that player drops with the block and is removed from the board.',
  restore: 'A dropped block is restored to its original state in the your fifth next turn (20 turns later). A dropped player will not be restored.',
  end: 'If you make the other players drop, you win. If there are multiple players after the end of the 1000th turn, the game ends in a draw.',
  placement: 'They are placed so that the Manhattan distance between each player are more than 3.',
  output: 'Print one of the following commands. "U": move to the upper square "R": move to the right square "D": move to the lower square "L": move to the left square "A": attack toward your facing direction "N": do nothing',
  ready: 'When your AI becomes ready to start a game, print READY to the standard output. If a ready message is not printed within 1 second, the AI program will be terminated.',
  timeLimit: 'If your AI program does not print its action within 1 second from the beginning of the turn, it will be terminated.',
} as const;

export interface Player {
  /** Column 0..17 (the engine's x, sent first). Kept where the player fell, for pictures; the wire sends -1. */
  x: number;
  /** Row 0..17; U is y - 1. */
  y: number;
  facing: Facing;
  /** S: the player's next S own turns are forced to N. */
  cooldown: number;
  onBoard: boolean;
}

/** Where a player starts: its square and facing (a setup's, botjury's seeded draw, or the engine's). */
export type Placement = Pick<Player, 'x' | 'y' | 'facing'>;

export interface GameState {
  /** T: the turn about to be played (0-based, as sent to the bots). */
  turn: number;
  /** The engine's `maxTurn` option: the game stops when T reaches it (1000 in the contest). */
  turnLimit: number;
  /** blocks[row][column]: 0 stable, > 0 falls that many turns later, < 0 fallen (restored at 0). */
  blocks: number[][];
  players: Player[];
}

export type CancelReason = 'edge' | 'fallen-block' | 'too-close';

/** What one turn did, for messages and pictures. */
export interface TurnReport {
  turn: number;
  actor: number;
  /** What the player asked for (N for a player off the board). */
  requested: Action;
  /** What the engine played: `requested`, or N while cooling down or off the board. */
  played: Action;
  forcedByCooldown: boolean;
  cancelled?: CancelReason;
  /** Blocks the attack marked, as [row, column, life]. */
  marked: [number, number, number][];
  /** Players who fell at the end of this turn. */
  fell: number[];
}

export const DELTAS: Readonly<Record<Facing, readonly [number, number]>> = {
  U: [0, -1],
  D: [0, 1],
  L: [-1, 0],
  R: [1, 0],
};

export const isAction = (text: string): text is Action => (ACTIONS as readonly string[]).includes(text);
export const isFacing = (text: string): text is Facing => (FACINGS as readonly string[]).includes(text);
export const blockOf = (square: number): number => Math.floor(square / SQUARES_PER_BLOCK);
export const manhattan = (ax: number, ay: number, bx: number, by: number): number => Math.abs(ax - bx) + Math.abs(ay - by);
export const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < BOARD_SIDE && y < BOARD_SIDE;
export const blockLifeAt = (state: GameState, x: number, y: number): number => state.blocks[blockOf(y)]![blockOf(x)]!;

export function emptyBlocks(): number[][] {
  return Array.from({ length: BLOCKS_PER_SIDE }, () => new Array<number>(BLOCKS_PER_SIDE).fill(0));
}

export function initialState(players: readonly Pick<Player, 'x' | 'y' | 'facing'>[], options: { turnLimit?: number; blocks?: number[][] } = {}): GameState {
  return {
    turn: 0,
    turnLimit: options.turnLimit ?? DEFAULT_TURN_LIMIT,
    blocks: (options.blocks ?? emptyBlocks()).map((row) => [...row]),
    players: players.map((p) => ({ x: p.x, y: p.y, facing: p.facing, cooldown: 0, onBoard: true })),
  };
}

export const turnPlayer = (state: GameState): number => state.turn % PLAYER_COUNT;
export const playersOnBoard = (state: GameState): number[] =>
  state.players.flatMap((p, id) => (p.onBoard ? [id] : []));

/**
 * The engine checks before each turn: it stops when exactly one player is on the board, or when T
 * reaches the turn limit. With nobody left (the last players fell in the same turn) it runs on.
 */
export function isFinished(state: GameState): boolean {
  return playersOnBoard(state).length === 1 || state.turn >= state.turnLimit;
}

export interface Result {
  winner?: number;
  reason: string;
}

export function result(state: GameState): Result {
  const alive = playersOnBoard(state);
  if (alive.length === 1) return { winner: alive[0]!, reason: `player ${alive[0]} is the last player on the board (T=${state.turn})` };
  if (alive.length === 0) return { reason: `draw: every player has fallen; the engine ran the game on to T=${state.turn}` };
  return { reason: `draw: players ${alive.join(', ')} are still on the board at T=${state.turn}` };
}

/** Where a move from (x, y) would go, and why the engine would refuse it. */
export function checkMove(state: GameState, actor: number, facing: Facing): { x: number; y: number; cancelled?: CancelReason } {
  const me = state.players[actor]!;
  const [dx, dy] = DELTAS[facing];
  const x = me.x + dx;
  const y = me.y + dy;
  if (!inside(x, y)) return { x, y, cancelled: 'edge' };
  if (blockLifeAt(state, x, y) < 0) return { x, y, cancelled: 'fallen-block' };
  const tooClose = state.players.some((p, id) => id !== actor && p.onBoard && manhattan(x, y, p.x, p.y) <= REPULSION_DISTANCE);
  if (tooClose) return { x, y, cancelled: 'too-close' };
  return { x, y };
}

/** The blocks an attack from (x, y) facing `facing` would mark, as [row, column, life]. */
export function attackMarks(state: GameState, actor: number): [number, number, number][] {
  const me = state.players[actor]!;
  const [dx, dy] = DELTAS[me.facing];
  const marks: [number, number, number][] = [];
  let column = blockOf(me.x) + dx;
  let row = blockOf(me.y) + dy;
  for (let n = 1; column >= 0 && row >= 0 && column < BLOCKS_PER_SIDE && row < BLOCKS_PER_SIDE; n++) {
    // Only stable blocks are marked: a falling or fallen block keeps its count.
    if (state.blocks[row]![column] === 0) marks.push([row, column, n * FALL_TURNS_PER_BLOCK]);
    column += dx;
    row += dy;
  }
  return marks;
}

/**
 * Plays turn T with the turn player's request, in the engine's order: the command (forced N while
 * S > 0), then S = max(0, S - 1) (only for a player on the board), then every block updates: a
 * falling block counts down and at 0 drops with everyone on it, a fallen block counts up.
 */
export function applyTurn(state: GameState, requested: Action): { state: GameState; report: TurnReport } {
  const actor = turnPlayer(state);
  const players = state.players.map((p) => ({ ...p }));
  const blocks = state.blocks.map((row) => [...row]);
  const me = players[actor]!;
  const report: TurnReport = { turn: state.turn, actor, requested, played: 'N', forcedByCooldown: false, marked: [], fell: [] };

  if (me.onBoard) {
    const played: Action = me.cooldown > 0 ? 'N' : requested;
    report.played = played;
    report.forcedByCooldown = me.cooldown > 0 && requested !== 'N';
    if (isFacing(played)) {
      const target = checkMove(state, actor, played);
      me.facing = played;
      if (target.cancelled) report.cancelled = target.cancelled;
      else {
        me.x = target.x;
        me.y = target.y;
      }
    } else if (played === 'A') {
      report.marked = attackMarks(state, actor);
      for (const [row, column, life] of report.marked) blocks[row]![column] = life;
      me.cooldown = ATTACK_COOLDOWN;
    }
    me.cooldown = Math.max(0, me.cooldown - 1);
  }

  for (let row = 0; row < BLOCKS_PER_SIDE; row++)
    for (let column = 0; column < BLOCKS_PER_SIDE; column++) {
      const life = blocks[row]![column]!;
      if (life > 1) blocks[row]![column] = life - 1;
      else if (life === 1) {
        blocks[row]![column] = FALLEN_LIFE;
        players.forEach((p, id) => {
          if (p.onBoard && blockOf(p.x) === column && blockOf(p.y) === row) {
            p.onBoard = false;
            report.fell.push(id);
          }
        });
      } else if (life < 0) blocks[row]![column] = life + 1;
    }

  report.fell.sort((a, b) => a - b);
  return { state: { turn: state.turn + 1, turnLimit: state.turnLimit, blocks, players }, report };
}

/** Checks a start position the way the rule text promises it (scenario setups must respect it). */
export function placementProblem(players: readonly Pick<Player, 'x' | 'y' | 'facing'>[], blocks: number[][]): string | undefined {
  if (players.length !== PLAYER_COUNT) return `there are ${PLAYER_COUNT} players, got ${players.length} placements`;
  for (const [id, p] of players.entries()) {
    if (!Number.isInteger(p.x) || !Number.isInteger(p.y) || !inside(p.x, p.y)) return `player ${id} at (${p.x}, ${p.y}) is outside the 18 x 18 board`;
    if (!isFacing(p.facing)) return `player ${id} faces '${p.facing}', not one of U, D, L, R`;
    if (blocks[blockOf(p.y)]![blockOf(p.x)]! < 0) return `player ${id} at (${p.x}, ${p.y}) stands on a fallen block`;
    for (let other = 0; other < id; other++) {
      const q = players[other]!;
      const d = manhattan(p.x, p.y, q.x, q.y);
      if (d <= REPULSION_DISTANCE) return `players ${other} and ${id} are ${d} apart; the rules place players more than ${REPULSION_DISTANCE} apart`;
    }
  }
  return undefined;
}
