import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, runJson, scratchDir } from '../helpers.js';

const QBOT = ['node', '-e', `
const rl = require('readline').createInterface({ input: process.stdin });
rl.on('line', (l) => { if (l === 'Quit') process.exit(0); if (l === 'c3-d4') process.stdout.write('e5*c3\\n'); });
`];

describe('CLI contract: exit codes and harness faults', () => {
  it('lists the games with roles, profiles and suites', async () => {
    const r = await runCli(['list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/alquerque[\s\S]*roles: +white, black[\s\S]*codecup2008 \(default\)/);
  });
  it('exit 2 with a one-line reason when the bot executable does not exist', async () => {
    const r = await runCli(['check', 'alquerque', '--', './no-such-bot']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('botjury: bot executable not found: ./no-such-bot');
  });
  it("a bot named like a file here but not found on PATH: says how to give it (./bot.py, python3 bot.py)", async () => {
    const r = await runCli(['check', 'alquerque', '--', 'bot.py'], { cwd: path.join(ROOT, 'examples/alquerque/python') });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('botjury: bot executable not found: bot.py on PATH; bot.py in this folder is given as ./bot.py (executable, with a #! line) or as python3 bot.py');
    const elsewhere = await runCli(['check', 'alquerque', '--', 'bot.py']);
    expect(elsewhere.stderr.trim()).toBe('botjury: bot executable not found: bot.py');
  });
  it('validate reports every mistake of every file in one pass, in line order, with did-you-mean', async () => {
    const dir = scratchDir('botjury-validate-');
    const first = path.join(dir, 'first.yaml');
    writeFileSync(first, "game: alquerque\nname: a user's first scenario\nrolle: black\nrole: blak\nprofile: codecup2009\nsteps:\n  - opponent: c3-d4\n  - bott: e5*c3\n  - play: { plise: 10 }\nreach: [captur]\n");
    const second = path.join(dir, 'second.yaml');
    writeFileSync(second, 'game: alquerqe\nseed: 1\ncolour: red\n');
    const r = await runCli(['validate', first, second]);
    expect(r.code).toBe(2);
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.slice(dir.length + 1))).toEqual([
      "first.yaml:3:1: scenario: unknown key 'rolle' (did you mean 'role'?)",
      "first.yaml:4:7: alquerque has roles white, black; 'blak' is not one of them (did you mean 'black'?)",
      "first.yaml:5:10: alquerque has profiles codecup2008; not 'codecup2009' (did you mean 'codecup2008'?)",
      "first.yaml:8:5: steps.1: unknown key 'bott' (did you mean 'bot'?)",
      "first.yaml:9:13: steps.2.play: unknown key 'plise' (did you mean 'plies'?)",
      "first.yaml:10:9: reach: 'captur' is not a goal of alquerque (did you mean 'capture-chain'?); goals: end, bot-wins, bot-loses, self-exit, quit, close, tie, capture-due, capture-chain, move-back-barred",
      "second.yaml:1:7: game 'alquerqe' is not known (did you mean 'alquerque'?): not built in, not loaded with --game-module, and no package botjury-game-alquerqe is installed where the scenario is",
      "second.yaml:3:1: scenario: unknown key 'colour'", // nothing near it
    ]);
    expect(r.stderr).toContain('0 of 2 scenario files valid');
  });
  it('exit 2 for usage errors, never a stack trace', async () => {
    for (const args of [['check'], ['check', 'chess', '--', 'x'], ['run', '--', 'python3'], ['frobnicate'], ['check', 'alquerque', '--jobs', 'x', '--', 'true']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
  it('validate prints file:line:col for each problem and exits 2', async () => {
    const r = await runCli(['validate', 'test/fixtures/scenarios/invalid-key.yaml']);
    expect(r.code).toBe(2);
    expect(r.stdout.trim()).toBe("test/fixtures/scenarios/invalid-key.yaml:6:5: steps.1: unknown key 'bott' (did you mean 'bot'?)");
  });
  it('an invalid scenario given to run is exit 2 and blames the file, not the bot', async () => {
    const r = await runCli(['run', 'test/fixtures/scenarios/invalid-key.yaml', '--', ...QBOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid-key.yaml:6:5');
  });
  it('a scripted illegal opponent move is a scenario error found before the bot runs (exit 2), not a violation', async () => {
    const r = await runCli(['run', 'test/fixtures/scenarios/illegal-opponent.yaml', '--', ...QBOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/illegal-opponent\.yaml:4:1: step 1: scripted opponent move at ply 1 is not legal/);
    expect(r.stdout).not.toMatch(/illegal-move/);
  });
  it('a step that does not fit whose turn it is is a scenario error', async () => {
    const r = await runCli(['run', 'test/fixtures/scenarios/wrong-turn.yaml', '--', ...QBOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/wrong-turn\.yaml:4:1: step 1: the scenario scripts an opponent move, but the jury is waiting for White's move 1/);
  });
  it('runs a scenario: exit 0, JSON report with transcript and timing', async () => {
    const { code, report } = await runJson(['run', 'test/fixtures/scenarios/black-short.yaml', '--', ...QBOT]);
    expect(code).toBe(0);
    const r = report.results[0]!;
    expect(r.status).toBe('passed');
    expect(r.transcript.filter((e) => e.dir !== 'event').map((e) => [e.dir, e.text])).toEqual([
      ['jury', 'c3-d4'], ['bot', 'e5*c3'], ['jury', 'Quit'],
    ]);
    expect(r.timing.replies).toBe(1);
    expect(r.timing.perReply[0]!.wallMs).toBeGreaterThan(0);
    expect(report.summary).toEqual({ passed: 1, failed: 0, errors: 0, skipped: 0, inconclusive: 0 });
  });
  it('writes several reporters at once: console to stderr when JSON goes to stdout, and =FILE', async () => {
    const file = path.join(scratchDir('botjury-reporters-'), 'report.json');
    const r = await runCli(['run', 'test/fixtures/scenarios/black-short.yaml', '--reporter', 'console', '--reporter', `json=${file}`, '--', ...QBOT]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 passed, 0 failed/);
    expect(JSON.parse(readFileSync(file, 'utf8')).summary.passed).toBe(1);
  });
  it('colours only on a terminal, and never with NO_COLOR', async () => {
    const r = await runCli(['run', 'test/fixtures/scenarios/black-short.yaml', '--', ...QBOT]);
    expect(r.stdout).not.toMatch(/\x1b\[/);
    const forced = await execa(process.execPath, ['bin/botjury.js', 'run', 'test/fixtures/scenarios/black-short.yaml', '--', ...QBOT], { reject: false, env: { FORCE_COLOR: '1' } });
    expect(String(forced.stdout)).toMatch(/\x1b\[/);
  });
});
