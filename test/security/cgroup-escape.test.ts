// A bot's cgroup is a help, not a proof: a daemon with root's rights can write its pid into another
// cgroup's cgroup.procs. botjury still finds it through /proc (its parent, its descriptors on the bot's
// stdio) and ends it with the run. Where botjury has no cgroup (not root), the same runs test tracking.
// And what /proc finds must be the bot's: never a process that only shares /dev/null with it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessTree, removeStaleCgroups } from '../../harness/core/containment.js';
import { fdTarget } from '../../harness/core/proc.js';
import { runCli, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-cgroup-escape-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const FIXTURE = 'test/fixtures/bots/cgroup-escaper.py';

/** The process `pid` started at `start` still runs (a zombie has ended). */
function running(pid: number, start: string): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return false;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] === start && fields[0] !== 'Z' && fields[0] !== 'X';
}

describe('a daemon that moves itself out of the bot\'s cgroup', () => {
  const modes = [
    ['stdio', 'double-forked into a session of its own, holding only a copy of the bot\'s stdout'],
    ['ppid', 'forked into a session of its own, all descriptors closed, its parent the bot'],
  ] as const;
  for (const [mode, what] of modes)
    it(`is found through /proc and ended with the run: ${what}`, async () => {
      const report = path.join(tmp, `${mode}.txt`);
      const r = await runCli(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'python3', FIXTURE, report, mode, 'python3', 'examples/alquerque/python/bot.py']);
      expect(r.code, r.stderr + r.stdout).toBe(0);
      const [pid, start, before, after] = readFileSync(report, 'utf8').trim().split(' ') as [string, string, string, string];
      // With a cgroup (root): the daemon started in botjury's and left it.
      if (before !== '-') expect(after, 'the daemon should have left the bot\'s cgroup').toBe('-');
      const alive = running(Number(pid), start);
      if (alive) process.kill(Number(pid), 'SIGKILL');
      expect(alive, `daemon ${pid} survived the run (it started in cgroup ${before})`).toBe(false);
    });
});

describe('what /proc tracking takes for the bot\'s', () => {
  it('never a process that shares only /dev/null with it (a bash leader read mid-redirection shows /dev/null on fd 1)', async () => {
    const bot = spawn('sleep', ['30'], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    await new Promise((r) => setTimeout(r, 20));
    // Started after the bot, not by it: its fd 0, 1 and 2 are /dev/null.
    const stranger = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
    try {
      await new Promise((r) => setTimeout(r, 50));
      const tree = new ProcessTree(bot.pid!, new Set([fdTarget(bot.pid!, 0)!, '/dev/null', fdTarget(bot.pid!, 2)!]), null);
      tree.refresh();
      tree.refreshFully();
      expect(tree.pids()).toEqual([bot.pid]);
    } finally {
      bot.kill('SIGKILL');
      stranger.kill('SIGKILL');
    }
  });
});

/** A cgroup folder botjury could make its bots' cgroups in (cgroup2, else the v1 freezer or pids hierarchy), or null. */
function cgroupParent(): string | null {
  const own = readFileSync('/proc/self/cgroup', 'latin1').split('\n').map((l) => l.split(':')).filter((f) => f.length === 3);
  for (const line of readFileSync('/proc/self/mountinfo', 'latin1').split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const [fstype, , options] = right.split(' ');
    const fields = left.split(' ');
    if (fields[3] !== '/') continue;
    const mine = own.find(([, controllers]) => (fstype === 'cgroup2' ? controllers === '' : fstype === 'cgroup' && controllers !== '' && controllers!.split(',').some((c) => ['freezer', 'pids'].includes(c) && options!.split(',').includes(c))));
    if (!mine) continue;
    const dir = path.join(fields[4]!, mine[2]!);
    try {
      const probe = path.join(dir, `botjury-probe-${process.pid}`);
      mkdirSync(probe);
      rmdirSync(probe);
      return dir;
    } catch {
      // not writable here
    }
  }
  return null;
}

describe('the cgroups of a botjury that was killed', () => {
  const parent = cgroupParent();
  it.skipIf(!parent)('are emptied and removed without blocking the event loop, even one the kernel will not remove yet', async () => {
    // A cgroup named as botjury names them, by a process that no longer exists, holding a process, and a
    // cgroup of its own inside (which keeps it from being removed, as a process slow to die would).
    const stale = path.join(parent!, 'botjury-999999999-1-1');
    const inner = path.join(stale, 'inner');
    mkdirSync(stale);
    mkdirSync(inner);
    const left = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
    try {
      writeFileSync(path.join(stale, 'cgroup.procs'), String(left.pid));
      const exited = new Promise((r) => left.once('exit', r));
      const started = process.hrtime.bigint();
      removeStaleCgroups();
      // The kill is sent; removing it is retried in the background (it was a blocking 100 ms wait).
      expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(50);
      await exited;
      rmdirSync(inner);
      removeStaleCgroups();
      for (let i = 0; i < 100 && existsSync(stale); i++) await new Promise((r) => setTimeout(r, 10));
      expect(existsSync(stale)).toBe(false);
    } finally {
      left.kill('SIGKILL');
      for (const dir of [inner, stale])
        try {
          rmdirSync(dir);
        } catch {
          // removed
        }
    }
  });
});
