// One game at the jury's table: the game (one state for every seat) and its seats. A bot seat is a
// process with its clock (seat.ts); every other seat is moved by the game itself, with a scripted move
// or its built-in player. `check` is a table with one bot seat walked by a scenario (session.ts); a
// match and a tournament are tables with several bot seats played to the end (harness/match/).
//
// Follow one reply: advance() asks the game for everything up to its next decision and only then
// writes (a seat's clock starts at its write, so no jury work is ever a bot's time) → botTurn(): the
// seat collects the answer, stamped on arrival (seat.ts) → game.answer(seat, lines) judges it →
// addViolation() / snapshot() → result() → reporters.
import { mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BotIo } from './bot-io.js';
import { HarnessError, type BotCommand, type StartOptions, type TranscriptSink } from './bot-process.js';
import { ScenarioError, type AnswerRequest, type Ending, type FailureCode, type Game, type GameAction, type GameDefinition, type Judgement, type MaybePromise, type Outcome } from './game.js';
import { commonGoalsReached, goalReport, inconclusiveReason, type GoalReport } from './goals.js';
import type { BotLine } from './lines.js';
import type { ResolvedLimits, Tolerances } from './profile.js';
import type { JuryTime, ScenarioResult, Snapshot, TranscriptEntry } from './result.js';
import { afterwards } from './afterwards.js';
import { createRng, numericSeed } from './rng.js';
import { Seat, startBot, type PendingExit } from './seat.js';
import { finishViolation, round2, round3, ViolationLog, type ViolationDraft } from './violations.js';

const MAX_TRANSCRIPT = 20_000;
/** The transcript keeps at most this much text; a flooding bot cannot make the report grow without end. */
const MAX_TRANSCRIPT_CHARS = 1_000_000;
const MAX_SNAPSHOTS = 5_000;
/** More jury actions than any game has: a game that never decides is a bug, not a hang. */
export const MAX_ACTIONS = 1_000_000;

export interface BotSeatSpec {
  role: string;
  command: BotCommand;
  /** The bot's working directory; default: a fresh temporary folder. */
  cwd?: string;
  /** This seat's limits, when they differ from the table's (a replay pins each seat's recorded ones). */
  limits?: ResolvedLimits;
}

export interface TableOptions {
  game: GameDefinition;
  profileName: string;
  limits: ResolvedLimits;
  seed: number | string;
  setup?: Record<string, unknown> | undefined;
  scenarioDir: string;
  opponent?: string;
  bots: BotSeatSpec[];
  /** Where the user ran botjury (relative bot paths are resolved from here). */
  invokedFrom: string;
  /** Hard memory limit for each bot (prlimit data limit), also checked against VmHWM. */
  memoryMb?: number;
  /** Every bot in a sandbox of its own (bubblewrap; see isolation.ts). */
  isolate?: boolean;
  /** Record a snapshot of the game after every move (for reports that draw the game). */
  snapshots?: boolean;
  /** Scripted moves of seats without a bot, used in order; once a script runs out, the built-in player. */
  scripts?: Readonly<Record<string, readonly string[]>>;
  /** Sees every move of the game as played: the seat, the move, whether a bot made it. */
  onMove?(seat: string, move: string, byBot: boolean): void;
  /** How a bot seat's process is started (tests give a fake). */
  startBot?: (command: BotCommand, options: Omit<StartOptions, 'lines' | 'unreadLines'>, limits: ResolvedLimits, record: TranscriptSink) => BotIo | Promise<BotIo>;
  /** The game as the table drives it (tools wrap it to record or script it). */
  wrapGame?(game: Game): Game;
}

/** A decision of the game the table has not performed yet. */
export type Decision = Exclude<GameAction, { type: 'send' }>;

/** Raised when the scenario's steps do not fit the game, or the game breaks its own contract: the harness's fault. */
export class StepMismatch extends ScenarioError {}

