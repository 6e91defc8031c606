// Keeping hold of everything a bot starts, so that all of it counts (CPU, memory) and none of it
// survives the run. Four mechanisms, each used where Linux lets us:
//  - a cgroup of its own (cgroup2 with cgroup.kill, else the v1 freezer or pids hierarchy) when one
//    is writable: it holds every descendant, daemons included, and ends them all at once — a help,
//    not a proof: a process with the rights botjury has (root) can move itself into another cgroup;
//  - tracking from /proc, always, with a cgroup too: ppid chains from the bot, its process group and
//    session, and any process holding the bot's stdio sockets; each remembered as pid + start time, so
//    a reused pid is never mistaken for the bot's;
//  - a watchdog (watchdog.ts; else PR_SET_PDEATHSIG through setpriv): the bot dies when botjury itself is killed;
//  - at the end, one scan of every process started since the bot for descriptors on the bot's stdio.
import { spawnSync } from 'node:child_process';
import { close, existsSync, open, readdirSync, readFileSync, rmdirSync, write, writeFileSync } from 'node:fs';
import { mkdir, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterwards } from './afterwards.js';
import { allPids, cpuNs, fdTargets, lastPid, memory, processIdentity, pssKb, type ProcessIdentity } from './proc.js';

const SETPRIV_CANDIDATES = ['/usr/bin/setpriv', '/bin/setpriv', '/usr/sbin/setpriv'];
let pdeathsigPrefix: string[] | undefined;

/**
 * The command prefix that makes the bot die with botjury (setpriv --pdeathsig KILL), or [] when setpriv
 * is missing or too old. The signal fires when the *thread* that spawned the bot exits: spawn bots
 * from the main thread (or from a thread that lives as long as the bot).
 */
