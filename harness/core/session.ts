// One scenario against one bot: the jury's side of the game. The Referee (the game) decides what the
// jury does; this file does it on the bot's pipes with the clock running the way the real jury ran it
// (only while waiting for this bot), and turns everything the bot does into verdicts with evidence.
//
// Follow one reply: awaitAnswer() starts listening → BotProcess splits stdout into lines stamped on
// arrival → collectAnswer() takes the lines, checks time and flushing → referee.answer() judges them →
// addViolation() / recordReply() → ScenarioResult → reporters.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BotProcess, HarnessError, type BotCommand } from './bot-process.js';
import {
  DataUnavailable, ScenarioError, type AnswerRequest, type Ending, type FailureCode, type GameDefinition, type JuryAction, type Referee,
} from './game.js';
import type { BotLine } from './lines.js';
import { stdinWait } from './proc.js';
import { resolveLimits, type ResolvedLimits } from './profile.js';
import type { ReplyTiming, ScenarioResult, Snapshot, TranscriptEntry } from './result.js';
import { createRng } from './rng.js';
import type { BotExpectation, MoveValue, Scenario, Step } from './scenario.js';
import { finishViolation, round2, type Violation, type ViolationDraft } from './violations.js';

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
}

const MAX_TRANSCRIPT = 50_000;
const MAX_SNAPSHOTS = 5_000;
const UNFLUSHED_CONFIRM_MS = 1_000;
const PROBE_INTERVAL_MS = 100;
const MAX_DRIVE_ACTIONS = 1_000_000;
const OOM_PATTERN = /MemoryError|bad_alloc|out of memory|Cannot allocate memory|OutOfMemoryError|heap out of memory/i;

type PendingExit = { code: 'no-self-exit' | 'no-exit-after-quit' | null; sinceNs: bigint; reason: string; graceMs: number };

/** Raised inside a session when the scenario's steps do not fit the game: the harness's fault. */
class StepMismatch extends ScenarioError {}

export async function runScenario(scenario: Scenario, role: string, game: GameDefinition, options: SessionOptions): Promise<ScenarioResult> {
  const session = new Session(scenario, role, game, options);
  return session.run();
}

class Session {
  private readonly limits: ResolvedLimits;
  private readonly profileName: string;
  private readonly violations: Violation[] = [];
  private readonly transcript: TranscriptEntry[] = [];
  private transcriptDropped = 0;
  private readonly replies: ReplyTiming[] = [];
  private readonly snapshots: Snapshot[] = [];
  private referee!: Referee;
  private bot: BotProcess | null = null;
  private current: JuryAction | null = null;
  /** The game is over for the jury (an Ending was performed). */
  private ended = false;
  /** The jury stopped the bot's process (failure, or the rules' takeover). */
  private botStopped = false;
  private stoppedByJury = false;
  private pendingExit: PendingExit | null = null;
  private usedTotalMs = 0;
  private listenFromNs = 0n;
  private lastRequest: AnswerRequest | null = null;
  private crlfReported = false;
  private memoryReported = false;
  private ownCwd: string | null = null;
  private readonly startedAt = Date.now();

  constructor(
    private readonly scenario: Scenario,
    private readonly role: string,
    private readonly game: GameDefinition,
    private readonly options: SessionOptions,
  ) {
    this.profileName = options.profile ?? scenario.profile ?? game.defaultProfile;
    const profile = game.profiles[this.profileName];
    if (!profile) throw new HarnessError(`${game.id} has no jury profile '${this.profileName}' (it has: ${Object.keys(game.profiles).join(', ')})`);
    this.limits = resolveLimits(profile, scenario.limits, options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : undefined);
  }

