// Amazes end to end: the built CLI runs the built-in suite (generated mazes, a maze file with start
// lines, sudden death, distance 0, and the ten official sample mazes from ../shared, skipped where absent) against the
// example bots. Correct bots pass as Red and as Blue; each broken bot fails with exactly its verdict.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCodes, errorCodes, HAS_SHARED, ROOT, runJson, type Report } from '../helpers.js';

const EX = path.join(ROOT, 'examples', 'amazes');
const FIXTURES = path.join(ROOT, 'test', 'amazes', 'fixtures');
const SUITE = path.join(ROOT, 'scenarios', 'amazes');
const broken = (name: string, ...args: string[]): string[] => ['python3', path.join(EX, 'broken', name), ...args];

const CORRECT: Record<string, string[]> = {
  c: [path.join(EX, 'c', 'build', 'bot')],
  python: ['python3', path.join(EX, 'python', 'bot.py')],
  js: [process.execPath, path.join(EX, 'js', 'bot.js')],
};

const check = (bot: string[], ...options: string[]) => runJson(['check', 'amazes', ...options, '--', ...bot]);
const run = (files: string[], bot: string[], ...options: string[]) => runJson(['run', ...files, ...options, '--', ...bot]);

function violations(report: Report, code: string) {
  return report.results.flatMap((r) => r.violations.filter((v) => v.code === code));
}

describe('amazes CLI: correct example bots pass the whole suite as Red and as Blue', () => {
  for (const [language, bot] of Object.entries(CORRECT))
    for (const role of ['red', 'blue'])
      it(`${language} as ${role}`, async () => {
        const r = await check(bot, '--role', role, '--jobs', '2');
        expect(allCodes(r.report)).toEqual([]);
        expect(r.code).toBe(0);
        const results = r.report.results;
        expect(results.length).toBe(15);
        // The official sample mazes are part of the suite, each a full game of 150 turns; where the
        // official data is absent (a clone of the public repository) they are skipped, saying why.
        const isOfficial = (x: (typeof results)[number]) => /official-maze-\d\d\.yaml$/.test(x.scenario);
        const official = results.filter(isOfficial);
        expect(official).toHaveLength(10);
        expect(results.filter((x) => !isOfficial(x)).every((x) => x.role === role && x.status === 'passed' && x.outcome?.finished)).toBe(true);
        for (const x of official)
          if (x.status === 'skipped') expect(x.skipReason).toMatch(/needs .*maze\d\d\.txt, which is not on this machine/);
          else expect([x.status, x.timing.replies, x.outcome?.finished]).toEqual(['passed', 150, true]);
        if (HAS_SHARED) expect(official.every((x) => x.status === 'passed')).toBe(true);
        // Sudden death ends the game early with Quit, and the bot exits normally.
        const sudden = results.find((x) => x.scenario.endsWith('sudden-death.yaml'))!;
        expect(sudden.outcome!.summary).toMatch(/^sudden death on /);
        expect(sudden.transcript.some((t) => t.dir === 'jury' && t.text === 'Quit')).toBe(true);
      });
});

describe('amazes CLI: what goes over the wire', () => {
  it("Red's first input is Start and five lines; Blue's is five lines; answers are lines of steps", async () => {
    const r = await run([path.join(SUITE, 'dead-end-starts.yaml')], CORRECT.c!);
    expect(r.code).toBe(0);
    for (const result of r.report.results) {
      const jury = result.transcript.filter((t) => t.dir === 'jury').map((t) => t.text);
      // Both players start in a dead end looking at its end wall: only the corridor behind is open.
      const first = result.role === 'red' ? jury.slice(0, 6) : jury.slice(0, 5);
      if (result.role === 'red') expect(first.shift()).toBe('Start');
      expect(first[0]).toBe('W');
      expect(first[1]).toBe('W');
      expect(first[2]).toMatch(/^[BLRN]+W$/);
      expect(first[3]).toBe('W');
      // Red (1,4) and Blue (25,25) at the start; Blue is told the distance after Red's first turn.
      if (result.role === 'red') expect(first[4]).toBe(String((25 - 1) ** 2 + (25 - 4) ** 2));
      else expect(first[4]).toMatch(/^\d+$/);
      expect(result.transcript.filter((t) => t.dir === 'bot').every((t) => /^[FTLR]{1,256}$/.test(t.text))).toBe(true);
    }
  });

  it('a full 150-turn game takes well under a few seconds', async () => {
    const r = await run([path.join(SUITE, 'play-as-red.yaml')], CORRECT.c!);
    expect(r.code).toBe(0);
    expect((r.report.results[0] as unknown as { durationMs: number }).durationMs).toBeLessThan(5000);
  });
});

