// The session's verdicts on small inline bots (node -e): each verdict fires, and only it.
import Ajv2020 from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decidedByClock, runTasks, timedOutOnBusyMachine } from '../../harness/core/runner.js';
import { loadScenario } from '../../harness/core/scenario.js';
import { GAMES } from '../../harness/games/registry.js';
import { fakeJc2015Player } from '../fakes/fake-bot.js';
import type { ScenarioResult } from '../../harness/core/result.js';
import { errorCodes, runJson, ROOT } from '../helpers.js';

/** A White bot: plays its legal moves in order from a fixed list, exits on Quit. */
const whiteBot = (moves: string[], opts: { delayMs?: number; exitAfter?: number } = {}): string[] => ['node', '-e', `
const moves = ${JSON.stringify(moves)}; let i = 0;
const rl = require('readline').createInterface({ input: process.stdin });
rl.on('line', (l) => {
  if (l === 'Quit') process.exit(0);
  if (${opts.exitAfter ?? -1} === i) process.exit(0);
  setTimeout(() => process.stdout.write(moves[i++] + '\\n'), ${opts.delayMs ?? 0});
});`];

describe('scenario expectations', () => {
  it('oneOf, matches and exact: a legal answer that differs is expectation-failed, at its ply', async () => {
    // Seed 1: c3-d4 e5*c3 b2*d4 b4*b2, then White captures a1*c3 — legal, but not the b1*b3 the scenario demands.
    const { code, report } = await runJson(['run', 'test/fixtures/scenarios/white-expectations.yaml', '--', ...whiteBot(['c3-d4', 'b2*d4', 'a1*c3'])]);
    const r = report.results[0]!;
    expect(r.transcript.filter((e) => e.dir === 'jury').map((e) => e.text)).toEqual(['Start', 'e5*c3', 'b4*b2', 'Quit']);
    expect(r.violations.map((v) => [v.code, v.ply])).toEqual([['expectation-failed', 5]]);
    expect(r.violations[0]!.expected).toBe('b1*b3');
    expect(r.violations[0]!.actual).toBe('a1*c3');
    expect(code).toBe(1);
  });
  it('withinMs on a step: a late answer is move-timeout with measured, limit and margin', async () => {
    const { code, report } = await runJson(['run', 'test/fixtures/scenarios/white-within.yaml', '--', ...whiteBot(['c3-d4'], { delayMs: 600 })]);
    const v = report.results[0]!.violations;
    expect(v.map((x) => x.code)).toEqual(['move-timeout']);
    expect(v[0]!.evidence).toMatchObject({ limitMs: 100, source: 'scenario withinMs' });
    expect((v[0]!.evidence as { measuredMs: number }).measuredMs).toBeGreaterThan(500);
    expect((v[0]!.evidence as { marginMs: number }).marginMs).toBeLessThan(-400);
    expect(code).toBe(1);
  });
});

describe('bots that stop answering', () => {
  it('a bot that goes back to reading without answering is named at once, not after the 30 s budget', async () => {
    const deaf = ['python3', '-c', 'import sys\nfor line in sys.stdin:\n    pass'];
    const t0 = Date.now();
    const { report } = await runJson(['run', 'test/fixtures/scenarios/white-within.yaml', '--', ...deaf]);
    const v = report.results[0]!.violations;
    expect(v.map((x) => x.code)).toEqual(['move-timeout']);
    expect(v[0]!.message).toMatch(/went back to reading input without answering/);
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
  it('a bot that exits normally in the middle of the game is early-exit; with a status, crash', async () => {
    const early = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', ...whiteBot(['c3-d4', 'b2*d4'], { exitAfter: 1 })]);
    expect(errorCodes(early.report)).toEqual(['early-exit']);
    const crash = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'node', '-e', 'process.exit(3)']);
    expect(errorCodes(crash.report)).toEqual(['crash']);
    expect(crash.report.results[0]!.violations[0]!.evidence).toMatchObject({ exitCode: 3 });
  });
  it('a bot killed by a signal is crash, with the signal', async () => {
    const { report } = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'node', '-e', "process.kill(process.pid, 'SIGSEGV')"]);
    expect(errorCodes(report)).toEqual(['crash']);
    expect(report.results[0]!.violations[0]!.evidence).toMatchObject({ signal: 'SIGSEGV' });
  });
});

describe('JSON report', () => {
  it('validates against schemas/report.schema.json', async () => {
    const { report } = await runJson(['run', 'test/fixtures/scenarios/white-within.yaml', '--', ...whiteBot(['c3-d4'], { delayMs: 200 })]);
    const Ajv = (Ajv2020 as unknown as { default: typeof Ajv2020 }).default ?? Ajv2020;
    const ajv = new (Ajv as unknown as new (o: object) => { validate(s: object, d: unknown): boolean; errors: unknown })({ strict: false, validateFormats: false });
    const schema = JSON.parse(readFileSync(`${ROOT}/schemas/report.schema.json`, 'utf8'));
    const ok = ajv.validate(schema, report);
    expect(ajv.errors ?? null).toBeNull();
    expect(ok).toBe(true);
  });
});

