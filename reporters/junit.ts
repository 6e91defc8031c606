// JUnit XML reporter: a <testsuite> per game suite, a <testcase> per scenario run (file × role), a
// <failure> per violation that fails the run, an <error> for the harness's own faults. CI servers
// (GitHub, GitLab, Jenkins) read it. Valid XML 1.0 whatever bytes a bot wrote: everything is escaped
// and characters XML 1.0 cannot carry at all are written as visible \xNN / \uNNNN text.
import os from 'node:os';
import type { ScenarioResult, TranscriptEntry } from '../harness/core/result.js';
import type { Reporter, RunReport } from '../harness/core/runner.js';
import type { Violation } from '../harness/core/violations.js';
import type { Output } from './output.js';
import { isSkipped, skipReason } from './skipped.js';

/** Transcript lines kept in <system-out> of a failing testcase (the end of the game, where things went wrong). */
const TRANSCRIPT_TAIL = 60;

export function junitReporter(out: Output): Reporter {
  return {
    onRunEnd(report: RunReport) {
      out.write(junitXml(report));
      return out.close();
    },
  };
}

export function junitXml(report: RunReport): string {
  const suites = new Map<string, ScenarioResult[]>();
  for (const r of report.results) {
    const list = suites.get(r.game) ?? [];
    list.push(r);
    suites.set(r.game, list);
  }
  const totals = count(report.results, report.strict === true);
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  // JUnit has no attribute for it: a comment, and a property in every suite.
  if (report.interrupted) lines.push(`<!-- botjury was interrupted: ${report.results.length} of ${report.interrupted.planned} scenario runs finished -->`);
  if (report.harnessFault) lines.push(`<!-- botjury was stopped by a harness error: ${report.results.length} of ${report.harnessFault.planned} scenario runs reported -->`);
  lines.push(
    `<testsuites name="botjury" tests="${report.results.length}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(report.durationMs)}" timestamp="${attr(report.startedAt)}">`,
  );
  for (const [game, results] of suites) {
    const c = count(results, report.strict === true);
    const time = results.reduce((t, r) => t + r.durationMs, 0);
    lines.push(
      `  <testsuite name="botjury.${attr(game)}" tests="${results.length}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="${seconds(time)}" timestamp="${attr(report.startedAt)}" hostname="${attr(os.hostname())}">`,
    );
    lines.push('    <properties>');
    lines.push(`      <property name="bot" value="${attr(report.bot.command.join(' '))}"/>`);
    lines.push(`      <property name="tool" value="${attr(`${report.tool.name} ${report.tool.version}`)}"/>`);
    const profiles = [...new Set(results.map((r) => r.profile))];
    lines.push(`      <property name="profile" value="${attr(profiles.join(', '))}"/>`);
    if (report.interrupted) lines.push(`      <property name="interrupted" value="${report.results.length} of ${report.interrupted.planned} scenario runs finished"/>`);
    if (report.harnessFault) lines.push(`      <property name="harness-fault" value="${report.results.length} of ${report.harnessFault.planned} scenario runs reported"/>`);
    lines.push('    </properties>');
    for (const r of results) lines.push(...testcase(r, report.strict === true));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** An inconclusive run proved nothing: shown as skipped, or under --strict as a failure. */
function count(results: ScenarioResult[], strict: boolean): { failures: number; errors: number; skipped: number } {
  const inconclusive = results.filter((r) => r.status === 'inconclusive').length;
  return {
    failures: results.filter((r) => r.status === 'failed').length + (strict ? inconclusive : 0),
    errors: results.filter((r) => r.status === 'error').length,
    skipped: results.filter(isSkipped).length + (strict ? 0 : inconclusive),
  };
}

function testcase(r: ScenarioResult, strict: boolean): string[] {
  const base = r.scenario.replace(/\\/g, '/').replace(/^.*\//, '').replace(/\.ya?ml$/i, '');
  const head = `    <testcase name="${attr(`${r.name} [${r.role}]`)}" classname="${attr(`botjury.${r.game}.${base}`)}" file="${attr(r.scenario)}" time="${seconds(r.durationMs)}"`;
  const body: string[] = [];
  if (isSkipped(r)) body.push(`      <skipped message="${attr(skipReason(r) ?? 'skipped')}"/>`);
  if (r.status === 'inconclusive') {
    const why = `inconclusive: ${r.inconclusive ?? ''}`;
    body.push(strict ? `      <failure message="${attr(why)}" type="inconclusive">${text(why)}</failure>` : `      <skipped message="${attr(why)}"/>`);
  }
  if (r.status === 'error') body.push(`      <error message="${attr(r.error ?? 'harness error')}" type="harness-error">${text(r.error ?? '')}</error>`);
  // A run fails on its errors (and on warnings under --strict): those become failures; the rest are noted in system-out.
  const failing = r.status === 'failed' ? failingViolations(r) : [];
  for (const v of failing) body.push(`      <failure message="${attr(oneLine(v))}" type="${attr(v.code)}">${text(violationText(v))}</failure>`);
  const notes = r.violations.filter((v) => !failing.includes(v));
  const sysout: string[] = [];
  sysout.push(`seed: ${r.seed}; profile: ${r.profile}; replies: ${r.timing.replies}, max ${r.timing.maxMs} ms, total ${r.timing.totalMs} ms`);
  if (r.outcome) sysout.push(`outcome: ${r.outcome.summary}`);
  for (const v of notes) sysout.push(`${v.severity}: ${violationText(v)}`);
  if ((r.status === 'failed' || r.status === 'error') && r.transcript.length > 0) {
    const tail = r.transcript.slice(-TRANSCRIPT_TAIL);
    sysout.push(`transcript${tail.length < r.transcript.length ? ` (last ${tail.length} of ${r.transcript.length} lines)` : ''}:`);
    for (const e of tail) sysout.push(transcriptLine(e));
  }
  body.push(`      <system-out>${text(sysout.join('\n'))}</system-out>`);
  if (r.stderr.bytes > 0) body.push(`      <system-err>${text(`${r.stderr.bytes} bytes on stderr; first part:\n${r.stderr.head}`)}</system-err>`);
  return [`${head}>`, ...body, '    </testcase>'];
}

function failingViolations(r: ScenarioResult): Violation[] {
  const errors = r.violations.filter((v) => v.severity === 'error');
  // Failed without an error-severity violation: --strict made the warnings count.
  return errors.length > 0 ? errors : r.violations;
}

function oneLine(v: Violation): string {
  return `${v.code}${v.ply !== undefined ? ` at ply ${v.ply}` : ''}: ${v.message}`;
}

function violationText(v: Violation): string {
  const parts = [oneLine(v)];
  if (v.expected !== undefined) parts.push(v.expectedIsExample ? `expected: e.g. ${v.expected} (one legal answer of several)` : `expected: ${v.expected}`);
  if (v.actual !== undefined) parts.push(`actual:   ${v.actual}`);
  parts.push(`at:       ${v.atMs} ms after the bot started`);
  if (v.rule) parts.push(`rule:     "${v.rule}"`);
  if (v.evidence) parts.push(`evidence: ${JSON.stringify(v.evidence)}`);
  return parts.join('\n');
}

function transcriptLine(e: TranscriptEntry): string {
  const arrow = e.dir === 'jury' ? '→ bot ' : e.dir === 'bot' ? '← bot ' : e.dir === 'stderr' ? '  err ' : '  ··· ';
  return `${e.t.toFixed(2).padStart(10)} ms ${arrow}${e.text}`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/**
 * Characters XML 1.0 cannot carry even as references: C0 controls except tab/LF/CR, lone surrogates,
 * U+FFFE/U+FFFF. They are written as visible escapes (`\x01`), never dropped silently. DEL, C1
 * controls, line separators and bidirectional overrides are legal but invisible (or reorder what a
 * viewer shows), so they are made visible too.
 */
export function xmlSafe(s: string): string {
  return s.replace(
    /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => {
      const code = c.charCodeAt(0);
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    },
  );
}

/** Element text: `]]>` cannot survive because `>` is escaped; CR is kept as a reference (parsers would turn it into LF). */
export function text(s: string): string {
  return xmlSafe(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Attribute values: also quotes, and tab/LF/CR as references so attribute normalisation keeps them. */
export function attr(s: string): string {
  return text(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
