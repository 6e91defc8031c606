// A fake bot process for seat tests: it implements the seat's BotIo (harness/core/bot-io.ts) with no
// process at all. A test scripts what the "bot" does when the jury writes to it — answer a line after
// N ms, go silent, exit — and what /proc would say (its run-queue wait, whether it sleeps reading
// stdin). A line's arrival stamp is the exact scheduled moment, not when a timer happened to fire, so
// clock logic is tested deterministically whatever the machine's load.
import type { BotIo } from '../../harness/core/bot-io.js';
import type { ExitInfo } from '../../harness/core/bot-process.js';
import type { BotLine } from '../../harness/core/lines.js';
import type { SchedSample, StdinWait } from '../../harness/core/proc.js';
import type { StamperMark } from '../../harness/core/stamper.js';

const msToNs = (ms: number): bigint => BigInt(Math.round(ms * 1e6));

export interface FakeReply {
  /** The line the bot writes (without its newline). */
  line: string;
  /** When, after the jury's write, the line arrives (ms). */
  afterMs: number;
}

/** What the fake bot does when the jury writes to it: reply, stay silent, or exit. */
export type FakeBehaviour = (written: string[], writeNs: bigint) => FakeReply[] | { exitAfterMs: number; code?: number; signal?: string } | 'silent';

export class FakeBot implements BotIo {
  readonly startNs = process.hrtime.bigint();
  exit: ExitInfo | null = null;
  drained = false;
  flood = false;
  stdoutBytes = 0;
  lastStdoutNs = 0n;
  stdinClosed = false;
  stderrBytes = 0;
  stderrHead = '';
  stderrTail = '';
  stderrMidLine = false;
  stderrTurnBytes = 0;
  peakHwmKb = 0;
  memoryAlarmKb: number | null = null;
  peakDataKb = 0;
  maxLineBytes = 4096;
  readonly afterEnd = { bytes: 0, lines: 0, first: null as BotLine | null };
  stamperAtLate: StamperMark | null = null;
  readingPaused = false;
  /** Everything the jury wrote, in order. */
  readonly written: string[] = [];
  /** The bot's longest run-queue wait so far (what /proc's schedstat would show), ns; tests raise it. */
  queuedNs = 0n;
  cpuNs = 0n;
  /** Whether every thread of the bot sleeps reading stdin (the unflushed-output probe). */
  readingStdin = false;
  private readonly unread: BotLine[] = [];
  private wakers: (() => void)[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private ended = false;

  constructor(private readonly behaviour: FakeBehaviour) {}

  ms(ns: bigint = process.hrtime.bigint()): number {
    return Number(ns - this.startNs) / 1e6;
  }

  get running(): boolean {
    return this.exit === null;
  }

  get unreadCount(): number {
    return this.unread.length;
  }

  write(lines: string[]): { delivered: boolean; atNs: bigint } {
    const atNs = process.hrtime.bigint();
    if (this.stdinClosed || this.exit) return { delivered: false, atNs };
    this.written.push(...lines);
    const what = this.behaviour(lines, atNs);
    if (what === 'silent') return { delivered: true, atNs };
    if (Array.isArray(what)) for (const r of what) this.at(atNs + msToNs(r.afterMs), () => this.arrive(r.line, atNs + msToNs(r.afterMs)));
    else this.at(atNs + msToNs(what.exitAfterMs), () => this.die(what.code ?? 0, what.signal ?? null));
    return { delivered: true, atNs };
  }

  /** The bot writes a line now (outside any jury write: unasked output). */
  say(line: string): void {
    this.arrive(line, process.hrtime.bigint());
  }

  /** The bot writes a line `ms` after its own start, stamped exactly then. */
  sayAt(line: string, ms: number): void {
    const atNs = this.startNs + msToNs(ms);
    this.at(atNs, () => this.arrive(line, atNs));
  }

  closeStdin(): bigint {
    this.stdinClosed = true;
    return process.hrtime.bigint();
  }

  endOfGame(): void {
    this.ended = true;
  }

  readPendingStdout(): number {
    return 0;
  }

  takeLine(): BotLine | undefined {
    return this.unread.shift();
  }

  unreadTail(n: number): BotLine[] {
    return n <= 0 ? [] : this.unread.slice(-n);
  }

  takeAllLines(): BotLine[] {
    return this.unread.splice(0);
  }

  setDeadline(): void {
    // The fake stamps exactly: there is no stamping delay to mark.
  }

  waitForChange(untilNs: bigint): Promise<void> {
    const ms = Number(untilNs - process.hrtime.bigint()) / 1e6;
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.ceil(ms));
      const waker = (): void => done();
      this.wakers.push(waker);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  sampleMemory(_maxAgeMs?: number): void {}

  partialLine(): string {
    return '';
  }

  takeStderrTurnBytes(): number {
    const n = this.stderrTurnBytes;
    this.stderrTurnBytes = 0;
    return n;
  }

  sched(): SchedSample {
    return { threads: new Map([['1', { cpu: this.cpuNs, queued: this.queuedNs }]]), ownQueued: 0n, ownCpu: 0n, steal: 0n };
  }

  stdinWait(): StdinWait | null {
    return { waitingOnStdin: this.readingStdin && !this.exit, detail: this.readingStdin ? 'fake bot sleeps in read(0)' : 'fake bot is busy' };
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (!this.exit) this.die(null, 'SIGTERM');
  }

  private at(ns: bigint, f: () => void): void {
    const ms = Math.max(0, Number(ns - process.hrtime.bigint()) / 1e6);
    const t = setTimeout(() => {
      this.timers.delete(t);
      f();
    }, ms);
    this.timers.add(t);
  }

  private arrive(text: string, atNs: bigint): void {
    if (this.exit) return;
    const line: BotLine = { text, escaped: false, bytes: Buffer.byteLength(text), ending: 'lf', crlf: false, arrivedNs: atNs };
    this.stdoutBytes += line.bytes + 1;
    this.lastStdoutNs = atNs;
    if (this.ended) {
      this.afterEnd.bytes += line.bytes + 1;
      if (this.afterEnd.lines++ === 0) this.afterEnd.first = line;
    } else this.unread.push(line);
    this.wake();
  }

  private die(code: number | null, signal: string | null): void {
    this.exit = { code, signal, atNs: process.hrtime.bigint() };
    this.drained = true;
    this.wake();
  }

  private wake(): void {
    const w = this.wakers;
    this.wakers = [];
    for (const f of w) f();
  }
}
