// refereeReuse (game.json): a referee program that handles `start` again keeps its process from game to
// game — the same verdicts as a process per game, far fewer process starts — and a referee that was at
// fault once is never given another game. Nothing outlives the run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRefereesEarly } from '../../harness/early-start.js';
import { afterwardsDone } from '../../harness/core/afterwards.js';
import { BotCgroup } from '../../harness/core/containment.js';
import { closeIdleReferees, refereesWaiting } from '../../harness/games/process-referee.js';
import { ROOT, runCli, runJson, type ReportResult, scratchDir } from '../helpers.js';

const COUNTER = path.join(ROOT, 'test/fixtures/referees/count-starts.py');
const BOT = path.join(ROOT, 'examples/alquerque/c/build/bot');

/** alquerque-py's manifest with its referee counting its starts into `log`, reuse as given. */
function manifest(reuse: boolean, log: string, extra: string[] = []): string {
  const dir = scratchDir('botjury-reuse-');
  const m = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...m, suite: path.join(ROOT, 'examples/games/alquerque-py/scenarios'), refereeReuse: reuse, referee: ['python3', COUNTER, log, ...extra] }));
  return path.join(dir, 'game.json');
}

const starts = (log: string): number[] => readFileSync(log, 'utf8').trim().split('\n').map(Number);
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const essence = (r: ReportResult) => ({ name: r.name, role: r.role, status: r.status, violations: r.violations.map((v) => `${v.code}@${v.ply}`), outcome: r.outcome });

describe('refereeReuse', () => {
  it('one referee process for a whole suite (--jobs 1), with the verdicts and outcomes of a process per game; none left after', async () => {
    const scratch = scratchDir('botjury-reuse-log-');
    const [reusedLog, freshLog] = [path.join(scratch, 'reused'), path.join(scratch, 'fresh')];
    const reused = await runJson(['check', 'alquerque-py', '--jobs', '1', '--game-module', manifest(true, reusedLog), '--', BOT]);
    const fresh = await runJson(['check', 'alquerque-py', '--jobs', '1', '--game-module', manifest(false, freshLog), '--', BOT]);
    expect(reused.code, reused.stderr).toBe(0);
    expect(reused.report.results.length).toBeGreaterThan(5);
    expect(reused.report.results.map(essence)).toEqual(fresh.report.results.map(essence));
    expect(starts(freshLog)).toHaveLength(fresh.report.results.length);
    expect(starts(reusedLog)).toHaveLength(1);
    for (const pid of [...starts(reusedLog), ...starts(freshLog)]) expect(alive(pid), `referee ${pid}`).toBe(false);
  }, 120_000);

  it('run: the referee started ahead, while the scenarios are read, is the one the games use', async () => {
    const scratch = scratchDir('botjury-reuse-log-');
    const log = path.join(scratch, 'warm');
    const r = await runJson(['run', path.join(ROOT, 'examples/games/alquerque-py/scenarios'), '--jobs', '1', '--game-module', manifest(true, log), '--', BOT]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.report.results.length).toBeGreaterThan(2);
    expect(starts(log)).toHaveLength(1);
    for (const pid of starts(log)) expect(alive(pid), `referee ${pid}`).toBe(false);
  }, 120_000);

  it('a referee started ahead is closed when the run does not use it, or stops before any game (a scenario file at fault)', async () => {
    const scratch = scratchDir('botjury-reuse-log-');
    // Scenarios of the built-in alquerque only: the referee program was started for nothing.
    const unused = path.join(scratch, 'unused');
    const r = await runJson(['run', path.join(ROOT, 'scenarios/alquerque/play-as-white.yaml'), '--game-module', manifest(true, unused), '--', BOT]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.report.results.map((x) => x.status)).toEqual(['passed']);
    // A scenario file at fault: exit 2 with its one line, after the referee was started (ahead of the
    // reading), which must not outlive the run.
    const early = path.join(scratch, 'early');
    const broken = path.join(scratch, 'broken.yaml');
    writeFileSync(broken, 'game: alquerque-py\nrole: white\nsteps: 3\n');
    const b = await runCli(['run', broken, '--game-module', manifest(true, early), '--', BOT]);
    expect(b.code, b.stderr).toBe(2);
    expect(b.stderr.trim().split('\n')).toHaveLength(1);
    for (const log of [unused, early]) {
      expect(starts(log), log).toHaveLength(1);
      for (const pid of starts(log)) expect(alive(pid), `referee ${pid}`).toBe(false);
    }
  }, 120_000);

  it('a reused referee that cannot start: the game reports it (exit 2, one line naming the referee), as without reuse', async () => {
    const dir = scratchDir('botjury-reuse-');
    const m = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...m, suite: path.join(ROOT, 'examples/games/alquerque-py/scenarios'), refereeReuse: true, referee: ['/nonexistent/referee'] }));
    const r = await runCli(['check', 'alquerque-py', '--game-module', path.join(dir, 'game.json'), '--', BOT]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(/^botjury: the referee of alquerque-py \(\/nonexistent\/referee\): cannot start \/nonexistent\/referee/);
    expect(r.stderr).not.toMatch(/internal error|unhandled|\n\s+at /i);
  }, 60_000);

  it('a referee at fault is not given another game: the tournament voids that game and plays it again with a new process', async () => {
    const scratch = scratchDir('botjury-reuse-log-');
    const log = path.join(scratch, 'faulty');
    // The first process answers its 40th request with garbage (in its first game); later ones never.
    const report = path.join(scratch, 'report.json');
    const r = await runCli(['tournament', 'alquerque-py', '--seed', '1', '--jobs', '1', '--no-isolate', '--game-module', manifest(true, log, ['fault-once-at', '40', path.join(scratch, 'marker')]), '--reporter', `json=${report}`, '--', BOT, '--', BOT]);
    expect(r.code, r.stderr).toBe(0);
    const t = JSON.parse(readFileSync(report, 'utf8')) as { voided: { error: string }[]; games: unknown[] };
    expect(t.voided).toHaveLength(1);
    expect(t.voided[0]!.error).toMatch(/the referee of alquerque-py .* answered 'not json', which is not JSON/);
    expect(t.games).toHaveLength(2);
    // The faulty process played no other game: the replay and the second game had a process of their own,
    // and that one was kept for the game after it.
    expect(starts(log)).toHaveLength(2);
    for (const pid of starts(log)) expect(alive(pid)).toBe(false);
  }, 120_000);
});