describe('amazes CLI: each broken bot fails with exactly its verdict', () => {
  const cases: [string, string][] = [
    ['too-many-steps.py', 'too-many-steps'],
    ['lowercase.py', 'bad-format'],
    ['spaced-steps.py', 'bad-format'],
    ['empty-line.py', 'bad-format'],
    ['crash.py', 'crash'],
  ];
  for (const [file, code] of cases)
    it(`${file} → ${code}, on every scenario of the suite; the jury plays T for it to the end`, async () => {
      const r = await check(broken(file), '--jobs', '2');
      expect(allCodes(r.report)).toEqual([code]);
      expect(r.code).toBe(1);
      expect(r.report.results).toHaveLength(30);
      for (const result of r.report.results) {
        if (result.status === 'skipped' && !HAS_SHARED) continue; // an official maze where its data is absent
        expect(result.status).toBe('failed');
        expect(result.violations.map((v) => v.code)).toEqual([code]);
        // The real jury did not end the game: the opponent played on, the bot scored 0.
        expect(result.outcome!.finished).toBe(true);
        expect(result.outcome!.scores[result.role]).toBe(0);
        expect(result.outcome!.summary).toMatch(new RegExp(`the jury played T for (Red|Blue) from turn \\d+ \\(${code}\\), score 0`));
      }
    });

  it('too-many-steps says how many steps, the limit, and gives the line cut to 256 as the example', async () => {
    const r = await run([path.join(SUITE, 'play-as-red.yaml')], broken('too-many-steps.py'));
    const [v] = violations(r.report, 'too-many-steps');
    expect(v).toMatchObject({ ply: 3, actual: 'T'.repeat(257), expected: 'T'.repeat(256) });
    expect(v!.message).toBe("Red's turn 3: 257 steps in one turn, at most 256 allowed: none of them are performed; the player is disqualified: the jury plays 'T' for this player for the rest of the game and its score is 0");
  });

  it('lowercase says so and gives the capitals as the example', async () => {
    const r = await run([path.join(SUITE, 'play-as-blue.yaml')], broken('lowercase.py'));
    const [v] = violations(r.report, 'bad-format');
    expect(v!.ply).toBe(1);
    expect(v!.expected).toBe(v!.actual!.toUpperCase());
    expect(v!.message).toMatch(/^Blue's turn 1: lowercase letters \("[ftlr]+"\): moves are the capital letters F, T, L, R; the jury plays 'T'/);
  });

  it('an empty line is bad-format on the turn it was written', async () => {
    const r = await run([path.join(SUITE, 'play-as-red.yaml')], broken('empty-line.py'));
    const [v] = violations(r.report, 'bad-format');
    expect(v).toMatchObject({ ply: 2, actual: '', expected: 'T' });
    expect(v!.message).toMatch(/^Red's turn 2: empty line: a move needs 1 to 256 of F, T, L, R/);
  });

  it('unflushed.py → unflushed-output (the first answer never reaches the jury)', async () => {
    const r = await run([path.join(SUITE, 'play-as-red.yaml'), path.join(SUITE, 'play-as-blue.yaml')], broken('unflushed.py'));
    expect(errorCodes(r.report)).toEqual(['unflushed-output']);
    expect(r.code).toBe(1);
    expect(r.report.results.every((x) => x.violations.length === 1 && x.violations[0]!.ply === 1)).toBe(true);
  });

  it('no-self-exit.py → no-self-exit after the 150th turn; a sudden-death Quit it does obey', async () => {
    const r = await run([path.join(SUITE, 'ends-on-its-own.yaml'), path.join(SUITE, 'sudden-death.yaml')], broken('no-self-exit.py'), '--jobs', '2');
    expect(errorCodes(r.report)).toEqual(['no-self-exit']);
    expect(r.code).toBe(1);
    const byScenario = (name: string) => r.report.results.filter((x) => x.scenario.endsWith(name));
    expect(byScenario('ends-on-its-own.yaml').every((x) => x.status === 'failed' && x.violations.length === 1)).toBe(true);
    expect(byScenario('sudden-death.yaml').every((x) => x.status === 'passed')).toBe(true);
  });

  it('ignores-quit.py → no-exit-after-quit, in exactly the games that end by sudden death', async () => {
    const r = await check(broken('ignores-quit.py'), '--jobs', '2');
    expect(errorCodes(r.report)).toEqual(['no-exit-after-quit']);
    expect(r.code).toBe(1);
    const failed = r.report.results.filter((x) => x.status === 'failed');
    expect(failed.map((x) => `${path.basename(x.scenario)} ${x.role}`).sort()).toEqual(['sudden-death.yaml blue', 'sudden-death.yaml red']);
  });

  it('ignores-quit.py also fails when a scenario ends the game early with quit', async () => {
    const r = await run([path.join(FIXTURES, 'scripted.yaml')], broken('ignores-quit.py'));
    expect(errorCodes(r.report)).toEqual(['no-exit-after-quit']);
    expect(r.report.results[0]!.timing.replies).toBe(7);
  });

  it('slow.py → total-time-exceeded when the budget runs out; the game is still played to the end', async () => {
    const r = await run([path.join(FIXTURES, 'small-budget.yaml')], broken('slow.py', '0.1'));
    expect(errorCodes(r.report)).toEqual(['total-time-exceeded']);
    expect(r.code).toBe(1);
    const result = r.report.results[0]!;
    expect(result.outcome!.finished).toBe(true);
    expect(result.outcome!.scores.red).toBe(0);
    expect(result.outcome!.summary).toMatch(/^150 turns each: Red 0, Blue \d+; the jury played T for Red from turn \d+ \(total-time-exceeded\), score 0$/);
  });

  it('bumps-walls.py → only the warning ineffective-action: exit 0, and 1 with --strict', async () => {
    const files = [path.join(SUITE, 'play-as-red.yaml'), path.join(SUITE, 'play-as-blue.yaml')];
    const lenient = await run(files, broken('bumps-walls.py'));
    expect(lenient.code).toBe(0);
    expect(errorCodes(lenient.report)).toEqual([]);
    expect(allCodes(lenient.report)).toEqual(['ineffective-action']);
    const [v] = violations(lenient.report, 'ineffective-action');
    expect(v).toMatchObject({ severity: 'warning', ply: 5 });
    expect(v!.message).toMatch(/^(Red|Blue)'s turn 5: step 1 \('[FRTL]'\) runs into a wall, so it and the \d+ step\(s\) after it are not performed but still cost \d+ point\(s\)$/);
    const strict = await run(files, broken('bumps-walls.py'), '--strict');
    expect(strict.code).toBe(1);
  });
});

describe('amazes CLI: scenarios the rules forbid are the harness\'s problem (exit 2), with the reason', () => {
  it('a maze with a gap in its outer edge', async () => {
    const r = await run([path.join(FIXTURES, 'open-edge-maze.yaml')], CORRECT.c!);
    expect(r.code).toBe(2);
    expect(r.report.results[0]!.error).toBe('open-edge-maze.txt: the outer edge is open: left edge at row 5 — It is impossible to step out of the maze (the outer edges are walls).');
  });

  it('starts closer than √288', async () => {
    // Its maze is the suite's, outside the fixture's folder: allowed explicitly.
    const r = await run([path.join(FIXTURES, 'close-starts.yaml')], CORRECT.c!, '--allow-path', path.join(ROOT, 'scenarios', 'amazes', 'mazes'));
    expect(r.code).toBe(2);
    expect(r.report.results[0]!.error).toMatch(/^setup\.starts: Red \(1,4\) and Blue \(2,5\) are only √2 apart \(squared distance 2 < 288\)/);
  });
});
