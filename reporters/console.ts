// Console reporter: per scenario pass/fail; its verdicts grouped (reporters/console/verdicts.ts); at
// the end the causes of failure over all runs (reporters/causes.ts: "20 of 20 runs: unflushed-output —
// the same cause; fix: …"), then a recap of the failing runs, each with the command that re-runs just
// it, and one summary line. Colour through util.styleText, validated against the stream (NO_COLOR,
// FORCE_COLOR, a TTY).
import { styleText } from 'node:util';
import type { ScenarioResult } from '../harness/core/result.js';
import type { Reporter, RunInfo, RunReport, Task } from '../harness/core/runner.js';
import { excusedLate, excusedSentence, failingRuns, groupCauses, pliesText, sameCause, type Cause } from './causes.js';
import { botLanguage, fixHint, type BotLanguage } from './console/fix-hints.js';
import { rerunCommand } from './console/rerun.js';
import { replyFigures } from './figures.js';
import { bounded, groupTitle, groupVerdicts, printable, verdictLines, type Style } from './console/verdicts.js';
import type { Output } from './output.js';

export { printable };

/** A text of several lines (a harness error's message), each line escaped, the later ones indented. */
function printableLines(text: string, indent: string): string {
  return text.split('\n').map((line) => printable(line)).join(`\n${indent}`);
}

/** What made a run fail: its errors, or its warnings when only those are there (--strict). */
function failingVerdicts(r: ScenarioResult): ScenarioResult['violations'] {
  const errors = r.violations.filter((v) => v.severity === 'error');
  return errors.length > 0 ? errors : r.violations;
}

/** One line on what made a run fail: "crash at ply 8", "extra-output ×20, plies 3–41; …". */
function recapLine(r: ScenarioResult): string {
  if (r.status === 'error') return `harness error: ${printable((r.error ?? '').split('\n')[0]!.slice(0, 160))}`;
  return groupVerdicts(failingVerdicts(r)).slice(0, 6).map(groupTitle).join('; ');
}

/** Failing runs listed in the recap; more are counted. */
const MAX_RECAP = 30;
/** Causes shown in full at the end of a run; more are counted. */
const MAX_CAUSES = 10;
/** Excused late replies shown with their figures at the end of a run; more are counted. */
const MAX_EXCUSED = 10;

export interface ConsoleOptions {
  verbose?: boolean;
  /** Options the re-run command of a failing scenario must repeat (--profile, --strict …). */
  rerunFlags?: string[];
}

