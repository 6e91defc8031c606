// --jobs and --shard as a CI matrix uses them: parallel runs report exactly what a serial run reports,
// in the same order; shards cover a suite exactly once; a timing verdict with an honest margin holds
// under parallel load. (How reply times grow with --jobs is measured by measure-jobs.mjs; docs/reports.md.)
import { describe, expect, it } from 'vitest';
import { runJson, type ReportResult } from '../helpers.js';

const C_BOT = ['examples/alquerque/c/build/bot'];

/** What must not depend on parallelism: which runs, in which order, and the games played (seeded). */
const essence = (r: ReportResult) => ({
  run: `${r.scenario} [${r.role}]`,
  status: r.status,
  codes: r.violations.map((v) => v.code),
  outcome: r.outcome?.summary,
  dialogue: r.transcript.filter((t) => t.dir === 'jury' || t.dir === 'bot').map((t) => `${t.dir}: ${t.text}`),
});

describe('--jobs and --shard', () => {
  it('reports a parallel run exactly like a serial one, and shards cover the suite exactly once', async () => {
    const serial = await runJson(['check', 'alquerque', '--jobs', '1', '--', ...C_BOT]);
    const parallel = await runJson(['check', 'alquerque', '--jobs', '4', '--', ...C_BOT]);
    expect(serial.code).toBe(0);
    expect(parallel.code).toBe(0);
    const all = serial.report.results.map(essence);
    expect(all.length).toBeGreaterThan(6);
    expect(parallel.report.results.map(essence)).toEqual(all);

    const shards = [];
    for (const k of [1, 2, 3]) shards.push(await runJson(['check', 'alquerque', '--shard', `${k}/3`, '--jobs', '2', '--', ...C_BOT]));
    shards.forEach((s, i) => {
      expect(s.code).toBe(0);
      // Deterministic: shard k holds runs k, k+3, k+6, ... of the suite's order.
      expect(s.report.results.map(essence)).toEqual(all.filter((_, j) => j % 3 === i));
    });
    const covered = shards.flatMap((s) => s.report.results.map((r) => `${r.scenario} [${r.role}]`)).sort();
    expect(covered).toEqual(all.map((r) => r.run).sort());
  });

  it('keeps a timing verdict under parallel load: a bot answering in 300 ms against 100 ms, four at once', async () => {
    const run = await runJson(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--jobs', '4', '--', 'python3', 'examples/javachallenge2015/broken/slow-reply.py']);
    expect(run.code).toBe(1);
    expect(run.report.results).toHaveLength(4);
    for (const r of run.report.results) expect(r.violations.map((v) => v.code), `${r.scenario} [${r.role}]`).toEqual(['move-timeout']);
  });
});
