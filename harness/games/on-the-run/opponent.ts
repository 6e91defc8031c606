// The built-in On The Run opponents. Each plays only legal moves; seeded: ties are broken by the Rng.
// The players (keep-away, close-in, random) play only with what their side is told: the detectives
// never peek at the fugitive between announcements. keep-off is a jury instrument, not a fair player:
// its detectives read the fugitive's real city and stay at least two connections from it, so that
// neither side can move into the other and the game goes the full 50 turns.
import type { Rng } from '../../core/rng.js';
import { neighbourCities, range, type GameMap } from './map.js';
import { DETECTIVES, distinctChoice, fugitiveMoves, type FugitiveMove, type Side, type State } from './rules.js';

export const OPPONENTS: Readonly<Record<Side, readonly string[]>> = {
  // The first of each list is the default.
  fugitive: ['keep-away', 'random'],
  detectives: ['close-in', 'random'],
};

/** Jury instruments a scenario may name as well (they see more than their side is told). */
export const INSTRUMENTS: Readonly<Record<Side, readonly string[]>> = {
  fugitive: [],
  detectives: ['keep-off'],
};

export interface Board {
  map: GameMap;
  /** dist[a][b]: fewest connections of any mode between a and b. */
  dist: readonly (readonly number[])[];
}

function best<T>(rng: Rng, items: readonly T[], score: (t: T) => number): T {
  let top = -Infinity;
  let winners: T[] = [];
  for (const item of items) {
    const s = score(item);
    if (s > top) (top = s), (winners = [item]);
    else if (s === top) winners.push(item);
  }
  return rng.pick(winners);
}

const nearest = (board: Board, city: number, detectives: readonly number[]): number => Math.min(...detectives.map((d) => board.dist[city]![d]!));

// ---- keep-away fugitive: as far from the nearest detective as it can get ----

export function keepAwayStart(board: Board, detectives: readonly number[], rng: Rng): number {
  const free = range(board.map.cities).filter((c) => !detectives.includes(c));
  return best(rng, free, (c) => nearest(board, c, detectives) * 1000 + board.map.links[c]!.length);
}

export function keepAwayMove(board: Board, state: State, rng: Rng): FugitiveMove {
  const d = state.detectives;
  // Out of reach of every detective first (beyond three connections counts as safe); then away from
  // the city the detectives were last told, where they are heading; then far from all of them.
  return best(rng, fugitiveMoves(board.map, state), (m) => {
    const safety = Math.min(3, nearest(board, m.to, d));
    const fromTold = Math.min(9, board.dist[m.to]![state.lastAnnounced]!);
    return safety * 10_000 + fromTold * 1000 + d.reduce((s, x) => s + board.dist[m.to]![x]!, 0);
  });
}

// ---- close-in detectives: spread out, then head for the last city they were told ----

export function closeInStart(board: Board, rng: Rng): number[] {
  const chosen = [1 + rng.int(board.map.cities)];
  while (chosen.length < DETECTIVES) {
    const rest = range(board.map.cities).filter((c) => !chosen.includes(c));
    chosen.push(best(rng, rest, (c) => nearest(board, c, chosen)));
  }
  return chosen;
}

export function closeInMove(board: Board, state: State, rng: Rng): number[] {
  const target = state.lastAnnounced;
  const options = state.detectives.map((c) => {
    const near = rng.shuffle(neighbourCities(board.map, c));
    return near.sort((a, b) => board.dist[a]![target]! - board.dist[b]![target]!);
  });
  return assign(options);
}

// ---- random: any legal move, uniformly ----

export function randomDetectivesStart(board: Board, rng: Rng): number[] {
  return rng.shuffle(range(board.map.cities)).slice(0, DETECTIVES);
}

export function randomFugitiveStart(board: Board, detectives: readonly number[], rng: Rng): number {
  return rng.pick(range(board.map.cities).filter((c) => !detectives.includes(c)));
}

export function randomFugitiveMove(board: Board, state: State, rng: Rng): FugitiveMove {
  return rng.pick(fugitiveMoves(board.map, state));
}

export function randomDetectivesMove(board: Board, state: State, rng: Rng): number[] {
  return assign(state.detectives.map((c) => rng.shuffle(neighbourCities(board.map, c))));
}

// ---- keep-off detectives (a jury instrument): never within one connection of the fugitive ----

/**
 * Every detective to a city at least two connections from the fugitive's real city, so the fugitive
 * cannot move into one and none moves into it. On a field where every city has five neighbours and
 * no cycle is shorter than five, such a move always exists (each detective is next to at most one
 * neighbour of the fugitive's city, or is one); elsewhere, when it does not, as far away as it gets.
 */
export function keepOffMove(board: Board, state: State, rng: Rng): number[] {
  const away = board.dist[state.fugitive]!;
  const options = state.detectives.map((c) => rng.shuffle(neighbourCities(board.map, c)).sort((a, b) => away[b]! - away[a]!));
  return distinctChoice(options.map((o) => o.filter((c) => away[c]! >= 2))) ?? assign(options);
}

/** The first choice of destinations (options tried in order) that puts no two detectives together. */
function assign(options: number[][]): number[] {
  const chosen = distinctChoice(options);
  if (!chosen) throw new NoDetectivesMove();
  return chosen;
}

export class NoDetectivesMove extends Error {
  override name = 'NoDetectivesMove';
  constructor() {
    super('the detectives have no legal move: their neighbouring cities cannot hold all four of them');
  }
}
