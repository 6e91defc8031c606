// This bot's conformance tests: botjury plays the jury's side against bot.js and every verdict comes
// back as typed data (see botjury's RunReport / ScenarioResult types).
import { exitCodeFor, runScenarios } from 'botjury';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
// The bot under test; BOT="python3 other.py" npm test tries another build.
const BOT = process.env.BOT ? process.env.BOT.split(' ') : ['node', here('../bot.js')];

/** One line per failing scenario run, with each verdict: what the test output shows when it fails. */
function failures(report) {
  return report.results
    .filter((r) => r.status !== 'passed')
    .map((r) => `${r.scenario} [${r.role}]: ${r.error ?? r.violations.map((v) => `${v.code}${v.ply !== undefined ? ` at ply ${v.ply}` : ''}: ${v.message}`).join('; ')}`);
}

describe('my Alquerque bot', () => {
  it('passes botjury\'s built-in Alquerque suite, as White and as Black', async () => {
    const report = await runScenarios({ game: 'alquerque' }, { bot: BOT, jobs: 2 });
    expect(failures(report)).toEqual([]);
    expect(exitCodeFor(report)).toBe(0);
    expect(report.results.map((r) => r.role)).toEqual(expect.arrayContaining(['white', 'black']));
  });

  it('passes its own scenarios', async () => {
    const report = await runScenarios([here('../scenarios')], { bot: BOT });
    expect(failures(report)).toEqual([]);
    expect(report.results).toHaveLength(1);
    expect(report.results[0].outcome?.finished).toBe(true);
  });

  it('keeps well inside the jury\'s 30 s budget in every game', async () => {
    const report = await runScenarios([here('../scenarios')], { bot: BOT });
    // A bot that crashes or is stopped early uses little of its budget: only a whole game played
    // without a verdict shows the margin.
    expect(failures(report)).toEqual([]);
    expect(report.results).toHaveLength(1);
    for (const r of report.results) {
      expect(r.outcome?.finished).toBe(true);
      // Each reply's wall time, and the budget the real jury counted (only while it waited).
      expect(r.timing.totalBudgetMs).toBe(30_000);
      expect(r.timing.totalMs).toBeLessThan(r.timing.totalBudgetMs / 10);
    }
  });
});
