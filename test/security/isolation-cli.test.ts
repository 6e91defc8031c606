// --isolate on every command that runs bots, where bubblewrap cannot work: exit 2 with one line that
// says why and how to install it, before anything runs (check, match and fuzz are in
// test/core/isolation.test.ts; here run, replay and tournament). The tournament isolates by default
// where it works — a hostile bot in the field finds no one to attack — and where it does not, plays
// without isolation and says why.
import { execa } from 'execa';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentReport } from '../../harness/tournament/types.js';
import { isolationTestProblem, ROOT, runCli } from '../helpers.js';

const IN_CI = !!process.env.CI;
const PROBLEM = isolationTestProblem();
const C_BOT = path.join(ROOT, 'examples/alquerque/c/build/bot');
const MISSING = 'botjury: --isolate needs bubblewrap (bwrap), which is not on PATH: install it (Debian/Ubuntu: apt-get install bubblewrap)';

let tmp: string;
/** A PATH with no bwrap on it (and nothing else: every command below names its programs in full). */
let noBwrap: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'isolation-cli-'));
  chmodSync(tmp, 0o755); // botjury as root runs a sandboxed bot as nobody, who must be able to run what is built here
  noBwrap = mkdtempSync(path.join(tmp, 'empty-path-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('--isolate where bubblewrap is missing', () => {
  it('run, replay and tournament: exit 2, one line naming the package to install, nothing run', async () => {
    const transcript = path.join(tmp, 'run.json');
    const recorded = await runCli(['run', 'scenarios/alquerque/capture-continuation.yaml', '--transcript', transcript, '--', C_BOT]);
    expect(recorded.code, recorded.stderr).toBe(0);
    for (const args of [
      ['run', 'scenarios/alquerque/capture-continuation.yaml', '--isolate', '--', C_BOT],
      ['replay', transcript, '--isolate', '--', C_BOT],
      ['tournament', 'alquerque', '--isolate', '--', C_BOT, '--', C_BOT],
    ]) {
      const r = await runCli(args, { env: { PATH: noBwrap } });
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(2);
      expect(r.stdout, args[0]).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines, args[0]).toEqual([MISSING]);
    }
  });

  it('tournament without --isolate: played without isolation, and it says why', async () => {
    const r = await runCli(['tournament', 'alquerque', '--seed', '1', '--reporter', 'json', '--', C_BOT, '--', C_BOT], { env: { PATH: noBwrap } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual(['botjury: the bots run without isolation (isolation needs bubblewrap (bwrap), which is not on PATH: install it (Debian/Ubuntu: apt-get install bubblewrap)); give --no-isolate to say so, or fix it to isolate them']);
    const report = JSON.parse(r.stdout) as TournamentReport;
    expect(report.isolated).toBe(false);
    expect(report.games).toHaveLength(2);
  });
});

describe.skipIf(PROBLEM !== null && !IN_CI)('the tournament isolates by default where it works', () => {
  it('a bot of the field that attacks the other finds no one: the games are those of the field without the attack', async () => {
    const attacker = path.join(tmp, 'attacker');
    await execa('cc', ['-O2', '-Wall', '-o', attacker, path.join(ROOT, 'test/fixtures/bots/attacks/attacker.c')]);
    const play = async (attack: string, extra: string[] = []): Promise<{ report: TournamentReport; stderr: string }> => {
      const file = path.join(tmp, `${attack}${extra.join('')}.json`);
      const r = await runCli(['tournament', 'alquerque', '--seed', '3', '--reporter', `json=${file}`, ...extra, '--', attacker, attack, C_BOT, '--', C_BOT]);
      expect(r.code, r.stderr).toBeLessThan(2);
      return { report: JSON.parse(readFileSync(file, 'utf8')) as TournamentReport, stderr: r.stderr };
    };
    /** Each game's seats and results, and the honest bot's every line and verdict. */
    const played = (report: TournamentReport) =>
      report.games.map((g) => ({
        seats: g.seats.map((s) => [s.bot, s.result, s.points]),
        honest: g.seats.filter((s) => s.bot === 1).map((s) => [s.run!.transcript.filter((e) => e.dir === 'jury' || e.dir === 'bot').map((e) => `${e.dir}: ${e.text}`), s.run!.violations.map((v) => v.code)]),
      }));
    const attackerLog = (report: TournamentReport): string[] => report.games.map((g) => g.seats.find((s) => s.bot === 0)!.run!.transcript.filter((e) => e.dir === 'stderr').map((e) => e.text).join(''));

    const [calm, attacked, open] = await Promise.all([play('none'), play('kill'), play('kill', ['--no-isolate'])]);
    expect(attacked.report.isolated).toBe(true);
    expect(attacked.stderr).not.toMatch(/without isolation/);
    for (const log of attackerLog(attacked.report)) expect(log).toMatch(/^ATTACK kill RESULT failed: no opponent to signal$/m);
    expect(played(attacked.report)).toEqual(played(calm.report));
    // The same field with --no-isolate: the attack works, and the games are not those of the calm field.
    expect(open.report.isolated).toBe(false);
    for (const log of attackerLog(open.report)) expect(log).toMatch(/^ATTACK kill RESULT succeeded: SIGKILL sent to pid \d+$/m);
    expect(played(open.report)).not.toEqual(played(calm.report));
  }, 120_000);
});
