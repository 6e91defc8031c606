// How long botjury's main thread — the thread that stamps every reply as its bytes arrive — could have
// kept a reply unstamped. Only two things delay a stamp: the thread was runnable but not running (its
// run-queue wait, /proc/self/task/<main>/schedstat field 2), or its event loop was busy running other
// work instead of waiting in epoll (event loop utilisation: everything but the epoll wait). Other
// threads' CPU (GC helpers, workers) delays a stamp only by taking the CPU away, which is the run-queue
// wait again: it is never counted on its own.
//
// A bound needs a start: a mark taken just before the jury looked at the pipe and found nothing of the
// answer there (the seat does that before each sleep near a deadline). The answer's bytes arrived
// after that look; from then to the stamp, only the thread's busy or queued time can lie between
// their arrival and their stamp.
import { performance } from 'node:perf_hooks';
import { ownSchedstat } from './proc.js';

export interface StamperMark {
  atNs: bigint;
  /** The event loop's active (not waiting in epoll) time so far, ms. */
  activeMs: number;
  /** The main thread's run-queue wait so far, ns (0 where /proc is unreadable). */
  queuedNs: bigint;
}

/** Take it last in a callback: the work after it (returning to epoll) is then microseconds. */
export function markStamper(atNs: bigint = process.hrtime.bigint(), queuedNs?: bigint): StamperMark {
  const queued = queuedNs ?? ownSchedstat()?.[1] ?? 0n;
  return { atNs, activeMs: performance.eventLoopUtilization().active, queuedNs: queued };
}

/** At most how long the stamps between two marks could have been late, ms (never more than the time between them). */
export function stamperDelayMs(from: StamperMark, to: StamperMark): number {
  const active = Math.max(0, to.activeMs - from.activeMs);
  const queued = to.queuedNs > from.queuedNs ? Number(to.queuedNs - from.queuedNs) / 1e6 : 0;
  const between = to.atNs > from.atNs ? Number(to.atNs - from.atNs) / 1e6 : 0;
  return Math.min(between, active + queued);
}
