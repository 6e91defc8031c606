import { defineConfig } from 'vitest/config';

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
    env: { GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '', GITHUB_ENV: '', GITHUB_OUTPUT: '', GITHUB_WORKSPACE: '', BOTJURY_ANNOTATIONS: '' },
  },
});
