import { spawn } from 'node:child_process';
import { pbkdf2 } from 'node:crypto';
import { readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyThread, cpuNs, fdTargets, forgetProcFiles, machineStallUs, memory, sampleSched, stdinWait } from '../../harness/core/proc.js';
import { scratchDir } from '../helpers.js';

const X64_READS = [0, 17, 19];

describe('reading a thread from /proc', () => {
  it('uses the syscall file when it may: read() on fd 0 is waiting for stdin, on another fd it is not', () => {
    expect(classifyThread('0 0x0 0x5569a95eae70 0x2000 0x0 0x0 0x0 0x7ffc 0x7f95', null, null, X64_READS)).toBe('reading-stdin');
    expect(classifyThread('0 0x3 0x5569a95eae70 0x2000 0x0 0x0 0x0 0x7ffc 0x7f95', null, null, X64_READS)).toBe('other');
    expect(classifyThread('230 0x1 0x0 0x7ffd 0x0 0x0 0x0 0x7ffc 0x7f95', null, null, X64_READS)).toBe('other'); // clock_nanosleep
    expect(classifyThread('running', null, null, X64_READS)).toBe('running');
  });
  it('a thread woken from read(0) but still waiting for a CPU is running, not idle (a busy machine)', () => {
    // Its syscall file still names the read it returns from; only the state says it is runnable.
    expect(classifyThread('0 0x0 0x5569a95eae70 0x2000 0x0 0x0 0x0 0x7ffc 0x7f95', null, 'R', X64_READS)).toBe('running');
    expect(classifyThread('0 0x0 0x5569a95eae70 0x2000 0x0 0x0 0x0 0x7ffc 0x7f95', null, 'S', X64_READS)).toBe('reading-stdin');
    expect(classifyThread('0 0x0 0x5569a95eae70 0x2000 0x0 0x0 0x0 0x7ffc 0x7f95', null, 'T', X64_READS)).toBe('other');
  });
  it('falls back to wchan and the state without ptrace rights', () => {
    expect(classifyThread(null, 'anon_pipe_read', 'S', X64_READS)).toBe('reading-stdin');
    expect(classifyThread(null, 'pipe_read', 'S', X64_READS)).toBe('reading-stdin');
    expect(classifyThread(null, 'hrtimer_nanosleep', 'S', X64_READS)).toBe('other');
    expect(classifyThread(null, '0', 'R', X64_READS)).toBe('running');
    expect(classifyThread(null, null, null, X64_READS)).toBe('unknown');
  });
  it('reads this process: CPU time grows, peak memory is there', () => {
    const before = cpuNs(process.pid)!;
    let x = 0;
    for (let i = 0; i < 5e6; i++) x += i;
    expect(x).toBeGreaterThan(0);
    expect(cpuNs(process.pid)!).toBeGreaterThan(before);
    expect(memory(process.pid)!.hwmKb).toBeGreaterThan(1000);
    expect(cpuNs(2 ** 22 + 12345)).toBeNull();
  });

  it('stdinWait reads each thread afresh at every look: idle in read(0), then busy, then idle again, then gone', async () => {
    // stdinWait keeps the task's files open between looks (a seat under `queue` looks after every
    // answer): a kept descriptor must give the thread's state now, not the state it had when opened.
    // The process computes until the test has seen it busy (a file it waits for), so no load can hide that moment.
    const flag = path.join(scratchDir('proc-flag-'), 'seen-busy');
    const bot = spawn('python3', ['-c', 'import os, sys\nfor line in sys.stdin:\n    while not os.path.exists(line.strip()): pass\n    print("done", flush=True)\n'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const pid = bot.pid!;
    const lines: string[] = [];
    bot.stdout.on('data', (b: Buffer) => lines.push(...b.toString().split('\n').filter(Boolean)));
    const exited = new Promise((resolve) => bot.on('exit', resolve));
    let identity: string | null = null;
    const until = async (done: () => boolean, what: string): Promise<void> => {
      for (const giveUp = Date.now() + 20_000; !done() && Date.now() < giveUp; ) await new Promise((r) => setTimeout(r, 5));
      expect(done(), `${what}: ${stdinWait([pid], identity)?.detail}`).toBe(true);
    };
    const waiting = (want: boolean) => () => stdinWait([pid], identity)?.waitingOnStdin === want;
    try {
      await until(() => {
        try {
          identity = readlinkSync(`/proc/${pid}/fd/0`);
          return true;
        } catch {
          return false;
        }
      }, 'its fd 0');
      await until(waiting(true), 'before any input');
      bot.stdin.write(`${flag}\n`);
      await until(waiting(false), 'while it computes'); // the same kept descriptors, read again
      expect(lines).toEqual([]);
      writeFileSync(flag, '');
      await until(() => lines.length > 0, 'its answer');
      await until(waiting(true), 'after its answer');
      expect(lines).toEqual(['done']);
      bot.stdin.end();
      await exited;
      expect(stdinWait([pid], identity)).toBeNull(); // its kept files fail now: nothing seen
    } finally {
      bot.kill('SIGKILL');
      forgetProcFiles([pid]);
    }
  });

  it('the descriptors kept for a bot are closed by forgetProcFiles before it returns; /proc/stat is read through one kept descriptor', async () => {
    // Closing them on botjury's own thread costs ~6 µs each; queued to libuv's pool it cost that thread
    // ~100-180 µs each over a run (proc.ts): the closes must be done, not queued, when the call returns.
    // This worker's own pid stands for the bot: a child spawned here could be born in a cgroup another
    // test's run left botjury waiting in, and keep that cgroup from being removed.
    const pid = process.pid;
    const opened = (file: RegExp): number => fdTargets(pid).filter((t) => file.test(t)).length; // this process's descriptors on `file`
    const mine = new RegExp(`^/proc/${pid}/task/\\d+/schedstat$`);
    const stat = /^\/proc\/stat$/;
    sampleSched([pid]);
    forgetProcFiles([pid]); // what this sample and earlier tests in this worker kept for it
    const before = opened(mine); // botjury's own thread's file, kept as /proc/self/…, which forgetProcFiles does not concern
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 3)); // past the 2 ms a /proc/stat reading is reused: each sample reads it
      sampleSched([pid]);
      samples.push(opened(stat));
    }
    expect(opened(mine)).toBeGreaterThan(before); // its threads' schedstat, kept between replies
    expect(samples[0]).toBeGreaterThan(0); // (another file's copy of proc.ts, in this worker, may keep one too)
    expect(samples).toEqual([samples[0], samples[0], samples[0]]);
    // libuv's pool kept busy for a few ms: a close queued there would still be waiting at the look below.
    const poolBusy = Array.from({ length: 8 }, () => new Promise((r) => pbkdf2('x', 'y', 10_000, 32, 'sha256', r)));
    forgetProcFiles([pid]);
    expect(opened(mine)).toBe(before);
    expect(opened(stat)).toBe(samples[0]);
    await Promise.all(poolBusy);
  });

  it('machineStallUs: the I/O and memory stall totals of /proc/pressure, never decreasing (null where the kernel has no PSI)', () => {
    const first = machineStallUs();
    const second = machineStallUs();
    if (first === null) {
      expect(second).toBeNull();
      return;
    }
    expect(Number.isSafeInteger(first)).toBe(true);
    expect(second!).toBeGreaterThanOrEqual(first);
  });
});
