// Console reporter: per scenario pass/fail; each violation with expected, actual and evidence;
// a timing summary. Colour only on a terminal, and never when NO_COLOR is set.
import { styleText } from 'node:util';
import type { ScenarioResult } from '../harness/core/result.js';
import type { Reporter, RunInfo, RunReport, Task } from '../harness/core/runner.js';
import type { Violation } from '../harness/core/violations.js';
import type { Output } from './output.js';

type Style = 'red' | 'green' | 'yellow' | 'dim' | 'bold' | 'cyan';

/** Bot bytes shown as they are, with control characters made visible (never interpreted by a terminal). */
export function printable(text: string): string {
  return text.replace(/[\x00-\x1f\x7f]/g, (c) => (c === '\r' ? '\\r' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

export function useColor(out: Output, env: NodeJS.ProcessEnv = process.env): boolean {
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return out.isTTY;
}

export function consoleReporter(out: Output, options: { verbose?: boolean } = {}): Reporter {
  const color = useColor(out);
  const paint = (style: Style, text: string): string => (color ? styleText(style, text) : text);
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
      if (result.status === 'failed' || result.status === 'error') failuresSoFar++; // a skipped run is not a failure
      const mark = result.status === 'passed' ? paint('green', '✓') : result.status === 'failed' ? paint('red', '✗') : result.status === 'skipped' ? paint('dim', '-') : paint('yellow', '!');
      const t = result.timing;
      const timing = t.replies > 0 ? paint('dim', ` (${t.replies} replies, max ${t.maxMs} ms, total ${t.totalMs} ms)`) : '';
      out.write(`${mark} ${result.scenario} ${paint('cyan', `[${result.role}]`)} ${result.name}${timing}\n`);
      if (result.error) out.write(`    ${paint('yellow', 'harness error:')} ${result.error}\n`);
      if (result.skipReason) out.write(paint('dim', `    skipped: ${result.skipReason}\n`));
      for (const v of result.violations) writeViolation(v);
      if (options.verbose && result.outcome) out.write(paint('dim', `    outcome: ${result.outcome.summary}\n`));
      if (finished < totalRuns) drawStatus();
    },
    onRunEnd(report: RunReport) {
      stopTicker();
      clearStatus();
      const all = report.results;
      const replies = all.reduce((n, r) => n + r.timing.replies, 0);
      if (replies > 0) {
        const worst = all.reduce((a, b) => (b.timing.maxMs > a.timing.maxMs ? b : a));
        const budgets = all.filter((r) => r.timing.totalBudgetMs);
        const tightest = budgets.length ? budgets.reduce((a, b) => (b.timing.totalMs / b.timing.totalBudgetMs! > a.timing.totalMs / a.timing.totalBudgetMs! ? b : a)) : null;
        const peak = Math.max(0, ...all.map((r) => r.memory.peakMb ?? 0));
        out.write(paint('dim', `timing: ${replies} replies; slowest ${worst.timing.maxMs} ms (${worst.name} [${worst.role}])`));
        if (tightest) out.write(paint('dim', `; most of a budget used: ${tightest.timing.totalMs} of ${tightest.timing.totalBudgetMs} ms`));
        if (peak > 0) out.write(paint('dim', `; peak memory ${peak} MB`));
        out.write('\n');
      }
      const s = report.summary;
      const parts = [paint(s.failed ? 'red' : 'green', `${s.passed} passed, ${s.failed} failed`)];
      if (s.errors) parts.push(paint('yellow', `${s.errors} errors`));
      if (s.skipped) parts.push(paint('dim', `${s.skipped} skipped`));
      out.write(`${parts.join(', ')} (${(report.durationMs / 1000).toFixed(1)} s)\n`);
      return out.close();
    },
  };

  function writeViolation(v: Violation): void {
    const sev = v.severity === 'error' ? paint('red', v.code) : paint('yellow', `${v.code} (warning)`);
    const ply = v.ply !== undefined ? ` at ply ${v.ply}` : '';
    out.write(`    ${sev}${ply} [${v.atMs} ms]: ${printable(v.message)}\n`);
    if (v.expected !== undefined) out.write(`      expected: ${printable(v.expected)}\n`);
    if (v.actual !== undefined) out.write(`      actual:   ${printable(v.actual)}\n`);
    if (v.rule) out.write(paint('dim', `      rule:     "${v.rule}"\n`));
    if (v.evidence) {
      const ev = Object.entries(v.evidence)
        .filter(([, val]) => val !== null && val !== undefined)
        .map(([k, val]) => `${k}=${printable(typeof val === 'string' ? val : JSON.stringify(val))}`)
        .join(', ');
      if (ev) out.write(paint('dim', `      evidence: ${ev}\n`));
    }
  }
}
