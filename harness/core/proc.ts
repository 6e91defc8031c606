// Reading a bot's state from Linux /proc: CPU time, peak memory, and whether it sleeps reading stdin.
// Every reader returns null when the file is gone or unreadable (the bot exited, or not Linux).
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';

const readBuffer = Buffer.alloc(8192);

/**
 * Open descriptors of the /proc files read on every reply and every sample (the bot's threads'
 * schedstat, its processes' stat and status: the callers say which), read again from offset 0: /proc regenerates the text on each read, and
 * the path lookup, open and close cost more than the read itself. A descriptor names the process it
 * was opened for: once that process is gone it fails (ESRCH) and the path is opened anew, so a reused
 * pid is read as the new process. At most MAX_OPEN are kept, the least recently read closed first.
 */
const MAX_OPEN = 256;
const open = new Map<string, number>();

function readFd(fd: number, position: number | null): string {
  const n = readSync(fd, readBuffer, 0, readBuffer.length, position);
  const text = readBuffer.toString('latin1', 0, n);
  return n < readBuffer.length ? text : text + readFileSync(fd, 'latin1');
}

/**
 * Closes a kept descriptor on botjury's own thread. Handing it to libuv's pool instead (stop 44) cost
 * that thread more than the close: over 82 one-candidate games, 246 closes took it 26–44 ms queued to
 * the pool (107–178 µs each, timed around the call; 7 µs in a loop on a quiet machine) against 1.5 ms
 * closed here (6 µs each). It is out of the map before: nothing reads it again.
 */
function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed or never valid: nothing is left to release
  }
}

/** Reads a small /proc file (readFileSync costs several times as much; this runs often). */
function read(path: string, keep = false): string | null {
  const cached = open.get(path);
  if (cached !== undefined) {
    open.delete(path);
    try {
      const text = readFd(cached, 0);
      open.set(path, cached); // most recently read last
      return text;
    } catch {
      closeQuietly(cached); // the process it was opened for is gone: look the path up again
    }
  }
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  if (!keep) {
    try {
      return readFd(fd, null);
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  }
  let text: string;
  try {
    text = readFd(fd, 0);
  } catch {
    closeQuietly(fd);
    return null;
  }
  if (open.set(path, fd).size > MAX_OPEN) {
    const [oldest, oldFd] = open.entries().next().value as [string, number];
    open.delete(oldest);
    closeQuietly(oldFd);
  }
  return text;
}

/** Closes the descriptors kept for `pid`'s files (its processes ended: they can only fail now). */
export function forgetProcFiles(pids: Iterable<number>): void {
  for (const pid of pids) {
    const prefix = `/proc/${pid}/`;
    for (const [path, fd] of open) if (path.startsWith(prefix)) {
      open.delete(path);
      closeQuietly(fd);
    }
  }
}

/** CPU time of the bot's threads in nanoseconds (/proc/PID/task/TID/schedstat, first field). */
export function cpuNs(pid: number): bigint | null {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let total = 0n;
  let any = false;
  for (const tid of tids) {
    const s = read(`/proc/${pid}/task/${tid}/schedstat`, true);
    if (s === null) continue;
    const first = s.split(' ', 1)[0];
    if (first && /^\d+$/.test(first)) {
      total += BigInt(first);
      any = true;
    }
  }
  return any ? total : null;
}

export interface MemoryReading {
  /** Peak resident set size (VmHWM), kB. */
  hwmKb: number;
  /** Current resident set size (VmRSS), kB. */
  rssKb: number;
  /** Current data segment size (VmData, what RLIMIT_DATA limits), kB. */
  dataKb: number;
}

export function memory(pid: number): MemoryReading | null {
  const s = read(`/proc/${pid}/status`, true);
  if (s === null) return null;
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(s);
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(s);
  const data = /^VmData:\s+(\d+) kB/m.exec(s);
  if (!hwm) return null;
  return { hwmKb: Number(hwm[1]), rssKb: rss ? Number(rss[1]) : 0, dataKb: data ? Number(data[1]) : 0 };
}

interface StatLine {
  pid: number;
  state: string;
  pgrp: number;
}

function stat(pid: number | string, keep = false): StatLine | null {
  const s = read(`/proc/${pid}/stat`, keep);
  if (s === null) return null;
  const close = s.lastIndexOf(')');
  const fields = s.slice(close + 2).split(' ');
  return { pid: Number(pid), state: fields[0] ?? '?', pgrp: Number(fields[2]) };
}


// read(2), pread64(2), readv(2) syscall numbers: the calls a program blocks in when it waits for input.
const READ_SYSCALLS: Record<string, number[]> = { x64: [0, 17, 19], arm64: [63, 65, 67] };

export interface StdinWait {
  /** Every thread of the bot sleeps in read() on botjury's own pipe to it: nothing can happen without input. */
  waitingOnStdin: boolean;
  /** What was seen, for the verdict's evidence (e.g. "pid 123 tid 123: read(0, …) [syscall 0]"). */
  detail: string;
}

export type ThreadWait = 'running' | 'reading-stdin' | 'other' | 'unknown';

/**
 * What one thread is doing, from /proc/PID/task/TID/syscall (needs ptrace rights: number and
 * arguments, so read() on fd 0 exactly) or else from wchan and the state (a pipe or socket read).
 * A stopped thread (SIGSTOP, traced) is never taken for a reader: it cannot answer either way.
 */
export function classifyThread(syscall: string | null, wchan: string | null, state: string | null, readSyscalls: readonly number[]): ThreadWait {
  if (state === 'T' || state === 't') return 'other';
  // Runnable: woken (say, by the jury's message) but still waiting for a CPU on a busy machine. Its
  // syscall file still names the read it is returning from; it is about to answer, not idle.
  if (state === 'R') return 'running';
  if (syscall !== null) {
    const text = syscall.trim();
    if (text === 'running') return 'running';
    const [nr, fd] = text.split(' ');
    return nr !== undefined && readSyscalls.includes(Number(nr)) && fd !== undefined && Number(fd) === 0 ? 'reading-stdin' : 'other';
  }
  if (wchan === null || state === null) return 'unknown';
  if (state === 'R') return 'running';
  return /pipe_(read|wait)|unix_stream_(read|data_wait)/.test(wchan) ? 'reading-stdin' : 'other';
}

/**
 * Does the process (one thread) sleep in read() on its descriptor `fd`? From /proc/PID/syscall, else
 * from wchan (a read on a socket or pipe, descriptor unknown); null when /proc does not tell.
 */
export function sleepsReading(pid: number, fd: number): boolean | null {
  const state = stat(pid)?.state ?? null;
  if (state === null) return null;
  const reads = READ_SYSCALLS[process.arch];
  const syscall = reads ? read(`/proc/${pid}/syscall`) : null;
  if (syscall !== null && reads) {
    const [nr, arg] = syscall.trim().split(' ');
    return state === 'S' && reads.includes(Number(nr)) && arg !== undefined && Number(arg) === fd;
  }
  const wchan = read(`/proc/${pid}/wchan`)?.trim();
  if (!wchan || wchan === '0') return null;
  return state === 'S' && /unix_stream_(read|data_wait)|pipe_read/.test(wchan);
}

/** Where a process's file descriptor points (`socket:[N]`, a path), or null. */
export function fdTarget(pid: number, fd: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return null;
  }
}

