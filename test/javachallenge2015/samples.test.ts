// JavaChallenge2015 as a participant tries it: with AIs that behave like the ones the organizers
// shipped or used themselves (examples/javachallenge2015/samples/, README.md there). The real engine
// plays whole games with them, 0 timeouts and 0 errors, so botjury must pass them; it may only warn
// about what the engine ignored. The same AIs' real bugs (examples/javachallenge2015/broken/) must stay
// errors.
//
// The tests marked [jury] fail without the per-profile tolerances (profile.ts Tolerances) and the
// engine's one-line-per-turn reading of a flooding bot (unreadLines: block): before them every run of
// the sample-like bots failed with a crash, early-exit or output-flood error.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatchReport } from '../../harness/match/match.js';
import { ROOT, errorCodes, runCli, runJson, type ReportResult, type ReportViolation, scratchDir } from '../helpers.js';

const EX = path.join(ROOT, 'examples', 'javachallenge2015');
const scannerSample = (...args: string[]) => ['java', '-cp', path.join(EX, 'samples', 'build'), 'ScannerSample', ...args];
const CPP_SAMPLE = [path.join(EX, 'samples', 'build', 'cpp_sample')];

/**
 * The two short built-in scenarios that show everything these AIs do differently from a textbook bot:
 * first-turns.yaml (16 turns, nobody falls: the input closes on a bot still playing) and
 * fallen-still-answers.yaml (everyone falls at the end of T=3; the bot is sent `-1 -1` at T = 4 + id).
 */
const SHORT = ['--grep', 'first-turns', '--grep', 'fallen-still-answers'];
const isScenario = (result: ReportResult, file: string) => result.scenario.endsWith(`${file}.yaml`);

interface Sample {
  bot: string[];
  /** The warnings every run of that scenario must get, by scenario file. */
  warnings: Record<'first-turns' | 'fallen-still-answers', string[]>;
  /** Warnings a run may get besides (never errors). */
  tolerated: string[];
}

// near-limit: a JVM answering its first turn on a busy machine may come close to 100 ms, which is only advice;
// late-excused: on a loaded machine a reply over the limit that the load explains (a warning about the machine).
const JAVA_WARNINGS: Sample['warnings'] = {
  // Input closed while it waits in Scanner.nextInt(): NoSuchElementException, exit status 1.
  'first-turns': ['crash'],
  // Sees itself at -1 -1 and exits with status 0 instead of answering.
  'fallen-still-answers': ['early-exit'],
};
const SAMPLES: Record<string, Sample> = {
  'Java sample (ScannerSample)': { bot: scannerSample(), warnings: JAVA_WARNINGS, tolerated: ['near-limit', 'late-excused'] },
  'always-L (ScannerSample L)': { bot: scannerSample('L'), warnings: JAVA_WARNINGS, tolerated: ['near-limit', 'late-excused'] },
  'always-N (ScannerSample N)': { bot: scannerSample('N'), warnings: JAVA_WARNINGS, tolerated: ['near-limit', 'late-excused'] },
  // Prints random commands forever once its input closes; in these two scenarios it never acts while
  // cooling down. It dies of SIGPIPE if the jury closes its pipes before stopping it: a crash warning
  // at most (the engine had exited by then).
  'C++ sample (cpp_sample)': { bot: CPP_SAMPLE, warnings: { 'first-turns': ['extra-output'], 'fallen-still-answers': ['extra-output'] }, tolerated: ['near-limit', 'late-excused', 'crash'] },
};

const errorsOf = (result: ReportResult): ReportViolation[] => result.violations.filter((v) => v.severity === 'error');

describe('[jury] the organizers\' own kinds of AI pass botjury check (engine profile), with warnings for what the engine ignored', () => {
  for (const [name, sample] of Object.entries(SAMPLES))
    it(`${name}, every player id`, async () => {
      const run = await runJson(['check', 'javachallenge2015', ...SHORT, '--jobs', '2', '--', ...sample.bot]);
      expect(run.report.results.flatMap(errorsOf)).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.report.results).toHaveLength(8);
      for (const result of run.report.results) {
        const file = isScenario(result, 'first-turns') ? 'first-turns' : 'fallen-still-answers';
        const expected = sample.warnings[file];
        for (const code of expected) {
          const found = result.violations.filter((v) => v.code === code);
          expect(found.length, `${file} as player ${result.role}: ${code}`).toBeGreaterThan(0);
          for (const v of found) {
            expect(v.severity).toBe('warning');
            expect(v.message).toMatch(/engine/); // says what the engine did with it
          }
        }
        const others = result.violations.filter((v) => !expected.includes(v.code) && !sample.tolerated.includes(v.code));
        expect(others, `${file} as player ${result.role}`).toEqual([]);
        // An AI that leaves once it has fallen never reaches the end of fallen-still-answers with the jury
        // closing its input: nothing proven there, so inconclusive (exit 0), never failed.
        const leavesWhenFallen = file === 'fallen-still-answers' && expected.includes('early-exit');
        expect(result.status).toBe(leavesWhenFallen ? 'inconclusive' : 'passed');
      }
    });

  it('the Java AIs\' early exit is reported at the turn it skipped: the first one showing them fallen', async () => {
    const run = await runJson(['check', 'javachallenge2015', '--grep', 'fallen-still-answers', '--jobs', '2', '--', ...scannerSample('N')]);
    for (const result of run.report.results) {
      const [exit] = result.violations.filter((v) => v.code === 'early-exit');
      // Everyone falls at the end of T=3; player id first sees itself at -1 -1 at T = 4 + id (ply T + 1).
      expect(exit, `player ${result.role}`).toMatchObject({ severity: 'warning', ply: 5 + Number(result.role) });
    }
  });
});

