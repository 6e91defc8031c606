// Pair statistics for `botjury tournament` (and `match`): the games of one seed played with the seats
// rotated form one unit, and the statistics count units, not games, as fastchess and fishtest do for
// their pentanomial model. A unit's games share a start, a map, built-in opponents: counting them
// together removes that shared luck from the variance, so the same number of games decides sooner.
//
// Two seats: the unit is a pair (A first, then A second) scoring 0, ½, 1, 1½ or 2 for A — the pentanomial
// LL, LD, DD+WL, WD, WW. S seats: the S rotations of a table on one seed score 0, ½ … S for A against
// B (each game won by the better of the two, as `match` scores two bots among built-ins), counted in
// an array of 2S+1 frequencies; fishtest's formulas take any such array (stat_util.stats: "an array of
// length 2*n+1 with aggregated frequencies for n games"), and for S = 2 it is the pentanomial.
//
// Pure: no I/O, no clock, no randomness. Every value is finite or null, so a result is always valid JSON.
import { checkEloHypotheses, checkSprtParams, eloFromScore, erfc, logisticScore, sprtBounds, Z_95, type ScoreStats, type SprtDecision, type SprtParams, type SprtResult } from '../match/stats.js';

export type PairGameResult = 'win' | 'draw' | 'loss';

/** Pairs from bot A's side, as fastchess counts them (penta_LL … penta_WW): a draw pair and a win-loss pair apart. */
export interface PentanomialCounts {
  ll: number;
  ld: number;
  dd: number;
  wl: number;
  wd: number;
  ww: number;
}

/**
 * Statistics of units of n games (n = 2: pairs). The `ScoreStats` fields mean what they mean for a game
 * tally (so `formatEloLine` prints either), with the score's spread taken over units:
 * `drawRatio` is the share of units scoring exactly half, as fastchess's pentanomial "DrawRatio".
 */
export interface PairStats extends ScoreStats {
  /** Units counted (pairs, for two seats). */
  pairs: number;
  /** Games in one unit: the number of seats. */
  gamesPerPair: number;
  /** σ²: the variance of one unit's per-game score a = points/n, Σ pᵢ·(aᵢ − score)². */
  variancePerPair: number | null;
  /** n·σ²: the per-game variance the unit implies (fishtest's stat_util.stats; σ_pg² in its sprt.py). */
  variancePerGame: number | null;
  /** √(σ²/pairs): the standard error of `score`. */
  standardError: number | null;
  /** Normalized Elo, (score − ½)/√(n·σ²)·800/ln 10, as fastchess prints "nElo"; null without spread. */
  nElo: number | null;
  /** Half the width of the nElo interval from the same score interval (unclamped, as fastchess). */
  nEloError95: number | null;
}

export interface PentanomialStats extends PairStats {
  /** (WW + WD)/(LD + LL), fastchess's "PairsRatio"; null when no pair scored below 1. */
  pairsRatio: number | null;
  /** WL/DD, fastchess's "WL/DD Ratio"; null without a DD pair. */
  wlDdRatio: number | null;
}

/** One game of a unit: its seed (shared by the rotations: the schedule's pairKey or seed), A's seat, A's result against B. */
export interface PairableGame {
  seed: string;
  aSeat: number;
  result: PairGameResult;
}

export interface GamePair {
  seed: string;
  /** A's result in each game, by A's seat (seat 0 first). */
  results: PairGameResult[];
  /** A's points over the unit in half points, 0 … 2n (a pair: 0 LL … 4 WW). */
  halfPoints: number;
}

export interface UnpairedGame {
  game: PairableGame;
  /** `partner-missing`: a rotation of the seed was not played (odd count, voided game); `seat-repeated`: two games of the seed had A in one seat. */
  reason: 'partner-missing' | 'seat-repeated';
}