/**
 * Is the bot provably idle, waiting for the jury? Only when every thread of every process sleeps in
 * read() on fd 0 and that fd 0 is botjury's own pipe to this bot (`stdinIdentity`, the link target of
 * the bot's /proc/PID/fd/0 when it started). A thread that sleeps in anything else (nanosleep, futex,
 * poll, wait) may still be about to answer, so the bot counts as busy: no unflushed verdict then.
 */
export function stdinWait(pids: readonly number[], stdinIdentity: string | null): StdinWait | null {
  const reads = READ_SYSCALLS[process.arch];
  if (!reads || stdinIdentity === null) return null;
  let reader = '';
  let seen = 0;
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    const fd0 = fdTarget(pid, 0);
    for (const tid of tids) {
      const base = `/proc/${pid}/task/${tid}`;
      // Kept open: a seat under `queue` looks after every answer (Seat.settleAfterAnswer), and a pread of
      // a kept descriptor costs a third of an open, read and close.
      const syscall = read(`${base}/syscall`, true);
      const state = stat(`${pid}/task/${tid}`, true)?.state ?? null;
      if (state === null || state === 'Z' || state === 'X') continue;
      seen++;
      const wchan = syscall === null ? read(`${base}/wchan`) : null;
      const what = classifyThread(syscall, wchan, state, reads);
      if (what === 'unknown') return null; // not allowed to look: no early verdict
      if (what === 'running') return { waitingOnStdin: false, detail: `pid ${pid} tid ${tid} is running` };
      if (what === 'other')
        return { waitingOnStdin: false, detail: `pid ${pid} tid ${tid} is busy in ${syscall !== null ? `syscall ${syscall.trim().split(' ')[0]}` : `${wchan?.trim() || '?'} (state ${state})`}` };
      if (fd0 !== stdinIdentity) return { waitingOnStdin: false, detail: `pid ${pid} reads an fd 0 that is not the jury's pipe (${fd0 ?? 'unreadable'})` };
      if (!reader)
        reader = syscall !== null
          ? `pid ${pid} tid ${tid} sleeps in read(0, ...) on ${fd0} [${base}/syscall: ${syscall.trim().split(' ').slice(0, 4).join(' ')}]`
          : `pid ${pid} tid ${tid} sleeps in ${wchan!.trim()} on ${fd0} [${base}/wchan]`;
    }
  }
  if (seen === 0) return null;
  return { waitingOnStdin: true, detail: reader };
}

