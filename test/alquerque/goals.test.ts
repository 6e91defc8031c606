// The suite proves what it states: every Alquerque scenario that names a situation or an ending
// (reach:) gets there whatever a legal bot plays, shown with random legal bots. The one exception is
// the tie: a legal bot can throw its pieces away (a piece moved straight at an enemy piece leaves the
// space behind it empty, and capture is compulsory), so no opponent can force 100 moves each; against
// such a bot the tie scenario is inconclusive, never passed and never failed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../harness/core/rng.js';
import { alquerque } from '../../harness/games/alquerque/index.js';
import { runCli, runJson, refereeOf, scratchDir } from '../helpers.js';

const RANDOM_BOT = ['python3', 'test/fixtures/bots/alquerque-random.py'];
const SEEDS = [1, 2, 3];
const CANNOT_BE_FORCED = new Set(['scenarios/alquerque/self-exit-in-tie.yaml']);

describe('Alquerque goals (reach:)', () => {
  it.each(SEEDS)('random legal bot, seed %i: every goal reached, except a tie no opponent can force', async (seed) => {
    const { code, report } = await runJson(['run', 'scenarios/alquerque', '--', ...RANDOM_BOT, String(seed)], { timeoutMs: 120_000 });
    expect(report.results.filter((r) => r.status === 'failed' || r.status === 'error')).toEqual([]);
    for (const r of report.results) {
      expect(r.goals?.wanted.length, `${r.scenario} states no goal`).toBeGreaterThan(0);
      if (CANNOT_BE_FORCED.has(r.scenario)) {
        if (r.goals!.missing.length > 0) expect(r.status).toBe('inconclusive');
        continue;
      }
      expect([r.scenario, r.role, r.goals!.missing]).toEqual([r.scenario, r.role, []]);
      expect(r.status).toBe('passed');
    }
    expect(code).toBe(0); // an inconclusive run is no verdict on the bot
  }, 150_000);

  it('a recorded run (--transcript) judges goals as an unrecorded one', async () => {
    const transcript = path.join(scratchDir('botjury-goal-t-'), 't.json');
    const { report } = await runJson(['run', 'scenarios/alquerque/capture-continuation.yaml', '--transcript', transcript, '--', 'python3', 'examples/alquerque/python/bot.py']);
    expect(report.results.map((r) => [r.status, r.goals?.missing])).toEqual([['passed', []], ['passed', []]]);
  });

  it('the example bot reaches the tie (and ends on its own there)', async () => {
    const { code, report } = await runJson(['run', 'scenarios/alquerque/self-exit-in-tie.yaml', '--', 'python3', 'examples/alquerque/python/bot.py']);
    expect(report.results.map((r) => [r.status, r.goals?.missing])).toEqual([['passed', []], ['passed', []]]);
    expect(code).toBe(0);
  });

  it('--strict fails an inconclusive run (exit 1), every reporter shows it', async () => {
    const args = ['run', 'scenarios/alquerque/self-exit-in-tie.yaml', '--role', 'white', '--', ...RANDOM_BOT, '1'];
    const plain = await runCli([...args.slice(0, 4), '--reporter', 'console', '--reporter', 'tap', ...args.slice(4)]);
    expect(plain.stderr).toMatch(/\? scenarios\/alquerque\/self-exit-in-tie\.yaml \[white\]/);
    expect(plain.stderr).toMatch(/inconclusive: did not reach 'tie', 'self-exit' \(the game ended: Black captured White's last piece\)/);
    expect(plain.stderr).toMatch(/0 passed, 0 failed, 0 skipped, 1 inconclusive/);
    expect(plain.stdout).toMatch(/^not ok 1 - .* # TODO inconclusive: did not reach 'tie'/m);
    expect(plain.code).toBe(0);
    const strict = await runJson([...args.slice(0, 4), '--strict', ...args.slice(4)]);
    expect(strict.report.summary.inconclusive).toBe(1);
    expect(strict.code).toBe(1);
  });

  it('the referee reports what the position in front of the bot tested', () => {
    const referee = refereeOf(alquerque, { role: 'black', seed: 1, rng: createRng(1), setup: undefined, scenarioDir: '.', profile: alquerque.profiles.codecup2008! });
    referee.next();
    expect(referee.reached!()).toEqual([]);
    referee.opponent('c3-d4'); // black must capture e5*c3 while plain moves exist
    expect(referee.reached!()).toEqual(['capture-due']);
  });

  it('an unknown goal is the scenario file\'s error, with a suggestion', async () => {
    const file = path.join(scratchDir('botjury-goal-'), 'goal.yaml');
    writeFileSync(file, 'game: alquerque\nreach: [tie, capture-chian]\n');
    const r = await runCli(['validate', file]);
    expect(r.stdout).toMatch(/goal\.yaml:2:\d+: reach: 'capture-chian' is not a goal of alquerque \(did you mean 'capture-chain'\?\)/);
    expect(r.code).toBe(2);
  });
});