export interface Pairing {
  seats: number;
  pairs: GamePair[];
  /** counts[h] = units in which A scored h half points, h = 0 … 2·seats. */
  counts: number[];
  /** The same units with DD and WL apart; only for two seats. */
  pentanomial: PentanomialCounts | null;
  /** Games in no complete unit, in input order: not counted in `counts`, never silently dropped. */
  unpaired: UnpairedGame[];
}

/** The seats a pairing accepts; games have at most a few roles, and 2S+1 frequencies must stay small. */
export const MAX_PAIR_SEATS = 16;

const EMPTY_PENTANOMIAL: PentanomialCounts = { ll: 0, ld: 0, dd: 0, wl: 0, wd: 0, ww: 0 };

/** fastchess's `Ptnml(0-2): [LL, LD, DD+WL, WD, WW]`, which is also fishtest's pentanomial (low to high). */
export function ptnml(counts: PentanomialCounts): [number, number, number, number, number] {
  checkPentanomial(counts);
  return [counts.ll, counts.ld, counts.dd + counts.wl, counts.wd, counts.ww];
}

/** Counts of CI shards summed: the statistics of the sum are those of one run of all the pairs. */
export function mergePentanomial(...all: PentanomialCounts[]): PentanomialCounts {
  const merged = { ...EMPTY_PENTANOMIAL };
  for (const counts of all) {
    checkPentanomial(counts);
    for (const key of PENTANOMIAL_KEYS) merged[key] += counts[key];
  }
  checkPentanomial(merged);
  return merged;
}

/**
 * Score, spread, Elo, LOS and nElo of units of n games from their 2n+1 frequencies (`counts[h]` units of
 * h half points), by the formulas of fastchess (app/src/matchmaking/elo/elo_pentanomial.cpp), which for
 * the pentanomial are fishtest's (server/fishtest/stats/stat_util.py get_elo) without its regularization:
 *   aᵢ = i/(2n), pᵢ = countᵢ/N, score μ = Σ pᵢaᵢ, σ² = Σ pᵢ(aᵢ − μ)², standard error √(σ²/N)
 *   interval μ ± 1.959964·√(σ²/N) (clamped to [0, 1]), Elo(x) = −400·log10(1/x − 1)
 *   LOS = Φ((μ − ½)/√(σ²/N)) = ½·erfc(−(μ − ½)/√(2σ²/N)), nElo(x) = (x − ½)/√(n·σ²)·800/ln 10.
 * Without spread (σ² = 0: every unit scored alike) LOS is the limit, 1, 0 or ½, and nElo is null.
 */
export function pairStats(counts: readonly number[]): PairStats {
  const perUnit = checkCounts(counts);
  const pairs = counts.reduce((sum, count) => sum + count, 0);
  const games = pairs * perUnit;
  if (pairs === 0) {
    return {
      games, pairs, gamesPerPair: perUnit, score: null, scoreInterval95: null, eloDiff: null, eloError95: null, eloInterval95: null,
      los: 0.5, drawRatio: null, variancePerPair: null, variancePerGame: null, standardError: null, nElo: null, nEloError95: null,
    };
  }
  const top = counts.length - 1;
  let score = 0;
  for (let i = 0; i <= top; i++) score += (counts[i]! / pairs) * (i / top);
  let variance = 0;
  for (let i = 0; i <= top; i++) variance += (counts[i]! / pairs) * (i / top - score) ** 2;
  const standardError = Math.sqrt(variance / pairs);
  const low = Math.max(0, score - Z_95 * standardError);
  const high = Math.min(1, score + Z_95 * standardError);
  const eloLow = eloFromScore(low);
  const eloHigh = eloFromScore(high);
  const sigmaPerGame = Math.sqrt(perUnit * variance);
  const nelo = (x: number): number => ((x - 0.5) / sigmaPerGame) * NELO_PER_T;
  return {
    games,
    pairs,
    gamesPerPair: perUnit,
    score,
    scoreInterval95: [low, high],
    eloDiff: eloFromScore(score),
    eloError95: eloLow !== null && eloHigh !== null ? (eloHigh - eloLow) / 2 : null,
    eloInterval95: [eloLow, eloHigh],
    los: variance > 0 ? 0.5 * erfc(-(score - 0.5) / (Math.SQRT2 * standardError)) : score > 0.5 ? 1 : score < 0.5 ? 0 : 0.5,
    drawRatio: counts[perUnit]! / pairs,
    variancePerPair: variance,
    variancePerGame: perUnit * variance,
    standardError,
    nElo: variance > 0 ? zeroNotMinus(nelo(score)) : null,
    nEloError95: variance > 0 ? (nelo(score + Z_95 * standardError) - nelo(score - Z_95 * standardError)) / 2 : null,
  };
}

