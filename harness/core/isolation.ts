// Seats isolated with bubblewrap (`--isolate`): each bot runs in its own user, PID, IPC, UTS and
// network namespaces, sees the file system read-only except its own working folder and a private
// /tmp, and cannot see botjury, the other seats or their folders. bubblewrap (Debian's `bubblewrap`)
// does all of the isolating; this module only builds its command line, checks once that it works
// here, and holds the sandbox between set-up and the bot's start so that set-up is botjury's time.
//
// The processes, as the host sees them: bwrap (the spawned child, outside the namespaces) → bwrap's
// pid 1 of the sandbox (the child pid bwrap reports on --info-fd) → the bot's program → whatever the
// bot starts. The first two are the sandbox's shell: they belong to the bot for cleanup, never for
// what the bot is measured by (CPU, memory, the unflushed-output proof).
import type { Readable } from 'node:stream';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chownSync, constants, lchownSync, mkdtempSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { handleFd } from './bot-io.js';
import { isInside } from './files.js';
import { processIdentity, sleepsReading } from './proc.js';

/** The uid and gid of the bot inside the sandbox ("nobody"), and on the host when botjury runs as root. */
export const SANDBOX_ID = 65534;
/** Size of the private /tmp and of /dev/shm (each a tmpfs of its own). */
export const SANDBOX_TMP_BYTES = 64 * 1024 * 1024;
/** Largest file the bot may write (RLIMIT_FSIZE): writing more fails with EFBIG (or SIGXFSZ). */
export const SANDBOX_FILE_BYTES = 64 * 1024 * 1024;
/**
 * Processes and threads of the bot's user in its sandbox, bubblewrap's pid 1 included (RLIMIT_NPROC,
 * counted per user namespace since Linux 5.14): a fork bomb ends here. A JVM on a large machine
 * runs about a hundred threads.
 */
export const SANDBOX_TASKS = 256;
/** bubblewrap's options used here (--size, --disable-userns) came in 0.8.0. */
const MIN_VERSION = [0, 8, 0] as const;
/** The descriptors the sandbox is handed beside stdio: bwrap writes its child's pid on one and waits on the other. */
const INFO_FD = 3;
const BLOCK_FD = 4;
/** The sandbox comes up in milliseconds; this long means something is wrong (a hung mount). */
const SETUP_TIMEOUT_MS = 10_000;
/** How long bubblewrap's stderr is read for its message once set-up failed (it ends sooner when bubblewrap has exited). */
const SETUP_WORDS_MS = 200;
/**
 * The bot's program is forked right after the sandbox is let go (well under a millisecond); the tree's
 * scan finds it anyway if this passes. Waited for without yielding, so short.
 */
const BOT_APPEARS_MS = 5;
const INSTALL_HINT = 'install it (Debian/Ubuntu: apt-get install bubblewrap)';

export interface SandboxOptions {
  /** The bot's working folder: the one place it may write (besides its /tmp). */
  cwd: string;
  /** botjury made the folder for this run (so it may hand it to the sandbox's user). */
  freshCwd: boolean;
  /** RLIMIT_DATA inside the sandbox (the --memory-mb hard limit). */
  memoryMb?: number;
}

/** How to spawn one sandboxed bot. */
export interface SandboxLaunch {
  file: string;
  args: string[];
  /** stdin, stdout, stderr, --info-fd, --block-fd; then /dev/null over any descriptor botjury would pass on unasked. */
  stdio: ('pipe' | 'ignore' | number)[];
  /** The host user bubblewrap runs as when botjury is root (never root itself). */
  ids?: { uid: number; gid: number };
}

/** The sandbox could not be made or did not come up (botjury's fault, exit 2). */
export class SandboxError extends Error {
  override name = 'SandboxError';
}

interface Probe {
  bwrap: string | null;
  prlimit: string | null;
  problem: string | null;
}
let probed: Probe | undefined;

/** Why --isolate cannot work here (one line saying how to fix it), or null when it can. Checked once. */
export function isolationProblem(): string | null {
  probed ??= probe();
  return probed.problem;
}

