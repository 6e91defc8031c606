import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The folder of the Python that `python3` runs, first on the tests' PATH. A version manager's shim
 * (pyenv's is a shell script that execs `pyenv exec`) costs ~45 ms per start, and the suite starts
 * Python bots thousands of times; the interpreter and so every verdict are the same.
 */
function pythonFirst(): string | undefined {
  try {
    const exe = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8', timeout: 10_000 }).trim();
    return path.isAbsolute(exe) ? `${path.dirname(exe)}${path.delimiter}${process.env.PATH ?? ''}` : undefined;
  } catch {
    return undefined; // no python3: the tests that need it say so
  }
}
const PATH = pythonFirst();

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests spawn real bots; a loaded 2-core machine needs room, and timing verdicts must not be starved.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    // botjury's own CI may itself run under GitHub Actions: no test inherits its runner's variables
    // (botjury would add annotations to outputs the tests compare); the GitHub tests set their own.
    env: { GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '', GITHUB_ENV: '', GITHUB_OUTPUT: '', GITHUB_WORKSPACE: '', BOTJURY_ANNOTATIONS: '', ...(PATH ? { PATH } : {}) },
  },
});
