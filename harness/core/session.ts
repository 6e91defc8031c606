// One scenario against one bot: the scenario driver. The Referee (the game) decides what the jury
// does; the Seat (one bot process and its clock, seat.ts) does it on the bot's pipes and says what the
// bot did and when; this file walks the scenario's steps between the two and keeps the record
// (violations, transcript, snapshots) that becomes the ScenarioResult every reporter reads.
//
// Follow one reply: botTurn() → seat.collect() (time, flushing, bounds) → referee.answer() judges
// the lines → addViolation() / snapshot() → result() → reporters.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HarnessError, type BotCommand } from './bot-process.js';
import {
  DataUnavailable, ScenarioError, type AnswerRequest, type Ending, type FailureCode, type GameDefinition, type JuryAction, type Judgement, type Outcome, type Referee,
} from './game.js';
import { resolveLimits, type ResolvedLimits } from './profile.js';
import type { BotLine } from './lines.js';
import type { ScenarioResult, Snapshot, TranscriptEntry } from './result.js';
import { createRng, numericSeed } from './rng.js';
import type { BotExpectation, MoveValue, Scenario, Step } from './scenario.js';
import { expectationProblem, stepIsAboutHandshake } from './dry-run.js';
import { commonGoalsReached, goalReport, inconclusiveReason, type GoalReport } from './goals.js';
import { matchesPattern, warmUpPatternMatcher } from './safe-regex.js';
import { fmt, MachineOverload, Seat, type PendingExit } from './seat.js';
import { finishViolation, round2, round3, ViolationLog, type ViolationDraft } from './violations.js';

export interface SessionOptions {
  bot: BotCommand;
  /** The bot's working directory; default: a fresh temporary folder per scenario. */
  cwd?: string;
  /** Where the user ran botjury (relative bot paths are resolved from here). */
  invokedFrom: string;
  /** Jury profile name (overrides the scenario's). */
  profile?: string;
  /** Hard memory limit for the bot (prlimit data limit), also checked against VmHWM. */
  memoryMb?: number;
  /** Warnings count as failures. */
  strict?: boolean;
  /** Record a snapshot of the game after every ply (for reports that draw the game). */
  snapshots?: boolean;
  /**
   * In a match (harness/match/): the other players' moves come from the other seats' bots (or from
   * the one seat that plays a built-in opponent for the whole match) instead of this session's own
   * built-in opponent, and this bot's moves go to them.
   */
  relay?: SeatRelay;
}

/** What a seat learns of another player's turn: its move, or that its bot failed there. */
export type RelayedTurn = string | { failed: string; ply: number };

/** How the seats of one match game pass moves between their sessions. */
export interface SeatRelay {
  /** Whether this session plays `player` as the built-in opponent and publishes its moves. */
  owns(player: string): boolean;
  /** The next move of `player`, as the jury played it; null when that player's game ended first (a forfeit). */
  take(player: string): Promise<RelayedTurn | null>;
  publish(player: string, move: string): void;
  /** This seat's bot failed (`code`): each other seat applies the rules' consequence to its player. */
  fail(player: string, code: string, ply: number): void;
  /** This seat's game is over for its player (failed, or ended): nobody waits for its moves any more. */
  leave(player: string): void;
}

const MAX_TRANSCRIPT = 20_000;
/** The transcript keeps at most this much text; a flooding bot cannot make the report grow without end. */
const MAX_TRANSCRIPT_CHARS = 1_000_000;
const MAX_SNAPSHOTS = 5_000;
const MAX_DRIVE_ACTIONS = 1_000_000;

/** Raised inside a session when the scenario's steps do not fit the game: the harness's fault. */
class StepMismatch extends ScenarioError {}

export async function runScenario(scenario: Scenario, role: string, game: GameDefinition, options: SessionOptions): Promise<ScenarioResult> {
  const session = new Session(scenario, role, game, options);
  return session.run();
}