/**
 * Whom bubblewrap (and so the bot) runs as on the host: botjury's own user, except that botjury as
 * root hands the sandbox to `nobody`. A process of uid 0, even without capabilities, still owns
 * root's files and sockets, and RLIMIT_NPROC does not bind it.
 */
function hostIds(): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid: SANDBOX_ID, gid: SANDBOX_ID } : undefined;
}

function probe(): Probe {
  const bwrap = onPath('bwrap');
  const prlimit = onPath('prlimit');
  if (!bwrap) return { bwrap, prlimit, problem: `--isolate needs bubblewrap (bwrap), which is not on PATH: ${INSTALL_HINT}` };
  const version = spawnSync(bwrap, ['--version'], { encoding: 'utf8', timeout: 5000 });
  const found = /(\d+)\.(\d+)\.(\d+)/.exec(version.stdout ?? '');
  if (!found) return { bwrap, prlimit, problem: `--isolate: ${bwrap} --version did not say which bubblewrap it is (${oneLine(version.stderr || version.stdout || String(version.error ?? ''))}); ${INSTALL_HINT}` };
  const have = [Number(found[1]), Number(found[2]), Number(found[3])];
  if (compareVersions(have, MIN_VERSION) < 0) return { bwrap, prlimit, problem: `--isolate needs bubblewrap ${MIN_VERSION.join('.')} or later (for --size and --disable-userns); ${bwrap} is ${have.join('.')}: ${INSTALL_HINT} from a newer release` };
  if (!prlimit) return { bwrap, prlimit, problem: '--isolate needs prlimit (util-linux), which is not on PATH' };
  // A real sandbox, the way bots get theirs: user namespaces may be disabled, or denied by a security module.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'botjury-probe-'));
  try {
    const ids = hostIds();
    if (ids) chownSync(dir, ids.uid, ids.gid);
    const argv = [...bwrapOptions(dir, []), '--', prlimit, `--nproc=${SANDBOX_TASKS}`, '--', 'true'];
    const trial = spawnSync(bwrap, argv, { encoding: 'utf8', timeout: 10_000, cwd: dir, ...(ids ?? {}) });
    if (trial.status !== 0) {
      const why = oneLine(trial.stderr || String(trial.error ?? `status ${trial.status}`));
      const userns = /namespace|Operation not permitted|permission/i.test(why)
        ? '; user namespaces must be allowed (sysctl kernel.unprivileged_userns_clone=1 and user.max_user_namespaces > 0; on Ubuntu 24.04 also kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap)'
        : '';
      return { bwrap, prlimit, problem: `--isolate: bubblewrap cannot make a sandbox here: ${why}${userns}` };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { bwrap, prlimit, problem: null };
}

/** For tests: probe again (after PATH changed). */
export function forgetIsolationProbe(): void {
  probed = undefined;
}

/**
 * The command that runs the bot `file args` in a sandbox of its own. Throws SandboxError when
 * isolation does not work here, or the sandbox's user could not read the bot.
 */
export function sandboxLaunch(file: string, args: readonly string[], options: SandboxOptions): SandboxLaunch {
  const problem = isolationProblem();
  if (problem) throw new SandboxError(problem);
  const ids = hostIds();
  const named = [file, ...args.filter((a) => path.isAbsolute(a) && exists(a))];
  if (ids) handOver(options, named, ids);
  const limits = [`--nproc=${SANDBOX_TASKS}`, `--fsize=${SANDBOX_FILE_BYTES}`];
  if (options.memoryMb && options.memoryMb > 0) limits.push(`--data=${Math.round(options.memoryMb * 1024 * 1024)}`);
  return {
    file: probed!.bwrap!,
    args: [...bwrapOptions(options.cwd, named), '--info-fd', String(INFO_FD), '--block-fd', String(BLOCK_FD), '--', probed!.prlimit!, ...limits, '--', file, ...args],
    stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe', ...coverLeaks(BLOCK_FD + 1)],
    ...(ids ? { ids } : {}),
  };
}

/**
 * bubblewrap's options for a bot working in `cwd` whose command names the files `named`. Everything
 * read-only; botjury's temporary folders (where every seat's working folder lives) and /run (the
 * host's sockets: a network namespace does not stop a connect() to a socket file) hidden; the bot's
 * own folder writable.
 */
function bwrapOptions(cwd: string, named: readonly string[]): string[] {
  const hidden = ['/tmp', os.tmpdir(), '/run'].filter(isDir).map(realOr).filter((d, i, all) => d !== '/' && all.indexOf(d) === i);
  const roots = hidden.filter((d) => !hidden.some((o) => o !== d && isInside(d, o)));
  const argv = [
    '--unshare-all', '--unshare-user', '--disable-userns',
    '--uid', String(SANDBOX_ID), '--gid', String(SANDBOX_ID),
    '--die-with-parent', '--new-session', '--cap-drop', 'ALL',
    '--ro-bind', '/', '/',
    '--proc', '/proc', '--dev', '/dev',
    '--size', String(SANDBOX_TMP_BYTES), '--tmpfs', '/dev/shm',
  ];
  for (const dir of roots) argv.push('--size', String(SANDBOX_TMP_BYTES), '--tmpfs', dir);
  // A named file under a hidden folder comes back read-only with the whole folder it sits in just below
  // the hidden one: a program's modules sit beside it or in a folder next to its own (a bot in a
  // checkout under /tmp imports from ../lib). Where that folder holds a hidden one (botjury's temporary
  // folder: the other seats' folders would show), only the file's own folder, or the file alone.
  const holdsHidden = (dir: string): boolean => hidden.some((h) => isInside(h, dir));
  const back = new Set<string>();
  for (const name of named) {
    for (const p of new Set([name, realOr(name)])) {
      const root = roots.find((h) => isInside(p, h));
      if (root === undefined || isInside(p, cwd)) continue;
      const top = path.join(root, path.relative(root, p).split(path.sep)[0]!);
      const folder = path.dirname(p);
      back.add(top !== p && !holdsHidden(top) ? top : holdsHidden(folder) ? p : folder);
    }
  }
  for (const p of [...back].sort((a, b) => a.length - b.length)) argv.push('--ro-bind', p, p);
  argv.push('--bind', cwd, cwd, '--chdir', cwd);
  // Only /tmp stays writable; the other hidden folders (mount points made, bound folders kept) are read-only.
  for (const dir of roots) if (dir !== realOr('/tmp')) argv.push('--remount-ro', dir);
  return argv;
}

/**
 * Botjury runs as root, the sandbox as `nobody`: the fresh working folder becomes nobody's, and what
 * the command names must be readable by nobody (else the bot would fail to start and be blamed).
 */
function handOver(options: SandboxOptions, named: readonly string[], ids: { uid: number; gid: number }): void {
  if (options.freshCwd) {
    chownSync(options.cwd, ids.uid, ids.gid);
    for (const entry of readdirSync(options.cwd)) lchownSync(path.join(options.cwd, entry), ids.uid, ids.gid);
  } else if (!reachable(options.cwd, ids, constants.W_OK | constants.X_OK)) {
    throw new SandboxError(`--isolate: the bot runs as uid ${ids.uid} (nobody) when botjury runs as root, and nobody cannot write in --cwd ${options.cwd}`);
  }
  const problem = unreachableProblem(named, ids);
  if (problem) throw new SandboxError(problem);
}

function unreachableProblem(named: readonly string[], ids: { uid: number; gid: number }): string | null {
  for (const [i, name] of named.entries()) {
    const mode = i === 0 ? constants.R_OK | constants.X_OK : constants.R_OK;
    if (!reachable(name, ids, mode))
      return `--isolate: the bot runs as uid ${ids.uid} (nobody) when botjury runs as root, and nobody cannot ${mode & constants.X_OK ? 'run' : 'read'} ${name} (a folder on its path or the file itself is closed to others): use a program installed for every user, or run botjury as a user who can`;
  }
  return null;
}

/**
 * Why the bot command `file args` (resolved) could not run in a sandbox on this machine, or null: where
 * isolation does not work at all, or botjury runs as root and the sandbox's `nobody` cannot reach it.
 */
export function sandboxCommandProblem(file: string, args: readonly string[]): string | null {
  const problem = isolationProblem();
  if (problem) return problem;
  const ids = hostIds();
  return ids ? unreachableProblem([file, ...args.filter((a) => path.isAbsolute(a) && exists(a))], ids) : null;
}

/** Can a process of `ids` (no supplementary groups) reach `target` with `mode`? From the permission bits along the real path. */
function reachable(target: string, ids: { uid: number; gid: number }, mode: number): boolean {
  let real: string;
  try {
    real = realpathSync(target);
  } catch {
    return false;
  }
  const allows = (p: string, want: number): boolean => {
    const s = statSync(p);
    const bits = s.uid === ids.uid ? (s.mode >> 6) & 7 : s.gid === ids.gid ? (s.mode >> 3) & 7 : s.mode & 7;
    return (bits & want) === want;
  };
  const parts = real.split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i++) if (!allows(`/${parts.slice(0, i).join('/')}`, constants.X_OK)) return false;
  return allows(real, mode);
}

/**
 * Descriptors botjury itself inherited without close-on-exec (from whatever started it) would pass
 * into the sandbox: bubblewrap closes none. Each becomes /dev/null in the bot (from `from` on).
 */
function coverLeaks(from: number): ('ignore' | number)[] {
  const leaked: number[] = [];
  let names: string[] = [];
  try {
    names = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  for (const name of names) {
    const fd = Number(name);
    if (!(fd >= from) || fd > MAX_COVERED_FD) continue;
    try {
      const flags = /^flags:\s+([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'));
      if (flags && (parseInt(flags[1]!, 8) & O_CLOEXEC) === 0) leaked.push(fd);
    } catch {
      // closed meanwhile (the listing's own descriptor)
    }
  }
  if (leaked.length === 0) return [];
  devNull ??= openSync('/dev/null', 'r+');
  const stdio: ('ignore' | number)[] = Array.from({ length: Math.max(...leaked) + 1 - from }, () => 'ignore');
  for (const fd of leaked) stdio[fd - from] = devNull;
  return stdio;
}

const O_CLOEXEC = 0o2000000;
/** Descriptors above this are not looked at (the stdio list is one entry per descriptor). */
const MAX_COVERED_FD = 1023;
let devNull: number | undefined;

export interface OpenedSandbox {
  /** When the bot's own program was let go (hrtime ns): the start-up clock starts here. */
  startNs: bigint;
  /** bwrap and the sandbox's pid 1, as the host sees them. */
  shell: number[];
  /** The bot's program as the host sees it (pid 2 of the sandbox), or null when it was not seen in time. */
  bot: number | null;
}

/**
 * Waits (a few milliseconds, without blocking the event loop) until bubblewrap has set the sandbox up
 * and its pid 1 sleeps on --block-fd, then stamps the start and lets the bot's program run. Set-up is thus never the
 * bot's time. Throws SandboxError with bubblewrap's own message when set-up fails. `onInit` is given
 * the sandbox's pid 1 (the host's pid) before it is let go.
 *
 * The sandbox's stderr is the bot's. While the sandbox is set up, what comes on it is held in the
 * stream (a 'readable' listener that takes nothing: node neither hands it to nobody nor drops it when
 * bubblewrap exits); it is read here only when set-up failed (bubblewrap's last words). Whatever the bot
 * itself wrote there in its first milliseconds stays in the stream for the bot's own reader.
 */
export async function openSandbox(child: ChildProcess, onInit: (pid: number) => void = () => undefined): Promise<OpenedSandbox> {
  const bwrapPid = child.pid!;
  const stderr = child.stderr;
  const hold = (): void => undefined;
  stderr?.on('readable', hold);
  const lastWords = async (): Promise<string> => {
    let words = '';
    for (const until = Date.now() + SETUP_WORDS_MS; stderr; ) {
      for (let chunk: unknown; (chunk = stderr.read()) !== null; ) if (words.length < 4096) words += String(chunk);
      if (stderr.readableEnded || stderr.destroyed || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    return oneLine(words);
  };
  const gone = (): boolean => {
    const bwrap = processIdentity(bwrapPid);
    return child.exitCode !== null || child.signalCode !== null || !bwrap || bwrap.zombie;
  };
  const infoStream = child.stdio[INFO_FD] as Readable | null | undefined;
  const blockFd = handleFd(child.stdio[BLOCK_FD]);
  // Read as the event loop reads any pipe: nothing here blocks the thread that stamps other bots' replies.
  let info = '';
  const onInfo = (chunk: Buffer): void => {
    if (info.length < 4096) info += chunk.toString('latin1');
  };
  infoStream?.on('data', onInfo);
  try {
    // bubblewrap that failed at once: node closes the control pipes as it notices the exit.
    if (!infoStream || blockFd === null) throw new SandboxError(gone() ? `the sandbox could not be set up: ${(await lastWords()) || 'bwrap ended'}` : 'the sandbox\'s control descriptors are missing');
    const until = Date.now() + SETUP_TIMEOUT_MS;
    let init: number | null = null;
    for (;;) {
      if (init === null) {
        const pid = /"child-pid"\s*:\s*(\d+)/.exec(info);
        if (pid && info.includes('}')) init = Number(pid[1]);
      }
      if (init !== null && blockedOn(init, BLOCK_FD)) break;
      if (gone() || (init !== null && !processIdentity(init))) throw new SandboxError(`the sandbox could not be set up: ${(await lastWords()) || 'bwrap ended'}`);
      if (Date.now() > until) {
        const words = await lastWords();
        throw new SandboxError(`the sandbox was not set up within ${SETUP_TIMEOUT_MS / 1000} s${words ? `: ${words}` : ''}`);
      }
      // Set-up takes a few milliseconds.
      await new Promise((r) => setTimeout(r, 1));
    }
    // Told before the sandbox is let go: its pid 1 arms --die-with-parent only after forking the bot,
    // so a botjury killed in between would leave it running, with the bot (seen in CI, stop 43).
    onInit(init);
    const startNs = process.hrtime.bigint();
    writeSync(blockFd, 'x');
    return { startNs, shell: [bwrapPid, init], bot: firstChild(init) };
  } finally {
    stderr?.off('readable', hold);
    infoStream?.off('data', onInfo);
    child.stdio[INFO_FD]?.destroy();
    child.stdio[BLOCK_FD]?.destroy();
  }
}

/**
 * The sandbox's pid 2 (the bot's program), which pid 1 forks as soon as it is let go: known from the
 * start, the bot's first answer is measured like any other (CPU, memory), not found later by a scan.
 * Looked for without yielding to the event loop (pausing 50 µs between looks, so pid 1 gets the CPU):
 * a bot that exits at once must not have bubblewrap's exit (and its last output, which node drops
 * when nobody reads it yet) handled before the bot's reader is there. Past BOT_APPEARS_MS it is left
 * to the tree's scan.
 */
function firstChild(pid: number): number | null {
  const until = process.hrtime.bigint() + BigInt(BOT_APPEARS_MS) * 1_000_000n;
  for (;;) {
    let text: string | null = null;
    try {
      text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1');
    } catch {
      text = null;
    }
    const first = text?.trim().split(' ')[0];
    if (first && /^\d+$/.test(first)) return Number(first);
    if (text === null && !processIdentity(pid)) return null;
    if (process.hrtime.bigint() > until) return null;
    Atomics.wait(pause, 0, 0, 0.05);
  }
}
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * bubblewrap reports a bot killed by signal N as exit status 128+N (as a shell does): read back as
 * the signal. A bot that itself exits with such a status is read as killed by that signal too.
 */
export function sandboxExit(code: number | null, signal: NodeJS.Signals | null): { code: number | null; signal: NodeJS.Signals | null } {
  if (code === null || code <= 128 || code > 128 + 64) return { code, signal };
  const name = Object.entries(os.constants.signals).find(([, n]) => n === code - 128)?.[0];
  return name ? { code: null, signal: name as NodeJS.Signals } : { code, signal };
}

/** The sandbox's pid 1 sleeps in read() on the block descriptor: set-up is done (where /proc cannot tell: once it exists). */
function blockedOn(pid: number, fd: number): boolean {
  return sleepsReading(pid, fd) ?? processIdentity(pid) !== null;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function oneLine(text: string): string {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).join('; ').slice(0, 300);
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function exists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