describe('[jury] ...and fail under --strict, where warnings count', () => {
  for (const [name, sample] of Object.entries(SAMPLES))
    it(name, async () => {
      const run = await runJson(['check', 'javachallenge2015', '--grep', 'first-turns', '--role', '0', '--strict', '--', ...sample.bot]);
      expect(run.code).toBe(1);
      // Failed for its warnings alone (the errors' evidence shown when not).
      expect(errorCodes(run.report), JSON.stringify(run.report.results.flatMap(errorsOf))).toEqual([]);
      expect(run.report.results[0]!.violations.map((v) => v.code)).toEqual(expect.arrayContaining(sample.warnings['first-turns']));
    });
});

async function match(args: string[], bots: string[][]): Promise<{ code: number; report: MatchReport }> {
  const file = path.join(scratchDir('botjury-jc-samples-'), 'match.json');
  const r = await runCli(['match', ...args, '--reporter', `json=${file}`, ...bots.flatMap((b) => ['--', ...b])], { timeoutMs: 240_000 });
  try {
    return { code: r.code, report: JSON.parse(readFileSync(file, 'utf8')) as MatchReport };
  } catch {
    throw new Error(`no match report (exit ${r.code}): ${r.stderr}${r.stdout}`);
  }
}

describe('[jury] the four of them play whole games against each other (botjury match)', () => {
  it('no seat of any game has an error; the engine-ignored behaviours happen and are warnings', async () => {
    const { code, report } = await match(['javachallenge2015', '--games', '4', '--seed', '1'], [scannerSample(), scannerSample('L'), scannerSample('N'), CPP_SAMPLE]);
    expect(report.games).toHaveLength(4);
    const runs = report.games.flatMap((g) => g.seats.map((s) => s.run!));
    expect(runs).toHaveLength(16);
    expect(runs.flatMap(errorsOf)).toEqual([]);
    expect(report.games.every((g) => g.outcome?.finished)).toBe(true);
    expect(report.standings.map((s) => s.gamesWithViolations)).toEqual([0, 0, 0, 0]);
    // Seed 1: the Java AIs both exit when fallen and end with status 1 at the end of a game; the C++
    // sample floods after each game (and acts while cooling down, which the engine replaces with N).
    const warnings = new Set(runs.flatMap((r) => r.violations.map((v) => `${v.code}/${v.severity}`)));
    expect([...warnings]).toEqual(expect.arrayContaining(['crash/warning', 'early-exit/warning', 'extra-output/warning']));
    expect(code).toBe(0);
  });
});