class Session {
  private readonly limits: ResolvedLimits;
  private readonly profileName: string;
  private readonly violations = new ViolationLog();
  private readonly transcript: TranscriptEntry[] = [];
  private transcriptChars = 0;
  private transcriptDropped = 0;
  private readonly snapshots: Snapshot[] = [];
  private referee!: Referee;
  private seat: Seat | null = null;
  private current: JuryAction | null = null;
  /** The game is over for the jury (an Ending was performed). */
  private ended = false;
  /** How the jury ended the game (for the common goals: self-exit, quit, close), once it has. */
  private endingKind: Ending['kind'] | null = null;
  private pendingExit: PendingExit | null = null;
  private ownCwd: string | null = null;
  private readonly startedAt = Date.now();
  /** The bot flooded between answers: the next answer it owes is an output-flood failure. */
  private flooded = false;

  constructor(
    private readonly scenario: Scenario,
    private readonly role: string,
    private readonly game: GameDefinition,
    private readonly options: SessionOptions,
  ) {
    this.profileName = options.profile ?? scenario.profile ?? game.defaultProfile;
    const profile = Object.hasOwn(game.profiles, this.profileName) ? game.profiles[this.profileName] : undefined;
    if (!profile) throw new HarnessError(`${game.id} has no jury profile '${this.profileName}' (it has: ${Object.keys(game.profiles).join(', ')})`);
    this.limits = resolveLimits(profile, scenario.limits, options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : undefined);
  }

  private get botStopped(): boolean {
    return this.seat?.stopped ?? false;
  }

  async run(): Promise<ScenarioResult> {
    let error: string | undefined;
    let skipReason: string | undefined;
    let overload: Record<string, number> | undefined;
    try {
      const missing = (this.scenario.requires ?? []).filter((f) => !existsSync(f));
      if (missing.length > 0)
        throw new DataUnavailable(`needs ${missing.join(', ')}, which is not on this machine (outside data botjury does not ship; see the scenario's comments)`);
      const profile = this.game.profiles[this.profileName]!;
      this.referee = this.game.createReferee({
        role: this.role,
        seed: numericSeed(this.scenario.seed),
        rng: createRng(this.scenario.seed),
        setup: this.scenario.setup,
        scenarioDir: this.scenario.dir,
        profile,
        ...(this.scenario.opponent !== undefined ? { opponent: this.scenario.opponent } : {}),
      });
      if (this.scenario.steps?.some((step) => JSON.stringify(step).includes('"matches"'))) warmUpPatternMatcher();
      const cwd = this.prepareCwd();
      this.seat = new Seat(
        this.options.bot,
        { cwd, invokedFrom: this.options.invokedFrom, ...(this.options.memoryMb ? { memoryMb: this.options.memoryMb } : {}) },
        this.limits,
        this.options.memoryMb !== undefined,
        (draft, atNs) => this.addViolation(draft, atNs),
        (dir, text, atNs) => this.record(dir, text, atNs),
        profile.tolerates,
      );
      this.snapshot(null);
      const steps = this.scenario.steps ?? [{ index: 0, srcLine: 0, kind: 'play', until: 'end' } as Step];
      for (const step of steps) {
        if (this.ended || this.botStopped) break;
        await this.runStep(step);
      }
      await this.finish();
    } catch (e) {
      if (e instanceof DataUnavailable) skipReason = e.message;
      else if (e instanceof ScenarioError) error = e.message;
      else if (e instanceof MachineOverload) {
        error = e.message;
        overload = e.figures;
      } else if (e instanceof HarnessError) throw e;
      else error = `internal error: ${(e as Error).stack ?? String(e)}`;
    } finally {
      this.options.relay?.leave(this.role);
      if (this.seat) await this.seat.stop();
      if (this.ownCwd) rmSync(this.ownCwd, { recursive: true, force: true });
    }
    const result = this.result(error, skipReason, overload);
    this.referee?.dispose?.();
    return result;
  }

  // ---- steps ----