describe('outside data', () => {
  it('a scenario whose `requires:` file is missing is skipped (exit 0), not failed and not a harness error', async () => {
    const { code, report } = await runJson(['run', 'test/fixtures/scenarios/requires-missing.yaml', '--', 'python3', 'examples/alquerque/python/bot.py']);
    expect(report.results[0]).toMatchObject({ status: 'skipped', violations: [] });
    expect(report.results[0]!.skipReason).toMatch(/not-shipped\.txt, which is not on this machine/);
    expect(report.summary).toMatchObject({ passed: 0, failed: 0, errors: 0, skipped: 1 });
    expect(code).toBe(0);
  });
});

describe('parallel runs', () => {
  it('a timing verdict from a parallel run is confirmed by rerunning the scenario alone', async () => {
    const slow = whiteBot(['c3-d4'], { delayMs: 600 });
    const f = 'test/fixtures/scenarios/white-within.yaml';
    const { code, report } = await runJson(['run', f, f, f, '--jobs', '3', '--', ...slow]);
    expect(code).toBe(1);
    for (const r of report.results) {
      expect(r.violations.map((v) => v.code)).toEqual(['move-timeout']);
      // (and busyCodes too where that rerun's own evidence showed the machine busy: then it ran twice alone)
      expect((r as unknown as { rerunAlone: unknown }).rerunAlone).toMatchObject({ parallelCodes: ['move-timeout'] });
    }
    const fast = await runJson(['run', f, f, '--jobs', '2', '--', ...whiteBot(['c3-d4'])]);
    expect(fast.code).toBe(0);
    expect(fast.report.results.every((r) => !('rerunAlone' in r))).toBe(true);
  });

  it('what a parallel run may have decided wrongly by the clock is judged again alone: a timing verdict, a late answer it excused, a machine too loaded; nothing else', () => {
    const result = (codes: string[], extra: Partial<ScenarioResult> = {}) =>
      ({ violations: codes.map((code) => ({ code, severity: code === 'late-excused' || code === 'near-limit' ? 'warning' : 'error', message: '', atMs: 0 })), ...extra }) as unknown as ScenarioResult;
    for (const code of ['move-timeout', 'total-time-exceeded', 'handshake-timeout', 'late-excused']) expect(decidedByClock(result([code])), code).toBe(true);
    expect(decidedByClock(result([], { machineOverload: { queuedMs: 900 } }))).toBe(true);
    // A late bot excused because the runs beside it kept botjury from seeing it late must not pass for that.
    expect(decidedByClock(result(['near-limit', 'late-excused']))).toBe(true);
    for (const code of ['near-limit', 'illegal-move', 'crash', 'unflushed-output']) expect(decidedByClock(result([code])), code).toBe(false);
    expect(decidedByClock(result([]))).toBe(false);
  });

  it('a timing verdict of a run alone is believed on a busy machine only when a rerun repeats it: busy by its own evidence', () => {
    const late = (code: string, evidence: Record<string, unknown>, severity = 'error') =>
      ({ violations: [{ code, severity, message: '', atMs: 0, evidence: { measuredMs: 130, ...evidence } }] }) as unknown as ScenarioResult;
    // 10 % of the limit or more: the bot's longest run-queue wait and botjury's lag over the answer.
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100, botQueuedMs: 8, harnessLagMs: 2 }))).toBe(10);
    expect(timedOutOnBusyMachine(late('handshake-timeout', { limitMs: 1000, botQueuedMs: 250 }))).toBe(250);
    expect(timedOutOnBusyMachine(late('total-time-exceeded', { limitMs: 500, harnessLagMs: 60 }))).toBe(60);
    // The machine's I/O and memory stall during the run counts with them (a bot waiting for the disk shows in no scheduler counter).
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100, botQueuedMs: 4 }), 6)).toBe(4);
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100 }), 10)).toBe(0);
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100 }), 9.9)).toBeNull();
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100 }), Number.NaN)).toBeNull();
    expect(timedOutOnBusyMachine(late('illegal-move', { limitMs: 100 }), 80)).toBeNull();
    // A quiet machine, an excuse (a warning, already judged on the load), another code, hostile evidence.
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100, botQueuedMs: 9.9 }))).toBeNull();
    expect(timedOutOnBusyMachine(late('late-excused', { limitMs: 100, botQueuedMs: 80 }, 'warning'))).toBeNull();
    expect(timedOutOnBusyMachine(late('illegal-move', { limitMs: 100, botQueuedMs: 80 }))).toBeNull();
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100, botQueuedMs: '80' }))).toBeNull();
    expect(timedOutOnBusyMachine(late('move-timeout', { limitMs: 100, botQueuedMs: -80, harnessLagMs: Number.NaN }))).toBeNull();
    expect(timedOutOnBusyMachine(late('move-timeout', { botQueuedMs: 80 }))).toBeNull();
  });

  it('run alone: a move-timeout the measured load did not excuse, on a machine busy by its evidence, is rerun and the rerun reported; on a quiet machine it stands', async () => {
    const scenario = loadScenario(path.join(ROOT, 'scenarios/javachallenge2015/first-turns.yaml'), ROOT, GAMES);
    /** Fake bots: READY at once; the first bot's first action 150 ms after its turn, of which `queuedMs` waiting for a CPU; every other action after 1 ms. */
    const play = async (queuedMs: number) => {
      let starts = 0;
      const report = await runTasks([{ scenario, role: '0' }], GAMES, {
        bot: { argv: ['true'] }, invokedFrom: ROOT, jobs: 1, // started as the fakes below
        startBot: () => fakeJc2015Player(++starts === 1, queuedMs),
        machineStallUs: () => 0, // the machine never stalls on I/O here: the scheduler's evidence alone
      });
      return { starts, result: report.results[0]! };
    };
    const busy = await play(30); // 120 ms of its own: late, but the machine was busy
    expect(busy.starts).toBe(2);
    expect(busy.result.violations.filter((v) => v.severity === 'error')).toEqual([]);
    expect(busy.result.rerunAlone).toEqual({ busyCodes: ['move-timeout'], busyMs: 30 });
    const quiet = await play(0);
    expect(quiet.starts).toBe(1);
    expect(quiet.result.violations.map((v) => v.code)).toContain('move-timeout');
    expect(quiet.result.rerunAlone).toBeUndefined();
  }, 30_000);

  it('run alone: a move-timeout on a machine that stalled on I/O or memory meanwhile (no scheduler counter shows it) is rerun and the rerun reported; without the stall it stands', async () => {
    const scenario = loadScenario(path.join(ROOT, 'scenarios/javachallenge2015/first-turns.yaml'), ROOT, GAMES);
    /** The first bot's first action 150 ms after its turn, none of it waiting for a CPU; the machine stalled `stallMs` during each run. */
    const play = async (stallMs: number) => {
      let starts = 0;
      let stalledUs = 0;
      const report = await runTasks([{ scenario, role: '0' }], GAMES, {
        bot: { argv: ['true'] }, invokedFrom: ROOT, jobs: 1,
        startBot: () => fakeJc2015Player(++starts === 1, 0),
        // Read before and after the run alone: `stallMs` between the two readings.
        machineStallUs: () => {
          const now = stalledUs;
          stalledUs += stallMs * 1000;
          return now;
        },
      });
      return { starts, result: report.results[0]! };
    };
    const stalled = await play(12);
    expect(stalled.starts).toBe(2);
    expect(stalled.result.violations.filter((v) => v.severity === 'error')).toEqual([]);
    expect(stalled.result.rerunAlone).toEqual({ busyCodes: ['move-timeout'], busyMs: 0, stallMs: 12 });
    const quiet = await play(5); // under 10 % of the 100 ms limit
    expect(quiet.starts).toBe(1);
    expect(quiet.result.violations.map((v) => v.code)).toContain('move-timeout');
    expect(quiet.result.rerunAlone).toBeUndefined();
  }, 30_000);

  it('the rerun alone that confirms a parallel run\'s timing verdict is itself rerun when its own evidence shows the machine busy, and the second rerun reported', async () => {
    const scenario = loadScenario(path.join(ROOT, 'scenarios/javachallenge2015/first-turns.yaml'), ROOT, GAMES);
    // Fake bots: READY at once; the first `lateStarts` bots started answer their first action 150 ms
    // after its turn, 30 ms of it waiting for a CPU (late by their own time, on a busy machine); every
    // other action after 1 ms. Two runs in parallel (#1, #2), each confirmed alone: #3 is busy again.
    const play = async (lateStarts: number) => {
      let starts = 0;
      const report = await runTasks([{ scenario, role: '0' }, { scenario, role: '1' }], GAMES, {
        bot: { argv: ['true'] }, invokedFrom: ROOT, jobs: 2,
        startBot: () => fakeJc2015Player(++starts <= lateStarts),
        machineStallUs: () => 0,
      });
      return { starts, results: report.results };
    };
    const busy = await play(3);
    expect(busy.starts).toBe(5); // two in parallel, task 0 alone twice, task 1 alone once
    for (const r of busy.results) expect(r.violations.filter((v) => v.severity === 'error'), `role ${r.role}`).toEqual([]);
    expect(busy.results[0]!.rerunAlone).toEqual({ parallelCodes: ['move-timeout'], busyCodes: ['move-timeout'], busyMs: 30 });
    expect(busy.results[1]!.rerunAlone).toEqual({ parallelCodes: ['move-timeout'] });
    // Late every time: the verdict stands, from the second run alone.
    const slow = await play(99);
    expect(slow.starts).toBe(6);
    for (const r of slow.results) expect(r.violations.map((v) => v.code), `role ${r.role}`).toContain('move-timeout');
    expect(slow.results.map((r) => r.rerunAlone)).toEqual([1, 2].map(() => ({ parallelCodes: ['move-timeout'], busyCodes: ['move-timeout'], busyMs: 30 })));
  }, 30_000);
});
