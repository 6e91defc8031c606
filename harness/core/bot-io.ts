// What a seat needs of the bot's process: its pipes, its lines stamped on arrival, its exit, and what
// /proc says about it. BotProcess is the real one; tests drive a seat with a fake (test/fakes/) so that
// clock and lifecycle logic runs without spawning processes.
import type { ExitInfo } from './bot-process.js';
import type { BotLine } from './lines.js';
import type { SchedSample, StdinWait } from './proc.js';
import type { StamperMark } from './stamper.js';

/** The descriptor under a Node stream of a child's stdio (its libuv handle's), or null when it has none. */
export function handleFd(stream: unknown): number | null {
  const fd = (stream as { _handle?: { fd?: number } } | null | undefined)?._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : null;
}

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
  readonly readingPaused: boolean;
  readonly unreadCount: number;

  /** Writes the lines; `startNs` is taken just before the system call (the answer's clock starts there), `atNs` after it. */
  write(lines: string[]): { delivered: boolean; startNs: bigint; atNs: bigint };
  closeStdin(): bigint;
  endOfGame(closeOutput: boolean): void;
  /** Reads at once what waits unread on botjury's side of the bot's stdout; the number of bytes. */
  readPendingStdout(): number;
  takeLine(): BotLine | undefined;
  unreadTail(n: number): BotLine[];
  takeAllLines(): BotLine[];
  /**
   * The jury watches for an answer: lines stamped after `markAfterNs` carry a mark of botjury's
   * stamping thread (BotLine.stamper), and from shortly before it on the jury looks at the pipe after
   * its own work (lookAtPipe). `since`: the last moment nothing of the answer existed (the write's
   * mark). From shortly before `firstVerdictNs` botjury keeps its own slow work (a /proc scan, a
   * memory sample) off the event loop. null: the answer is in.
   */
  watchAnswer(markAfterNs: bigint | null, since: StamperMark | null, firstVerdictNs?: bigint): void;
  /**
   * Reads what is pending, with the stamping thread marked just before: when nothing was there, that
   * mark becomes lastEmptyLook (the answer's bytes arrive after it). True when lines wait unread.
   */
  lookAtPipe(): boolean;
  /** Is the jury watching this pipe now (lookAtPipe is then due before each sleep)? */
  watchedNow(now: bigint): boolean;
  /** The jury's last look that found the pipe empty while watched (or the `since` of watchAnswer). */
  readonly lastEmptyLook: StamperMark | null;
  /** botjury's stamping thread now: its event loop's busy time and its run-queue wait (stamper.ts). */
  markStamper(sample?: SchedSample): StamperMark;
  /**
   * Resolves when something happens (a line, exit, flood) or at `untilNs`, whichever is first;
   * `precise`: at `untilNs` within a loop turn, not a timer's millisecond (for deadlines).
   */
  waitForChange(untilNs: bigint, precise?: boolean): Promise<void>;
  /** Samples memory now, or not when the last sample is younger than `maxAgeMs`. */
  sampleMemory(maxAgeMs?: number): void;
  partialLine(): string;
  takeStderrTurnBytes(): number;
  /**
   * Per-thread CPU and run-queue wait of everything the bot started, and botjury's own. `reuseTaskLists`:
   * each process's thread list may come from a listing under 10 ms old (sampleSched).
   */
  sched(reuseTaskLists?: boolean): SchedSample;
  /** Is every thread of the bot asleep in read() on the jury's pipe? null: cannot tell. */
  stdinWait(): StdinWait | null;
  /** Ends the bot and everything it started. */
  stop(): Promise<void>;
}