  async run(): Promise<ScenarioResult> {
    let error: string | undefined;
    let skipReason: string | undefined;
    try {
      const missing = (this.scenario.requires ?? []).filter((f) => !existsSync(f));
      if (missing.length > 0)
        throw new DataUnavailable(`needs ${missing.join(', ')}, which is not on this machine (outside data botjury does not ship; see the scenario's comments)`);
      const profile = this.game.profiles[this.profileName]!;
      this.referee = this.game.createReferee({
        role: this.role,
        seed: typeof this.scenario.seed === 'number' ? this.scenario.seed : hashText(String(this.scenario.seed)),
        rng: createRng(this.scenario.seed),
        setup: this.scenario.setup,
        scenarioDir: this.scenario.dir,
        profile,
        ...(this.scenario.opponent !== undefined ? { opponent: this.scenario.opponent } : {}),
      });
      const cwd = this.prepareCwd();
      this.bot = BotProcess.start(this.options.bot, {
        cwd,
        invokedFrom: this.options.invokedFrom,
        ...(this.options.memoryMb ? { memoryMb: this.options.memoryMb } : {}),
      }, (dir, text, atNs) => this.record(dir, text, atNs));
      this.listenFromNs = this.bot.startNs;
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
      else if (e instanceof HarnessError) throw e;
      else error = `internal error: ${(e as Error).stack ?? String(e)}`;
    } finally {
      if (this.bot) await this.bot.stop();
      if (this.ownCwd) rmSync(this.ownCwd, { recursive: true, force: true });
    }
    return this.result(error, skipReason);
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
        await this.botTurn(a.request, step.expect, step.withinMs);
        return;
      }
      case 'play': {
        let plies = 0;
        const limit = 'plies' in step ? step.plies : Infinity;
        for (let i = 0; i < MAX_DRIVE_ACTIONS && plies < limit && !this.ended && !this.botStopped; i++) {
          const a = this.advance();
          if (a.type === 'end') return this.performEnding(a.ending);
          if (a.type === 'opponent') this.playOpponent(undefined, where);
          else if (a.type === 'await') await this.botTurn(a.request, { any: true }, step.withinMs);
          plies++;
        }
        return;
      }
      case 'quit':
        return this.performEnding(this.quitNow());
      case 'expect-exit':
        if (!this.pendingExit) this.pendingExit = { code: 'no-self-exit', sinceNs: process.hrtime.bigint(), reason: `the scenario expects the bot to exit (${where})`, graceMs: this.limits.exitGraceMs };
        if (step.withinMs !== undefined) this.pendingExit.graceMs = step.withinMs;
        await this.checkExit();
        return;
      case 'send': {
        const { atNs } = this.bot!.write(step.lines);
        this.listenFromNs = atNs;
        return;
      }
      case 'expect-line': {
        const request: AnswerRequest = { ply: 0, label: `the line expected at ${where}`, lines: 1, timer: 'move', maxLineBytes: 65_536, unaskedLines: 'discard' };
        const lines = await this.collectAnswer(request, step.withinMs);
        if (!lines) return;
        const got = lines[0]!;
        const ok = step.line !== undefined ? got === step.line : new RegExp(step.matches!).test(got);
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
    while (a.type === 'await' && a.request.handshake && !this.stepIsAbout(step, a.request.handshake.token)) {
      await this.botTurn(a.request, { any: true }, undefined);
      if (this.botStopped || this.ended) return null;
      a = this.advance();
    }
    return a;
  }

  private stepIsAbout(step: Step, token: string): boolean {
    if (step.kind !== 'bot') return false;
    const e = step.expect;
    const canon = (v: MoveValue): string => String(Array.isArray(v) ? v[0] : v).trim();
    if ('any' in e) return true;
    if ('exact' in e) return canon(e.exact) === token;
    if ('oneOf' in e) return e.oneOf.some((v) => canon(v) === token);
    return new RegExp(e.matches).test(token);
  }

  /** Performs `send` actions as they come and returns the next action that needs a decision. */
  private advance(): JuryAction {
    while (!this.current) {
      const a = this.referee.next();
      if (a.type === 'send') this.send(a.lines);
      else this.current = a;
    }
    return this.current;
  }

  private consume(): void {
    this.current = null;
  }

  private send(lines: string[]): void {
    const bot = this.bot!;
    if (this.botStopped) return;
    this.reportUnaskedLines('before the jury wrote its next message');
    const { delivered, atNs } = bot.write(lines);
    if (!delivered) this.record('event', `not delivered (the bot's input is closed): ${lines.join(' / ')}`, atNs);
    this.listenFromNs = atNs;
  }

  private playOpponent(move: string | undefined, where: string): void {
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
  }

  private async botTurn(request: AnswerRequest, expect: BotExpectation, withinMs: number | undefined): Promise<void> {
    this.consume();
    const lines = await this.collectAnswer(request, withinMs);
    if (!lines) return;
    const judgement = this.referee.answer(lines);
    for (const v of judgement.violations) this.addViolation({ ply: request.ply, ...v });
    if (judgement.accepted && !('any' in expect)) this.checkExpectation(request, lines, expect);
    this.snapshot(judgement.played ?? this.referee.canonical(lines));
    if (judgement.stopBot) await this.stopBot();
  }

