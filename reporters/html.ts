// HTML reporter: one self-contained page (no network: inline style and script, a CSP that forbids
// loading anything) that a jury member opens instead of logs. Failures first, filterable by status and
// verdict; per scenario the verdicts (one card per bug, evidence in words), each reply's time against
// its limit (SVG), the game drawn at every ply with a slider tied to the transcript (html/client.ts).
// Summary, verdicts and charts read without JavaScript; the replay and the transcript need it.
// Everything a bot wrote is escaped here or set as textContent by the page.
//
// Memory: a scenario's positions are packed (html/pack.ts) when it ends and its snapshots are dropped
// from the result, so a whole suite never holds more than the games still running.
import type { ScenarioResult } from '../harness/core/result.js';
import type { Reporter, RunInfo, RunReport } from '../harness/core/runner.js';
import { timingSvg } from './html/chart.js';
import { CLIENT_SCRIPT } from './html/client.js';
import { escapeHtml as e, fmt, scriptJson } from './html/escape.js';
import { packScenario, TRANSCRIPT_DIRS } from './html/pack.js';
import { STYLE } from './html/style.js';
import { verdictCards } from './html/verdicts.js';
import { botLanguage, fixHint, type BotLanguage } from './console/fix-hints.js';
import { groupVerdicts } from './console/verdicts.js';
import { groupCauses, pliesText, runsOf, sameCause, type BotOf } from './causes.js';
import type { Output } from './output.js';
import { isSkipped, skipReason } from './skipped.js';

export { escapeHtml, scriptJson } from './html/escape.js';
export { timingSvg } from './html/chart.js';

/** Packs made when a scenario ended, so that any number of HTML reporters share them. */
const PACKED = new WeakMap<ScenarioResult, string>();

function packed(r: ScenarioResult): string {
  let p = PACKED.get(r);
  if (p === undefined) {
    p = packScenario(r);
    PACKED.set(r, p);
  }
  return p;
}

export function htmlReporter(out: Output): Reporter {
  let info: RunInfo | undefined;
  return {
    wantsSnapshots: true,
    onRunStart(i) {
      info = i;
    },
    onScenarioEnd(result) {
      packed(result);
      // The snapshots are now in the pack; holding them for the whole suite cost hundreds of MB.
      delete result.snapshots;
    },
    onRunEnd(report: RunReport) {
      out.write(htmlPage(report, info));
      return out.close();
    },
  };
}

/** Failures first: what a reader opens the report for. */
const STATUS_ORDER: ScenarioResult['status'][] = ['failed', 'error', 'inconclusive', 'skipped', 'passed'];

/** Codes the bot's answer was refused for: the page draws that answer on the board, marked rejected. */
const REJECTED_ANSWER_CODES = new Set(['illegal-move', 'bad-format', 'too-many-steps', 'ineffective-action', 'expectation-failed']);

export interface PageOptions {
  /** A match: each seat run's result in its game ("win (1)"), shown in a column of the summary table. */
  resultOf?: ReadonlyMap<ScenarioResult, string>;
  /** A page being replaced while it is read (a tournament's --live page): the browser reloads it this often. */
  refreshSeconds?: number;
  /** A match or a tournament: the bot each run judged (causes.ts, seatBots): its causes apart, its fixes in its language. */
  botOf?: BotOf;
}

