// The TAP 14 reporter, read back with tap-parser and compared with the JSON report of the same run.
import { Parser } from 'tap-parser';
import { describe, expect, it } from 'vitest';
import { tapDescription, testPoint } from '../../reporters/tap.js';
import type { ScenarioResult } from '../../harness/core/result.js';
import type { ReportResult } from '../helpers.js';
import { HOSTILE_BOT, runWithReports } from './reports.js';

interface Assert {
  ok: boolean;
  id: number;
  name: string;
  diag: Record<string, unknown> | null;
}

function parseTap(tap: string): { version: number | undefined; plan: { start: number; end: number } | undefined; asserts: Assert[]; complete: { ok: boolean; count: number; fail: number } } {
  const events = Parser.parse(tap) as [string, unknown][];
  const of = (type: string) => events.filter((e) => e[0] === type).map((e) => e[1]);
  return {
    version: of('version')[0] as number | undefined,
    plan: of('plan')[0] as { start: number; end: number } | undefined,
    asserts: of('assert') as Assert[],
    complete: of('complete')[0] as { ok: boolean; count: number; fail: number },
  };
}

/** What the TAP diagnostics must say about each violation, built from the JSON report. */
function expectedViolations(r: ReportResult & { timing: { perReply: { ply: number; wallMs: number; cpuMs: number | null; limitMs?: number | null }[] } }) {
  return r.violations.map((v) => {
    const reply = v.ply !== undefined ? r.timing.perReply.find((p) => p.ply === v.ply) : undefined;
    return {
      code: v.code,
      severity: v.severity,
      ...(v.ply !== undefined ? { ply: v.ply } : {}),
      message: v.message,
      ...(v.expected !== undefined ? { expected: v.expected } : {}),
      ...((v as { expectedIsExample?: boolean }).expectedIsExample ? { expectedIsExample: true } : {}),
      ...(v.actual !== undefined ? { actual: v.actual } : {}),
      timing: { atMs: v.atMs, ...(reply ? { replyMs: reply.wallMs, cpuMs: reply.cpuMs, limitMs: reply.limitMs } : {}) },
      ...((v as { rule?: string }).rule !== undefined ? { rule: (v as { rule?: string }).rule } : {}),
      ...(v.evidence !== undefined ? { evidence: v.evidence } : {}),
    };
  });
}

