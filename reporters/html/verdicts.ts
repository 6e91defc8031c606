// Verdict cards: one card per bug, not per occurrence. Verdicts about the same answer (a debug line
// read as the move, then the real move as extra output) share a card; answers that drew the same
// verdicts are one card with a count and a table of where. Evidence is written out in words and a
// table; the raw JSON stays one click away.
import { fixHint, type BotLanguage } from '../console/fix-hints.js';
import type { Violation } from '../../harness/core/violations.js';
import { escapeHtml as e, fmt } from './escape.js';

export interface VerdictGroup {
  /** The verdicts of each answer that drew this combination of codes, in order. */
  occurrences: Violation[][];
}

/** Groups verdicts: first those about one answer (same ply), then answers with the same codes. */
export function groupVerdicts(violations: readonly Violation[]): VerdictGroup[] {
  const answers = new Map<string, Violation[]>();
  violations.forEach((v, i) => {
    // Verdicts without a ply (the bot's exit, its stderr) are about the whole run: alike when their code is.
    const key = v.ply !== undefined ? `ply ${v.ply}` : `run ${v.code} ${i}`;
    const list = answers.get(key) ?? [];
    list.push(v);
    answers.set(key, list);
  });
  const groups = new Map<string, VerdictGroup>();
  for (const answer of answers.values()) {
    const signature = answer.map((v) => v.code).join('+');
    const group = groups.get(signature) ?? { occurrences: [] };
    group.occurrences.push(answer);
    groups.set(signature, group);
  }
  return [...groups.values()];
}

/** Occurrences listed in a card's table; the rest are counted. */
const MAX_LISTED = 40;

export function verdictCards(violations: readonly Violation[], language: BotLanguage = 'unknown'): string {
  if (violations.length === 0) return `<p class="muted">no violations</p>\n`;
  return groupVerdicts(violations).map((g) => verdictCard(g, language)).join('');
}

function verdictCard(group: VerdictGroup, language: BotLanguage): string {
  const first = group.occurrences[0]!;
  const [head, ...related] = first;
  const v = head!;
  const count = group.occurrences.length;
  const severity = first.some((x) => x.severity === 'error') ? 'error' : 'warning';
  const where = count > 1 ? ` <span class="count">× ${count}</span>` : '';
  const out: string[] = [];
  out.push(`<div class="violation ${severity}" data-codes="${e(first.map((x) => x.code).join(' '))}"><span class="code">${e(v.code)}</span>${v.severity === 'warning' ? ' <span class="muted">(warning)</span>' : ''}${v.ply !== undefined ? ` at ply ${v.ply}` : ''}${count > 1 ? ' and later' : ''}${where} <span class="muted">[${fmt(v.atMs)} ms]</span>
<div class="message">${e(v.message)}</div>
`);
  out.push(details(v));
  if (related.length > 0) {
    out.push(`<div class="related"><p>The same answer also drew:</p>${related.map((r) => `<div class="violation ${r.severity}"><span class="code">${e(r.code)}</span>${r.severity === 'warning' ? ' <span class="muted">(warning)</span>' : ''} <span class="muted">[${fmt(r.atMs)} ms]</span><div class="message">${e(r.message)}</div>${details(r)}</div>`).join('')}</div>\n`);
    const hint = oneAnswerHint(first);
    if (hint) out.push(`<p class="hint">${hint}</p>\n`);
  }
  // The same fix the console gives, in the bot's language (guessed from its command).
  const fix = fixHint(v.code, language);
  if (fix) out.push(`<div class="hint"><p>How to fix it (${e(fix.language)}):</p><pre>${e(fix.lines.join('\n'))}</pre></div>\n`);
  if (count > 1) out.push(occurrenceTable(group.occurrences));
  out.push('</div>\n');
  return out.join('');
}

/** The verdicts of one answer, read together: a line the bot wrote before or after its answer. */
function oneAnswerHint(answer: Violation[]): string | null {
  const extra = answer.filter((v) => v.code === 'extra-output' && v.actual !== undefined);
  const taken = answer.find((v) => v.code !== 'extra-output' && v.actual !== undefined);
  if (extra.length === 0 || !taken) return null;
  // The jury takes the first line written as the answer, so the taken line came first.
  const lines = [taken, ...extra];
  return `One answer, ${answer.length} verdicts: where one line was due the bot wrote ${lines.map((l) => `<code>${e(l.actual!)}</code>`).join(' and ')}; the jury took <code>${e(taken.actual!)}</code> as the answer. A debug line on stdout does this: write debug output to stderr.`;
}

function occurrenceTable(occurrences: Violation[][]): string {
  const rows = occurrences.slice(0, MAX_LISTED).map((answer) => {
    const v = answer[0]!;
    return `<tr><td class="num">${v.ply ?? '—'}</td><td class="num">${fmt(v.atMs)}</td><td class="mono">${answer.map((x) => (x.actual !== undefined ? e(x.actual) : '')).filter(Boolean).join(' / ') || '—'}</td></tr>`;
  });
  const more = occurrences.length > MAX_LISTED ? `<p class="muted">and ${occurrences.length - MAX_LISTED} more</p>` : '';
  return `<details class="occurrences"><summary>all ${occurrences.length} occurrences</summary><table class="occurrences"><thead><tr><th class="num">ply</th><th class="num">at (ms)</th><th>what the bot wrote</th></tr></thead><tbody>${rows.join('')}</tbody></table>${more}</details>\n`;
}