/** `preface`: HTML put above the results (the standings table of a match). */
export function htmlPage(report: RunReport, info?: RunInfo, preface = '', options: PageOptions = {}): string {
  const s = report.summary;
  const skipped = report.results.filter(isSkipped).length;
  const title = `botjury: ${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} errors` : ''}${skipped ? `, ${skipped} skipped` : ''}`;
  const data = {
    dirs: TRANSCRIPT_DIRS,
    scenarios: report.results.map((r) => ({
      game: r.game,
      role: r.role,
      pack: packed(r),
      marks: r.violations.filter((v) => v.ply !== undefined).map((v) => ({ ply: v.ply, code: v.code, atMs: v.atMs, ...(REJECTED_ANSWER_CODES.has(v.code) && v.actual !== undefined ? { rejected: v.actual } : {}) })),
    })),
  };
  const order = report.results.map((r, i) => ({ r, i })).sort((a, b) => STATUS_ORDER.indexOf(a.r.status) - STATUS_ORDER.indexOf(b.r.status) || a.i - b.i);
  const parts: string[] = [];
  parts.push(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.refreshSeconds ? `<meta http-equiv="refresh" content="${Math.max(1, Math.round(options.refreshSeconds))}">\n` : ''}<meta name="generator" content="${e(`${report.tool.name} ${report.tool.version}`)}">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>botjury report</h1>
<dl class="meta">
<dt>bot</dt><dd><code>${e(report.bot.command.join(' '))}</code></dd>
<dt>started</dt><dd>${e(report.startedAt)}, ran ${(report.durationMs / 1000).toFixed(1)} s${info ? `, ${info.jobs} in parallel` : ''}${info?.shard ? `, shard ${info.shard.index} of ${info.shard.count}` : ''}</dd>
<dt>profiles</dt><dd>${e([...new Set(report.results.map((r) => `${r.game}: ${r.profile}`))].join('; ') || '—')}</dd>
<dt>tool</dt><dd>${e(`${report.tool.name} ${report.tool.version}`)}</dd>
</dl>
<p class="totals" id="totals"><span class="passed">${s.passed} passed</span><span class="failed">${s.failed} failed</span><span class="error">${s.errors} harness errors</span>${skipped ? `<span class="skipped">${skipped} skipped</span>` : ''}${s.inconclusive ? `<span class="inconclusive">${s.inconclusive} inconclusive</span>` : ''}</p>
</header>
`);
  const language = botLanguage(report.bot.command);
  const botOf = options.botOf;
  /** The language of the bot a run judged: a match's bots may be written in different ones. */
  const languageOf = (r: ScenarioResult): BotLanguage => {
    const bot = botOf?.(r);
    return bot ? botLanguage(bot.command) : language;
  };
  parts.push(causesSection(report, languageOf, botOf));
  if (preface) parts.push(preface);
  parts.push(filterBar(report.results));
  parts.push(summaryTable(order, report.strict ?? false, options.resultOf));
  for (const { r, i } of order) parts.push(scenarioSection(r, i, languageOf(r)));
  parts.push(`<p class="filtered-out" hidden>No scenario matches the filter.</p>
<footer>Generated by ${e(`${report.tool.name} ${report.tool.version}`)}. Times are milliseconds since the bot was started; reply times count only while the jury waited for the answer.</footer>
<script type="application/json" id="botjury-data">${scriptJson(data)}</script>
<script>${CLIENT_SCRIPT}</script>
</body>
</html>
`);
  return parts.join('');
}

function codesOf(r: ScenarioResult): string[] {
  return [...new Set(r.violations.map((v) => v.code))];
}

/** Buttons to show only some statuses or verdicts, with counts; the page's script makes them work. */
function filterBar(results: ScenarioResult[]): string {
  const statusCounts = STATUS_ORDER.map((st) => [st, results.filter((r) => r.status === st).length] as const).filter(([, n]) => n > 0);
  const codeCounts = new Map<string, number>();
  for (const r of results) for (const c of codesOf(r)) codeCounts.set(c, (codeCounts.get(c) ?? 0) + 1);
  const button = (kind: string, value: string, text: string, n: number): string =>
    `<button type="button" class="filter" data-filter="${kind}" data-value="${e(value)}" aria-pressed="${value === '' ? 'true' : 'false'}">${e(text)} <span class="n">${n}</span></button>`;
  return `<nav class="filters" hidden>
<div class="filter-row"><span class="muted">status:</span>${button('status', '', 'all', results.length)}${statusCounts.map(([st, n]) => button('status', st, st, n)).join('')}</div>
${codeCounts.size ? `<div class="filter-row"><span class="muted">verdict:</span>${button('code', '', 'any', results.length)}${[...codeCounts].map(([c, n]) => button('code', c, c, n)).join('')}</div>` : ''}
</nav>
`;
}