/** One bot seat's record of the game: its seat, verdicts, transcript and how its game ended. */
export class BotSeatRun {
  seat: Seat | null = null;
  readonly violations = new ViolationLog();
  readonly transcript: TranscriptEntry[] = [];
  transcriptDropped = 0;
  private transcriptChars = 0;
  /** The game is over for this seat (its ending was performed). */
  ended = false;
  endingKind: Ending['kind'] | null = null;
  pendingExit: PendingExit | null = null;
  /** The bot flooded between answers: the next answer it owes is an output-flood failure. */
  flooded = false;
  ownCwd: string | null = null;
  readonly limits: ResolvedLimits;
  /** The scenario step being played (its verdicts point at its line in the file), if any. */
  step: { number: number; line: number } | undefined;

  constructor(readonly spec: BotSeatSpec, tableLimits: ResolvedLimits) {
    this.limits = spec.limits ?? tableLimits;
  }

  get role(): string {
    return this.spec.role;
  }

  get stopped(): boolean {
    return this.seat?.stopped ?? false;
  }

  ms(atNs?: bigint): number {
    return this.seat ? this.seat.ms(atNs) : 0;
  }

  addViolation(draft: ViolationDraft, atNs: bigint = process.hrtime.bigint()): void {
    const v = finishViolation(draft, this.ms(atNs));
    if (this.step && !v.step) v.step = { ...this.step };
    if (this.violations.add(v)) this.record('event', `${v.severity} ${v.code}: ${v.message}`, atNs);
  }

  record(dir: TranscriptEntry['dir'], text: string, atNs: bigint): void {
    if (this.transcript.length >= MAX_TRANSCRIPT || this.transcriptChars + text.length > MAX_TRANSCRIPT_CHARS) {
      this.transcriptDropped++;
      return;
    }
    this.transcriptChars += text.length;
    this.transcript.push({ t: this.seat ? round2(this.seat.ms(atNs)) : 0, dir, text });
  }
}

export class Table {
  game!: Game;
  readonly runs = new Map<string, BotSeatRun>();
  readonly snapshots: Snapshot[] = [];
  /** When each snapshot was taken (hrtime ns): its `t` in each seat's own clock. */
  private readonly snapshotNs: bigint[] = [];
  /** The game is over (an end was performed, or the jury ended it). */
  over = false;
  private current: Decision | null = null;
  private readonly scriptsUsed = new Map<string, number>();
  private readonly openedNs = process.hrtime.bigint();
  private readonly jury = { calls: 0, totalNs: 0n, maxNs: 0n, startNs: 0n };
  private readonly tolerates: Tolerances;

  constructor(readonly options: TableOptions) {
    const profile = options.game.profiles[options.profileName]!;
    this.tolerates = profile.tolerates ?? {};
    for (const spec of options.bots) {
      if (this.runs.has(spec.role)) throw new HarnessError(`two bots for the seat '${spec.role}'`);
      this.runs.set(spec.role, new BotSeatRun(spec, options.limits));
    }
  }

  /** Creates the game and starts every bot (the game first: its start-up is the jury's time, never a bot's). */
  async open(): Promise<void> {
    const o = this.options;
    const profile = o.game.profiles[o.profileName]!;
    const game = o.game.createGame({
      bots: o.bots.map((b) => b.role),
      seed: numericSeed(o.seed),
      rng: createRng(o.seed),
      setup: o.setup,
      scenarioDir: o.scenarioDir,
      profile,
      ...(o.opponent !== undefined ? { opponent: o.opponent } : {}),
    });
    this.game = o.wrapGame ? o.wrapGame(game) : game;
    const startedNs = process.hrtime.bigint();
    if (this.game.start) await this.call(this.game.start());
    const files = new Map<string, Record<string, string>>();
    for (const run of this.runs.values()) files.set(run.role, this.game.files ? await this.call(this.game.files(run.role)) : {});
    this.jury.startNs = process.hrtime.bigint() - startedNs;
    for (const run of this.runs.values()) {
      const cwd = await this.prepareCwd(run, files.get(run.role)!);
      const start = o.startBot ?? startBot;
      const record: TranscriptSink = (dir, text, atNs) => run.record(dir, text, atNs);
      const io = await start(run.spec.command, { cwd, invokedFrom: o.invokedFrom, ...(o.memoryMb ? { memoryMb: o.memoryMb } : {}), ...(o.isolate ? { isolate: { freshCwd: run.ownCwd !== null } } : {}) }, run.limits, record);
      run.seat = new Seat(io, run.spec.command, run.limits, o.memoryMb !== undefined, (draft, atNs) => run.addViolation(draft, atNs), record, this.tolerates);
    }
    await this.snapshot(null);
  }

