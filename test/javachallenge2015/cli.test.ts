// JavaChallenge2015 end to end: the built CLI runs the built-in suite against the example bots.
// Correct bots pass for every player id; each broken bot fails with exactly its verdict.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { numericSeed } from '../../harness/core/rng.js';
import { enginePlacements } from '../../harness/games/javachallenge2015/engine-placement.js';
import { allCodes, botVerdicts, errorCodes, ROOT, runCli, runJson, type Report, scratchDir } from '../helpers.js';

const EX = path.join(ROOT, 'examples', 'javachallenge2015');
const broken = (name: string): string[] => ['python3', path.join(EX, 'broken', name)];

const CORRECT: Record<string, string[]> = {
  c: [path.join(EX, 'c', 'build', 'bot')],
  python: ['python3', path.join(EX, 'python', 'bot.py')],
  js: [process.execPath, path.join(EX, 'js', 'bot.js')],
  java: ['java', '-cp', path.join(EX, 'java', 'build'), 'Bot'],
};

const check = (bot: string[], ...options: string[]) => runJson(['check', 'javachallenge2015', ...options, '--', ...bot]);
const FIRST_TURNS = path.join(ROOT, 'scenarios', 'javachallenge2015', 'first-turns.yaml');
/** first-turns.yaml as player 0: engine seed 0, the bot at (0,14) facing D, its turns T = 0, 4, 8, 12. */
const firstTurns = (bot: string[], ...options: string[]) => runJson(['run', FIRST_TURNS, '--role', '0', ...options, '--', ...bot]);

/** Player `id`'s own line (`x y D S`) in each turn message the jury sent it, by T: what the engine played. */
function ownLines(result: Report['results'][number], id: number): Record<number, string> {
  const sent = result.transcript.filter((t) => t.dir === 'jury').map((t) => t.text);
  const byTurn: Record<number, string> = {};
  for (let i = 0; i + 13 <= sent.length; i += 13) byTurn[Number(sent[i + 1])] = sent[i + 8 + id]!;
  return byTurn;
}

/** Each run's verdicts with their evidence and rerun marks, for a failure's message. */
function verdictsWithEvidence(report: Report): string {
  return JSON.stringify(report.results.filter((r) => r.violations.length).map((r) => ({ scenario: path.basename(r.scenario), rerunAlone: r.rerunAlone, violations: r.violations.map((v) => ({ code: v.code, ply: v.ply, message: v.message, evidence: v.evidence })) })));
}

function violations(report: Report, code: string) {
  return report.results.flatMap((r) => r.violations.filter((v) => v.code === code));
}

describe('javachallenge2015 CLI: correct example bots pass the suite for every player id', () => {
  for (const [language, bot] of Object.entries(CORRECT))
    for (const role of ['0', '1', '2', '3'])
      it(`${language} as player ${role}`, async () => {
        const run = await check(bot, '--role', role, '--jobs', '2');
        // On failure, every verdict with its evidence and the rerun's marks: a loaded CI runner is where it would fail.
        expect(allCodes(run.report), verdictsWithEvidence(run.report)).toEqual([]);
        expect(run.code).toBe(0);
        expect(run.report.results.length).toBeGreaterThanOrEqual(6);
        expect(run.report.results.every((r) => r.role === role && r.status === 'passed' && r.outcome?.finished)).toBe(true);
      });
});

