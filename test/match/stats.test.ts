// Match statistics: the numbers cutechess-cli and fastchess print, reproduced from hand-checked values
// and from real cutechess-cli output; never NaN or Infinity, so every result is valid JSON.
import { describe, expect, it } from 'vitest';
import {
  erf,
  erfc,
  eloFromScore,
  formatEloLine,
  mergeTallies,
  parseSprt,
  scoreStats,
  sprtBounds,
  sprtDecision,
  sprtLlr,
  type GameTally,
  type ScoreStats,
} from '../../harness/match/stats.js';

const tally = (wins: number, draws: number, losses: number): GameTally => ({ wins, draws, losses });

/** |actual/expected - 1|: how many significant digits agree, for values far from 1. */
const relativeError = (actual: number, expected: number): number => Math.abs(actual / expected - 1);

const SPRT_0_10 = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };

describe('erf and erfc (W. J. Cody)', () => {
  it('agree with 17-digit reference values (mpmath) to ~1e-15', () => {
    const references: Array<[number, number]> = [
      [0.1, 0.1124629160182849],
      [0.46875, 0.49261347321793799], // the border between Cody's first two intervals
      [0.5, 0.52049987781304654],
      [1, 0.84270079294971487],
      [2, 0.99532226501895273],
      [3.5, 0.99999925690162766],
      [-1.5, -0.96610514647531073],
    ];
    for (const [x, expected] of references) expect(Math.abs(erf(x) - expected)).toBeLessThan(1e-15);
  });

  it('keeps the relative precision of a tiny erfc, which 1 - erf(x) would lose entirely', () => {
    expect(relativeError(erfc(3), 2.2090496998585441e-5)).toBeLessThan(1e-14);
    expect(relativeError(erfc(5), 1.5374597944280349e-12)).toBeLessThan(1e-14);
    expect(relativeError(erfc(10), 2.0884875837625448e-45)).toBeLessThan(1e-14);
    expect(1 - erf(10)).toBe(0); // why erfc exists
  });

  it('is odd, with erfc(-x) = 2 - erfc(x), and saturates without NaN', () => {
    for (const x of [0.3, 0.9, 2.5, 4.5]) {
      expect(erf(-x)).toBe(-erf(x));
      expect(erfc(-x)).toBeCloseTo(2 - erfc(x), 15);
    }
    expect(erf(0)).toBe(0);
    expect(erfc(0)).toBe(1);
    expect(erf(Infinity)).toBe(1);
    expect(erf(-Infinity)).toBe(-1);
    expect(erfc(30)).toBe(0);
    expect(erfc(-30)).toBe(2);
  });
});

