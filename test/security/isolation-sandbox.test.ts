// The sandbox of a bot started with `isolate`, as the host sees it: measured as its own program (the
// run queue too); namespaces of its own (user, PID, IPC, UTS, network, mount, cgroup), a session of
// its own, no capabilities and no new privileges, the unprivileged uid outside too when botjury is
// root; it dies with botjury; what it writes on stderr from its first instant, and its exit when it
// ends at once, are its own (never taken by the sandbox's set-up); and a sandbox that cannot be set
// up is botjury's fault, with bubblewrap's own words. (test/core/isolation.test.ts checks what the
// bot sees from inside, its measurements and its clock.)
import { execa } from 'execa';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from '../../harness/core/bot-process.js';
import { SANDBOX_ID } from '../../harness/core/isolation.js';
import { isolationTestProblem, ROOT, runCli, running } from '../helpers.js';

const IN_CI = !!process.env.CI;
const PROBLEM = isolationTestProblem();
if (PROBLEM && !IN_CI) console.warn(`isolation sandbox tests skipped: ${PROBLEM} (.ci/run installs bubblewrap; in CI these tests fail instead)`);
const AS_ROOT = process.getuid?.() === 0;

const ignore = (): void => undefined;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** Fields of /proc/PID/stat after the command name: [state, ppid, pgrp, session, …]. */
const statFields = (pid: number): string[] => readFileSync(`/proc/${pid}/stat`, 'latin1').replace(/^.*\) /s, '').split(' ');
const statusLine = (pid: number, key: string): string => new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? '';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'isolation-sandbox-'));
  chmodSync(tmp, 0o755); // botjury as root runs a sandboxed bot as nobody, who must be able to run the scripts here
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A bot's own folder, directly under /tmp as botjury makes them; removed with the file's others. */
const cwds: string[] = [];
function freshCwd(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'botjury-'));
  cwds.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of cwds) rmSync(dir, { recursive: true, force: true });
});

function script(name: string, text: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, text, { mode: 0o755 });
  return file;
}

