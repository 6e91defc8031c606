// One scenario against one bot: a table (table.ts) with one bot seat, walked step by step. The game
// decides what the jury does; the seat does it on the bot's pipes and says what the bot did and when;
// this file maps the scenario's steps onto the game's decisions (a `bot:` step onto the bot seat's
// answer, an `opponent:` step onto another seat's move) and turns the table's record into the
// ScenarioResult every reporter reads.
import { existsSync } from 'node:fs';
import { HarnessError, type BotCommand } from './bot-process.js';
import { DataUnavailable, ScenarioError, type AnswerRequest, type Game, type GameDefinition } from './game.js';
import { resolveLimits } from './profile.js';
import type { ScenarioResult } from './result.js';
import type { BotExpectation, MoveValue, Scenario, Step } from './scenario.js';
import { expectationProblem, stepIsAboutHandshake } from './dry-run.js';
import { matchPattern } from './safe-regex.js';
import { MachineOverload } from './seat.js';
import { MAX_ACTIONS, StepMismatch, Table, type BotSeatRun, type Decision, type TableOptions } from './table.js';

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
  /** The bot in a sandbox of its own (bubblewrap). */
  isolate?: boolean;
  /** Warnings count as failures. */
  strict?: boolean;
  /** Record a snapshot of the game after every ply (for reports that draw the game). */
  snapshots?: boolean;
  /** The game as the table drives it (tools wrap it to record or script it). */
  wrapGame?(game: Game): Game;
  /** How the bot's process is started (tests give a fake). */
  startBot?: TableOptions['startBot'];
}

export async function runScenario(scenario: Scenario, role: string, game: GameDefinition, options: SessionOptions): Promise<ScenarioResult> {
  return new Session(scenario, role, game, options).run();
}

class Session {
  private readonly table: Table;
  private readonly profileName: string;
  private readonly startedAt = Date.now();

  constructor(
    private readonly scenario: Scenario,
    private readonly role: string,
    private readonly game: GameDefinition,
    private readonly options: SessionOptions,
  ) {
    this.profileName = options.profile ?? scenario.profile ?? game.defaultProfile;
    const profile = Object.hasOwn(game.profiles, this.profileName) ? game.profiles[this.profileName] : undefined;
    if (!profile) throw new HarnessError(`${game.id} has no jury profile '${this.profileName}' (it has: ${Object.keys(game.profiles).join(', ')})`);
    const limits = resolveLimits(profile, scenario.limits, options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : undefined);
    this.table = new Table({
      game,
      profileName: this.profileName,
      limits,
      seed: scenario.seed,
      setup: scenario.setup,
      scenarioDir: scenario.dir,
      ...(scenario.opponent !== undefined ? { opponent: scenario.opponent } : {}),
      bots: [{ role, command: options.bot, ...(options.cwd ? { cwd: options.cwd } : {}) }],
      invokedFrom: options.invokedFrom,
      ...(options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : {}),
      ...(options.isolate ? { isolate: true } : {}),
      ...(options.snapshots ? { snapshots: true } : {}),
      ...(options.wrapGame ? { wrapGame: options.wrapGame } : {}),
      ...(options.startBot ? { startBot: options.startBot } : {}),
    });
  }

  private get run_(): BotSeatRun {
    return this.table.run(this.role);
  }

  private get done(): boolean {
    return this.table.over || this.run_.ended || this.run_.stopped;
  }

  async run(): Promise<ScenarioResult> {
    let error: string | undefined;
    let skipReason: string | undefined;
    let overload: Record<string, number> | undefined;
    try {
      const missing = (this.scenario.requires ?? []).filter((f) => !existsSync(f));
      if (missing.length > 0)
        throw new DataUnavailable(`needs ${missing.join(', ')}, which is not on this machine (outside data botjury does not ship; see the scenario's comments)`);
      await this.table.open();
      const steps = this.scenario.steps ?? [{ index: 0, srcLine: 0, kind: 'play', until: 'end' } as Step];
      for (const step of steps) {
        if (this.done) break;
        this.run_.step = step.srcLine > 0 ? { number: step.index + 1, line: step.srcLine } : undefined;
        await this.runStep(step);
      }
      this.run_.step = undefined;
      await this.finish();
    } catch (e) {
      if (e instanceof DataUnavailable) skipReason = e.message;
      else if (e instanceof ScenarioError) error = e.message;
      else if (e instanceof MachineOverload) {
        error = e.message;
        overload = e.figures;
      } else if (e instanceof HarnessError) {
        await this.table.close();
        await this.table.dispose();
        throw e;
      } else error = `internal error: ${(e as Error).stack ?? String(e)}`;
    } finally {
      await this.table.close();
    }
    try {
      return await this.result(error, skipReason, overload);
    } finally {
      await this.table.dispose();
    }
  }