/** Per-thread CPU time and run-queue wait (ns), from /proc/PID/task/TID/schedstat fields 1 and 2. */
export interface SchedSample {
  threads: Map<string, { cpu: bigint; queued: bigint }>;
  /** botjury's own main thread: time it was runnable but not running, and time it ran. */
  ownQueued: bigint;
  ownCpu: bigint;
  /** Time the hypervisor took the machine's CPUs away (/proc/stat steal, all CPUs), ns; invisible to the run queue. */
  steal: bigint;
}

const TICK_NS = 10_000_000n; // USER_HZ is 100 on Linux

/**
 * Steal is counted in USER_HZ ticks (10 ms): reading /proc/stat (a large file) more often than every few
 * milliseconds gives the same figure at a cost on every reply, so a reading is reused for that long.
 */
const STEAL_REUSE_NS = 2_000_000n;
let lastSteal: { atNs: bigint; value: bigint } | null = null;

function stealNs(): bigint {
  const now = process.hrtime.bigint();
  if (lastSteal && now - lastSteal.atNs < STEAL_REUSE_NS) return lastSteal.value;
  lastSteal = { atNs: now, value: readStealNs() };
  return lastSteal.value;
}

function readStealNs(): bigint {
  const s = read('/proc/stat', true); // kept open: a pread costs about half of open, read and close (7 against 12 µs)
  const fields = s?.slice(0, s.indexOf('\n')).trim().split(/\s+/);
  const steal = fields?.[8];
  return steal && /^\d+$/.test(steal) ? BigInt(steal) * TICK_NS : 0n;
}

/**
 * The time, in µs, during which some task on the machine waited for I/O or for memory to be reclaimed
 * (Linux pressure stall information: /proc/pressure/io and /proc/pressure/memory, "some" totals, summed),
 * or null without PSI. Counts what no scheduler counter shows: a bot blocked on the disk (code paged
 * back in, on a VM that keeps little page cache) neither runs nor waits for a CPU (docs/timing.md, stop 41).
 */
export function machineStallUs(): number | null {
  let total = 0;
  for (const file of ['/proc/pressure/io', '/proc/pressure/memory']) {
    const m = /^some .*\btotal=(\d+)$/m.exec(read(file, true) ?? '');
    if (!m) return null;
    total += Number(m[1]);
  }
  return Number.isSafeInteger(total) ? total : null;
}

/** `run`'s result, and the machine's I/O and memory stall while it ran, ms (0 without PSI). */
export async function withStall<T>(run: () => Promise<T>, stallUs: () => number | null = machineStallUs): Promise<{ result: T; stallMs: number }> {
  const before = stallUs();
  const result = await run();
  const after = stallUs();
  return { result, stallMs: before !== null && after !== null ? Math.max(0, after - before) / 1000 : 0 };
}

/** botjury's own main thread: [CPU time, run-queue wait] in ns, or null where /proc is unreadable. */
export function ownSchedstat(): [bigint, bigint] | null {
  return schedstat(`/proc/self/task/${process.pid}/schedstat`);
}

function schedstat(path: string): [bigint, bigint] | null {
  const s = read(path, true);
  if (s === null) return null;
  const [a, b] = s.split(' ');
  if (!a || !b || !/^\d+$/.test(a) || !/^\d+$/.test(b)) return null;
  return [BigInt(a), BigInt(b)];
}

/** Threads of each process, as last listed: a window's first sample may reuse a list this young. */
const TASK_LIST_REUSE_NS = 10_000_000n;
const taskLists = new Map<number, { tids: string[]; atNs: bigint }>();

/**
 * The scheduler's counters of every thread of `pids`, and botjury's own. `reuseTaskLists`: a window's
 * first sample (taken before the jury writes, on the reply path), and its last sample when the answer
 * came before any moment it is judged at (the seat says so), may take each process's thread list from
 * a listing under 10 ms old instead of reading /proc/PID/task again (~12 µs a reply). A thread started
 * since is counted from zero by the first sample that lists anew: its time moves to a later window,
 * never into a verdict's (an answer near a threshold always lists anew).
 */
