// TAP 14 reporter: one test point per scenario run (file × role), streamed as results arrive, with a
// YAML diagnostic block carrying every violation (code, ply, expected, actual, timing) and the run's
// timing figures. Written for CI tools and `tap-parser`; bot bytes survive exactly (YAML escapes).
import { printable } from '../harness/core/printable.js';
import { isSkipped, skipReason } from './skipped.js';
import type { ReplyTiming, ScenarioResult } from '../harness/core/result.js';
import type { Reporter, RunInfo, RunReport } from '../harness/core/runner.js';
import type { Violation } from '../harness/core/violations.js';
import type { Output } from './output.js';

export function tapReporter(out: Output): Reporter {
  let planned = false;
  return {
    onRunStart(info: RunInfo) {
      out.write('TAP version 14\n');
      const shard = info.shard ? ` (shard ${info.shard.index}/${info.shard.count})` : '';
      out.write(`# botjury ${tapComment(info.tool.version)}: ${info.total} scenario run${info.total === 1 ? '' : 's'}${shard}; bot: ${tapComment(info.bot.command.join(' '))}\n`);
      out.write(`1..${info.total}\n`);
      planned = true;
    },
    onScenarioEnd(result: ScenarioResult, index: number) {
      out.write(testPoint(result, index + 1));
    },
    onRunEnd(report: RunReport) {
      // A reporter used without onRunStart (programmatic use) still writes a complete document.
      if (!planned) {
        out.write(`TAP version 14\n1..${report.results.length}\n`);
        report.results.forEach((r, i) => out.write(testPoint(r, i + 1)));
      }
      // TAP 14: a run that stops before its plan is complete says so with Bail out!.
      if (report.interrupted) out.write(`Bail out! interrupted: ${report.results.length} of ${report.interrupted.planned} scenario runs finished\n`);
      if (report.harnessFault) out.write(`Bail out! stopped by a harness error: ${report.results.length} of ${report.harnessFault.planned} scenario runs reported\n`);
      const s = report.summary;
      const skipped = report.results.filter(isSkipped).length;
      out.write(`# ${s.passed} passed, ${s.failed} failed, ${s.errors} harness errors${skipped ? `, ${skipped} skipped` : ''}${s.inconclusive ? `, ${s.inconclusive} inconclusive` : ''} (${(report.durationMs / 1000).toFixed(1)} s)\n`);
      return out.close();
    },
  };
}

/** One test point: `ok`/`not ok`, the id, a description, and the YAML diagnostics when there is anything to say. */
export function testPoint(result: ScenarioResult, id: number): string {
  const description = tapDescription(`${result.scenario} [${result.role}] ${result.name}`);
  // Skipped: data the scenario needs is not on this machine (a SKIP directive, not a failure).
  if (isSkipped(result)) return `ok ${id} - ${description} # SKIP ${tapComment(skipReason(result) ?? 'skipped')}\n`;
  // Inconclusive: nothing wrong, nothing proven: a TODO point (not ok, but no TAP consumer counts it a failure).
  if (result.status === 'inconclusive') return `not ok ${id} - ${description} # TODO ${tapComment(`inconclusive: ${result.inconclusive ?? ''}`)}\n${yamlBlock(diagnostics(result))}`;
  const ok = result.status === 'passed';
  const line = `${ok ? 'ok' : 'not ok'} ${id} - ${description}\n`;
  // Passing runs stay one line unless they carry warnings worth seeing.
  if (ok && result.violations.length === 0) return line;
  return line + yamlBlock(diagnostics(result));
}

export function diagnostics(result: ScenarioResult): Record<string, unknown> {
  const d: Record<string, unknown> = {
    scenario: result.scenario,
    name: result.name,
    game: result.game,
    role: result.role,
    profile: result.profile,
    seed: result.seed,
    status: result.status,
  };
  if (result.error !== undefined) d.error = result.error;
  if (result.goals) d.goals = result.goals;
  if (result.inconclusive !== undefined) d.inconclusive = result.inconclusive;
  d.violations = result.violations.map((v) => violationDiagnostic(v, result.timing.perReply));
  const t = result.timing;
  d.timing = { replies: t.replies, maxMs: t.maxMs, meanMs: t.meanMs, totalMs: t.totalMs, totalBudgetMs: t.totalBudgetMs };
  if (result.outcome) d.outcome = result.outcome.summary;
  d.durationMs = result.durationMs;
  return d;
}

