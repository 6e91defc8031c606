import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, runJson } from '../helpers.js';

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
    const file = `/tmp/botjury-test-${process.pid}.json`;
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