describe('a referee started before botjury loads (bin/botjury.js, early-start.ts)', () => {
  /** A referee that notes its pid at once (a shell: no interpreter start to wait for), then echoes. */
  function quickManifest(log: string, fields: Record<string, unknown> = {}): string {
    const dir = scratchDir('botjury-early-');
    const m = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...m, suite: path.join(ROOT, 'examples/games/alquerque-py/scenarios'), refereeReuse: true, referee: ['/bin/sh', '-c', 'echo $$ >> "$0"; exec cat', log], ...fields }));
    return path.join(dir, 'game.json');
  }

  it('check and run of a manifest game with refereeReuse start its referee; nothing else does, and nothing is left', async () => {
    const log = path.join(scratchDir('botjury-early-log-'), 'starts');
    const m = quickManifest(log);
    let started = 0;
    for (const argv of [
      ['check', 'alquerque-py', '--game-module', m, '--', BOT],
      ['run', 'some.yaml', '--game-module', m, '--jobs', '2', '--', BOT],
    ]) {
      startRefereesEarly(argv);
      expect(refereesWaiting(), argv.join(' ')).toBe(1);
      started++; // this command's referee has written its pid: the log's last line
      for (let i = 0; i < 500 && !(existsSync(log) && starts(log).length === started); i++) await new Promise((r) => setTimeout(r, 20));
      // After the referee's spawn, botjury waits in the first bot's cgroup (where it can make one) until
      // the command's run takes over, or the command ends.
      await BotCgroup.settled();
      // The referee entered a cgroup of its own by itself (its spawn waited for no move of botjury's).
      const referee = starts(log).at(-1)!;
      const cgroupOf = (pid: number | 'self'): string | undefined => /botjury-[\d-]+/.exec(readFileSync(`/proc/${pid}/cgroup`, 'latin1'))?.[0];
      if (cgroupOf(referee)) {
        expect(cgroupOf(referee)).toMatch(new RegExp(`^botjury-${process.pid}-`));
        expect(cgroupOf('self')).toMatch(new RegExp(`^botjury-${process.pid}-`));
        expect(cgroupOf('self'), "botjury waits in the first bot's cgroup, not the referee's").not.toBe(cgroupOf(referee));
      }
      await closeIdleReferees();
      BotCgroup.endInterimHold();
      await afterwardsDone();
      expect(readFileSync('/proc/self/cgroup', 'latin1')).not.toContain('botjury-');
      expect(refereesWaiting()).toBe(0);
    }
    expect(starts(log)).toHaveLength(2);
    for (const pid of starts(log)) expect(alive(pid), `referee ${pid}`).toBe(false);
    // As the command itself warms up: not for another game's check, a command that stops at once, a
    // referee not declared reusable, another command, or a manifest botjury refuses.
    const broken = path.join(scratchDir('botjury-early-'), 'game.json');
    writeFileSync(broken, '{"id": "x", "referee": "python3 referee.py"}');
    for (const argv of [
      ['check', 'alquerque', '--game-module', m, '--', BOT],
      ['check', 'alquerque-py', '--game-module', m],
      ['check', 'alquerque-py', '--game-module', m, '--'],
      ['check', 'alquerque-py', '--game-module', m, '--help', '--', BOT],
      ['check', 'alquerque-py', '--game-module', quickManifest(log, { refereeReuse: false }), '--', BOT],
      ['match', 'alquerque-py', '--game-module', m, '--', BOT, '--', BOT],
      ['check', 'alquerque-py', '--game-module', broken, '--', BOT],
      ['check', 'alquerque-py', '--no-such-option', '--game-module', m, '--', BOT],
    ]) {
      startRefereesEarly(argv);
      expect(refereesWaiting(), argv.join(' ')).toBe(0);
    }
  });

  it('the command: a referee started before a usage mistake is found is closed at the end (exit 2)', async () => {
    const log = path.join(scratchDir('botjury-early-log-'), 'starts');
    // --jobs 0 is found after the manifest is read: the referee had already started.
    const r = await runCli(['check', 'alquerque-py', '--jobs', '0', '--game-module', quickManifest(log), '--', BOT]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^botjury: --jobs needs/);
    expect(starts(log)).toHaveLength(1);
    for (const pid of starts(log)) expect(alive(pid), `referee ${pid}`).toBe(false);
  }, 60_000);
});