  private async runStep(step: Step): Promise<void> {
    const where = `step ${step.index + 1}${step.srcLine ? ` (line ${step.srcLine})` : ''}`;
    switch (step.kind) {
      case 'opponent': {
        const a = await this.advanceForStep(step);
        if (!a) return;
        if (a.type === 'end') return this.performEnding(a.ending);
        if (a.type !== 'opponent') throw new StepMismatch(`${where}: the scenario scripts an opponent move, but the jury is waiting for the bot (${describe(a)})`);
        this.playOpponent(this.referee.canonicalScenarioMove(step.move), where);
        return;
      }
      case 'bot': {
        const a = await this.advanceForStep(step);
        if (!a) return;
        if (a.type === 'end') return this.performEnding(a.ending);
        if (a.type !== 'await') throw new StepMismatch(`${where}: the scenario expects the bot to answer, but it is the opponent's turn (${describe(a)})`);
        await this.botTurn(a.request, step.expect, step.withinMs, step.ruled !== undefined);
        return;
      }
      case 'play': {
        let plies = 0;
        const limit = 'plies' in step ? step.plies : Infinity;
        for (let i = 0; i < MAX_DRIVE_ACTIONS && plies < limit && !this.ended && !this.botStopped; i++) {
          const a = this.advance();
          if (a.type === 'end') return this.performEnding(a.ending);
          if (a.type === 'opponent') {
            if (!(await this.otherPlayerMoves(a.player, where))) return this.performEnding(this.quitNow());
          } else if (a.type === 'await') await this.botTurn(a.request, { any: true }, step.withinMs);
          plies++;
        }
        return;
      }
      case 'quit':
        return this.performEnding(this.quitNow(), true);
      case 'expect-exit':
        if (!this.pendingExit) this.pendingExit = { code: 'no-self-exit', sinceNs: process.hrtime.bigint(), reason: `the scenario expects the bot to exit (${where})`, graceMs: this.limits.exitGraceMs };
        if (step.withinMs !== undefined) this.pendingExit.graceMs = step.withinMs;
        await this.checkExit();
        return;
      case 'send':
        this.seat!.write(step.lines);
        return;
      case 'expect-line': {
        const request: AnswerRequest = { ply: 0, label: `the line expected at ${where}`, lines: 1, timer: 'move', maxLineBytes: 65_536, unaskedLines: 'discard' };
        const answer = await this.collect(request, step.withinMs);
        if (!answer) return;
        const got = answer.lines[0]!;
        const ok = step.line !== undefined ? got === step.line : matchesPattern(step.matches!, got);
        if (!ok)
          this.addViolation({
            code: 'expectation-failed',
            message: `${where}: expected ${step.line !== undefined ? `the line '${step.line}'` : `a line matching /${step.matches}/`}, got '${got}'`,
            expected: step.line ?? `/${step.matches}/`,
            actual: got,
          });
        return;
      }
    }
  }

  /**
   * The next action for a scripted step. A handshake (READY) the step is not about is performed on
   * the way, so scenarios script moves without spelling out the handshake. Null: the bot failed it.
   */
  private async advanceForStep(step: Step): Promise<JuryAction | null> {
    let a = this.advance();
    while (a.type === 'await' && a.request.handshake && !stepIsAboutHandshake(step, a.request.handshake.token)) {
      await this.botTurn(a.request, { any: true }, undefined);
      if (this.botStopped || this.ended) return null;
      a = this.advance();
    }
    return a;
  }

  /** Performs `send` actions as they come and returns the next action that needs a decision. */
  private advance(): JuryAction {
    if (this.current) return this.current;
    // Ask the referee for everything up to the next decision first, then write: the bot's clock starts
    // at the write, so no referee work (a referee process's round trips) is ever counted as its time.
    const sends: string[][] = [];
    let a = this.referee.next();
    for (; a.type === 'send'; a = this.referee.next()) sends.push(a.lines);
    for (const lines of sends) this.send(lines);
    this.current = a;
    return a;
  }

  private consume(): void {
    this.current = null;
  }

