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
  /**
   * botjury's stamping thread is busy this long when a line arrives: the line is stamped that much after
   * it arrived, and the stamping thread's mark shows the busy time (as the event loop's would).
   */
  stampLateByMs = 0;
  /**
   * The fake's own timers (its lines, its exits) fire this much after their moment, as on a late event
   * loop; what is due still happens, in order, whenever the jury looks first (catchUp).
   */
  timersLateByMs = 0;
  readingPaused = false;
  /** Everything the jury wrote, in order. */
  readonly written: string[] = [];
  /** The bot's longest run-queue wait so far (what /proc's schedstat would show), ns; tests raise it. */
  queuedNs = 0n;
  cpuNs = 0n;
  /** Whether every thread of the bot sleeps reading stdin (the unflushed-output probe). */
  readingStdin = false;
  private readonly unread: BotLine[] = [];
  /** Lines that arrived but are not stamped yet (the stamping thread is busy): when they arrived. */
  private readonly pending = new Map<BotLine, bigint>();
  /** The stamping thread's busy time so far (ms), as markStamper reports it. */
  private activeMs = 0;
  private markAfterNs: bigint | null = null;
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

  write(lines: string[]): { delivered: boolean; startNs: bigint; atNs: bigint } {
    const atNs = process.hrtime.bigint();
    if (this.stdinClosed || this.exit) return { delivered: false, startNs: atNs, atNs };
    this.written.push(...lines);
    const what = this.behaviour(lines, atNs);
    if (what === 'silent') return { delivered: true, startNs: atNs, atNs };
    if (Array.isArray(what)) for (const r of what) this.at(atNs + msToNs(r.afterMs), () => this.arrive(r.line, atNs + msToNs(r.afterMs)));
    else this.at(atNs + msToNs(what.exitAfterMs), () => this.die(what.code ?? 0, what.signal ?? null));
    return { delivered: true, startNs: atNs, atNs };
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

  /** Exits (status 0) as soon as the jury closes its input, as most bots do at the end of a game. */
  exitWhenStdinCloses = false;

  closeStdin(): bigint {
    this.stdinClosed = true;
    if (this.exitWhenStdinCloses && !this.exit) this.die(0, null);
    return process.hrtime.bigint();
  }

  endOfGame(): void {
    this.ended = true;
  }

  readPendingStdout(): number {
    return this.stampPending();
  }

  lastEmptyLook: StamperMark | null = null;

  watchAnswer(markAfterNs: bigint | null, since: StamperMark | null): void {
    this.markAfterNs = markAfterNs;
    this.lastEmptyLook = since;
  }

  watchedNow(now: bigint): boolean {
    return this.markAfterNs !== null && now >= this.markAfterNs - 2_000_000n;
  }

  /**
   * A look reads the pipe, as BotProcess.lookAtPipe does: it stamps now what had arrived by now, a line
   * the busy stamping thread had not got to yet (stampLateByMs) included; with nothing there, the look's
   * mark is the last empty look. (The jury's timers are held while such a line waits, but a timer due in
   * the same loop turn as the line's arrival can still run the jury first: it must find the line, as a
   * real read would, not an empty pipe at its deadline.)
   */
  lookAtPipe(): boolean {
    this.catchUp();
    const mark = this.markStamper();
    if (this.stampPending() === 0 && this.pending.size === 0 && this.unread.length === 0) this.lastEmptyLook = mark;
    return this.unread.length > 0;
  }

  markStamper(): StamperMark {
    return { atNs: process.hrtime.bigint(), activeMs: this.activeMs, queuedNs: 0n };
  }

  /** A look at the pipe stamps what had arrived by now (its stamp is now, as a real read's would be). */
  private stampPending(): number {
    let n = 0;
    const now = process.hrtime.bigint();
    for (const [line, arrivedNs] of [...this.pending]) {
      if (arrivedNs > now) continue;
      this.pending.delete(line);
      this.activeMs += Number(now - arrivedNs) / 1e6; // the thread was busy from the arrival to now
      this.stampLine(line, now);
      n += line.bytes + 1;
    }
    return n;
  }

  takeLine(): BotLine | undefined {
    this.catchUp();
    return this.unread.shift();
  }

  unreadTail(n: number): BotLine[] {
    return n <= 0 ? [] : this.unread.slice(-n);
  }

  takeAllLines(): BotLine[] {
    return this.unread.splice(0);
  }


  waitForChange(untilNs: bigint): Promise<void> {
    this.catchUp();
    const ms = Number(untilNs - process.hrtime.bigint()) / 1e6;
    if (ms <= 0 && this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { resolve, timer: undefined as NodeJS.Timeout | undefined };
      // While a line waits for the busy stamping thread (stampLateByMs), that thread runs nothing else:
      // no timer of the jury's fires before the line is stamped (see holdTimers).
      if (this.pending.size === 0) waiter.timer = setTimeout(() => this.release(waiter), Math.ceil(ms));
      this.waiters.add(waiter);
    });
  }

  private readonly waiters = new Set<{ resolve: () => void; timer: NodeJS.Timeout | undefined }>();

  private release(waiter: { resolve: () => void; timer: NodeJS.Timeout | undefined }): void {
    if (waiter.timer) clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve();
  }

  /** The stamping thread became busy: the jury's timers wait until it is free again. */
  private holdTimers(): void {
    for (const w of this.waiters) {
      if (w.timer) clearTimeout(w.timer);
      w.timer = undefined;
    }
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

  /** Each sched() call's reuseTaskLists, in order (the seat may reuse a thread list only far from every threshold). */
  readonly schedReuse: boolean[] = [];

  sched(reuseTaskLists = false): SchedSample {
    this.schedReuse.push(reuseTaskLists);
    return { threads: new Map([['1', { cpu: this.cpuNs, queued: this.queuedNs }]]), ownQueued: 0n, ownCpu: 0n, steal: 0n };
  }

  stdinWait(): StdinWait | null {
    return { waitingOnStdin: this.readingStdin && !this.exit, detail: this.readingStdin ? 'fake bot sleeps in read(0)' : 'fake bot is busy' };
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.due.length = 0;
    if (!this.exit) this.die(null, 'SIGTERM');
  }

  /** What the bot does at a moment of its own (a line, its exit): on a timer, or when the jury looks, whichever is first. */
  private readonly due: { ns: bigint; f: () => void; timer: NodeJS.Timeout | undefined }[] = [];

  private at(ns: bigint, f: () => void): void {
    const ms = Math.max(0, Number(ns - process.hrtime.bigint()) / 1e6) + this.timersLateByMs;
    const event = { ns, f, timer: undefined as NodeJS.Timeout | undefined };
    event.timer = setTimeout(() => this.happen(event), ms);
    this.timers.add(event.timer);
    this.due.push(event);
  }

  private happen(event: { ns: bigint; f: () => void; timer: NodeJS.Timeout | undefined }): void {
    const i = this.due.indexOf(event);
    if (i < 0) return;
    this.due.splice(i, 1);
    if (event.timer) {
      clearTimeout(event.timer);
      this.timers.delete(event.timer);
    }
    event.f();
  }

  /**
   * A real bot's line is in the pipe from the moment it wrote it, however late the jury's event loop
   * runs: whatever was due by now happens, in order, before the jury looks (on a loaded machine the
   * fake's timers may otherwise fire after the jury's deadline check, and a line in time be missed).
   */
  private catchUp(): void {
    const now = process.hrtime.bigint();
    for (;;) {
      let next: (typeof this.due)[number] | undefined;
      for (const e of this.due) if (e.ns <= now && (!next || e.ns < next.ns)) next = e;
      if (!next) return;
      this.happen(next);
    }
  }

  private arrive(text: string, atNs: bigint): void {
    if (this.exit) return;
    const line: BotLine = { text, escaped: false, bytes: Buffer.byteLength(text), ending: 'lf', crlf: false, arrivedNs: atNs };
    if (this.stampLateByMs > 0 && !this.ended) {
      // The stamping thread is busy: the line waits in the pipe until it is free, or until the jury looks.
      this.pending.set(line, atNs);
      this.holdTimers();
      this.at(atNs + msToNs(this.stampLateByMs), () => {
        if (!this.pending.delete(line)) return;
        this.activeMs += this.stampLateByMs;
        this.stampLine(line, atNs + msToNs(this.stampLateByMs));
      });
      return;
    }
    this.stampLine(line, atNs);
  }

  private stampLine(line: BotLine, atNs: bigint): void {
    if (this.exit) return;
    line.arrivedNs = atNs;
    if (this.markAfterNs !== null && atNs > this.markAfterNs) line.stamper = { atNs, activeMs: this.activeMs, queuedNs: 0n };
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
    for (const w of [...this.waiters]) this.release(w);
  }
}

/**
 * A JavaChallenge2015 player as a fake: READY at once, N to every turn after 1 ms — but when `late`, its
 * first action after 150 ms, `queuedMs` of which it waited for a CPU (reported 100 ms into the wait):
 * 150 − queuedMs of its own, over the 100 ms limit unless the machine took more than 50 ms.
 */
export function fakeJc2015Player(late: boolean, queuedMs = 30): FakeBot {
  let turns = 0;
  const bot: FakeBot = new FakeBot((written) => {
    if (!written.includes('EOD')) return 'silent';
    if (late && ++turns === 1) {
      setTimeout(() => (bot.queuedNs += BigInt(queuedMs * 1e6)), 100);
      return [{ line: 'N', afterMs: 150 }];
    }
    return [{ line: 'N', afterMs: 1 }];
  });
  bot.sayAt('READY', 0);
  bot.exitWhenStdinCloses = true;
  return bot;
}