describe('the same AIs\' real bugs stay errors', () => {
  const broken = (name: string) => path.join(EX, 'broken', name);
  const firstTurns = (bot: string[], ...options: string[]) => runJson(['check', 'javachallenge2015', '--grep', 'first-turns', '--jobs', '2', ...options, '--', ...bot]);

  it('Ready instead of READY (an early C++ sample): bad-handshake', async () => {
    const run = await firstTurns(['python3', broken('ready-wrong-case.py')], '--role', '0');
    expect(errorCodes(run.report)).toEqual(['bad-handshake']);
    expect(run.report.results[0]!.violations[0]).toMatchObject({ code: 'bad-handshake', severity: 'error', ply: 0 });
    expect(run.code).toBe(1);
  });

  it('parsing the old 40 x 40 format (an early Java sample): crash at its first turn', async () => {
    const run = await firstTurns(['java', '-cp', path.join(EX, 'broken', 'build'), 'OldFormat'], '--role', '0');
    expect(errorCodes(run.report)).toEqual(['crash']);
    // Player 0's first turn is T = 0 (ply 1): it dies of InputMismatchException before answering.
    expect(run.report.results[0]!.violations.find((v) => v.code === 'crash')).toMatchObject({ severity: 'error', ply: 1 });
    expect(run.code).toBe(1);
  });

  it('[jury] C++ input reading that fails at its first turn, then endless lines: extra-output, and the engine plays the stale lines', async () => {
    const run = await firstTurns([path.join(EX, 'broken', 'build', 'old_format_flood')], '--role', '0');
    expect(errorCodes(run.report)).toEqual(['extra-output']);
    const result = run.report.results[0]!;
    expect(result.violations.find((v) => v.code === 'extra-output')).toMatchObject({ severity: 'error', ply: 1 });
    // Read one line per turn as the engine did, not stopped: it is sent every later turn of player 0.
    const sent = result.transcript.filter((t) => t.dir === 'jury').map((t) => t.text);
    const turns = sent.filter((_, i) => i % 13 === 1);
    expect(turns).toEqual(['0', '4', '8', '12']);
    expect(run.code).toBe(1);
  });

  it('sleeping T x 10 ms (the organizers\' timeout test AI): move-timeout from T = 10 or so, every player id', async () => {
    const run = await firstTurns(['python3', broken('slower-each-turn.py')]);
    expect(errorCodes(run.report)).toEqual(['move-timeout']);
    expect(run.report.results).toHaveLength(4);
    // A runner so loaded that a player's clock cannot be judged gets botjury's machine-overload (a
    // harness error, exit 2, with the waits measured), alone too (it is rerun alone first), never a
    // guess; every other player is judged. (CI's loaded step once had a player with no verdict at all.)
    const judged = run.report.results.filter((r) => !r.machineOverload);
    expect(judged.length, JSON.stringify(run.report.results.map((r) => ({ role: r.role, status: r.status, error: r.error })))).toBeGreaterThanOrEqual(3);
    // The clock convicts at least one player even on a loaded runner (a test that cannot fail is none).
    expect(judged.some((r) => r.violations.some((v) => v.code === 'move-timeout'))).toBe(true);
    for (const result of judged) {
      const timeouts = result.violations.filter((v) => v.code === 'move-timeout');
      // On failure, the player's status and verdicts with their evidence: a loaded CI runner is where it would fail.
      const verdicts = JSON.stringify({ status: result.status, error: result.error, rerunAlone: result.rerunAlone, violations: result.violations.map((v) => ({ code: v.code, ply: v.ply, actual: v.actual, evidence: v.evidence })) });
      if (timeouts.length === 0) {
        // Player 0 has one turn over 100 ms in these 16 (T = 12: 120 ms). A runner so loaded that botjury's
        // own thread could not look at the pipe for longer than the reply was late gives the bot the
        // benefit of the doubt — never silently: late-excused with the figures that allowed it, and only
        // after the run was judged again alone (an excuse from a parallel run is not believed either):
        // the parallel run timed it out or excused it, and a run alone excused it. (CI's loaded step once
        // had the parallel run's move-timeout, then the run alone's excuse, 29 ms of botjury's lag.)
        const parallelCodes = result.rerunAlone && 'parallelCodes' in result.rerunAlone ? result.rerunAlone.parallelCodes : [];
        expect(parallelCodes.filter((code) => code === 'late-excused' || code === 'move-timeout'), `player ${result.role}: ${verdicts}`).not.toEqual([]);
        const excused = result.violations.filter((v) => v.code === 'late-excused');
        expect(excused.length, `player ${result.role}: ${verdicts}`).toBeGreaterThan(0);
        for (const v of excused) {
          const e = v.evidence as { measuredMs: number; limitMs: number; lateByMachineMs: number };
          expect(e.measuredMs - e.lateByMachineMs, verdicts).toBeLessThanOrEqual(e.limitMs);
        }
        continue;
      }
      expect(timeouts, `player ${result.role}: ${verdicts}`).toHaveLength(1);
      // In time while the sleep is well under 100 ms (every T < 8: at most 70 ms); late at the latest at
      // the first turn whose sleep passes 100 ms (T = 11..14, by player id) — unless the machine made
      // the bot wait for a CPU that long (a loaded CI runner): then each late reply before the timeout
      // was accepted with a late-excused warning and its evidence, never silently.
      const t = timeouts[0]!.ply! - 1;
      const id = Number(result.role);
      const firstOver = [11, 12, 13, 14].find((turn) => turn % 4 === id)!;
      expect(t, `player ${result.role}`).toBeGreaterThanOrEqual(8);
      for (let turn = firstOver; turn < t; turn += 4)
        expect(result.violations.some((v) => v.code === 'late-excused' && v.ply === turn + 1), `player ${id}: T=${turn} over 100 ms, neither timed out nor excused`).toBe(true);
      expect(timeouts[0]!.severity).toBe('error');
    }
    expect(run.code).toBe(judged.length === 4 ? 1 : 2);
  });
});
