// The order the test files start in: the longest first, so that no long file starts last and runs on
// alone while the other workers are idle (the suite is CPU-bound on 2 cores; a fresh clone, as CI runs
// it, has no vitest cache, and vitest then starts the largest files first, not the longest: a 30 s file
// started at 195 s made the last 13 s of a 225 s run one worker's).
// A file's duration is the one vitest cached from this machine's last run where there is one, else the
// one in test/durations.json (seconds, measured on a 2-core machine: `node scripts/test-durations.mjs`
// writes it from a vitest JSON report). A file in neither starts first: it may be long.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TABLE = path.join(import.meta.dirname, 'durations.json');

/** Seconds by path relative to the repository root (test/...), from the committed table. */
export function readDurations(file = TABLE): Map<string, number> {
  const table = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const durations = new Map<string, number>();
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return durations;
  for (const [name, seconds] of Object.entries(table)) if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) durations.set(name, seconds);
  return durations;
}

/**
 * `files` longest first; files of unknown duration before all others, in their given order (stable).
 * `durationOf` returns seconds, or undefined when unknown.
 */
export function longestFirst<T>(files: readonly T[], durationOf: (file: T) => number | undefined): T[] {
  // Unknown counts as longest; Array.prototype.sort is stable, so ties keep the order given.
  const keyed = files.map((file) => ({ file, d: durationOf(file) ?? Infinity }));
  keyed.sort((a, b) => (a.d === b.d ? 0 : a.d < b.d ? 1 : -1));
  return keyed.map((k) => k.file);
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let table = new Map<string, number>();
    try {
      table = readDurations();
    } catch {
      // no table (or a broken one): vitest's cache, else unknown
    }
    const root = this.ctx.config.root;
    return longestFirst(files, (spec) => {
      const relative = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative}`);
      return cached ? cached.duration / 1000 : table.get(relative);
    });
  }
}
