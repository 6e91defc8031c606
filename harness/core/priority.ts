// botjury's clock is only as good as its reader: on a busy machine (a shared CI runner) a harness
// that waits in the run queue stamps a bot's answer late and could blame the bot. So botjury asks
// the scheduler to prefer itself (nice -10, where it is allowed to: root or CAP_SYS_NICE), and starts
// every bot back at the ordinary priority the user's shell would have given it. Where raising is not
// allowed nothing changes, and the per-reply figures (harnessLagMs) show how late botjury was.
import os from 'node:os';

const HARNESS_NICE = -10;
let raisedFrom: number | null | undefined;

/** Raises botjury's own priority once; returns how much it was raised (0 when not allowed). */
export function raiseHarnessPriority(): number {
  if (raisedFrom === undefined) {
    raisedFrom = null;
    try {
      const before = os.getPriority(0);
      if (before > HARNESS_NICE) {
        os.setPriority(0, HARNESS_NICE);
        raisedFrom = before;
      }
    } catch {
      // not allowed here: run at the priority we were given
    }
  }
  return raisedFrom === null ? 0 : raisedFrom - HARNESS_NICE;
}

/**
 * The prefix that starts a bot at the priority botjury had before raising its own (a child inherits
 * its parent's nice value), or [] when botjury did not raise it.
 */
export function botPriorityPrefix(): string[] {
  const raisedBy = raisedFrom === undefined || raisedFrom === null ? 0 : raisedFrom - HARNESS_NICE;
  return raisedBy > 0 ? ['nice', '-n', String(raisedBy), '--'] : [];
}

/**
 * Runs `spawn` with botjury's own thread back at the priority it had before raising it, so that the
 * child is forked at the bot's priority (a child inherits the nice value of the thread that forks it):
 * nothing of the bot, not its first instruction, runs at botjury's raised priority. Raised again after.
 */
export function atBotPriority<T>(spawn: () => T): T {
  if (raisedFrom === undefined || raisedFrom === null) return spawn();
  try {
    os.setPriority(0, raisedFrom);
  } catch {
    // not allowed any more: the child is set back after the spawn (lowerToBotPriority)
  }
  try {
    return spawn();
  } finally {
    try {
      os.setPriority(0, HARNESS_NICE);
    } catch {
      // not allowed any more: botjury runs on at the priority it was given
    }
  }
}

/**
 * Puts a just-spawned bot at the priority botjury had before raising its own. Behind atBotPriority,
 * which forks it there: this only matters where botjury could not lower its own thread for the fork,
 * and then comes late (the child has exec'd by the time spawn() returns). False when it failed.
 */
export function lowerToBotPriority(pid: number): boolean {
  if (raisedFrom === undefined || raisedFrom === null) return true;
  try {
    os.setPriority(pid, raisedFrom);
    return true;
  } catch (e) {
    // Gone already (it failed at once, or the machine held botjury back that long): nothing runs at
    // the raised priority, and its exit is judged as any other.
    return (e as NodeJS.ErrnoException).code === 'ESRCH' || (e as { info?: { code?: string } }).info?.code === 'ESRCH';
  }
}