  private send(lines: string[]): void {
    const seat = this.seat!;
    if (this.botStopped) return;
    if (seat.reportUnaskedLines('before the jury wrote its next message', false)) {
      this.flooded = true;
      return;
    }
    const { delivered, atNs } = seat.write(lines);
    if (!delivered) this.record('event', `not delivered (the bot's input is closed): ${lines.join(' / ')}`, atNs);
  }

  /**
   * Another player moves: the built-in opponent, or in a match the relay's move (this session plays the
   * built-in for the match where it owns the player). False: that player's game ended (it forfeited).
   */
  private async otherPlayerMoves(player: string, where: string): Promise<boolean> {
    const relay = this.options.relay;
    if (!relay) {
      this.playOpponent(undefined, where);
      return true;
    }
    if (relay.owns(player)) {
      relay.publish(player, this.playOpponent(undefined, where));
      return true;
    }
    const move = await relay.take(player);
    if (move === null) return false;
    if (typeof move === 'string') {
      this.playOpponent(move, where);
      return true;
    }
    // That player's bot failed in its own seat: the jury plays on for it as the rules say, or, in a
    // game whose referee cannot (a two-player game the failure ends), this seat's game ends too.
    if (!this.referee.playerFailed) return false;
    this.referee.playerFailed(player, move.failed, move.ply);
    this.consume();
    this.record('event', `player ${player}'s bot failed in its seat (${move.failed}): the jury plays on for it`, process.hrtime.bigint());
    this.snapshot(null);
    return true;
  }

  private playOpponent(move: string | undefined, where: string): string {
    let played: string;
    try {
      played = this.referee.opponent(move);
    } catch (e) {
      if (e instanceof ScenarioError) throw new ScenarioError(`${where}: ${e.message}`);
      throw e;
    }
    this.consume();
    this.record('event', `opponent plays ${played}`, process.hrtime.bigint());
    this.snapshot(played);
    return played;
  }

  /** `ruled`: the expected answer is a recorded one the jury ruled illegal (so no legal answer meets it, by design). */
  private async botTurn(request: AnswerRequest, expect: BotExpectation, withinMs: number | undefined, ruled = false): Promise<void> {
    this.consume();
    const got = await this.collect(request, withinMs);
    if (!got) return;
    const lines = got.lines;
    // What was legal before the answer is applied: an expectation no legal answer can meet is the scenario's mistake.
    const legal = 'any' in expect || ruled ? undefined : this.referee.legalAnswers?.();
    const judgement = this.referee.answer(lines, got.read);
    for (const v of judgement.violations) this.addViolation({ ply: request.ply, ...v });
    if (this.options.relay) this.relayAnswer(request, judgement, lines);
    if (judgement.accepted && !('any' in expect)) this.checkExpectation(request, lines, expect, legal);
    this.snapshot(judgement.played ?? this.referee.canonical(lines));
    if (judgement.stopBot) await this.seat!.stop();
    else await this.seat!.settleAfterAnswer();
  }

  /**
   * Only moves go to the other seats; a handshake (READY) or a name is between this bot and the jury.
   * A refused answer that the jury does not replace (an illegal move, a bad name) goes as the failure
   * it is, so every seat applies the same consequence to this player.
   */
  private relayAnswer(request: AnswerRequest, judgement: Judgement, lines: string[]): void {
    const relay = this.options.relay!;
    const replaced = judgement.played !== undefined && !judgement.stopBot;
    if (!judgement.accepted && !replaced) {
      if (judgement.stopBot || (!request.handshake && !request.notAMove))
        relay.fail(this.role, judgement.violations.find((v) => v.severity !== 'warning')?.code ?? 'illegal-move', request.ply);
      return;
    }
    if (!request.handshake && !request.notAMove) relay.publish(this.role, judgement.played ?? this.referee.canonical(lines));
  }