/** Verdict groups of a failing run shown in its summary row, each with its ply and message; the rest are counted. */
const SUMMARY_GROUPS = 3;
const SUMMARY_MESSAGE = 240;

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** What a summary row says about a run: for a failure, each verdict's code, ply and message. */
function verdictCell(r: ScenarioResult, strict: boolean): string {
  if (r.error) return `<span class="code">harness error</span>: ${e(cut(r.error.split('\n')[0]!, SUMMARY_MESSAGE))}`;
  if (isSkipped(r)) return e(`skipped: ${skipReason(r) ?? ''}`);
  if (r.inconclusive) return e(`inconclusive: ${r.inconclusive}`);
  const failing = r.status === 'failed' ? r.violations.filter((v) => v.severity === 'error' || strict) : [];
  const shown = failing.length > 0 ? failing : r.violations;
  const groups = groupVerdicts(shown);
  const lines = groups.slice(0, SUMMARY_GROUPS).map((g) => {
    const v = g.first;
    const where = g.count === 1 ? (v.ply !== undefined ? ` at ply ${v.ply}` : '') : ` ×${g.count}${g.plies.length ? `, ${g.plies[0] === g.plies[g.plies.length - 1] ? `ply ${g.plies[0]}` : `plies ${g.plies[0]}–${g.plies[g.plies.length - 1]}`}` : ''}`;
    const message = failing.length > 0 ? `: <span class="verdict-message">${e(cut(v.message, SUMMARY_MESSAGE))}</span>` : '';
    return `<div class="verdict-line ${v.severity}"><span class="code">${e(v.code)}</span>${e(where)}${v.severity === 'warning' ? ' (warning)' : ''}${message}</div>`;
  });
  const rest = groups.length - SUMMARY_GROUPS;
  if (rest > 0) lines.push(`<div class="muted">… and ${rest} more kind${rest === 1 ? '' : 's'} of verdict</div>`);
  return lines.join('');
}

function summaryTable(order: { r: ScenarioResult; i: number }[], strict: boolean, resultOf?: ReadonlyMap<ScenarioResult, string>): string {
  const rows = order.map(({ r, i }, n) => {
    const result = resultOf ? `<td>${e(resultOf.get(r) ?? '—')}</td>` : '';
    return `<tr class="${r.status}" data-status="${r.status}" data-codes="${e(codesOf(r).join(' '))}" data-scenario="${i}"><td class="num">${n + 1}</td><td><span class="badge ${r.status}">${r.status}</span></td><td><a href="#scenario-${i}" class="open-scenario">${e(r.name)}</a><br><span class="muted mono">${e(r.scenario)}</span></td><td>${e(r.game)}</td><td>${e(r.role)}</td>${result}<td class="verdicts">${verdictCell(r, strict)}</td><td class="num">${r.timing.replies}</td><td class="num">${fmt(r.timing.maxMs)}</td><td class="num">${fmt(r.durationMs)}</td></tr>`;
  });
  return `<h2>${resultOf ? 'Games (a row per bot seat)' : 'Scenarios'}</h2>
<table class="summary"><thead><tr><th class="num">#</th><th>status</th><th>${resultOf ? 'game' : 'scenario'}</th><th>game</th><th>role</th>${resultOf ? '<th>result</th>' : ''}<th>verdicts</th><th class="num">replies</th><th class="num">slowest reply (ms)</th><th class="num">run (ms)</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
`;
}

const MAX_CAUSES = 20;

/**
 * The causes of failure over all runs (reporters/causes.ts), right under the totals: what a reader
 * opened the report for, readable without scrolling. Each names its message, the fix where there is
 * one, and links the first run it is in (the link opens that game at its first violation).
 */
function causesSection(report: RunReport, languageOf: (r: ScenarioResult) => BotLanguage, botOf?: BotOf): string {
  const causes = groupCauses(report.results, report.strict, botOf && ((r) => botOf(r)?.name));
  const failing = causes.filter((c) => c.fails);
  if (failing.length === 0) return '';
  const one = sameCause(causes, report.results);
  const items = failing.slice(0, MAX_CAUSES).map((c) => {
    const index = report.results.indexOf(c.first.result);
    const hint = c.kind === 'verdict' ? fixHint(c.code, languageOf(c.first.result)) : null;
    const step = c.first.violation?.step;
    const what = c.kind === 'harness-error' ? 'harness error' : c.code;
    // A match's or tournament's cause is one bot's: named and counted over its runs.
    const owner = c.owner !== undefined ? botOf?.(c.first.result) : undefined;
    const total = runsOf(report.results, c, botOf);
    return `<li class="cause ${c.kind === 'harness-error' ? 'error' : 'failed'}">${owner ? `<span class="cause-bot" title="${e(owner.command.join(' '))}">bot ${e(owner.name)}:</span> ` : ''}<span class="code">${e(what)}</span>${e(pliesText(c))} — <strong>${c.runs.length} of ${owner ? 'its ' : ''}${total} run${total === 1 ? '' : 's'}</strong>${one ? ' — the same cause' : ''}
<p class="cause-message">${e(cut(c.message, 600))}</p>
${hint ? `<p class="hint">fix (${e(hint.language)}): ${e(hint.lines.join(' '))}</p>\n` : ''}<p class="muted">first in <a href="#scenario-${index}" class="open-scenario">${e(c.first.result.name)} [${e(c.first.result.role)}]</a> <span class="mono">${e(c.first.result.scenario)}${step ? ` line ${step.line} (step ${step.number})` : ''}</span></p></li>`;
  });
  const more = failing.length > MAX_CAUSES ? `<p class="muted">… and ${failing.length - MAX_CAUSES} more causes (every run is listed below)</p>\n` : '';
  return `<section class="causes" id="causes">
<h2>Causes of failure (${failing.length})</h2>
<ol>
${items.join('\n')}
</ol>
${more}</section>
`;
}

