// A bot's cgroup is a help, not a proof: a daemon with root's rights can write its pid into another
// cgroup's cgroup.procs. botjury still finds it through /proc (its parent, its descriptors on the bot's
// stdio) and ends it with the run. Where botjury has no cgroup (not root), the same runs test tracking.
// And what /proc finds must be the bot's: never a process that only shares /dev/null with it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessTree } from '../../harness/core/containment.js';
import { fdTarget } from '../../harness/core/proc.js';
import { runCli } from '../helpers.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'botjury-cgroup-escape-'));
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