  private checkExpectation(request: AnswerRequest, lines: string[], expect: BotExpectation, legal: string[] | undefined): void {
    const actual = this.referee.canonical(lines);
    const canon = (v: MoveValue): string => this.referee.canonicalScenarioMove(v);
    let ok: boolean;
    let expected: string;
    if ('exact' in expect) {
      expected = canon(expect.exact);
      ok = actual === expected;
    } else if ('oneOf' in expect) {
      const options = expect.oneOf.map(canon);
      expected = `one of ${options.join(', ')}`;
      ok = options.includes(actual);
    } else {
      const m = (expect as { matches: string }).matches;
      expected = `an answer matching /${m}/`;
      ok = matchesPattern(m, actual);
    }
    if (!ok && legal) this.checkReachable(request, expect, legal);
    if (!ok)
      this.addViolation({
        code: 'expectation-failed',
        ply: request.ply,
        message: `${request.label}: the scenario requires ${expected}; the bot played '${actual}' (legal, but not what this scenario checks)`,
        expected,
        actual,
        ...(this.scenario.rule ? { rule: this.scenario.rule } : {}),
      });
  }

  /** Throws the scenario's error when no legal answer in this position could meet the expectation. */
  private checkReachable(request: AnswerRequest, expect: BotExpectation, legal: string[]): void {
    const problem = expectationProblem(expect, (v) => this.referee.canonicalScenarioMove(v), legal);
    if (problem) throw new ScenarioError(`${request.label}: ${problem}`);
  }

  // ---- one answer ----

  /** The seat collects the answer; a failure gets the rules' consequence and the jury stops the bot. */
  private async collect(request: AnswerRequest, withinMs: number | undefined): Promise<{ lines: string[]; read: BotLine[] } | null> {
    if (this.flooded) {
      this.flooded = false;
      await this.failSeat('output-flood', request.ply);
      return null;
    }
    const got = await this.seat!.collect(request, withinMs);
    if ('lines' in got) return got;
    await this.failSeat(got.failed, request.ply);
    return null;
  }

  private async failSeat(code: FailureCode, ply: number): Promise<void> {
    this.referee.botFailed(code);
    this.options.relay?.fail(this.role, code, ply);
    await this.seat!.stop();
  }

  // ---- the end of the game ----

  private quitNow(): Ending {
    this.current = null;
    return this.referee.quit();
  }

  /**
   * `byScenario`: the scenario cut the game short (a `quit` step, or its steps ran out). Lines the bot
   * wrote before that are then still mid-game lines (the real jury, playing on, would have read them
   * as the next answer); after an end by the rules nobody ever reads them.
   */
  private async performEnding(ending: Ending, byScenario = false): Promise<void> {
    this.consume();
    if (this.ended) return;
    this.ended = true;
    this.endingKind = ending.kind;
    const seat = this.seat!;
    const bot = seat.bot;
    const now = process.hrtime.bigint();
    this.record('event', `game over: ${ending.reason}`, now);
    if (this.flooded) {
      this.flooded = false;
      await seat.stop();
    }
    if (this.botStopped || ending.kind === 'stopped') return;
    if (ending.kind !== 'close' || !(ending.mustBeRunning && bot.exit)) {
      if (byScenario) seat.reportUnaskedLines('before the scenario ended the game', false);
      seat.reportUnaskedLines('after its last answer', true);
    }
    // From here on nobody reads what the bot writes: it is counted, not kept (JavaChallenge2015: the
    // engine exits, closing the bot's pipes).
    seat.endOfGame(ending.kind === 'close' && this.limits.endClosesOutput === true);
    const scenarioEnd = byScenario ? { byScenario: true } : {};
    switch (ending.kind) {
      case 'self-exit':
        this.pendingExit = { code: 'no-self-exit', sinceNs: now, reason: ending.reason, graceMs: this.limits.exitGraceMs, ...scenarioEnd };
        return;
      case 'quit': {
        const { atNs } = seat.write(ending.lines);
        this.pendingExit = { code: 'no-exit-after-quit', sinceNs: atNs, reason: ending.reason, graceMs: this.limits.exitGraceMs, sent: ending.lines, ...scenarioEnd };
        return;
      }
      case 'close': {
        if (ending.mustBeRunning && bot.exit) {
          const crashed = bot.exit.signal !== null || bot.exit.code !== 0;
          this.addViolation({
            code: crashed ? 'crash' : 'early-exit',
            message: `the bot ${bot.exit.signal ? `was killed by ${bot.exit.signal}` : `exited with status ${bot.exit.code}`} before the jury ended the game; the rules say it must never end on its own`,
            evidence: { exitCode: bot.exit.code, signal: bot.exit.signal },
          }, bot.exit.atNs);
          return;
        }
        const at = seat.closeInput();
        this.pendingExit = { code: null, sinceNs: at, reason: ending.reason, graceMs: this.limits.closeGraceMs, ...scenarioEnd };
        return;
      }
    }
  }