/** `pairStats` of the pentanomial, with fastchess's two ratios. */
export function pentanomialStats(counts: PentanomialCounts): PentanomialStats {
  const stats = pairStats(ptnml(counts));
  const below = counts.ld + counts.ll;
  return { ...stats, pairsRatio: below > 0 ? (counts.ww + counts.wd) / below : null, wlDdRatio: counts.dd > 0 ? counts.wl / counts.dd : null };
}

/**
 * fishtest's generalized log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0) on the unit
 * frequencies, `LLR_logistic` in server/fishtest/stats/LLRcalc.py (fastchess: SPRT::getLLR_logistic in
 * app/src/matchmaking/sprt/sprt.cpp, the same computation):
 *   each zero count becomes 0.001 (fishtest's `regularize`); N = Σ counts, p̂ᵢ = countᵢ/N, aᵢ = i/(2n);
 *   for s = sₖ = 1/(1 + 10^(−eloₖ/400)), the distribution of mean s nearest p̂ (maximum likelihood) is
 *   pᵢ = p̂ᵢ/(1 + θ(aᵢ − s)), θ the root of Σ p̂ᵢ(aᵢ − s)/(1 + θ(aᵢ − s)) = 0 on (−1/(1 − s), 1/s)
 *   (Van den Bergh, "Comments on normalized Elo", Proposition 1.1);
 *   LLR = N·Σ p̂ᵢ·ln(p1ᵢ/p0ᵢ).
 * The root is found by bisection to machine precision (the sum falls strictly from +∞ to −∞ on the
 * interval), where fishtest uses Brent's method and fastchess ITP: the same root.
 * 0 without units (nothing observed; fishtest never asks). Each unit moves the LLR by at most about
 * ln(s1/s0) (or ln((1 − s1)/(1 − s0))), so even a run of only WW pairs needs about
 * ln((1 − β)/α)/ln(s1/s0) pairs to accept H1: 104 for 0,10,0.05,0.05, 23 for 0,50.
 */
export function pairSprtLlr(counts: readonly number[], elo0: number, elo1: number): number {
  checkCounts(counts);
  checkEloHypotheses(elo0, elo1);
  if (counts.every((count) => count === 0)) return 0;
  const regularized = counts.map((count) => (count === 0 ? REGULARIZE : count));
  const total = regularized.reduce((sum, count) => sum + count, 0);
  const top = counts.length - 1;
  const outcomes = regularized.map((count, i) => ({ p: count / total, a: i / top }));
  const theta0 = mleTheta(outcomes, logisticScore(elo0));
  const theta1 = mleTheta(outcomes, logisticScore(elo1));
  const s0 = logisticScore(elo0);
  const s1 = logisticScore(elo1);
  let perUnit = 0;
  for (const { p, a } of outcomes) perUnit += p * (Math.log1p(theta0 * (a - s0)) - Math.log1p(theta1 * (a - s1)));
  return total * perUnit;
}

/** The decision on unit frequencies, with the bounds of `sprtBounds`: the same shape as `sprtDecision`'s. */
export function pairSprtDecision(counts: readonly number[], params: SprtParams): SprtDecision {
  checkSprtParams(params);
  const { lower, upper } = sprtBounds(params.alpha, params.beta);
  const llr = pairSprtLlr(counts, params.elo0, params.elo1);
  const result: SprtResult = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { llr, lower, upper, result };
}

