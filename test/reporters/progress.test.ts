// Progress for long runs: on a terminal one status line (scenario n of N, elapsed, failures so far),
// redrawn every second and cleared before each result; elsewhere only plain result lines.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioResult } from '../../harness/core/result.js';
import type { RunInfo, RunReport, Task } from '../../harness/core/runner.js';
import { consoleReporter } from '../../reporters/console.js';
import type { Output } from '../../reporters/output.js';

function fakeOutput(isTTY: boolean): Output & { text: () => string; writes: string[] } {
  const writes: string[] = [];
  return {
    write: (t) => void writes.push(t),
    close: () => Promise.resolve(),
    isTTY,
    stream: process.stdout,
    writes,
    text: () => writes.join(''),
  };
}

const task = (name: string): Task => ({ scenario: { name, file: `${name}.yaml` } as Task['scenario'], role: 'white' });
const result = (name: string, status: ScenarioResult['status']): ScenarioResult =>
  ({
    scenario: `${name}.yaml`, name, game: 'alquerque', role: 'white', profile: 'p', seed: 1, status,
    violations: status === 'failed' ? [{ code: 'illegal-move', severity: 'error', message: 'bad', atMs: 1 }] : [],
    limits: {}, timing: { replies: 0, maxMs: 0, totalMs: 0, meanMs: 0, totalBudgetMs: null, perReply: [] },
    memory: { peakMb: null, limitMb: null }, stderr: { bytes: 0, head: '' }, exit: null, durationMs: 1, transcript: [], transcriptDropped: 0,
  }) as unknown as ScenarioResult;
const info = (total: number, jobs = 1): RunInfo => ({ tool: { name: 'botjury', version: 't' }, bot: { command: ['bot'] }, total, jobs });
const report = (results: ScenarioResult[]): RunReport => ({ tool: { name: 'botjury', version: 't' }, bot: { command: ['bot'] }, startedAt: '', durationMs: 5, results, summary: { passed: 1, failed: 1, errors: 0, skipped: 0, inconclusive: 0 } });

describe('console progress', () => {
  // Colour would wrap the text in escape codes; these tests read the words.
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('NO_COLOR', '1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('redraws one status line on a terminal: scenario n of N, elapsed time, failures so far', async () => {
    const out = fakeOutput(true);
    const r = consoleReporter(out);
    r.onRunStart!(info(3));
    r.onScenarioStart!(task('first'), 0, 3);
    expect(out.writes.at(-1)).toMatch(/^\r\x1b\[2Kscenario 1 of 3, 0s, 0 failing — first \[white\]$/);
    // A long game: the line keeps ticking while nothing else happens.
    vi.advanceTimersByTime(61_000);
    expect(out.writes.at(-1)).toMatch(/scenario 1 of 3, 1m01s, 0 failing — first/);
    r.onScenarioEnd!(result('first', 'failed'), 0, 3);
    r.onScenarioStart!(task('second'), 1, 3);
    expect(out.writes.at(-1)).toMatch(/scenario 2 of 3, 1m01s, 1 failing — second/);
    // Each result line starts on a cleared line, so the status never mixes into it.
    const resultWrite = out.writes.findIndex((w) => w.startsWith('✗ first.yaml'));
    expect(out.writes[resultWrite - 1]).toBe('\r\x1b[2K');
    r.onScenarioEnd!(result('second', 'passed'), 1, 3);
    await r.onRunEnd!(report([result('first', 'failed'), result('second', 'passed')]));
    const count = out.writes.length;
    vi.advanceTimersByTime(5000);
    expect(out.writes.length).toBe(count); // the ticker stopped with the run
    expect(out.text()).toMatch(/1 passed, 1 failed/);
  });

  it('does not count a skipped scenario as failing', () => {
    const out = fakeOutput(true);
    const r = consoleReporter(out);
    r.onRunStart!(info(2));
    r.onScenarioStart!(task('first'), 0, 2);
    r.onScenarioEnd!({ ...result('first', 'passed'), status: 'skipped', skipReason: 'no data' } as unknown as ScenarioResult, 0, 2);
    r.onScenarioStart!(task('second'), 1, 2);
    expect(out.writes.at(-1)).toMatch(/scenario 2 of 2, 0s, 0 failing — second/);
  });

  it('counts finished scenarios when several run in parallel', () => {
    const out = fakeOutput(true);
    const r = consoleReporter(out);
    r.onRunStart!(info(4, 2));
    vi.advanceTimersByTime(1000);
    expect(out.writes.at(-1)).toMatch(/scenario 1 of 4, 1s, 0 failing — 2 in parallel/);
    r.onScenarioStart!(task('a'), 0, 4);
    r.onScenarioEnd!(result('a', 'failed'), 0, 4);
    expect(out.writes.at(-1)).toMatch(/scenario 2 of 4, 1s, 1 failing — 2 in parallel/);
  });

  it('writes plain lines, no status line and no escape codes, when the output is not a terminal', async () => {
    const out = fakeOutput(false);
    const r = consoleReporter(out);
    r.onRunStart!(info(2));
    r.onScenarioStart!(task('first'), 0, 2);
    vi.advanceTimersByTime(10_000);
    r.onScenarioEnd!(result('first', 'failed'), 0, 2);
    r.onScenarioStart!(task('second'), 1, 2);
    r.onScenarioEnd!(result('second', 'passed'), 1, 2);
    await r.onRunEnd!(report([result('first', 'failed'), result('second', 'passed')]));
    expect(out.text()).not.toMatch(/[\r\x1b]/);
    expect(out.text()).not.toMatch(/scenario \d+ of/);
    expect(out.text().split('\n').filter((l) => /^[✓✗] /.test(l))).toEqual(['✗ first.yaml [white] first', '✓ second.yaml [white] second']);
  });
});