describe('scoreStats', () => {
  it('W=60 D=20 L=20: the values worked out by hand', () => {
    // score μ = (60 + 20/2) / 100 = 0.7
    // variance per game = (60·(1-0.7)² + 20·(0.5-0.7)² + 20·(0-0.7)²) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16
    // σ of the mean = √(0.16/100) = 0.04; 1.959964·0.04 = 0.07839856 → score interval [0.62160144, 0.77839856]
    // Elo(0.7) = -400·log10(1/0.7 - 1) = 400·log10(7/3) = 147.1907…
    // Elo(0.62160144) = 86.2250…, Elo(0.77839856) = 218.2518… → error (218.2518 - 86.2250)/2 = 66.0134
    // LOS = 0.5·(1 + erf(40/√160)) = Φ(40/√80) = Φ(4.472) = 0.99999613
    const stats = scoreStats(tally(60, 20, 20));
    expect(stats.games).toBe(100);
    expect(stats.score).toBeCloseTo(0.7, 15);
    expect(stats.scoreInterval95![0]).toBeCloseTo(0.62160144, 12);
    expect(stats.scoreInterval95![1]).toBeCloseTo(0.77839856, 12);
    expect(stats.eloDiff).toBeCloseTo(147.19071411783776, 10);
    expect(stats.eloInterval95![0]).toBeCloseTo(86.225014743583413, 9);
    expect(stats.eloInterval95![1]).toBeCloseTo(218.2517782638592, 9);
    expect(stats.eloError95).toBeCloseTo(66.013381760137895, 9);
    expect(stats.los).toBeCloseTo(0.99999612789178448, 14);
    expect(stats.drawRatio).toBeCloseTo(0.2, 15);
  });

  it('reproduces real cutechess-cli lines (public engine logs) to their printed precision', () => {
    // cutechess-cli prints "Score of A vs B: W - L - D" and then "Elo difference: E +/- M, LOS: P %, DrawRatio: R %".
    // Its z comes from an approximate inverse erf (1.95716 instead of 1.959964), so our +/- may be up to
    // ~0.15 % wider: at most 0.1 above the printed margin, never below it beyond rounding.
    const printed: Array<{ w: number; l: number; d: number; elo: number; margin: number; los: number; drawRatio: number }> = [
      { w: 449, l: 276, d: 275, elo: 60.7, margin: 18.5, los: 100.0, drawRatio: 27.5 },
      { w: 382, l: 320, d: 298, elo: 21.6, margin: 18.1, los: 99.0, drawRatio: 29.8 },
      { w: 372, l: 322, d: 306, elo: 17.4, margin: 17.9, los: 97.1, drawRatio: 30.6 },
      { w: 99, l: 97, d: 104, elo: 2.3, margin: 31.8, los: 55.7, drawRatio: 34.7 },
      { w: 45, l: 37, d: 18, elo: 27.9, margin: 62.4, los: 81.2, drawRatio: 18.0 },
    ];
    for (const line of printed) {
      const stats = scoreStats(tally(line.w, line.d, line.l));
      expect(stats.eloDiff!.toFixed(1)).toBe(line.elo.toFixed(1));
      expect((stats.los * 100).toFixed(1)).toBe(line.los.toFixed(1));
      expect((stats.drawRatio! * 100).toFixed(1)).toBe(line.drawRatio.toFixed(1));
      const marginExcess = stats.eloError95! - line.margin;
      expect(marginExcess).toBeGreaterThanOrEqual(-0.05);
      expect(marginExcess).toBeLessThanOrEqual(0.15);
    }
  });

  it('LOS is 0.5 when wins equal losses, Φ((W-L)/√(W+L)) otherwise, and symmetric', () => {
    expect(scoreStats(tally(30, 40, 30)).los).toBe(0.5);
    // W=55, L=45: (55-45)/√100 = 1 → Φ(1) = 0.841344746…
    expect(scoreStats(tally(55, 0, 45)).los).toBeCloseTo(0.84134474606854295, 14);
    // the other way round, 1 - 0.99999613, kept to full relative precision
    expect(relativeError(scoreStats(tally(20, 20, 60)).los, 3.8721082155220418e-6)).toBeLessThan(1e-13);
  });

  it('no games: nothing to estimate, so null, and LOS 0.5 (no decisive game)', () => {
    expect(scoreStats(tally(0, 0, 0))).toEqual({
      games: 0,
      score: null,
      scoreInterval95: null,
      eloDiff: null,
      eloError95: null,
      eloInterval95: null,
      los: 0.5,
      drawRatio: null,
    });
  });

  it('all wins: score 1, whose Elo is +Infinity, so null (and JSON keeps it)', () => {
    const stats = scoreStats(tally(10, 0, 0));
    expect(stats.score).toBe(1);
    expect(stats.scoreInterval95).toEqual([1, 1]); // no spread at all: σ = 0
    expect(stats.eloDiff).toBeNull();
    expect(stats.eloError95).toBeNull();
    expect(stats.eloInterval95).toEqual([null, null]);
    expect(stats.los).toBeCloseTo(0.99921729887099873, 14); // Φ(10/√10)
    expect(JSON.parse(JSON.stringify(stats))).toEqual(stats);
  });

  it('all losses mirror all wins', () => {
    const stats = scoreStats(tally(0, 0, 10));
    expect(stats.score).toBe(0);
    expect(stats.eloDiff).toBeNull();
    expect(stats.eloInterval95).toEqual([null, null]);
    expect(stats.los).toBeCloseTo(1 - 0.99921729887099873, 14);
  });

  it('all draws: Elo 0 exactly, with no spread, LOS 0.5', () => {
    expect(scoreStats(tally(0, 12, 0))).toEqual({
      games: 12,
      score: 0.5,
      scoreInterval95: [0.5, 0.5],
      eloDiff: 0,
      eloError95: 0,
      eloInterval95: [0, 0],
      los: 0.5,
      drawRatio: 1,
    });
  });

  it('a score interval reaching 1 is clamped there: Elo known, its upper end and the +/- unbounded', () => {
    // W=99 L=1: μ = 0.99, σ = √(0.0099/100) = 0.00995, μ + 1.96σ = 1.0095 > 1 (cutechess-cli prints nan here)
    const stats = scoreStats(tally(99, 0, 1));
    expect(stats.eloDiff).toBeCloseTo(400 * Math.log10(99), 10);
    expect(stats.scoreInterval95![1]).toBe(1);
    expect(stats.eloInterval95![0]).toBeCloseTo(eloFromScore(0.99 - 1.959964 * Math.sqrt(0.0099 / 100))!, 10);
    expect(stats.eloInterval95![1]).toBeNull();
    expect(stats.eloError95).toBeNull();
  });

  it('never yields NaN or Infinity, and its intervals hold their centre, for every small tally', () => {
    for (let wins = 0; wins <= 4; wins++) {
      for (let draws = 0; draws <= 4; draws++) {
        for (let losses = 0; losses <= 4; losses++) {
          const stats = scoreStats(tally(wins, draws, losses));
          expect(Object.values(stats).flat().every((v) => v === null || Number.isFinite(v))).toBe(true);
          expect(stats.los).toBeGreaterThanOrEqual(0);
          expect(stats.los).toBeLessThanOrEqual(1);
          if (stats.score !== null) {
            const [low, high] = stats.scoreInterval95!;
            expect(low).toBeLessThanOrEqual(stats.score);
            expect(high).toBeGreaterThanOrEqual(stats.score);
            expect(low).toBeGreaterThanOrEqual(0);
            expect(high).toBeLessThanOrEqual(1);
          }
          const [eloLow, eloHigh] = stats.eloInterval95 ?? [null, null];
          if (stats.eloDiff !== null && eloLow !== null) expect(eloLow).toBeLessThanOrEqual(stats.eloDiff);
          if (stats.eloDiff !== null && eloHigh !== null) expect(eloHigh).toBeGreaterThanOrEqual(stats.eloDiff);
        }
      }
    }
  });

  it('rejects a tally that is not whole games', () => {
    expect(() => scoreStats(tally(-1, 0, 0))).toThrow(RangeError);
    expect(() => scoreStats(tally(1.5, 0, 0))).toThrow(/wins must be an integer >= 0, got 1.5/);
    expect(() => scoreStats(tally(0, NaN, 0))).toThrow(RangeError);
    expect(() => scoreStats(tally(0, 0, Infinity))).toThrow(RangeError);
  });
});

