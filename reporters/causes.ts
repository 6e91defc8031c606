// The verdicts of a whole run grouped by cause: one bug in a bot fails many scenario runs (a missing
// flush fails all twenty), and a report should say that once — "20 of 20 runs: unflushed-output" —
// before it lists the runs. Shared by the console, GitHub and HTML reporters; pure, no output.
import type { ScenarioResult } from '../harness/core/result.js';
import type { Violation } from '../harness/core/violations.js';

export interface Cause {
  key: string;
  /** In a match or a tournament, the bot whose runs these are (ownerOf): each bot's causes are its own. */
  owner?: string;
  /** A verdict on the bot, a harness error (exit 2), or runs that proved nothing (inconclusive). */
  kind: 'verdict' | 'harness-error' | 'inconclusive';
  /** The violation code; `harness-error` or `inconclusive` for the other kinds. */
  code: string;
  /** It fails the runs it is in: an error, or a warning or an inconclusive run under --strict. */
  fails: boolean;
  /** The first occurrence: its run and (for a verdict) its violation. */
  first: { result: ScenarioResult; violation?: Violation };
  /** The message of the first occurrence (a harness error's first line). */
  message: string;
  /** The runs it is in, in report order. */
  runs: ScenarioResult[];
  /** Verdicts of this cause over all runs (kept ones; a run keeps the first 20 of a code). */
  count: number;
  /** The smallest and largest ply it was seen at, when any had one. */
  plies: { low: number; high: number } | null;
}

const MAX_MESSAGE = 400;

/**
 * What makes two verdicts of different runs one cause: code, severity and the message's words, without
 * the request label that names the ply ("White's move 1 (ply 1): …"), quoted bot text, numbers and
 * parenthesised measurements (pids, /proc readings).
 */
export function causeShape(message: string): string {
  let shape = message
    .slice(0, MAX_MESSAGE)
    .replace(/(^|[^A-Za-z])'[^']*'/g, "$1'…'")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+(\.\d+)?/g, '#');
  // A label before the first ": " that holds a number is where, not what ("Red's turn #", "step # (line #)").
  const colon = shape.indexOf(': ');
  if (colon > 0 && colon <= 100 && shape.slice(0, colon).includes('#')) shape = shape.slice(colon + 2);
  return shape.replace(/\((?:[^()]|\([^()]*\))*\)/g, '(…)').replace(/\s+/g, ' ').trim();
}

const firstLine = (text: string): string => text.split('\n')[0]!.slice(0, MAX_MESSAGE);

/** Most important first: harness errors, then what fails runs (most runs first), then warnings and inconclusive runs. */
function rank(c: Cause): number {
  if (c.kind === 'harness-error') return 0;
  return c.fails ? 1 : 2;
}

/** Whose run a result is, in a match or a tournament (a bot's name); undefined for a built-in player or a suite. */
export type OwnerOf = (result: ScenarioResult) => string | undefined;

/**
 * Every cause of a run's results, most important first. `strict`: warnings and inconclusive runs fail.
 * `ownerOf`: a match's or tournament's runs belong to different bots, and one bug in two bots is two
 * causes, for two authors.
 */
export function groupCauses(results: readonly ScenarioResult[], strict = false, ownerOf?: OwnerOf): Cause[] {
  const causes = new Map<string, Cause>();
  const order: string[] = [];
  const add = (shape: string, make: () => Omit<Cause, 'runs' | 'count' | 'plies'>, result: ScenarioResult, ply: number | undefined): void => {
    const owner = ownerOf?.(result);
    const key = owner === undefined ? shape : `${owner}\u0000${shape}`;
    let cause = causes.get(key);
    if (!cause) {
      cause = { ...make(), ...(owner !== undefined ? { owner } : {}), runs: [], count: 0, plies: null };
      causes.set(key, cause);
      order.push(key);
    }
    cause.count++;
    if (cause.runs[cause.runs.length - 1] !== result) cause.runs.push(result);
    if (ply !== undefined) cause.plies = cause.plies ? { low: Math.min(cause.plies.low, ply), high: Math.max(cause.plies.high, ply) } : { low: ply, high: ply };
  };
  for (const result of results) {
    if (result.status === 'error' && result.error !== undefined) {
      const message = firstLine(result.error);
      add(`harness-error|${causeShape(message)}`, () => ({ key: '', kind: 'harness-error', code: 'harness-error', fails: true, first: { result }, message }), result, undefined);
    }
    for (const v of result.violations) {
      const fails = v.severity === 'error' || strict;
      add(`${v.severity}|${v.code}|${causeShape(v.message)}`, () => ({ key: '', kind: 'verdict', code: v.code, fails, first: { result, violation: v }, message: v.message.slice(0, MAX_MESSAGE * 4) }), result, v.ply);
    }
    if (result.status === 'inconclusive' && result.inconclusive !== undefined) {
      const message = firstLine(result.inconclusive);
      add(`inconclusive|${causeShape(message)}`, () => ({ key: '', kind: 'inconclusive', code: 'inconclusive', fails: strict, first: { result }, message }), result, undefined);
    }
  }
  const list = order.map((key) => ({ ...causes.get(key)!, key }));
  // Stable: equal causes keep the order they were first seen in.
  return list
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || b.c.runs.length - a.c.runs.length || b.c.count - a.c.count || a.i - b.i)
    .map(({ c }) => c);
}

