// The order the suite's files start in (test/sequencer.ts): the longest first, from vitest's cache or
// the committed table, which must name every test file and no other.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import LongestFirstSequencer, { longestFirst, readDurations } from './sequencer.js';
import { ROOT } from './helpers.js';

function testFiles(dir = path.join(ROOT, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(path.join(dir, e.name)) : e.name.endsWith('.test.ts') ? [path.relative(ROOT, path.join(dir, e.name)).split(path.sep).join('/')] : [],
  );
}

describe('the order of the test files', () => {
  it('longest first; a file of unknown duration before them all, in the order given', () => {
    const d: Record<string, number | undefined> = { a: 1, b: 30, c: undefined, d: 5, e: undefined, f: 5 };
    expect(longestFirst(Object.keys(d), (f) => d[f])).toEqual(['c', 'e', 'b', 'd', 'f', 'a']);
  });

  it("test/durations.json names every test file and no other (a new file: add its seconds from vitest's output)", () => {
    const table = readDurations();
    expect([...table.keys()].sort()).toEqual(testFiles().sort());
  });

  it("this machine's cached duration over the table's; the table's where vitest has none", async () => {
    const spec = (file: string) => ({ moduleId: path.join(ROOT, file), project: { name: '' } }) as unknown as TestSpecification;
    const files = ['test/readme.test.ts', 'test/sequencer.test.ts', 'test/core/bytes.test.ts'].map(spec);
    const cached: Record<string, number> = { ':test/core/bytes.test.ts': 999_000 }; // ms, as vitest keeps it
    const ctx = { config: { root: ROOT }, cache: { getFileTestResults: (key: string) => (key in cached ? { duration: cached[key], failed: false } : undefined) } };
    const sequencer = new LongestFirstSequencer(ctx as never);
    const order = (await sequencer.sort(files)).map((s) => path.relative(ROOT, s.moduleId));
    const table = readDurations();
    expect(table.get('test/readme.test.ts')!).toBeGreaterThan(table.get('test/sequencer.test.ts')!);
    expect(order).toEqual(['test/core/bytes.test.ts', 'test/readme.test.ts', 'test/sequencer.test.ts']);
  });
});
