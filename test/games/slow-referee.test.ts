// A referee program's time is the jury's, never a bot's (harness/core/table.ts, process-referee.ts): a
// match of two fast correct bots under limits of 250 ms per answer, judged by a referee that takes 1.2 s
// to start or 300 ms before its answers, gives no bot a timing verdict, and the report shows the
// referee's time. Were the referee's time counted, every slowed answer would be late (300 > 250 ms); the
// C bot answers in microseconds, and the rest of the limit is room for a loaded machine (at 100 ms, a
// load average of 10 on two cores gave near-limit warnings, over 80 ms, now and then).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatchReport } from '../../harness/match/match.js';
import { ROOT, runCli, scratchDir } from '../helpers.js';

const C_BOT = [path.join(ROOT, 'examples/alquerque/c/build/bot')];
const SLOW = path.join(ROOT, 'test/fixtures/referees/slow.py');

function slowGame(args: string[]): string {
  const dir = scratchDir('botjury-slow-ref-');
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
  const { suite: _suite, refereeReuse: _reuse, ...rest } = manifest; // a process per game: each is slow anew
  // Tight limits: were the referee's 300 ms counted, every slowed answer of the bots would be late.
  const profiles = { tight: { name: 'tight', description: '250 ms per answer', limits: { startupMs: 250, moveMs: 250, exitGraceMs: 2000 } } };
  writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...rest, id: 'slow-ref', profiles, defaultProfile: 'tight', referee: ['python3', SLOW, ...args] }));
  return path.join(dir, 'game.json');
}

async function match(args: string[]): Promise<MatchReport & { console: string }> {
  const out = path.join(scratchDir('botjury-slow-ref-out-'), 'match.json');
  const r = await runCli(['match', 'slow-ref', '--games', '2', '--game-module', slowGame(args), '--reporter', 'console', '--reporter', `json=${out}`, '--', ...C_BOT, '--', ...C_BOT], { timeoutMs: 120_000 });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return { ...(JSON.parse(readFileSync(out, 'utf8')) as MatchReport), console: r.stdout };
}

/** The console's line on the jury's time: start-up, requests, total and longest answer, in ms or s. */
const JURY_LINE = /the jury's own time, counted in no bot's clock: start-up up to ([\d.]+) (ms|s) a game; \d+ requests, [\d.]+ (?:ms|s) in all, the longest ([\d.]+) (ms|s)/;
const msOf = (value: string, unit: string): number => Number(value) * (unit === 's' ? 1000 : 1);

const timingCodes = (report: MatchReport): string[] =>
  report.games.flatMap((g) => g.seats.flatMap((s) => s.run?.violations ?? [])).map((v) => v.code).filter((c) => /timeout|time-exceeded|late-excused|near-limit/.test(c));

// The two matches spend their time waiting for the sleeping referee: they run side by side.
describe.concurrent('a slow referee program', () => {
  it('takes 1.2 s to start: no bot gets a timing verdict; the report shows the start-up', async () => {
    const report = await match(['start', '1200']);
    expect(timingCodes(report)).toEqual([]);
    for (const g of report.games) expect(g.jury!.startMs).toBeGreaterThanOrEqual(1200);
    const [, start, unit] = JURY_LINE.exec(report.console) ?? [];
    expect(msOf(start!, unit!), report.console).toBeGreaterThanOrEqual(1200);
  }, 120_000);

  it('takes 300 ms before its answers: no bot gets a timing verdict; the report shows the answers', async () => {
    const report = await match(['each', '300', '8']);
    expect(timingCodes(report)).toEqual([]);
    for (const g of report.games) expect(g.jury!.maxMs).toBeGreaterThanOrEqual(300);
    const [, , , longest, unit] = JURY_LINE.exec(report.console) ?? [];
    expect(msOf(longest!, unit!), report.console).toBeGreaterThanOrEqual(300);
    // The bots' replies stay fast (the C bot answers in microseconds).
    const worst = Math.max(...report.games.flatMap((g) => g.seats.flatMap((s) => s.run?.timing.perReply.map((p) => p.wallMs) ?? [])));
    expect(worst).toBeLessThan(250);
  }, 120_000);
});