describe('formatEloLine', () => {
  it('prints one line as fastchess does, one decimal', () => {
    expect(formatEloLine(scoreStats(tally(60, 20, 20)))).toBe('Elo: 147.2 +/- 66.0, LOS: 100.0 %, DrawRatio: 20.0 %');
    expect(formatEloLine(scoreStats(tally(449, 275, 276)))).toBe('Elo: 60.7 +/- 18.5, LOS: 100.0 %, DrawRatio: 27.5 %');
  });

  it('writes n/a for what is unbounded or undefined', () => {
    expect(formatEloLine(scoreStats(tally(10, 0, 0)))).toBe('Elo: n/a +/- n/a, LOS: 99.9 %, DrawRatio: 0.0 %');
    expect(formatEloLine(scoreStats(tally(0, 0, 0)))).toBe('Elo: n/a +/- n/a, LOS: 50.0 %, DrawRatio: n/a');
    expect(formatEloLine(scoreStats(tally(99, 0, 1)))).toMatch(/^Elo: 798\.3 \+\/- n\/a, /); // 400·log10(99) = 798.25;
  });

  it('never prints "-0.0" for an Elo that rounds to zero', () => {
    const stats: ScoreStats = scoreStats(tally(10000, 0, 10001)); // Elo ≈ -0.017
    expect(stats.eloDiff).toBeLessThan(0);
    expect(formatEloLine(stats)).toMatch(/^Elo: 0\.0 \+\/- /);
  });
});