  /** Waits for the exit the rules demand (the seat reports a bot that stays or ends badly). */
  private async checkExit(): Promise<void> {
    const pending = this.pendingExit;
    if (!pending || this.botStopped) return;
    this.pendingExit = null;
    await this.seat!.expectExit(pending);
  }

  private async finish(): Promise<void> {
    if (!this.ended && !this.botStopped) {
      // Steps ran out before the game ended: the jury ends it as the real one ends a game early.
      await this.performEnding(this.quitNow(), true);
    }
    if (this.botStopped && !this.ended) await this.playOnWithoutBot();
    await this.checkExit();
    const seat = this.seat!;
    seat.finalMemoryCheck();
    seat.reportCloseCalls();
    const bot = seat.bot;
    if (bot.stderrBytes > 0 && this.limits.stderrTurnWarnBytes === undefined && this.limits.stderrTurnLimitBytes === undefined)
      this.addViolation({
        code: 'stderr-output', severity: 'warning',
        message: `wrote ${bot.stderrBytes} bytes to stderr (allowed; the real jury kept only about 10,000 characters of it)`,
        evidence: { bytes: bot.stderrBytes, head: bot.stderrHead.slice(0, 200) },
      });
  }

  /**
   * After the jury took over for a stopped bot, play the game out so the outcome and scores are
   * complete. In a match the other players' moves still come from their seats (and this seat may
   * play the built-in players for all of them), so the game goes on for the others as the real jury's did.
   */
  private async playOnWithoutBot(): Promise<void> {
    const where = 'after the bot was stopped';
    for (let i = 0; i < MAX_DRIVE_ACTIONS; i++) {
      const a = this.current ?? this.referee.next();
      this.current = a;
      if (a.type === 'end') {
        this.consume();
        this.ended = true;
        this.record('event', `game over: ${a.ending.reason}`, process.hrtime.bigint());
        return;
      }
      if (a.type === 'await') throw new Error(`${this.game.id} referee asked a stopped bot for an answer (${a.request.label})`);
      if (a.type === 'send') this.consume(); // nothing reaches a stopped bot
      else if (!this.options.relay) {
        // Not otherPlayerMoves: a check run's transcript stays as it was (no event per move played out).
        this.consume();
        this.snapshot(this.referee.opponent(undefined));
      } else if (!(await this.otherPlayerMoves(a.player, where))) {
        this.ended = true;
        this.quitNow();
        return;
      }
    }
  }

  // ---- bookkeeping ----

  private addViolation(draft: ViolationDraft, atNs: bigint = process.hrtime.bigint()): void {
    const v = finishViolation(draft, this.seat ? this.seat.ms(atNs) : 0);
    if (this.violations.add(v)) this.record('event', `${v.severity} ${v.code}: ${v.message}`, atNs);
  }

  private record(dir: TranscriptEntry['dir'], text: string, atNs: bigint): void {
    if (this.transcript.length >= MAX_TRANSCRIPT || this.transcriptChars + text.length > MAX_TRANSCRIPT_CHARS) {
      this.transcriptDropped++;
      return;
    }
    this.transcriptChars += text.length;
    this.transcript.push({ t: this.seat ? round2(this.seat.ms(atNs)) : 0, dir, text });
  }