export function pentanomialSprtDecision(counts: PentanomialCounts, params: SprtParams): SprtDecision {
  return pairSprtDecision(ptnml(counts), params);
}

/**
 * The units of two bots' games. Games with the same seed and A in each of the `seats` seats once form a
 * unit (two seats: a pair). A seed with a rotation missing (an odd game, a voided partner) or with A twice
 * in one seat forms none: its games are returned in `unpaired` with the reason, never counted.
 * Units come in the order their seed first appears.
 */
export function pairGames(games: readonly PairableGame[], seats = 2): Pairing {
  if (!(Number.isSafeInteger(seats) && seats >= 2 && seats <= MAX_PAIR_SEATS)) {
    throw new RangeError(`a pair unit has 2 to ${MAX_PAIR_SEATS} seats, got ${String(seats)}`);
  }
  const bySeed = new Map<string, PairableGame[]>();
  for (const game of games) {
    checkGame(game, seats);
    const group = bySeed.get(game.seed);
    if (group) group.push(game);
    else bySeed.set(game.seed, [game]);
  }
  const pairs: GamePair[] = [];
  const reasons = new Map<PairableGame, UnpairedGame['reason']>();
  for (const [seed, group] of bySeed) {
    const bySeat: (PairableGame | undefined)[] = new Array(seats).fill(undefined);
    let repeated = false;
    for (const game of group) {
      if (bySeat[game.aSeat]) repeated = true;
      bySeat[game.aSeat] = game;
    }
    if (repeated || group.length !== seats) {
      for (const game of group) reasons.set(game, repeated ? 'seat-repeated' : 'partner-missing');
      continue;
    }
    const results = bySeat.map((game) => game!.result);
    pairs.push({ seed, results, halfPoints: results.reduce((sum, result) => sum + HALF_POINTS[result], 0) });
  }
  const counts: number[] = new Array(2 * seats + 1).fill(0);
  for (const pair of pairs) counts[pair.halfPoints]! += 1;
  const unpaired = games.flatMap((game) => {
    const reason = reasons.get(game);
    return reason ? [{ game, reason }] : [];
  });
  return { seats, pairs, counts, pentanomial: seats === 2 ? pentanomialOf(pairs) : null, unpaired };
}

/** A seat of a finished game, as `match` reports it (MatchSeat fits). */
export interface ResultSeat {
  bot: number | null;
  result: PairGameResult | null;
  points: number | null;
}

/**
 * Bot `a`'s result against bot `b` in one game, by the rule of `match` (harness/match/match.ts
 * pairResult) for any two bots of a field: the better result wins (win > draw > loss); in a game of more
 * than two seats equal results are split by the game's points; otherwise, or when either result is
 * missing, a draw. So two bots that both lose to a third drew against each other. null when either
 * bot has no seat in the game.
 */
export function headToHead(seats: readonly ResultSeat[], a: number, b: number): PairGameResult | null {
  const seatA = seats.find((seat) => seat.bot === a);
  const seatB = seats.find((seat) => seat.bot === b);
  if (!seatA || !seatB || a === b) return null;
  if (!seatA.result || !seatB.result) return 'draw';
  if (RANK[seatA.result] !== RANK[seatB.result]) return RANK[seatA.result] > RANK[seatB.result] ? 'win' : 'loss';
  if (seats.length > 2 && seatA.points !== null && seatB.points !== null && seatA.points !== seatB.points) {
    return seatA.points > seatB.points ? 'win' : 'loss';
  }
  return 'draw';
}

// --- internals ---