export function consoleReporter(out: Output, options: ConsoleOptions = {}): Reporter {
  // styleText validates against this output's stream: no colour in a file, a pipe or with NO_COLOR.
  const paint = (style: Style, text: string): string => styleText(style, text, { stream: out.stream });
  let botCommand: string[] = [];
  let language: BotLanguage = 'unknown';
  const shownIn = new Map<string, string>();
  /** What failed, per failing run, worked out when its result came (the verdicts are grouped once). */
  const recapLines = new Map<ScenarioResult, string>();
  let started = 0;
  let failuresSoFar = 0;
  let finished = 0;
  let runStart = Date.now();
  let totalRuns = 0;
  let jobs = 1;
  let latest: Task | null = null;
  let ticker: NodeJS.Timeout | null = null;
  let statusShown = false;

  // Long runs on a terminal: one status line (scenario n of N, elapsed, failures so far) redrawn every
  // second, also while a long game runs; elsewhere no status line at all, only the plain result lines.
  const drawStatus = (): void => {
    if (!out.isTTY || totalRuns === 0) return;
    const secs = Math.floor((Date.now() - runStart) / 1000);
    const elapsed = secs >= 60 ? `${Math.floor(secs / 60)}m${String(secs % 60).padStart(2, '0')}s` : `${secs}s`;
    const current = Math.min(totalRuns, jobs > 1 ? finished + 1 : Math.max(started, 1));
    const what = latest && jobs === 1 ? ` — ${latest.scenario.name} [${latest.role}]` : jobs > 1 ? ` — ${jobs} in parallel` : '';
    const failing = failuresSoFar ? paint('red', `${failuresSoFar} failing`) : '0 failing';
    out.write(`\r\x1b[2K${paint('dim', `scenario ${current} of ${totalRuns}, ${elapsed}, `)}${failing}${paint('dim', what)}`);
    statusShown = true;
  };
  const clearStatus = (): void => {
    if (statusShown) out.write('\r\x1b[2K');
    statusShown = false;
  };
  const stopTicker = (): void => {
    if (ticker) clearInterval(ticker);
    ticker = null;
  };

  return {
    onRunStart(info: RunInfo) {
      runStart = Date.now();
      totalRuns = info.total;
      jobs = info.jobs;
      botCommand = info.bot.command;
      language = botLanguage(botCommand);
      if (out.isTTY && !ticker) {
        ticker = setInterval(drawStatus, 1000);
        ticker.unref(); // never what keeps botjury alive
      }
      const shard = info.shard ? `, shard ${info.shard.index}/${info.shard.count}` : '';
      out.write(`${paint('bold', `botjury ${info.tool.version}`)} — ${info.total} scenario run${info.total === 1 ? '' : 's'}${shard}, bot: ${info.bot.command.join(' ')}\n`);
    },
    onScenarioStart(task: Task, _index: number, total: number) {
      started++;
      latest = task;
      totalRuns = total;
      drawStatus();
    },
    onScenarioEnd(result: ScenarioResult) {
      clearStatus();
      finished++;
      if (result.status === 'failed' || result.status === 'error') {
        failuresSoFar++; // a skipped run is not a failure
        recapLines.set(result, recapLine(result));
      }
      const mark = result.status === 'passed' ? paint('green', '✓') : result.status === 'failed' ? paint('red', '✗') : result.status === 'skipped' ? paint('dim', '-') : result.status === 'inconclusive' ? paint('yellow', '?') : paint('yellow', '!');
      const t = result.timing;
      const timing = t.replies > 0 ? paint('dim', ` (${t.replies} replies, max ${t.maxMs} ms, total ${t.totalMs} ms)`) : '';
      // What a scenario file, a referee program or a bot said is shown escaped (core/printable.ts).
      out.write(`${mark} ${printable(result.scenario)} ${paint('cyan', `[${printable(result.role)}]`)} ${printable(result.name)}${timing}\n`);
      if (result.error) out.write(`    ${paint('yellow', 'harness error:')} ${printableLines(result.error, '    ')}\n`);
      if (result.skipReason) out.write(paint('dim', `    skipped: ${printable(result.skipReason)}\n`));
      if (result.inconclusive) out.write(`    ${paint('yellow', 'inconclusive:')} ${printable(result.inconclusive)}\n`);
      for (const line of verdictLines(result.violations, { paint, language, shownIn, label: `${result.scenario} [${result.role}]`, stderrBytes: result.stderr.bytes })) out.write(`${line}\n`);
      const omitted = Object.entries(result.omittedViolations ?? {});
      if (omitted.length > 0) out.write(paint('dim', `    …and ${omitted.map(([code, n]) => `${n} more ${code}`).join(', ')} (not kept: the same fault repeated)\n`));
      // A referee program's outcome summary: its text, escaped and bounded as its verdicts are.
      if (result.outcome) out.write(paint('dim', `    outcome: ${bounded(result.outcome.summary, 500)}\n`));
      if (finished < totalRuns) drawStatus();
    },
    onRunEnd(report: RunReport) {
      stopTicker();
      clearStatus();
      const figures = replyFigures(report.results);
      if (figures) {
        const { slowest, tightest, peakMb } = figures;
        out.write(paint('dim', `timing: ${figures.replies} replies; slowest ${slowest.ms} ms (${slowest.result.name} [${slowest.result.role}])`));
        if (tightest) out.write(paint('dim', `; most of a budget used: ${tightest.usedMs} of ${tightest.budgetMs} ms`));
        if (peakMb > 0) out.write(paint('dim', `; peak memory ${peakMb} MB`));
        out.write('\n');
      }
      writeExcused(report);
      writeCauses(report);
      writeRecap(report);
      writeInconclusive(report);
      const s = report.summary;
      const parts = [paint(s.failed ? 'red' : 'green', `${s.passed} passed, ${s.failed} failed`), `${s.skipped ?? 0} skipped`];
      if (s.inconclusive) parts.push(paint('yellow', `${s.inconclusive} inconclusive${report.strict ? ' (failing: --strict)' : ''}`));
      const excused = excusedLate(report.results).length;
      if (excused) parts.push(paint('yellow', `${excused} late repl${excused === 1 ? 'y' : 'ies'} excused by measured load${report.strict ? ' (failing: --strict)' : ' (warnings)'}`));
      if (s.errors) parts.push(paint('yellow', `${s.errors} harness error${s.errors === 1 ? '' : 's'}`));
      out.write(`${parts.join(', ')} (${(report.durationMs / 1000).toFixed(1)} s)\n`);
      if (report.harnessFault) {
        const notRun = report.harnessFault.planned - report.results.length;
        out.write(paint('yellow', `stopped by the harness error above${notRun > 0 ? `: ${notRun} scenario run${notRun === 1 ? '' : 's'} not run` : ''}\n`));
      }
      if (report.bailed) out.write(paint('yellow', `stopped after the first failure (--bail): ${report.bailed.notRun} scenario run${report.bailed.notRun === 1 ? '' : 's'} not started\n`));
      return out.close();
    },
  };

  /**
   * The causes of failure over all runs, most important first: one bug that fails every run is said
   * once ("20 of 20 runs: unflushed-output at plies 1–2 — the same cause; fix: …") before the runs are
   * listed; then the warnings, one line each.
   */
  function writeCauses(report: RunReport): void {
    // One run's verdicts are right above it, and in the recap: said again, they would only be longer.
    if (report.results.length < 2) return;
    const causes = groupCauses(report.results, report.strict);
    const failing = causes.filter((c) => c.fails);
    const warnings = causes.filter((c) => !c.fails && c.kind === 'verdict');
    if (failing.length === 0 && warnings.length === 0) return;
    const total = report.results.length;
    const one = sameCause(causes, report.results);
    if (failing.length > 0) {
      out.write(`\n${paint('bold', `Causes (${failing.length} for ${failingRuns(report.results).length} failing run${failingRuns(report.results).length === 1 ? '' : 's'}):`)}\n`);
      for (const c of failing.slice(0, MAX_CAUSES)) writeCause(c, total, one);
      if (failing.length > MAX_CAUSES) out.write(`  … and ${failing.length - MAX_CAUSES} more (each run's verdicts are above)\n`);
    }
    if (warnings.length > 0) {
      out.write(`\n${paint('bold', `Warnings (${warnings.length}):`)}\n`);
      for (const c of warnings.slice(0, MAX_CAUSES)) out.write(`  ${paint('yellow', '⚠')} ${runsText(c, total)}: ${c.code}${pliesText(c)} — ${bounded(c.message, 160)}\n`);
      if (warnings.length > MAX_CAUSES) out.write(`  … and ${warnings.length - MAX_CAUSES} more\n`);
    }
  }

  function writeCause(c: Cause, total: number, one: boolean): void {
    const hint = c.kind === 'verdict' ? fixHint(c.code, language) : null;
    const what = c.kind === 'harness-error' ? 'harness error' : c.code;
    const tail = `${one ? ' — the same cause' : ''}${hint ? `; fix (${hint.language}): ${hint.lines[0]}` : ''}`;
    out.write(`  ${c.kind === 'harness-error' ? paint('yellow', '!') : paint('red', '✗')} ${runsText(c, total)}: ${paint(c.kind === 'harness-error' ? 'yellow' : 'red', what)}${pliesText(c)}${tail}\n`);
    for (const l of hint?.lines.slice(1) ?? []) out.write(`      ${l}\n`);
    out.write(`      ${bounded(c.message, 600)}\n`);
    const r = c.first.result;
    const step = c.first.violation?.step;
    out.write(paint('dim', `      first in ${printable(r.scenario)}${step ? `:${step.line} (step ${step.number})` : ''} [${r.role}]; re-run: ${rerunCommand(r.scenario, r.role, botCommand, options.rerunFlags)}\n`));
  }

  function runsText(c: Cause, total: number): string {
    return `${c.runs.length} of ${total} run${total === 1 ? '' : 's'}`;
  }

  /** Late replies that measured load excused: each with its figures, since a real jury would not excuse them. */
  function writeExcused(report: RunReport): void {
    const excused = excusedLate(report.results);
    if (excused.length === 0) return;
    out.write(`\n${paint('bold', `Late replies excused by measured load (${excused.length}):`)}\n`);
    for (const { result, violation } of excused.slice(0, MAX_EXCUSED))
      out.write(`  ${paint('yellow', '⚠')} ${result.scenario} [${result.role}]${violation.ply !== undefined ? ` ply ${violation.ply}` : ''}: ${excusedSentence(violation)}\n`);
    if (excused.length > MAX_EXCUSED) out.write(`  … and ${excused.length - MAX_EXCUSED} more (in the JSON and HTML reports)\n`);
  }

  /** Every failing run again, with what failed and the command that re-runs just that run. */
  function writeRecap(report: RunReport): void {
    const failing = report.results.filter((r) => r.status === 'failed' || r.status === 'error');
    if (failing.length === 0) return;
    // Every run failed for the one cause said above: the runs' lines would only repeat it.
    const one = report.results.length > 1 && sameCause(groupCauses(report.results, report.strict), report.results);
    out.write(`\n${paint('bold', `Failed (${failing.length}${one ? ', all for the cause above' : ''}):`)}\n`);
    for (const r of failing.slice(0, MAX_RECAP)) {
      const what = one ? '' : (recapLines.get(r) ?? recapLine(r));
      out.write(`  ${r.status === 'error' ? paint('yellow', '!') : paint('red', '✗')} ${printable(r.scenario)} ${paint('cyan', `[${printable(r.role)}]`)} ${printable(r.name)}\n`);
      if (what) out.write(`      ${what}\n`);
      out.write(`      ${paint('dim', rerunCommand(r.scenario, r.role, botCommand, options.rerunFlags))}\n`);
    }
    if (failing.length > MAX_RECAP) out.write(`  … and ${failing.length - MAX_RECAP} more\n`);
    out.write('\n');
  }

  /** Runs that proved nothing: what they missed, and the command to try again (another seed, a stronger opponent). */
  function writeInconclusive(report: RunReport): void {
    const missed = report.results.filter((r) => r.status === 'inconclusive');
    if (missed.length === 0) return;
    out.write(`\n${paint('bold', `Inconclusive (${missed.length}):`)}\n`);
    for (const r of missed.slice(0, MAX_RECAP)) {
      out.write(`  ${paint('yellow', '?')} ${printable(r.scenario)} ${paint('cyan', `[${printable(r.role)}]`)} ${printable(r.name)}\n      ${printable(r.inconclusive ?? '')}\n`);
      out.write(`      ${paint('dim', rerunCommand(r.scenario, r.role, botCommand, options.rerunFlags))}\n`);
    }
    if (missed.length > MAX_RECAP) out.write(`  … and ${missed.length - MAX_RECAP} more\n`);
    out.write('\n');
  }
}
