// Pair statistics: the numbers fastchess prints and fishtest computes for the same pentanomial counts,
// from fastchess's own unit tests, from fastchess output published in public engine repositories, and
// from fishtest's formulas (LLRcalc.LLR_logistic, stat_util.get_elo) evaluated with scipy (brentq) for
// these counts; never NaN or Infinity, so every result is valid JSON.
import { describe, expect, it } from 'vitest';
import { formatEloLine, sprtBounds } from '../../harness/match/stats.js';
import {
  headToHead,
  mergePentanomial,
  pairGames,
  pairSprtDecision,
  pairSprtLlr,
  pairStats,
  pentanomialSprtDecision,
  pentanomialStats,
  ptnml,
  type PairableGame,
  type PairGameResult,
  type PentanomialCounts,
} from '../../harness/tournament/pentanomial.js';

/** fastchess's test constructor order: Stats(ll, ld, wl, dd, wd, ww). */
const fastchessStats = (ll: number, ld: number, wl: number, dd: number, wd: number, ww: number): PentanomialCounts => ({ ll, ld, wl, dd, wd, ww });
/** A pentanomial as fastchess prints it, [LL, LD, DD+WL, WD, WW], with the middle all DD. */
const printed = ([ll, ld, middle, wd, ww]: number[]): PentanomialCounts => ({ ll: ll!, ld: ld!, dd: middle!, wl: 0, wd: wd!, ww: ww! });

