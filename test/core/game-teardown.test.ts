// What a game leaves for later, so that the next game need not wait for it, and what still holds:
// the bots' folders and cgroups are removed before a run's report is out; botjury's move back out of a bot's
// cgroup after the spawn is not waited for, and until it is done the cgroup is never killed whole.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenarios } from '../../harness/index.js';
import { runMatch } from '../../harness/match/match.js';
import { GAMES } from '../../harness/games/registry.js';
import { afterwardsDone } from '../../harness/core/afterwards.js';
import { BotCgroup, cgroupParents, ENTER_ITSELF_SCRIPT, ENTER_ITSELF_SHELL } from '../../harness/core/containment.js';
import { ROOT, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-teardown-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a bot's own folder and cgroup", () => {
  it('are gone when the run returns its report (their removal runs after the game, not before the next)', async () => {
    // The bot fills its folder with 400 files (a removal of several ms) and names it, then leaves.
    const record = path.join(tmp, 'cwd.txt');
    const bot = `import os\nfor i in range(400):\n    open(f"f{i}", "w").write("x")\nopen(${JSON.stringify(record)}, "w").write(os.getcwd())\n`;
    const report = await runScenarios([path.join(ROOT, 'test/fixtures/scenarios/black-short.yaml')], { bot: ['python3', '-c', bot], invokedFrom: ROOT });
    expect(report.results).toHaveLength(1);
    const folder = readFileSync(record, 'utf8');
    expect(path.basename(folder)).toMatch(/^botjury-/);
    expect(existsSync(folder), `${folder} is still there`).toBe(false);
    // The bot's cgroup (where botjury can make one), named after this process.
    const left = cgroupParents().flatMap(([, parent]) => readdirSync(parent).filter((n) => n.startsWith(`botjury-${process.pid}-`)));
    expect(left).toEqual([]);
  });
});

describe("botjury's move out of a bot's cgroup after the spawn", () => {
  it('is not waited for, and until it is done the cgroup is killed process by process, never whole (botjury is in it) [skipped where no cgroup is writable]', async (ctx) => {
    let child: ChildProcess | undefined;
    const { cgroup } = await BotCgroup.spawnInside(() => (child = spawn('sleep', ['30'], { stdio: 'ignore', detached: true })));
    if (!cgroup) {
      child!.kill('SIGKILL');
      ctx.skip();
      return;
    }
    // At once, before the move back home has been reported: with cgroup.kill this would end this very
    // process (the test worker) with the bot.
    cgroup!.killAll();
    const exited = await new Promise<string | null>((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));
    expect(exited).toBe('SIGKILL');
    // Once botjury is out, the cgroup is empty and goes.
    let removed = false;
    for (let tries = 0; tries < 200 && !removed; tries++) {
      removed = cgroup!.remove();
      if (!removed) await new Promise((r) => setTimeout(r, 10));
    }
    expect(removed).toBe(true);
    expect(readFileSync('/proc/self/cgroup', 'latin1')).not.toContain(path.basename(cgroup!.dir));
  });
});

