// SIGINT during a parallel check: the finished runs are written to every report, marked interrupted,
// the temporary folders are gone and the exit code is 130.
import { execa } from 'execa';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-interrupt-test-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('an interrupted check', () => {
  it('writes what finished, marked interrupted, cleans up and exits 130', async () => {
    const out = path.join(tmp, 'out');
    const scratch = path.join(tmp, 'scratch'); // the CLI's TMPDIR: every folder it makes is seen here
    for (const d of [out, scratch]) mkdirSync(d);
    const child = execa(process.execPath, [CLI, 'check', 'alquerque', '--jobs', '4',
      '--reporter', `json=${out}/r.json`, '--reporter', `tap=${out}/r.tap`, '--reporter', `junit=${out}/r.xml`, '--reporter', `html=${out}/r.html`,
      '--transcript', `${out}/t.json`, '--', 'python3', 'examples/alquerque/python/bot.py'], {
      cwd: ROOT, reject: false, env: { NO_COLOR: '1', TMPDIR: scratch }, stdin: 'ignore', timeout: 120_000,
    });
    // Interrupt once the first runs have finished (the TAP file streams them) and others are in progress.
    const tapFile = `${out}/r.tap`;
    const started = Date.now();
    while (Date.now() - started < 90_000) {
      await new Promise((r) => setTimeout(r, 200));
      let tap = '';
      try {
        tap = readFileSync(tapFile, 'utf8');
      } catch {
        // not created yet
      }
      if (/^(not )?ok 2 /m.test(tap)) break;
    }
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode, r.stderr).toBe(130);
    expect(r.stderr).toContain('interrupted (SIGINT)');
    const report = JSON.parse(readFileSync(`${out}/r.json`, 'utf8')) as { interrupted?: { planned: number }; results: { violations: { code: string }[] }[] };
    expect(report.interrupted?.planned).toBeGreaterThan(report.results.length);
    expect(report.results.length).toBeGreaterThanOrEqual(2);
    // Runs cut short by the interrupt are left out, so no killed bot is blamed for ending early.
    expect(report.results.flatMap((res) => res.violations.map((v) => v.code))).not.toContain('early-exit');
    expect(report.results.flatMap((res) => res.violations.map((v) => v.code))).not.toContain('crash');
    expect(readFileSync(`${out}/r.tap`, 'utf8')).toMatch(/^Bail out! interrupted: \d+ of \d+ scenario runs finished$/m);
    expect(readFileSync(`${out}/r.xml`, 'utf8')).toMatch(/<property name="interrupted" value="\d+ of \d+ scenario runs finished"\/>/);
    expect(readFileSync(`${out}/r.html`, 'utf8').length).toBeGreaterThan(1000);
    const transcript = JSON.parse(readFileSync(`${out}/t.json`, 'utf8')) as { runs: unknown[] };
    expect(transcript.runs.length).toBe(report.results.length);
    expect(readdirSync(scratch)).toEqual([]);
  });
});

describe('an interrupted match', () => {
  it('leaves a match transcript of the games that finished, which replays as recorded', async () => {
    const file = path.join(tmp, 'match.jsonl');
    const bot = 'examples/alquerque/c/build/bot';
    const child = execa(process.execPath, [CLI, 'match', 'alquerque', '--games', '1000', '--seed', '3', '--transcript', file, '--', bot, '--', bot], {
      cwd: ROOT, reject: false, env: { NO_COLOR: '1' }, stdin: 'ignore', timeout: 120_000,
    });
    // Interrupt once a game's line is in the file (the header, then a line per finished game).
    const lines = (): number => {
      try {
        return readFileSync(file, 'utf8').split('\n').length - 1;
      } catch {
        return 0;
      }
    };
    const started = Date.now();
    while (lines() < 2 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 50));
    // Written as the game ended, while the match goes on.
    expect(lines()).toBeGreaterThanOrEqual(2);
    child.kill('SIGINT');
    const r = await child;
    expect(r.stderr).toContain('interrupted (SIGINT)');
    expect(r.stdout).toMatch(/stopped: interrupted/);
    expect(r.exitCode).toBe(130); // as an interrupted check: the reports of what finished, and the signal's code
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const games = text.slice(0, -1).split('\n').slice(1).map((line) => JSON.parse(line) as { index: number });
    expect(games.length).toBeGreaterThanOrEqual(1);
    expect(games.length).toBeLessThan(1000);
    const replay = await execa(process.execPath, [CLI, 'replay', file, '--', bot, '--', bot], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' }, stdin: 'ignore', timeout: 120_000 });
    expect(replay.stdout).toContain(`replayed ${games.length} game${games.length === 1 ? '' : 's'} of ${games.length} in the transcript: every bot seat as recorded (${2 * games.length})`);
    expect(replay.exitCode, replay.stderr).toBe(0);
  });
});