describe('javachallenge2015 CLI: what goes over the wire', () => {
  it('sends the engine\'s golden first message for seed 0 to player 0, only after READY', async () => {
    const run = await runJson(['run', path.join(ROOT, 'scenarios', 'javachallenge2015', 'first-turns.yaml'), '--role', '0', '--', ...CORRECT.c!]);
    expect(run.code).toBe(0);
    const transcript = run.report.results[0]!.transcript;
    const firstJury = transcript.findIndex((t) => t.dir === 'jury');
    expect(transcript.findIndex((t) => t.dir === 'bot' && t.text === 'READY')).toBeLessThan(firstJury);
    const message = transcript.slice(firstJury, firstJury + 13).map((t) => `${t.text}\n`).join('');
    expect(message).toBe('0\n0\n' + '0 0 0 0 0 0\n'.repeat(6) + '0 14 D 0\n14 17 L 0\n14 10 U 0\n2 5 R 0\nEOD\n');
    // Only the bot's own turns are sent: T = 0, 4, 8, 12 for player 0 with the game stopped at T=16.
    const turns = transcript.filter((t, i) => t.dir === 'jury' && transcript[i - 1]?.dir === 'jury' && transcript[i - 2]?.dir !== 'jury');
    expect(turns.map((t) => t.text)).toEqual(['0', '4', '8', '12']);
  });
});

