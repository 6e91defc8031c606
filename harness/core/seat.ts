// One seat at the jury's table: one bot process and its clock. Everything about one bot's answers
// lives here — when the clock runs (only while the jury waits for this bot), whether an answer came
// in time, whether a silent bot left its answer in its own output buffer, memory, stderr, unasked
// lines, and how the bot ends. The table and the game (harness/core/game.ts) decide what the jury says
// and what an answer means; a Seat only says what the bot did, and when.
//
// Follow one reply: write() starts the clock just before the write's system call → the bot's stdout
// is split into lines stamped on arrival (BotProcess) → collect() takes them, judges the clock against
// the stamp (never against when a timer happened to fire; see judgeLateArrival for what may excuse a
// stamp past the limit) and returns the lines → the game judges them (Table.botTurn).
import { BotProcess, HarnessError, startupFailureHint, type BotCommand, type StartOptions, type TranscriptSink } from './bot-process.js';
import type { BotIo } from './bot-io.js';
import type { AnswerRequest, FailureCode } from './game.js';
import { raiseHarnessPriority } from './priority.js';
import type { BotLine } from './lines.js';
import { schedDelta, type SchedDelta, type SchedSample } from './proc.js';
import type { ResolvedLimits, Tolerances } from './profile.js';
import { stamperDelayMs, type StamperMark } from './stamper.js';
import type { ReplyTiming } from './result.js';
import { round2, round3, type ViolationDraft } from './violations.js';

/** Where a seat reports what it saw; `atNs` is when it happened (default: now). */
export type ViolationSink = (draft: ViolationDraft, atNs?: bigint) => void;

export type Collected = { lines: string[]; read: BotLine[] } | { failed: FailureCode };

/** The machine was too loaded to tell whether the bot was late: the harness's problem, never the bot's. */
export class MachineOverload extends Error {
  override name = 'MachineOverload';
  constructor(message: string, readonly figures: Record<string, number>) {
    super(message);
  }
}

/** How long after its input is closed a bot gets to flush its buffer and exit (the unflushed proof). */
const UNFLUSHED_CONFIRM_MS = 1_000;
const PROBE_INTERVAL_MS = 100;
/** A reply over this share of its limit is a close call worth a warning. */
const NEAR_LIMIT_SHARE = 0.8;
/** After an answer, memory is sampled again only when the last sample is this old (ms). */
const REPLY_SAMPLE_MS = 5;
/** How long the jury lets a bot go back to reading after an answer under `queue` (see settleAfterAnswer). */
const SETTLE_MS = 100;
/** Under `queue`, more unasked lines than this in one gap are reported as one cause, with their count. */
const GROUP_UNASKED_LINES = 10;
/** More unasked lines than any protocol can explain in one gap: the bot floods. */
const MAX_UNASKED_LINES_PER_GAP = 1_000;
/**
 * How far the jury extends a deadline for time the machine (not the bot) took: the bot's run-queue
 * wait and botjury's own. Beyond this the run is reported as the machine's fault, not judged.
 */
const MAX_LOAD_EXTENSION_FACTOR = 4;
const MIN_LOAD_EXTENSION_MS = 2_000;
const OOM_PATTERN = /MemoryError|bad_alloc|out of memory|Cannot allocate memory|OutOfMemoryError|heap out of memory/i;

export interface PendingExit {
  code: 'no-self-exit' | 'no-exit-after-quit' | null;
  sinceNs: bigint;
  reason: string;
  graceMs: number;
  /** What the jury sent to end the game (Quit), for messages. */
  sent?: string[];
  /** The scenario cut the game short: output now is still what a jury playing on would have read. */
  byScenario?: boolean;
}

interface AnswerMark {
  ply: number;
  label: string;
  text: string;
  atNs: bigint;
}

/**
 * Starts a bot's process as a seat needs it: the profile's line splitting and reading policy, and
 * botjury's own priority raised first (the bot starts at the priority botjury had).
 */
export function startBot(command: BotCommand, options: Omit<StartOptions, 'lines' | 'unreadLines'>, limits: ResolvedLimits, record: TranscriptSink): Promise<BotIo> {
  raiseHarnessPriority();
  return BotProcess.start(command, {
    ...options,
    lines: { crEndsLine: limits.crEndsLine ?? false, longLines: limits.longLines ?? 'flood' },
    unreadLines: limits.unreadLines ?? 'stop',
  }, record);
}

/**
 * Where a seat is: `idle` between answers (its clock stopped), `awaiting` while the jury waits for its
 * answer (the clock runs), `stopped` once the jury ended its process (a failure, a takeover, the end).
 */
export type SeatPhase = 'idle' | 'awaiting' | 'stopped';

export class Seat {
  readonly replies: ReplyTiming[] = [];
  phase: SeatPhase = 'idle';
  /** Budget used, counted as the real jury counted it: only while waiting for this bot. */
  usedTotalMs = 0;
  /** The jury stopped the process (a failure, or the rules' takeover), not the bot itself. */
  stoppedByJury = false;
  get stopped(): boolean {
    return this.phase === 'stopped';
  }
  private listenFromNs: bigint;
  /** The jury has written to the bot since it started (a start-up answer's clock then starts at that write). */
  private wroteSinceStart = false;
  /** botjury's stamping thread just before the last write: nothing of the answer to it existed yet. */
  private writeMark: StamperMark | null = null;
  private schedAtListen: SchedSample;
  private lastRequest: AnswerRequest | null = null;
  private lastAnswer: AnswerMark | null = null;
  /**
   * Under `queue` (JavaChallenge2015's stale-line shift) the bot may run lines ahead of the jury:
   * lines received less lines asked for. Each line beyond the largest lead reported so far is a new
   * cause; a lead that merely persists (every later answer one turn behind) is not.
   */
  private linesAsked = 0;
  private linesTaken = 0;
  private leadReported = 0;
  /** At the end (queue): answers the bot still owed the jury's messages, already reported as its lead. */
  private owedAtEnd = 0;
  /** Whether waiting for this bot to go back to reading after an answer works (it reads with read(2)). */
  private settles: boolean | undefined;
  private crlfReported = false;
  private memoryReported = false;
  private stderrMidLineReported = false;
  private closest: { ply: number; label: string; wallMs: number; limitMs: number } | null = null;
  private closeCalls = 0;

