// An Elo rating for every bot of a field from all its games: the logistic Bradley–Terry model fitted by
// maximum likelihood, as Ordo fits it (a draw counts as half a win and half a loss), with BayesElo's
// prior of virtual draws so that a bot that won (or lost) every game still gets a finite rating.
//
//   P(i scores against j) = E_ij = 1/(1 + 10^((r_j − r_i)/400))
//   log-likelihood ℓ(r) = Σ_{i<j} S_ij·ln E_ij + (N_ij − S_ij)·ln(1 − E_ij)
//
// n_ij games between i and j in which i scored s_ij (win 1, draw ½); n_i = Σ_j n_ij. The prior adds
// v_ij = prior/2·(n_ij/n_i + n_ij/n_j) virtual draws to each pair that met (BayesElo's
// CCondensedResults::AddPrior: each bot's `prior` draws spread over its opponents in proportion to the
// games it played with them): N_ij = n_ij + v_ij, S_ij = s_ij + v_ij/2. Ratings average 0 over the bots
// that played; the maximum is found by Newton's method (ℓ is concave; the prior makes it strictly so
// along every direction that keeps the average). The error is the curvature's (the Laplace
// approximation, as BayesElo's "+/-" without its exact distribution): the covariance of the ratings is
// the pseudo-inverse of the information matrix L (L_ij = −c²·w_ij, L_ii = c²·Σ_j w_ij, w_ij =
// N_ij·E_ij·(1 − E_ij), c = ln 10/400), and the error is 1.959964·√Cov_ii.
//
// Pure: no I/O, no clock, no randomness; every value is finite or null.
import { Z_95 } from '../match/stats.js';

/** BayesElo's default prior: 2 virtual draws per bot. */
export const DEFAULT_PRIOR_DRAWS = 2;

export interface EloFit {
  /** Elo by bot, averaging 0 over the bots of a connected field; null for a bot without games. */
  ratings: (number | null)[];
  /** Half the 95 % interval of each rating (±); null for a bot without games or alone in its part. */
  errors95: (number | null)[];
  /** Virtual draws per bot (the prior). */
  prior: number;
  /**
   * Parts of the field that never met each other (through any chain of games): 1 for a whole round robin
   * or gauntlet. Ratings of different parts are not comparable: each part averages 0 on its own.
   */
  components: number;
}

/** c = ln 10 / 400: one Elo point in the natural (logit) scale. */
const C = Math.LN10 / 400;
const MAX_NEWTON_STEPS = 200;
/** Stop when no rating moves by more than this many Elo. */
const TOLERANCE_ELO = 1e-9;

/**
 * Fits the ratings. `games[i][j]` = games between i and j (symmetric), `scores[i][j]` = i's points
 * against j in them (win 1, draw ½), so scores[i][j] + scores[j][i] = games[i][j].
 */
export function fitElo(games: readonly (readonly number[])[], scores: readonly (readonly number[])[], prior = DEFAULT_PRIOR_DRAWS): EloFit {
  const n = games.length;
  checkMatrices(games, scores, prior);
  const played = games.map((row) => row.reduce((sum, g) => sum + g, 0));
  // N and S with the prior's virtual draws.
  const total = games.map((row, i) => row.map((g, j) => (g > 0 ? g + virtualDraws(g, played[i]!, played[j]!, prior) : 0)));
  const won = scores.map((row, i) => row.map((s, j) => (games[i]![j]! > 0 ? s + virtualDraws(games[i]![j]!, played[i]!, played[j]!, prior) / 2 : 0)));
  const ratings: (number | null)[] = new Array(n).fill(null);
  const errors95: (number | null)[] = new Array(n).fill(null);
  const parts = components(games);
  for (const part of parts) {
    if (part.length === 1) {
      ratings[part[0]!] = 0;
      continue;
    }
    const x = fitPart(part, total, won);
    const covariance = pseudoInverse(information(part, total, x));
    part.forEach((bot, k) => {
      ratings[bot] = zeroNotMinus(x[k]! / C);
      const variance = covariance[k]![k]! / (C * C);
      errors95[bot] = variance >= 0 && Number.isFinite(variance) ? Z_95 * Math.sqrt(variance) : null;
    });
  }
  return { ratings, errors95, prior, components: parts.length };
}

function virtualDraws(g: number, playedI: number, playedJ: number, prior: number): number {
  return (prior / 2) * (g / playedI + g / playedJ);
}

/** The bots with games, grouped by who met whom (directly or through others), each part in bot order. */
function components(games: readonly (readonly number[])[]): number[][] {
  const n = games.length;
  const seen = new Array<boolean>(n).fill(false);
  const parts: number[][] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start] || !games[start]!.some((g) => g > 0)) continue;
    const part: number[] = [];
    const stack = [start];
    seen[start] = true;
    while (stack.length) {
      const i = stack.pop()!;
      part.push(i);
      games[i]!.forEach((g, j) => {
        if (g > 0 && !seen[j]) {
          seen[j] = true;
          stack.push(j);
        }
      });
    }
    parts.push(part.sort((a, b) => a - b));
  }
  return parts;
}

const logistic = (t: number): number => 1 / (1 + Math.exp(-t));

function logLikelihood(part: readonly number[], total: number[][], won: number[][], x: readonly number[]): number {
  let sum = 0;
  for (let a = 0; a < part.length; a++) {
    for (let b = a + 1; b < part.length; b++) {
      const [i, j] = [part[a]!, part[b]!];
      const t = total[i]![j]!;
      if (t === 0) continue;
      const d = x[a]! - x[b]!;
      // ln σ(d) = −ln(1 + e^(−d)), written to stay finite for large |d|.
      const lnE = -softplus(-d);
      const lnNotE = -softplus(d);
      sum += won[i]![j]! * lnE + (t - won[i]![j]!) * lnNotE;
    }
  }
  return sum;
}

