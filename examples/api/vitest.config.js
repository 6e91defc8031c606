import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // A conformance suite plays real games against a real process: seconds, not milliseconds.
    testTimeout: 120_000,
  },
});