  // ---- steps ----

  private async runStep(step: Step): Promise<void> {
    const where = `step ${step.index + 1}${step.srcLine ? ` (line ${step.srcLine})` : ''}`;
    const table = this.table;
    switch (step.kind) {
      case 'opponent': {
        const a = await this.advanceForStep(step);
        if (!a) return;
        if (a.type === 'end') return table.endGame(a);
        if (a.type !== 'move') throw new StepMismatch(`${where}: the scenario scripts an opponent move, but the jury is waiting for the bot (${describe(a)})`);
        await table.otherMove(a, await table.call(table.game.canonicalScenarioMove(a.seat, step.move)), where);
        return;
      }
      case 'bot': {
        const a = await this.advanceForStep(step);
        if (!a) return;
        if (a.type === 'end') return table.endGame(a);
        if (a.type !== 'await' || a.seat !== this.role) throw new StepMismatch(`${where}: the scenario expects the bot to answer, but it is the opponent's turn (${describe(a)})`);
        await this.botTurn(a, step.expect, step.withinMs, step.ruled !== undefined);
        return;
      }
      case 'play': {
        let plies = 0;
        const limit = 'plies' in step ? step.plies : Infinity;
        for (let i = 0; i < MAX_ACTIONS && plies < limit && !this.done; i++) {
          const a = await table.advance();
          if (a.type === 'end') return table.endGame(a);
          if (a.type === 'move') await table.otherMove(a, undefined, where);
          else await this.botTurn(a, { any: true }, step.withinMs);
          plies++;
        }
        return;
      }
      case 'quit':
        return table.quit(true);
      case 'expect-exit': {
        const run = this.run_;
        if (!run.pendingExit) run.pendingExit = { code: 'no-self-exit', sinceNs: process.hrtime.bigint(), reason: `the scenario expects the bot to exit (${where})`, graceMs: run.limits.exitGraceMs };
        if (step.withinMs !== undefined) run.pendingExit.graceMs = step.withinMs;
        await table.checkExit(run);
        return;
      }
      case 'send':
        this.run_.seat!.write(step.lines);
        return;
      case 'expect-line': {
        const run = this.run_;
        const request: AnswerRequest = { ply: 0, label: `the line expected at ${where}`, lines: 1, timer: 'move', maxLineBytes: 65_536, unaskedLines: 'discard' };
        const got = await run.seat!.collect(request, step.withinMs);
        if (!('lines' in got)) {
          await table.failSeat(run, got.failed, 0);
          return;
        }
        const line = got.lines[0]!;
        const ok = step.line !== undefined ? line === step.line : await matchPattern(step.matches!, line);
        if (!ok)
          run.addViolation({
            code: 'expectation-failed',
            message: `${where}: expected ${step.line !== undefined ? `the line '${step.line}'` : `a line matching /${step.matches}/`}, got '${line}'`,
            expected: step.line ?? `/${step.matches}/`,
            actual: line,
          });
        return;
      }
    }
  }

  /**
   * The next decision for a scripted step. A handshake (READY) the step is not about is performed on
   * the way, so scenarios script moves without spelling out the handshake. Null: the bot failed it.
   */
  private async advanceForStep(step: Step): Promise<Decision | null> {
    let a = await this.table.advance();
    while (a.type === 'await' && a.seat === this.role && a.request.handshake && !stepIsAboutHandshake(step, a.request.handshake.token)) {
      await this.botTurn(a, { any: true }, undefined);
      if (this.done) return null;
      a = await this.table.advance();
    }
    return a;
  }