describe('botjury waiting for the next spawn inside its cgroup', () => {
  const ownCgroups = (): string[] => cgroupParents().flatMap(([, parent]) => readdirSync(parent).filter((n) => n.startsWith(`botjury-${process.pid}-`)));
  const writable = async (): Promise<boolean> => {
    let child: ChildProcess | undefined;
    const { cgroup } = await BotCgroup.spawnInside(() => (child = spawn('true', [], { stdio: 'ignore' })));
    await new Promise((resolve) => child!.once('exit', resolve));
    await BotCgroup.settled();
    cgroup?.remove();
    return cgroup !== null;
  };

  it('starts every bot of a run with no cgroup move on its path, and is home with no cgroup left when the report is out [skipped where no cgroup is writable]', async (ctx) => {
    if (!(await writable())) ctx.skip();
    // Moving a process between cgroups can wait for a kernel grace period (7-20 ms): each bot's spawn
    // finds botjury already in the cgroup made for it (moved there during the game before, or as the
    // run got ready), so no game's start waits for a move.
    const before = BotCgroup.spawnsWithoutMove;
    const scenario = path.join(ROOT, 'test/fixtures/scenarios/black-short.yaml');
    const report = await runScenarios([scenario, scenario, scenario], { bot: ['python3', path.join(ROOT, 'examples/alquerque/python/bot.py')], invokedFrom: ROOT });
    expect(report.results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    expect(BotCgroup.spawnsWithoutMove - before).toBe(3);
    expect(readFileSync('/proc/self/cgroup', 'latin1')).not.toContain('botjury-');
    expect(ownCgroups()).toEqual([]);
  });

  it('starts both bots of every game of a match with no cgroup move on their path [skipped where no cgroup is writable]', async (ctx) => {
    if (!(await writable())) ctx.skip();
    const before = BotCgroup.spawnsWithoutMove;
    const bot = [path.join(ROOT, 'examples/alquerque/python/bot.py')];
    const report = await runMatch({ game: GAMES.find((g) => g.id === 'alquerque')!, games: 2, seed: 1, invokedFrom: ROOT, bots: [{ name: 'A', command: ['python3', ...bot] }, { name: 'B', command: ['python3', ...bot] }] }, 'test');
    expect(report.games).toHaveLength(2);
    expect(BotCgroup.spawnsWithoutMove - before).toBe(4);
    // runMatch returns with botjury home and its cgroups gone, as a run does.
    expect(readFileSync('/proc/self/cgroup', 'latin1')).not.toContain('botjury-');
    expect(ownCgroups()).toEqual([]);
  });

  it("keeps the kernel's moves quick while bots are still to start: its keeper rewritten into botjury's home cgroup every few ms, and no more once released [skipped where no cgroup is writable]", async (ctx) => {
    if (!(await writable())) ctx.skip();
    // A keeper in a cgroup of its own: the rewrite into home moves it there, which shows each write.
    let keeper: ChildProcess | undefined;
    const { cgroup } = await BotCgroup.spawnInside(() => (keeper = spawn('sleep', ['30'], { stdio: 'ignore' })));
    await BotCgroup.settled();
    const inOwn = (): boolean => readFileSync(`/proc/${keeper!.pid}/cgroup`, 'latin1').includes(path.basename(cgroup!.dir));
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      expect(inOwn()).toBe(true);
      const hold = BotCgroup.expectSpawns(() => keeper!.pid!);
      try {
        for (let tries = 0; tries < 100 && inOwn(); tries++) await sleep(10);
        expect(inOwn()).toBe(false); // written into home by the hold's ticks
      } finally {
        hold.release();
        await afterwardsDone();
      }
      await sleep(50); // a tick after the release stops the ticking
      writeFileSync(path.join(cgroup!.dir, 'cgroup.procs'), String(keeper!.pid));
      await sleep(100);
      expect(inOwn()).toBe(true); // no tick since
      // A keeper gone (null) is never written: the hold then writes nothing.
      const idle = BotCgroup.expectSpawns(() => null);
      await sleep(100);
      idle.release();
      await afterwardsDone();
      expect(inOwn()).toBe(true);
    } finally {
      keeper!.kill('SIGKILL');
      await new Promise((r) => keeper!.once('exit', r));
      for (let tries = 0; tries < 100 && !cgroup!.remove(); tries++) await sleep(10);
    }
    expect(ownCgroups()).toEqual([]);
  });

  it('held by a command getting ready, is given up when the command stops before its run [skipped where no cgroup is writable]', async (ctx) => {
    if (!(await writable())) ctx.skip();
    BotCgroup.expectSpawnsUntilRun();
    await BotCgroup.settled();
    expect(readFileSync('/proc/self/cgroup', 'latin1')).toContain(`botjury-${process.pid}-`);
    BotCgroup.endInterimHold();
    await afterwardsDone();
    expect(readFileSync('/proc/self/cgroup', 'latin1')).not.toContain('botjury-');
    expect(ownCgroups()).toEqual([]);
  });
});

describe('a child that enters its cgroup itself (referee programs)', () => {
  const run = (procsFile: string, argv: string[]): Promise<{ out: string; code: number | null }> =>
    new Promise((resolve) => {
      const child = spawn(ENTER_ITSELF_SHELL, ['-c', ENTER_ITSELF_SCRIPT, procsFile, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', (code) => resolve({ out, code }));
    });

  it("runs the command's words as given, in the cgroup from its first instruction [skipped where no cgroup is writable]", async (ctx) => {
    let child: (ChildProcess & { stdout: NodeJS.ReadableStream }) | undefined;
    let out = '';
    const { cgroup } = await BotCgroup.spawnEnteringItself((procsFile) => {
      child = spawn(ENTER_ITSELF_SHELL, procsFile ? ['-c', ENTER_ITSELF_SCRIPT, procsFile, 'sh', '-c', 'cat /proc/self/cgroup; echo "$1"', 'x', '$HOME; two words'] : ['-c', 'true'], { stdio: ['ignore', 'pipe', 'ignore'] }) as ChildProcess & { stdout: NodeJS.ReadableStream };
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      return child;
    });
    await new Promise((resolve) => child!.once('close', resolve));
    if (!cgroup) ctx.skip();
    expect(out).toContain(path.basename(cgroup!.dir)); // its first instruction (cat) already inside
    expect(out.trim().split('\n').at(-1)).toBe('$HOME; two words'); // no shell read the words
    expect(readFileSync('/proc/self/cgroup', 'latin1')).not.toContain(path.basename(cgroup!.dir)); // botjury never moved
    expect(cgroup!.remove()).toBe(true);
  });

  it('runs the command all the same where its cgroup cannot be entered', async () => {
    expect(await run('/no/such/cgroup/cgroup.procs', ['echo', 'still runs'])).toEqual({ out: 'still runs\n', code: 0 });
  });
});
