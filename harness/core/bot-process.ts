// One bot process: started without a shell in its own process group with a minimal environment;
// stdout split into timestamped lines as bytes arrive; stderr drained continuously; everything bounded;
// ended as a whole group (SIGTERM, then SIGKILL) so nothing it started survives.
import { execa, type ResultPromise } from 'execa';
import { accessSync, constants, existsSync, readlinkSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineSplitter, type BotLine } from './lines.js';
import { botPriorityPrefix } from './priority.js';
import { cpuNs, memory } from './proc.js';

/** The harness could not do its job (exit 2); never reported as the bot's violation. */
export class HarnessError extends Error {
  override name = 'HarnessError';
}

export interface BotCommand {
  /** As the user wrote it after `--`. */
  argv: string[];
}

export interface StartOptions {
  cwd: string;
  /** Hard data-segment limit via prlimit(1); undefined: none. */
  memoryMb?: number;
  /** Where relative paths in the command are resolved (the user's working directory). */
  invokedFrom: string;
}

export interface ExitInfo {
  code: number | null;
  signal: string | null;
  atNs: bigint;
}

export type TranscriptSink = (dir: 'jury' | 'bot' | 'stderr' | 'event', text: string, atNs: bigint) => void;

const STDERR_KEEP_BYTES = 10_000; // what the CodeCup jury kept of stderr
const MAX_UNREAD_LINES = 10_000;
const KILL_GRACE_MS = 300;

const live = new Set<BotProcess>();

/** Ends every bot still running, at once (used when botjury itself is interrupted). */
export function killAllBotsSync(): void {
  for (const bot of live) bot.killGroupSync('SIGKILL');
}

/** Resolves the command as the user meant it from where they ran botjury (the bot runs elsewhere). */
export function resolveCommand(argv: string[], invokedFrom: string): { file: string; args: string[] } {
  const [file, ...args] = argv;
  if (!file) throw new HarnessError('no bot command given after --');
  const resolvedFile = resolveExecutable(file, invokedFrom);
  // Arguments naming existing files relative to the user's folder are made absolute: the bot runs in
  // a fresh temporary folder by default, where `examples/x/bot.py` would not exist.
  const resolvedArgs = args.map((a) => {
    if (a.startsWith('-') || path.isAbsolute(a) || !a.includes('/') && !existsSync(path.resolve(invokedFrom, a))) return a;
    const abs = path.resolve(invokedFrom, a);
    return existsSync(abs) ? abs : a;
  });
  return { file: resolvedFile, args: resolvedArgs };
}

function resolveExecutable(file: string, invokedFrom: string): string {
  const candidates = file.includes('/')
    ? [path.resolve(invokedFrom, file)]
    : (process.env.PATH ?? '').split(':').filter(Boolean).map((dir) => path.join(dir, file));
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) {
        accessSync(c, constants.X_OK);
        return c;
      }
    } catch {
      // not this one
    }
  }
  const exists = file.includes('/') && existsSync(path.resolve(invokedFrom, file));
  throw new HarnessError(exists ? `bot executable is not executable: ${file} (chmod +x?)` : `bot executable not found: ${file}`);
}

function fdTarget(pid: number, fd: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return null;
  }
}

export function minimalEnv(): Record<string, string> {
  // Only what a program needs to start; PYTHONUNBUFFERED and friends would hide flush bugs.
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'LANG'] as const) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  env.LANG ??= 'C.UTF-8';
  return env;
}

export class BotProcess {
  readonly pid: number;
  readonly startNs: bigint;
  /** Lines read but not yet consumed by the jury, oldest first. */
  readonly lines: BotLine[] = [];
  exit: ExitInfo | null = null;
  /** All of stdout and stderr has been read (or the drain window after exit passed). */
  drained = false;
  flood = false;
  stdoutBytes = 0;
  lastStdoutNs = 0n;
  stderrBytes = 0;
  /** stderr bytes since the last call to takeStderrTurnBytes(). */
  private stderrTurn = 0;
  stderrHead = '';
  stdinClosed = false;
  writeError: string | null = null;
  peakHwmKb = 0;
  lastDataKb = 0;
  /** Peak data segment (VmData) over the samples: an unchecked malloc failing under a hard limit. */
  peakDataKb = 0;
  /** The last stderr byte was not a newline: a line is pending on stderr. */
  stderrMidLine = false;
  /** The link target of the bot's fd 0 at start (`socket:[N]`): botjury's own pipe to this bot. */
  readonly stdinIdentity: string | null;
  maxLineBytes = 4096;
  private readonly splitter = new LineSplitter(() => this.maxLineBytes);
  private readonly child: ResultPromise;
  private wakers: (() => void)[] = [];
  private memoryTimer: NodeJS.Timeout;

