// The test run's scratch folders (helpers.ts scratchDir: one per test process, named with this
// process's pid, the test processes' parent) are removed when the run ends, whatever the tests did.
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCRATCH_PREFIX } from './helpers.js';

export function teardown(): void {
  const mine = `${SCRATCH_PREFIX}${process.pid}-`;
  for (const name of readdirSync(tmpdir())) if (name.startsWith(mine)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
}