  private snapshot(move: string | null): void {
    if (!this.options.snapshots || !this.referee.snapshot || this.snapshots.length >= MAX_SNAPSHOTS) return;
    // A plain copy: a referee may build strings a character at a time (20 KB a board in V8 instead of
    // 1.5 KB), or return live state that later moves would change.
    const raw = this.referee.snapshot();
    const state = raw === undefined ? undefined : (JSON.parse(JSON.stringify(raw)) as { ply?: number } | undefined);
    this.snapshots.push({ ply: typeof state?.ply === 'number' ? state.ply : this.snapshots.length, t: this.seat ? round2(this.seat.ms()) : 0, move, state });
  }

  private prepareCwd(): string {
    let dir = this.options.cwd;
    if (!dir) {
      dir = mkdtempSync(path.join(os.tmpdir(), 'botjury-'));
      this.ownCwd = dir;
    }
    const files = this.referee.files?.() ?? {};
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    return dir;
  }

  private goals(outcome: Outcome | undefined): GoalReport {
    let own: string[] = [];
    try {
      own = this.referee?.reached?.() ?? [];
    } catch {
      own = [];
    }
    return goalReport(this.scenario.reach ?? [], [...commonGoalsReached(outcome, this.endingKind, this.role), ...own]);
  }

  private result(error: string | undefined, skipReason?: string, overload?: Record<string, number>): ScenarioResult {
    const seat = this.seat;
    const bot = seat?.bot;
    const violations = this.violations.kept;
    const failing = violations.some((v) => v.severity === 'error' || this.options.strict);
    const replies = seat?.replies ?? [];
    const walls = replies.map((r) => r.wallMs);
    const omitted = this.violations.omittedRecord();
    let outcome;
    try {
      outcome = this.referee?.outcome();
    } catch {
      outcome = undefined;
    }
    const goals = this.scenario.reach && !error && !skipReason ? this.goals(outcome) : undefined;
    const inconclusive = goals && goals.missing.length > 0 && !failing ? inconclusiveReason(goals, outcome) : undefined;
    return {
      scenario: this.scenario.file,
      name: this.scenario.name,
      game: this.game.id,
      role: this.role,
      profile: this.profileName,
      seed: this.scenario.seed,
      status: error ? 'error' : skipReason ? 'skipped' : failing ? 'failed' : inconclusive ? 'inconclusive' : 'passed',
      ...(goals ? { goals } : {}),
      ...(inconclusive ? { inconclusive } : {}),
      violations,
      ...(omitted ? { omittedViolations: omitted } : {}),
      ...(error ? { error } : {}),
      ...(overload ? { machineOverload: overload } : {}),
      ...(skipReason ? { skipReason } : {}),
      ...(outcome ? { outcome } : {}),
      limits: this.limits,
      timing: {
        replies: replies.length,
        maxMs: walls.length ? Math.max(...walls) : 0,
        totalMs: round3(seat?.usedTotalMs ?? 0),
        meanMs: round3(walls.length ? walls.reduce((a, b) => a + b, 0) / walls.length : 0),
        totalBudgetMs: this.limits.totalMs ?? null,
        perReply: replies,
      },
      memory: { peakMb: bot && bot.peakHwmKb ? round2(bot.peakHwmKb / 1024) : null, limitMb: this.limits.memoryMb || null },
      stderr: { bytes: bot?.stderrBytes ?? 0, head: bot?.stderrHead ?? '' },
      exit: bot?.exit ? { code: bot.exit.code, signal: bot.exit.signal, atMs: round2(bot.ms(bot.exit.atNs)), byJury: seat!.stoppedByJury } : null,
      durationMs: Date.now() - this.startedAt,
      transcript: this.transcript,
      transcriptDropped: this.transcriptDropped,
      ...(this.options.snapshots ? { snapshots: this.snapshots } : {}),
    };
  }
}

function describe(a: JuryAction): string {
  switch (a.type) {
    case 'await': return `it waits for ${a.request.label}`;
    case 'opponent': return `the opponent ${a.player} moves at ply ${a.ply}`;
    case 'end': return `the game is over: ${a.ending.reason}`;
    case 'send': return 'it is writing to the bot';
  }
}