  private constructor(child: ResultPromise, startNs: bigint, private readonly sink: TranscriptSink) {
    this.child = child;
    this.startNs = startNs;
    if (child.pid === undefined) throw new HarnessError('bot could not be started');
    this.pid = child.pid;
    this.stdinIdentity = fdTarget(this.pid, 0);
    live.add(this);
    child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk, process.hrtime.bigint()));
    child.stderr!.on('data', (chunk: Buffer) => this.onStderr(chunk));
    child.stdin!.on('error', (e: NodeJS.ErrnoException) => {
      this.writeError ??= e.code ?? e.message;
      this.sink('event', `stdin write failed: ${e.code ?? e.message}`, process.hrtime.bigint());
    });
    child.on('exit', (code, signal) => {
      this.exit = { code, signal, atNs: process.hrtime.bigint() };
      live.delete(this);
      // Output may still be in the pipes; 'close' says it is all read. A child the bot left behind
      // may hold the pipe open, so do not wait for 'close' longer than a moment.
      setTimeout(() => this.markDrained(), 100).unref();
      this.wake();
    });
    child.on('close', () => this.markDrained());
    child.catch(() => undefined);
    this.memoryTimer = setInterval(() => this.sampleMemory(), 50);
    this.memoryTimer.unref();
    this.sampleMemory();
  }

  static start(command: BotCommand, options: StartOptions, sink: TranscriptSink): BotProcess {
    const { file, args } = resolveCommand(command.argv, options.invokedFrom);
    const wrapped = [
      ...botPriorityPrefix(),
      ...(options.memoryMb && options.memoryMb > 0 ? ['prlimit', `--data=${Math.round(options.memoryMb * 1024 * 1024)}`, '--'] : []),
      file,
      ...args,
    ];
    const [runFile, ...runArgs] = wrapped as [string, ...string[]];
    const startNs = process.hrtime.bigint();
    let child: ResultPromise;
    try {
      child = execa(runFile, runArgs, {
        cwd: options.cwd,
        env: minimalEnv(),
        extendEnv: false,
        shell: false,
        detached: true, // own process group: the whole group is ended at the end of the run
        cleanup: false,
        buffer: false,
        reject: false,
        stdin: 'pipe',
        stdout: 'pipe',
        stderr: 'pipe',
        stripFinalNewline: false,
      });
    } catch (e) {
      throw new HarnessError(`bot could not be started: ${(e as Error).message}`);
    }
    return new BotProcess(child, startNs, sink);
  }

  /** Milliseconds since the bot was started. */
  ms(ns: bigint = process.hrtime.bigint()): number {
    return Number(ns - this.startNs) / 1e6;
  }

  get running(): boolean {
    return this.exit === null;
  }

  /** Writes lines (each + "\n"). Returns the hrtime after the write was handed to the pipe. */
  write(lines: string[]): { delivered: boolean; atNs: bigint } {
    const stdin = this.child.stdin!;
    if (this.stdinClosed || stdin.destroyed || !stdin.writable || this.exit) {
      return { delivered: false, atNs: process.hrtime.bigint() };
    }
    const data = lines.map((l) => `${l}\n`).join('');
    stdin.write(data);
    const atNs = process.hrtime.bigint();
    for (const l of lines) this.sink('jury', l, atNs);
    return { delivered: true, atNs };
  }

  closeStdin(): bigint {
    this.stdinClosed = true;
    const at = process.hrtime.bigint();
    try {
      this.child.stdin!.end();
    } catch {
      // already closed
    }
    this.sink('event', 'jury closed the bot\'s input', at);
    return at;
  }

  /** Resolves when something happens (a line, exit, flood) or at `untilNs`, whichever is first. */
  waitForChange(untilNs: bigint): Promise<void> {
    const ms = Number(untilNs - process.hrtime.bigint()) / 1e6;
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.ceil(ms));
      const waker = (): void => done();
      this.wakers.push(waker);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** CPU time of the bot so far (ms), or null when unreadable. */
  cpuMs(): number | null {
    const ns = cpuNs(this.pid);
    return ns === null ? null : Number(ns) / 1e6;
  }

  sampleMemory(): void {
    if (this.exit) return;
    const m = memory(this.pid);
    if (m) {
      if (m.hwmKb > this.peakHwmKb) this.peakHwmKb = m.hwmKb;
      this.lastDataKb = m.dataKb;
      if (m.dataKb > this.peakDataKb) this.peakDataKb = m.dataKb;
    }
  }

  /** The live processes of the bot (leader first). */
  processIds(): number[] {
    return this.exit ? [] : [this.pid];
  }

  /**
   * Reads, without blocking, what already waits on botjury's side of the bot's stdout, stamped now:
   * before the jury acts on silence it must know that nothing arrived unread. Returns the bytes read.
   */
  readPendingStdout(): number {
    const fd = (this.child.stdout as unknown as { _handle?: { fd?: number } } | null)?._handle?.fd;
    if (typeof fd !== 'number' || fd < 0 || this.flood) return 0;
    const buf = Buffer.allocUnsafe(65_536);
    let total = 0;
    for (let i = 0; i < 64; i++) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch {
        break; // EAGAIN: nothing pending
      }
      if (n <= 0) break;
      total += n;
      this.onStdout(Buffer.from(buf.subarray(0, n)), process.hrtime.bigint());
    }
    return total;
  }

  /** stderr bytes written since the last takeStderrTurnBytes(). */
  get stderrTurnBytes(): number {
    return this.stderrTurn;
  }

  partialLine(): string {
    return this.splitter.partial();
  }

  partialBytes(): number {
    return this.splitter.partialBytes();
  }

  takeStderrTurnBytes(): number {
    const n = this.stderrTurn;
    this.stderrTurn = 0;
    return n;
  }

  /** Ends the whole process group: SIGTERM, a short grace, then SIGKILL. */
  async stop(): Promise<void> {
    clearInterval(this.memoryTimer);
    if (this.exit === null) {
      this.killGroupSync('SIGTERM');
      const until = process.hrtime.bigint() + BigInt(KILL_GRACE_MS) * 1_000_000n;
      while (this.exit === null && process.hrtime.bigint() < until) await this.waitForChange(until);
    }
    // Also when the leader is gone: children it left in its group must not survive the run.
    this.killGroupSync('SIGKILL');
    if (this.exit === null) {
      const until = process.hrtime.bigint() + 2_000_000_000n;
      while (this.exit === null && process.hrtime.bigint() < until) await this.waitForChange(until);
    }
    live.delete(this);
    try {
      this.child.stdin?.destroy();
      this.child.stdout?.destroy();
      this.child.stderr?.destroy();
    } catch {
      // nothing left to close
    }
  }

  killGroupSync(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is already empty
    }
  }

  private onStdout(chunk: Buffer, atNs: bigint): void {
    if (this.flood) return;
    this.stdoutBytes += chunk.length;
    this.lastStdoutNs = atNs;
    const { lines, overflow } = this.splitter.push(chunk, atNs);
    for (const line of lines) {
      this.sink('bot', line.crlf ? `${line.text}\r` : line.text, atNs);
      this.lines.push(line);
    }
    if (overflow || this.lines.length > MAX_UNREAD_LINES) {
      this.flood = true;
      this.sink('event', `output flood: ${overflow ? `a line longer than ${this.maxLineBytes} bytes` : `${this.lines.length} unread lines`}`, atNs);
    }
    this.wake();
  }

  private onStderr(chunk: Buffer): void {
    this.stderrBytes += chunk.length;
    if (chunk.length > 0) this.stderrMidLine = chunk[chunk.length - 1] !== 0x0a;
    this.stderrTurn += chunk.length;
    if (this.stderrHead.length < STDERR_KEEP_BYTES) {
      const text = chunk.toString('utf8').slice(0, STDERR_KEEP_BYTES - this.stderrHead.length);
      this.stderrHead += text;
      this.sink('stderr', text, process.hrtime.bigint());
    }
  }

  private markDrained(): void {
    if (this.drained || this.exit === null) return;
    this.drained = true;
    clearInterval(this.memoryTimer);
    this.wake();
  }

  private wake(): void {
    const w = this.wakers;
    this.wakers = [];
    for (const f of w) f();
  }
}