function violationDiagnostic(v: Violation, replies: ReplyTiming[]): Record<string, unknown> {
  const d: Record<string, unknown> = { code: v.code, severity: v.severity };
  if (v.ply !== undefined) d.ply = v.ply;
  d.message = v.message;
  if (v.expected !== undefined) {
    d.expected = v.expected;
    if (v.expectedIsExample) d.expectedIsExample = true; // one legal answer of several, not the one required
  }
  if (v.actual !== undefined) d.actual = v.actual;
  const reply = v.ply !== undefined ? replies.find((r) => r.ply === v.ply) : undefined;
  d.timing = { atMs: v.atMs, ...(reply ? { replyMs: reply.wallMs, cpuMs: reply.cpuMs, limitMs: reply.limitMs } : {}) };
  if (v.rule !== undefined) d.rule = v.rule;
  if (v.evidence !== undefined) d.evidence = v.evidence;
  return d;
}

export { isSkipped, skipReason };

/** TAP 14: `#` starts a directive and `\` escapes, so both are escaped; a description is one line. */
export function tapDescription(text: string): string {
  return tapComment(text).replace(/\\/g, '\\\\').replace(/#/g, '\\#');
}

/**
 * A comment or directive text is one line shown as it is by a terminal or a CI log: what a bot, a
 * referee or a forged report wrote goes through the one escaping (core/printable.ts), so a C1 control
 * (\x9b starts an escape sequence), a line break or a bidirectional override is never raw there.
 */
function tapComment(text: string): string {
  return printable(text, Infinity);
}

/** The `  ---` … `  ...` block, indented two spaces under its test point (TAP 14). */
export function yamlBlock(value: Record<string, unknown>): string {
  return `  ---\n${yamlLines(value, 1).join('\n')}\n  ...\n`;
}

// A small YAML emitter of our own: the `yaml` package writes DEL, C1 controls and U+2028 raw inside
// double quotes, which strict parsers reject. Here every string that is not obviously plain goes out
// as a JSON string with those characters escaped too — JSON strings are valid YAML 1.2 double-quoted scalars.
function yamlLines(value: unknown, depth: number): string[] {
  const pad = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${pad}[]`];
    return value.flatMap((item) => {
      const inner = yamlLines(item, depth + 1);
      if (isNested(item)) return [`${pad}- ${inner[0]!.trimStart()}`, ...inner.slice(1)];
      return [`${pad}- ${scalar(item)}`];
    });
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return [`${pad}{}`];
    return entries.flatMap(([k, v]) => {
      if (isNested(v) && !isEmpty(v)) return [`${pad}${key(k)}:`, ...yamlLines(v, depth + 1)];
      return [`${pad}${key(k)}: ${isNested(v) ? (Array.isArray(v) ? '[]' : '{}') : scalar(v)}`];
    });
  }
  return [`${pad}${scalar(value)}`];
}

const isNested = (v: unknown): boolean => v !== null && typeof v === 'object';
const isEmpty = (v: unknown): boolean => (Array.isArray(v) ? v.length === 0 : Object.keys(v as object).length === 0);

const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

function key(k: string): string {
  return PLAIN.test(k) && !RESERVED.test(k) ? k : quote(k);
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : quote(String(v));
  if (typeof v === 'boolean') return String(v);
  const s = String(v);
  return PLAIN.test(s) && !RESERVED.test(s) ? s : quote(s);
}

/**
 * A JSON string with every character YAML might not print, or a viewer might act on, escaped: controls,
 * DEL, C1, line separators, bidirectional overrides and isolates, lone surrogates.
 */
export function quote(s: string): string {
  return JSON.stringify(s).replace(/[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
