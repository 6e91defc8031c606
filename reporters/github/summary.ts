// The job summary GitHub shows on a workflow run's page (Markdown appended to $GITHUB_STEP_SUMMARY):
// the totals, the causes of failure with message, fix and the command that re-runs the first run of
// each, the reply-time figures, the late replies excused by load, and the failing runs. GitHub refuses
// a step summary over 1 MiB ("supports content up to a size of 1024k"), so sections are added, most
// important first, while they fit in the bytes given; what does not fit is said in one line.
import type { RunReport } from '../../harness/core/runner.js';
import { excusedLate, excusedSentence, failingRuns, groupCauses, pliesText, runsOf, sameCause, type BotOf, type Cause } from '../causes.js';
import { botLanguage, fixHint, type BotLanguage } from '../console/fix-hints.js';
import { rerunCommand } from '../console/rerun.js';
import { groupTitle, groupVerdicts, printable } from '../console/verdicts.js';
import { replyFigures } from '../figures.js';

/** GitHub's limit on one step's summary. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;

const MAX_CAUSES = 30;
const MAX_RUN_ROWS = 200;
const MAX_EXCUSED = 20;
const MAX_MESSAGE = 1000;

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Characters that make Markdown inline markup (emphasis, code, links, strikethrough, table cells). */
const INLINE = /[\\`*_[\]|~]/g;

/** Text that came from anywhere, as Markdown text: no markup, no HTML, control characters shown, one line. */
export function mdText(text: string, max = MAX_MESSAGE): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return printable(cut)
    .replace(/[&<>"]/g, (c) => HTML[c]!)
    .replace(INLINE, (c) => `\\${c}`);
}

/** mdText for the start of a line: nothing there reads as a heading or a list either. */
export function mdLine(text: string, max = MAX_MESSAGE): string {
  return mdText(text, max).replace(/^([#+\-=]|(\d+)([.)]))/, (_, all: string, digits?: string, mark?: string) => (digits ? `${digits}\\${mark}` : `\\${all}`));
}

/** Text as inline code (an HTML <code>, which survives any backtick in it), also inside a table cell. */
export function mdCode(text: string, max = MAX_MESSAGE): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return `<code>${printable(cut).replace(/[&<>"]/g, (c) => HTML[c]!).replace(INLINE, (c) => `\\${c}`)}</code>`;
}

export interface SummaryOptions {
  language: BotLanguage;
  rerunFlags?: readonly string[];
  shard?: { index: number; count: number };
  /** Markdown put right under the totals (a match's standings table). */
  preface?: string;
  /** Bytes the summary may take. */
  budget: number;
  /** False for a match: its runs are seats of games, not scenario files to re-run. */
  rerunnable?: boolean;
  /** A match or a tournament: the bot each run judged; each bot's causes are its own (causes.ts). */
  botOf?: BotOf;
  /** Where bot commands are relative to (the language of a match's bot). */
  cwd?: string;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The job summary of one run in Markdown, at most `options.budget` bytes (UTF-8). */
export function summaryMarkdown(report: RunReport, options: SummaryOptions): string {
  const s = report.summary;
  const results = report.results;
  const botOf = options.botOf;
  const causes = groupCauses(results, report.strict, botOf && ((r) => botOf(r)?.name));
  const failing = causes.filter((c) => c.fails);
  const warnings = causes.filter((c) => !c.fails);
  const excused = excusedLate(results);
  const games = [...new Set(results.map((r) => r.game))].join(', ');
  const bad = failingRuns(results).length;
  const ok = bad === 0 && !(report.strict && (s.inconclusive ?? 0) > 0);
  const headline = ok
    ? `✅ botjury: ${plural(results.length, 'scenario run')} passed${(s.skipped ?? 0) ? ` (${s.skipped} skipped)` : ''}`
    : `❌ botjury: ${bad} of ${plural(results.length, 'scenario run')} failed`;
  const sections: string[] = [];
  sections.push(`### ${headline}${games ? ` — ${mdText(games, 200)}` : ''}

${mdCode(report.bot.command.join(' '), 300)} · ${mdText(`${report.tool.name} ${report.tool.version}`, 100)}${options.shard ? ` · shard ${options.shard.index}/${options.shard.count}` : ''} · ${(report.durationMs / 1000).toFixed(1)} s${report.strict ? ' · --strict' : ''}${report.bailed ? ` · stopped after the first failure (--bail), ${report.bailed.notRun} not started` : ''}${report.interrupted ? ` · interrupted: ${results.length} of ${report.interrupted.planned} finished` : ''}

| passed | failed | harness errors | skipped | inconclusive | late replies excused by load |
|---:|---:|---:|---:|---:|---:|
| ${s.passed} | ${s.failed} | ${s.errors} | ${s.skipped ?? 0} | ${s.inconclusive ?? 0} | ${excused.length} |
`);
  if (options.preface) sections.push(options.preface);
  if (failing.length > 0) {
    const one = sameCause(causes, results);
    sections.push(`#### Causes of failure (${failing.length})\n`);
    failing.slice(0, MAX_CAUSES).forEach((c, i) => sections.push(causeSection(c, i + 1, runsOf(results, c, botOf), one, report.bot.command, options)));
    if (failing.length > MAX_CAUSES) sections.push(`… and ${failing.length - MAX_CAUSES} more causes: every run's verdicts are in the job log and the HTML report.\n`);
  }
  if (warnings.length > 0) {
    const lines = warnings.slice(0, MAX_CAUSES).map((c) => `- ⚠️ ${c.owner !== undefined ? `bot ${mdText(c.owner, 40)}: ` : ''}**${mdText(c.code, 60)}**${mdText(pliesText(c))} — ${c.runs.length} of ${c.owner !== undefined ? 'its ' : ''}${plural(runsOf(results, c, botOf), 'run')}: ${mdText(c.message, 300)}`);
    sections.push(`#### Warnings (${warnings.length})\n\n${lines.join('\n')}${warnings.length > MAX_CAUSES ? `\n- … and ${warnings.length - MAX_CAUSES} more` : ''}\n`);
  }
  const figures = replyFigures(results);
  if (figures) {
    const rows = [
      `| replies timed | ${figures.replies} |`,
      `| slowest reply | ${figures.slowest.ms} ms (${mdText(figures.slowest.result.name, 120)} [${mdText(figures.slowest.result.role, 40)}]) |`,
      ...(figures.tightest ? [`| most of a total budget used | ${figures.tightest.usedMs} of ${figures.tightest.budgetMs} ms (${Math.round((figures.tightest.usedMs / figures.tightest.budgetMs) * 1000) / 10} %) |`] : []),
      ...(figures.peakMb > 0 ? [`| peak memory | ${figures.peakMb} MB |`] : []),
    ];
    sections.push(`#### Reply times\n\n| | |\n|---|---|\n${rows.join('\n')}\n`);
  } else if (results.length > 0) sections.push('#### Reply times\n\nNo reply was timed: no run got an answer from the bot.\n');
  if (excused.length > 0) {
    const lines = excused.slice(0, MAX_EXCUSED).map(({ result, violation }) => `- ${mdCode(result.scenario, 200)} [${mdText(result.role, 40)}]${violation.ply !== undefined ? ` ply ${violation.ply}` : ''}: ${mdText(excusedSentence(violation), 600)}`);
    sections.push(`#### Late replies excused by measured load (${excused.length})\n\nOver the limit by the wall clock, but the machine's load explains the excess, so not a verdict${report.strict ? ' (under --strict they fail)' : ''}. A real jury does not excuse load:\n\n${lines.join('\n')}${excused.length > MAX_EXCUSED ? `\n- … and ${excused.length - MAX_EXCUSED} more` : ''}\n`);
  }
  const runs = failingRuns(results);
  if (runs.length > 0) {
    const rows = runs.slice(0, MAX_RUN_ROWS).map((r) => {
      const what = r.status === 'error' ? `harness error: ${mdText((r.error ?? '').split('\n')[0]!, 200)}` : mdText(groupVerdicts(r.violations.filter((v) => v.severity === 'error' || report.strict)).slice(0, 4).map(groupTitle).join('; '), 300);
      const rerun = options.rerunnable === false ? '' : ` ${mdCode(rerunCommand(r.scenario, r.role, report.bot.command, options.rerunFlags ?? []), 600)} |`;
      return `| ${mdCode(r.scenario, 200)} [${mdText(r.role, 40)}] ${mdText(r.name, 200)} | ${what} |${rerun}`;
    });
    const head = options.rerunnable === false ? '| run | verdicts |\n|---|---|' : '| run | verdicts | re-run |\n|---|---|---|';
    sections.push(`<details><summary>Failing runs (${runs.length})</summary>\n\n${head}\n${rows.join('\n')}\n${runs.length > MAX_RUN_ROWS ? `\n… and ${runs.length - MAX_RUN_ROWS} more\n` : ''}\n</details>\n`);
  }
  return fit(sections, options.budget);
}

function causeSection(c: Cause, n: number, total: number, one: boolean, botCommand: readonly string[], options: SummaryOptions): string {
  const what = c.kind === 'harness-error' ? 'harness error (exit 2: botjury could not judge these runs)' : `<code>${mdText(c.code, 60)}</code>`;
  // A match's or tournament's cause is one bot's: named, counted over its runs, fixed in its language.
  const owner = c.owner !== undefined ? options.botOf?.(c.first.result) : undefined;
  const whose = owner ? `bot ${mdText(owner.name, 40)}: ` : '';
  const lines = [`**${n}. ${whose}${what}${mdText(pliesText(c))} — ${c.runs.length} of ${owner ? 'its ' : ''}${plural(total, 'run')}${one ? ' — the same cause' : ''}**`, ''];
  if (owner) lines.push(`Bot ${mdText(owner.name, 40)}: ${mdCode(owner.command.join(' '), 300)}`, '');
  lines.push(`> ${mdLine(c.message)}`, '');
  const language = owner ? botLanguage(owner.command, options.cwd) : options.language;
  const hint = c.kind === 'verdict' ? fixHint(c.code, language) : null;
  if (hint) lines.push(`**Fix (${hint.language}):** ${hint.lines.map((l) => mdText(l, 300)).join(' ')}`, '');
  const r = c.first.result;
  const step = c.first.violation?.step;
  lines.push(`First in ${mdCode(r.scenario, 300)}${step ? ` line ${step.line} (step ${step.number})` : ''} [${mdText(r.role, 40)}] ${mdText(r.name, 200)}${c.runs.length > 1 ? `, then ${c.runs.length - 1} more` : ''}.`);
  if (options.rerunnable !== false) lines.push('Re-run it:', '', '```sh', rerunCommand(r.scenario, r.role, botCommand, options.rerunFlags ?? []), '```');
  return `${lines.join('\n')}\n`;
}

/** Sections while they fit; then one line saying the rest was left out. */
function fit(sections: readonly string[], budget: number): string {
  const cut = '\n_The rest of this summary was left out to stay within GitHub\'s 1 MiB limit on a step summary; the job log and the HTML report have everything._\n';
  let out = '';
  for (const section of sections) {
    const next = `${out}${section}\n`;
    if (Buffer.byteLength(next) + Buffer.byteLength(cut) > budget) return Buffer.byteLength(out + cut) <= budget ? out + cut : out;
    out = next;
  }
  return out;
}