describe('javachallenge2015 CLI: the start', () => {
  it('an integer scenario seed S starts as the real engine does with seed S; a text seed is hashed to the engine\'s seed', async () => {
    const dir = scratchDir('botjury-jc-seed-');
    const playerLines = (placements: { x: number; y: number; facing: string }[]) => placements.map((p) => `${p.x} ${p.y} ${p.facing} 0`);
    const cases: [string, string[]][] = [
      ['23', ['6 15 U 0', '12 0 R 0', '6 1 D 0', '8 17 R 0']], // the engine's own log for seed 23 (jury-facts.md)
      ['-9007199254740991', playerLines(enginePlacements(-9007199254740991n))],
      ['"23"', playerLines(enginePlacements(numericSeed('23')))],
    ];
    try {
      for (const [i, [seed, expected]] of cases.entries()) {
        const file = path.join(dir, `seed-${i}.yaml`);
        writeFileSync(file, `game: javachallenge2015\nname: seed ${seed}\nrole: 0\nseed: ${seed}\nopponent: idle\nsetup: { turnLimit: 4 }\n`);
        const run = await runJson(['run', file, '--', ...CORRECT.c!]);
        expect(run.code, `${run.stderr}\n${JSON.stringify(run.report?.results?.[0]?.violations ?? null)}`).toBe(0);
        const transcript = run.report.results[0]!.transcript;
        const firstJury = transcript.findIndex((t) => t.dir === 'jury');
        expect(transcript.slice(firstJury + 8, firstJury + 12).map((t) => t.text), `seed ${seed}`).toEqual(expected);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(cases[2]![1]).not.toEqual(cases[0]![1]);
  });
});

describe('javachallenge2015 CLI: each broken bot fails with exactly its verdict', () => {
  const cases: [string, string][] = [
    ['late-ready.py', 'handshake-timeout'],
    ['ready-wrong-case.py', 'bad-handshake'],
    ['slow-reply.py', 'move-timeout'],
    ['extra-line.py', 'extra-output'],
    ['bad-action.py', 'bad-format'],
    ['lowercase.py', 'bad-format'],
    ['unflushed-ready.py', 'unflushed-output'],
    ['answer-150ms.py', 'move-timeout'],
  ];
  // A timing verdict of a parallel run is rerun alone to confirm it (core/session.test.ts tests that):
  // the bots late by design run alone from the start, each game played once (late-ready.py: 6.5 s, not 8.6).
  const TIMING = new Set(['handshake-timeout', 'move-timeout']);
  for (const [file, code] of cases)
    it(`${file} → ${code}`, async () => {
      const run = await check(broken(file), '--role', '0', '--jobs', TIMING.has(code) ? '1' : '3');
      expect(errorCodes(run.report)).toEqual([code]);
      expect(run.code).toBe(1);
      // In last-survivor the game ends with the bot's first answer: its spare line is never read by the
      // engine (it has exited), so there it is only a warning.
      const fails = (r: { scenario: string }) => !(file === 'extra-line.py' && r.scenario.endsWith('last-survivor.yaml'));
      expect(run.report.results.filter(fails).every((r) => r.status === 'failed')).toBe(true);
    });

  it('bad-format says what the engine read and that it played N instead', async () => {
    const run = await runJson(['run', path.join(ROOT, 'scenarios', 'javachallenge2015', 'first-turns.yaml'), '--role', '1', '--', ...broken('lowercase.py')]);
    const [first] = violations(run.report, 'bad-format');
    expect(first).toMatchObject({ severity: 'error', ply: 2, actual: 'n' });
    expect(first!.message).toMatch(/engine played N \(actions are upper case: N\)/);
  });

  it('move-timeout measures at least the bot\'s sleep against the 100 ms limit', async () => {
    const run = await runJson(['run', path.join(ROOT, 'scenarios', 'javachallenge2015', 'first-turns.yaml'), '--role', '2', '--', ...broken('slow-reply.py')]);
    const [timeout] = violations(run.report, 'move-timeout');
    expect(timeout).toMatchObject({ ply: 3 });
    expect(timeout!.evidence).toMatchObject({ limitMs: 100 });
    // The outcome shows what the engine does next: the bot stands on the board doing N.
    expect(run.report.results[0]!.outcome?.summary).toMatch(/player 2's bot was terminated at T=2 \(move-timeout\) and its player did N/);
  });
});

describe('javachallenge2015 CLI: jury profiles', () => {
  it('a bot answering in 150 ms fails under the default profile (engine, 100 ms)...', async () => {
    // Four turns are enough to tell the limits apart (the whole suite at 150 ms a turn takes half a minute).
    const run = await firstTurns(broken('answer-150ms.py'));
    expect(run.code).toBe(1);
    expect(errorCodes(run.report)).toEqual(['move-timeout']);
  });

  it('...and passes under --profile rules (the English text\'s 1 s)', async () => {
    const run = await firstTurns(broken('answer-150ms.py'), '--profile', 'rules');
    expect(allCodes(run.report)).toEqual([]);
    expect(run.code).toBe(0);
    // Every answer took longer than the engine's 100 ms (the bot sleeps 150 ms; clocks differ by a few ms).
    expect(Math.min(...run.report.results.flatMap((r) => r.timing.perReply.slice(1).map((p) => p.wallMs)))).toBeGreaterThan(100);
  });
});

describe('javachallenge2015 CLI: warnings (exit 0 unless --strict)', () => {
  const cases: [string, string][] = [
    ['acts-in-cooldown.py', 'ineffective-action'],
    ['padded-answer.py', 'bad-format'],
  ];
  for (const [file, code] of cases)
    it(`${file} → ${code} warning`, async () => {
      const run = await runJson(['run', path.join(ROOT, 'scenarios', 'javachallenge2015', 'first-turns.yaml'), '--role', '0', '--', ...broken(file)]);
      expect(run.code).toBe(0);
      expect(errorCodes(run.report)).toEqual([]);
      expect(allCodes(run.report)).toEqual([code]);
      const strict = await runJson(['run', path.join(ROOT, 'scenarios', 'javachallenge2015', 'first-turns.yaml'), '--role', '0', '--strict', '--', ...broken(file)]);
      expect(strict.code).toBe(1);
    });

  it('under --profile rules, over 64 KiB of stderr in one turn is a stderr-output warning with the bytes of the turn', async () => {
    const run = await firstTurns(broken('stderr-flood.py'), '--profile', 'rules');
    expect(run.code).toBe(0);
    expect(allCodes(run.report)).toEqual(['stderr-output']);
    const [warning] = violations(run.report, 'stderr-output');
    expect(warning!.evidence).toMatchObject({ limitBytes: 65536 });
    expect(warning!.evidence!.bytes as number).toBeGreaterThan(100_000);
  });
});

describe('javachallenge2015 CLI: scenario files', () => {
  const FIXTURES = path.join(ROOT, 'test', 'javachallenge2015', 'fixtures');

  it('the built-in suite is valid against the schema', async () => {
    const run = await runCli(['validate', path.join(ROOT, 'scenarios', 'javachallenge2015')]);
    expect(run.code).toBe(0);
  });

  it('a setup the schema rejects is reported at its line and column (exit 2)', async () => {
    const run = await runCli(['validate', path.join(FIXTURES, 'bad-facing.yaml')]);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toMatch(/bad-facing\.yaml:8:\d+: setup\.placements\.1\.facing: must be one of "U", "D", "L", "R"/);
  });

  it('a placement the rules forbid is the harness\'s error, never the bot\'s (exit 2)', async () => {
    const run = await runJson(['run', path.join(FIXTURES, 'players-too-close.yaml'), '--', ...CORRECT.c!]);
    expect(run.code).toBe(2);
    expect(run.report.results[0]).toMatchObject({ status: 'error', violations: [] });
    expect(run.report.results[0]!.error).toMatch(/players 0 and 1 are 2 apart/);
  });

  it('scripted steps: READY, scripted opponent moves and setup scripts are played as written', async () => {
    const run = await runJson(['run', path.join(FIXTURES, 'scripted.yaml'), '--', ...CORRECT.c!]);
    expect(run.code).toBe(0);
    const events = run.report.results[0]!.transcript.filter((t) => t.text.startsWith('opponent plays')).map((t) => t.text);
    // T=0 player 0 scripted R; T=2 player 2 idle; T=3 player 3's script N; ...; T=8 player 0 scripted N.
    expect(events[0]).toBe('opponent plays R');
    expect(events.slice(1, 3)).toEqual(['opponent plays N', 'opponent plays N']);
    expect(events.at(-1)).toBe('opponent plays N');
    expect(events).toHaveLength(7); // players 0, 2, 3 at T=0, 2, 3, 4, 6, 7, 8
  });
});

describe('javachallenge2015 CLI: the stale-line shift', () => {
  it('plays a spare line as the next turn\'s answer, as the engine does, and reports it', async () => {
    const fixtures = path.join(ROOT, 'test', 'javachallenge2015', 'fixtures');
    const run = await runJson(['run', path.join(fixtures, 'stale-shift.yaml'), '--', 'python3', path.join(fixtures, 'stale-shift.py')]);
    expect(run.code).toBe(1);
    expect(errorCodes(run.report)).toEqual(['extra-output']);
    // T=0: R and a spare R. T=4: the spare R is played (x 1 → 2) although the bot answered N.
    const stderr = (run.report.results[0] as unknown as { stderr: { head: string } }).stderr.head;
    expect(stderr).toBe('T=0 me=0 14 D 0\nT=4 me=1 14 R 0\nT=8 me=2 14 R 0\n');
  });
});

// The engine's own reader (shared/jury-facts.md, measured against the real engine): Java readLine ends a
// line at a lone \r, reads a line whatever its length, and the engine reads stderr only after the answer.
// Tests marked [session] need the core's side of it (see the report to the lead); the rest hold today.
describe('javachallenge2015 CLI: lines as the engine reads them (engine profile)', () => {
  it('[session] a bot ending every line with a lone \\r plays normally: one crlf-line-ending warning per run', async () => {
    const run = await check(broken('lone-cr.py'), '--role', '0', '--jobs', '3');
    expect(run.code).toBe(0);
    expect(allCodes(run.report)).toEqual(['crlf-line-ending']);
    for (const result of run.report.results) {
      const warnings = result.violations.filter((v) => v.code === 'crlf-line-ending');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ severity: 'warning', ply: 0 });
      expect(warnings[0]!.message).toMatch(/lone \\r.*engine.*another jury/);
    }
  });

  it('...and fails READY under --profile rules, where lines end at \\n only', async () => {
    const run = await firstTurns(broken('lone-cr.py'), '--profile', 'rules');
    expect(run.code).toBe(1);
    // READY\r never ends a line there: seen as a line left without its ending, or as no READY in time.
    expect([['bad-handshake'], ['handshake-timeout']]).toContainEqual(errorCodes(run.report));
    expect(ownLines(run.report.results[0]!, 0)).toEqual({});
  });

  it('[session] R\\rL plays R now and L on the next turn: one extra-output for L at the turn it was written', async () => {
    const run = await firstTurns(broken('cr-shift.py'));
    expect(run.code).toBe(1);
    const result = run.report.results[0]!;
    expect(ownLines(result, 0)).toMatchObject({ 4: '1 14 R 0', 8: '0 14 L 0' });
    const extra = violations(run.report, 'extra-output');
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatchObject({ severity: 'error', ply: 1, actual: 'L' });
    expect(allCodes(run.report)).toEqual(['crlf-line-ending', 'extra-output']);
  });

  it('...and is one bad-format line under --profile rules (the engine would not agree)', async () => {
    const run = await firstTurns(broken('cr-shift.py'), '--profile', 'rules');
    expect(errorCodes(run.report)).toEqual(['bad-format']);
    expect(violations(run.report, 'bad-format')[0]).toMatchObject({ ply: 1, actual: 'R\rL' });
    expect(ownLines(run.report.results[0]!, 0)[4]).toBe('0 14 D 0');
  });

  it('[session] a 70,000-byte answer line starting with R is played as R, with a bad-format warning and no flood', async () => {
    const run = await firstTurns(broken('long-line.py'));
    expect(run.code).toBe(0);
    expect(allCodes(run.report)).toEqual(['bad-format']);
    const [warning] = violations(run.report, 'bad-format');
    expect(warning).toMatchObject({ severity: 'warning', ply: 1 });
    expect(ownLines(run.report.results[0]!, 0)[4]).toBe('1 14 R 0');
  });

  it('[session] ...quoting its real length (the core passes the lines it read to the referee)', async () => {
    const run = await firstTurns(broken('long-line.py'));
    const [warning] = violations(run.report, 'bad-format');
    expect(warning!.message).toMatch(/a line of 70000 bytes/);
    expect(warning!.evidence).toEqual({ lineBytes: 70_000, keptBytes: 4096 });
  });

  it('...and is output-flood under --profile rules', async () => {
    const run = await firstTurns(broken('long-line.py'), '--profile', 'rules');
    expect(run.code).toBe(1);
    expect(errorCodes(run.report)).toEqual(['output-flood']);
  });
});

describe('javachallenge2015 CLI: stderr as the engine reads it (engine profile)', () => {
  it('[session] over 65,536 bytes of stderr in one turn: one stderr-output error, then the bot is timed out and plays N', async () => {
    const run = await firstTurns(broken('stderr-flood.py'));
    expect(run.code).toBe(1);
    const result = run.report.results[0]!;
    expect(botVerdicts(result).map((v) => [v.code, v.severity, v.ply])).toEqual([['stderr-output', 'error', 1]]);
    expect(result.violations[0]!.evidence).toMatchObject({ limitBytes: 65536 });
    expect(result.violations[0]!.evidence!.bytes as number).toBeGreaterThan(65536);
    expect(result.outcome?.summary).toMatch(/player 0's bot was terminated at T=0 \(move-timeout\) and its player did N/);
    // The engine sends a stopped bot nothing more: only the T=0 message went out.
    expect(Object.keys(ownLines(result, 0))).toEqual(['0']);
  });

  it('[session] exactly 65,536 bytes of stderr in one turn is what the engine survives: passes', async () => {
    const run = await firstTurns(broken('stderr-64k.py'));
    // A failure says what happened (CI's loaded step once gave this run a move-timeout).
    expect(errorCodes(run.report), verdictsWithEvidence(run.report)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.report.results[0]!.outcome?.summary).not.toMatch(/stopped/);
  });

  it('[session] a stderr line left without its newline when an answer arrives: one stderr-output warning per run', async () => {
    const run = await check(broken('stderr-no-newline.py'), '--role', '0', '--jobs', '3');
    expect(run.code).toBe(0);
    expect(allCodes(run.report)).toEqual(['stderr-output']);
    for (const result of run.report.results) {
      // A loaded runner may add a late-excused warning (CI's loaded step did): the machine's, not the bot's.
      expect(botVerdicts(result).map((v) => [v.code, v.severity])).toEqual([['stderr-output', 'warning']]);
      expect(botVerdicts(result)[0]!.message).toMatch(/newline/);
    }
  });
});

describe('javachallenge2015 CLI: the stale-line shift is one verdict per extra line', () => {
  it('[session] one extra line once: one extra-output error at the turn it was written, none for the shifted turns after', async () => {
    const run = await check(broken('extra-line-once.py'), '--role', '0', '--jobs', '3');
    expect(run.code).toBe(1);
    for (const result of run.report.results)
      // In last-survivor the game ends with that first answer: the spare line is never read (a warning).
      expect(botVerdicts(result).map((v) => [v.code, v.severity, v.ply, v.actual])).toEqual([['extra-output', result.scenario.endsWith('last-survivor.yaml') ? 'warning' : 'error', 1, 'L']]);
    // The engine plays the spare L at T=4 (facing L; x = -1 is off the board, so no move).
    const firstTurnsResult = run.report.results.find((r) => r.scenario.endsWith('first-turns.yaml'))!;
    expect(ownLines(firstTurnsResult, 0)).toMatchObject({ 4: '0 14 D 0', 8: '0 14 L 0' });
  });

  it('[session] an extra line written 30 ms after the answer is reported at that answer\'s turn, quoting it', async () => {
    const run = await firstTurns(broken('late-extra-line.py'));
    expect(run.code).toBe(1);
    // Normally L arrives before the jury's next message and is the spare line of turn 1. On a loaded
    // machine the bot may not run again within the jury's 100 ms wait, so the next message goes out
    // first and L is read as its answer; then turn 5's N is the spare line. The engine races the same
    // way: either way, one extra line is one extra-output error, quoting the line that was spare.
    const got = botVerdicts(run.report.results[0]!).map((v) => [v.code, v.severity, v.ply, v.actual]);
    expect([JSON.stringify([['extra-output', 'error', 1, 'L']]), JSON.stringify([['extra-output', 'error', 5, 'N']])]).toContain(JSON.stringify(got));
  });

  it('[session] two lines every turn: one extra-output error per turn, each quoting the spare line of its own turn', async () => {
    const run = await firstTurns(broken('extra-line.py'));
    const extra = violations(run.report, 'extra-output');
    expect(errorCodes(run.report)).toEqual(['extra-output']);
    // Exactly one per extra line written: turns T = 0, 4 and 8; the spare of T = 12, the bot's last
    // turn, is never read (the game is over): a warning. From T = 4 on the jury takes a stale line at
    // once, without waiting for the bot: on a loaded machine (CI's loaded step, stop 46) a turn's two
    // lines can come only after the jury's next message, and that turn's spare line is then seen at a
    // later turn, or with the last one after the end (a warning counting both). Every extra line is
    // still counted once: the errors and the last warning's lines make four.
    const quiet = [[1, 'error'], [5, 'error'], [9, 'error'], [13, 'warning']];
    const got = extra.map((v) => [v.ply, v.severity]);
    if (JSON.stringify(got) !== JSON.stringify(quiet)) {
      expect(got[0]).toEqual([1, 'error']); // its first answer's two lines arrive together: seen at once
      expect(got.length).toBeGreaterThanOrEqual(3); // a late turn moves one spare line, not all of them
      expect(got.slice(0, -1).every(([ply, severity]) => severity === 'error' && [1, 5, 9].includes(ply as number))).toBe(true);
      expect(got[got.length - 1]).toEqual([13, 'warning']);
      const last = extra[extra.length - 1]!.evidence as { lines: number };
      expect(got.length - 1 + last.lines).toBe(4);
    }
  });
});
