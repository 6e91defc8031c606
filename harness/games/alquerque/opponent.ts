// Built-in Alquerque opponents, all seeded and always legal. Each steers the game towards the
// positions a scenario wants to test, whatever the bot plays:
//   random  — any legal move (the default; full seeded games);
//   feeder  — offers the bot captures, multi-captures first (tests continuation, and the bot's
//             self-exit after a win: a feeder loses almost every game);
//   shy     — never offers a capture when it can avoid it (long quiet games: move-back temptations,
//             and a tie against any bot that plays safe too).
import type { Rng } from '../../core/rng.js';
import { applyMove, captureMoves, legalMoves, type Move, type State } from './rules.js';

export type OpponentName = 'random' | 'feeder' | 'shy';
export const OPPONENTS: readonly OpponentName[] = ['random', 'feeder', 'shy'];

export function chooseMove(name: OpponentName, state: State, rng: Rng): Move {
  const moves = legalMoves(state);
  if (name === 'random' || moves.length === 1) return rng.pick(moves);
  const offered = moves.map((m) => {
    const captures = captureMoves(applyMove(state, m));
    return { m, captures: captures.length, longest: Math.max(0, ...captures.map((c) => (c.kind === 'capture' ? c.landings.length : 0))) };
  });
  if (name === 'feeder') {
    const best = Math.max(...offered.map((o) => o.longest));
    return rng.pick(offered.filter((o) => o.longest === best).map((o) => o.m));
  }
  const safe = offered.filter((o) => o.captures === 0).map((o) => o.m);
  return rng.pick(safe.length > 0 ? safe : moves);
}
