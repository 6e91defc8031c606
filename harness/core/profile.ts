// A jury profile: how one real jury counted time and treated a bot's process.
// Games declare their profiles; scenario `limits:` override single fields.
import type { LongLinePolicy } from './lines.js';

export interface Limits {
  /** Limit for the handshake answer (READY, getName, or the first answer where the game says so). */
  startupMs?: number;
  /** Limit for each ordinary answer, counted only while the jury waits for it. */
  moveMs?: number;
  /** Budget for all answers together, counted only while the jury waits. */
  totalMs?: number;
  /** How long a bot may take to exit after `Quit`, or after the rules say it must end on its own. */
  exitGraceMs?: number;
  /** How long the jury lets a bot run after closing its input before ending it. */
  closeGraceMs?: number;
  /** Peak resident memory (VmHWM) allowed; 0 or absent: not checked. */
  memoryMb?: number;
  /** Silence before the core looks in /proc for an answer left in the bot's own buffer. */
  unflushedProbeMs?: number;
  /** Warn when one turn writes more than this much to stderr (JavaChallenge2015 engine deadlock). */
  stderrTurnWarnBytes?: number;
  /**
   * More than this much stderr in one turn is fatal, as in the JavaChallenge2015 engine (it reads stderr
   * only after the answer; the bot blocks on the full pipe and times out): a `stderr-output` error, then
   * the jury's timeout consequence.
   */
  stderrTurnLimitBytes?: number;
  /** A lone `\r` ends a bot's line, as Java's BufferedReader.readLine (LineSplitter crEndsLine). */
  crEndsLine?: boolean;
  /** A line longer than the answer's bound: `flood` (stop the bot) or `keep-head` (read it all, keep its head). */
  longLines?: LongLinePolicy;
  /**
   * More unread lines than any answer needs: `stop` the bot (output-flood, default), or `block`: stop
   * reading until the jury has taken lines, as a jury that reads one line per turn and never stops a
   * bot for writing (the JavaChallenge2015 engine: the bot blocks on the full pipe, plays stale lines).
   */
  unreadLines?: 'stop' | 'block';
  /**
   * When the start-up limit's clock starts for an answer the jury awaits before writing anything:
   * `start` (default), at the bot's own start (bots started and awaited together); `await`, when the
   * jury starts waiting for this bot (the JavaChallenge2015 engine awaits READY in id order, 1 s each
   * from when it starts waiting for that player).
   */
  startupClockFrom?: 'start' | 'await';
  /**
   * When the jury closes the bot's input at the end of the game it closes its end of the bot's output
   * too (the JavaChallenge2015 engine exits): a bot that goes on writing gets EPIPE / SIGPIPE.
   */
  endClosesOutput?: boolean;
}

/**
 * What the real jury let pass that a rule text or a stricter jury would object to: each present entry
 * makes that verdict a warning, and is the reason quoted in it (which jury, what it did instead).
 * Absent: an error. `--strict` counts warnings as failures, for authors who want every deviation.
 */
export interface Tolerances {
  /** A non-zero exit status, or a signal, after the game ended (input closed, or Quit sent). */
  exitStatusAfterEnd?: string;
  /** Output written after the game ended, which nobody reads. */
  outputAfterEnd?: string;
  /** The bot ending while its player is out of the game (JavaChallenge2015: fallen), so nothing changes. */
  exitWhenOut?: string;
}

export interface JuryProfile {
  name: string;
  /** One line: which jury this reproduces and where the numbers come from. */
  description: string;
  limits: Limits;
  /** What this jury let pass (see Tolerances); absent: every deviation is an error. */
  tolerates?: Tolerances;
}

export type ResolvedLimits = Required<Pick<Limits, 'exitGraceMs' | 'closeGraceMs' | 'unflushedProbeMs'>> & Limits;

export const CORE_DEFAULT_LIMITS = {
  exitGraceMs: 2000,
  closeGraceMs: 1000,
  unflushedProbeMs: 300,
} as const;

export function resolveLimits(profile: JuryProfile, ...overrides: (Limits | undefined)[]): ResolvedLimits {
  const merged: Limits = { ...CORE_DEFAULT_LIMITS, ...profile.limits };
  for (const o of overrides) {
    if (!o) continue;
    for (const [k, v] of Object.entries(o)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  }
  return merged as ResolvedLimits;
}
