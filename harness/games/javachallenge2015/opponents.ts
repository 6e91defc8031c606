// The built-in players botjury seats next to the bot. Pure: state in, action out, randomness only
// from the seeded Rng each player is given.
//   random   — any of U D L R A N, uniformly (the engine's own sample AI is hardly smarter)
//   attacker — flees a falling block, attacks a player in its line of fire, otherwise lines up with
//              the nearest player; makes games end early
//   idle     — always N (scripted scenarios: nothing happens unless the script says so)
import type { Rng } from '../../core/rng.js';
import {
  ACTIONS, attackMarks, blockLifeAt, blockOf, checkMove, DELTAS, FACINGS, inside, manhattan, REPULSION_DISTANCE,
  SQUARES_PER_BLOCK, type Action, type Facing, type GameState,
} from './rules.js';

export const OPPONENT_NAMES = ['random', 'attacker', 'idle'] as const;
export type OpponentName = (typeof OPPONENT_NAMES)[number];
export const DEFAULT_OPPONENT: OpponentName = 'random';

export function chooseAction(name: OpponentName, state: GameState, id: number, rng: Rng): Action {
  switch (name) {
    case 'random':
      return rng.pick(ACTIONS);
    case 'idle':
      return 'N';
    case 'attacker':
      return attacker(state, id, rng);
  }
}

function attacker(state: GameState, id: number, rng: Rng): Action {
  const me = state.players[id]!;
  if (!me.onBoard || me.cooldown > 0) return 'N';
  if (blockLifeAt(state, me.x, me.y) > 0) return stepToSafety(state, id) ?? 'N';

  const enemies = state.players.flatMap((p, other) => (other !== id && p.onBoard ? [p] : []));
  if (enemies.length === 0) return 'N';
  const inLine = (facing: Facing): boolean => {
    const marked = attackMarks({ ...state, players: state.players.map((p, i) => (i === id ? { ...p, facing } : p)) }, id);
    return enemies.some((e) => marked.some(([row, column]) => blockOf(e.y) === row && blockOf(e.x) === column));
  };
  if (inLine(me.facing)) return 'A';

  const safeMove = (facing: Facing): boolean => {
    const target = checkMove(state, id, facing);
    return target.cancelled !== undefined || blockLifeAt(state, target.x, target.y) === 0;
  };
  // Turning is a move: face an enemy in line, when that step does not lead onto a falling block.
  const turns = FACINGS.filter((f) => f !== me.facing && inLine(f) && safeMove(f));
  if (turns.length > 0) return rng.pick(turns);

  // Otherwise close in: reduce the squares left before sharing a block row or column with someone.
  const alignment = (x: number, y: number): number =>
    Math.min(...enemies.map((e) => Math.min(squaresToBlock(x, blockOf(e.x)), squaresToBlock(y, blockOf(e.y)))));
  const now = alignment(me.x, me.y);
  const options = FACINGS.flatMap((f) => {
    const target = checkMove(state, id, f);
    if (target.cancelled || blockLifeAt(state, target.x, target.y) !== 0) return [];
    return [{ f, score: alignment(target.x, target.y) }];
  });
  const best = Math.min(...options.map((o) => o.score));
  const better = options.filter((o) => o.score === best && o.score < now);
  if (better.length > 0) return rng.pick(better).f;
  // Stuck (usually: too close to line up without being pushed back): wander to break the stalemate.
  return options.length > 0 ? rng.pick(options).f : 'N';
}

/** Squares to walk along one axis from `square` before entering block `block`. */
function squaresToBlock(square: number, block: number): number {
  const first = block * SQUARES_PER_BLOCK;
  const last = first + SQUARES_PER_BLOCK - 1;
  return square < first ? first - square : square > last ? square - last : 0;
}

/** First step of a shortest walk to a square of a stable block (breadth-first, moves the engine allows). */
function stepToSafety(state: GameState, id: number): Facing | undefined {
  const me = state.players[id]!;
  const key = (x: number, y: number): number => y * 100 + x;
  const seen = new Set<number>([key(me.x, me.y)]);
  let frontier: { x: number; y: number; first: Facing }[] = [];
  for (const f of FACINGS) {
    const target = checkMove(state, id, f);
    if (target.cancelled) continue;
    seen.add(key(target.x, target.y));
    frontier.push({ x: target.x, y: target.y, first: f });
  }
  const walkable = (x: number, y: number): boolean =>
    inside(x, y) &&
    blockLifeAt(state, x, y) >= 0 &&
    state.players.every((p, other) => other === id || !p.onBoard || manhattan(x, y, p.x, p.y) > REPULSION_DISTANCE);
  while (frontier.length > 0) {
    const found = frontier.find((s) => blockLifeAt(state, s.x, s.y) === 0);
    if (found) return found.first;
    const next: typeof frontier = [];
    for (const s of frontier)
      for (const f of FACINGS) {
        const [dx, dy] = DELTAS[f];
        const x = s.x + dx;
        const y = s.y + dy;
        if (seen.has(key(x, y)) || !walkable(x, y)) continue;
        seen.add(key(x, y));
        next.push({ x, y, first: s.first });
      }
    frontier = next;
  }
  return undefined;
}
