import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/sequencer.js';

/**
 * The folder of the Python that the tests' `python3` runs, first on their PATH. The suite starts Python
 * bots thousands of times, so two start-up costs that change no verdict are avoided:
 * - a version manager's shim (pyenv's is a shell script that execs `pyenv exec`) costs ~45 ms per start:
 *   the interpreter it runs is used directly;
 * - an interpreter whose site-packages import modules at every start (a `.pth` file that imports a
 *   package: ~100 modules and ~50 ms of CPU per start where a plain one loads ~35 and takes ~10 ms) is
 *   passed over for another python3 on PATH of the same major version that loads fewer.
 * The example and test bots use the standard library only, so any Python 3 plays them alike.
 */
function pythonFirst(): string | undefined {
  const probe = (python3: string): { exe: string; modules: number; major: number } | undefined => {
    try {
      const out = execFileSync(python3, ['-c', 'import sys; print(sys.version_info[0], len(sys.modules), sys.executable)'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      const m = /^(\d+) (\d+) (.+)$/.exec(out);
      return m && path.isAbsolute(m[3]!) ? { major: Number(m[1]), modules: Number(m[2]), exe: m[3]! } : undefined;
    } catch {
      return undefined;
    }
  };
  const first = probe('python3');
  if (!first) return undefined; // no python3: the tests that need it say so
  let best = first;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir) || !existsSync(path.join(dir, 'python3'))) continue;
    const other = probe(path.join(dir, 'python3'));
    if (other && other.major === first.major && other.modules < best.modules) best = other;
  }
  // Only `python3` is put first (a folder holding a link to it), not everything beside it.
  let dir = path.dirname(best.exe);
  if (best !== first) {
    dir = path.join(import.meta.dirname, 'node_modules', '.cache', 'botjury-tests', 'python3');
    try {
      mkdirSync(dir, { recursive: true });
      rmSync(path.join(dir, 'python3'), { force: true });
      symlinkSync(best.exe, path.join(dir, 'python3'));
    } catch {
      dir = path.dirname(first.exe);
    }
  }
  return `${dir}${path.delimiter}${process.env.PATH ?? ''}`;
}
const PATH = pythonFirst();

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Removes the run's scratch folders at its end (test/helpers.ts scratchDir).
    globalSetup: ['test/global-setup.ts'],
    // Tests spawn real bots; a loaded 2-core machine needs room, and timing verdicts must not be starved.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // The longest files first (test/sequencer.ts, test/durations.json): no long file left to run alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
    // One test file more than there are cores: the files spend about a quarter of their time waiting on
    // bots and timers (2 files on 2 cores kept the cores 76 % busy). CI's second run adds two busy
    // loops per core, and the timing verdicts hold there too.
    maxWorkers: availableParallelism() + 1,
    // A worker runs one test file after another without starting afresh for each (the files' imports and
    // the workers' start-up were ~30 s of CPU in all, now ~8): the tests restore what they change
    // (process.env, fake timers, the isolation probe) and the bots run in processes of their own.
    isolate: false,
    // botjury's own CI may itself run under GitHub Actions: no test inherits its runner's variables
    // (botjury would add annotations to outputs the tests compare); the GitHub tests set their own.
    env: { GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '', GITHUB_ENV: '', GITHUB_OUTPUT: '', GITHUB_WORKSPACE: '', BOTJURY_ANNOTATIONS: '', ...(PATH ? { PATH } : {}) },
  },
});