  /** A bot seat's record. */
  run(role: string): BotSeatRun {
    const run = this.runs.get(role);
    if (!run) throw new StepMismatch(`the game named seat '${role}', which has no bot at this table`);
    return run;
  }

  /** Every bot seat has been stopped by the jury (or none was ever started). */
  get allBotsStopped(): boolean {
    return [...this.runs.values()].every((r) => r.stopped);
  }

  // ---- the game's actions ----

  /**
   * The next decision of the game, after performing every `send` up to it. The game is asked for all of
   * them first and only then are they written: a seat's clock starts at its write, so no jury work (a
   * referee program's round trips) is ever counted as a bot's time.
   */
  async advance(): Promise<Decision> {
    if (this.current) return this.current;
    const sends: Extract<GameAction, { type: 'send' }>[] = [];
    let a = await this.call(this.game.next());
    for (let i = 0; a.type === 'send'; i++) {
      if (i >= MAX_ACTIONS) throw new StepMismatch(`${this.options.game.id}: ${MAX_ACTIONS} writes without a decision`);
      sends.push(a);
      a = await this.call(this.game.next());
    }
    for (const s of sends) this.send(this.run(s.seat), s.lines);
    this.current = a;
    return a;
  }

  private consume(): void {
    this.current = null;
  }

  private send(run: BotSeatRun, lines: string[]): void {
    const seat = run.seat!;
    if (seat.stopped || run.ended) return;
    if (seat.reportUnaskedLines('before the jury wrote its next message', false)) {
      run.flooded = true;
      return;
    }
    const { delivered, atNs } = seat.write(lines);
    if (!delivered) run.record('event', `not delivered (the bot's input is closed): ${lines.join(' / ')}`, atNs);
  }

  /**
   * The awaited bot seat answers. `check` (optional) sees the judged answer: a scenario's expectation.
   * Returns the judgement, or null when the seat gave no usable answer (the game applied the consequence).
   */
  async botTurn(decision: Extract<Decision, { type: 'await' }>, withinMs?: number, check?: (judged: { request: AnswerRequest; lines: string[]; judgement: Judgement; legal: string[] | undefined }) => Promise<void>, wantLegal = false): Promise<Judgement | null> {
    this.consume();
    const run = this.run(decision.seat);
    const request = decision.request;
    const got = await this.collect(run, request, withinMs);
    if (!got) return null;
    // What was legal before the answer is applied: an expectation no legal answer can meet is the scenario's mistake.
    const legal = wantLegal && this.game.legalAnswers ? await this.call(this.game.legalAnswers(run.role)) : undefined;
    const judgement = await this.call(this.game.answer(run.role, got.lines, got.read));
    for (const v of judgement.violations) run.addViolation({ ply: request.ply, ...v });
    const moved = judgement.accepted || (judgement.played !== undefined && !judgement.stopBot);
    if (moved && !request.handshake && !request.notAMove) {
      const played = judgement.played ?? (await this.call(this.game.canonical(run.role, got.lines)));
      this.announce(run.role, played, true);
      this.options.onMove?.(run.role, played, true);
    }
    if (check) await check({ request, lines: got.lines, judgement, legal });
    await this.snapshot(judgement.played ?? (await this.call(this.game.canonical(run.role, got.lines))));
    if (judgement.stopBot) await run.seat!.stop();
    else await run.seat!.settleAfterAnswer();
    return judgement;
  }