export function pdeathsigWrapper(): string[] {
  if (pdeathsigPrefix) return pdeathsigPrefix;
  pdeathsigPrefix = [];
  for (const setpriv of SETPRIV_CANDIDATES) {
    if (!existsSync(setpriv)) continue;
    // util-linux before 2.33 has no --pdeathsig: the bot would fail to start and be blamed for it.
    const probe = spawnSync(setpriv, ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore', timeout: 5000 });
    if (probe.status === 0) pdeathsigPrefix = [setpriv, '--pdeathsig', 'KILL', '--'];
    break;
  }
  return pdeathsigPrefix;
}

type CgroupKind = 'cgroup2' | 'freezer' | 'pids';

/** The shell of spawnEnteringItself, and what it runs: $0 is the cgroup.procs to enter, "$@" the command. */
export const ENTER_ITSELF_SHELL = '/bin/sh';
export const ENTER_ITSELF_SCRIPT = 'echo $$ 2>/dev/null > "$0"; exec "$@"';

/**
 * How often, while bots are still to start, a process is written into the cgroup it is already in (a
 * move that moves nothing). Any move takes the kernel's cgroup_threadgroup_rwsem for writing, which
 * first waits for an RCU grace period (7.5 ms median here, up to 16 ms) unless a writer held it within
 * about one grace period before (rcu_sync): 0.24 ms then. Rewritten every 10 ms, every move of a test
 * stayed quick; every 20 ms most; every 50 ms none (docs/timing.md, stop 40). cgroup2's
 * favordynmods mount option does the same for good; the price is the kernel's either way: while the
 * lock is in that state, forks and exits on the machine take its slower read path.
 */
const KEEP_MOVES_QUICK_MS = 8;

/** A run's hold on the cgroup botjury waits in (BotCgroup.expectSpawns). */
export interface SpawnsAhead {
  /** The run's last game has started: its spawns go home after them (no cgroup to wait in for another). */
  lastStarted(): void;
  /** The run is over: botjury goes home, once no other run holds, and that cgroup is removed. */
  release(): void;
}

/**
 * How botjury makes, writes and removes its bots' cgroups while runs go on: from libuv's thread pool,
 * never on the thread that stamps replies. Each of these waits for the kernel's cgroup_mutex, which a
 * move anywhere on the machine holds while it waits for an RCU grace period (7.5 ms quiet; a cgroup
 * mkdir on botjury's main thread was traced blocked 56 ms under load). Replaceable by tests only.
 */
export const cgroupFiles = {
  mkdir: (dir: string): Promise<unknown> => mkdir(dir),
  writeFile: (file: string, value: string): Promise<void> => writeFile(file, value),
  rmdir: (dir: string): Promise<void> => rmdir(dir),
};

/** A cgroup made for one bot; every process in it is the bot's. */
export class BotCgroup {
  constructor(readonly kind: CgroupKind, readonly dir: string) {}

  private static counter = 0;
  private static disabled = false;
  /** Botjury is in this cgroup (moving back out after a spawn, or it could not): never kill or freeze it whole. */
  private holdsBotjury = false;

  /**
   * Spawns a bot inside a cgroup of its own, race-free: botjury steps into the new cgroup for the
   * spawn (the child inherits it at fork, before it can run a single instruction) and steps back out.
   * Where that is not allowed, the child is moved in after the spawn (a fork in the first moments
   * escapes the cgroup, not the tracking). The cgroup is null where none is writable (silently).
   *
   * Moving a process between cgroups can take the kernel a grace period (7–20 ms on a quiet machine,
   * unless another move happened within about one): the moves are written from libuv's thread pool, so
   * the thread that stamps the other bots' replies never waits for them. While a run has games still to
   * start (`spawnsAhead`), botjury goes from the bot's cgroup straight into a new one for the next spawn
   * and waits there: that move's wait overlaps the game, and the next game's bot starts at once
   * (docs/timing.md, "A cgroup move at every game's start"). One spawn at a time: while botjury is
   * inside a cgroup made for a bot, any other process it started would land there too.
   */
  static async spawnInside<T extends { pid?: number | undefined }>(spawnChild: () => T): Promise<{ child: T; cgroup: BotCgroup | null }> {
    const previous = BotCgroup.spawning;
    let done!: () => void;
    BotCgroup.spawning = new Promise<void>((resolve) => (done = resolve));
    await previous;
    let leaving: Promise<void> | null = null;
    try {
      // The cgroup botjury already waits in (moved there after the last spawn), else a new one entered now.
      let group = BotCgroup.waitingIn;
      let entered: boolean;
      if (group) {
        BotCgroup.waitingIn = null;
        BotCgroup.spawnsWithoutMove++;
        entered = true;
      } else {
        group = await BotCgroup.make();
        if (!group) return { child: spawnChild(), cgroup: null };
        entered = await BotCgroup.enter(group);
      }
      let child: T;
      try {
        child = spawnChild();
      } catch (e) {
        if (entered) await group.leave();
        await group.removeAsync(0);
        throw e;
      }
      if (entered) {
        // The way out is not waited for: the move can wait for a grace period too, and the game need
        // not. Until it is done botjury is in the bot's cgroup, so the cgroup is never killed or frozen
        // whole (its processes are, one by one: never botjury) and cannot be removed, and the next
        // spawn waits (the spawn lock is released after the move). Out to the next spawn's cgroup while
        // games are still to start, else home.
        group.holdsBotjury = true;
        leaving = BotCgroup.spawnsAhead > 0 ? group.moveToNext() : group.leave();
      }
      const inside = child.pid !== undefined && (entered || (await group.writeAsync('cgroup.procs', String(child.pid))));
      if (inside) return { child, cgroup: group };
      await leaving;
      await group.removeAsync(0);
      return { child, cgroup: null };
    } finally {
      if (leaving) void leaving.then(done);
      else done();
    }
  }

  /**
   * Spawns a child that enters a cgroup of its own by itself: `spawnChild` gets the cgroup's
   * `cgroup.procs` (null where none can be made) for a shell that writes its own pid there and then
   * execs the command (ENTER_ITSELF_SCRIPT), so even the command's first instruction is inside, as with
   * spawnInside, and botjury neither moves nor waits for the spawn lock: the move's grace period is the
   * child's, while botjury goes on (a referee started while botjury loads, whose spawn would otherwise
   * wait for the loading to end to see its move done). Where the shell's write fails the command runs
   * outside the cgroup, followed through /proc as a bot without a cgroup is.
   */
  static async spawnEnteringItself<T extends { pid?: number | undefined }>(spawnChild: (procsFile: string | null) => T): Promise<{ child: T; cgroup: BotCgroup | null }> {
    const group = existsSync(ENTER_ITSELF_SHELL) ? await BotCgroup.make() : null;
    if (BotCgroup.botjuryInside) {
      // botjury stepped into a bot's cgroup while this one was made: the child would be born there.
      await group?.removeAsync(0);
      return BotCgroup.spawnInside(() => spawnChild(null));
    }
    let child: T;
    try {
      child = spawnChild(group ? path.join(group.dir, 'cgroup.procs') : null);
    } catch (e) {
      await group?.removeAsync(0);
      throw e;
    }
    if (child.pid !== undefined) return { child, cgroup: group };
    await group?.removeAsync(0); // nothing started: no cgroup left behind
    return { child, cgroup: null };
  }

  /** The spawn in progress (spawnInside): the next one waits for it. */
  private static spawning: Promise<void> = Promise.resolve();

  /** Botjury is in a cgroup made for a bot now (for a spawn): anything else it started would land there too. */
  static botjuryInside = false;

  /** The cgroup botjury waits in for the next spawn (no process but botjury in it), or null. */
  private static waitingIn: BotCgroup | null = null;

  /** Resolves once no spawn, and no move of botjury's, is under way (tests). */
  static async settled(): Promise<void> {
    for (let last; last !== BotCgroup.spawning; ) await (last = BotCgroup.spawning);
  }

  /** How many spawns found botjury already in their cgroup, with no move on their path (tests). */
  static spawnsWithoutMove = 0;

  /** How many runs have games still to start (expectSpawns). */
  private static spawnsAhead = 0;

  /**
   * A run with games still to start: until its last game has started, botjury waits for each next spawn
   * inside the cgroup that spawn will use (spawnInside), and it starts waiting in one now. Released by
   * every holder, botjury goes home and that cgroup is removed before the run's report (afterwardsDone).
   */
  static expectSpawns(keeper: () => number | null = () => null): SpawnsAhead {
    BotCgroup.spawnsAhead++;
    BotCgroup.keepMovesQuick(keeper);
    BotCgroup.interim?.release(); // a run took over from the hold of a command getting ready
    // The first spawn need not wait for botjury's move either: it starts now, while the run gets ready.
    if (!BotCgroup.botjuryInside) afterwards(BotCgroup.startWaiting());
    let counted = true;
    const lastStarted = (): void => {
      if (!counted) return;
      counted = false;
      BotCgroup.spawnsAhead--;
    };
    let released = false;
    return {
      lastStarted,
      release: () => {
        if (released) return; // a run releases before its report and again in its `finally`
        released = true;
        lastStarted();
        if (BotCgroup.spawnsAhead === 0) afterwards(BotCgroup.stopWaiting());
      },
    };
  }

  /** The hold of a command getting ready (a referee started ahead, its scenarios read), until its run takes over. */
  private static interim: { release(): void } | null = null;

  /** botjury's home cgroup's cgroup.procs in the hierarchy its bots' cgroups are made in (set by make). */
  private static homeProcs: string | null = null;
  private static keeping: NodeJS.Timeout | null = null;

  /**
   * While runs hold (expectSpawns), every KEEP_MOVES_QUICK_MS: the pid `keeper` names (the watchdog,
   * a process in botjury's home cgroup that never moves and that no spawn waits for; null once it is
   * gone) written into home's cgroup.procs, so that every move of a spawn finds the kernel's lock in
   * its quick state. One write a tick, from libuv's thread pool, on a descriptor kept open; it stops with
   * the last hold, where no cgroup can be made, at any failure, or without a keeper.
   */
  private static keepMovesQuick(keeper: () => number | null): void {
    if (BotCgroup.keeping || BotCgroup.disabled || process.env.BOTJURY_NO_CGROUP) return;
    let fd: number | null = null;
    let busy = false;
    let stopping = false;
    const finish = (): void => {
      // Never while a write is in flight: its descriptor number could be given to another file.
      if (fd !== null) close(fd, () => undefined);
      fd = null;
    };
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      if (BotCgroup.keeping === timer) BotCgroup.keeping = null;
      if (!busy) finish();
    };
    const timer = setInterval(() => {
      const pid = keeper();
      if (BotCgroup.spawnsAhead === 0 || BotCgroup.disabled || pid === null) return stop();
      const procs = BotCgroup.homeProcs;
      if (busy || !procs) return; // no cgroup made yet: nothing to keep quick
      busy = true;
      const done = (e: NodeJS.ErrnoException | null): void => {
        busy = false;
        if (e) stop();
        if (stopping) finish();
      };
      const line = Buffer.from(String(pid));
      if (fd !== null) write(fd, line, 0, line.length, null, (e) => done(e));
      else
        open(procs, 'w', (e, opened) => {
          if (e) return done(e);
          fd = opened;
          if (stopping) return done(null);
          write(opened, line, 0, line.length, null, (e2) => done(e2));
        });
    }, KEEP_MOVES_QUICK_MS);
    timer.unref();
    BotCgroup.keeping = timer;
  }

  /**
   * Holds as a run would until the command's run takes over (expectSpawns), or for `ms` at most: a
   * referee started ahead is followed by botjury's move into the cgroup of the first bot.
   */
  static expectSpawnsUntilRun(keeper: () => number | null = () => null, ms = 5000): void {
    if (BotCgroup.interim) return;
    const hold = BotCgroup.expectSpawns(keeper);
    const timer = setTimeout(() => BotCgroup.interim?.release(), ms).unref();
    BotCgroup.interim = {
      release: () => {
        BotCgroup.interim = null;
        clearTimeout(timer);
        hold.release();
      },
    };
  }

  /** Ends the hold of expectSpawnsUntilRun now (a command that stopped before its run). */
  static endInterimHold(): void {
    BotCgroup.interim?.release();
  }

  /** Into a new cgroup, where botjury waits for the next spawn (under the spawn lock), unless already in one. */
  private static startWaiting(): Promise<void> {
    return BotCgroup.afterSpawns(async () => {
      if (BotCgroup.spawnsAhead === 0 || BotCgroup.botjuryInside) return;
      const group = await BotCgroup.make();
      if (!group) return;
      if (await BotCgroup.enter(group)) {
        group.holdsBotjury = true;
        BotCgroup.waitingIn = group;
      } else await group.removeAsync(0);
    });
  }

  /** Home from the cgroup botjury waits in (after the spawn in progress, under the same lock), which goes. */
  private static stopWaiting(): Promise<void> {
    return BotCgroup.afterSpawns(async () => {
      const group = BotCgroup.waitingIn;
      if (!group || BotCgroup.spawnsAhead > 0) return;
      BotCgroup.waitingIn = null;
      await group.leave();
      if (!group.holdsBotjury) await group.removeAsync(1000);
    });
  }

  /**
   * botjury into `group` (a cgroup made for a bot). Known to be inside from before the write: the kernel
   * may have moved botjury well before the write's completion reaches the event loop (a grace period
   * later), and a process forked meanwhile by a path that does not take the spawn lock (a referee's
   * spawnEnteringItself) would be born in the bot's cgroup, be listed there by the bot's first look, and
   * be ended with the bot. Back to outside only if the write failed (botjury did not move).
   */
  private static async enter(group: BotCgroup): Promise<boolean> {
    const wasInside = BotCgroup.botjuryInside;
    BotCgroup.botjuryInside = true;
    const entered = await group.writeAsync('cgroup.procs', String(process.pid));
    if (!entered) BotCgroup.botjuryInside = wasInside;
    return entered;
  }

  /** Runs `work` once the spawn (and move) under way is done, holding the spawn lock while it runs. */
  private static async afterSpawns(work: () => Promise<void>): Promise<void> {
    const previous = BotCgroup.spawning;
    let done!: () => void;
    BotCgroup.spawning = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      await work();
    } finally {
      done();
    }
  }

  /**
   * From this cgroup (a bot's, just spawned) straight into a new one, where botjury waits for the next
   * spawn: one move instead of two, its wait overlapping the game. Home instead where that fails.
   */
  private async moveToNext(): Promise<void> {
    const next = await BotCgroup.make();
    if (next && (await next.writeAsync('cgroup.procs', String(process.pid)))) {
      this.holdsBotjury = false;
      next.holdsBotjury = true;
      BotCgroup.waitingIn = next; // a release during the move waits for it (stopWaiting, the spawn lock)
      return;
    }
    await next?.removeAsync(0);
    await this.leave();
  }

  /**
   * A new cgroup for a bot. Made from libuv's thread pool: a cgroup's mkdir waits for the kernel's
   * cgroup_mutex, which a move elsewhere on the machine holds while it waits for an RCU grace period
   * (traced: 56 ms under load), and the thread that stamps replies must never wait for that.
   */
  private static async make(): Promise<BotCgroup | null> {
    if (BotCgroup.disabled || process.env.BOTJURY_NO_CGROUP) return null;
    if (BotCgroup.counter === 0) removeStaleCgroups();
    for (const [kind, parent] of cgroupParents()) {
      const dir = path.join(parent, `botjury-${process.pid}-${ownStart()}-${++BotCgroup.counter}`);
      try {
        await cgroupFiles.mkdir(dir);
        BotCgroup.homeProcs = path.join(parent, 'cgroup.procs');
        return new BotCgroup(kind, dir);
      } catch {
        // not writable here: try the next hierarchy
      }
    }
    BotCgroup.disabled = true; // measured once per botjury run: do not retry for every bot
    return null;
  }

  private async leave(): Promise<void> {
    const home = path.join(path.dirname(this.dir), 'cgroup.procs');
    try {
      await cgroupFiles.writeFile(home, String(process.pid));
      this.holdsBotjury = false;
      BotCgroup.botjuryInside = false;
    } catch {
      this.holdsBotjury = true;
      BotCgroup.disabled = true;
    }
  }

  /** The processes in the cgroup now (never botjury itself). */
  pids(): number[] {
    const text = this.read('cgroup.procs');
    return text ? text.split('\n').filter(Boolean).map(Number).filter((pid) => pid !== process.pid) : [];
  }

  /** Sends SIGKILL to every process in the cgroup; with cgroup.kill or a freezer, race-free against forks. */
  killAll(): void {
    if (this.kind === 'cgroup2' && !this.holdsBotjury && this.write('cgroup.kill', '1')) return;
    this.killEach();
  }

  /**
   * killAll with cgroup.kill written from libuv's thread pool: the write waits for the kernel's
   * cgroup_mutex, as a mkdir does (make), and a bot's end must not stop the stamping of other replies.
   */
  async killAllAsync(): Promise<void> {
    if (this.kind === 'cgroup2' && !this.holdsBotjury && (await this.writeAsync('cgroup.kill', '1'))) return;
    this.killEach();
  }

  private killEach(): void {
    const frozen = this.kind === 'freezer' && !this.holdsBotjury && this.write('freezer.state', 'FROZEN');
    for (const pid of this.pids()) signal(pid, 'SIGKILL');
    if (frozen) this.write('freezer.state', 'THAWED'); // a frozen process cannot act on SIGKILL
  }

  /** Removes the cgroup; false while processes remain in it. */
  remove(): boolean {
    try {
      rmdirSync(this.dir);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Removes the cgroup off the event loop (libuv's threads), retried while processes remain, up to `ms`;
   * false when it could not. `keepAlive: false`: its waits do not keep botjury running (a stale cgroup
   * the next botjury can remove as well).
   */
  async removeAsync(ms: number, { keepAlive = true } = {}): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      try {
        await cgroupFiles.rmdir(this.dir);
        return true;
      } catch {
        if (Date.now() >= until) return false;
        await new Promise((r) => (keepAlive ? setTimeout(r, 10) : setTimeout(r, 10).unref()));
      }
    }
  }

  /**
   * Removes the cgroup, waiting up to `ms` (blocking: only where botjury is ending, an interrupt) for the
   * kernel to empty it after a kill.
   */
  removeSync(ms: number): boolean {
    const until = Date.now() + ms;
    for (;;) {
      if (this.remove()) return true;
      if (Date.now() >= until) return false;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    }
  }

  private read(file: string): string | null {
    try {
      return readFileSync(path.join(this.dir, file), 'latin1');
    } catch {
      return null;
    }
  }

  private async writeAsync(file: string, value: string): Promise<boolean> {
    try {
      await cgroupFiles.writeFile(path.join(this.dir, file), value);
      return true;
    } catch {
      return false;
    }
  }

  private write(file: string, value: string): boolean {
    try {
      writeFileSync(path.join(this.dir, file), value);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Ends what is left in the cgroups of a botjury that was killed (SIGKILL leaves no chance to clean up;
 * pdeathsig ends only each bot itself) and removes them. A cgroup is stale when the process that made
 * it (named by pid and start time) is gone.
 */
export function removeStaleCgroups(): void {
  for (const [kind, parent] of cgroupParents()) {
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = /^botjury-(\d+)-(\d+)-\d+$/.exec(name);
      if (!owner || processIdentity(Number(owner[1]))?.start === owner[2]) continue;
      const group = new BotCgroup(kind, path.join(parent, name));
      group.killAll();
      // The kernel needs a moment to empty it: retried in the background (never blocking the event
      // loop, which may already stamp a bot's replies), and by the next botjury if still not empty.
      if (!group.remove()) void group.removeAsync(100, { keepAlive: false });
    }
  }
}

/** The start of the name of every cgroup this botjury makes, in each hierarchy (the watchdog ends them). */
export function cgroupNamePrefixes(): string[] {
  return cgroupParents().map(([, parent]) => path.join(parent, `botjury-${process.pid}-${ownStart()}-`));
}

let ownStartTime: string | undefined;
function ownStart(): string {
  ownStartTime ??= processIdentity(process.pid)?.start ?? '0';
  return ownStartTime;
}

let parentsFound: [CgroupKind, string][] | undefined;

/**
 * Where botjury may make child cgroups: its own cgroup in each hierarchy, best first. Read once (two
 * /proc files, mountinfo can be long: it was read for every bot): botjury's home cgroup does not move,
 * it only steps into a bot's for a spawn and back.
 */
export function cgroupParents(): [CgroupKind, string][] {
  parentsFound ??= readCgroupParents();
  return parentsFound;
}

function readCgroupParents(): [CgroupKind, string][] {
  let own: string;
  let mounts: string;
  try {
    own = readFileSync('/proc/self/cgroup', 'latin1');
    mounts = readFileSync('/proc/self/mountinfo', 'latin1');
  } catch {
    return [];
  }
  const ownPath = (match: (controllers: string) => boolean): string | undefined => {
    for (const line of own.split('\n')) {
      const [, controllers, p] = line.split(':');
      if (controllers !== undefined && p !== undefined && match(controllers)) return p;
    }
    return undefined;
  };
  const mountPoint = (type: string, option?: string): string | undefined => {
    for (const line of mounts.split('\n')) {
      // id parent major:minor root mountpoint options ... - fstype source superoptions
      const [left, right] = line.split(' - ');
      if (!left || !right) continue;
      const [fstype, , superOptions] = right.split(' ');
      const fields = left.split(' ');
      if (fstype === type && fields[3] === '/' && (!option || superOptions?.split(',').includes(option))) return fields[4];
    }
    return undefined;
  };
  const parents: [CgroupKind, string][] = [];
  const add = (kind: CgroupKind, mount: string | undefined, own: string | undefined): void => {
    if (mount && own) parents.push([kind, path.join(mount, own)]);
  };
  add('cgroup2', mountPoint('cgroup2'), ownPath((c) => c === ''));
  add('freezer', mountPoint('cgroup', 'freezer'), ownPath((c) => c.split(',').includes('freezer')));
  add('pids', mountPoint('cgroup', 'pids'), ownPath((c) => c.split(',').includes('pids')));
  return parents;
}

/** Sends `sig` to `pid`, quietly when it is gone. */
export function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}

interface Member {
  id: ProcessIdentity;
  alive: boolean;
  /** CPU time at the last reading: a process that has ended keeps counting with what it used. */
  cpuNs: bigint;
  /** Holds the bot without being it (bubblewrap's processes around a sandboxed bot): ended with it, never measured. */
  shell?: boolean;
}

const PSS_MAX_PROCESSES = 8;
/**
 * With a cgroup, every 4th look (about every 200 ms at the 50 ms samples) reads all of /proc for a
 * process that left the cgroup: it is still found while its parent, group or session is the bot's.
 * Not the first look, taken as the bot starts: nothing it started can have left its cgroup yet, and
 * all of /proc then cost each game ~0.25 ms (a short game has no other look but the last, always full).
 */
const FULL_LOOK_EVERY = 4;

export interface TreeMemory {
  /** Resident memory of the live processes together, kB (VmRSS of one; the sum of Pss of up to 8; else of VmRSS). */
  rssKb: number;
  /** Largest VmHWM of any one live process, kB. */
  hwmKb: number;
  /** Largest VmData of any one live process (what RLIMIT_DATA limits, per process), kB. */
  dataKb: number;
}

/**
 * The start time of every process a full look saw, by pid, shared by all trees: a process that started
 * before a bot is never the bot's, so a new bot's first look need not read again the /proc entries of
 * the machine's processes (~7 µs each: ~0.5 ms a game for the 68 here). Entries whose pid is gone are
 * dropped at each full look. A pid names another process only once the kernel's pid counter has come
 * round to it again: the whole map, and every tree's strangers, are forgotten when a full look finds
 * that counter lower than the last one did; where it cannot be read, the map is not used.
 */
const startsSeen = new Map<number, string>();
/** More processes than a machine runs (a fork bomb): past it, new ones are read at every look, as without the map. */
const STARTS_SEEN_MAX = 10_000;
let lastPidSeen = -1;
/** False where the pid counter cannot be read: no wrap could be seen, so the map is not used. */
let startsSeenUsable = false;
/** Counts the wraps of the pid counter seen, so that each tree forgets its own strangers after one. */
let pidWraps = 0;

/** Reads the pid counter at a full look (`last`: a value given by a test). */
export function notePidCounter(last = lastPid()): void {
  if (last === null || last < lastPidSeen) startsSeen.clear();
  if (last !== null && last < lastPidSeen) pidWraps++;
  startsSeenUsable = last !== null;
  lastPidSeen = last ?? -1;
}

/** Everything one bot started, found by every means available and remembered by pid + start time. */
export class ProcessTree {
  private readonly members = new Map<number, Member>();
  /** Processes seen and found not to be the bot's, by pid and start time. */
  private readonly strangers = new Map<number, string>();
  private readonly leaderStart: string;
  /** Looks so far (with a cgroup, every FULL_LOOK_EVERY-th reads all of /proc, the first one not). */
  private looks = 0;
  /** Set by refreshFully: the run is ending, every look reads all of /proc. */
  private ending = false;
  /** The bot's stdio channels: only sockets and pipes, which no process outside the bot can hold. */
  private readonly stdio: ReadonlySet<string>;
  /** pidWraps when the strangers were last known good. */
  private wrapsSeen = pidWraps;

  /**
   * @param leader the bot's pid, just spawned (its own process group and session)
   * @param stdio link targets of the bot's fd 0, 1 and 2 (our sockets to it)
   * @param sandbox a sandboxed bot: the processes that hold it without being it (the leader and the
   *   sandbox's pid 1), and the bot's own program when known
   */
  constructor(readonly leader: number, stdio: ReadonlySet<string>, readonly cgroup: BotCgroup | null, sandbox?: { shell: readonly number[]; bot: number | null }) {
    // Read from /proc after the spawn, a target may be what the bot points fd 1 at for a moment: a bash
    // script (a pyenv shim) running `command -v x >/dev/null` shows /dev/null there. Every process
    // with /dev/null on fd 0 would then be the bot's, and be killed with it.
    this.stdio = new Set([...stdio].filter((t) => /^(socket|pipe):\[\d+\]$/.test(t)));
    const id = processIdentity(leader);
    this.leaderStart = id?.start ?? '0';
    const shell = sandbox?.shell ?? [];
    if (id) this.members.set(leader, { id, alive: true, cpuNs: 0n, ...(shell.includes(leader) ? { shell: true } : {}) });
    for (const pid of [...shell, ...(sandbox?.bot ? [sandbox.bot] : [])]) {
      const other = pid === leader ? null : processIdentity(pid);
      if (other) this.members.set(pid, { id: other, alive: !other.zombie, cpuNs: 0n, ...(shell.includes(pid) ? { shell: true } : {}) });
    }
  }

  /** Looks for processes the bot has started since the last look (cheap: only new pids are read). */
  refresh(): void {
    const inCgroup = new Set(this.cgroup?.pids() ?? []);
    // A cgroup lists what the bot started for the price of one small read (all of /proc blocks the
    // event loop ~1 ms under load). But it is a help, not a proof: a process may move itself out
    // (root may write its pid into another cgroup's cgroup.procs) and is then the bot's by its parent,
    // group, session or stdio. So all of /proc on every FULL_LOOK_EVERY-th look, and at the end.
    const full = !this.cgroup || this.ending || ++this.looks % FULL_LOOK_EVERY === 0;
    const present = new Set(full ? allPids() : inCgroup);
    if (full) {
      notePidCounter();
      for (const pid of startsSeen.keys()) if (!present.has(pid)) startsSeen.delete(pid);
    }
    const shared = startsSeenUsable;
    if (this.wrapsSeen !== pidWraps) {
      this.strangers.clear();
      this.wrapsSeen = pidWraps;
    }
    if (!full) for (const [pid, m] of this.members) if (m.alive && processIdentity(pid, true)?.start === m.id.start) present.add(pid);
    for (const [pid, m] of this.members) if (m.alive && !present.has(pid)) m.alive = false;
    if (full) for (const pid of this.strangers.keys()) if (!present.has(pid)) this.strangers.delete(pid);
    const fresh: ProcessIdentity[] = [];
    for (const pid of present) {
      const m = this.members.get(pid);
      // A stranger is looked at again once it is in the bot's cgroup: a process is in /proc a moment
      // before the kernel lists it in its parent's cgroup (copy_process makes it visible first), so a
      // look in that moment at a daemon whose parent had already gone judged it a stranger for good.
      if (m?.alive || (this.strangers.has(pid) && !inCgroup.has(pid))) continue;
      // What is in the bot's cgroup is always read: the map never decides for a process botjury holds.
      const seen = shared && !inCgroup.has(pid) ? startsSeen.get(pid) : undefined;
      if (seen !== undefined && compareStart(seen, this.leaderStart) < 0) {
        this.strangers.set(pid, seen); // started before the bot: a full look saw it, and its pid was not given again since
        continue;
      }
      const id = processIdentity(pid);
      if (!id) continue;
      if (full && shared && startsSeen.size < STARTS_SEEN_MAX) startsSeen.set(pid, id.start);
      if (m && m.id.start === id.start) continue; // the same ended process, not yet reaped
      fresh.push(id);
    }
    // Parents before children: a child is the bot's when its parent is.
    fresh.sort((a, b) => compareStart(a.start, b.start));
    for (const id of fresh) {
      if (this.belongs(id, inCgroup)) {
        this.strangers.delete(id.pid);
        this.members.set(id.pid, { id, alive: !id.zombie, cpuNs: 0n });
      } else this.strangers.set(id.pid, id.start);
    }
  }

  /**
   * Also looks through every process started since the bot for a descriptor on the bot's stdio (a
   * daemon that closed fd 0..2 but kept a copy elsewhere). Costs a readdir per process: for the end.
   */
  refreshFully(): void {
    // The run is ending: from now on every look reads all of /proc (what escaped must not survive).
    this.ending = true;
    this.refresh();
    for (const [pid, start] of this.strangers) {
      if (compareStart(start, this.leaderStart) < 0) continue;
      if (fdTargets(pid).some((t) => this.stdio.has(t))) {
        const id = processIdentity(pid);
        if (id && id.start === start) {
          this.strangers.delete(pid);
          this.members.set(pid, { id, alive: !id.zombie, cpuNs: 0n });
        }
      }
    }
  }

  /** Every process ever counted as the bot's, alive or not. */
  everyPid(): number[] {
    return [...this.members.keys()];
  }

  /** Live pids of the bot's processes (the shell left out), the first first. */
  pids(): number[] {
    const pids: number[] = [];
    for (const [pid, m] of this.members) if (m.alive && !m.shell) pids.push(pid);
    return pids;
  }

  /** CPU time of every process the bot started, ended ones with their last reading. */
  cpuNs(): bigint | null {
    let total = 0n;
    let any = false;
    for (const [pid, m] of this.members) {
      if (m.shell) continue;
      if (m.alive) {
        const ns = cpuNs(pid);
        if (ns !== null && ns > m.cpuNs) m.cpuNs = ns;
      }
      if (m.cpuNs > 0n) any = true;
      total += m.cpuNs;
    }
    return any ? total : null;
  }

  memory(): TreeMemory | null {
    let reading: TreeMemory | null = null;
    const alive = this.pids();
    for (const pid of alive) {
      const r = memory(pid);
      if (!r) continue;
      reading ??= { rssKb: 0, hwmKb: 0, dataKb: 0 };
      // Forked processes share pages (copy-on-write, libraries): summing VmRSS would count them twice
      // and could blame a correct bot that forks workers. Pss divides each shared page among sharers;
      // it costs ~0.5 ms a process (the event loop waits), so only for a few.
      reading.rssKb += alive.length > 1 && alive.length <= PSS_MAX_PROCESSES ? pssKb(pid) ?? r.rssKb : r.rssKb;
      reading.hwmKb = Math.max(reading.hwmKb, r.hwmKb);
      reading.dataKb = Math.max(reading.dataKb, r.dataKb);
    }
    return reading;
  }

  /**
   * Signals every live process proven to be the bot's (its start time checked again just before).
   * The shell gets only SIGKILL (the bot gets the chance to end on SIGTERM first; a sandbox's pid 1
   * killed ends everything in it at once). The cgroup's own kill is the caller's (BotCgroup.killAll,
   * or killAllAsync off the event loop).
   */
  signalAll(sig: NodeJS.Signals): void {
    for (const [pid, m] of this.members) {
      if (!m.alive || (m.shell && sig !== 'SIGKILL')) continue;
      const now = processIdentity(pid);
      if (!now || now.start !== m.id.start || now.zombie) {
        m.alive = false;
        continue;
      }
      signal(pid, sig);
    }
  }

  /** Some process of the tree is still alive (zombies count as ended). */
  anyAlive(): boolean {
    for (const [pid, m] of this.members) {
      if (!m.alive) continue;
      const now = processIdentity(pid);
      if (now && now.start === m.id.start && !now.zombie) return true;
      m.alive = false;
    }
    return false;
  }

  private belongs(id: ProcessIdentity, inCgroup: ReadonlySet<number>): boolean {
    if (compareStart(id.start, this.leaderStart) < 0) return false;
    if (inCgroup.has(id.pid)) return true;
    const parent = this.members.get(id.ppid);
    if (parent?.alive) return true;
    // Its own group or session is the bot's: the kernel keeps that number taken while any member lives.
    if (id.pgid === this.leader || id.sid === this.leader) return true;
    return fdTargets(id.pid, [0, 1, 2]).some((t) => this.stdio.has(t));
  }
}

function compareStart(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}
