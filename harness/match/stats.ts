// Match statistics for `botjury match` (bot A against bot B over many games), computed as cutechess-cli and
// fastchess do for the trinomial (win/draw/loss) model, so their numbers can be compared line by line.
// Pure: no I/O, no clock, no randomness. Every value is finite or null, so a result is always valid JSON.

/** Games counted from bot A's point of view. */
export interface GameTally {
  wins: number;
  draws: number;
  losses: number;
}

/**
 * The summary of a tally. null means "not a number": no games were played (score, intervals, Elo,
 * draw ratio), or the value is infinite (the Elo of a score of exactly 0 or 1, e.g. after all wins).
 * An endpoint of `eloInterval95` is null when that end of the score interval reaches 0 or 1.
 */
export interface ScoreStats {
  games: number;
  /** (W + D/2) / N, in [0, 1]. */
  score: number | null;
  /** score ± 1.959964·σ, clamped to [0, 1] (a score outside it does not exist). */
  scoreInterval95: [number, number] | null;
  eloDiff: number | null;
  /** Half the width of `eloInterval95`, as cutechess-cli and fastchess print it after "+/-". */
  eloError95: number | null;
  /** The Elo of each end of the score interval: not symmetric around `eloDiff`. */
  eloInterval95: [number | null, number | null] | null;
  /** Likelihood of superiority: the probability that A is the stronger bot, 0..1 (0.5 without decisive games). */
  los: number;
  /** D / N. */
  drawRatio: number | null;
}

export interface SprtParams {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

export type SprtResult = 'H0' | 'H1' | 'continue';

export interface SprtDecision {
  llr: number;
  lower: number;
  upper: number;
  result: SprtResult;
}

/**
 * The normal quantile for a two-sided 95 % interval. Fixed rather than computed: cutechess-cli derives it
 * from an approximate inverse erf (giving 1.95716), which is why its "+/-" can be ~0.1 % narrower than ours.
 */
export const Z_95 = 1.959964;

/** SPRT hypotheses further apart than this are not a meaningful test; it also keeps scores off 0 and 1. */
const SPRT_ELO_LIMIT = 1000;

export function scoreStats(tally: GameTally): ScoreStats {
  checkTally(tally);
  const { wins, draws, losses } = tally;
  const games = wins + draws + losses;
  const los = likelihoodOfSuperiority(wins, losses);
  if (games === 0) {
    return { games, score: null, scoreInterval95: null, eloDiff: null, eloError95: null, eloInterval95: null, los, drawRatio: null };
  }

  const score = (wins + draws / 2) / games;
  const stdevOfMean = Math.sqrt(perGameVariance(tally, score) / games);
  const low = Math.max(0, score - Z_95 * stdevOfMean);
  const high = Math.min(1, score + Z_95 * stdevOfMean);
  const eloLow = eloFromScore(low);
  const eloHigh = eloFromScore(high);
  return {
    games,
    score,
    scoreInterval95: [low, high],
    eloDiff: eloFromScore(score),
    eloError95: eloLow !== null && eloHigh !== null ? (eloHigh - eloLow) / 2 : null,
    eloInterval95: [eloLow, eloHigh],
    los,
    drawRatio: draws / games,
  };
}

/** The logistic Elo difference that predicts `score`; null at 0 and 1, where it is infinite. */
export function eloFromScore(score: number): number | null {
  if (!(score > 0 && score < 1)) return null;
  const elo = -400 * Math.log10(1 / score - 1);
  return elo === 0 ? 0 : elo; // a score of exactly 0.5 would give -0 otherwise
}

/** `Elo: 35.2 +/- 21.4, LOS: 99.9 %, DrawRatio: 31.0 %`, with n/a for what is unbounded or undefined. */
export function formatEloLine(stats: ScoreStats): string {
  const drawRatio = stats.drawRatio === null ? 'n/a' : `${oneDecimal(stats.drawRatio * 100)} %`;
  return `Elo: ${orNa(stats.eloDiff)} +/- ${orNa(stats.eloError95)}, LOS: ${oneDecimal(stats.los * 100)} %, DrawRatio: ${drawRatio}`;
}

/** Wald's thresholds on the log-likelihood ratio: below `lower` accept H0, above `upper` accept H1. */
export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  checkErrorRate('alpha', alpha);
  checkErrorRate('beta', beta);
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/**
 * The log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0), by the normal (GSPRT) approximation
 * fastchess uses for its "logistic" trinomial model: with sᵢ = 1/(1+10^(-eloᵢ/400)), x̄ the score and σ̂²
 * the sample variance per game,
 *   LLR = (s1 - s0)·(2·Σx - N·(s0 + s1)) / (2σ̂²) = N·(s1 - s0)·(2x̄ - s0 - s1) / (2σ̂²).
 * 0 without games or without spread (all wins, all draws or all losses): the estimate of σ̂² is 0 there.
 */
/** Pseudo-count for outcomes not seen yet. */
const REGULARIZE = 0.5;

export function sprtLlr(tally: GameTally, elo0: number, elo1: number): number {
  checkTally(tally);
  checkEloHypotheses(elo0, elo1);
  if (tally.wins + tally.draws + tally.losses === 0) return 0;
  // An outcome never seen counts as half a game (fishtest regularizes zero counts the same way, with a
  // smaller epsilon that lets one single win decide): a run of only wins — a strong bot against a
  // random one — then has a variance and the test decides after a handful of games, instead of never.
  const seen = { wins: Math.max(tally.wins, REGULARIZE), draws: Math.max(tally.draws, REGULARIZE), losses: Math.max(tally.losses, REGULARIZE) };
  const games = seen.wins + seen.draws + seen.losses;
  const score = (seen.wins + seen.draws / 2) / games;
  const variance = perGameVariance(seen, score);
  if (variance === 0) return 0;
  const s0 = logisticScore(elo0);
  const s1 = logisticScore(elo1);
  return (games * (s1 - s0) * (2 * score - s0 - s1)) / (2 * variance);
}

export function sprtDecision(tally: GameTally, params: SprtParams): SprtDecision {
  checkSprtParams(params);
  const { lower, upper } = sprtBounds(params.alpha, params.beta);
  const llr = sprtLlr(tally, params.elo0, params.elo1);
  const result: SprtResult = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { llr, lower, upper, result };
}

/** Tallies of CI shards summed: the statistics of the sum are those of one run of all the games. */
export function mergeTallies(...tallies: GameTally[]): GameTally {
  const merged: GameTally = { wins: 0, draws: 0, losses: 0 };
  for (const tally of tallies) {
    checkTally(tally);
    merged.wins += tally.wins;
    merged.draws += tally.draws;
    merged.losses += tally.losses;
  }
  checkTally(merged); // the sum may leave the range where integers are exact
  return merged;
}

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses `elo0,elo1,alpha,beta` (e.g. `0,10,0.05,0.05`): exactly four plain decimal numbers (no hex, no
 * Infinity, nothing empty), then the checks of `sprtDecision`. Throws a RangeError with a one-line message.
 */
export function parseSprt(text: string): SprtParams {
  const shown = text.length > 64 ? `${text.slice(0, 64)}…` : text;
  const fields = text.split(',').map((field) => field.trim());
  if (fields.length !== 4 || !fields.every((field) => PLAIN_NUMBER.test(field))) {
    throw new RangeError(`--sprt wants four numbers elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05), got '${oneLine(shown)}'`);
  }
  const [elo0, elo1, alpha, beta] = fields.map(Number) as [number, number, number, number];
  const params = { elo0, elo1, alpha, beta };
  checkSprtParams(params);
  return params;
}

/**
 * erf(x) by W. J. Cody's rational Chebyshev approximations ("Rational Chebyshev approximations for the
 * error function", Math. Comp. 1969; netlib specfun CALERF), accurate to about 1e-16 in double precision.
 */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x);
  if (y <= ERF_SMALL) return erfNearZero(x);
  const value = 1 - erfcAboveSmall(y);
  return x < 0 ? -value : value;
}

