// Housekeeping a game leaves for later — its bot's folder, its cgroup — done off the event loop and
// without making the next game wait for it (removing a cgroup that held processes takes ~1 ms in the
// kernel; a folder, a threadpool walk). A run's end waits for all of it (afterwardsDone).
const pending = new Set<Promise<void>>();

/** Lets `work` finish in the background; its failure is its own (each caller says what failing means). */
export function afterwards(work: Promise<unknown>): void {
  const settled: Promise<void> = work.then(
    () => void pending.delete(settled),
    () => void pending.delete(settled),
  );
  pending.add(settled);
}

/** Resolves when everything left for later so far is done: a run's report and a command's exit wait for it. */
export async function afterwardsDone(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