  private checkExpectation(request: AnswerRequest, lines: string[], expect: BotExpectation): void {
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
      ok = new RegExp(m).test(actual);
    }
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

  // ---- reading one answer: time, flushing, bounds ----

  /** Waits for the bot's answer; returns its lines, or null when it gave none (already reported). */
  private async collectAnswer(request: AnswerRequest, withinMs: number | undefined): Promise<string[] | null> {
    const bot = this.bot!;
    this.lastRequest = request;
    bot.maxLineBytes = request.maxLineBytes;
    bot.takeStderrTurnBytes();
    const startNs = this.listenFromNs;
    const cpuStart = bot.cpuMs();
    const perAnswerLimit = request.timer === 'startup' ? this.limits.startupMs : this.limits.moveMs;
    const totalLeft = this.limits.totalMs !== undefined ? this.limits.totalMs - this.usedTotalMs : undefined;
    const timeoutCode: FailureCode = request.timer === 'startup' ? 'handshake-timeout' : 'move-timeout';
    // Which limit strikes first decides the verdict.
    const [limitMs, limitCode] =
      perAnswerLimit !== undefined && (totalLeft === undefined || perAnswerLimit <= totalLeft)
        ? [perAnswerLimit, timeoutCode]
        : totalLeft !== undefined ? [totalLeft, 'total-time-exceeded' as FailureCode] : [undefined, timeoutCode];
    const deadlineNs = limitMs !== undefined ? startNs + BigInt(Math.max(0, Math.round(limitMs * 1e6))) : undefined;
    const collected: string[] = [];
    let lastArrivalNs = startNs;
    let nearMissSeen = false;
    let probeCpu: number | null | undefined;
    let confirmations = 0;

    for (;;) {
      while (bot.lines.length > 0 && collected.length < request.lines) {
        const line = bot.lines.shift()!;
        this.noteCrlf(line, request);
        if (request.handshake) {
          const trimmed = line.text.trim();
          if (trimmed !== request.handshake.token) {
            if (!nearMissSeen && trimmed.toLowerCase() === request.handshake.token.toLowerCase()) {
              nearMissSeen = true;
              this.addViolation({ code: 'bad-handshake', ply: request.ply, message: `${request.label}: wrote '${line.text}' but the jury waits for exactly '${request.handshake.token}' (case-sensitive); it goes on waiting`, expected: request.handshake.token, actual: line.text }, line.arrivedNs);
            } else if (!nearMissSeen) {
              this.addViolation({ code: 'extra-output', severity: 'warning', ply: request.ply, message: `${request.label}: the jury ignored the line '${line.text}' while waiting for '${request.handshake.token}'`, actual: line.text }, line.arrivedNs);
            }
            continue;
          }
          collected.push(trimmed);
        } else collected.push(line.text);
        lastArrivalNs = line.arrivedNs > startNs ? line.arrivedNs : startNs;
      }
      if (collected.length >= request.lines) break;

      if (bot.flood) {
        await this.fail('output-flood', request, {
          code: 'output-flood', ply: request.ply,
          message: `${request.label}: more output than any answer can need (a line over ${request.maxLineBytes} bytes or too many unread lines); the jury stopped the bot`,
          evidence: { maxLineBytes: request.maxLineBytes, stdoutBytes: bot.stdoutBytes, partialStart: bot.partialLine().slice(0, 80) },
        });
        return null;
      }
      if (this.checkMemory(request)) {
        await this.fail('memory-limit', request, null);
        return null;
      }
      if (bot.exit && bot.drained && bot.lines.length === 0) {
        await this.failExited(request, collected);
        return null;
      }
      const now = process.hrtime.bigint();
      if (deadlineNs !== undefined && now >= deadlineNs) {
        // Let arrived bytes be read before judging: a timer can fire before pending I/O is delivered.
        await new Promise((r) => setImmediate(r));
        if (bot.lines.length > 0) continue;
        if (nearMissSeen) {
          this.usedTotalMs += Number(now - startNs) / 1e6;
          await this.fail('bad-handshake', request, null);
          return null;
        }
        const waited = Number(now - startNs) / 1e6;
        this.usedTotalMs += waited;
        await this.fail(limitCode, request, this.timeoutDraft(limitCode, request, waited, limitMs!, collected, cpuStart));
        return null;
      }
      // Unflushed answers: after a silence, is the bot asleep reading stdin with nothing written?
      const silentSince = bot.lastStdoutNs > startNs ? bot.lastStdoutNs : startNs;
      const silentMs = Number(now - silentSince) / 1e6;
      let wakeAt = deadlineNs;
      if (!bot.exit && !bot.stdinClosed) {
        if (silentMs >= this.limits.unflushedProbeMs) {
          const wait = stdinWait(bot.pid);
          const cpu = bot.cpuMs();
          if (wait?.waitingOnStdin && probeCpu !== undefined && cpu === probeCpu) confirmations++;
          else confirmations = 0;
          probeCpu = wait?.waitingOnStdin ? cpu : undefined;
          if (confirmations >= 2) {
            if (nearMissSeen) {
              // It wrote its near miss (`Ready`) and waits: the jury will only time out. One verdict.
              this.usedTotalMs += Number(now - startNs) / 1e6;
              await this.fail('bad-handshake', request, null);
              return null;
            }
            const handled = await this.confirmUnflushed(request, startNs, wait!.detail, silentMs, collected);
            if (handled) return null;
          }
          const next = now + BigInt(PROBE_INTERVAL_MS) * 1_000_000n;
          if (wakeAt === undefined || next < wakeAt) wakeAt = next;
        } else {
          const next = silentSince + BigInt(Math.ceil(this.limits.unflushedProbeMs * 1e6));
          if (wakeAt === undefined || next < wakeAt) wakeAt = next;
        }
      }
      await bot.waitForChange(wakeAt ?? now + 1_000_000_000n);
    }

    const wallMs = Number(lastArrivalNs - startNs) / 1e6;
    this.usedTotalMs += wallMs;
    this.listenFromNs = lastArrivalNs;
    const cpuEnd = bot.cpuMs();
    bot.sampleMemory();
    this.replies.push({
      ply: request.ply,
      wallMs: round2(wallMs),
      cpuMs: cpuStart !== null && cpuEnd !== null ? round2(cpuEnd - cpuStart) : null,
      limitMs: limitMs !== undefined ? round2(limitMs) : null,
      peakMb: bot.peakHwmKb ? round2(bot.peakHwmKb / 1024) : null,
    });
    if (withinMs !== undefined && wallMs > withinMs)
      this.addViolation({
        code: 'move-timeout', ply: request.ply,
        message: `${request.label}: answered in ${fmt(wallMs)} ms; the scenario requires it within ${fmt(withinMs)} ms (over by ${fmt(wallMs - withinMs)} ms)`,
        expected: `within ${withinMs} ms`, actual: `${fmt(wallMs)} ms`,
        evidence: { measuredMs: round2(wallMs), limitMs: withinMs, marginMs: round2(withinMs - wallMs), source: 'scenario withinMs' },
      }, lastArrivalNs);
    const stderrTurn = bot.takeStderrTurnBytes();
    if (this.limits.stderrTurnWarnBytes !== undefined && stderrTurn > this.limits.stderrTurnWarnBytes)
      this.addViolation({
        code: 'stderr-output', severity: 'warning', ply: request.ply,
        message: `${request.label}: wrote ${stderrTurn} bytes to stderr in one turn; the real jury reads stderr only after the answer and blocks a bot beyond ${this.limits.stderrTurnWarnBytes} bytes`,
        evidence: { bytes: stderrTurn, limitBytes: this.limits.stderrTurnWarnBytes },
      });
    return collected;
  }

