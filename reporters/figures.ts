// Reply-time figures over a whole run, as the console's timing line and the GitHub job summary state
// them: how many replies, the slowest one and where, the largest share of a total budget used, and the
// bot's peak memory. Pure.
import type { ScenarioResult } from '../harness/core/result.js';

export interface ReplyFigures {
  replies: number;
  slowest: { ms: number; result: ScenarioResult };
  /** The run that used the largest share of its total time budget. */
  tightest: { usedMs: number; budgetMs: number; result: ScenarioResult } | null;
  /** MB, 0 when not measured. */
  peakMb: number;
}

/** Null when no run timed a reply. */
export function replyFigures(results: readonly ScenarioResult[]): ReplyFigures | null {
  const replies = results.reduce((n, r) => n + r.timing.replies, 0);
  if (replies === 0) return null;
  const worst = results.reduce((a, b) => (b.timing.maxMs > a.timing.maxMs ? b : a));
  const budgets = results.filter((r) => r.timing.totalBudgetMs);
  const tightest = budgets.length ? budgets.reduce((a, b) => (b.timing.totalMs / b.timing.totalBudgetMs! > a.timing.totalMs / a.timing.totalBudgetMs! ? b : a)) : null;
  return {
    replies,
    slowest: { ms: worst.timing.maxMs, result: worst },
    tightest: tightest ? { usedMs: tightest.timing.totalMs, budgetMs: tightest.timing.totalBudgetMs!, result: tightest } : null,
    peakMb: Math.max(0, ...results.map((r) => r.memory.peakMb ?? 0)),
  };
}
