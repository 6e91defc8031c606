// Every On The Run example bot, through the CLI as a user would run it: the correct bots pass the whole
// built-in suite in both roles; each broken bot fails the whole suite with exactly its verdict.
import { describe, expect, it } from 'vitest';
import { allCodes, errorCodes, runJson, type Report } from '../helpers.js';

const EX = 'examples/on-the-run';
const CORRECT: Record<string, string[]> = {
  c: [`${EX}/c/build/bot`],
  python: ['python3', `${EX}/python/bot.py`],
  javascript: ['node', `${EX}/js/bot.js`],
};

const problems = (report: Report) => report.results.flatMap((r) => r.violations.map((v) => `${r.name} [${r.role}]: ${v.code} ${v.message}`));

describe('correct On The Run examples pass the whole built-in suite', () => {
  for (const [lang, cmd] of Object.entries(CORRECT)) {
    it.each(['fugitive', 'detectives'])(`${lang} as the %s`, async (role) => {
      const { code, report } = await runJson(['check', 'on-the-run', '--role', role, '--', ...cmd]);
      expect(problems(report)).toEqual([]);
      expect(code).toBe(0);
      expect(report.results.every((r) => r.role === role && r.status === 'passed')).toBe(true);
      // The suite reaches both endings for this bot: a catch (the bot then reads Quit) and a game
      // that goes the full 50 turns (the bot then ends on its own).
      const summaries = report.results.map((r) => r.outcome?.summary ?? '');
      expect(summaries.some((s) => s.startsWith('caught in turn'))).toBe(true);
      expect(summaries.some((s) => s.startsWith('the fugitive was not caught in 50 turns') || s.startsWith('caught in turn 50'))).toBe(true);
      // ...and connect.txt with display data after END.
      expect(report.results.some((r) => r.name === 'connect.txt with display data after END')).toBe(true);
    });
  }
});

const BROKEN: [file: string, role: string, codes: string[]][] = [
  ['non_adjacent.py', 'detectives', ['illegal-move']],
  ['wrong_mode.py', 'fugitive', ['illegal-move']],
  ['shared_city.py', 'detectives', ['illegal-move']],
  ['bad_format.js', 'fugitive', ['bad-format']],
  ['no_self_exit.py', 'detectives', ['no-self-exit']],
  ['build/unflushed', 'fugitive', ['unflushed-output']],
  ['build/unflushed', 'detectives', ['unflushed-output']],
  ['fixed_map.py', 'fugitive', ['illegal-move']],
  ['reads_past_end.py', 'fugitive', ['crash']],
  ['reads_past_end.py', 'detectives', ['crash']],
];

const command = (file: string) => (file.endsWith('.py') ? ['python3', `${EX}/broken/${file}`] : file.endsWith('.js') ? ['node', `${EX}/broken/${file}`] : [`${EX}/broken/${file}`]);

describe('broken On The Run examples fail the built-in suite with exactly their verdict', () => {
  const reports = new Map<string, Report>();
  it.each(BROKEN)('%s as the %s → %j', async (file, role, codes) => {
    // no_self_exit.py waits out the exit grace at the end of every game: more of its games overlap.
    const jobs = file === 'no_self_exit.py' ? ['--jobs', '4'] : [];
    const { code, report } = await runJson(['check', 'on-the-run', '--role', role, ...jobs, '--', ...command(file)]);
    expect(errorCodes(report)).toEqual(codes);
    expect(code).toBe(1);
    reports.set(`${file} ${role}`, report);
  });

  const first = (key: string, code: string) => {
    const report = reports.get(key);
    if (!report) throw new Error(`run '${key}' first`);
    return report.results.flatMap((r) => r.violations).find((v) => v.code === code)!;
  };

  it('the verdicts name what was played and what the rules allow', () => {
    expect(first('non_adjacent.py detectives', 'illegal-move').message).toMatch(/^detective 1 is in city \d+ and cannot move to city \d+: there is no connection between them; from \d+ it can reach \d+(, \d+)*$/);
    expect(first('wrong_mode.py fugitive', 'illegal-move').message).toMatch(/^the fugitive's move '[CTP] \d+': there is no (car|train|plane) connection between \d+ and \d+ \(only [a-z ]+: '[CTP] \d+'\)$/);
    expect(first('shared_city.py detectives', 'illegal-move').message).toMatch(/^detectives 1 and 2 both end the turn in city (\d+) \(moving from \d+ and \d+\)$/);
    expect(first('shared_city.py detectives', 'illegal-move').expected).toMatch(/^\d+ \d+ \d+ \d+$/);
    expect(first('bad_format.js fugitive', 'bad-format').message).toMatch(/^the fugitive's move '\d+' is not a move: the mode of transport is missing/);
    expect(first('fixed_map.py fugitive', 'illegal-move').message).toMatch(/is not connected to the fugitive's city \d+; from \d+ the fugitive can take /);
    const unflushed = first('build/unflushed detectives', 'unflushed-output');
    expect(unflushed.ply).toBe(0);
  });

  it('reading past END only breaks where connect.txt has data after END', () => {
    const report = reports.get('reads_past_end.py fugitive')!;
    const failed = report.results.filter((r) => r.status === 'failed').map((r) => r.name);
    expect(failed).toEqual(['connect.txt with display data after END']);
    expect(allCodes(report)).toEqual(['crash', 'stderr-output']);
  });
});

describe('timing: 5 s for the whole game, counted only while the jury waits', () => {
  // The two games spend their time waiting for a sleeping bot (5 s of budget each): they wait side by side.
  it.concurrent.each(['fugitive', 'detectives'])('a bot thinking 15 s in turn 3 is stopped when the budget runs out (as the %s): irregular loss 20-0', async (role) => {
    const { code, report } = await runJson(['run', 'scenarios/on-the-run/full-game-1.yaml', '--role', role, '--', 'python3', `${EX}/broken/slow.py`]);
    expect(errorCodes(report)).toEqual(['total-time-exceeded']);
    expect(code).toBe(1);
    const r = report.results[0]!;
    expect(r.violations[0]!.ply).toBe(3);
    expect(r.outcome).toMatchObject({ finished: true, winner: role === 'fugitive' ? 'detectives' : 'fugitive', summary: expect.stringMatching(/total-time-exceeded \(turn 3\): irregular loss, 20-0/) });
  });
});