function details(v: Violation): string {
  const rows: string[] = [];
  if (v.expected !== undefined) rows.push(v.expectedIsExample ? `<dt>expected, e.g.</dt><dd><pre>${e(v.expected)}</pre> <span class="muted">one legal answer of several</span></dd>` : `<dt>expected</dt><dd><pre>${e(v.expected)}</pre></dd>`);
  if (v.actual !== undefined) rows.push(`<dt>actual</dt><dd><pre class="actual">${e(v.actual)}</pre></dd>`);
  if (v.rule) rows.push(`<dt>rule</dt><dd class="rule">“${e(v.rule)}”</dd>`);
  const evidence = v.evidence && Object.keys(v.evidence).length > 0 ? evidenceHtml(v.evidence) : '';
  return `${rows.length ? `<dl class="meta">${rows.join('')}</dl>` : ''}${evidence}`;
}

// ---------------------------------------------------------------- evidence in words and a table

/** Names for the evidence keys the core and the games write; others are spelled out from camelCase. */
const LABELS: Record<string, string> = {
  measuredMs: 'measured wait',
  limitMs: 'limit',
  marginMs: 'margin',
  cpuMs: 'CPU time of the bot meanwhile',
  ownMs: "the bot's own time (wall less the machine's share)",
  botQueuedMs: 'bot waiting for a CPU (run queue)',
  harnessLagMs: 'botjury waiting for a CPU',
  stealMs: 'CPU time the hypervisor took',
  totalUsedMs: 'total time used so far',
  totalBudgetMs: 'total time budget',
  silentMs: 'silent for',
  proc: '/proc reading of the bot',
  partialLineBefore: 'unfinished line before',
  stdoutBytesSinceRequest: 'stdout bytes since the request',
  inputClosedAtMs: 'jury closed its input at',
  burstBytes: 'bytes that arrived after input closed',
  burst: 'what arrived after input closed',
  burstAfterMs: 'burst came after',
  exitCode: 'exit code',
  stderrTail: 'end of stderr',
  peakMb: 'peak memory',
  limitMb: 'memory limit',
  lastDataMb: 'last data segment size',
  hardLimit: 'enforced by the jury',
  graceMs: 'grace time',
  bytes: 'bytes',
  limitBytes: 'limit',
  head: 'first bytes',
  maxLineBytes: 'longest line allowed',
  stdoutBytes: 'stdout bytes',
  partialStart: 'unfinished line starts',
  stoppedAtStep: 'stopped at step',
  wastedSteps: 'steps wasted',
};

function label(key: string): string {
  if (Object.hasOwn(LABELS, key)) return LABELS[key]!;
  return key.replace(/(Ms|Mb|Bytes)$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function value(key: string, v: unknown): string {
  if (v === null || v === undefined) return '<span class="muted">none</span>';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') {
    if (/Ms$/.test(key)) return `${fmt(v)} ms`;
    if (/Mb$/.test(key)) return `${fmt(v)} MB`;
    if (/[bB]ytes$/.test(key)) return `${v} bytes`;
    return fmt(v);
  }
  if (typeof v === 'string') return `<code>${e(v)}</code>`;
  return `<code>${e(JSON.stringify(v))}</code>`;
}

/** A measured figure against its limit, in words. */
function against(what: string, measured: number, limit: number, unit: string): string {
  // Over or under by the figures themselves, not by their rounding: 100.004 ms is over 100 ms, and says
  // by how much (a margin under 0.01 is shown to the µs, never as 0). Figures are kept to the µs, so a
  // timeout by less than that shows the limit itself.
  const margin = limit - measured;
  const size = (x: number): string => (x > 0 && x < 0.01 ? x.toFixed(3) : fmt(Math.round(x * 100) / 100));
  return `${what} ${fmt(measured)} ${unit} against a limit of ${fmt(limit)} ${unit}: ${margin < 0 ? `${size(-margin)} ${unit} over` : margin === 0 ? `at the limit, to the µs` : `${size(margin)} ${unit} to spare`}`;
}

/** What the measured figures say, in one sentence (time, memory and size verdicts). */
function evidenceSentence(ev: Record<string, unknown>): string | null {
  const num = (k: string): number | null => (typeof ev[k] === 'number' ? (ev[k] as number) : null);
  const measured = num('measuredMs');
  const limit = num('limitMs');
  if (measured !== null && limit !== null) {
    const cpu = num('cpuMs');
    const cpuNote = cpu === null ? '' : cpu < measured / 10 ? `; the bot used only ${fmt(cpu)} ms of CPU meanwhile, so it was waiting or sleeping, not computing` : `; the bot used ${fmt(cpu)} ms of CPU meanwhile (it was computing)`;
    return `${against('Waited', measured, limit, 'ms')}${cpuNote}.`;
  }
  const peak = num('peakMb');
  const limitMb = num('limitMb');
  if (peak !== null && limitMb !== null) return `${against('Peak memory', peak, limitMb, 'MB')}.`;
  const bytes = num('bytes');
  const limitBytes = num('limitBytes');
  if (bytes !== null && limitBytes !== null) return `${against('Wrote', bytes, limitBytes, 'bytes')}.`;
  return null;
}

export function evidenceHtml(ev: Record<string, unknown>): string {
  const sentence = evidenceSentence(ev);
  const rows = Object.entries(ev)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<tr><th>${e(label(k))}</th><td>${value(k, v)}</td></tr>`)
    .join('');
  return `<div class="evidence">${sentence ? `<p class="evidence-words">${e(sentence)}</p>` : ''}<table class="evidence"><tbody>${rows}</tbody></table><details class="raw-evidence"><summary>raw evidence (JSON)</summary><pre>${e(JSON.stringify(ev, null, 1))}</pre></details></div>\n`;
}