  /** `ruled`: the expected answer is a recorded one the jury ruled illegal (so no legal answer meets it, by design). */
  private async botTurn(decision: Extract<Decision, { type: 'await' }>, expect: BotExpectation, withinMs: number | undefined, ruled = false): Promise<void> {
    const wantsCheck = !('any' in expect);
    await this.table.botTurn(decision, withinMs, wantsCheck
      ? async ({ request, lines, judgement, legal }) => {
        if (judgement.accepted) await this.checkExpectation(request, lines, expect, legal);
      }
      : undefined, wantsCheck && !ruled);
  }

  private async checkExpectation(request: AnswerRequest, lines: string[], expect: BotExpectation, legal: string[] | undefined): Promise<void> {
    const table = this.table;
    const actual = await table.call(table.game.canonical(this.role, lines));
    const canonical = async (v: MoveValue): Promise<string> => table.call(table.game.canonicalScenarioMove(this.role, v));
    let ok: boolean;
    let expected: string;
    if ('exact' in expect) {
      expected = await canonical(expect.exact);
      ok = actual === expected;
    } else if ('oneOf' in expect) {
      const options: string[] = [];
      for (const v of expect.oneOf) options.push(await canonical(v));
      expected = `one of ${options.join(', ')}`;
      ok = options.includes(actual);
    } else {
      const m = (expect as { matches: string }).matches;
      expected = `an answer matching /${m}/`;
      ok = await matchPattern(m, actual);
    }
    if (!ok && legal) {
      // No legal answer in this position could meet the expectation: the scenario's mistake.
      const known = new Map<MoveValue, string>();
      for (const v of 'exact' in expect ? [expect.exact] : 'oneOf' in expect ? expect.oneOf : []) known.set(v, await canonical(v));
      const problem = expectationProblem(expect, (v) => known.get(v) ?? String(v), legal);
      if (problem) throw new ScenarioError(`${request.label}: ${problem}`);
    }
    if (!ok)
      this.run_.addViolation({
        code: 'expectation-failed',
        ply: request.ply,
        message: `${request.label}: the scenario requires ${expected}; the bot played '${actual}' (legal, but not what this scenario checks)`,
        expected,
        actual,
        ...(this.scenario.rule ? { rule: this.scenario.rule } : {}),
      });
  }

  // ---- the end ----

  private async finish(): Promise<void> {
    const table = this.table;
    const run = this.run_;
    // Steps ran out before the game ended: the jury ends it as the real one ends a game early.
    if (!table.over && !run.ended && !run.stopped) await table.quit(true);
    // With the bot stopped, the jury plays the game out (as the rules play on for it) for a complete outcome.
    if (run.stopped && !table.over) await table.playOut();
    await table.checkExits();
    table.finalChecks();
  }

  private async result(error: string | undefined, skipReason?: string, overload?: Record<string, number>): Promise<ScenarioResult> {
    const table = this.table;
    const run = this.run_;
    const outcome = await table.outcome();
    const goals = this.scenario.reach && !error && !skipReason ? await table.goals(run, this.scenario.reach, outcome) : undefined;
    return table.seatResult(run, {
      scenario: this.scenario.file,
      name: this.scenario.name,
      game: this.game.id,
      profile: this.profileName,
      seed: this.scenario.seed,
    }, {
      ...(error ? { error } : {}),
      ...(skipReason ? { skipReason } : {}),
      ...(overload ? { overload } : {}),
      ...(outcome ? { outcome } : {}),
      ...(goals ? { goals } : {}),
      ...(this.options.strict ? { strict: true } : {}),
      startedAt: this.startedAt,
      ...(this.options.snapshots ? { snapshots: true } : {}),
    });
  }
}

function describe(a: Decision): string {
  switch (a.type) {
    case 'await': return `it waits for ${a.request.label}`;
    case 'move': return `the opponent ${a.seat} moves at ply ${a.ply}`;
    case 'end': return `the game is over: ${Object.values(a.endings)[0]?.reason ?? ''}`;
  }
}
