// What one scenario run produces: the unit every reporter consumes.
import type { GoalReport } from './goals.js';
import type { Outcome } from './game.js';
import type { ResolvedLimits } from './profile.js';
import type { Violation } from './violations.js';

export interface TranscriptEntry {
  /** Milliseconds since the bot was started. */
  t: number;
  /** jury: a line the jury wrote; bot: a line the bot wrote; stderr: bot's stderr; event: what happened. */
  dir: 'jury' | 'bot' | 'stderr' | 'event';
  text: string;
}

export interface ReplyTiming {
  ply: number;
  /** Wall time from the moment the jury started listening to the arrival of the answer's last line. */
  wallMs: number;
  /** The bot's CPU time over the same window, all its processes (null when /proc is unreadable). */
  cpuMs: number | null;
  /** Longest time one of the bot's threads waited runnable but not running (the machine's load), ms. */
  queuedMs?: number | null;
  /** How long botjury's own main thread waited to run in that window (its lateness to read), ms. */
  harnessLagMs?: number | null;
  /** Over the limit by the wall clock, but not by the bot's own time: only the machine's load made it late. */
  excusedByLoad?: boolean;
  /** How much of the wall time the machine took (bot queued, botjury late to read), when it was over the limit. */
  lateByMachineMs?: number;
  /** The limit that applied to this answer (per-answer limit or what was left of the total). */
  limitMs: number | null;
  /** The bot's peak resident memory (VmHWM) when the answer arrived, MB. */
  peakMb: number | null;
}

export interface Timing {
  replies: number;
  maxMs: number;
  totalMs: number;
  meanMs: number;
  /** The budget counted the way the real jury did (only while waiting), and what was left. */
  totalBudgetMs: number | null;
  perReply: ReplyTiming[];
}

/**
 * The jury's own time in one game (a referee program's start-up and answers; microseconds for a
 * built-in game): measured apart and never counted in any bot's clock.
 */
export interface JuryTime {
  /** Start-up of the game before any bot started (a referee program's start), ms. */
  startMs: number;
  /** Calls made to the game. */
  calls: number;
  /** Time spent waiting for the game's answers, ms (0 for a game that answers at once). */
  totalMs: number;
  /** The longest single answer, ms. */
  maxMs: number;
}

export interface Snapshot {
  ply: number;
  t: number;
  /** The move that led here (null at the start). */
  move: string | null;
  state: unknown;
}

export interface ScenarioResult {
  /** Scenario file path as given (or relative to the working directory). */
  scenario: string;
  name: string;
  game: string;
  role: string;
  profile: string;
  seed: number | string;
  /** inconclusive: no error, but the run did not reach what the scenario states (`reach:`). */
  status: 'passed' | 'failed' | 'error' | 'skipped' | 'inconclusive';
  /** The scenario's goals: wanted, reached, missing (only when it states `reach:`). */
  goals?: GoalReport;
  /** Why the run is inconclusive: what it did not reach and what happened instead. */
  inconclusive?: string;
  /**
   * This result is a rerun of the scenario alone: the first run's timing verdicts (or excused late
   * answers) came from a parallel run (`parallelCodes`), and/or a run alone gave a timing verdict on a
   * machine its own evidence showed busy (`busyCodes`, with `busyMs`: the bot's longest run-queue wait
   * and botjury's lag, ms) — the parallel run's rerun alone too, so both can be set.
   */
  rerunAlone?: { parallelCodes: string[]; busyCodes?: string[]; busyMs?: number; stallMs?: number } | { busyCodes: string[]; busyMs: number; stallMs?: number };
  /** Why a scenario was skipped (data it needs is not on this machine). */
  skipReason?: string;
  violations: Violation[];
  /** The machine was too loaded to judge the clock (status error): the figures that showed it. */
  machineOverload?: Record<string, number>;
  /** Violations past the per-code cap, counted by code (the report keeps the first ones in full). */
  omittedViolations?: Record<string, number>;
  /** The harness's own fault (exit 2): invalid scenario, internal error. */
  error?: string;
  outcome?: Outcome;
  limits: ResolvedLimits;
  timing: Timing;
  memory: { peakMb: number | null; limitMb: number | null };
  stderr: { bytes: number; head: string };
  exit: { code: number | null; signal: string | null; atMs: number; byJury: boolean } | null;
  /** The jury's own time in this game (the same for every seat of a match game). */
  jury?: JuryTime;
  durationMs: number;
  transcript: TranscriptEntry[];
  transcriptDropped: number;
  snapshots?: Snapshot[];
}