  private timeoutDraft(code: FailureCode, request: AnswerRequest, waitedMs: number, limitMs: number, collected: string[], cpuStart: number | null): ViolationDraft {
    const bot = this.bot!;
    const cpuNow = bot.cpuMs();
    // CPU time over the wait tells a thinking bot from a sleeping or blocked one.
    const cpuMs = cpuStart !== null && cpuNow !== null ? round2(cpuNow - cpuStart) : null;
    const what = code === 'total-time-exceeded'
      ? `the total budget of ${fmt(this.limits.totalMs!)} ms ran out (${fmt(this.usedTotalMs)} ms used in all, counted only while the jury waited)`
      : `no answer within ${fmt(limitMs)} ms`;
    const partial = bot.partialLine();
    return {
      code, ply: request.ply,
      message: `${request.label}: ${what}; waited ${fmt(waitedMs)} ms${collected.length ? ` (got ${collected.length} of ${request.lines} lines)` : ''}${partial ? `; an incomplete line '${partial.slice(0, 60)}' has no line ending` : ''}`,
      expected: `an answer within ${fmt(limitMs)} ms`,
      actual: collected.length || partial ? [...collected, partial].filter(Boolean).join(' / ') : 'nothing',
      evidence: { measuredMs: round2(waitedMs), limitMs: round2(limitMs), marginMs: round2(limitMs - waitedMs), cpuMs, totalUsedMs: round2(this.usedTotalMs), ...(this.limits.totalMs !== undefined ? { totalBudgetMs: this.limits.totalMs } : {}) },
    };
  }