/** Every number in a result is finite or null: JSON keeps it as it is. */
function expectJsonSafe(value: unknown): void {
  const walk = (v: unknown): void => {
    if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  expect(JSON.parse(JSON.stringify(value))).toEqual(value);
}

describe('pentanomial statistics (fastchess elo_pentanomial.cpp)', () => {
  it("reproduces fastchess's own unit tests (app/tests/elo_test.cpp, EloPentanomial 1-3)", () => {
    // doctest Approx(x).epsilon(0.01) is 1 % relative; we hold the same figures to 0.01 absolute.
    const cases = [
      { stats: fastchessStats(34, 54, 31, 32, 64, 75), nElo: 57.94, nEloError: 28.28, elo: 55.58, error: 27.65, los: '100.00' },
      { stats: fastchessStats(332, 433, 457, 41, 333, 334), nElo: -9.17, nEloError: 10.96, elo: -8.64, error: 10.33, los: '5.05' },
      { stats: fastchessStats(7895, 8757, 5485, 200, 568, 9999), nElo: -19.01, nEloError: 2.65, elo: -21.04, error: 2.95, los: '0.00' },
    ];
    for (const c of cases) {
      const stats = pentanomialStats(c.stats);
      expect(Math.abs(stats.nElo! - c.nElo)).toBeLessThan(0.01);
      expect(Math.abs(stats.nEloError95! - c.nEloError)).toBeLessThan(0.01);
      expect(Math.abs(stats.eloDiff! - c.elo)).toBeLessThan(0.01);
      expect(Math.abs(stats.eloError95! - c.error)).toBeLessThan(0.01);
      expect((stats.los * 100).toFixed(2)).toBe(c.los);
    }
  });

  it('reproduces fastchess result blocks published in engine repositories, to their printed precision', () => {
    // "Elo: E +/- M, nElo: N +/- K", "LOS: P %, DrawRatio: D %, PairsRatio: Q", "Ptnml(0-2): [...]".
    const blocks = [
      { ptnml: [352, 579, 1264, 743, 464], elo: '19.83', error: '6.77', nElo: '24.25', nError: '8.26', los: '100.00', draw: '37.15', pairsRatio: '1.30' },
      { ptnml: [19, 82, 272, 308, 361], elo: '162.63', error: '13.49', nElo: '207.38', nError: '14.92', los: '100.00', draw: '26.10', pairsRatio: '6.62' },
      { ptnml: [13, 34, 232, 71, 29], elo: '31.71', error: '14.63', nElo: '53.96', nError: '24.73', los: '100.00', draw: '61.21', pairsRatio: '2.13' },
      { ptnml: [790, 1759, 3256, 1780, 807], elo: '1.14', error: '4.04', nElo: '1.48', nError: '5.26', los: '70.95', draw: '38.80', pairsRatio: '1.01' },
      { ptnml: [34, 49, 128, 62, 27], elo: '-0.58', error: '21.41', nElo: '-0.75', nError: '27.80', los: '47.88', draw: '42.67', pairsRatio: '1.07' },
    ];
    for (const block of blocks) {
      const stats = pentanomialStats(printed(block.ptnml));
      expect(stats.eloDiff!.toFixed(2)).toBe(block.elo);
      expect(stats.eloError95!.toFixed(2)).toBe(block.error);
      expect(stats.nElo!.toFixed(2)).toBe(block.nElo);
      expect(stats.nEloError95!.toFixed(2)).toBe(block.nError);
      expect((stats.los * 100).toFixed(2)).toBe(block.los);
      expect((stats.drawRatio! * 100).toFixed(2)).toBe(block.draw);
      expect(stats.pairsRatio!.toFixed(2)).toBe(block.pairsRatio);
      expect(stats.games).toBe(2 * block.ptnml.reduce((a, b) => a + b, 0));
    }
    // A block quoted with its Elo line only: "Elo 46.90 +/- 15.43, nElo 56.76 +/- 18.44", Ptnml [55, 116, 214, 185, 112].
    const quoted = pentanomialStats(printed([55, 116, 214, 185, 112]));
    expect([quoted.eloDiff!, quoted.eloError95!, quoted.nElo!, quoted.nEloError95!].map((x) => x.toFixed(2))).toEqual(['46.90', '15.43', '56.76', '18.44']);
  });

  it('[34, 54, 63, 64, 75] worked out: score, variance, standard error, interval', () => {
    // N = 290; score = (54·¼ + 63·½ + 64·¾ + 75)/290 = 168/290 = 0.579310…
    // σ² = Σ pᵢ(aᵢ − μ)² = 0.113106420927467; fishtest's per-game variance (stat_util.stats) 2σ² = 0.226212841854935
    // standard error √(σ²/290) = 0.019748978230005; LOS = Φ(0.0793103/0.0197490) = 0.999970393008431
    const stats = pairStats([34, 54, 63, 64, 75]);
    expect(stats.pairs).toBe(290);
    expect(stats.gamesPerPair).toBe(2);
    expect(stats.score).toBeCloseTo(168 / 290, 15);
    expect(stats.variancePerPair).toBeCloseTo(0.113106420927467, 14);
    expect(stats.variancePerGame).toBeCloseTo(0.226212841854935, 14);
    expect(stats.standardError).toBeCloseTo(0.019748978230005, 14);
    expect(stats.scoreInterval95![0]).toBeCloseTo(168 / 290 - 1.959964 * 0.019748978230005, 12);
    expect(stats.los).toBeCloseTo(0.999970393008431, 12);
    expect(stats.eloInterval95![0]).toBeCloseTo(28.2762, 3);
    expect(stats.eloInterval95![1]).toBeCloseTo(83.5830, 3);
  });

  it("keeps DD and WL apart for display, and counts them together as fastchess's Ptnml", () => {
    const counts: PentanomialCounts = { ll: 1, ld: 2, dd: 3, wl: 4, wd: 5, ww: 6 };
    expect(ptnml(counts)).toEqual([1, 2, 7, 5, 6]);
    const stats = pentanomialStats(counts);
    expect(stats.wlDdRatio).toBeCloseTo(4 / 3, 15);
    expect(stats.pairsRatio).toBeCloseTo(11 / 3, 15);
    expect(stats.drawRatio).toBeCloseTo(7 / 21, 15);
    expect(pentanomialStats({ ...counts, dd: 0, wl: 7 }).eloDiff).toBe(stats.eloDiff); // WL and DD score alike
    expect(mergePentanomial(counts, counts)).toEqual({ ll: 2, ld: 4, dd: 6, wl: 8, wd: 10, ww: 12 });
  });

  it('prints the Elo line of `match` (formatEloLine) from pair statistics too', () => {
    expect(formatEloLine(pentanomialStats(printed([13, 34, 232, 71, 29])))).toBe('Elo: 31.7 +/- 14.6, LOS: 100.0 %, DrawRatio: 61.2 %');
  });

  it('no pairs: null where there is nothing to estimate, LOS ½', () => {
    const stats = pentanomialStats({ ll: 0, ld: 0, dd: 0, wl: 0, wd: 0, ww: 0 });
    expect(stats).toMatchObject({ pairs: 0, games: 0, score: null, eloDiff: null, eloError95: null, los: 0.5, nElo: null, drawRatio: null, pairsRatio: null, wlDdRatio: null });
    expectJsonSafe(stats);
  });

  it('all WW: score 1, Elo unbounded (null), LOS 1, no spread, nothing infinite', () => {
    const stats = pentanomialStats({ ll: 0, ld: 0, dd: 0, wl: 0, wd: 0, ww: 12 });
    expect(stats.score).toBe(1);
    expect(stats.eloDiff).toBeNull();
    expect(stats.eloInterval95).toEqual([null, null]);
    expect(stats.los).toBe(1);
    expect(stats.variancePerPair).toBe(0);
    expect(stats.nElo).toBeNull();
    expect(stats.pairsRatio).toBeNull(); // 12/0
    expectJsonSafe(stats);
    expect(pentanomialStats({ ll: 12, ld: 0, dd: 0, wl: 0, wd: 0, ww: 0 }).los).toBe(0);
  });

  it('all DD: Elo 0 exactly, error 0, LOS ½, nElo null (0/0 in fastchess)', () => {
    const stats = pentanomialStats({ ll: 0, ld: 0, dd: 9, wl: 0, wd: 0, ww: 0 });
    expect(stats.eloDiff).toBe(0);
    expect(stats.eloError95).toBe(0);
    expect(stats.los).toBe(0.5);
    expect(stats.nElo).toBeNull();
    expect(stats.nEloError95).toBeNull();
    expect(stats.wlDdRatio).toBe(0);
    expectJsonSafe(stats);
  });

  it('takes the 2S+1 frequencies of S rotations as fishtest takes any 2n+1 (stat_util.get_elo, no zero counts)', () => {
    // fishtest get_elo([1,2,5,9,12,7,3]): mu 0.598290598290598, per-game var 0.161187815033969, elo 69.2000728314157, elo95 53.0383976930517, LOS 0.995953044082183
    const seven = pairStats([1, 2, 5, 9, 12, 7, 3]);
    expect(seven.gamesPerPair).toBe(3);
    expect(seven.games).toBe(117);
    expect(seven.score).toBeCloseTo(0.598290598290598, 14);
    expect(seven.variancePerGame).toBeCloseTo(0.161187815033969, 14);
    expect(seven.eloDiff).toBeCloseTo(69.2000728314157, 9);
    expect(seven.eloError95).toBeCloseTo(53.0383976930517, 5); // fishtest's z is scipy's exact quantile
    expect(seven.los).toBeCloseTo(0.995953044082183, 12);
    // get_elo([1,1,3,8,15,20,11,6,2]): mu 0.587686567164179, var 0.151147248830475, elo 61.5673120417959, elo95 33.4824950790623
    const nine = pairStats([1, 1, 3, 8, 15, 20, 11, 6, 2]);
    expect(nine.score).toBeCloseTo(0.587686567164179, 14);
    expect(nine.variancePerGame).toBeCloseTo(0.151147248830475, 14);
    expect(nine.eloDiff).toBeCloseTo(61.5673120417959, 9);
    expect(nine.eloError95).toBeCloseTo(33.4824950790623, 5);
  });

  it('refuses counts that are not whole pairs, with one line', () => {
    expect(() => pairStats([1, 2, 3])).toThrow(/2n\+1 frequencies/);
    expect(() => pairStats([1, 2, 3, 4])).toThrow(RangeError);
    expect(() => pairStats([1, 2, -1, 4, 5])).toThrow(/integer >= 0/);
    expect(() => pairStats([1, 2, 0.5, 4, 5])).toThrow(/integer >= 0/);
    expect(() => pentanomialStats({ ll: 0, ld: 0, dd: Number.NaN, wl: 0, wd: 0, ww: 0 })).toThrow(/dd must be/);
  });
});

describe('pentanomial SPRT (fishtest LLRcalc.LLR_logistic)', () => {
  it("reproduces fastchess's logistic pentanomial tests (app/tests/sprt_test.cpp)", () => {
    // Stats(223, 9863, 20279, 1000, 10037, 246), elo 0.5..2.5: -3.07; Stats(871, 26175, 55003, 980, 26678, 821), 0..2: -4.98
    expect(pentanomialSprtDecision(fastchessStats(223, 9863, 20279, 1000, 10037, 246), { elo0: 0.5, elo1: 2.5, alpha: 0.05, beta: 0.05 }).llr.toFixed(2)).toBe('-3.07');
    expect(pentanomialSprtDecision(fastchessStats(871, 26175, 55003, 980, 26678, 821), { elo0: 0, elo1: 2, alpha: 0.05, beta: 0.05 }).llr.toFixed(2)).toBe('-4.98');
  });

  it("matches fishtest's LLR_logistic evaluated with scipy's brentq to 1e-9", () => {
    const cases: Array<[number[], number, number, number]> = [
      [[223, 9863, 21279, 10037, 246], 0.5, 2.5, -3.074126439586986],
      [[871, 26175, 55983, 26678, 821], 0, 2, -4.9786728634511785],
      [[10789, 19328, 33806, 19402, 10543], -3, 1, 2.1310678117940807], // the pentanomial of fishtest's sprt.py self-test
      [[3, 9, 20, 14, 4], 0, 10, 0.31154078728198054],
      [[1, 0, 2, 5, 9], -5, 5, 0.4154264128256317], // a zero count, regularized to 0.001
      [[0, 0, 0, 0, 1], 0, 10, 0.028423811539487056],
      [[0, 0, 7, 0, 0], 0, 10, -0.1985632182291336],
      [[1, 2, 5, 9, 12, 7, 3], 0, 20, 1.4166937596218399], // three seats: 7 frequencies
      [[0, 1, 3, 8, 15, 20, 11, 6, 2], 0, 20, 3.649718427372053], // four seats: 9
    ];
    for (const [counts, elo0, elo1, expected] of cases) {
      expect(Math.abs(pairSprtLlr(counts, elo0, elo1) - expected)).toBeLessThan(1e-9);
    }
  });

  it('the same bounds and decision shape as the trinomial SPRT', () => {
    const params = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    const decision = pairSprtDecision([3, 9, 20, 14, 4], params);
    expect(decision).toEqual({ llr: pairSprtLlr([3, 9, 20, 14, 4], 0, 10), ...sprtBounds(0.05, 0.05), result: 'continue' });
  });

  it('accepts H1 on a one-sided field of pairs and H0 on the mirrored field', () => {
    // A field where A wins most pairs: repeating WW, WD, WW, DD, WL, WW, LD, WD. Its mirror swaps every result.
    const pattern: Array<[PairGameResult, PairGameResult]> = [
      ['win', 'win'], ['win', 'draw'], ['win', 'win'], ['draw', 'draw'], ['win', 'loss'], ['win', 'win'], ['loss', 'draw'], ['draw', 'win'],
    ];
    const mirror = (r: PairGameResult): PairGameResult => (r === 'win' ? 'loss' : r === 'loss' ? 'win' : 'draw');
    const params = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };
    const run = (flip: boolean): { result: string; pairs: number; earlier: Set<string> } => {
      const games: PairableGame[] = [];
      const earlier = new Set<string>();
      for (let k = 0; k < 400; k++) {
        const [first, second] = pattern[k % pattern.length]!;
        games.push({ seed: `s/${k}`, aSeat: 0, result: flip ? mirror(first) : first }, { seed: `s/${k}`, aSeat: 1, result: flip ? mirror(second) : second });
        const decision = pairSprtDecision(pairGames(games).counts, params);
        if (decision.result !== 'continue') return { result: decision.result, pairs: k + 1, earlier };
        earlier.add(decision.result);
      }
      return { result: 'continue', pairs: 400, earlier };
    };
    const one = run(false);
    const mirrored = run(true);
    expect(one.result).toBe('H1');
    expect(mirrored.result).toBe('H0');
    expect(one.pairs).toBeLessThan(100);
    expect(mirrored.pairs).toBeLessThan(100);
  });

  it('only WW pairs: each moves the LLR by about ln(s1/s0), so H1 after 104 pairs at 0,10 (fishtest gives the same)', () => {
    const params = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    // fishtest LLR_logistic(0, 10, [0,0,0,0,103]) = 2.92197639068101 < 2.9444; [.., 104] = 2.95034455075508
    expect(pairSprtDecision([0, 0, 0, 0, 103], params).result).toBe('continue');
    expect(pairSprtDecision([0, 0, 0, 0, 104], params).result).toBe('H1');
    expect(Math.abs(pairSprtLlr([0, 0, 0, 0, 104], 0, 10) - 2.9503445507550787)).toBeLessThan(1e-9);
    // only LL: [100,0,0,0,0] = -2.91970594629224, [101,…] = -2.94890241359099
    expect(pairSprtDecision([100, 0, 0, 0, 0], params).result).toBe('continue');
    expect(pairSprtDecision([101, 0, 0, 0, 0], params).result).toBe('H0');
  });

  it('no pairs: LLR 0, continue; every decision is finite', () => {
    const params = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
    expect(pairSprtDecision([0, 0, 0, 0, 0], params)).toEqual({ llr: 0, ...sprtBounds(0.05, 0.05), result: 'continue' });
    for (const counts of [[0, 0, 0, 0, 1], [5, 0, 0, 0, 0], [0, 0, 3, 0, 0], [1e6, 0, 0, 0, 1e6]]) expectJsonSafe(pairSprtDecision(counts, params));
  });

  it('refuses hypotheses the trinomial SPRT refuses', () => {
    expect(() => pairSprtDecision([1, 1, 1, 1, 1], { elo0: 5, elo1: 0, alpha: 0.05, beta: 0.05 })).toThrow(/elo0 must be below elo1/);
    expect(() => pairSprtLlr([1, 1, 1, 1, 1], 0, 2000)).toThrow(/elo1/);
    expect(() => pairSprtDecision([1, 1, 1, 1, 1], { elo0: 0, elo1: 5, alpha: 0.7, beta: 0.05 })).toThrow(/alpha/);
  });
});