function scenarioSection(r: ScenarioResult, i: number, language: BotLanguage): string {
  const failing = r.status === 'failed' || r.status === 'error';
  const out: string[] = [];
  out.push(`<details class="scenario ${r.status}" id="scenario-${i}" data-scenario="${i}" data-status="${r.status}" data-codes="${e(codesOf(r).join(' '))}"${failing ? ' open' : ''}>
<summary><span class="badge ${r.status}">${r.status}</span> ${e(r.name)} <span class="muted">[${e(r.role)}] ${e(r.scenario)}</span></summary>
<dl class="meta">
<dt>game</dt><dd>${e(r.game)}, role ${e(r.role)}, profile ${e(r.profile)}, seed ${e(String(r.seed))}</dd>
<dt>limits</dt><dd class="mono">${e(limitsText(r))}</dd>
${r.outcome ? `<dt>outcome</dt><dd>${e(r.outcome.summary)}</dd>` : ''}
<dt>exit</dt><dd>${e(exitText(r))}</dd>
<dt>memory</dt><dd>${r.memory.peakMb !== null ? `${r.memory.peakMb} MB peak` : 'not measured'}${r.memory.limitMb ? ` of ${r.memory.limitMb} MB` : ''}</dd>
<dt>stderr</dt><dd>${r.stderr.bytes} bytes${r.stderr.bytes > 0 ? `<pre>${e(r.stderr.head)}</pre>` : ''}</dd>
<dt>run</dt><dd>${fmt(r.durationMs)} ms</dd>
</dl>
`);
  if (r.error) out.push(`<h3>Harness error</h3><pre class="harness-error">${e(r.error)}</pre>\n`);
  if (isSkipped(r)) out.push(`<h3>Skipped</h3><p>${e(skipReason(r) ?? 'skipped')}</p>\n`);
  if (r.inconclusive) out.push(`<h3>Inconclusive</h3><p>${e(r.inconclusive)}</p>\n`);
  if (r.goals) out.push(`<p class="muted">goals wanted: ${e(r.goals.wanted.join(', '))}; reached: ${e(r.goals.reached.join(', ') || 'none')}</p>\n`);
  out.push(`<h3>Verdicts</h3>\n${verdictCards(r.violations, language)}`);
  out.push(`<h3>Reply times</h3>\n<div class="timing">${timingSvg(r)}</div>\n`);
  // The replay and the transcript are unpacked and drawn by the page when the scenario is opened.
  out.push(`<div class="replay" data-scenario="${i}"><noscript>The game replay and the transcript need JavaScript; the JSON report (--reporter json=FILE) has the transcript as text.</noscript></div>\n`);
  out.push(`<details class="transcript"${failing ? ' open' : ''}><summary>Transcript (${r.transcript.length} lines${r.transcriptDropped > 0 ? `; ${r.transcriptDropped} further lines were not kept` : ''})</summary><div class="transcript-box"></div></details>\n`);
  out.push('</details>\n');
  return out.join('');
}

function limitsText(r: ScenarioResult): string {
  return Object.entries(r.limits)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

function exitText(r: ScenarioResult): string {
  if (!r.exit) return 'still running when the run ended (stopped by the jury)';
  const how = r.exit.signal ? `killed by ${r.exit.signal}` : `exit status ${r.exit.code}`;
  return `${how} at ${fmt(r.exit.atMs)} ms${r.exit.byJury ? ', ended by the jury' : ''}`;
}