/** 1 - erf(x), without the cancellation of computing it that way: small values keep their relative precision. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x);
  if (y <= ERF_SMALL) return 1 - erfNearZero(x);
  const tail = erfcAboveSmall(y);
  return x < 0 ? 2 - tail : tail;
}

// --- internals ---

/** Per-game variance of the score about its mean `score`: each result weighted by how often it occurred. */
function perGameVariance({ wins, draws, losses }: GameTally, score: number): number {
  const games = wins + draws + losses;
  return (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * (0 - score) ** 2) / games;
}

/** 0.5·(1 + erf((W-L)/√(2(W+L)))), written with erfc so that a tiny LOS keeps its digits. */
function likelihoodOfSuperiority(wins: number, losses: number): number {
  if (wins + losses === 0) return 0.5; // draws say nothing about who is stronger
  return 0.5 * erfc(-(wins - losses) / Math.sqrt(2 * (wins + losses)));
}

/** The expected score of a side `elo` logistic Elo stronger: 1/(1 + 10^(-elo/400)). */
export function logisticScore(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

function checkTally(tally: GameTally): void {
  for (const key of ['wins', 'draws', 'losses'] as const) {
    const count = tally[key];
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError(`a game tally counts whole games: ${key} must be an integer >= 0, got ${String(count)}`);
    }
  }
  if (!Number.isSafeInteger(tally.wins + tally.draws + tally.losses)) {
    throw new RangeError('a game tally of more than 2^53 games cannot be counted exactly');
  }
}

function checkErrorRate(name: 'alpha' | 'beta', value: number): void {
  if (!(Number.isFinite(value) && value > 0 && value < 0.5)) {
    throw new RangeError(`SPRT ${name} must be a probability between 0 and 0.5 (exclusive), got ${String(value)}`);
  }
}

