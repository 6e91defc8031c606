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
}

export function finishViolation(draft: ViolationDraft, atMs: number): Violation {
  return { ...draft, severity: draft.severity ?? VIOLATION_CODES[draft.code], atMs: round2(atMs) };
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