  /**
   * The bot sleeps in read() on stdin and has written nothing since the jury started listening: its
   * answer is probably in its own output buffer. Confirm by closing its input and watching the burst.
   */
  private async confirmUnflushed(request: AnswerRequest, startNs: bigint, detail: string, silentMs: number, collected: string[]): Promise<boolean> {
    const bot = this.bot!;
    const partialBefore = bot.partialLine();
    const bytesBefore = bot.stdoutBytes;
    const closedNs = bot.closeStdin();
    const until = closedNs + BigInt(UNFLUSHED_CONFIRM_MS) * 1_000_000n;
    while (process.hrtime.bigint() < until && !(bot.exit && bot.drained)) await bot.waitForChange(until);
    const burstLines: BotLine[] = bot.lines.splice(0);
    const burstBytes = bot.stdoutBytes - bytesBefore;
    const waitedMs = Number(closedNs - startNs) / 1e6;
    this.usedTotalMs += waitedMs;
    const evidence = {
      silentMs: round2(silentMs),
      proc: detail,
      stdoutBytesSinceRequest: 0,
      partialLineBefore: partialBefore || null,
      inputClosedAtMs: round2(bot.ms(closedNs)),
      burstBytes,
      burst: burstLines.map((l) => l.text).concat(bot.partialLine() ? [bot.partialLine()] : []).join('\n').slice(0, 500),
      burstAfterMs: burstLines.length ? round2(Number(burstLines[0]!.arrivedNs - closedNs) / 1e6) : null,
      exit: bot.exit ? { code: bot.exit.code, signal: bot.exit.signal } : null,
    };
    if (partialBefore) {
      const code = request.handshake ? 'bad-handshake' : 'bad-format';
      this.addViolation({
        code, ply: request.ply,
        message: `${request.label}: wrote '${partialBefore}' without a line ending and then waited for input; the jury never receives a complete line`,
        expected: `'${partialBefore}\\n'`, actual: partialBefore, evidence,
      });
      await this.fail(request.timer === 'startup' ? 'handshake-timeout' : 'move-timeout', request, null);
      return true;
    }
    if (burstBytes > 0) {
      this.addViolation({
        code: 'unflushed-output', ply: request.ply,
        message: `${request.label}: the bot wrote its answer into its own output buffer and went back to reading input (${detail.split(' [')[0]}); nothing reached the jury in ${fmt(silentMs)} ms. After the jury closed its input, ${burstBytes} bytes arrived at once ('${evidence.burst.split('\n')[0]}'): flush stdout after every answer`,
        expected: 'an answer flushed to stdout', actual: evidence.burst, evidence,
      }, closedNs);
      await this.fail('unflushed-output', request, null);
      return true;
    }
    // Nothing was buffered: the bot waits for input the protocol does not send here (a deadlock).
    const code: FailureCode = request.timer === 'startup' ? 'handshake-timeout' : 'move-timeout';
    this.addViolation({
      code, ply: request.ply,
      message: `${request.label}: the bot went back to reading input without answering (${detail.split(' [')[0]}); it waits for input the jury does not send here. The real jury would have waited until the time limit ran out`,
      expected: 'an answer', actual: collected.length ? collected.join(' / ') : 'nothing', evidence,
    }, closedNs);
    await this.fail(code, request, null);
    return true;
  }