/** "at ply 3", "at plies 1–2", or nothing. */
export function pliesText(c: Cause): string {
  if (!c.plies) return '';
  return c.plies.low === c.plies.high ? ` at ply ${c.plies.low}` : ` at plies ${c.plies.low}–${c.plies.high}`;
}

/** Runs that failed (or hit a harness error), as the gate counts them. */
export function failingRuns(results: readonly ScenarioResult[]): ScenarioResult[] {
  return results.filter((r) => r.status === 'failed' || r.status === 'error');
}

/** One failing cause is in every failing run: one bug to fix. */
export function sameCause(causes: readonly Cause[], results: readonly ScenarioResult[]): boolean {
  const failing = causes.filter((c) => c.fails);
  return failing.length === 1 && failing[0]!.runs.length === failingRuns(results).length && failing[0]!.runs.length > 1;
}

/** Figures of a reply over its limit that measured load excused (`late-excused`), from its evidence. */
export interface ExcusedFigures {
  measuredMs?: number;
  limitMs?: number;
  lateByMachineMs?: number;
  botQueuedMs?: number;
  harnessLagMs?: number;
}

export function excusedFigures(v: Violation): ExcusedFigures {
  const e = v.evidence ?? {};
  const num = (k: string): number | undefined => (Object.hasOwn(e, k) && typeof e[k] === 'number' && Number.isFinite(e[k]) ? (e[k] as number) : undefined);
  const out: ExcusedFigures = {};
  for (const k of ['measuredMs', 'limitMs', 'lateByMachineMs', 'botQueuedMs', 'harnessLagMs'] as const) {
    const n = num(k);
    if (n !== undefined) out[k] = n;
  }
  return out;
}

const ms = (n: number): string => `${Math.round(n * 1000) / 1000} ms`;

/**
 * One sentence on an excused late reply: "100.3 ms against a limit of 100 ms (0.3 ms over by the wall
 * clock); the machine took 2.1 ms of it (…); without it 98.2 ms, 1.8 ms under the limit — …".
 */
export function excusedSentence(v: Violation): string {
  const f = excusedFigures(v);
  const parts: string[] = [];
  if (f.measuredMs !== undefined && f.limitMs !== undefined) parts.push(`${ms(f.measuredMs)} against a limit of ${ms(f.limitMs)} (${ms(f.measuredMs - f.limitMs)} over by the wall clock)`);
  if (f.lateByMachineMs !== undefined) {
    const split = [f.botQueuedMs !== undefined ? `the bot waited ${ms(f.botQueuedMs)} for a CPU` : '', f.harnessLagMs !== undefined ? `botjury was ${ms(f.harnessLagMs)} late to read` : ''].filter(Boolean).join(', ');
    parts.push(`the machine took ${ms(f.lateByMachineMs)} of it${split ? ` (${split})` : ''}`);
    if (f.measuredMs !== undefined && f.limitMs !== undefined) {
      const own = f.measuredMs - f.lateByMachineMs;
      parts.push(`without it ${ms(own)}, ${own > f.limitMs ? `${ms(own - f.limitMs)} over` : `${ms(f.limitMs - own)} under`} the limit — a real jury does not excuse load: make this reply faster`);
    }
  }
  return parts.length ? parts.join('; ') : v.message.slice(0, MAX_MESSAGE);
}

/** Late replies excused by measured load (`late-excused`), over all runs. */
export function excusedLate(results: readonly ScenarioResult[]): { result: ScenarioResult; violation: Violation }[] {
  return results.flatMap((result) => result.violations.filter((v) => v.code === 'late-excused').map((violation) => ({ result, violation })));
}

/** A bot of a match or a tournament: its name in the standings (A, B …) and the command that runs it. */
export interface SeatBot {
  name: string;
  command: readonly string[];
}

/** Which bot a match's or tournament's run judged (undefined: a built-in player, or not a match). */
export type BotOf = (result: ScenarioResult) => SeatBot | undefined;

/**
 * The bot of each seat's run in a match's or a tournament's games (`bot`: the index into `bots`, null
 * for a built-in player), for the causes, annotations and summaries that must keep bots apart.
 */
export function seatBots(games: readonly { seats: readonly { bot: number | null; run?: ScenarioResult }[] }[], bots: readonly SeatBot[]): BotOf {
  const owner = new Map<ScenarioResult, SeatBot>();
  for (const g of games) for (const s of g.seats) if (s.run && s.bot !== null && bots[s.bot]) owner.set(s.run, bots[s.bot]!);
  return (result) => owner.get(result);
}

/** The runs of one owner (all runs when the cause has none): what "n of N runs" counts. */
export function runsOf(results: readonly ScenarioResult[], c: Cause, botOf?: BotOf): number {
  if (c.owner === undefined || !botOf) return results.length;
  return results.filter((r) => botOf(r)?.name === c.owner).length;
}