describe('SPRT', () => {
  it('bounds: ln(β/(1-α)) and ln((1-β)/α), ±2.944 for 0.05/0.05', () => {
    const { lower, upper } = sprtBounds(0.05, 0.05);
    expect(lower).toBeCloseTo(-2.9444389791664403, 14); // ln(1/19)
    expect(upper).toBeCloseTo(2.9444389791664403, 14);
    const asymmetric = sprtBounds(0.05, 0.1);
    expect(asymmetric.lower).toBeCloseTo(Math.log(0.1 / 0.95), 14);
    expect(asymmetric.upper).toBeCloseTo(Math.log(0.9 / 0.05), 14);
  });

  it('LLR by hand for W=600 D=200 L=200 against [0, 10]: far above the upper bound → H1', () => {
    // s0 = 0.5, s1 = 1/(1+10^(-10/400)) = 0.5143871841…; x̄ = 0.7, σ̂² = 0.16 (as for 60/20/20)
    // LLR = N·(s1-s0)·(2x̄ - s0 - s1)/(2σ̂²) = 1000·0.0143872·(1.4 - 1.0143872)/0.32 = 17.337
    expect(sprtLlr(tally(600, 200, 200), 0, 10)).toBeCloseTo(17.337133119290938, 10);
    const decision = sprtDecision(tally(600, 200, 200), SPRT_0_10);
    expect(decision.result).toBe('H1');
    expect(decision.lower).toBeCloseTo(-2.944, 3);
    expect(decision.upper).toBeCloseTo(2.944, 3);
  });

  it('equal results drift towards H0 in proportion to the games played', () => {
    // W=L=2000 D=1000: x̄ = 0.5, σ̂² = (2000·0.25 + 2000·0.25)/5000 = 0.2
    // LLR = 5000·0.0143872·(1 - 1.0143872)/0.4 = -2.5874: above -2.944 still, so not yet H0
    const halfway = sprtDecision(tally(2000, 1000, 2000), SPRT_0_10);
    expect(halfway.llr).toBeCloseTo(-2.5873883528295307, 10);
    expect(halfway.result).toBe('continue');
    // the same proportions over twice the games: twice the LLR, -5.175, below the lower bound
    const twice = sprtDecision(tally(4000, 2000, 4000), SPRT_0_10);
    expect(twice.llr).toBeCloseTo(2 * halfway.llr, 10);
    expect(twice.result).toBe('H0');
  });

  it('is 0 (continue) without games; an outcome never seen counts half a game, so only wins decide early', () => {
    expect(sprtLlr(tally(0, 0, 0), 0, 10)).toBe(0);
    expect(sprtDecision(tally(0, 0, 0), SPRT_0_10).result).toBe('continue');
    // A strong bot against a random one: a few straight wins decide, one does not.
    expect(sprtDecision(tally(1, 0, 0), { ...SPRT_0_10, elo1: 50 }).result).toBe('continue');
    expect(sprtDecision(tally(8, 0, 0), { ...SPRT_0_10, elo1: 50 }).result).toBe('H1');
    expect(sprtDecision(tally(0, 0, 8), { ...SPRT_0_10, elo1: 50 }).result).toBe('H0');
    expect(sprtDecision(tally(50, 0, 0), SPRT_0_10).result).toBe('H1');
    expect(sprtDecision(tally(0, 0, 50), SPRT_0_10).result).toBe('H0');
    // Only draws: equal strength, which the test comes to accept as H0 (not 10 Elo stronger).
    expect(sprtLlr(tally(0, 50, 0), 0, 10)).toBeLessThan(0);
    // Where every outcome was seen, nothing changes.
    expect(sprtLlr(tally(600, 200, 200), 0, 10)).toBeCloseTo(17.337, 3);
  });

  it('a merged tally decides as the run of all its games would', () => {
    const shards = [tally(300, 100, 100), tally(290, 110, 100), tally(10, 0, 0)];
    expect(sprtLlr(mergeTallies(...shards), 0, 10)).toBe(sprtLlr(tally(600, 210, 200), 0, 10));
  });

  it('rejects parameters outside their ranges with a one-line RangeError', () => {
    const bad = [
      { ...SPRT_0_10, alpha: 0 },
      { ...SPRT_0_10, alpha: 0.5 },
      { ...SPRT_0_10, beta: NaN },
      { ...SPRT_0_10, elo0: 10, elo1: 10 },
      { ...SPRT_0_10, elo0: 10, elo1: 0 },
      { ...SPRT_0_10, elo1: Infinity },
      { ...SPRT_0_10, elo1: 5000 },
    ];
    for (const params of bad) {
      expect(() => sprtDecision(tally(1, 1, 1), params)).toThrow(RangeError);
      try {
        sprtDecision(tally(1, 1, 1), params);
      } catch (e) {
        expect((e as Error).message).not.toContain('\n');
      }
    }
    expect(() => sprtBounds(0.05, 1)).toThrow(/beta must be a probability between 0 and 0.5/);
    expect(() => sprtLlr(tally(1, 1, 1), 10, 0)).toThrow(/elo0 must be below elo1/);
  });
});

