// Every bot dies with botjury, however botjury ends: the watchdog (harness/core/watchdog.ts), one /bin/sh
// per botjury in a session of its own, kills what botjury started once botjury's end of its pipe closes.
import { execa } from 'execa';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BotProcess } from '../../harness/core/bot-process.js';
import { cgroupParents } from '../../harness/core/containment.js';
import { deathGuardPrefix, startWatchdogForTest, watchBot, watchdogPid, WATCHDOG_SCRIPT } from '../../harness/core/watchdog.js';
import { CLI, ROOT, running, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-wd-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const until = async (ok: () => boolean, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await sleep(20);
  return ok();
};
const kill = (pid: number): void => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
};
const children = async (pid: number, pattern: string): Promise<number[]> =>
  (await execa('pgrep', ['-P', String(pid), '-f', pattern], { reject: false })).stdout.split('\n').filter(Boolean).map(Number);

describe('where the watchdog cannot be started', () => {
  it('bots are started behind setpriv --pdeathsig as before, and run', async () => {
    expect(await startWatchdogForTest('/no/such/sh')).toBe(false);
    const prefix = deathGuardPrefix();
    if (existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv')) expect(prefix).toContain('--pdeathsig');
    const bot = await BotProcess.start({ argv: ['sh', '-c', 'echo up; read x'] }, { cwd: tmp, invokedFrom: ROOT }, () => undefined);
    expect(await until(() => bot.unreadCount > 0, 5000)).toBe(true);
    expect(bot.takeLine()?.text).toBe('up');
    await bot.stop();
  });
});

describe('a watchdog that stops reading', () => {
  it('is ended and given up (setpriv from then on), not buffered for without bound', async () => {
    expect(await startWatchdogForTest('/bin/sh')).toBe(true);
    expect(deathGuardPrefix(), 'nothing before the bot while the watchdog runs').toEqual([]);
    const pid = watchdogPid()!;
    process.kill(pid, 'SIGSTOP');
    try {
      // Pids above any pid_max (2^22): nothing could be killed by mistake.
      for (let i = 0; i < 100_000 && watchdogPid() !== null; i++) watchBot(4_194_305 + i);
      expect(watchdogPid()).toBeNull();
      // Ended: resumed, it would act on lines that never reached it.
      expect(await until(() => !running(pid), 3000), 'the stopped watchdog is ended').toBe(true);
      if (existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv')) expect(deathGuardPrefix()).toContain('--pdeathsig');
    } finally {
      kill(pid);
    }
  });
});

describe('the watchdog', () => {
  it('kills the bots it was told of and has not been told to forget, once its pipe closes', async () => {
    // Its bookkeeping alone: two sleeping "bots", the first forgotten (its pid could be another
    // process's by then), and lines that are not a pid ignored.
    const bots = [0, 1].map(() => spawn('sleep', ['300'], { detached: true, stdio: 'ignore' }));
    const [a, b] = bots.map((c) => c.pid!) as [number, number];
    const watchdog = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, 'botjury-watchdog'], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    try {
      watchdog.stdin.write(`+${a}\n+${b}\n+x\n+1;kill -9 ${a}\n-12345\n-${a}\n`);
      await sleep(100);
      expect(running(a) && running(b)).toBe(true); // nothing happens while botjury lives
      watchdog.stdin.end();
      expect(await until(() => !running(b), 3000), 'the bot it watched is killed').toBe(true);
      expect(running(a), 'the forgotten one is left alone').toBe(true);
      expect(await until(() => watchdog.exitCode !== null, 3000), 'the watchdog exits').toBe(true);
    } finally {
      for (const c of bots) c.kill('SIGKILL');
      watchdog.kill('SIGKILL');
    }
  });

  it("ends the bot, what it started in a session of its own (where a cgroup holds it) and the bot's cgroups when botjury and its whole process group are SIGKILLed", async () => {
    // As `timeout -s KILL` ends a command: a kill of its process group. The watchdog is in a session
    // of its own; setpriv's pdeathsig never reached a bot's daemon at all.
    const record = path.join(tmp, 'pids.txt');
    const bot = `import os, sys, time\nleader = os.getpid()\nif os.fork() == 0:\n    os.setsid()\n    open(${JSON.stringify(record)}, "w").write("%d %d" % (leader, os.getpid()))\n    time.sleep(300)\nsys.stdin.read()\ntime.sleep(300)\n`;
    const run = spawn(process.execPath, [CLI, 'run', 'test/fixtures/scenarios/black-short.yaml', '--reporter', 'json=/dev/null', '--', 'python3', '-c', bot], { cwd: ROOT, detached: true, stdio: 'ignore', env: { ...process.env, TMPDIR: tmp } }); // the bot's folder, which a killed botjury cannot remove, in the test's scratch folder
    let pids: number[] = [];
    try {
      expect(await until(() => existsSync(record) && readFileSync(record, 'utf8').includes(' '), 10_000)).toBe(true);
      pids = readFileSync(record, 'utf8').split(' ').map(Number);
      const [leader, daemon] = pids as [number, number];
      const watchdogs = await children(run.pid!, 'botjury-watchdog');
      expect(watchdogs).toHaveLength(1);
      const held = readFileSync(`/proc/${daemon}/cgroup`, 'latin1').includes(`botjury-${run.pid}-`);
      process.kill(-run.pid!, 'SIGKILL');
      expect(await until(() => !running(leader), 3000), 'the bot').toBe(true);
      if (held) expect(await until(() => !running(daemon), 3000), "the bot's daemon, in its cgroup").toBe(true);
      expect(await until(() => !running(watchdogs[0]!), 3000), 'the watchdog, its work done').toBe(true);
      const left = () => cgroupParents().flatMap(([, parent]) => readdirSync(parent).filter((n) => n.startsWith(`botjury-${run.pid}-`)));
      expect(await until(() => left().length === 0, 3000), `cgroups left: ${left().join(', ')}`).toBe(true);
    } finally {
      kill(-run.pid!);
      for (const pid of pids) kill(pid);
    }
  });

  it('ends with a botjury that ends as it should, leaving nothing behind', async () => {
    const run = execa(process.execPath, [CLI, 'run', 'test/fixtures/scenarios/black-short.yaml', '--reporter', 'json=/dev/null', '--', 'python3', '-c', 'import time; time.sleep(1.5)'], { cwd: ROOT, reject: false });
    let watchdogs: number[] = [];
    for (let tries = 0; tries < 100 && watchdogs.length === 0; tries++) {
      await sleep(20);
      watchdogs = await children(run.pid!, 'botjury-watchdog');
    }
    expect(watchdogs).toHaveLength(1);
    await run;
    expect(await until(() => !running(watchdogs[0]!), 3000)).toBe(true);
  });
});