const PENTANOMIAL_KEYS = ['ll', 'ld', 'dd', 'wl', 'wd', 'ww'] as const;
const HALF_POINTS: Record<PairGameResult, number> = { loss: 0, draw: 1, win: 2 };
const RANK: Record<PairGameResult, number> = { loss: 0, draw: 1, win: 2 };
/** fishtest's `regularize`: a count never seen weighs 0.001 of a unit, so every outcome keeps a probability. */
const REGULARIZE = 1e-3;
/** Elo per unit of the t-value: 800/ln 10 (fishtest's nelo_divided_by_nt). */
const NELO_PER_T = 800 / Math.LN10;

function pentanomialOf(pairs: readonly GamePair[]): PentanomialCounts {
  const counts = { ...EMPTY_PENTANOMIAL };
  for (const { results, halfPoints } of pairs) {
    if (halfPoints === 2) counts[results[0] === 'draw' ? 'dd' : 'wl'] += 1;
    else counts[(['ll', 'ld', 'dd', 'wd', 'ww'] as const)[halfPoints]!] += 1;
  }
  return counts;
}

/**
 * θ of the maximum-likelihood distribution of mean s (see `pairSprtLlr`). f(θ) = Σ pᵢdᵢ/(1 + θdᵢ),
 * dᵢ = aᵢ − s, falls strictly on (−1/max d, −1/min d), from +∞ to −∞ (every pᵢ > 0 after regularizing).
 */
function mleTheta(outcomes: readonly { p: number; a: number }[], s: number): number {
  const f = (theta: number): number => {
    let sum = 0;
    for (const { p, a } of outcomes) {
      const d = a - s;
      const denominator = 1 + theta * d;
      if (denominator <= 0) return d > 0 ? Infinity : -Infinity; // rounding put θ on the interval's edge
      sum += (p * d) / denominator;
    }
    return sum;
  };
  let low = -1 / (1 - s);
  let high = 1 / s;
  for (let i = 0; i < 200; i++) {
    const middle = low + (high - low) / 2;
    if (middle <= low || middle >= high) break;
    const value = f(middle);
    if (value > 0) low = middle;
    else if (value < 0) high = middle;
    else return middle;
  }
  return low + (high - low) / 2;
}

/** Checks 2n+1 unit frequencies; returns n. */
function checkCounts(counts: readonly number[]): number {
  if (!Array.isArray(counts) || counts.length < 5 || counts.length % 2 === 0 || counts.length > 2 * MAX_PAIR_SEATS + 1) {
    throw new RangeError(`pair counts are 2n+1 frequencies (5 for pairs of games), got ${Array.isArray(counts) ? counts.length : 'no array'}`);
  }
  let total = 0;
  for (const count of counts) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`pair counts count whole pairs: each must be an integer >= 0, got ${String(count)}`);
    total += count;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('pair counts of more than 2^53 pairs cannot be counted exactly');
  return (counts.length - 1) / 2;
}

function checkPentanomial(counts: PentanomialCounts): void {
  let total = 0;
  for (const key of PENTANOMIAL_KEYS) {
    const count = counts[key];
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`pentanomial counts count whole pairs: ${key} must be an integer >= 0, got ${String(count)}`);
    total += count;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('pentanomial counts of more than 2^53 pairs cannot be counted exactly');
}

function checkGame(game: PairableGame, seats: number): void {
  if (typeof game.seed !== 'string') throw new RangeError(`a paired game needs a seed string, got ${typeof game.seed}`);
  if (!(Number.isSafeInteger(game.aSeat) && game.aSeat >= 0 && game.aSeat < seats)) {
    throw new RangeError(`a paired game's aSeat must be a seat index 0..${seats - 1}, got ${String(game.aSeat)}`);
  }
  if (!(typeof game.result === 'string' && Object.hasOwn(HALF_POINTS, game.result))) {
    throw new RangeError(`a paired game's result must be win, draw or loss, got ${JSON.stringify(String(game.result)).slice(0, 40)}`);
  }
}

function zeroNotMinus(value: number): number {
  return value === 0 ? 0 : value;
}