describe('TAP reporter', () => {
  it('writes one test point per scenario run whose diagnostics carry every violation of the JSON report', async () => {
    const run = await runWithReports(['check', 'alquerque', '--jobs', '2'], ['python3', 'examples/alquerque/broken/incomplete-capture.py'], ['tap']);
    expect(run.code).toBe(1);
    const results = run.report.results;
    const tap = parseTap(run.files.tap);
    expect(tap.version).toBe(14);
    expect(tap.plan).toMatchObject({ start: 1, end: results.length });
    expect(tap.asserts).toHaveLength(results.length);
    expect(tap.complete).toMatchObject({ ok: false, count: results.length, fail: results.filter((r) => r.status !== 'passed').length });
    // The broken bot must really fail somewhere and pass elsewhere, or this comparison proves little.
    expect(results.some((r) => r.status === 'failed')).toBe(true);
    expect(results.some((r) => r.status === 'passed')).toBe(true);
    results.forEach((r, i) => {
      const a = tap.asserts[i]!;
      expect(a.id).toBe(i + 1);
      expect(a.ok).toBe(r.status === 'passed');
      expect(a.name).toBe(`${r.scenario} [${r.role}] ${r.name}`);
      if (r.violations.length === 0) {
        expect(a.diag).toBeFalsy();
        return;
      }
      expect(a.diag).toMatchObject({ scenario: r.scenario, game: r.game, role: r.role, status: r.status });
      expect(a.diag!.violations).toEqual(expectedViolations(r as never));
      expect(a.diag!.timing).toMatchObject({ replies: r.timing.replies, maxMs: r.timing.maxMs, totalMs: r.timing.totalMs });
    });
    const codes = tap.asserts.flatMap((a) => ((a.diag?.violations ?? []) as { code: string }[]).map((v) => v.code));
    expect(new Set(codes)).toEqual(new Set(['illegal-move']));
  });

  it('carries the exact bytes a hostile bot wrote (control bytes, DEL, U+2028, U+FFFE, markup) through YAML', async () => {
    const run = await runWithReports(['run', 'scenarios/alquerque/play-as-white.yaml'], HOSTILE_BOT, ['tap']);
    expect(run.code).toBe(1);
    const [result] = run.report.results;
    const bad = result!.violations.find((v) => v.code === 'bad-format')!;
    expect(bad.actual).toContain('\x01\x02\x08\x0b\x0c\x1b[31m\x7f');
    expect(bad.actual).toContain('\u2028');
    const tap = parseTap(run.files.tap);
    expect(tap.asserts).toHaveLength(1);
    const violations = tap.asserts[0]!.diag!.violations as { code: string; actual?: string; evidence?: { head?: string } }[];
    expect(violations).toEqual(expectedViolations(result as never));
    expect(violations.find((v) => v.code === 'bad-format')!.actual).toBe(bad.actual);
    // No raw control byte reaches the TAP stream itself: a terminal or a CI log shows it as it is.
    expect(run.files.tap).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u2028]/);
  });

  it('passes a correct bot as all-ok TAP, one line per scenario run', async () => {
    const run = await runWithReports(['run', 'scenarios/alquerque/play-as-black.yaml', 'scenarios/alquerque/capture-continuation.yaml'], ['node', 'examples/alquerque/js/bot.js'], ['tap']);
    expect(run.code).toBe(0);
    const tap = parseTap(run.files.tap);
    expect(tap.complete).toMatchObject({ ok: true, count: 3, fail: 0 });
    expect(run.files.tap.split('\n').filter((l) => /^ok \d+ - /.test(l))).toHaveLength(3);
  });

  it("reports the harness's own fault as not ok with its error, never as a bot violation", async () => {
    const run = await runWithReports(['run', 'test/fixtures/scenarios/expect-impossible-after-any.yaml'], ['node', 'examples/alquerque/js/bot.js'], ['tap']);
    expect(run.code).toBe(2);
    const [result] = run.report.results;
    expect(result!.status).toBe('error');
    const a = parseTap(run.files.tap).asserts[0]!;
    expect(a.ok).toBe(false);
    expect(a.diag).toMatchObject({ status: 'error', error: result!.error, violations: [] });
  });

  it('marks a scenario skipped for missing data with a SKIP directive and its reason', () => {
    const skipped = { scenario: 'scenarios/amazes/official-maze-01.yaml', name: 'official maze 1', role: 'red', status: 'skipped', skipReason: 'sample maze not found # here', violations: [] } as unknown as ScenarioResult;
    const parsed = Parser.parse(`TAP version 14\n1..1\n${testPoint(skipped, 1)}`) as [string, { ok?: boolean; skip?: unknown; name?: string }][];
    const a = parsed.find((e) => e[0] === 'assert')![1];
    expect(a).toMatchObject({ ok: true, name: 'scenarios/amazes/official-maze-01.yaml [red] official maze 1', skip: 'sample maze not found # here' });
  });

  it('escapes # and \\ in descriptions, so a scenario name never turns into a directive', () => {
    const name = 'a # SKIP looks like a directive \\ and a backslash';
    const tap = `TAP version 14\n1..1\nok 1 - ${tapDescription(name)}\n`;
    const parsed = parseTap(tap);
    expect(parsed.asserts[0]).toMatchObject({ ok: true, name });
    expect(parsed.complete).toMatchObject({ ok: true, count: 1 });
    expect((Parser.parse(tap) as [string, { skip?: unknown }][]).find((e) => e[0] === 'assert')![1].skip).toBeFalsy();
  });
});