  /** A seat without a bot moves: `scripted` (a scenario's step), else its script, else the built-in player. */
  async otherMove(decision: Extract<Decision, { type: 'move' }>, scripted?: string, where = ''): Promise<string> {
    const move = scripted ?? this.nextScripted(decision.seat);
    let played: string;
    try {
      played = await this.call(this.game.move(decision.seat, move));
    } catch (e) {
      if (e instanceof ScenarioError && where) throw new ScenarioError(`${where}: ${e.message}`);
      throw e;
    }
    this.consume();
    this.announce(decision.seat, played, false);
    this.options.onMove?.(decision.seat, played, false);
    await this.snapshot(played);
    return played;
  }

  private nextScripted(seat: string): string | undefined {
    const script = this.options.scripts?.[seat];
    if (!script) return undefined;
    const used = this.scriptsUsed.get(seat) ?? 0;
    if (used >= script.length) return undefined;
    this.scriptsUsed.set(seat, used + 1);
    return script[used];
  }

  /** Every other bot seat's transcript notes a move (as a jury log would). */
  private announce(mover: string, played: string, _byBot: boolean): void {
    const now = process.hrtime.bigint();
    for (const run of this.runs.values()) if (run.role !== mover && !run.ended) run.record('event', `opponent plays ${played}`, now);
  }

  // ---- one answer ----

  /** The seat collects the answer; a failure gets the game's consequence and the jury stops the bot. */
  private async collect(run: BotSeatRun, request: AnswerRequest, withinMs: number | undefined): Promise<{ lines: string[]; read: BotLine[] } | null> {
    if (run.flooded) {
      run.flooded = false;
      await this.failSeat(run, 'output-flood', request.ply);
      return null;
    }
    const got = await run.seat!.collect(request, withinMs);
    if ('lines' in got) return got;
    await this.failSeat(run, got.failed, request.ply);
    return null;
  }

  async failSeat(run: BotSeatRun, code: FailureCode, ply: number): Promise<void> {
    await this.call(this.game.failed(run.role, code, ply));
    const now = process.hrtime.bigint();
    for (const other of this.runs.values())
      if (other !== run && !other.ended) other.record('event', `player ${run.role}'s bot failed (${code}): the jury applies the rules' consequence`, now);
    await run.seat!.stop();
    await this.snapshot(null);
  }

  // ---- the end of the game ----

  /** The jury ends the game now, as the real one ends a game early (a scenario's `quit`, or its steps ran out). */
  async quit(byScenario: boolean): Promise<void> {
    this.consume();
    const endings = await this.call(this.game.quit());
    await this.endGame({ type: 'end', endings }, byScenario);
  }

  /**
   * Performs the game's end for every bot seat. `byScenario`: the scenario cut the game short (a `quit`
   * step, or its steps ran out). Lines a bot wrote before that are then still mid-game lines (the real
   * jury, playing on, would have read them as the next answer); after an end by the rules nobody ever
   * reads them.
   */
  async endGame(decision: Extract<Decision, { type: 'end' }>, byScenario = false): Promise<void> {
    this.consume();
    if (this.over) return;
    this.over = true;
    for (const run of this.runs.values()) {
      const ending = Object.hasOwn(decision.endings, run.role) ? decision.endings[run.role] : undefined;
      if (!ending) {
        if (!run.stopped) throw new StepMismatch(`${this.options.game.id}: the game ended with no ending for seat ${run.role}, whose bot is still running`);
        continue;
      }
      await this.performEnding(run, ending, byScenario);
    }
  }