  constructor(
    /** The bot's process (startBot), or a fake in tests. */
    readonly bot: BotIo,
    /** The command as the user gave it, for telling a typo in it from the bot's own failure. */
    private readonly command: BotCommand,
    private readonly limits: ResolvedLimits,
    private readonly hardMemoryLimit: boolean,
    private readonly report: ViolationSink,
    private readonly record: TranscriptSink,
    /** What the real jury let pass (the profile's): those verdicts are warnings that say so. */
    private readonly tolerates: Tolerances = {},
  ) {
    this.listenFromNs = this.bot.startNs;
    this.schedAtListen = this.sched();
    if (limits.memoryMb) this.bot.memoryAlarmKb = limits.memoryMb * 1024;
  }

  ms(ns?: bigint): number {
    return this.bot.ms(ns);
  }

  /** The jury writes a message; the clock for the next answer starts when it has left. */
  write(lines: string[]): { delivered: boolean; atNs: bigint } {
    // Read the scheduler's counters before the message leaves: reading them after would delay
    // botjury's read of a fast answer and so its arrival stamp.
    this.schedAtListen = this.bot.sched(true);
    this.writeMark = this.bot.markStamper(this.schedAtListen);
    const sent = this.bot.write(lines);
    // The clock starts just before the write's system call: the bot cannot have the message earlier,
    // and may have it before the call returns here. (botjury preempted inside the write is time the
    // bot had the message: it excuses nothing.)
    this.listenFromNs = sent.startNs;
    this.wroteSinceStart = true;
    return sent;
  }

  closeInput(): bigint {
    return this.bot.closeStdin();
  }

  /** The game is over for this bot: what it writes from now on is counted, not kept (BotProcess.endOfGame). */
  endOfGame(closeOutput: boolean): void {
    this.bot.endOfGame(closeOutput);
  }

  private sched(): SchedSample {
    return this.bot.sched();
  }

  // ---- one answer ----

  /** Waits for the bot's answer; reports what went wrong and returns the failure the rules must react to. */
  async collect(request: AnswerRequest, withinMs: number | undefined): Promise<Collected> {
    this.phase = 'awaiting';
    try {
      return await this.collectAnswer(request, withinMs);
    } finally {
      this.bot.watchAnswer(null, null);
      if (this.phase === 'awaiting') this.phase = 'idle';
    }
  }

