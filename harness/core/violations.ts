// The stable violation vocabulary of the contract (shared/contract.md). Codes never change meaning.

export const VIOLATION_CODES = {
  'handshake-timeout': 'error',
  'bad-handshake': 'error',
  'move-timeout': 'error',
  'total-time-exceeded': 'error',
  'unflushed-output': 'error',
  'bad-format': 'error',
  'illegal-move': 'error',
  'too-many-steps': 'error',
  'invalid-name': 'error',
  'extra-output': 'error',
  'no-exit-after-quit': 'error',
  'no-self-exit': 'error',
  'early-exit': 'error',
  crash: 'error',
  'memory-limit': 'error',
  'output-flood': 'error',
  'expectation-failed': 'error',
  'crlf-line-ending': 'warning',
  'stderr-output': 'warning',
  'ineffective-action': 'warning',
  'near-limit': 'warning',
  /** A reply over its limit by the wall clock, excused because measured load explains the excess (a failure under --strict). */
  'late-excused': 'warning',
} as const;

export type ViolationCode = keyof typeof VIOLATION_CODES;
export type Severity = 'error' | 'warning';

/** What a game (or the core) says went wrong; the core adds timing and defaults. */
export interface ViolationDraft {
  code: ViolationCode;
  message: string;
  /** Overrides the code's default severity (e.g. JC2015 stale READY lines are only a warning). */
  severity?: Severity;
  ply?: number;
  /** What the rules or the scenario demanded (one correct example where there is one). */
  expected?: string;
  /** `expected` is one legal answer among several, not the only one accepted: reporters say "e.g.". */
  expectedIsExample?: boolean;
  /** What the bot actually did, byte-exact (escaped by reporters, never here). */
  actual?: string;
  /** The rule sentence the verdict rests on. */
  rule?: string;
  /** Anything measured that backs the verdict: limits, margins, /proc readings, bytes. */
  evidence?: Record<string, unknown>;
}

export interface Violation extends ViolationDraft {
  severity: Severity;
  /** Milliseconds since the bot was started when the violation was observed. */
  atMs: number;
  /** The scenario step it happened in: its number (1-based) and the line of the scenario file it is written on. */
  step?: { number: number; line: number };
}

export function finishViolation(draft: ViolationDraft, atMs: number): Violation {
  return { ...draft, severity: draft.severity ?? VIOLATION_CODES[draft.code], atMs: round2(atMs) };
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Microsecond resolution for measured times (ms with 3 decimals). */
export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** How many violations of one code a run keeps in full; the rest are counted, never lost. */
export const MAX_VIOLATIONS_PER_CODE = 20;

/**
 * A run's violations, bounded: a bot can repeat one fault a million times, and neither the report
 * nor botjury's memory may grow with it. The first MAX_VIOLATIONS_PER_CODE of each code are kept;
 * the rest are counted per code (`omitted`), so every reporter can say "…and N more".
 */
export class ViolationLog {
  readonly kept: Violation[] = [];
  readonly omitted = new Map<ViolationCode, number>();
  private readonly perCode = new Map<ViolationCode, number>();

  /** Returns false when the violation was only counted. */
  add(v: Violation): boolean {
    const n = (this.perCode.get(v.code) ?? 0) + 1;
    this.perCode.set(v.code, n);
    if (n > MAX_VIOLATIONS_PER_CODE) {
      this.omitted.set(v.code, (this.omitted.get(v.code) ?? 0) + 1);
      return false;
    }
    this.kept.push(v);
    return true;
  }

  has(predicate: (v: Violation) => boolean): boolean {
    return this.kept.some(predicate);
  }

  omittedRecord(): Record<string, number> | undefined {
    return this.omitted.size ? Object.fromEntries(this.omitted) : undefined;
  }
}
