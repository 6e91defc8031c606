// The built-in Alquerque opponent: a seeded random legal mover (prefers nothing; reaches every kind
// of position over a few games, which the suite's seeds are chosen for).
import type { Rng } from '../../core/rng.js';
import { legalMoves, type Move, type State } from './rules.js';

export function randomMover(state: State, rng: Rng): Move {
  return rng.pick(legalMoves(state));
}
