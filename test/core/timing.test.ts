// Exact, load-aware timing and flushing verdicts (issue 11), and bounded verdicts for a bot that
// repeats one fault without end (issue 12). Each case runs a real bot through the CLI; none asserts a
// speed figure: they assert what the verdict rests on, so they hold on a loaded 2-core machine.
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeLateArrival } from '../../harness/core/seat.js';
import { stamperDelayMs } from '../../harness/core/stamper.js';
import { runJson, ROOT, type ReportResult, scratchDir } from '../helpers.js';

const SLEEPER_SRC = path.join(ROOT, 'test/fixtures/bots/timing/jc_sleeper.c');
let sleeper = '';

beforeAll(async () => {
  const dir = scratchDir('botjury-timing-');
  sleeper = path.join(dir, 'jc_sleeper');
  await execa('cc', ['-O2', '-o', sleeper, SLEEPER_SRC]);
});

interface Reply { ply: number; wallMs: number; limitMs: number | null; queuedMs?: number; excusedByLoad?: boolean; lateByMachineMs?: number }
const replies = (r: ReportResult): Reply[] => (r.timing.perReply as unknown as Reply[]);

describe('judging an answer stamped after its deadline', () => {
  const base = { limitMs: 100, botQueuedMs: 0, emptyAtMs: null, stampDelayMs: 0 };
  it('a late answer on a quiet machine is late, by its own stamp', () => {
    expect(judgeLateArrival({ ...base, wallMs: 100.3 })).toMatchObject({ late: true });
    expect(judgeLateArrival({ ...base, wallMs: 100.2 })).toMatchObject({ late: true });
    expect(judgeLateArrival({ ...base, wallMs: 100.02 })).toMatchObject({ late: true });
    expect(judgeLateArrival({ ...base, wallMs: 100 })).toMatchObject({ late: false });
  });
  it('time the bot sat in the run queue is the machine\'s, not the bot\'s', () => {
    expect(judgeLateArrival({ ...base, wallMs: 130, botQueuedMs: 35 })).toMatchObject({ late: false });
    expect(judgeLateArrival({ ...base, wallMs: 130, botQueuedMs: 20 })).toMatchObject({ late: true });
  });
  it('botjury\'s stamping thread shown busy moves the stamp back to when the answer can have arrived, no further', () => {
    // Busy 10 ms since a look at 97 ms found nothing: the answer arrived between 97 and 104 ms.
    expect(judgeLateArrival({ ...base, wallMs: 104, emptyAtMs: 97, stampDelayMs: 10 }).ownMs).toBeCloseTo(97, 9);
    expect(judgeLateArrival({ ...base, wallMs: 104, emptyAtMs: 97, stampDelayMs: 10 }).late).toBe(false);
    // Busy 2 ms: it arrived at 102 ms at the earliest.
    expect(judgeLateArrival({ ...base, wallMs: 104, emptyAtMs: 97, stampDelayMs: 2 }).ownMs).toBeCloseTo(102, 9);
    // A bot that slept 150 ms is late whatever botjury did, unless it was queued itself.
    expect(judgeLateArrival({ ...base, wallMs: 150, emptyAtMs: 99, stampDelayMs: 10 })).toMatchObject({ late: true });
  });
  it('a look that found the pipe empty after the deadline proves the answer late, however busy botjury was after it', () => {
    // The look at 100.3 ms found nothing; botjury then stamped at 100.9 ms after 0.9 ms of busy time.
    expect(judgeLateArrival({ ...base, wallMs: 100.9, emptyAtMs: 100.3, stampDelayMs: 0.9 }).ownMs).toBeCloseTo(100.3, 9);
    // ...unless the bot itself waited for a CPU longer than the overshoot.
    expect(judgeLateArrival({ ...base, wallMs: 100.9, emptyAtMs: 100.3, stampDelayMs: 0.9, botQueuedMs: 0.4 })).toMatchObject({ late: false });
  });
  it('the stamping thread\'s delay between two marks is its busy and queued time, never more than the time between them', () => {
    const from = { atNs: 1_000_000_000n, activeMs: 50, queuedNs: 2_000_000n };
    expect(stamperDelayMs(from, { atNs: 1_010_000_000n, activeMs: 51.5, queuedNs: 2_500_000n })).toBeCloseTo(2, 9);
    expect(stamperDelayMs(from, { atNs: 1_001_000_000n, activeMs: 53, queuedNs: 2_000_000n })).toBeCloseTo(1, 9);
  });
});

