// What a seat needs of the bot's process: its pipes, its lines stamped on arrival, its exit, and what
// /proc says about it. BotProcess is the real one; tests drive a seat with a fake (test/fakes/) so that
// clock and lifecycle logic runs without spawning processes.
import type { ExitInfo } from './bot-process.js';
import type { BotLine } from './lines.js';
import type { SchedSample, StdinWait } from './proc.js';
import type { StamperMark } from './stamper.js';

export interface BotIo {
  /** When the bot's own program started (hrtime ns): the start-up limit counts from here. */
  readonly startNs: bigint;
  /** Milliseconds since startNs. */
  ms(ns?: bigint): number;
  readonly exit: ExitInfo | null;
  readonly running: boolean;
  /** All of stdout and stderr has been read (or the drain window after the exit passed). */
  readonly drained: boolean;
  /** A line outgrew its bound or too many lines were left unread: the bot floods. */
  readonly flood: boolean;
  readonly stdoutBytes: number;
  readonly lastStdoutNs: bigint;
  readonly stdinClosed: boolean;
  readonly stderrBytes: number;
  readonly stderrHead: string;
  readonly stderrTail: string;
  readonly stderrMidLine: boolean;
  readonly stderrTurnBytes: number;
  readonly peakHwmKb: number;
  /** A memory sample over this peak (kB) wakes whoever waits for the bot; null: none. */
  memoryAlarmKb: number | null;
  readonly peakDataKb: number;
  /** Longest line any answer now needs (a longer one floods, or is cut under keep-head). */
  maxLineBytes: number;
  /** Output after the game ended: counted, not kept. */
  readonly afterEnd: { bytes: number; lines: number; first: BotLine | null };
  /** botjury's stamping thread, marked when the first chunk after the deadline arrived (see stamper.ts). */
  readonly stamperAtLate: StamperMark | null;
  readonly readingPaused: boolean;
  readonly unreadCount: number;

  write(lines: string[]): { delivered: boolean; atNs: bigint };
  closeStdin(): bigint;
  endOfGame(closeOutput: boolean): void;
  readPendingStdout(): number;
  takeLine(): BotLine | undefined;
  unreadTail(n: number): BotLine[];
  takeAllLines(): BotLine[];
  setDeadline(ns: bigint | null): void;
  /** Resolves when something happens (a line, exit, flood) or at `untilNs`, whichever is first. */
  waitForChange(untilNs: bigint): Promise<void>;
  /** Samples memory now, or not when the last sample is younger than `maxAgeMs`. */
  sampleMemory(maxAgeMs?: number): void;
  partialLine(): string;
  takeStderrTurnBytes(): number;
  /** Per-thread CPU and run-queue wait of everything the bot started, and botjury's own. */
  sched(): SchedSample;
  /** Is every thread of the bot asleep in read() on the jury's pipe? null: cannot tell. */
  stdinWait(): StdinWait | null;
  /** Ends the bot and everything it started. */
  stop(): Promise<void>;
}
