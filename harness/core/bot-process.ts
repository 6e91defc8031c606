// One bot process: started without a shell in its own process group and session with a minimal
// environment; stdout split into timestamped lines as bytes arrive; stderr drained continuously;
// everything bounded. Everything it starts is tracked (containment.ts): all of it counts for CPU and
// memory, and all of it is ended at the end of the run (SIGTERM, then SIGKILL).
// Plain child_process.spawn, not execa: nothing between the socket and the arrival stamp.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants, existsSync, readSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { BotCgroup, ENTER_ITSELF_SCRIPT, ENTER_ITSELF_SHELL, ProcessTree, signal as sendSignal, type SpawnsAhead } from './containment.js';
import { deathGuardPrefix, forgetBot, startDeathWatch, watchBot, watchdogPid } from './watchdog.js';
import { fdTarget, forgetProcFiles, processIdentity, sampleSched, stdinWait, type ProcessIdentity, type SchedSample, type StdinWait } from './proc.js';
import { openSandbox, sandboxExit, sandboxLaunch, SandboxError, type SandboxLaunch } from './isolation.js';
import { handleFd, type BotIo } from './bot-io.js';
import { VisibleDecoder } from './bytes.js';
import { LineSplitter, type BotLine, type SplitterOptions } from './lines.js';
import { atBotPriority, botPriorityPrefix, lowerToBotPriority } from './priority.js';
import { markStamper, type StamperMark } from './stamper.js';
import { afterwards, afterwardsDone } from './afterwards.js';

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
  /** How the jury splits the bot's output into lines (a lone \r, lines longer than any answer). */
  lines?: SplitterOptions;
  /**
   * More unread lines than any protocol needs: `stop` ends the bot (output-flood); `block` stops
   * reading until the jury has taken lines, so the bot blocks on the full pipe as it did under a jury
   * that read one line per turn (the JavaChallenge2015 engine).
   */
  unreadLines?: 'stop' | 'block';
  /**
   * The process enters its cgroup itself (a shell writes its pid, then execs it: BotCgroup.spawnEnteringItself),
   * so that its start waits for no move of botjury's: for referee programs, which start while botjury loads.
   */
  entersCgroupItself?: boolean;
  /** Run the bot in a sandbox of its own (bubblewrap, isolation.ts); `freshCwd`: botjury made `cwd` for this run. */
  isolate?: { freshCwd: boolean };
}

export interface ExitInfo {
  code: number | null;
  signal: string | null;
  atNs: bigint;
}

export type TranscriptSink = (dir: 'jury' | 'bot' | 'stderr' | 'event', text: string, atNs: bigint) => void;

const STDERR_KEEP_BYTES = 10_000; // what the CodeCup jury kept of stderr
/** The end of stderr kept for messages (a traceback's last frames are its point). */
const STDERR_TAIL_CHARS = 2048;
const MAX_UNREAD_LINES = 10_000;
/** Under `block`, reading resumes once the jury has taken the unread lines down to this. */
const RESUME_UNREAD_LINES = MAX_UNREAD_LINES / 2;
const KILL_GRACE_MS = 300;
const SAMPLE_INTERVAL_MS = 50;
/** A command that fails this soon, before writing anything, failed to start (see startupFailureHint). */
const STARTUP_FAILURE_MS = 5000;

/** Bots whose processes may still be running (until stop() has ended them all). */
const live = new Set<BotProcess>();

/**
 * Commands that have started properly in this botjury run (wrote output or ran a while). Such a
 * command failing at once later (exit 127 at the start of a match's third game) is the bot's crash,
 * not a typo in the command line.
 */
const commandsSeenStarting = new Set<string>();
const commandKey = (argv: readonly string[]): string => JSON.stringify(argv);
/** One buffer for the non-blocking reads of pending output (readAvailable), reused: each read's bytes are copied out before the next. */
const pendingBuffer = Buffer.allocUnsafe(65_536);

/**
 * One read of what waits on a non-blocking pipe or socket, into pendingBuffer: the bytes read (0 at
 * its end), 'empty' (EAGAIN, thrown by Node as an error) or 'failed'. The seat looks once per answer:
 * without a stack trace to capture, an empty look costs ~2.5 µs instead of ~4.
 */
function readAvailable(fd: number): number | 'empty' | 'failed' {
  const traceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return readSync(fd, pendingBuffer, 0, pendingBuffer.length, null);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EAGAIN' ? 'empty' : 'failed';
  } finally {
    Error.stackTraceLimit = traceLimit;
  }
}

/** How much a bot may write before its BotProcess listens (EarlyEvents); beyond it the pipe holds the rest. */
const EARLY_BYTES = 1 << 20;

/**
 * What a child does between its spawn and its BotProcess listening (the cgroup moves and a sandbox's
 * set-up are awaited in between): its output, stamped on arrival, and its exit. Bounded: past
 * EARLY_BYTES the output stays in the pipe until the BotProcess reads it.
 */
class EarlyEvents {
  readonly stdout: { chunk: Buffer; atNs: bigint }[] = [];
  readonly stderr: Buffer[] = [];
  exit: { code: number | null; signal: NodeJS.Signals | null; atNs: bigint } | null = null;
  closed = false;
  paused = false;
  private bytes = 0;
  readonly detach: () => void;

