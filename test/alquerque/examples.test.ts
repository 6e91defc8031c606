// Every Alquerque example bot, run through the CLI as a user would: correct bots are clean for both
// colours; each broken bot produces exactly its verdict (and no other error).
import { describe, expect, it } from 'vitest';
import { allCodes, errorCodes, runJson } from '../helpers.js';

const EX = 'examples/alquerque';
const CORRECT: Record<string, string[]> = {
  python: ['python3', `${EX}/python/bot.py`],
  javascript: ['node', `${EX}/js/bot.js`],
  c: [`${EX}/c/build/bot`],
};

describe('correct Alquerque examples pass the whole built-in suite', () => {
  for (const [lang, cmd] of Object.entries(CORRECT)) {
    it.each(['white', 'black'])(`${lang} as %s`, async (role) => {
      const { code, report } = await runJson(['check', 'alquerque', '--role', role, '--', ...cmd]);
      const problems = report.results.flatMap((r) => r.violations.map((v) => `${r.name}: ${v.code} ${v.message}`));
      expect(problems).toEqual([]);
      expect(code).toBe(0);
      expect(report.summary.failed).toBe(0);
      // the suite really reaches what it tests: a tie, a win and a Quit for this bot
      const outcomes = report.results.map((r) => r.outcome?.summary ?? '');
      expect(outcomes.some((o) => o.startsWith('tie'))).toBe(true);
      expect(report.results.some((r) => r.outcome?.winner === role)).toBe(true);
    });
  }
});

const BROKEN: [file: string, scenario: string, codes: string[], extra?: string[]][] = [
  ['unflushed.py', 'scenarios/alquerque/play-as-black.yaml', ['unflushed-output']],
  ['skips-capture.py', 'scenarios/alquerque/capture-compulsory-black.yaml', ['illegal-move']],
  ['incomplete-capture.py', 'scenarios/alquerque/capture-continuation.yaml', ['illegal-move']],
  ['moves-back.py', 'scenarios/alquerque/no-move-back.yaml', ['illegal-move']],
  ['bad-format.py', 'scenarios/alquerque/play-as-white.yaml', ['bad-format']],
  ['extra-output.py', 'scenarios/alquerque/play-as-white.yaml', ['extra-output']],
  ['ignores-quit.py', 'scenarios/alquerque/quit-handling.yaml', ['no-exit-after-quit']],
  ['no-self-exit.py', 'scenarios/alquerque/self-exit-on-win.yaml', ['no-self-exit']],
  ['crash.py', 'scenarios/alquerque/play-as-black.yaml', ['crash']],
  ['slow.py', 'test/fixtures/scenarios/alquerque-small-budget.yaml', ['total-time-exceeded']],
];

describe('broken Alquerque examples produce exactly their verdict', () => {
  it.each(BROKEN)('%s → %j', async (file, scenario, codes) => {
    const { code, report } = await runJson(['run', scenario, '--', 'python3', `${EX}/broken/${file}`]);
    expect(errorCodes(report)).toEqual(codes);
    expect(code).toBe(1);
  });

  it('the incomplete capture is named like the real jury does', async () => {
    const { report } = await runJson(['run', 'scenarios/alquerque/capture-continuation.yaml', '--role', 'white', '--', 'python3', `${EX}/broken/incomplete-capture.py`]);
    const v = report.results[0]!.violations[0]!;
    expect(v.message).toMatch(/^Incomplete strike '[a-g][1-7](\*[a-g][1-7])+', should have striked to '[a-g][1-7]' eliminating '[a-g][1-7]'/);
    expect(v.expected).toMatch(/^[a-g][1-7](\*[a-g][1-7])+$/);
    expect(v.ply).toBeGreaterThan(0);
  });

  it('memory hog → memory-limit', async () => {
    const { code, report } = await runJson(['run', 'scenarios/alquerque/play-as-black.yaml', '--', `${EX}/broken/build/memory-hog`]);
    expect(errorCodes(report)).toEqual(['memory-limit']);
    expect(code).toBe(1);
  });

  it('memory hog under a hard --memory-mb limit → memory-limit', async () => {
    const { code, report } = await runJson(['run', 'scenarios/alquerque/play-as-black.yaml', '--memory-mb', '48', '--', `${EX}/broken/build/memory-hog`]);
    expect(errorCodes(report)).toEqual(['memory-limit']);
    expect(code).toBe(1);
  });

  it.each([
    ['stderr-chatter.py', 'stderr-output'],
    ['crlf.py', 'crlf-line-ending'],
  ])('%s is only a warning (%s): exit 0, and exit 1 with --strict', async (file, warning) => {
    const plain = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'python3', `${EX}/broken/${file}`]);
    expect(errorCodes(plain.report)).toEqual([]);
    expect(allCodes(plain.report)).toEqual([warning]);
    expect(plain.code).toBe(0);
    const strict = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--strict', '--', 'python3', `${EX}/broken/${file}`]);
    expect(strict.code).toBe(1);
  });
});

describe('unflushed output is named within a few seconds, with evidence', () => {
  it('names it long before the 30 s budget', async () => {
    const started = Date.now();
    const { report } = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'python3', `${EX}/broken/unflushed.py`]);
    const elapsed = Date.now() - started;
    const v = report.results[0]!.violations[0]!;
    expect(v.code).toBe('unflushed-output');
    expect(v.evidence).toMatchObject({ burstBytes: expect.any(Number), proc: expect.stringContaining('read(0') });
    expect(v.atMs).toBeLessThan(5_000);
    expect(elapsed).toBeLessThan(15_000);
  });
});