  private async performEnding(run: BotSeatRun, ending: Ending, byScenario: boolean): Promise<void> {
    if (run.ended) return;
    run.ended = true;
    run.endingKind = ending.kind;
    const seat = run.seat!;
    const bot = seat.bot;
    const now = process.hrtime.bigint();
    run.record('event', `game over: ${ending.reason}`, now);
    if (run.flooded) {
      run.flooded = false;
      await seat.stop();
    }
    if (seat.stopped || ending.kind === 'stopped') return;
    if (ending.kind !== 'close' || !(ending.mustBeRunning && bot.exit)) {
      if (byScenario) seat.reportUnaskedLines('before the scenario ended the game', false);
      seat.reportUnaskedLines('after its last answer', true);
    }
    // From here on nobody reads what the bot writes: it is counted, not kept (JavaChallenge2015: the
    // engine exits, closing the bot's pipes).
    seat.endOfGame(ending.kind === 'close' && run.limits.endClosesOutput === true);
    const scenarioEnd = byScenario ? { byScenario: true } : {};
    switch (ending.kind) {
      case 'self-exit':
        run.pendingExit = { code: 'no-self-exit', sinceNs: now, reason: ending.reason, graceMs: run.limits.exitGraceMs, ...scenarioEnd };
        return;
      case 'quit': {
        const { atNs } = seat.write(ending.lines);
        run.pendingExit = { code: 'no-exit-after-quit', sinceNs: atNs, reason: ending.reason, graceMs: run.limits.exitGraceMs, sent: ending.lines, ...scenarioEnd };
        return;
      }
      case 'close': {
        if (ending.mustBeRunning && bot.exit) {
          const crashed = bot.exit.signal !== null || bot.exit.code !== 0;
          run.addViolation({
            code: crashed ? 'crash' : 'early-exit',
            message: `the bot ${bot.exit.signal ? `was killed by ${bot.exit.signal}` : `exited with status ${bot.exit.code}`} before the jury ended the game; the rules say it must never end on its own`,
            evidence: { exitCode: bot.exit.code, signal: bot.exit.signal },
          }, bot.exit.atNs);
          return;
        }
        const at = seat.closeInput();
        run.pendingExit = { code: null, sinceNs: at, reason: ending.reason, graceMs: run.limits.closeGraceMs, ...scenarioEnd };
        return;
      }
    }
  }

  /** Waits for the exit each ended seat's rules demand (all seats at once: they end together). */
  async checkExits(): Promise<void> {
    await Promise.all([...this.runs.values()].map((run) => this.checkExit(run)));
  }

  async checkExit(run: BotSeatRun): Promise<void> {
    const pending = run.pendingExit;
    if (!pending || run.stopped) return;
    run.pendingExit = null;
    await run.seat!.expectExit(pending);
  }

  /**
   * With every bot stopped, the jury plays the game out (each failed seat as the rules play it, the
   * others by their scripts or built-in players) so that the outcome and scores are complete.
   */
  async playOut(): Promise<void> {
    for (let i = 0; i < MAX_ACTIONS && !this.over; i++) {
      const a = await this.advance();
      if (a.type === 'end') {
        this.consume();
        this.over = true;
        for (const run of this.runs.values()) run.record('event', `game over: ${a.endings[run.role]?.reason ?? 'the game is over'}`, process.hrtime.bigint());
        return;
      }
      if (a.type === 'await') throw new StepMismatch(`${this.options.game.id}: the game awaits seat ${a.seat}, whose bot the jury has stopped (${a.request.label})`);
      await this.otherMove(a);
    }
  }

  /** Plays the game to its end: every bot seat's answers judged, every other seat moved by its script or built-in player. */
  async playToEnd(): Promise<void> {
    for (let i = 0; i < MAX_ACTIONS && !this.over; i++) {
      if (this.allBotsStopped) return this.playOut();
      const a = await this.advance();
      if (a.type === 'end') await this.endGame(a);
      else if (a.type === 'await') await this.botTurn(a);
      else await this.otherMove(a);
    }
  }