  constructor(child: ChildProcessWithoutNullStreams) {
    const keep = (chunk: Buffer): void => {
      this.bytes += chunk.length;
      if (this.bytes > EARLY_BYTES && !this.paused) {
        this.paused = true;
        child.stdout.pause();
        child.stderr.pause();
      }
    };
    const out = (chunk: Buffer): void => {
      this.stdout.push({ chunk, atNs: process.hrtime.bigint() });
      keep(chunk);
    };
    const err = (chunk: Buffer): void => {
      this.stderr.push(chunk);
      keep(chunk);
    };
    const exit = (code: number | null, signal: NodeJS.Signals | null): void => {
      this.exit = { code, signal, atNs: process.hrtime.bigint() };
    };
    const close = (): void => {
      this.closed = true;
    };
    const ignore = (): void => undefined;
    child.stdout.on('data', out);
    child.stderr.on('data', err);
    child.stdout.on('error', ignore);
    child.stderr.on('error', ignore);
    child.on('exit', exit);
    child.on('close', close);
    this.detach = () => {
      child.stdout.off('data', out);
      child.stderr.off('data', err);
      child.off('exit', exit);
      child.off('close', close);
      if (this.paused) child.stderr.resume();
    };
  }
}

/** Bots whose answer the jury awaits near a deadline (watchAnswer): looked at after botjury's own work. */
const watched = new Set<BotProcess>();
/** How long before the first watched moment the looks begin. */
const LOOK_BEFORE_MS = 2;
/** How close to a precise wake-up waitForChange stops trusting timers (see there). */
const PRECISE_WAKE_MS = 2;
/** How long before a bot's first possible verdict botjury stops its own slow work (verdictNear). */
const QUIET_BEFORE_MS = 5;

/**
 * The jury looks at the pipe of every bot it watches (see BotIo.lookAtPipe), as the last thing before
 * its thread goes back to waiting: what botjury did before the look cannot have delayed a stamp after it.
 */
export function lookAtWatchedPipes(): void {
  if (watched.size === 0) return;
  const now = process.hrtime.bigint();
  for (const bot of watched) if (bot.watchedNow(now)) bot.lookAtPipe();
}

/**
 * A verdict may fall soon for some bot (its deadline is near or past): botjury's own slow work (a scan
 * of /proc, a memory sample) waits, so that it cannot sit between that bot's answer and its stamp.
 */
function verdictNear(now: bigint): boolean {
  for (const bot of watched) if (bot.quietNow(now)) return true;
  return false;
}

/**
 * A run with games still to start (until `release`): botjury waits for each next bot's spawn inside the
 * cgroup that spawn will use, and the watchdog keeps the kernel's cgroup moves quick meanwhile
 * (BotCgroup.expectSpawns). The watchdog starts first: started while botjury waits in a bot's cgroup,
 * it would land there and die with that bot.
 */
export function expectBotSpawns(): SpawnsAhead {
  deathGuardPrefix();
  return BotCgroup.expectSpawns(watchdogPid);
}

/**
 * `work` (a match's or a tournament's games) under expectBotSpawns' hold, released when it ends; as
 * a run's, botjury is home and the bots' folders and cgroups are gone when it returns.
 */
export async function holdingBotSpawns<T>(work: () => Promise<T>): Promise<T> {
  const ahead = expectBotSpawns();
  try {
    return await work();
  } finally {
    ahead.release();
    await afterwardsDone();
  }
}

/** As expectBotSpawns, for a referee started before the command loaded, until the command's run takes over. */
export function expectBotSpawnsUntilRun(): void {
  deathGuardPrefix();
  BotCgroup.expectSpawnsUntilRun(watchdogPid);
}

/** Ends every bot and everything it started, at once (used when botjury itself is interrupted). */
export function killAllBotsSync(): void {
  for (const bot of live) bot.killAllSync();
}

