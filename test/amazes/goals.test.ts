// The suite proves what it states: every Amazes scenario states what it must reach (reach:), and gets
// there whatever a legal bot plays, shown with a random legal bot (random lines of 1..256 steps, some
// into walls). The exceptions the rules leave open (a bot that ends every turn exactly on its
// opponent's square; a bot that causes sudden death itself in ends-on-its-own) need a bot that knows
// more than it is told, and are explained in the scenarios; the random bot never does either.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../harness/core/rng.js';
import type { JuryAction, Referee } from '../../harness/core/single-seat.js';
import { amazes } from '../../harness/games/amazes/index.js';
import { HAS_SHARED, needsShared, refereeOf, ROOT, runJson, type Report } from '../helpers.js';

const RANDOM_BOT = ['python3', 'test/fixtures/bots/amazes-random.py'];
const SUITE = 'scenarios/amazes';
const OWN = ['caught-by-opponent', 'dead-end-starts', 'ends-on-its-own', 'play-as-blue', 'play-as-red', 'sudden-death'].map((n) => `${SUITE}/${n}.yaml`);
const OFFICIAL = Array.from({ length: 10 }, (_, i) => `${SUITE}/official-maze-${String(i + 1).padStart(2, '0')}.yaml`);

function expectEveryGoalReached(report: Report): void {
  expect(report.results.filter((r) => r.status !== 'passed').map((r) => [r.scenario, r.role, r.status, r.error ?? r.inconclusive])).toEqual([]);
  for (const r of report.results) {
    expect(r.goals?.wanted.length, `${r.scenario} states no goal`).toBeGreaterThan(0);
    expect([r.scenario, r.role, r.goals!.missing]).toEqual([r.scenario, r.role, []]);
  }
}

describe('Amazes goals (reach:)', () => {
  it.each([1, 2])('random legal bot, seed %i: every goal of the suite reached (generated mazes, a maze file)', async (seed) => {
    const { code, report } = await runJson(['run', ...OWN, '--jobs', '2', '--', ...RANDOM_BOT, String(seed)], { timeoutMs: 60_000 });
    expect(report.results).toHaveLength(10);
    expectEveryGoalReached(report);
    expect(code).toBe(0);
  }, 60_000);

  it.skipIf(!HAS_SHARED)(needsShared('random legal bot on the ten official mazes: every game reaches its end'), async () => {
    // One role per maze keeps it quick: Red on 01-05, Blue on 06-10.
    for (const [files, role] of [[OFFICIAL.slice(0, 5), 'red'], [OFFICIAL.slice(5), 'blue']] as const) {
      const { code, report } = await runJson(['run', ...files, '--role', role, '--jobs', '2', '--', ...RANDOM_BOT, '3'], { timeoutMs: 60_000 });
      expect(report.results).toHaveLength(5);
      expectEveryGoalReached(report);
      expect(code).toBe(0);
    }
  }, 60_000);

  it('every scenario of the suite states a goal of the game', async () => {
    const { report } = await runJson(['run', ...OWN, '--role', 'red', '--', 'examples/amazes/c/build/bot']);
    expect(report.results.map((r) => [r.scenario, r.goals?.wanted])).toEqual([
      [`${SUITE}/caught-by-opponent.yaml`, ['caught']],
      [`${SUITE}/dead-end-starts.yaml`, ['dead-end', 'end']],
      [`${SUITE}/ends-on-its-own.yaml`, ['turn-limit', 'self-exit']],
      [`${SUITE}/play-as-red.yaml`, ['end']],
      [`${SUITE}/sudden-death.yaml`, ['sudden-death', 'quit']],
    ]);
    expect(report.results.every((r) => r.status === 'passed')).toBe(true);
  }, 60_000);
});

describe('AmazesGame.reached(seat), seen from the seat', () => {
  const referee = (role: 'red' | 'blue', seed: number, extra: { opponent?: string; setup?: Record<string, unknown> } = {}) =>
    refereeOf(amazes, { role, seed, rng: createRng(seed), setup: extra.setup, scenarioDir: path.join(ROOT, 'scenarios', 'amazes'), profile: amazes.profiles.codecup2010!, ...(extra.opponent ? { opponent: extra.opponent } : {}) });
  /** Plays the game to its end, the bot always stepping back (`T`), the opponent built in. */
  const playOut = (r: Referee): JuryAction => {
    for (;;) {
      const a = r.next();
      if (a.type === 'end') return a;
      if (a.type === 'await') r.answer(['T']);
      else if (a.type === 'opponent') r.opponent(undefined);
    }
  };

  it('a dead end facing its end wall, told in the first turn', () => {
    const r = referee('red', 6, { setup: { maze: 'mazes/dead-end-starts.txt' } });
    expect(r.next()).toMatchObject({ type: 'send', lines: ['Start', 'W', 'W', expect.stringMatching(/W$/), 'W', expect.any(String)] });
    expect(r.reached!()).toEqual(['dead-end']);
  });

  it('caught: the chaser ends its first turn on Blue, who is then told a squared distance of 0', () => {
    const r = referee('blue', 5, { opponent: 'chaser' });
    expect(r.reached!()).toEqual([]); // Red moves first: nothing told yet
    expect(r.next()).toMatchObject({ type: 'opponent' });
    r.opponent(undefined);
    expect(r.next()).toMatchObject({ type: 'send', lines: [expect.any(String), expect.any(String), expect.any(String), expect.any(String), '0'] });
    expect(r.reached!()).toContain('caught');
  });

  it('sudden death against the hunter; the full 150 turns against the explorer', () => {
    const hunted = referee('red', 4, { opponent: 'hunter' });
    expect(playOut(hunted)).toMatchObject({ type: 'end', ending: { kind: 'quit' } });
    expect(hunted.reached!()).toContain('sudden-death');
    expect(hunted.reached!()).not.toContain('turn-limit');
    const explored = referee('blue', 3);
    expect(explored.reached!()).not.toContain('turn-limit');
    expect(playOut(explored)).toMatchObject({ type: 'end', ending: { kind: 'self-exit' } });
    expect(explored.reached!()).toContain('turn-limit');
    expect(explored.reached!()).not.toContain('sudden-death');
  });
});