  private async collectAnswer(request: AnswerRequest, withinMs: number | undefined): Promise<Collected> {
    const bot = this.bot;
    this.lastRequest = request;
    bot.maxLineBytes = request.maxLineBytes;
    bot.takeStderrTurnBytes();
    // A start-up answer the jury awaits in turn (JavaChallenge2015's READY, players in id order) has its
    // clock start when the jury starts waiting for this bot, not at the bot's own start.
    if (request.timer === 'startup' && !this.wroteSinceStart && this.limits.startupClockFrom === 'await') {
      const now = process.hrtime.bigint();
      if (now > this.listenFromNs) {
        this.listenFromNs = now;
        // The machine's share is measured over the same window: run-queue time before the jury started
        // waiting for this bot excuses nothing.
        this.schedAtListen = this.sched();
      }
    }
    const startNs = this.listenFromNs;
    const schedStart = this.schedAtListen;
    const perAnswerLimit = request.timer === 'startup' ? this.limits.startupMs : this.limits.moveMs;
    const totalLeft = this.limits.totalMs !== undefined ? this.limits.totalMs - this.usedTotalMs : undefined;
    const timeoutCode: FailureCode = request.timer === 'startup' ? 'handshake-timeout' : 'move-timeout';
    // Which limit strikes first decides the verdict.
    const [limitMs, limitCode] =
      perAnswerLimit !== undefined && (totalLeft === undefined || perAnswerLimit <= totalLeft)
        ? [perAnswerLimit, timeoutCode]
        : totalLeft !== undefined ? [totalLeft, 'total-time-exceeded' as FailureCode] : [undefined, timeoutCode];
    const deadlineNs = limitMs !== undefined ? startNs + msToNs(Math.max(0, limitMs)) : undefined;
    // The moments an answer is judged against: the deadline, and the scenario's withinMs.
    const thresholds = [deadlineNs, withinMs !== undefined ? startNs + msToNs(Math.max(0, withinMs)) : undefined].filter((t): t is bigint => t !== undefined);
    // Stamps are marked from the earliest (a close call's share of the limit included: near-limit is
    // judged on the same evidence).
    const nearNs = perAnswerLimit !== undefined ? startNs + msToNs(perAnswerLimit * NEAR_LIMIT_SHARE) : undefined;
    const watched = nearNs !== undefined ? [...thresholds, nearNs] : thresholds;
    const watchFromNs = watched.length ? watched.reduce((a, b) => (a < b ? a : b)) : undefined;
    // The jury wakes at each, precisely, looking at the pipe on its way (BotIo.lookAtPipe).
    const checkpoints = [...thresholds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // Nothing of the answer to a message existed before it was written: the first bound of a stamp.
    bot.watchAnswer(watchFromNs ?? null, this.wroteSinceStart ? this.writeMark : null, checkpoints[0]);
    // The deadline the jury waits for: extended by time the machine, not the bot, took.
    let waitUntilNs = deadlineNs;
    this.linesAsked += request.lines;
    const collected: string[] = [];
    const read: BotLine[] = [];
    let skippedBeforeHandshake = 0;
    let lastArrivalNs = startNs;
    let nearMissSeen = false;
    let probeActivity: bigint | undefined;
    let confirmations = 0;
    let lookedBeforeSleeping = false;

    for (;;) {
      for (let line = collected.length < request.lines ? bot.takeLine() : undefined; line; line = collected.length < request.lines ? bot.takeLine() : undefined) {
        this.linesTaken++;
        this.noteLineEnding(line, request);
        if (request.handshake) {
          const trimmed = javaTrim(line.text);
          if (trimmed !== request.handshake.token) {
            if (!nearMissSeen && trimmed.toLowerCase() === request.handshake.token.toLowerCase()) {
              nearMissSeen = true;
              this.report({ code: 'bad-handshake', ply: request.ply, message: `${request.label}: wrote '${line.text}' but the jury waits for exactly '${request.handshake.token}' (case-sensitive); it goes on waiting`, expected: request.handshake.token, actual: line.text }, line.arrivedNs);
            }
            this.linesAsked++; // a line the jury reads and skips is not one the bot is ahead by
            if (!nearMissSeen && skippedBeforeHandshake++ === 0) {
              // One warning for a banner, however many lines it has.
              this.report({ code: 'extra-output', severity: 'warning', ply: request.ply, message: `${request.label}: the jury ignored the line '${line.text.slice(0, 80)}' while waiting for '${request.handshake.token}' (lines before it are skipped, as the real jury does)`, actual: line.text }, line.arrivedNs);
            }
            continue;
          }
          collected.push(trimmed);
        } else collected.push(line.text);
        read.push(line);
        lastArrivalNs = line.arrivedNs > startNs ? line.arrivedNs : startNs;
      }
      if (collected.length >= request.lines) break;

      const stderrFailure = this.checkStderrTurn(request);
      if (stderrFailure) return stderrFailure;
      if (bot.flood) {
        this.report({
          code: 'output-flood', ply: request.ply,
          message: `${request.label}: more output than any answer can need (a line over ${request.maxLineBytes} bytes or too many unread lines); the jury stopped the bot`,
          evidence: { maxLineBytes: request.maxLineBytes, stdoutBytes: bot.stdoutBytes, partialStart: bot.partialLine().slice(0, 80) },
        });
        return { failed: 'output-flood' };
      }
      if (this.overMemory()) return this.failMemory(request, '');
      if (bot.exit && bot.drained && bot.unreadCount === 0) {
        // On a busy machine the exit can be seen before the last bytes are: read what is still pending.
        if (bot.readPendingStdout() > 0 || bot.unreadCount > 0) continue;
        return this.failExited(request, collected);
      }

      const now = process.hrtime.bigint();
      if (waitUntilNs !== undefined && now >= waitUntilNs) {
        // A timer can fire before arrived bytes are delivered: read them first; their stamps decide.
        await new Promise((r) => setImmediate(r));
        if (bot.lookAtPipe()) continue;
        const load = schedDelta(schedStart, this.sched());
        const waitedMs = nsToMs(now - startNs);
        // The bot had the whole wait but for the time it sat runnable in the run queue (the largest
        // wait of one of its threads). Steal time is shown, not excused: the counter is the whole
        // machine's, in 10 ms ticks, and says nothing of this bot.
        const ownMs = waitedMs - load.queuedMs;
        if (ownMs < limitMs!) {
          // Not the bot's fault yet: the machine kept it (or botjury) waiting. Wait for the bot's own time.
          const extendedMs = waitedMs - limitMs!;
          if (extendedMs > Math.max(limitMs! * MAX_LOAD_EXTENSION_FACTOR, MIN_LOAD_EXTENSION_MS))
            throw this.overload(request, waitedMs, limitMs!, load);
          waitUntilNs = now + msToNs(Math.max(1, limitMs! - ownMs));
          continue;
        }
        if (nearMissSeen) {
          this.usedTotalMs += ownMs;
          return { failed: 'bad-handshake' };
        }
        this.usedTotalMs += ownMs;
        this.report(this.timeoutDraft(limitCode, request, waitedMs, limitMs!, collected, load));
        return { failed: limitCode };
      }
      // Unflushed answers: after a silence, is the bot provably idle, reading the jury's pipe?
      const silentSince = bot.lastStdoutNs > startNs ? bot.lastStdoutNs : startNs;
      const silentMs = nsToMs(now - silentSince);
      let wakeAt = waitUntilNs;
      const checkpoint = checkpoints.find((c) => c > now);
      if (checkpoint !== undefined && (wakeAt === undefined || checkpoint < wakeAt)) wakeAt = checkpoint;
      // Precise only at a threshold: an extension for the bot's queueing must not spin on a loaded machine.
      const precise = wakeAt !== undefined && wakeAt === checkpoint;
      if (!bot.exit && !bot.stdinClosed) {
        if (silentMs >= this.limits.unflushedProbeMs) {
          const wait = bot.stdinWait();
          // CPU and run-queue wait both unchanged: the bot neither ran nor waited to run in between.
          const sched = this.sched();
          const activity = [...sched.threads.values()].reduce((sum, t) => sum + t.cpu + t.queued, 0n);
          if (wait?.waitingOnStdin && probeActivity !== undefined && activity === probeActivity) confirmations++;
          else confirmations = 0;
          probeActivity = wait?.waitingOnStdin ? activity : undefined;
          if (confirmations >= 2) {
            if (nearMissSeen) {
              // It wrote its near miss (`Ready`) and waits: the jury will only time out. One verdict.
              this.usedTotalMs += nsToMs(now - startNs);
              return { failed: 'bad-handshake' };
            }
            const verdict = await this.proveUnflushed(request, startNs, wait!.detail, silentMs, collected);
            if (verdict) return verdict;
            confirmations = 0;
            probeActivity = undefined;
          }
          const next = now + msToNs(PROBE_INTERVAL_MS);
          if (wakeAt === undefined || next < wakeAt) wakeAt = next;
        } else {
          const next = silentSince + msToNs(this.limits.unflushedProbeMs);
          if (wakeAt === undefined || next < wakeAt) wakeAt = next;
        }
      }
      // Last before sleeping, from shortly before the first threshold on: a look at the pipe. Nothing
      // botjury does after it delays a stamp but the return to epoll.
      if (bot.watchedNow(process.hrtime.bigint()) && bot.lookAtPipe()) continue;
      // Before the first sleep, one read of the pipe: a fast bot's answer is often there already (it
      // arrives while the write's system call wakes the bot), and the return to epoll would stamp it
      // ~15 µs later. Read now, it is stamped now. Nothing there costs one EAGAIN (~3 µs).
      if (!lookedBeforeSleeping) {
        lookedBeforeSleeping = true;
        if (bot.readPendingStdout() > 0) continue;
      }
      await bot.waitForChange(wakeAt ?? now + 1_000_000_000n, precise);
    }

    const lastEmpty = bot.lastEmptyLook;
    bot.watchAnswer(null, null);
    // An answer before every watched moment (a deadline, withinMs, a close call's share) is judged on
    // nothing this sample measures: its thread list may be a recent one (sampleSched).
    const schedEnd = bot.sched(watchFromNs === undefined || lastArrivalNs < watchFromNs);
    this.schedAtListen = schedEnd;
    const load = schedDelta(schedStart, schedEnd);
    const wallMs = nsToMs(lastArrivalNs - startNs);
    // The answer's own stamp decides, whatever the timer did: an answer completed after the
    // deadline is late, unless only the machine's load made it so.
    let lateByMachineMs = 0;
    const stamp = this.stampEvidence(lastEmpty, read[read.length - 1]?.stamper, startNs, load);
    const lateArrival = (limit: number): LateArrival => ({ wallMs, limitMs: limit, botQueuedMs: load.queuedMs, ...stamp });
    if (deadlineNs !== undefined && lastArrivalNs > deadlineNs) {
      const verdict = judgeLateArrival(lateArrival(limitMs!));
      lateByMachineMs = verdict.lateByMachineMs;
      if (verdict.late) {
        this.usedTotalMs += verdict.ownMs;
        this.report(this.timeoutDraft(limitCode, request, wallMs, limitMs!, collected, load, lateByMachineMs), lastArrivalNs);
        return { failed: limitCode };
      }
      this.report({
        code: 'late-excused', ply: request.ply,
        message: `${request.label}: the answer completed ${fmt(wallMs)} ms after the jury's message, over the limit of ${fmt(limitMs!)} ms; ${fmt(lateByMachineMs)} ms of it were measured as the machine's (the bot waiting for a CPU, or botjury late to stamp), so it was accepted — on a quiet jury machine it would be late by ${fmt(Math.max(0, wallMs - lateByMachineMs - limitMs!) || wallMs - limitMs!)} ms or less`,
        expected: `an answer within ${fmt(limitMs!)} ms`, actual: `${fmt(wallMs)} ms`,
        evidence: { measuredMs: round3(wallMs), limitMs: round3(limitMs!), lateByMachineMs: round3(lateByMachineMs), ownMs: round3(verdict.ownMs), stampDelayMs: round3(verdict.stampDelayMs), ...loadEvidence(load) },
      }, lastArrivalNs);
    }
    this.usedTotalMs += wallMs - lateByMachineMs;
    this.listenFromNs = lastArrivalNs;
    // After the stamp, before the next message: at most every few ms (the peak is a high-water mark).
    bot.sampleMemory(REPLY_SAMPLE_MS);
    this.replies.push({
      ply: request.ply,
      wallMs: round3(wallMs),
      cpuMs: round3(load.cpuMs),
      queuedMs: round3(load.queuedMs),
      harnessLagMs: round3(load.ownQueuedMs),
      limitMs: limitMs !== undefined ? round3(limitMs) : null,
      ...(lateByMachineMs > 0 ? { excusedByLoad: true, lateByMachineMs: round3(lateByMachineMs) } : {}),
      peakMb: bot.peakHwmKb ? round2(bot.peakHwmKb / 1024) : null,
    });
    // A close call is judged on the bot's own time, as a late answer is: a busy machine's queueing is
    // not the bot's habit. An answer the load pushed past the limit was excused by it: its own time
    // there is an estimate, too rough for a warning (on a loaded machine it would warn about trivial bots).
    const ownWallMs = perAnswerLimit !== undefined ? judgeLateArrival(lateArrival(perAnswerLimit * NEAR_LIMIT_SHARE)).ownMs : wallMs;
    if (perAnswerLimit !== undefined && ownWallMs > perAnswerLimit * NEAR_LIMIT_SHARE && wallMs <= perAnswerLimit) {
      this.closeCalls++;
      if (!this.closest || wallMs / perAnswerLimit > this.closest.wallMs / this.closest.limitMs)
        this.closest = { ply: request.ply, label: request.label, wallMs, limitMs: perAnswerLimit };
    }
    this.lastAnswer = { ply: request.ply, label: request.label, text: collected.join(' / '), atNs: lastArrivalNs };
    if (withinMs !== undefined && wallMs > withinMs && judgeLateArrival(lateArrival(withinMs)).late)
      this.report({
        code: 'move-timeout', ply: request.ply,
        message: `${request.label}: answered in ${fmt(wallMs)} ms; the scenario requires it within ${fmt(withinMs)} ms (over by ${fmt(wallMs - withinMs)} ms)`,
        expected: `within ${withinMs} ms`, actual: `${fmt(wallMs)} ms`,
        evidence: { measuredMs: round3(wallMs), limitMs: withinMs, marginMs: round3(withinMs - wallMs), source: 'scenario withinMs', ...loadEvidence(load) },
      }, lastArrivalNs);
    if (this.limits.stderrTurnLimitBytes !== undefined) {
      // stderr is another pipe: let what the bot wrote there before its answer be read first.
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
    }
    const stderrFailure = this.checkStderrTurn(request);
    if (stderrFailure) return stderrFailure;
    const stderrTurn = bot.takeStderrTurnBytes();
    if (this.limits.stderrTurnWarnBytes !== undefined && stderrTurn > this.limits.stderrTurnWarnBytes)
      this.report({
        code: 'stderr-output', severity: 'warning', ply: request.ply,
        message: `${request.label}: wrote ${stderrTurn} bytes to stderr in one turn; the real jury reads stderr only after the answer and blocks a bot beyond ${this.limits.stderrTurnLimitBytes ?? this.limits.stderrTurnWarnBytes} bytes`,
        evidence: { bytes: stderrTurn, limitBytes: this.limits.stderrTurnLimitBytes ?? this.limits.stderrTurnWarnBytes },
      });
    if (this.limits.stderrTurnLimitBytes !== undefined && bot.stderrMidLine && !this.stderrMidLineReported) {
      this.stderrMidLineReported = true;
      this.report({
        code: 'stderr-output', severity: 'warning', ply: request.ply,
        message: `${request.label}: the bot answered with a stderr line left without its newline; the real engine's stderr reader can wait on such a line and hang the whole game — end stderr lines with \\n`,
        evidence: { stderrBytes: bot.stderrBytes },
      }, lastArrivalNs);
    }
    return { lines: collected, read };
  }

  /**
   * How late the answer's stamp can be: from the jury's last look at an empty pipe (the answer arrived
   * after it) to the stamp, the stamping thread's busy and queued time (stamper.ts). Without both
   * marks, the stamping thread's own CPU and run-queue time over the whole wait: the bot is never
   * blamed for a delay that could not be measured, and never excused by other threads' work.
   */
  private stampEvidence(lastEmpty: StamperMark | null, atStamp: StamperMark | undefined, startNs: bigint, load: SchedDelta): Pick<LateArrival, 'emptyAtMs' | 'stampDelayMs'> {
    if (lastEmpty && atStamp) return { emptyAtMs: nsToMs(lastEmpty.atNs - startNs), stampDelayMs: stamperDelayMs(lastEmpty, atStamp) };
    return { emptyAtMs: null, stampDelayMs: load.ownBusyMs };
  }

  /**
   * JavaChallenge2015: the engine reads stderr only after an answer, so a bot that writes more than a
   * pipe holds in one turn blocks, times out and is terminated. One verdict, with the engine's consequence.
   */
  private checkStderrTurn(request: AnswerRequest): Collected | null {
    const limit = this.limits.stderrTurnLimitBytes;
    const bytes = this.bot.stderrTurnBytes;
    if (limit === undefined || bytes <= limit) return null;
    this.report({
      code: 'stderr-output', severity: 'error', ply: request.ply,
      message: `${request.label}: wrote ${bytes} bytes to stderr in one turn; the real engine reads stderr only after the answer, so the bot blocks on the full pipe (${limit} bytes), times out and is terminated — it plays N for the rest of the game`,
      expected: `at most ${limit} bytes of stderr per turn`, actual: `${bytes} bytes`,
      evidence: { bytes, limitBytes: limit },
    });
    return { failed: 'move-timeout' };
  }

  private overload(request: AnswerRequest, waitedMs: number, limitMs: number, load: SchedDelta): MachineOverload {
    const figures = { waitedMs: round3(waitedMs), limitMs, botQueuedMs: round3(load.queuedMs), harnessLagMs: round3(load.ownQueuedMs), botCpuMs: round3(load.cpuMs) };
    return new MachineOverload(
      `${request.label}: the machine was too loaded to judge the clock: after ${fmt(waitedMs)} ms (limit ${fmt(limitMs)} ms) the bot had waited ${fmt(load.queuedMs)} ms to be scheduled and botjury ${fmt(load.ownQueuedMs)} ms; this is not the bot's fault — rerun on a quieter machine or with fewer --jobs`,
      figures,
    );
  }

  /** `lateByMachineMs` is given for an answer that arrived after the deadline: how much of it the machine took. */
  private timeoutDraft(code: FailureCode, request: AnswerRequest, waitedMs: number, limitMs: number, collected: string[], load: SchedDelta, lateByMachineMs?: number): ViolationDraft {
    const arrivedLate = lateByMachineMs !== undefined;
    const what = code === 'total-time-exceeded'
      ? `the total budget of ${fmt(this.limits.totalMs!)} ms ran out (${fmt(this.usedTotalMs)} ms used in all, counted only while the jury waited)`
      : arrivedLate ? `the answer completed ${fmt(waitedMs)} ms after the jury's message, over the limit of ${fmt(limitMs)} ms` : `no answer within ${fmt(limitMs)} ms`;
    const partial = this.bot.partialLine();
    const excused = lateByMachineMs ?? load.queuedMs;
    return {
      code, ply: request.ply,
      message: `${request.label}: ${what}; ${arrivedLate ? 'the real jury stops waiting at the limit' : `waited ${fmt(waitedMs)} ms`}${collected.length && !arrivedLate ? ` (got ${collected.length} of ${request.lines} lines)` : ''}${partial ? `; an incomplete line '${partial.slice(0, 60)}' has no line ending` : ''}${excused >= 0.5 ? ` (${fmt(excused)} ms the machine kept the bot or botjury waiting were not counted against it)` : ''}`,
      expected: `an answer within ${fmt(limitMs)} ms`,
      actual: arrivedLate ? `${collected.join(' / ')} after ${fmt(waitedMs)} ms` : collected.length || partial ? [...collected, partial].filter(Boolean).join(' / ') : 'nothing',
      evidence: {
        measuredMs: round3(waitedMs), limitMs: round3(limitMs), marginMs: round3(limitMs - waitedMs), ownMs: round3(waitedMs - excused),
        ...loadEvidence(load), totalUsedMs: round3(this.usedTotalMs), ...(this.limits.totalMs !== undefined ? { totalBudgetMs: this.limits.totalMs } : {}),
      },
    };
  }

  /**
   * The bot sleeps in read() on the jury's pipe, every thread of it, with no CPU used and nothing
   * written since the jury started listening: its answer may be in its own output buffer. Proof:
   * nothing is pending unread on botjury's side, and after the jury closes the bot's input the bytes
   * arrive with the bot's exit (the exit flush). Without that proof the verdict is the timing one.
   * Returns null when the bot turned out not to be idle after all (keep waiting).
   */
  private async proveUnflushed(request: AnswerRequest, startNs: bigint, detail: string, silentMs: number, collected: string[]): Promise<Collected | null> {
    const bot = this.bot;
    await new Promise((r) => setImmediate(r));
    if (bot.readPendingStdout() > 0 || bot.unreadCount > 0) return null;
    const partialBefore = bot.partialLine();
    const bytesBefore = bot.stdoutBytes;
    const closedNs = bot.closeStdin();
    const until = closedNs + msToNs(UNFLUSHED_CONFIRM_MS);
    while (process.hrtime.bigint() < until && !(bot.exit && bot.drained)) await bot.waitForChange(until);
    const burstLines: BotLine[] = bot.takeAllLines();
    const burstBytes = bot.stdoutBytes - bytesBefore;
    const waitedMs = nsToMs(closedNs - startNs);
    this.usedTotalMs += waitedMs;
    const exitFlush = burstBytes > 0 && bot.exit !== null && bot.exit.signal === null;
    const evidence = {
      silentMs: round2(silentMs),
      proc: detail,
      stdoutBytesSinceRequest: 0,
      partialLineBefore: partialBefore || null,
      inputClosedAtMs: round2(bot.ms(closedNs)),
      burstBytes,
      burst: burstLines.map((l) => l.text).concat(bot.partialLine() ? [bot.partialLine()] : []).join('\n').slice(0, 500),
      burstAfterMs: burstLines.length ? round3(nsToMs(burstLines[0]!.arrivedNs - closedNs)) : null,
      exit: bot.exit ? { code: bot.exit.code, signal: bot.exit.signal, afterCloseMs: round3(nsToMs(bot.exit.atNs - closedNs)) } : null,
    };
    if (partialBefore) {
      const code = request.handshake ? 'bad-handshake' : 'bad-format';
      this.report({
        code, ply: request.ply,
        message: `${request.label}: wrote '${partialBefore}' without a line ending and then waited for input; the jury never receives a complete line`,
        expected: `'${partialBefore}\\n'`, actual: partialBefore, evidence,
      });
      return { failed: request.timer === 'startup' ? 'handshake-timeout' : 'move-timeout' };
    }
    if (exitFlush) {
      this.report({
        code: 'unflushed-output', ply: request.ply,
        message: `${request.label}: the bot wrote its answer into its own output buffer and went back to reading input (${detail.split(' [')[0]}); nothing reached the jury in ${fmt(silentMs)} ms. When the jury closed its input, the bot exited and ${burstBytes} bytes arrived with the exit ('${evidence.burst.split('\n')[0]}'): flush stdout after every answer`,
        expected: 'an answer flushed to stdout', actual: evidence.burst, evidence,
      }, closedNs);
      return { failed: 'unflushed-output' };
    }
    // No exit flush: the bot waits for input the protocol does not send here (a deadlock).
    const code: FailureCode = request.timer === 'startup' ? 'handshake-timeout' : 'move-timeout';
    this.report({
      code, ply: request.ply,
      message: `${request.label}: the bot went back to reading input without answering (${detail.split(' [')[0]}); it waits for input the jury does not send here. The real jury would have waited until the time limit ran out`,
      expected: 'an answer', actual: collected.length ? collected.join(' / ') : burstBytes > 0 ? evidence.burst : 'nothing', evidence,
    }, closedNs);
    return { failed: code };
  }

  private failExited(request: AnswerRequest, collected: string[]): Collected {
    const bot = this.bot;
    const exit = bot.exit!;
    const partial = bot.partialLine();
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with status ${exit.code}`;
    // A command that failed at once, before writing a byte (python3 /missing.py), is the user's typo.
    if (bot.stdoutBytes === 0) {
      const hint = startupFailureHint(this.command.argv, exit, bot.stderrHead, bot.ms(exit.atNs));
      if (hint) throw new HarnessError(hint);
    }
    if (this.memoryExhausted()) return this.failMemory(request, `the bot ${how} after running out of memory`);
    const crashed = exit.signal !== null || exit.code !== 0;
    const code = crashed ? 'crash' : 'early-exit';
    // The bot's player is out of the game (fallen): what its bot does changes nothing any more.
    const tolerated = request.outOfGame !== undefined && this.tolerates.exitWhenOut;
    this.report({
      code, ply: request.ply, ...(tolerated ? { severity: 'warning' as const } : {}),
      message: tolerated
        ? `${request.label}: the bot ${how} after ${request.outOfGame}: ${tolerated}`
        : `${request.label}: the bot ${how} while the game still needed it${collected.length ? ` (after ${collected.length} of ${request.lines} lines)` : ''}${partial ? `; its last output '${partial.slice(0, 60)}' had no line ending` : ''}`,
      expected: 'an answer', actual: collected.length || partial ? [...collected, partial].filter(Boolean).join(' / ') : 'nothing',
      evidence: { exitCode: exit.code, signal: exit.signal, stderrTail: bot.stderrTail || null, partial: partial || null },
    }, exit.atNs);
    return { failed: code };
  }

  // ---- memory ----

  /**
   * Over the memory limit by the last sample: the bot's timer samples every 50 ms and wakes the jury
   * when the limit is passed; sampling here would read /proc between the jury's message and the
   * bot's answer, on the thread that stamps it.
   */
  private overMemory(): boolean {
    const limitMb = this.limits.memoryMb;
    return !!limitMb && !this.memoryReported && this.bot.peakHwmKb > limitMb * 1024;
  }

  memoryExhausted(): boolean {
    const bot = this.bot;
    const limitMb = this.limits.memoryMb;
    if (!limitMb) return false;
    return bot.peakHwmKb > limitMb * 1024 || (this.hardMemoryLimit && bot.peakDataKb > limitMb * 1024 * 0.8) || OOM_PATTERN.test(bot.stderrHead);
  }

  private failMemory(request: AnswerRequest, why: string): Collected {
    this.memoryReported = true;
    this.report(this.memoryDraft(request, why));
    return { failed: 'memory-limit' };
  }

  memoryDraft(request: AnswerRequest | null, why: string): ViolationDraft {
    const bot = this.bot;
    const limitMb = this.limits.memoryMb!;
    const peakMb = bot.peakHwmKb / 1024;
    return {
      code: 'memory-limit', ...(request ? { ply: request.ply } : {}),
      message: `${request ? `${request.label}: ` : ''}${why || `peak memory ${fmt(peakMb)} MB exceeds the limit of ${limitMb} MB`}`,
      expected: `at most ${limitMb} MB`, actual: `${fmt(peakMb)} MB peak (all the bot's processes)`,
      evidence: { peakMb: round2(peakMb), limitMb, peakDataMb: round2(bot.peakDataKb / 1024), hardLimit: this.hardMemoryLimit },
    };
  }

  /** At the end of the run: a peak over the limit that no answer's check caught. */
  finalMemoryCheck(): void {
    if (!this.memoryReported && this.limits.memoryMb && this.bot.peakHwmKb > this.limits.memoryMb * 1024) {
      this.memoryReported = true;
      this.report(this.memoryDraft(null, ''));
    }
  }

  // ---- output nobody asked for ----

  /**
   * Lines the bot wrote that nobody asked for, each reported once, at the ply of the answer it
   * followed. Under `queue` (the JavaChallenge2015 engine reads them as later answers) the bot then
   * runs behind: that is one cause, reported once, not again on every later turn.
   * Returns true when the bot floods (more unasked lines than any protocol can explain).
   */
  reportUnaskedLines(when: string, ended: boolean, byScenario = false): boolean {
    const bot = this.bot;
    const queue = (this.lastRequest?.unaskedLines ?? 'discard') === 'queue';
    let fresh: BotLine[];
    if (queue) {
      const lead = this.linesTaken + bot.unreadCount - this.linesAsked;
      fresh = lead > this.leadReported ? bot.unreadTail(lead - this.leadReported) : [];
      // A bot running behind still owes answers to the jury's last messages: those lines, unread now or
      // written after the end, were reported when it fell behind.
      if (ended) this.owedAtEnd = Math.max(0, this.leadReported - lead);
      this.leadReported = Math.max(this.leadReported, lead);
      if (ended) bot.takeAllLines(); // a bot running behind ends with its last answers unread: not a new fault
    } else fresh = bot.takeAllLines();
    if (fresh.length === 0) return false;
    if (ended) {
      this.reportOutputAfterEnd(fresh.length, fresh.reduce((n, l) => n + l.bytes + 1, 0), fresh[0]!, when, byScenario);
      return false;
    }
    // A jury that reads one line per turn (unreadLines: block) never stops a bot for writing too much:
    // the bot blocks on the full pipe and plays its stale lines, each new one reported below.
    if (fresh.length > MAX_UNASKED_LINES_PER_GAP && this.limits.unreadLines !== 'block') {
      this.report({
        code: 'output-flood', ...(this.lastAnswer ? { ply: this.lastAnswer.ply } : {}),
        message: `the bot wrote ${fresh.length} lines ${when} when no answer was asked for (first: '${fresh[0]!.text.slice(0, 60)}'); more than any protocol needs — the jury stopped the bot`,
        expected: 'no output', actual: fresh[0]!.text.slice(0, 200),
        evidence: { lines: fresh.length, limit: MAX_UNASKED_LINES_PER_GAP },
      }, fresh[0]!.arrivedNs);
      bot.takeAllLines();
      return true;
    }
    // Many lines in one gap are one cause: one report with the count (the first line as evidence).
    const group = fresh.length > GROUP_UNASKED_LINES && queue ? [fresh[0]!] : fresh;
    for (const line of group) {
      this.noteLineEnding(line, this.lastRequest);
      const after = this.lastAnswer && line.arrivedNs >= this.lastAnswer.atNs
        ? ` ${fmt(nsToMs(line.arrivedNs - this.lastAnswer.atNs))} ms after its answer '${this.lastAnswer.text.slice(0, 60)}' (${this.lastAnswer.label})`
        : ` ${when}`;
      const what = group.length < fresh.length ? `${fresh.length} lines, the first '${line.text.slice(0, 200)}',` : `'${line.text.slice(0, 200)}'`;
      const consequence = !queue
        ? '; the real jury would have read it as the next answer'
        : group.length < fresh.length
          ? `; the real engine reads one line per request, so from now on the bot plays stale lines, ${this.leadReported} answers behind${this.bot.readingPaused ? ' (the jury stops reading while that many are unread: the bot blocks on the full pipe, as under the engine)' : ''}`
          : '; the real engine reads it as the answer to its next request, so from now on the bot plays one answer behind';
      this.report({
        code: 'extra-output',
        ...(this.lastAnswer ? { ply: this.lastAnswer.ply } : this.lastRequest ? { ply: this.lastRequest.ply } : {}),
        message: `the bot wrote ${what}${after}, when no answer was asked for${consequence}`,
        expected: 'no output', actual: line.text,
        ...(group.length < fresh.length ? { evidence: { lines: fresh.length } } : {}),
      }, line.arrivedNs);
    }
    return false;
  }

  private outputAfterEndReported = false;

  /**
   * Output after the game ended: nobody reads it. One report for all of it, an error only where the
   * profile does not say that the real jury let it pass.
   */
  private reportOutputAfterEnd(lines: number, bytes: number, first: BotLine | null, when: string, byScenario = false): void {
    if (this.outputAfterEndReported || (lines === 0 && bytes === 0)) return;
    this.outputAfterEndReported = true;
    // A game the scenario cut short would have gone on: the real jury would have read it as an answer.
    const why = byScenario ? undefined : this.tolerates.outputAfterEnd;
    const firstText = first ? first.text.slice(0, 200) : this.bot.partialLine().slice(0, 200);
    this.report({
      code: 'extra-output', severity: why ? 'warning' : 'error',
      ...(this.lastAnswer ? { ply: this.lastAnswer.ply } : {}),
      message: byScenario
        ? `the bot wrote ${lines === 1 ? `'${firstText}'` : `${lines} lines (${bytes} bytes, first '${firstText}')`}${this.afterLastAnswer(first)}, when no answer was asked for; the scenario ended the game there, but the real jury, playing on, would have read it as the next answer`
        : `the bot wrote ${lines === 1 ? `'${firstText}'` : `${lines} lines (${bytes} bytes, first '${firstText}')`} ${when}${when.includes('end of the game') ? '' : ', once the game was over'}; nobody reads it${why ? `: ${why}` : ''}`,
      expected: 'no output', actual: firstText,
      evidence: { lines, bytes },
    }, first?.arrivedNs);
  }

  /** " 12.3 ms after its answer 'e5*c3' (Black's move 1 (ply 2))", when the line came after the bot's last answer. */
  private afterLastAnswer(line: BotLine | null): string {
    const last = this.lastAnswer;
    return last && line && line.arrivedNs >= last.atNs ? ` ${fmt(nsToMs(line.arrivedNs - last.atNs))} ms after its answer '${last.text.slice(0, 60)}' (${last.label})` : '';
  }

  /**
   * Under `queue` a line the bot writes after its answer is read by the engine as its next answer,
   * however late it comes. To say which answer it followed, the jury lets a bot that reads with
   * read(2) go back to reading before it writes again (at most SETTLE_MS; time not charged). A bot
   * never seen back in read(2) (an event-loop bot) is not waited for again.
   */
  async settleAfterAnswer(): Promise<void> {
    if ((this.lastRequest?.unaskedLines ?? 'discard') !== 'queue' || this.settles === false || this.bot.exit) return;
    const until = process.hrtime.bigint() + msToNs(SETTLE_MS);
    while (process.hrtime.bigint() < until) {
      if (this.bot.stdinWait()?.waitingOnStdin) {
        this.settles = true;
        return;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    this.settles ??= false;
  }

  private noteLineEnding(line: BotLine, request: AnswerRequest | null): void {
    if (line.ending === 'lf' || this.crlfReported) return;
    this.crlfReported = true;
    const shown = line.text.slice(0, 80);
    this.report({
      code: 'crlf-line-ending', ...(request ? { ply: request.ply } : {}),
      message: line.ending === 'cr'
        ? `the line '${shown}' ends in a lone \\r; the engine (Java's readLine) ends a line there, but another jury may not: end lines with \\n (later lines are not reported again)`
        : `the line '${shown}' ends in \\r\\n; the jury expects \\n (the \\r was ignored; later lines are not reported again)`,
      expected: `'${shown}\\n'`, actual: `'${shown}${line.ending === 'cr' ? '\\r' : '\\r\\n'}'`,
    }, line.arrivedNs);
  }

  /** One warning per run for answers that came close to their limit, and for a budget nearly spent. */
  reportCloseCalls(): void {
    if (this.closest) {
      const c = this.closest;
      this.report({
        code: 'near-limit', severity: 'warning', ply: c.ply,
        message: `${this.closeCalls} answer${this.closeCalls === 1 ? '' : 's'} took over ${NEAR_LIMIT_SHARE * 100}% of the ${fmt(c.limitMs)} ms limit; the closest, ${c.label}, took ${fmt(c.wallMs)} ms (${Math.round((c.wallMs / c.limitMs) * 100)}%): on a slower or busier jury machine it would be late`,
        expected: `under ${fmt(c.limitMs * NEAR_LIMIT_SHARE)} ms`, actual: `${fmt(c.wallMs)} ms`,
        evidence: { closeCalls: this.closeCalls, wallMs: round3(c.wallMs), limitMs: c.limitMs, share: round2(c.wallMs / c.limitMs) },
      });
    }
    const budget = this.limits.totalMs;
    if (budget !== undefined && this.usedTotalMs > budget * NEAR_LIMIT_SHARE && this.usedTotalMs <= budget)
      this.report({
        code: 'near-limit', severity: 'warning',
        message: `used ${fmt(this.usedTotalMs)} ms of the ${fmt(budget)} ms budget (${Math.round((this.usedTotalMs / budget) * 100)}%): on a slower jury machine it could run out`,
        expected: `under ${fmt(budget * NEAR_LIMIT_SHARE)} ms`, actual: `${fmt(this.usedTotalMs)} ms`,
        evidence: { usedMs: round3(this.usedTotalMs), budgetMs: budget, share: round2(this.usedTotalMs / budget) },
      });
  }

  // ---- the end ----

  /** Waits for the exit the rules demand; reports a bot that stays, or one that ends badly. */
  async expectExit(pending: PendingExit): Promise<void> {
    const bot = this.bot;
    if (this.stopped) return;
    const until = pending.sinceNs + msToNs(pending.graceMs);
    while (!(bot.exit && bot.drained) && process.hrtime.bigint() < until) await bot.waitForChange(until);
    this.reportUnaskedLines('after the end of the game', true, pending.byScenario);
    const after = bot.afterEnd;
    // Lines a bot running behind wrote after the end in answer to the jury's messages are not new output
    // (whether they came before or after the end was a race): only what goes beyond them is.
    const owed = Math.min(after.lines, this.owedAtEnd);
    if (owed === 0 || after.lines > owed) this.reportOutputAfterEnd(after.lines - owed, after.bytes, after.first, 'after the end of the game', pending.byScenario);
    if (!bot.exit) {
      if (pending.code) {
        const waiting = bot.stdinWait();
        this.report({
          code: pending.code,
          message: pending.code === 'no-exit-after-quit'
            ? `the bot was still running ${fmt(pending.graceMs)} ms after the jury sent Quit (${pending.reason})`
            : `the bot was still running ${fmt(pending.graceMs)} ms after the game ended (${pending.reason}); it must terminate on its own${waiting?.waitingOnStdin ? ', but it is waiting for more input' : ''}`,
          expected: `exit within ${fmt(pending.graceMs)} ms`, actual: 'still running',
          evidence: { graceMs: pending.graceMs, ...(waiting ? { proc: waiting.detail } : {}) },
        });
      }
      await this.stop();
      return;
    }
    const exit = bot.exit;
    // Killed by SIGPIPE for writing after the jury closed its pipes: the output-after-end report says it.
    if (exit.signal === 'SIGPIPE' && this.outputAfterEndReported) return;
    if (exit.signal !== null || exit.code !== 0) {
      if (this.memoryExhausted()) this.report(this.memoryDraft(null, `the bot ended with ${exit.signal ?? `status ${exit.code}`} after running out of memory`), exit.atNs);
      else {
        const why = this.tolerates.exitStatusAfterEnd;
        const when = pending.sent ? `after the jury sent ${pending.sent.join(' / ')} (${pending.reason})` : `at the end of the game (${pending.reason})`;
        this.report({
          code: 'crash', severity: why ? 'warning' : 'error',
          message: `the bot ${exit.signal ? `was killed by ${exit.signal}` : `exited with status ${exit.code}`} ${when}${why ? `: ${why}` : '; a normal exit has status 0'}`,
          expected: 'exit status 0', actual: exit.signal ?? `status ${exit.code}`,
          evidence: { exitCode: exit.code, signal: exit.signal, stderrTail: bot.stderrTail || null },
        }, exit.atNs);
      }
    }
  }

  private stopping: Promise<void> | null = null;

  /** The jury ends the bot's process (its failure, the rules' takeover, or the end of the run). */
  stop(): Promise<void> {
    if (!this.stopping) {
      this.phase = 'stopped';
      this.stoppedByJury = this.bot.running;
      this.stopping = this.bot.stop().then(() => this.record('event', 'the jury stopped the bot', process.hrtime.bigint()));
    }
    return this.stopping;
  }
}

export interface LateArrival {
  /** From the jury's write to the stamp of the answer's last line. */
  wallMs: number;
  limitMs: number;
  /** Longest run-queue wait of one of the bot's threads over the wait: the machine kept the bot waiting. */
  botQueuedMs: number;
  /**
   * When the jury last looked at the pipe and found nothing of the answer (ms after the write; null:
   * no such look). The answer arrived after it, however late botjury was to stamp it.
   */
  emptyAtMs: number | null;
  /**
   * How long botjury's stamping thread may have left the answer unstamped: its event loop's busy time
   * and its run-queue wait from that look to the stamp (stamper.ts). Never other threads' CPU time.
   */
  stampDelayMs: number;
}

/**
 * An answer stamped over its limit: was the bot late, or only the machine? The answer arrived no
 * earlier than its stamp less what was shown to have delayed that stamp, and after the jury's last
 * look at an empty pipe; the bot is excused for the time it sat in the run queue. What remains is the
 * bot's own time; over the limit, it is late.
 */
export function judgeLateArrival(a: LateArrival): { late: boolean; lateByMachineMs: number; ownMs: number; stampDelayMs: number } {
  const stampDelayMs = Math.max(0, Math.min(a.stampDelayMs, a.emptyAtMs !== null ? a.wallMs - a.emptyAtMs : a.wallMs));
  const arrivedMs = Math.max(a.emptyAtMs ?? 0, a.wallMs - stampDelayMs);
  const ownMs = Math.min(a.wallMs, arrivedMs - a.botQueuedMs);
  return { late: ownMs > a.limitMs, lateByMachineMs: a.wallMs - ownMs, ownMs, stampDelayMs };
}

function loadEvidence(load: SchedDelta): Record<string, number> {
  return { cpuMs: round3(load.cpuMs), botQueuedMs: round3(load.queuedMs), harnessLagMs: round3(load.ownQueuedMs), ...(load.stealMs > 0 ? { stealMs: round3(load.stealMs) } : {}) };
}

/** Java's String.trim(): every character up to U+0020 at either end, and nothing else (not a BOM). */
function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

function msToNs(ms: number): bigint {
  return BigInt(Math.round(ms * 1e6));
}

function nsToMs(ns: bigint): number {
  return Number(ns) / 1e6;
}

export function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}