/** A bot that was never handed over: the watchdog forgets it once it is reaped. */
function forgetOnExit(child: ChildProcessWithoutNullStreams): void {
  const pid = child.pid!;
  if (child.exitCode !== null || child.signalCode !== null) forgetBot(pid);
  else child.once('exit', () => forgetBot(pid));
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
  // `-- bot.py` looks on PATH, like a shell; a file of that name right here is what was meant.
  const here = !file.includes('/') && existsSync(path.resolve(invokedFrom, file));
  const via = /\.py$/.test(file) ? 'python3' : /\.[cm]?js$/.test(file) ? 'node' : /\.jar$/.test(file) ? 'java -jar' : undefined;
  const hint = here ? ` on PATH; ${file} in this folder is given as ./${file}${via ? ` (executable, with a #! line) or as ${via} ${file}` : ''}` : '';
  throw new HarnessError(exists ? `bot executable is not executable: ${file} (chmod +x?)` : `bot executable not found: ${file}${hint}`);
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

export class BotProcess implements BotIo {
  readonly pid: number;
  readonly startNs: bigint;
  /** Link target of the bot's fd 0 in /proc (e.g. `socket:[12345]`): botjury's own socket to this bot. */
  readonly stdinIdentity: string | null;
  /** Lines read but not yet taken by the jury, oldest first. */
  private readonly unread: BotLine[] = [];
  /** Under `block`: reading is paused until the jury takes lines. */
  private readPaused = false;
  private readonly unreadPolicy: 'stop' | 'block';
  /**
   * The game is over for the jury: lines are no longer kept, only counted (nobody reads them), and
   * the first is kept for the message.
   */
  private ended = false;
  /** Close the jury's end of stdout at the bot's first write after the end (see endOfGame). */
  private closeOutputOnWrite = false;
  /** Output written after the game ended: bytes, lines and the first line. */
  readonly afterEnd = { bytes: 0, lines: 0, first: null as BotLine | null };
  /**
   * The first moment the jury watches for the answer it waits for (a deadline, hrtime ns), or null. A
   * line stamped after it carries a mark of botjury's stamping thread (BotLine.stamper): what may have
   * kept that stamp late.
   */
  private markAfterNs: bigint | null = null;
  /** The jury's last look at this pipe that found nothing there (see lookAtPipe), while watched. */
  lastEmptyLook: StamperMark | null = null;
  /** From when botjury keeps its slow work off the event loop for this bot's answer (verdictNear). */
  private quietFromNs: bigint | null = null;
  exit: ExitInfo | null = null;
  /** All of stdout and stderr has been read (or the drain window after exit passed). */
  drained = false;
  flood = false;
  stdoutBytes = 0;
  lastStdoutNs = 0n;
  stderrBytes = 0;
  /** stderr bytes since the last call to takeStderrTurnBytes(). */
  private stderrTurn = 0;
  /** The last stderr byte was not a newline: a line is pending on stderr. */
  stderrMidLine = false;
  stderrHead = '';
  /** The last STDERR_TAIL_CHARS characters of stderr. */
  stderrTail = '';
  stdinClosed = false;
  writeError: string | null = null;
  /**
   * Peak memory of everything the bot started, kB: the largest resident total of its processes (see TreeMemory) in any
   * sample, and at least the largest VmHWM of any one of them.
   */
  peakHwmKb = 0;
  /** VmData of the largest process at the last sample (RLIMIT_DATA applies per process), kB. */
  lastDataKb = 0;
  /** Largest VmData of any process in any sample, kB. */
  peakDataKb = 0;
  maxLineBytes = 4096;
  /** What holds the bot's processes: 'cgroup2', 'freezer' or 'pids' (a cgroup of its own), or 'tracking' (/proc only). */
  readonly containment: string;
  private readonly splitter: LineSplitter;
  /** stderr decoded chunk by chunk with invalid bytes kept visible (\xHH), never U+FFFD. */
  private readonly stderrDecoder = new VisibleDecoder();
  private readonly tree: ProcessTree;
  private wakers: (() => void)[] = [];
  private readonly sampleTimer: NodeJS.Timeout;
  private lastRefreshNs = 0n;
  private lastSampleNs = 0n;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    cgroup: BotCgroup | null,
    startNs: bigint,
    private readonly sink: TranscriptSink,
    private readonly argv: readonly string[],
    options: Pick<StartOptions, 'lines' | 'unreadLines'>,
    /** A sandboxed bot: bubblewrap's processes around it, and its own program (null: not sandboxed). */
    private readonly sandbox: { shell: readonly number[]; bot: number | null } | null = null,
    /** What the child did before this object listened (its start-up), replayed here in order. */
    early?: EarlyEvents,
  ) {
    this.splitter = new LineSplitter(() => this.maxLineBytes, options.lines ?? {});
    this.unreadPolicy = options.unreadLines ?? 'stop';
    this.startNs = startNs;
    this.pid = child.pid!;
    const stdio = [0, 1, 2].map((fd) => fdTarget(this.pid, fd));
    this.stdinIdentity = stdio[0] ?? null;
    this.tree = new ProcessTree(this.pid, new Set(stdio.filter((t): t is string => t !== null)), cgroup, sandbox ?? undefined);
    this.containment = cgroup?.kind ?? 'tracking';
    live.add(this);
    child.stdout.on('data', (chunk: Buffer) => {
      const atNs = process.hrtime.bigint(); // first thing: the arrival stamp
      this.onStdout(chunk, atNs);
    });
    child.stderr.on('data', (chunk: Buffer) => this.onStderr(chunk));
    child.stdout.on('error', () => undefined);
    child.stderr.on('error', () => undefined);
    child.stdin.on('error', (e: NodeJS.ErrnoException) => {
      this.writeError ??= e.code ?? e.message;
      this.sink('event', `stdin write failed: ${e.code ?? e.message}`, process.hrtime.bigint());
    });
    child.on('exit', (code, signal) => this.onExit(code, signal, process.hrtime.bigint()));
    child.on('close', () => this.markDrained());
    if (early) {
      // Listening now: take over from the start-up's listeners, then replay what they saw, in order.
      early.detach();
      for (const { chunk, atNs } of early.stdout) this.onStdout(chunk, atNs);
      for (const chunk of early.stderr) this.onStderr(chunk);
      if (early.exit) this.onExit(early.exit.code, early.exit.signal, early.exit.atNs);
      if (early.closed) this.markDrained();
      if (early.paused) child.stdout.resume();
    }
    // The timer samples only a bot that has not been sampled for a while (one thinking long): a
    // sample while a fast answer is on its way would delay the answer's stamp.
    this.sampleTimer = setInterval(() => {
      if (verdictNear(process.hrtime.bigint())) return; // a sample then could delay a stamp: the next one
      this.sampleMemory(SAMPLE_INTERVAL_MS * 0.8);
      // The sample is work of the stamping thread: a look after it keeps it out of a stamp's bound.
      lookAtWatchedPipes();
    }, SAMPLE_INTERVAL_MS);
    this.sampleTimer.unref();
    this.sampleMemory();
  }

  static async start(command: BotCommand, options: StartOptions, sink: TranscriptSink): Promise<BotProcess> {
    const { file, args } = resolveCommand(command.argv, options.invokedFrom);
    let sandbox: SandboxLaunch | null = null;
    try {
      if (options.isolate) sandbox = sandboxLaunch(file, args, { cwd: options.cwd, freshCwd: options.isolate.freshCwd, ...(options.memoryMb ? { memoryMb: options.memoryMb } : {}) });
    } catch (e) {
      throw new HarnessError(e instanceof SandboxError ? e.message : `bot could not be started: ${(e as Error).message}`);
    }
    const memoryLimit = options.memoryMb && options.memoryMb > 0 ? ['prlimit', `--data=${Math.round(options.memoryMb * 1024 * 1024)}`, '--'] : [];
    // A sandbox dies with botjury by bubblewrap's --die-with-parent and, where it runs, by the watchdog,
    // which is also told the sandbox's pid 1 (openSandbox): bubblewrap arms that pid's death signal only
    // after it has forked the bot.
    if (sandbox) startDeathWatch();
    const [runFile, ...runArgs] = (sandbox ? [...botPriorityPrefix(), sandbox.file, ...sandbox.args] : [...deathGuardPrefix(), ...memoryLimit, file, ...args]) as [string, ...string[]];
    let startNs = process.hrtime.bigint();
    let started: { child: ChildProcessWithoutNullStreams; cgroup: BotCgroup | null };
    let early: EarlyEvents | undefined;
    let lowered = true;
    try {
      const spawnBot = (procsFile: string | null = null): ChildProcessWithoutNullStreams => {
        // Entering its cgroup itself: a shell writes its pid there, then execs the command (containment.ts).
        const [execFile, execArgs] = procsFile ? [ENTER_ITSELF_SHELL, ['-c', ENTER_ITSELF_SCRIPT, procsFile, runFile, ...runArgs]] : [runFile, runArgs];
        const launch = (): ChildProcessWithoutNullStreams => spawn(execFile, execArgs, {
          cwd: options.cwd,
          env: minimalEnv(),
          detached: true, // own process group and session
          stdio: sandbox?.stdio ?? ['pipe', 'pipe', 'pipe'],
          ...(sandbox?.ids ?? {}),
        }) as ChildProcessWithoutNullStreams;
        // Forked at the bot's priority, not botjury's raised one (a sandbox starts under `nice`).
        const child = sandbox ? launch() : atBotPriority(launch);
        if (child.pid !== undefined) watchBot(child.pid); // in the same tick: no moment where botjury's death would spare it
        // Listened to from the spawn on: a bot that ends while its cgroup or sandbox is set up keeps
        // its exit and every byte it wrote (Node drops the output of a child nobody reads at its exit).
        if (child.pid !== undefined) early = new EarlyEvents(child);
        // Set on the child too, in case botjury could not lower its own thread for the fork.
        if (child.pid !== undefined && !sandbox) lowered = lowerToBotPriority(child.pid);
        return child;
      };
      // Not while botjury waits in a cgroup made for a bot: the child would start there (spawnInside takes it).
      const itself = options.entersCgroupItself && !sandbox && !BotCgroup.botjuryInside;
      started = itself ? await BotCgroup.spawnEnteringItself(spawnBot) : await BotCgroup.spawnInside(() => spawnBot());
    } catch (e) {
      throw new HarnessError(`bot could not be started: ${(e as Error).message}`);
    }
    const { child, cgroup } = started;
    if (child.pid === undefined) {
      child.on('error', () => undefined);
      throw new HarnessError(`bot could not be started: ${runFile}${existsSync(options.cwd) ? '' : ` (no folder ${options.cwd})`}`);
    }
    if (!lowered) {
      child.kill('SIGKILL');
      forgetOnExit(child);
      child.on('error', () => undefined);
      throw new HarnessError('bot could not be started: its priority could not be set back to the ordinary one');
    }
    let opened: { shell: number[]; bot: number | null } | null = null;
    if (sandbox) {
      const held: { init: ProcessIdentity | null } = { init: null };
      const watchInit = (pid: number): void => {
        held.init = processIdentity(pid);
        watchBot(pid);
      };
      try {
        ({ startNs, ...opened } = await openSandbox(child, watchInit)); // the bot's clock starts when the sandbox lets it go
      } catch (e) {
        child.on('error', () => undefined);
        // Its pid 1 first: it has not armed its death signal yet, and once bwrap is gone the closed
        // --block-fd would let it run the bot.
        const init = held.init;
        if (init && processIdentity(init.pid)?.start === init.start) sendSignal(init.pid, 'SIGKILL');
        child.kill('SIGKILL');
        forgetOnExit(child);
        if (init) forgetBot(init.pid);
        await cgroup?.killAllAsync();
        await cgroup?.removeAsync(200);
        throw new HarnessError(`bot could not be started: ${(e as Error).message}`);
      }
    }
    return new BotProcess(child, cgroup, startNs, sink, command.argv, options, opened, early);
  }

  /** Milliseconds since the bot was started. */
  ms(ns: bigint = process.hrtime.bigint()): number {
    return Number(ns - this.startNs) / 1e6;
  }

  get running(): boolean {
    return this.exit === null;
  }

  // ---- the lines the bot wrote ----

  /** The oldest line the jury has not taken yet, taken. */
  takeLine(): BotLine | undefined {
    const line = this.unread.shift();
    if (this.readPaused && this.unread.length <= RESUME_UNREAD_LINES) {
      this.readPaused = false;
      this.child.stdout.resume();
    }
    return line;
  }

  /** Reading is paused until the jury takes lines (unreadLines: block). */
  get readingPaused(): boolean {
    return this.readPaused;
  }

  get unreadCount(): number {
    return this.unread.length;
  }

  /** The last `n` unread lines, left unread. */
  unreadTail(n: number): BotLine[] {
    return n <= 0 ? [] : this.unread.slice(-n);
  }

  /** Takes every unread line. */
  takeAllLines(): BotLine[] {
    const all = this.unread.splice(0);
    if (this.readPaused) {
      this.readPaused = false;
      this.child.stdout.resume();
    }
    return all;
  }

  watchAnswer(markAfterNs: bigint | null, since: StamperMark | null, firstVerdictNs?: bigint): void {
    this.markAfterNs = markAfterNs;
    this.lastEmptyLook = since;
    this.quietFromNs = markAfterNs !== null && firstVerdictNs !== undefined ? firstVerdictNs - BigInt(QUIET_BEFORE_MS * 1e6) : null;
    if (markAfterNs === null) watched.delete(this);
    else watched.add(this);
  }

  lookAtPipe(): boolean {
    const mark = markStamper();
    const { bytes, empty } = this.readPending();
    // Lines already unread may hold the answer: the look is evidence only when nothing waits at all.
    if (empty && bytes === 0 && this.unread.length === 0) this.lastEmptyLook = mark;
    return this.unread.length > 0;
  }

  /** botjury's stamping thread now (see stamper.ts); with a sched() sample just taken, its own counters. */
  markStamper(sample?: SchedSample): StamperMark {
    return sample ? markStamper(process.hrtime.bigint(), sample.ownQueued) : markStamper();
  }

  quietNow(now: bigint): boolean {
    return this.quietFromNs !== null && now >= this.quietFromNs;
  }

  /** Is the jury watching this pipe now (from shortly before the first watched moment)? */
  watchedNow(now: bigint): boolean {
    return this.markAfterNs !== null && now >= this.markAfterNs - BigInt(LOOK_BEFORE_MS * 1e6);
  }

  /**
   * The jury is done with the bot's output (the game is over for it): from now on lines are counted,
   * not kept. With `closeOutput` the jury's end of the bot's stdout is closed at the bot's first write
   * after the end, as if the jury had exited (the JavaChallenge2015 engine): that write is counted (so
   * the report can say the bot wrote after the end), and the bot's next one fails with EPIPE / SIGPIPE.
   */
  endOfGame(closeOutput: boolean): void {
    if (this.ended) return;
    this.ended = true;
    this.closeOutputOnWrite = closeOutput;
    if (this.readPaused) {
      this.readPaused = false;
      this.child.stdout.resume();
    }
  }

  /** Writes lines (each + "\n"). Returns the hrtime after the write was handed to the pipe. */
  write(lines: string[]): { delivered: boolean; startNs: bigint; atNs: bigint } {
    const stdin = this.child.stdin;
    if (this.stdinClosed || stdin.destroyed || !stdin.writable || this.exit) {
      const now = process.hrtime.bigint();
      return { delivered: false, startNs: now, atNs: now };
    }
    const data = Buffer.from(lines.map((l) => `${l}\n`).join(''));
    // Straight to the pipe when nothing is queued before it: the write is then the system call alone,
    // so the moment the bot can have the message is known to within it (the stream path adds tens of
    // µs of its own, hundreds on its first call). The pipe is non-blocking: what does not fit goes
    // through the stream, in order after it.
    let written = 0;
    const fd = handleFd(stdin);
    const direct = fd !== null && stdin.writableLength === 0;
    // The clock of the answer starts here: the bot cannot have the message earlier.
    const startNs = process.hrtime.bigint();
    if (direct) {
      try {
        written = writeSync(fd, data);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'EAGAIN') {
          this.writeError ??= code ?? (e as Error).message;
          return { delivered: false, startNs, atNs: process.hrtime.bigint() };
        }
      }
    }
    if (written < data.length) stdin.write(written ? data.subarray(written) : data);
    const atNs = process.hrtime.bigint();
    for (const l of lines) this.sink('jury', l, atNs);
    return { delivered: true, startNs, atNs };
  }

  closeStdin(): bigint {
    this.stdinClosed = true;
    const at = process.hrtime.bigint();
    try {
      this.child.stdin.end();
    } catch {
      // already closed
    }
    this.sink('event', 'jury closed the bot\'s input', at);
    return at;
  }

  /**
   * Reads at once what already waits on botjury's side of the bot's stdout (the event loop may not
   * have got to it yet) and splits it into lines stamped now. Returns the number of bytes read.
   */
  readPendingStdout(): number {
    return this.readPending().bytes;
  }

  private readPending(): { bytes: number; empty: boolean } {
    const fd = handleFd(this.child.stdout);
    if (fd === null) return { bytes: 0, empty: this.child.stdout.readableEnded };
    if (this.readPaused || this.child.stdout.destroyed) return { bytes: 0, empty: false };
    // Chunks the stream read before a pause and emits only on its next tick (after a resume) are older
    // than what waits in the socket: reading the socket now would put newer lines before them.
    if (this.child.stdout.readableLength > 0 || this.child.stderr.readableLength > 0) return { bytes: 0, empty: false };
    let total = 0;
    while (!this.flood && !this.readPaused && total < 1 << 20) {
      const n = readAvailable(fd);
      if (typeof n !== 'number') return { bytes: total, empty: n === 'empty' };
      if (n <= 0) return { bytes: total, empty: true };
      const atNs = process.hrtime.bigint();
      const chunk = Buffer.from(pendingBuffer.subarray(0, n)); // before the buffer is read into again
      // What the bot wrote to stderr before this output is counted before it, as the event loop would
      // have (stderr first in its batch): a turn's stderr bytes are judged when its answer is taken.
      if (total === 0) this.readPendingStderr();
      total += n;
      this.onStdout(chunk, atNs);
    }
    return { bytes: total, empty: false };
  }

  /** Reads at once what already waits on botjury's side of the bot's stderr (at most 1 MiB). */
  private readPendingStderr(): void {
    const fd = handleFd(this.child.stderr);
    if (fd === null || this.child.stderr.destroyed || this.child.stderr.isPaused()) return;
    for (let total = 0; total < 1 << 20; ) {
      const n = readAvailable(fd);
      if (typeof n !== 'number' || n <= 0) return;
      total += n;
      this.onStderr(Buffer.from(pendingBuffer.subarray(0, n)));
    }
  }

  sched(reuseTaskLists = false): SchedSample {
    return sampleSched(this.processIds(), reuseTaskLists);
  }

  stdinWait(): StdinWait | null {
    return stdinWait(this.processIds(), this.stdinIdentity);
  }

  /** Live pids of everything the bot started, the bot itself first (looked for anew when due). */
  processIds(): number[] {
    this.refreshTreeWhenDue();
    return this.tree.pids();
  }

  /** Resolves when something happens (a line, exit, flood) or at `untilNs`, whichever is first. */
  waitForChange(untilNs: bigint, precise = false): Promise<void> {
    const ms = Number(untilNs - process.hrtime.bigint()) / 1e6;
    if (ms <= 0) return Promise.resolve();
    // A timer fires on a millisecond clock taken at the start of a loop iteration: up to about 2 ms off.
    // A precise wake-up (a deadline) sets it that much early and spends the rest one loop turn at a
    // time; each turn polls the pipes, so an answer arriving meanwhile is stamped at once.
    if (precise && ms <= PRECISE_WAKE_MS) return new Promise((resolve) => setImmediate(resolve));
    return new Promise((resolve) => {
      const timer = setTimeout(done, precise ? Math.floor(ms - PRECISE_WAKE_MS) || 1 : Math.ceil(ms));
      const waker = (): void => done();
      this.wakers.push(waker);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** CPU time of the bot and everything it started so far (ms), or null when unreadable. */
  cpuMs(): number | null {
    const ns = this.tree.cpuNs();
    return ns === null ? null : Number(ns) / 1e6;
  }

  /** Samples the memory of every process the bot started (looking for new ones when due). */
  /** Samples the memory of the bot's processes, unless a sample is younger than `maxAgeMs`. */
  sampleMemory(maxAgeMs = 0): void {
    const now = process.hrtime.bigint();
    if (maxAgeMs > 0 && now - this.lastSampleNs < BigInt(Math.round(maxAgeMs * 1e6))) return;
    this.lastSampleNs = now;
    this.refreshTreeWhenDue();
    const m = this.tree.memory();
    if (!m) {
      if (this.drained) clearInterval(this.sampleTimer); // the bot and all it started have ended
      return;
    }
    this.peakHwmKb = Math.max(this.peakHwmKb, m.rssKb, m.hwmKb);
    this.lastDataKb = m.dataKb;
    this.peakDataKb = Math.max(this.peakDataKb, m.dataKb);
    // A jury waiting for an answer learns at once that the bot is over its memory limit.
    if (this.memoryAlarmKb !== null && this.peakHwmKb > this.memoryAlarmKb) this.wake();
  }

  /** The peak (kB) over which a sample wakes whoever waits for this bot (the seat's memory limit), or null. */
  memoryAlarmKb: number | null = null;

  partialLine(): string {
    return this.splitter.partial();
  }

  partialBytes(): number {
    return this.splitter.partialBytes();
  }

  /** stderr bytes written since the last takeStderrTurnBytes(). */
  get stderrTurnBytes(): number {
    return this.stderrTurn;
  }

  takeStderrTurnBytes(): number {
    const n = this.stderrTurn;
    this.stderrTurn = 0;
    return n;
  }

  /** Ends the bot and everything it started: SIGTERM, a short grace, then SIGKILL until none is left. */
  async stop(): Promise<void> {
    clearInterval(this.sampleTimer);
    this.tree.refreshFully();
    this.sampleMemory(); // a last look at what it all holds before it is ended
    // Nothing alive at that full look: nothing can have started since, and the first round below need
    // not read all of /proc again (a game's last look, ~0.2 ms).
    let lookedNow = !this.tree.anyAlive();
    if (!lookedNow) {
      this.signalAll('SIGTERM');
      const until = process.hrtime.bigint() + BigInt(KILL_GRACE_MS) * 1_000_000n;
      while (process.hrtime.bigint() < until && this.tree.anyAlive()) {
        await this.waitForChange(process.hrtime.bigint() + 10_000_000n);
        this.tree.refresh();
      }
    }
    // Also when the bot is gone: what it left behind must not survive the run. Forks race the
    // signals, so look again until nothing is left.
    for (let round = 0; round < 50; round++) {
      if (!lookedNow) this.tree.refresh();
      lookedNow = false;
      if (!this.tree.anyAlive()) break;
      // The cgroup's kill from libuv's pool (it can wait for the kernel's cgroup_mutex), the rest at once.
      const cgroupKill = this.tree.cgroup?.killAllAsync();
      this.signalAll('SIGKILL');
      await Promise.all([cgroupKill, new Promise((r) => setTimeout(r, 5))]);
    }
    if (this.exit === null) {
      const until = process.hrtime.bigint() + 2_000_000_000n;
      while (this.exit === null && process.hrtime.bigint() < until) await this.waitForChange(until);
    }
    // Empty now; removed off the event loop, after the game (the kernel takes ~1 ms for a cgroup that held processes).
    if (this.tree.cgroup) afterwards(this.tree.cgroup.removeAsync(1000));
    forgetProcFiles(this.tree.everyPid());
    if (this.exit !== null) for (const pid of new Set([this.pid, ...(this.sandbox?.shell ?? [])])) forgetBot(pid); // reaped: its pid may be another process's soon
    live.delete(this);
    watched.delete(this);
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
  }

  /** SIGKILL to everything the bot started, synchronously (botjury is being interrupted). */
  killAllSync(): void {
    this.tree.refresh();
    this.tree.cgroup?.killAll();
    this.signalAll('SIGKILL');
    // The kernel needs a moment to empty the cgroup; the next botjury removes one it could not.
    this.tree.cgroup?.removeSync(200);
  }

  private signalAll(signal: NodeJS.Signals): void {
    // The group number cannot belong to anyone else while the bot is not yet reaped. A sandbox's
    // group is bwrap alone: the tree signals the bot itself (its pid 1 ends the rest).
    if (this.exit === null && !this.sandbox) {
      try {
        process.kill(-this.pid, signal);
      } catch {
        // the group is already empty
      }
    }
    this.tree.signalAll(signal);
  }

  /** A look through /proc costs about a millisecond on a busy machine: at most once per sample interval. */
  private refreshTreeWhenDue(): void {
    const now = process.hrtime.bigint();
    if (verdictNear(now)) return;
    if (now - this.lastRefreshNs < BigInt(SAMPLE_INTERVAL_MS / 2) * 1_000_000n) return; // half: timer jitter must not skip a look
    this.tree.refresh();
    this.lastRefreshNs = now;
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null, atNs: bigint): void {
    this.exit = { ...(this.sandbox ? sandboxExit(code, signal) : { code, signal }), atNs };
    if (this.ms(this.exit.atNs) > STARTUP_FAILURE_MS) commandsSeenStarting.add(commandKey(this.argv));
    // Output may still be in the pipes; 'close' says it is all read. A child the bot left behind
    // may hold the pipe open, so do not wait for 'close' longer than a moment.
    setTimeout(() => this.markDrained(), 100).unref();
    this.wake();
  }

  private onStdout(chunk: Buffer, atNs: bigint): void {
    const mark = this.markAfterNs !== null && atNs > this.markAfterNs ? markStamper(atNs) : undefined;
    if (this.flood) return;
    if (this.stdoutBytes === 0) commandsSeenStarting.add(commandKey(this.argv));
    this.stdoutBytes += chunk.length;
    this.lastStdoutNs = atNs;
    if (this.ended) {
      this.afterEnd.bytes += chunk.length;
      for (const line of this.splitter.push(chunk, atNs).lines) {
        if (this.afterEnd.lines++ === 0) {
          this.afterEnd.first = line;
          this.sink('bot', line.ending === 'lf' ? line.text : `${line.text}\r`, atNs);
        }
      }
      if (this.closeOutputOnWrite) {
        this.closeOutputOnWrite = false;
        this.child.stdout.destroy();
        this.sink('event', 'the jury closed its end of the bot\'s output (the real jury had exited)', atNs);
      }
      this.wake();
      return;
    }
    const { lines, overflow } = this.splitter.push(chunk, atNs);
    for (const line of lines) {
      this.sink('bot', line.ending === 'lf' ? line.text : `${line.text}\r`, atNs);
      if (mark) line.stamper = mark;
      this.unread.push(line);
    }
    if (this.unread.length > MAX_UNREAD_LINES && this.unreadPolicy === 'block' && !overflow) {
      if (!this.readPaused) {
        this.readPaused = true;
        this.child.stdout.pause();
        this.sink('event', `${this.unread.length} unread lines: the jury stops reading until it has taken some (the bot blocks on the full pipe)`, atNs);
      }
    } else if (overflow || this.unread.length > MAX_UNREAD_LINES) {
      this.flood = true;
      this.sink('event', `output flood: ${overflow ? `a line longer than ${this.maxLineBytes} bytes` : `${this.unread.length} unread lines`}`, atNs);
    }
    this.wake();
  }

  private onStderr(chunk: Buffer): void {
    this.stderrBytes += chunk.length;
    if (chunk.length > 0) this.stderrMidLine = chunk[chunk.length - 1] !== 0x0a;
    this.stderrTurn += chunk.length;
    // Decode at most what the tail keeps: a bot may write megabytes per chunk.
    const decoded = this.stderrDecoder.push(chunk.length > 4 * STDERR_TAIL_CHARS && this.stderrHead.length >= STDERR_KEEP_BYTES ? chunk.subarray(-4 * STDERR_TAIL_CHARS) : chunk);
    const tail = this.stderrTail + decoded;
    this.stderrTail = tail.length > STDERR_TAIL_CHARS ? tail.slice(-STDERR_TAIL_CHARS) : tail;
    if (this.stderrHead.length < STDERR_KEEP_BYTES) {
      const text = decoded.slice(0, STDERR_KEEP_BYTES - this.stderrHead.length);
      this.stderrHead += text;
      this.sink('stderr', text, process.hrtime.bigint());
    }
  }

  private markDrained(): void {
    if (this.drained || this.exit === null) return;
    this.drained = true;
    this.wake();
  }

  private wake(): void {
    const w = this.wakers;
    this.wakers = [];
    for (const f of w) f();
  }
}


/** How interpreters say that the file or name the command gave them does not exist. */
const MISSING_TARGET: [RegExp, string][] = [
  [/can't open file '([^'\n]+)': \[Errno \d+\]/, 'cannot open the script'],
  [/^\S*python\S*: No module named ([^\s']+)/m, 'cannot find the module'],
  [/Cannot find module '([^'\n]+)'/, 'cannot find the script'],
  [/Could not find or load main class (\S+)/, 'cannot find the main class'],
  [/Unable to access jarfile (\S+)/, 'cannot open the jar file'],
  [/cannot open ([^\n:]+): No such file/, 'cannot open the script'],
  [/^\S+: (?:line \d+: )?([^\n:]+): No such file or directory/m, 'cannot find'],
];

/**
 * A bot command that failed at once, before writing anything, because it names something that does
 * not exist (`python3 /missing.py`): the user's typo, not the bot's fault. Returns a one-line message
 * for a harness error (exit 2), or null when the failure may be the bot's. Call it only when the bot
 * exited before writing anything to stdout.
 */
export function startupFailureHint(argv: readonly string[], exit: Pick<ExitInfo, 'code' | 'signal'>, stderrHead: string, msSinceStart: number): string | null {
  if (exit.signal !== null || !exit.code || msSinceStart > STARTUP_FAILURE_MS) return null;
  // It started properly before in this run (an earlier game of a match): a failure now is the bot's own.
  if (commandsSeenStarting.has(commandKey(argv))) return null;
  const command = path.basename(argv[0] ?? '');
  for (const [pattern, what] of MISSING_TARGET) {
    const missing = pattern.exec(stderrHead)?.[1];
    if (missing === undefined) continue;
    const given = argv.slice(1).find((a) => namesTheSame(a, missing));
    // A name the command line does not give is the bot's own (an import, a file it opens): its fault.
    if (given !== undefined) return `the bot command failed at once: ${command} ${what} '${given}' (check the command after --; relative paths are taken from the folder botjury was started in)`;
  }
  if (exit.code === 127) return `the bot command failed at once with status 127 (a command it runs was not found): ${argv.join(' ')}`;
  if (exit.code === 126) return `the bot command failed at once with status 126 (found but not executable): ${argv.join(' ')}`;
  return null;
}

function namesTheSame(given: string, reported: string): boolean {
  if (given === reported || reported === path.resolve(given)) return true;
  const bare = given.replace(/^(\.\/)+/, '');
  return bare.length > 0 && (reported.endsWith(`/${bare}`) || reported === bare.replace(/\.(class|java)$/, ''));
}