  /** The last checks of every seat once its game is over (memory peak, close calls, stderr). */
  finalChecks(): void {
    for (const run of this.runs.values()) {
      const seat = run.seat;
      if (!seat) continue;
      seat.finalMemoryCheck();
      seat.reportCloseCalls();
      const bot = seat.bot;
      if (bot.stderrBytes > 0 && run.limits.stderrTurnWarnBytes === undefined && run.limits.stderrTurnLimitBytes === undefined)
        run.addViolation({
          code: 'stderr-output', severity: 'warning',
          message: `wrote ${bot.stderrBytes} bytes to stderr (allowed; the real jury kept only about 10,000 characters of it)`,
          evidence: { bytes: bot.stderrBytes, head: bot.stderrHead.slice(0, 200) },
        });
    }
  }

  /** Stops every bot, starts removing the folders botjury made (afterwards.ts), frees the game. Safe to call twice. */
  async close(): Promise<void> {
    await Promise.all([...this.runs.values()].map((run) => run.seat?.stop()));
    for (const run of this.runs.values()) {
      const dir = run.ownCwd;
      run.ownCwd = null;
      // Off the event loop (other games' bots may be answering), and not before the next game (~1.6 ms a game).
      if (dir) afterwards(removeFolder(dir));
    }
  }

  async dispose(): Promise<void> {
    try {
      if (this.game?.dispose) await this.call(this.game.dispose());
    } catch {
      // a game that fails to free itself has already given its results
    }
  }

  // ---- results ----

  async outcome(): Promise<Outcome | undefined> {
    try {
      return this.game ? await this.call(this.game.outcome()) : undefined;
    } catch (e) {
      if (e instanceof HarnessError) throw e;
      return undefined;
    }
  }

  /** The goals a bot seat reached: the common ones (outcome, ending) and the game's own. */
  async goals(run: BotSeatRun, wanted: readonly string[], outcome: Outcome | undefined): Promise<GoalReport> {
    let own: string[] = [];
    try {
      own = this.game?.reached ? await this.call(this.game.reached(run.role)) : [];
    } catch (e) {
      if (e instanceof HarnessError) throw e;
      own = [];
    }
    return goalReport(wanted, [...commonGoalsReached(outcome, run.endingKind, run.role), ...own]);
  }

  /** The jury's own time: the game's start-up and every call, never counted in a bot's clock. */
  juryTime(): JuryTime {
    const ms = (ns: bigint): number => round3(Number(ns) / 1e6);
    return { startMs: ms(this.jury.startNs), calls: this.jury.calls, totalMs: ms(this.jury.totalNs), maxMs: ms(this.jury.maxNs) };
  }

  /** One bot seat's result, as every reporter reads it. */
  seatResult(run: BotSeatRun, base: Pick<ScenarioResult, 'scenario' | 'name' | 'game' | 'profile' | 'seed'>, extra: {
    error?: string; skipReason?: string; overload?: Record<string, number>; outcome?: Outcome; goals?: GoalReport; strict?: boolean; startedAt: number; snapshots?: boolean;
  }): ScenarioResult {
    const seat = run.seat;
    const bot = seat?.bot;
    const violations = run.violations.kept;
    const failing = violations.some((v) => v.severity === 'error' || extra.strict);
    const replies = seat?.replies ?? [];
    const walls = replies.map((r) => r.wallMs);
    const omitted = run.violations.omittedRecord();
    const inconclusive = extra.goals && extra.goals.missing.length > 0 && !failing ? inconclusiveReason(extra.goals, extra.outcome) : undefined;
    const { error, skipReason, overload, outcome } = extra;
    return {
      ...base,
      role: run.role,
      status: error ? 'error' : skipReason ? 'skipped' : failing ? 'failed' : inconclusive ? 'inconclusive' : 'passed',
      ...(extra.goals ? { goals: extra.goals } : {}),
      ...(inconclusive ? { inconclusive } : {}),
      violations,
      ...(omitted ? { omittedViolations: omitted } : {}),
      ...(error ? { error } : {}),
      ...(overload ? { machineOverload: overload } : {}),
      ...(skipReason ? { skipReason } : {}),
      ...(outcome ? { outcome } : {}),
      limits: run.limits,
      timing: {
        replies: replies.length,
        maxMs: walls.length ? Math.max(...walls) : 0,
        totalMs: round3(seat?.usedTotalMs ?? 0),
        meanMs: round3(walls.length ? walls.reduce((a, b) => a + b, 0) / walls.length : 0),
        totalBudgetMs: run.limits.totalMs ?? null,
        perReply: replies,
      },
      memory: { peakMb: bot && bot.peakHwmKb ? round2(bot.peakHwmKb / 1024) : null, limitMb: run.limits.memoryMb || null },
      stderr: { bytes: bot?.stderrBytes ?? 0, head: bot?.stderrHead ?? '' },
      exit: bot?.exit ? { code: bot.exit.code, signal: bot.exit.signal, atMs: round2(bot.ms(bot.exit.atNs)), byJury: seat!.stoppedByJury } : null,
      jury: this.juryTime(),
      durationMs: Date.now() - extra.startedAt,
      transcript: run.transcript,
      transcriptDropped: run.transcriptDropped,
      // Each seat's report counts time from its own bot's start (its transcript and marks do): so do its positions.
      ...(extra.snapshots ? { snapshots: seat ? this.snapshots.map((snap, i) => ({ ...snap, t: round2(seat.ms(this.snapshotNs[i]!)) })) : this.snapshots } : {}),
    };
  }