describe('parseSprt', () => {
  it('parses elo0,elo1,alpha,beta', () => {
    expect(parseSprt('0,10,0.05,0.05')).toEqual({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(parseSprt('-5,5,0.1,0.05')).toEqual({ elo0: -5, elo1: 5, alpha: 0.1, beta: 0.05 });
    expect(parseSprt('0, 1e1, .05, 5e-2')).toEqual({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
  });

  it('rejects anything else with one line saying what it wants', () => {
    const malformed = ['0,10,0.05', 'a,b,c,d', '0,10,0.05,0.05,0.05', '', '0,10,,0.05', '0x0,10,0.05,0.05', 'Infinity,10,0.05,0.05', '0;10;0.05;0.05'];
    for (const text of malformed) {
      expect(() => parseSprt(text)).toThrow(/^--sprt wants four numbers elo0,elo1,alpha,beta \(e\.g\. 0,10,0\.05,0\.05\), got '/);
    }
    expect(() => parseSprt('10,0,0.05,0.05')).toThrow(/elo0 must be below elo1/);
    expect(() => parseSprt('0,10,0.5,0.05')).toThrow(/alpha must be a probability/);
    expect(() => parseSprt('0,10,0,0.05')).toThrow(/alpha must be a probability/);
    expect(() => parseSprt('0,5000,0.05,0.05')).toThrow(/elo1 must be a finite Elo between -1000 and 1000/);
    expect(() => parseSprt('1\n2,3,4')).toThrow(/got '1 2,3,4'$/); // the echo stays on one line
  });
});

describe('mergeTallies', () => {
  it('sums shards, without touching them, and gives the statistics of all games at once', () => {
    const shardA = tally(30, 10, 10);
    const shardB = tally(30, 10, 10);
    expect(mergeTallies(shardA, shardB)).toEqual(tally(60, 20, 20));
    expect(shardA).toEqual(tally(30, 10, 10));
    expect(scoreStats(mergeTallies(shardA, shardB))).toEqual(scoreStats(tally(60, 20, 20)));
    expect(mergeTallies(tally(1, 2, 3), tally(0, 0, 0), tally(4, 5, 6))).toEqual(tally(5, 7, 9));
  });

  it('of nothing is an empty tally; an invalid shard is refused', () => {
    expect(mergeTallies()).toEqual(tally(0, 0, 0));
    expect(() => mergeTallies(tally(1, 1, 1), tally(-2, 0, 0))).toThrow(RangeError);
    expect(() => mergeTallies(tally(Number.MAX_SAFE_INTEGER, 0, 0), tally(1, 0, 0))).toThrow(RangeError);
  });
});
