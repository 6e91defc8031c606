// The field's Elo (harness/tournament/elo.ts): the Bradley–Terry maximum with BayesElo's prior of
// virtual draws, checked against its closed form for two bots, against the likelihood's own
// stationarity for larger fields, and for what must never happen (an infinite rating, NaN).
import { describe, expect, it } from 'vitest';
import { fitElo } from '../../harness/tournament/elo.js';
import { Z_95 } from '../../harness/match/stats.js';

const C = Math.LN10 / 400;
const E = (d: number): number => 1 / (1 + 10 ** (-d / 400));

/** games and scores matrices from i's results against j: [i, j, wins, draws, losses]. */
function field(n: number, results: [number, number, number, number, number][]): { games: number[][]; scores: number[][] } {
  const games = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const scores = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const [i, j, w, d, l] of results) {
    games[i]![j]! += w + d + l;
    games[j]![i]! += w + d + l;
    scores[i]![j]! += w + d / 2;
    scores[j]![i]! += l + d / 2;
  }
  return { games, scores };
}

/** ∂ℓ/∂r_i at the fit, with the prior's virtual draws computed here from their definition. */
function gradient(games: number[][], scores: number[][], ratings: number[], prior: number): number[] {
  const played = games.map((row) => row.reduce((a, b) => a + b, 0));
  return ratings.map((ri, i) =>
    ratings.reduce((sum, rj, j) => {
      if (games[i]![j]! === 0) return sum;
      const v = (prior / 2) * (games[i]![j]! / played[i]! + games[i]![j]! / played[j]!);
      return sum + (scores[i]![j]! + v / 2) - (games[i]![j]! + v) * E(ri - rj);
    }, 0));
}

describe('the field Elo (Bradley–Terry with a prior of virtual draws)', () => {
  it('two bots: the closed form, Elo = 400·log10(S/(N − S)) with the prior\'s draws, split ±; its error from the curvature', () => {
    for (const [w, d, l] of [[7, 2, 3], [10, 0, 0], [0, 4, 0], [1, 0, 30]] as const) {
      const { games, scores } = field(2, [[0, 1, w, d, l]]);
      const fit = fitElo(games, scores);
      const n = w + d + l;
      // Each bot's 2 virtual draws all go to its one opponent: 2 draws between them.
      const N = n + 2;
      const S = w + d / 2 + 1;
      const diff = 400 * Math.log10(S / (N - S));
      expect(fit.ratings[0]!).toBeCloseTo(diff / 2, 9);
      expect(fit.ratings[1]!).toBeCloseTo(-diff / 2, 9);
      const e = S / N;
      const sigma = Math.sqrt(1 / (4 * N * e * (1 - e))) / C;
      expect(fit.errors95[0]!).toBeCloseTo(Z_95 * sigma, 9);
      expect(fit.components).toBe(1);
    }
  });

  it('a whole field: the likelihood is at its maximum (zero gradient), ratings average 0, stronger bots above weaker', () => {
    const { games, scores } = field(4, [
      [0, 1, 6, 2, 2], [0, 2, 8, 1, 1], [0, 3, 10, 0, 0],
      [1, 2, 5, 3, 2], [1, 3, 9, 0, 1], [2, 3, 4, 4, 2],
    ]);
    const fit = fitElo(games, scores);
    const r = fit.ratings as number[];
    expect(r.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
    for (const g of gradient(games, scores, r, 2)) expect(Math.abs(g)).toBeLessThan(1e-8);
    expect([...r].sort((a, b) => b - a)).toEqual(r);
    for (const e of fit.errors95) expect(e!).toBeGreaterThan(0);
    // A bot that won everything is finite (the prior), as is one that lost everything.
    for (const x of [...fit.ratings, ...fit.errors95]) expect(Number.isFinite(x)).toBe(true);
  });

  it('a stronger prior pulls the ratings together', () => {
    const { games, scores } = field(3, [[0, 1, 8, 0, 2], [1, 2, 8, 0, 2], [0, 2, 9, 0, 1]]);
    const weak = fitElo(games, scores, 0.5);
    const strong = fitElo(games, scores, 20);
    expect(strong.ratings[0]! - strong.ratings[2]!).toBeLessThan(weak.ratings[0]! - weak.ratings[2]!);
    for (const g of gradient(games, scores, weak.ratings as number[], 0.5)) expect(Math.abs(g)).toBeLessThan(1e-8);
  });

  it('parts of the field that never met are fitted apart; a bot without games has no rating', () => {
    const { games, scores } = field(5, [[0, 1, 3, 0, 1], [2, 3, 1, 0, 3]]);
    const fit = fitElo(games, scores);
    expect(fit.components).toBe(2);
    expect(fit.ratings[0]! + fit.ratings[1]!).toBeCloseTo(0, 9);
    expect(fit.ratings[2]! + fit.ratings[3]!).toBeCloseTo(0, 9);
    expect(fit.ratings[0]!).toBeCloseTo(-fit.ratings[2]!, 9);
    expect([fit.ratings[4], fit.errors95[4]]).toEqual([null, null]);
  });

  it('refuses matrices that are not a field\'s results', () => {
    expect(() => fitElo([[0, 1], [2, 0]], [[1, 0], [1, 0]])).toThrow(RangeError);
    expect(() => fitElo([[0, 2], [2, 0]], [[1.5, 0], [1, 0]])).toThrow(RangeError);
    expect(() => fitElo([[1, 0], [0, 0]], [[0, 0], [0, 0]])).toThrow(RangeError);
    expect(() => fitElo([[0, 2], [2, 0]], [[1, 1], [1, 1]], 0)).toThrow(RangeError);
  });
});