  // ---- bookkeeping ----

  /** Awaits a game call when it is a promise, measuring the jury's time either way. */
  async call<T>(value: MaybePromise<T>): Promise<T> {
    this.jury.calls++;
    if (!(value instanceof Promise)) return value;
    const t0 = process.hrtime.bigint();
    try {
      return await value;
    } finally {
      const took = process.hrtime.bigint() - t0;
      this.jury.totalNs += took;
      if (took > this.jury.maxNs) this.jury.maxNs = took;
    }
  }

  private async snapshot(move: string | null): Promise<void> {
    if (!this.options.snapshots || !this.game.snapshot || this.snapshots.length >= MAX_SNAPSHOTS) return;
    // A plain copy: a game may build strings a character at a time (20 KB a board in V8 instead of
    // 1.5 KB), or return live state that later moves would change.
    const raw = await this.call(this.game.snapshot());
    const state = raw === undefined ? undefined : (JSON.parse(JSON.stringify(raw)) as { ply?: number } | undefined);
    const atNs = process.hrtime.bigint();
    const first = this.runs.values().next().value;
    const t = first?.seat ? first.seat.ms(atNs) : Number(atNs - this.openedNs) / 1e6;
    this.snapshots.push({ ply: typeof state?.ply === 'number' ? state.ply : this.snapshots.length, t: round2(t), move, state });
    this.snapshotNs.push(atNs);
  }

  /**
   * The bot's folder and the jury's files in it, from libuv's pool: other games' bots may be answering,
   * and a folder made in /tmp waits for its lock while anything else there is removed (an ext4 discard:
   * 80–130 ms traced under load).
   */
  private async prepareCwd(run: BotSeatRun, files: Record<string, string>): Promise<string> {
    let dir = run.spec.cwd;
    if (!dir) {
      dir = await mkdtemp(path.join(os.tmpdir(), 'botjury-'));
      run.ownCwd = dir;
    }
    for (const [name, content] of Object.entries(files)) {
      // A file name from the game is a name in the bot's folder, never a path out of it.
      if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name === '.' || name === '..') throw new HarnessError(`${this.options.game.id}: the jury's file name '${name.slice(0, 80)}' is not a plain file name`);
      await writeFile(path.join(dir, name), content);
    }
    return dir;
  }
}

/**
 * Removes a bot's folder: one rmdir where it stayed empty, as most do (Node's recursive rm looks at it
 * three times first, on botjury's thread: ~0.25 ms a game), else the whole tree.
 */
async function removeFolder(dir: string): Promise<void> {
  try {
    await rmdir(dir);
  } catch {
    await rm(dir, { recursive: true, force: true });
  }
}