  private async failExited(request: AnswerRequest, collected: string[]): Promise<void> {
    const bot = this.bot!;
    const exit = bot.exit!;
    const partial = bot.partialLine();
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with status ${exit.code}`;
    const evidence = { exitCode: exit.code, signal: exit.signal, stderrTail: bot.stderrHead.slice(-300) || null, partial: partial || null };
    if (this.memoryExhausted()) {
      await this.fail('memory-limit', request, this.memoryDraft(request, `the bot ${how} after running out of memory`));
      return;
    }
    const crashed = exit.signal !== null || exit.code !== 0;
    await this.fail(crashed ? 'crash' : 'early-exit', request, {
      code: crashed ? 'crash' : 'early-exit', ply: request.ply,
      message: `${request.label}: the bot ${how} while the game still needed it${collected.length ? ` (after ${collected.length} of ${request.lines} lines)` : ''}${partial ? `; its last output '${partial.slice(0, 60)}' had no line ending` : ''}`,
      expected: 'an answer', actual: collected.length || partial ? [...collected, partial].filter(Boolean).join(' / ') : 'nothing',
      evidence,
    }, exit.atNs);
  }

  private checkMemory(request: AnswerRequest): boolean {
    const bot = this.bot!;
    bot.sampleMemory();
    const limitMb = this.limits.memoryMb;
    void request;
    return !!limitMb && !this.memoryReported && bot.peakHwmKb > limitMb * 1024;
  }

  private memoryExhausted(): boolean {
    const bot = this.bot!;
    const limitMb = this.limits.memoryMb;
    if (!limitMb) return false;
    return bot.peakHwmKb > limitMb * 1024 || (this.options.memoryMb !== undefined && bot.lastDataKb > limitMb * 1024 * 0.8) || OOM_PATTERN.test(bot.stderrHead);
  }

  private memoryDraft(request: AnswerRequest | null, why: string): ViolationDraft {
    const bot = this.bot!;
    const limitMb = this.limits.memoryMb!;
    const peakMb = bot.peakHwmKb / 1024;
    return {
      code: 'memory-limit', ...(request ? { ply: request.ply } : {}),
      message: `${request ? `${request.label}: ` : ''}${why || `peak memory ${fmt(peakMb)} MB exceeds the limit of ${limitMb} MB`}`,
      expected: `at most ${limitMb} MB`, actual: `${fmt(peakMb)} MB peak (VmHWM)`,
      evidence: { peakMb: round2(peakMb), limitMb, lastDataMb: round2(bot.lastDataKb / 1024), hardLimit: this.options.memoryMb !== undefined },
    };
  }

  /** The bot gave no usable answer: report, let the rules react, and stop the bot as the jury did. */
  private async fail(code: FailureCode, request: AnswerRequest, draft: ViolationDraft | null, atNs?: bigint): Promise<void> {
    if (code === 'memory-limit' && !draft) draft = this.memoryDraft(request, '');
    if (code === 'memory-limit') this.memoryReported = true;
    if (draft) this.addViolation(draft, atNs);
    this.referee.botFailed(code);
    await this.stopBot();
  }

  private async stopBot(): Promise<void> {
    if (this.botStopped) return;
    this.botStopped = true;
    this.stoppedByJury = this.bot!.running;
    await this.bot!.stop();
    this.record('event', 'the jury stopped the bot', process.hrtime.bigint());
  }

  // ---- the end of the game ----

  private quitNow(): Ending {
    this.current = null;
    return this.referee.quit();
  }

  private async performEnding(ending: Ending): Promise<void> {
    this.consume();
    if (this.ended) return;
    this.ended = true;
    const bot = this.bot!;
    const now = process.hrtime.bigint();
    this.record('event', `game over: ${ending.reason}`, now);
    if (this.botStopped || ending.kind === 'stopped') return;
    switch (ending.kind) {
      case 'self-exit':
        this.reportUnaskedLines('after its last answer');
        this.pendingExit = { code: 'no-self-exit', sinceNs: now, reason: ending.reason, graceMs: this.limits.exitGraceMs };
        return;
      case 'quit': {
        this.reportUnaskedLines('after its last answer');
        const { atNs } = bot.write(ending.lines);
        this.pendingExit = { code: 'no-exit-after-quit', sinceNs: atNs, reason: ending.reason, graceMs: this.limits.exitGraceMs };
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
        this.reportUnaskedLines('after its last answer');
        const at = bot.closeStdin();
        this.pendingExit = { code: null, sinceNs: at, reason: ending.reason, graceMs: this.limits.closeGraceMs };
        return;
      }
    }
  }

  /** Waits for the exit the rules demand; reports a bot that stays, or one that ends badly. */
  private async checkExit(): Promise<void> {
    const pending = this.pendingExit;
    const bot = this.bot!;
    if (!pending || this.botStopped) return;
    this.pendingExit = null;
    const until = pending.sinceNs + BigInt(Math.round(pending.graceMs * 1e6));
    while (!(bot.exit && bot.drained) && process.hrtime.bigint() < until) await bot.waitForChange(until);
    this.reportUnaskedLines('after the end of the game');
    if (!bot.exit) {
      if (pending.code) {
        const stdinWaiting = stdinWait(bot.pid);
        this.addViolation({
          code: pending.code,
          message: pending.code === 'no-exit-after-quit'
            ? `the bot was still running ${fmt(pending.graceMs)} ms after the jury sent Quit (${pending.reason})`
            : `the bot was still running ${fmt(pending.graceMs)} ms after the game ended (${pending.reason}); it must terminate on its own${stdinWaiting?.waitingOnStdin ? ', but it is waiting for more input' : ''}`,
          expected: `exit within ${fmt(pending.graceMs)} ms`, actual: 'still running',
          evidence: { graceMs: pending.graceMs, ...(stdinWaiting ? { proc: stdinWaiting.detail } : {}) },
        });
      }
      await this.stopBot();
      return;
    }
    const exit = bot.exit;
    if (exit.signal !== null || exit.code !== 0) {
      if (this.memoryExhausted()) this.addViolation(this.memoryDraft(null, `the bot ended with ${exit.signal ?? `status ${exit.code}`} after running out of memory`), exit.atNs);
      else
        this.addViolation({
          code: 'crash',
          message: `the bot ${exit.signal ? `was killed by ${exit.signal}` : `exited with status ${exit.code}`} at the end of the game (${pending.reason}); a normal exit has status 0`,
          expected: 'exit status 0', actual: exit.signal ?? `status ${exit.code}`,
          evidence: { exitCode: exit.code, signal: exit.signal, stderrTail: bot.stderrHead.slice(-300) || null },
        }, exit.atNs);
    }
  }

  private async finish(): Promise<void> {
    if (!this.ended && !this.botStopped) {
      // Steps ran out before the game ended: the jury ends it as the real one ends a game early.
      await this.performEnding(this.quitNow());
    }
    if (this.botStopped && !this.ended) this.drainGame();
    await this.checkExit();
    const bot = this.bot!;
    if (!this.memoryReported && this.limits.memoryMb && bot.peakHwmKb > this.limits.memoryMb * 1024) {
      this.memoryReported = true;
      this.addViolation(this.memoryDraft(null, ''));
    }
    if (bot.stderrBytes > 0 && this.limits.stderrTurnWarnBytes === undefined)
      this.addViolation({
        code: 'stderr-output', severity: 'warning',
        message: `wrote ${bot.stderrBytes} bytes to stderr (allowed; the real jury kept only about 10,000 characters of it)`,
        evidence: { bytes: bot.stderrBytes, head: bot.stderrHead.slice(0, 200) },
      });
  }

  /** After the jury took over for a stopped bot, play the game out so the outcome and scores are complete. */
  private drainGame(): void {
    for (let i = 0; i < MAX_DRIVE_ACTIONS; i++) {
      const a = this.current ?? this.referee.next();
      this.current = null;
      if (a.type === 'end') {
        this.ended = true;
        this.record('event', `game over: ${a.ending.reason}`, process.hrtime.bigint());
        return;
      }
      if (a.type === 'opponent') this.snapshot(this.referee.opponent(undefined));
      else if (a.type === 'await') throw new Error(`${this.game.id} referee asked a stopped bot for an answer (${a.request.label})`);
    }
  }

  // ---- bookkeeping ----

  /** Lines the bot wrote that nobody asked for. */
  private reportUnaskedLines(when: string): void {
    const bot = this.bot!;
    if (bot.lines.length === 0) return;
    const policy = this.lastRequest?.unaskedLines ?? 'discard';
    const queued = policy === 'queue' && !this.ended;
    const extra = queued ? bot.lines.slice() : bot.lines.splice(0);
    for (const line of extra) {
      if ((line as BotLine & { reported?: boolean }).reported) continue;
      (line as BotLine & { reported?: boolean }).reported = true;
      // A bot running one line behind (the engine's stale-line shift) ends with its last answer
      // unread: the same fault as the extra line already reported, not a new one.
      if (policy === 'queue' && this.ended && this.violations.some((v) => v.code === 'extra-output' && v.severity === 'error')) continue;
      this.noteCrlf(line, this.lastRequest);
      this.addViolation({
        code: 'extra-output',
        ...(this.lastRequest ? { ply: this.lastRequest.ply } : {}),
        message: `the bot wrote '${line.text}' ${when}, when no answer was asked for${queued ? '; the real engine will read it as the answer to its next request' : this.ended ? '' : '; the real jury would have read it as the next answer'}`,
        expected: 'no output', actual: line.text,
      }, line.arrivedNs);
    }
  }

  private noteCrlf(line: BotLine, request: AnswerRequest | null): void {
    if (!line.crlf || this.crlfReported) return;
    this.crlfReported = true;
    this.addViolation({
      code: 'crlf-line-ending', ...(request ? { ply: request.ply } : {}),
      message: `the line '${line.text}' ends in \\r\\n; the jury expects \\n (the \\r was ignored; later lines are not reported again)`,
      expected: `'${line.text}\\n'`, actual: `'${line.text}\\r\\n'`,
    }, line.arrivedNs);
  }

  private addViolation(draft: ViolationDraft, atNs: bigint = process.hrtime.bigint()): void {
    const bot = this.bot;
    const v = finishViolation(draft, bot ? bot.ms(atNs) : 0);
    this.violations.push(v);
    this.record('event', `${v.severity} ${v.code}: ${v.message}`, atNs);
  }

  private record(dir: TranscriptEntry['dir'], text: string, atNs: bigint): void {
    if (this.transcript.length >= MAX_TRANSCRIPT) {
      this.transcriptDropped++;
      return;
    }
    this.transcript.push({ t: this.bot ? round2(this.bot.ms(atNs)) : 0, dir, text });
  }

  private snapshot(move: string | null): void {
    if (!this.options.snapshots || !this.referee.snapshot || this.snapshots.length >= MAX_SNAPSHOTS) return;
    const state = this.referee.snapshot() as { ply?: number } | undefined;
    this.snapshots.push({ ply: typeof state?.ply === 'number' ? state.ply : this.snapshots.length, t: this.bot ? round2(this.bot.ms()) : 0, move, state });
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

  private result(error: string | undefined, skipReason?: string): ScenarioResult {
    const bot = this.bot;
    const failing = this.violations.some((v) => v.severity === 'error' || this.options.strict);
    const walls = this.replies.map((r) => r.wallMs);
    let outcome;
    try {
      outcome = this.referee?.outcome();
    } catch {
      outcome = undefined;
    }
    return {
      scenario: this.scenario.file,
      name: this.scenario.name,
      game: this.game.id,
      role: this.role,
      profile: this.profileName,
      seed: this.scenario.seed,
      status: error ? 'error' : skipReason ? 'skipped' : failing ? 'failed' : 'passed',
      violations: this.violations,
      ...(error ? { error } : {}),
      ...(skipReason ? { skipReason } : {}),
      ...(outcome ? { outcome } : {}),
      limits: this.limits,
      timing: {
        replies: this.replies.length,
        maxMs: round2(walls.length ? Math.max(...walls) : 0),
        totalMs: round2(this.usedTotalMs),
        meanMs: round2(walls.length ? walls.reduce((a, b) => a + b, 0) / walls.length : 0),
        totalBudgetMs: this.limits.totalMs ?? null,
        perReply: this.replies,
      },
      memory: { peakMb: bot && bot.peakHwmKb ? round2(bot.peakHwmKb / 1024) : null, limitMb: this.limits.memoryMb || null },
      stderr: { bytes: bot?.stderrBytes ?? 0, head: bot?.stderrHead ?? '' },
      exit: bot?.exit ? { code: bot.exit.code, signal: bot.exit.signal, atMs: round2(bot.ms(bot.exit.atNs)), byJury: this.stoppedByJury } : null,
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

function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

function hashText(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