/** Throws a RangeError (one line) unless elo0 < elo1, both finite within ±1000. */
export function checkEloHypotheses(elo0: number, elo1: number): void {
  for (const [name, elo] of [['elo0', elo0], ['elo1', elo1]] as const) {
    if (!(Number.isFinite(elo) && Math.abs(elo) <= SPRT_ELO_LIMIT)) {
      throw new RangeError(`SPRT ${name} must be a finite Elo between -${SPRT_ELO_LIMIT} and ${SPRT_ELO_LIMIT}, got ${String(elo)}`);
    }
  }
  if (!(elo0 < elo1)) throw new RangeError(`SPRT elo0 must be below elo1, got elo0=${elo0}, elo1=${elo1}`);
}

/** Throws a RangeError (one line) unless elo0 < elo1 within ±1000 and 0 < alpha, beta < 0.5. */
export function checkSprtParams(params: SprtParams): void {
  checkEloHypotheses(params.elo0, params.elo1);
  checkErrorRate('alpha', params.alpha);
  checkErrorRate('beta', params.beta);
}

function orNa(value: number | null): string {
  return value === null ? 'n/a' : oneDecimal(value);
}

/** One decimal, and never "-0.0": a tiny negative value rounds to zero, not to a sign. */
function oneDecimal(value: number): string {
  const text = value.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]/g, ' ');
}

// Cody's approximation works on three intervals of |x|: erf on [0, 0.46875], erfc on (0.46875, 4] and
// erfc on (4, ∞) (as a function of 1/x²). Coefficients: netlib specfun, file "erf".
const ERF_SMALL = 0.46875;
/** Beyond this erfc(x) underflows to 0 in double precision. */
const ERFC_UNDERFLOW = 26.543;
const ONE_OVER_SQRT_PI = 0.56418958354775628695;

const ERF_NUM = [3.1611237438705656, 113.864154151050156, 377.485237685302021, 3209.37758913846947, 0.185777706184603153];
const ERF_DEN = [23.6012909523441209, 244.024637934444173, 1282.61652607737228, 2844.23683343917062];
const ERFC_MID_NUM = [
  0.564188496988670089, 8.88314979438837594, 66.1191906371416295, 298.635138197400131, 881.95222124176909,
  1712.04761263407058, 2051.07837782607147, 1230.33935479799725, 2.15311535474403846e-8,
];
const ERFC_MID_DEN = [
  15.7449261107098347, 117.693950891312499, 537.181101862009858, 1621.38957456669019, 3290.79923573345963,
  4362.61909014324716, 3439.36767414372164, 1230.33935480374942,
];
const ERFC_TAIL_NUM = [
  0.305326634961232344, 0.360344899949804439, 0.125781726111229246, 0.0160837851487422766, 6.58749161529837803e-4,
  0.0163153871373020978,
];
const ERFC_TAIL_DEN = [2.56852019228982242, 1.87295284992346047, 0.527905102951428412, 0.0605183413124413191, 0.00233520497626869185];

function erfNearZero(x: number): number {
  const xx = x * x;
  let num = ERF_NUM[4]! * xx;
  let den = xx;
  for (let i = 0; i < 3; i++) {
    num = (num + ERF_NUM[i]!) * xx;
    den = (den + ERF_DEN[i]!) * xx;
  }
  return (x * (num + ERF_NUM[3]!)) / (den + ERF_DEN[3]!);
}

/** erfc(y) for y > 0.46875. */
function erfcAboveSmall(y: number): number {
  let scaled: number; // exp(y²)·erfc(y), which the rational functions approximate
  if (y <= 4) {
    let num = ERFC_MID_NUM[8]! * y;
    let den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + ERFC_MID_NUM[i]!) * y;
      den = (den + ERFC_MID_DEN[i]!) * y;
    }
    scaled = (num + ERFC_MID_NUM[7]!) / (den + ERFC_MID_DEN[7]!);
  } else {
    if (y >= ERFC_UNDERFLOW) return 0;
    const inverseSquare = 1 / (y * y);
    let num = ERFC_TAIL_NUM[5]! * inverseSquare;
    let den = inverseSquare;
    for (let i = 0; i < 4; i++) {
      num = (num + ERFC_TAIL_NUM[i]!) * inverseSquare;
      den = (den + ERFC_TAIL_DEN[i]!) * inverseSquare;
    }
    scaled = (ONE_OVER_SQRT_PI - (inverseSquare * (num + ERFC_TAIL_NUM[4]!)) / (den + ERFC_TAIL_DEN[4]!)) / y;
  }
  // exp(-y²) as exp(-r²)·exp(-(y-r)(y+r)) with r = y rounded down to 1/16: r² is exact, so y² loses no bits.
  const rounded = Math.trunc(y * 16) / 16;
  const remainder = (y - rounded) * (y + rounded);
  return Math.exp(-rounded * rounded) * Math.exp(-remainder) * scaled;
}