function softplus(t: number): number {
  return t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t));
}

/** The ratings (natural scale) of one connected part, averaging 0. */
function fitPart(part: readonly number[], total: number[][], won: number[][]): number[] {
  let x: number[] = new Array(part.length).fill(0);
  let current = logLikelihood(part, total, won, x);
  for (let step = 0; step < MAX_NEWTON_STEPS; step++) {
    const gradient = part.map((i, a) => part.reduce((sum, j, b) => (a === b ? sum : sum + won[i]![j]! - total[i]![j]! * logistic(x[a]! - x[b]!)), 0));
    const direction = solveShifted(information(part, total, x), gradient);
    // Damped: halve the step until the likelihood does not fall (ℓ is concave, so a step that rises exists).
    let scale = 1;
    let next = x;
    let value = current;
    for (let tries = 0; tries < 60; tries++) {
      next = x.map((v, k) => v + scale * direction[k]!);
      value = logLikelihood(part, total, won, next);
      if (value >= current - 1e-12 * Math.abs(current)) break;
      scale /= 2;
    }
    const moved = Math.max(...direction.map((d) => Math.abs(scale * d))) / C;
    const mean = next.reduce((s, v) => s + v, 0) / next.length;
    x = next.map((v) => v - mean);
    current = value;
    if (moved < TOLERANCE_ELO) break;
  }
  return x;
}

/** The information matrix −∂²ℓ/∂x² of a part, in the natural scale x = c·r: the graph Laplacian weighted by w_ij. */
function information(part: readonly number[], total: number[][], x: readonly number[]): number[][] {
  const m = part.length;
  const L = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let a = 0; a < m; a++) {
    for (let b = a + 1; b < m; b++) {
      const t = total[part[a]!]![part[b]!]!;
      if (t === 0) continue;
      const e = logistic(x[a]! - x[b]!);
      const w = t * e * (1 - e);
      L[a]![b]! -= w;
      L[b]![a]! -= w;
      L[a]![a]! += w;
      L[b]![b]! += w;
    }
  }
  return L;
}

/**
 * The solution of L·y = g with Σy = 0, for a connected part's Laplacian L and a g with Σg = 0:
 * (L + J/m)·y = g, J the matrix of ones (L's null space is the constant vector, which J/m fills).
 */
function solveShifted(L: number[][], g: readonly number[]): number[] {
  const m = L.length;
  const A = L.map((row) => row.map((v) => v + 1 / m));
  return solve(A, [...g]);
}

/** L⁺ = (L + J/m)⁻¹ − J/m: the covariance of ratings that average 0. */
function pseudoInverse(L: number[][]): number[][] {
  const m = L.length;
  const A = L.map((row) => row.map((v) => v + 1 / m));
  const columns = Array.from({ length: m }, (_, k) => solve(A.map((row) => [...row]), Array.from({ length: m }, (_, i) => (i === k ? 1 : 0))));
  return Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, k) => columns[k]![i]! - 1 / m));
}

/** Gaussian elimination with partial pivoting (A is small: one row per bot). Mutates A and b. */
function solve(A: number[][], b: number[]): number[] {
  const m = A.length;
  for (let col = 0; col < m; col++) {
    let pivot = col;
    for (let r = col + 1; r < m; r++) if (Math.abs(A[r]![col]!) > Math.abs(A[pivot]![col]!)) pivot = r;
    [A[col], A[pivot]] = [A[pivot]!, A[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    const p = A[col]![col]!;
    if (p === 0) continue; // cannot happen for a connected part (L + J/m is positive definite)
    for (let r = col + 1; r < m; r++) {
      const f = A[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c < m; c++) A[r]![c]! -= f * A[col]![c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const y = new Array<number>(m).fill(0);
  for (let r = m - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < m; c++) s -= A[r]![c]! * y[c]!;
    y[r] = A[r]![r]! === 0 ? 0 : s / A[r]![r]!;
  }
  return y;
}

function checkMatrices(games: readonly (readonly number[])[], scores: readonly (readonly number[])[], prior: number): void {
  const n = games.length;
  if (!(Number.isFinite(prior) && prior > 0)) throw new RangeError(`the prior is a number of virtual draws > 0, got ${String(prior)}`);
  if (scores.length !== n || games.some((row) => row.length !== n) || scores.some((row) => row.length !== n)) throw new RangeError('games and scores must be square matrices of the same size');
  for (let i = 0; i < n; i++) {
    if (games[i]![i] !== 0) throw new RangeError(`a bot plays no games against itself (games[${i}][${i}] = ${games[i]![i]})`);
    for (let j = 0; j < n; j++) {
      const g = games[i]![j]!;
      const s = scores[i]![j]!;
      if (!(Number.isSafeInteger(g) && g >= 0) || g !== games[j]![i]) throw new RangeError(`games[${i}][${j}] must be a whole number >= 0, equal to games[${j}][${i}]`);
      if (!(Number.isFinite(s) && s >= 0 && s <= g) || Math.abs(s + scores[j]![i]! - g) > 1e-9) throw new RangeError(`scores[${i}][${j}] + scores[${j}][${i}] must be the ${g} games between them`);
    }
  }
}

function zeroNotMinus(value: number): number {
  return value === 0 || Object.is(value, -0) ? 0 : value;
}