describe('pairGames', () => {
  const game = (seed: string, aSeat: number, result: PairGameResult): PairableGame => ({ seed, aSeat, result });

  it('pairs the two games of a seed with A in either seat; counts sum to the pairs played', () => {
    const games = [
      game('s/0', 0, 'win'), game('s/0', 1, 'win'), // WW
      game('s/1', 1, 'draw'), game('s/1', 0, 'draw'), // DD, given in either order
      game('s/2', 0, 'loss'), game('s/2', 1, 'win'), // LW: a WL pair
      game('s/3', 0, 'draw'), game('s/3', 1, 'loss'), // LD
      game('s/4', 0, 'win'), game('s/4', 1, 'draw'), // WD
      game('s/5', 0, 'loss'), game('s/5', 1, 'loss'), // LL
    ];
    const pairing = pairGames(games);
    expect(pairing.pairs.map((p) => p.seed)).toEqual(['s/0', 's/1', 's/2', 's/3', 's/4', 's/5']);
    expect(pairing.pairs[1]!.results).toEqual(['draw', 'draw']);
    expect(pairing.counts).toEqual([1, 1, 2, 1, 1]);
    expect(pairing.pentanomial).toEqual({ ll: 1, ld: 1, dd: 1, wl: 1, wd: 1, ww: 1 });
    expect(pairing.counts.reduce((a, b) => a + b, 0)).toBe(pairing.pairs.length);
    expect(pairing.unpaired).toEqual([]);
  });

  it('reports a game without its partner (odd count, voided game) and a seat given twice, and counts neither', () => {
    const lone = game('s/7', 1, 'win');
    const twiceA = game('s/8', 0, 'win');
    const twiceB = game('s/8', 0, 'loss');
    const pairing = pairGames([game('s/0', 0, 'win'), lone, game('s/0', 1, 'draw'), twiceA, twiceB]);
    expect(pairing.pairs).toHaveLength(1);
    expect(pairing.counts).toEqual([0, 0, 0, 1, 0]);
    expect(pairing.unpaired).toEqual([
      { game: lone, reason: 'partner-missing' },
      { game: twiceA, reason: 'seat-repeated' },
      { game: twiceB, reason: 'seat-repeated' },
    ]);
    expect(pairing.pairs.length * 2 + pairing.unpaired.length).toBe(5);
  });

  it('four seats: the four rotations of a seed form one unit of 0 … 8 half points; three of them none', () => {
    const games = [
      game('t/0', 0, 'win'), game('t/0', 1, 'draw'), game('t/0', 2, 'win'), game('t/0', 3, 'loss'), // 5 half points
      game('t/1', 0, 'win'), game('t/1', 2, 'win'), game('t/1', 3, 'win'), // a rotation missing
    ];
    const pairing = pairGames(games, 4);
    expect(pairing.counts).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(pairing.pentanomial).toBeNull();
    expect(pairing.unpaired.map((u) => u.reason)).toEqual(['partner-missing', 'partner-missing', 'partner-missing']);
    expect(pairStats(pairing.counts).score).toBeCloseTo(5 / 8, 15);
  });

  it('refuses games that are not games of the pairing, with one line', () => {
    expect(() => pairGames([game('s', 2, 'win')])).toThrow(/aSeat must be a seat index 0..1/);
    expect(() => pairGames([{ seed: 's', aSeat: 0, result: 'toString' as PairGameResult }])).toThrow(/win, draw or loss/);
    expect(() => pairGames([], 1)).toThrow(/2 to 16 seats/);
  });
});

describe('headToHead (the rule of match.ts pairResult, for any two bots)', () => {
  const seat = (bot: number | null, result: PairGameResult | null, points: number | null = null) => ({ bot, result, points });

  it('two seats: the winner wins', () => {
    expect(headToHead([seat(3, 'win'), seat(5, 'loss')], 3, 5)).toBe('win');
    expect(headToHead([seat(3, 'win'), seat(5, 'loss')], 5, 3)).toBe('loss');
    expect(headToHead([seat(3, 'draw'), seat(5, 'draw')], 3, 5)).toBe('draw');
  });

  it('more seats: both losing to a third is decided by the points, else a draw', () => {
    const game = [seat(null, 'win', 900), seat(1, 'loss', 300), seat(2, 'loss', 120), seat(4, 'loss', 300)];
    expect(headToHead(game, 1, 2)).toBe('win');
    expect(headToHead(game, 2, 1)).toBe('loss');
    expect(headToHead(game, 1, 4)).toBe('draw');
    expect(headToHead(game, 1, 7)).toBeNull(); // bot 7 did not play
    expect(headToHead([seat(1, null), seat(2, 'win'), seat(null, 'loss')], 1, 2)).toBe('draw'); // a result missing
  });
});