export function sampleSched(pids: readonly number[], reuseTaskLists = false): SchedSample {
  const threads = new Map<string, { cpu: bigint; queued: bigint }>();
  const now = reuseTaskLists ? process.hrtime.bigint() : 0n;
  for (const pid of pids) {
    let tids: string[];
    const listed = reuseTaskLists ? taskLists.get(pid) : undefined;
    if (listed && now - listed.atNs < TASK_LIST_REUSE_NS) tids = listed.tids;
    else {
      try {
        tids = readdirSync(`/proc/${pid}/task`);
      } catch {
        taskLists.delete(pid);
        continue;
      }
      if (taskLists.size > MAX_OPEN) taskLists.clear();
      taskLists.set(pid, { tids, atNs: process.hrtime.bigint() });
    }
    for (const tid of tids) {
      const v = schedstat(`/proc/${pid}/task/${tid}/schedstat`);
      if (v) threads.set(tid, { cpu: v[0], queued: v[1] });
    }
  }
  const own = schedstat(`/proc/self/task/${process.pid}/schedstat`);
  return { threads, ownQueued: own ? own[1] : 0n, ownCpu: own ? own[0] : 0n, steal: stealNs() };
}

export interface SchedDelta {
  /** CPU time of all the bot's threads over the window, ms. */
  cpuMs: number;
  /**
   * The longest any one thread of the bot waited runnable but not running (ms): how much the machine
   * could have delayed the bot's answer. The largest thread's wait, not the sum: a busy machine keeps
   * an idle helper thread (GC, JIT) waiting too, and that must not excuse a slow answer.
   */
  queuedMs: number;
  /** botjury's own main thread's run-queue wait over the window (ms). */
  ownQueuedMs: number;
  /** botjury's main thread queued or running over the window (ms): time it could not have been reading the pipe. */
  ownBusyMs: number;
  /** CPU time the hypervisor stole from the machine over the window (10 ms ticks, all CPUs), ms. */
  stealMs: number;
}

export function schedDelta(from: SchedSample, to: SchedSample): SchedDelta {
  let cpu = 0n;
  let maxQueued = 0n;
  for (const [tid, now] of to.threads) {
    const before = from.threads.get(tid) ?? { cpu: 0n, queued: 0n };
    cpu += now.cpu - before.cpu;
    const q = now.queued - before.queued;
    if (q > maxQueued) maxQueued = q;
  }
  const own = to.ownQueued - from.ownQueued;
  const ownCpu = to.ownCpu - from.ownCpu;
  const pos = (n: bigint): number => Number(n > 0n ? n : 0n) / 1e6;
  return { cpuMs: Number(cpu) / 1e6, queuedMs: Number(maxQueued) / 1e6, ownQueuedMs: pos(own), ownBusyMs: pos(own) + pos(ownCpu), stealMs: pos(to.steal - from.steal) };
}

/** Identity and place of a process: who started it, its group and session, and when it started. */
export interface ProcessIdentity {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** Start time in clock ticks since boot (/proc/PID/stat field 22): with the pid, names one process. */
  start: string;
  zombie: boolean;
}

/** `keep`: a process read again and again (one of the bot's own), its file kept open. */
export function processIdentity(pid: number, keep = false): ProcessIdentity | null {
  const s = read(`/proc/${pid}/stat`, keep);
  if (s === null) return null;
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  const start = f[19];
  if (start === undefined) return null;
  return { pid, ppid: Number(f[1]), pgid: Number(f[2]), sid: Number(f[3]), start, zombie: f[0] === 'Z' || f[0] === 'X' };
}

/** The pid the kernel gave last in botjury's pid namespace (/proc/sys/kernel/ns_last_pid), or null where unreadable. */
export function lastPid(): number | null {
  const text = read('/proc/sys/kernel/ns_last_pid', true);
  return text !== null && /^\d+\n?$/.test(text) ? Number(text) : null;
}

/** Every process id in /proc (a snapshot). */
export function allPids(): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const e of entries) {
    const c = e.charCodeAt(0);
    if (c >= 48 && c <= 57) pids.push(Number(e));
  }
  return pids;
}

/** Link targets of a process's open file descriptors (e.g. `socket:[123]`, `pipe:[45]`); only `fds` when given. */
export function fdTargets(pid: number, fds?: readonly number[]): string[] {
  let names: string[];
  if (fds) names = fds.map(String);
  else {
    try {
      names = readdirSync(`/proc/${pid}/fd`);
    } catch {
      return [];
    }
  }
  const targets: string[] = [];
  for (const n of names) {
    try {
      targets.push(readlinkSync(`/proc/${pid}/fd/${n}`));
    } catch {
      // closed meanwhile, or not ours to read
    }
  }
  return targets;
}

/** Proportional set size (Pss, kB): resident memory with each shared page divided among its sharers. */
export function pssKb(pid: number): number | null {
  const s = read(`/proc/${pid}/smaps_rollup`);
  const m = s === null ? null : /^Pss:\s+(\d+) kB/m.exec(s);
  return m ? Number(m[1]) : null;
}