describe.skipIf(PROBLEM !== null && !IN_CI)('a sandboxed bot, as the host sees it', () => {
  it('has namespaces of its own, a session of its own, no capabilities, no new privileges, and an unprivileged uid', async () => {
    const bot = await BotProcess.start({ argv: [script('reads.sh', '#!/bin/sh\nexec cat >/dev/null\n')] }, { cwd: freshCwd(), invokedFrom: ROOT, isolate: { freshCwd: true } }, ignore);
    try {
      // The bot's program once the limits' launcher (prlimit) has become it.
      const cmdline = (pid: number | undefined): string => (pid === undefined ? '' : readFileSync(`/proc/${pid}/cmdline`, 'latin1'));
      let program: number | undefined;
      for (let tries = 0; tries < 200 && !cmdline(program).startsWith('cat\0'); tries++) {
        await sleep(10);
        program = bot.processIds()[0];
      }
      expect(cmdline(program)).toMatch(/^cat\0/);
      program = program!;
      // What botjury measures it by, read from the host's /proc: its own program's threads (CPU and
      // run-queue wait), never bubblewrap's two processes around it.
      expect(bot.processIds()).toEqual([program]);
      expect([...bot.sched().threads.keys()].sort()).toEqual(readdirSync(`/proc/${program}/task`).sort());
      expect(bot.cpuMs()).not.toBeNull();
      for (const ns of ['user', 'pid', 'ipc', 'uts', 'net', 'mnt', 'cgroup']) expect(readlinkSync(`/proc/${program}/ns/${ns}`), ns).not.toBe(readlinkSync(`/proc/self/ns/${ns}`));
      // Pid 2 of its sandbox, in a session of its own: the sandbox's pid 1 leads it (--new-session),
      // not bubblewrap outside (whose session botjury made for it), so no terminal of botjury's is reachable.
      expect(statusLine(program, 'NSpid').split(/\s+/)).toEqual([String(program), '2']);
      const [, parent, , session] = statFields(program);
      expect(session).toBe(parent);
      expect(session).not.toBe(statFields(bot.pid)[3]);
      expect(statusLine(program, 'CapEff')).toMatch(/^0+$/);
      expect(statusLine(program, 'NoNewPrivs')).toBe('1');
      // Inside it is nobody; outside it is botjury's own user, or nobody when botjury is root.
      const hostUid = AS_ROOT ? SANDBOX_ID : process.getuid!();
      expect(statusLine(program, 'Uid').split(/\s+/)).toEqual(Array(4).fill(String(hostUid)));
      expect(readFileSync(`/proc/${program}/uid_map`, 'latin1').trim().split(/\s+/)).toEqual([String(SANDBOX_ID), String(hostUid), '1']);
    } finally {
      await bot.stop();
    }
  });

  it('keeps every byte it writes on stderr from its first instant (the set-up never reads it)', async () => {
    // A shell writes at once; read by the set-up, these bytes would be lost (about half the starts before the fix).
    const early = script('early.sh', '#!/bin/sh\necho "early $$" >&2\nexec cat >/dev/null\n');
    for (let i = 0; i < 12; i++) {
      const bot = await BotProcess.start({ argv: [early] }, { cwd: freshCwd(), invokedFrom: ROOT, isolate: { freshCwd: true } }, ignore);
      for (let tries = 0; tries < 100 && !bot.stderrHead.includes('\n'); tries++) await sleep(10);
      const head = bot.stderrHead;
      await bot.stop();
      expect(head, `start ${i + 1}`).toBe('early 2\n');
    }
  });

  it('that ends at once is seen ending, with its last words (its exit is never handled before botjury reads it)', async () => {
    // Started four at a time, as parallel runs start them: the event loop is busy with the others'
    // sandboxes while each one's program is looked for (with a yield there, 8 of 20 runs lost the exit).
    const brief = script('brief.sh', '#!/bin/sh\necho bye >&2\nexit 3\n');
    const once = async (): Promise<{ exit: number | null; stderr: string }> => {
      const bot = await BotProcess.start({ argv: [brief] }, { cwd: freshCwd(), invokedFrom: ROOT, isolate: { freshCwd: true } }, ignore);
      for (let tries = 0; tries < 200 && !(bot.exit && bot.stderrHead); tries++) await sleep(10);
      const seen = { exit: bot.exit?.code ?? null, stderr: bot.stderrHead };
      await bot.stop();
      return seen;
    };
    for (let round = 0; round < 5; round++) {
      const seen = await Promise.all([once(), once(), once(), once()]);
      expect(seen, `round ${round + 1}`).toEqual(Array(4).fill({ exit: 3, stderr: 'bye\n' }));
    }
  });

  /**
   * Starts a botjury of its own (a node process that starts one sandboxed bot that never ends, with no
   * cgroup: the next botjury to start anywhere on the machine would empty a dead botjury's cgroup,
   * containment.ts, which must not be what ends this sandbox), kills it without warning once `ready`
   * says so, and returns what is still running 5 s later, each with what /proc says of it.
   */
  async function killedJury(options: { watchdog: boolean; path?: string; ready?: (pids: number[]) => Promise<void> }): Promise<{ pids: number[]; left: string[] }> {
    const forever = script('forever.sh', '#!/bin/sh\ntrap "" TERM HUP PIPE\nwhile :; do sleep 1; done\n');
    const dist = (file: string): string => JSON.stringify(path.join(ROOT, 'dist/harness/core', file));
    const jury = script('jury.mjs', `import { BotProcess } from ${dist('bot-process.js')};
import { startWatchdogForTest } from ${dist('watchdog.js')};
${options.watchdog ? '' : "await startWatchdogForTest('/nonexistent/sh');"}
const bot = await BotProcess.start({ argv: [${JSON.stringify(forever)}] }, { cwd: ${JSON.stringify(freshCwd())}, invokedFrom: '/', isolate: { freshCwd: true } }, () => undefined);
for (let tries = 0; tries < 200 && bot.processIds().length < 2; tries++) await new Promise((r) => setTimeout(r, 10));
console.log(JSON.stringify([bot.pid, ...bot.processIds()]));
setInterval(() => undefined, 1000);
`);
    const child = execa(process.execPath, [jury], { reject: false, stdin: 'ignore', env: { BOTJURY_NO_CGROUP: '1', ...(options.path ? { PATH: options.path } : {}) } });
    let pids: number[] = [];
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        void child.then((r) => reject(new Error(`the jury ended first: ${r.stderr}`)));
      });
      pids = JSON.parse(line) as number[];
      expect(pids.length).toBeGreaterThanOrEqual(3); // bubblewrap, the shell, its sleep
      // The sandbox's pid 1 (the shell's parent) too: it holds the sandbox.
      pids.push(Number(statFields(pids[1]!)[1]));
      for (const pid of pids) expect(running(pid), `pid ${pid} before`).toBe(true);
      await options.ready?.(pids);
      child.kill('SIGKILL');
      await child;
      const until = Date.now() + 5000;
      while (pids.some(running) && Date.now() < until) await sleep(25);
      const said = (file: string): string => {
        try {
          return readFileSync(file, 'latin1');
        } catch {
          return '(gone)';
        }
      };
      const left = pids.filter(running).map((pid) => `${pid} ${said(`/proc/${pid}/stat`)} wchan ${said(`/proc/${pid}/wchan`)}`);
      return { pids, left };
    } finally {
      child.kill('SIGKILL');
      for (const pid of pids) if (running(pid)) process.kill(pid, 'SIGKILL');
    }
  }

  it('dies with botjury, however soon after its start: the watchdog ends bubblewrap and the sandbox\'s pid 1, whose own death signal is armed only after it forks the bot', async () => {
    // A bubblewrap without --die-with-parent: the sandbox is as it is until its pid 1 arms that signal
    // (CI, stop 43: a botjury killed just then left the bot running). Only the watchdog can end it.
    const realBwrap = (await execa('sh', ['-c', 'command -v bwrap'])).stdout.trim();
    const bin = mkdtempSync(path.join(tmp, 'bin-'));
    chmodSync(bin, 0o755);
    writeFileSync(path.join(bin, 'bwrap'), `#!/bin/sh
for a in "$@"; do shift; [ "$a" = --die-with-parent ] || set -- "$@" "$a"; done
exec ${realBwrap} "$@"
`, { mode: 0o755 });
    const { left } = await killedJury({ watchdog: true, path: `${bin}:${process.env.PATH ?? ''}` });
    expect(left, 'left behind').toEqual([]);
  });

  it('dies with botjury without a watchdog, once the sandbox is running: bubblewrap\'s --die-with-parent', async () => {
    const { left } = await killedJury({
      watchdog: false,
      // bubblewrap's own promise: its pid 1 arms the signal before it waits for its children.
      ready: async (pids) => {
        const init = pids[pids.length - 1]!;
        for (let tries = 0; tries < 400 && readFileSync(`/proc/${init}/wchan`, 'latin1') !== 'do_wait'; tries++) await sleep(5);
      },
    });
    expect(left, 'left behind').toEqual([]);
  });

  it('a sandbox that cannot be set up is botjury\'s fault: exit 2, one line with bubblewrap\'s own words', async () => {
    // A bwrap that passes the probe (the real one runs it) but fails as a bot's sandbox after a moment
    // of set-up, as a mount refused on one machine would.
    const realBwrap = (await execa('sh', ['-c', 'command -v bwrap'])).stdout.trim();
    const bin = mkdtempSync(path.join(tmp, 'bin-'));
    chmodSync(bin, 0o755);
    writeFileSync(path.join(bin, 'bwrap'), `#!/bin/sh
for a in "$@"; do [ "$a" = --info-fd ] && { sleep 0.2; echo "bwrap: Can't mount proc on /newroot/proc: Operation not permitted" >&2; exit 1; }; done
exec ${realBwrap} "$@"
`, { mode: 0o755 });
    const r = await runCli(['check', 'alquerque', '--grep', 'capture-continuation', '--isolate', '--', path.join(ROOT, 'examples/alquerque/c/build/bot')], { env: { PATH: `${bin}:${process.env.PATH ?? ''}` } });
    expect(r.code, r.stderr + r.stdout).toBe(2);
    expect(r.stdout + r.stderr).toContain("the sandbox could not be set up: bwrap: Can't mount proc on /newroot/proc: Operation not permitted");
    expect(r.stdout + r.stderr).not.toMatch(/^\s+at /m); // no stack trace
  });
});