describe('deadlines are exact', () => {
  it('an answer that cannot arrive before 100.3 ms is never accepted as in time against the 100 ms limit', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { code, report } = await runJson(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '0', '--', sleeper, '100300', 'first']);
      const r = report.results[0]!;
      const late = replies(r).find((p) => p.ply === 1);
      const timeout = r.violations.find((v) => v.code === 'move-timeout' && v.ply === 1);
      if (timeout) {
        expect(code).toBe(1);
        expect((timeout.evidence as { measuredMs: number }).measuredMs).toBeGreaterThanOrEqual(100);
        expect(late).toBeUndefined(); // the jury stopped waiting at the limit: no accepted reply for that ply
        continue;
      }
      // Accepted only if the machine demonstrably took the overshoot (bot queued, botjury busy), with the figures.
      expect(late, 'an accepted late reply must be in the report').toBeDefined();
      expect(late!.excusedByLoad).toBe(true);
      expect(late!.wallMs - late!.lateByMachineMs!).toBeLessThanOrEqual(100);
    }
  });
  it('a correct threaded bot that thinks 0.8 s while a reader thread waits on stdin is not unflushed', async () => {
    const { code, report } = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'python3', 'test/fixtures/bots/timing/threaded_thinker.py']);
    const r = report.results[0]!;
    expect(r.violations.filter((v) => v.severity === 'error')).toEqual([]);
    expect(r.status).toBe('passed');
    expect(code).toBe(0);
  });
  it('four Python bots in parallel that flush but answer late get move-timeout, never unflushed-output', async () => {
    const { code, report } = await runJson(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--jobs', '4', '--', 'python3', 'examples/javachallenge2015/broken/slow-reply.py']);
    expect(report.results).toHaveLength(4);
    for (const r of report.results) expect(r.violations.filter((v) => v.severity === 'error').map((v) => v.code)).toEqual(['move-timeout']);
    expect(code).toBe(1);
  });
  it('every reply carries the load figures: CPU, the bot\'s run-queue wait, botjury\'s lag, at microsecond resolution', async () => {
    const { report } = await runJson(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '0', '--', sleeper, '0']);
    const all = replies(report.results[0]!) as (Reply & { cpuMs: number; harnessLagMs: number })[];
    expect(all.length).toBeGreaterThan(3);
    for (const p of all) {
      expect(typeof p.cpuMs).toBe('number');
      expect(typeof p.queuedMs).toBe('number');
      expect(typeof p.harnessLagMs).toBe('number');
    }
    // Not rounded to 10 µs: some reply has a non-zero thousandth.
    expect(all.some((p) => Math.round(p.wallMs * 1000) % 10 !== 0)).toBe(true);
  });
  it('a close call is a near-limit warning, and still passes', async () => {
    const { code, report } = await runJson(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '0', '--profile', 'rules', '--', sleeper, '850000', 'first']);
    const r = report.results[0]!;
    const near = r.violations.filter((v) => v.code === 'near-limit');
    expect(code).toBe(0);
    // On an overloaded machine the answer may arrive past the limit, excused by the load: its own time
    // is then an estimate too rough to warn on (it would warn about trivial bots), so no warning.
    if ((r.timing.perReply as { ply: number; excusedByLoad?: boolean }[]).find((p) => p.ply === 1)?.excusedByLoad) return;
    expect(near).toHaveLength(1);
    expect(near[0]!.severity).toBe('warning');
    expect(near[0]!.ply).toBe(1);
    expect(code).toBe(0);
  });
});

describe('one cause, one verdict; every repetition bounded', () => {
  it('a debug line written after each move is one extra-output per line, at the ply of the move it followed', async () => {
    const { code, report } = await runJson(['run', 'test/fixtures/scenarios/black-short.yaml', '--', 'python3', 'test/fixtures/bots/output/debug_after_move.py']);
    const extra = report.results[0]!.violations.filter((v) => v.code === 'extra-output');
    expect(extra.length).toBeGreaterThan(0);
    expect(extra[0]!.actual).toBe('debug: played move 1');
    expect(extra[0]!.ply).toBe(2);
    expect(extra[0]!.message).toMatch(/ms after its answer 'e5\*c3'/);
    expect(code).toBe(1);
  });
  it('junk after every move: the report keeps the first verdicts of a code and counts the rest', async () => {
    const { code, report } = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'python3', 'test/fixtures/bots/output/junk_after_move.py', '30']);
    const r = report.results[0]! as ReportResult & { omittedViolations?: Record<string, number> };
    const extra = r.violations.filter((v) => v.code === 'extra-output');
    expect(extra.length).toBe(20);
    expect(r.omittedViolations?.['extra-output']).toBeGreaterThan(0);
    expect(code).toBe(1);
  });
  it.skipIf(!existsSync('/usr/bin/time'))('botjury stays under 300 MB against a bot writing 999 junk lines after every move, through a whole suite', async () => {
    const out = scratchDir('botjury-junk-');
    const r = await execa('/usr/bin/time', ['-f', 'maxrss=%M', process.execPath, 'bin/botjury.js', 'check', 'alquerque', '--role', 'white',
      '--reporter', `json=${out}/r.json`, '--reporter', `html=${out}/r.html`, '--', 'python3', 'test/fixtures/bots/output/junk_after_move.py', '999'], { cwd: ROOT, reject: false });
    expect(r.exitCode).toBe(1);
    const kb = Number(/maxrss=(\d+)/.exec(r.stderr)?.[1]);
    expect(kb).toBeGreaterThan(0);
    expect(kb).toBeLessThan(300 * 1024);
  });
  it('a flood of unasked lines between two answers is output-flood, and the bot is stopped', async () => {
    const { code, report } = await runJson(['run', 'scenarios/alquerque/play-as-white.yaml', '--', 'python3', 'test/fixtures/bots/output/junk_after_move.py', '5000']);
    const r = report.results[0]!;
    expect(r.violations.map((v) => v.code)).toContain('output-flood');
    expect(r.violations.filter((v) => v.code === 'extra-output')).toHaveLength(0);
    expect(code).toBe(1);
  });
});
