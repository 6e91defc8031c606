// Every bot dies with botjury, however botjury ends (SIGKILL, the OOM killer, a crash): one small
// watchdog per botjury, a /bin/sh in a session of its own, reads botjury's end of a pipe. The pipe
// closes only when botjury is gone; the watchdog then kills every cgroup botjury made (each bot with all
// it started, race-free against forks) and the process and process group of every bot still running,
// and removes the cgroups. It replaces `setpriv --pdeathsig KILL` in front of every bot, an exec that
// cost 0.5 ms of every bot's start here (a bot's first reply 1.5 → 1.0 ms after its spawn, Alquerque);
// setpriv is still used wherever the watchdog cannot be started or has gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { BotCgroup, cgroupNamePrefixes, pdeathsigWrapper } from './containment.js';

const SHELL = '/bin/sh';

// Reads "+pid" (a bot started) and "-pid" (its run is over) until botjury's end of the pipe closes.
// The arguments are botjury's cgroup name prefixes (parent/botjury-PID-START-). Signals that end a
// terminal's or a `timeout`'s process group are ignored: only the pipe ends the watchdog.
export const WATCHDOG_SCRIPT = `trap '' INT TERM HUP QUIT
live=' '
while IFS= read -r line; do
  pid=\${line#?}
  case $pid in ''|*[!0-9]*) continue ;; esac
  case $line in
    +*) live="$live$pid " ;;
    -*) case $live in *" $pid "*) live="\${live%% $pid *} \${live#* $pid }" ;; esac ;;
  esac
done
for round in 1 2 3; do
  for prefix in "$@"; do
    for group in "$prefix"*; do
      [ -d "$group" ] || continue
      [ -e "$group/cgroup.kill" ] && echo 1 > "$group/cgroup.kill"
      while read -r pid; do kill -s KILL "$pid"; done < "$group/cgroup.procs"
    done
  done
done 2>/dev/null
for pid in $live; do kill -s KILL -- "$pid" "-$pid"; done 2>/dev/null
for try in 1 2 3 4 5 6 7 8 9 10; do
  left=
  for prefix in "$@"; do
    for group in "$prefix"*; do [ -d "$group" ] && { rmdir "$group" || left=1; }; done
  done 2>/dev/null
  [ -z "$left" ] && break
  sleep 0.05
done
`;

let watchdog: ChildProcess | null | undefined;

/**
 * Starts the watchdog once (a no-op after the first call); true while it runs. Not while botjury is in
 * a bot's cgroup (stepping out after a spawn): the watchdog would land in it and die with that bot.
 */
function ensureWatchdog(shell = SHELL): boolean {
  if (watchdog !== undefined) return watchdog !== null;
  if (BotCgroup.botjuryInside) return false; // tried again at the next bot
  watchdog = null;
  if (!existsSync(shell)) return false;
  let child: ChildProcess;
  try {
    child = spawn(shell, ['-c', WATCHDOG_SCRIPT, 'botjury-watchdog', ...cgroupNamePrefixes()], {
      cwd: '/',
      env: { PATH: '/usr/bin:/bin' },
      detached: true, // a session of its own: a kill of botjury's process group leaves it
      stdio: ['pipe', 'ignore', 'ignore'],
    });
  } catch {
    return false;
  }
  if (child.pid === undefined) {
    child.on('error', () => undefined);
    return false;
  }
  const stdin = child.stdin as Socket;
  const gone = (): void => {
    if (watchdog === child) watchdog = null;
  };
  child.on('error', gone);
  child.on('exit', gone);
  stdin.on('error', gone);
  // Neither keeps botjury running: it exits as it would, and its exit closes the pipe.
  child.unref();
  stdin.unref();
  watchdog = child;
  return true;
}

/**
 * What to put before a bot's command so that it dies with botjury: nothing where the watchdog runs
 * (then call `watchBot` with the bot's pid at once), else setpriv --pdeathsig KILL where there is one.
 */
export function deathGuardPrefix(): string[] {
  return ensureWatchdog() ? [] : pdeathsigWrapper();
}

/** Starts the watchdog where it can run (a sandboxed bot needs no prefix, but its pid 1 must be watched); true while it runs. */
export function startDeathWatch(): boolean {
  return ensureWatchdog();
}

/** The bot (its process and process group) is killed by the watchdog if botjury goes before `forgetBot`. */
export function watchBot(pid: number): void {
  tell(`+${pid}\n`);
}

/** The bot's run is over (it was ended and reaped): its pid may be given to another process. */
export function forgetBot(pid: number): void {
  tell(`-${pid}\n`);
}

/** A watchdog that no longer reads (stopped, hung) is given up, not buffered for without bound. */
const UNREAD_MAX_BYTES = 64 * 1024;

function tell(line: string): void {
  const stdin = watchdog?.stdin;
  if (!stdin) return;
  if (stdin.writableLength > UNREAD_MAX_BYTES) {
    // Ended, not left: should it ever read again, it would act on lines that never reached it (a bot's
    // "forget" among them: a pid given to another process since). The next bots start behind setpriv.
    watchdog?.kill('SIGKILL');
    watchdog = null;
    return;
  }
  stdin.write(line);
}

/** The watchdog's pid (tests), or null. */
export function watchdogPid(): number | null {
  return watchdog?.pid ?? null;
}

/**
 * For tests: start (again) with the given shell (a missing one: the setpriv fallback), once botjury is
 * out of every bot's cgroup (a test before may have left a move under way).
 */
export async function startWatchdogForTest(shell: string): Promise<boolean> {
  await BotCgroup.settled();
  watchdog = undefined;
  return ensureWatchdog(shell);
}
