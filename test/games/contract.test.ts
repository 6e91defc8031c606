// One contract test for every game, OpenSpiel-style: every built-in game, every example package and a
// fresh `new-game` skeleton, from every seat, over seeded play in which every bot seat plays what the
// game's own built-in player would (contract-driver.ts). The same seed gives the same game; a replay
// (every move scripted as recorded) gives the same bytes; the turn order does not depend on which seats
// have bots; every action names a seat it may; a failure of any seat ends or continues the game as that
// game's jury did. A new game registered anywhere gets this test without writing one.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameDefinition } from '../../harness/core/game.js';
import { BUILT_IN_GAMES, loadGameModule } from '../../harness/games/registry.js';
import { writeGameSkeleton } from '../../harness/tools/new-game.js';
import { ROOT, scratchDir } from '../helpers.js';
import { play, type Play } from './contract-driver.js';

/** What the real jury did when a player failed: ended the game, or played on for it. */
const ON_FAILURE: Record<string, 'ends' | 'continues'> = {
  alquerque: 'ends', 'on-the-run': 'ends', amazes: 'continues', snakecore: 'continues', javachallenge2015: 'continues',
  nim: 'ends', 'alquerque-py': 'ends', 'takeaway-contract': 'ends',
};

function skeleton(): GameDefinition {
  const dir = scratchDir('botjury-contract-');
  writeGameSkeleton('takeaway-contract', dir);
  return loadGameModule(path.join(dir, 'takeaway-contract', 'index.js'), dir);
}

it('every built-in game says what its jury did when a player failed', () => {
  for (const g of BUILT_IN_GAMES) expect([g.id, ON_FAILURE[g.id]]).toEqual([g.id, expect.stringMatching(/^(ends|continues)$/)]);
});

/** Every example package (examples/games/*): its manifest (a referee program) or its module. */
const EXAMPLES: [string, () => GameDefinition][] = readdirSync(path.join(ROOT, 'examples/games'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => {
    const dir = path.join(ROOT, 'examples/games', e.name);
    const entry = existsSync(path.join(dir, 'game.json')) ? 'game.json' : 'index.js';
    return [`examples/games/${e.name}/${entry}`, () => loadGameModule(path.join(dir, entry), ROOT)];
  });

const GAMES: [string, () => GameDefinition][] = [
  ...BUILT_IN_GAMES.map((g) => [g.id, () => g] as [string, () => GameDefinition]),
  ...EXAMPLES,
  ['a fresh new-game skeleton', skeleton],
];

it('walks every example package, the referee program among them', () => {
  expect(EXAMPLES.map(([name]) => name)).toEqual(expect.arrayContaining(['examples/games/nim/index.js', 'examples/games/alquerque-py/game.json']));
});

/** Seat configurations: every seat a bot, and each seat the only bot. */
const configurations = (g: GameDefinition): string[][] => [[...g.roles], ...g.roles.map((r) => [r])];

const essence = (p: Play) => ({ log: p.log, endings: p.endings, outcome: p.outcome, reached: p.reached });

describe.each(GAMES)('the game contract: %s', (_name, load) => {
  const game = load();

  it('from every seat: no contract problem, and the same seed gives the same game', async () => {
    for (const bots of configurations(game))
      for (const seed of [1, 2]) {
        const first = await play(game, { seed, bots });
        expect(first.problems).toEqual([]);
        expect(first.endings, `seed ${seed} bots ${bots}`).not.toBeNull();
        const again = await play(game, { seed, bots });
        expect(essence(again)).toEqual(essence(first));
      }
  }, 120_000);

  it('a replay, every move scripted as recorded, sends the same bytes', async () => {
    for (const bots of configurations(game)) {
      const first = await play(game, { seed: 3, bots });
      // The built-in players' moves given back as scripted moves: the game must take them as the same moves.
      const replay = await play(game, { seed: 3, bots, scripts: first.moves, answers: first.answers });
      expect(replay.problems).toEqual([]);
      expect(replay.log).toEqual(first.log);
      expect(replay.outcome).toEqual(first.outcome);
    }
  }, 120_000);

  it("a failure of any seat: never awaited again, the game ends or plays on as that game's jury did", async () => {
    const expected = ON_FAILURE[game.id];
    for (const seat of game.roles) {
      const p = await play(game, { seed: 5, bots: [seat], failAt: { seat, await: 2 } });
      expect(p.problems).toEqual([]);
      expect(p.endings).toEqual({ [seat]: 'stopped' });
      const failedAt = p.log.indexOf(`failed ${seat}`);
      if (failedAt < 0) continue; // the game ended before the seat's second answer
      const movesAfter = p.log.slice(failedAt + 1).filter((l) => l.startsWith('move ')).length;
      if (expected === 'ends') expect(movesAfter, p.log.slice(failedAt).join('\n')).toBe(0);
      if (expected === 'continues') expect(movesAfter, p.log.slice(failedAt).join('\n')).toBeGreaterThan(0);
    }
  }, 120_000);

  it("a failure of any seat with every seat a bot (a match): the others' bots are told the end, or play on to it", async () => {
    const expected = ON_FAILURE[game.id];
    for (const seat of game.roles) {
      const p = await play(game, { seed: 5, bots: [...game.roles], failAt: { seat, await: 2 } });
      expect(p.problems).toEqual([]);
      const failedAt = p.log.indexOf(`failed ${seat}`);
      expect(failedAt, `seat ${seat} was awaited twice`).toBeGreaterThanOrEqual(0);
      expect(p.endings![seat]).toBe('stopped');
      // The other bots end as the rules end them (Quit, a close, their own exit), never stopped for another's fault.
      for (const other of game.roles.filter((r) => r !== seat)) expect([other, p.endings![other]]).not.toEqual([other, 'stopped']);
      const othersAnswerAfter = p.log.slice(failedAt + 1).filter((l) => l.startsWith('answer ') && !l.startsWith(`answer ${seat} `)).length;
      if (expected === 'ends') expect(othersAnswerAfter, p.log.slice(failedAt).join('\n')).toBe(0);
      if (expected === 'continues') expect(othersAnswerAfter, p.log.slice(failedAt).join('\n')).toBeGreaterThan(0);
    }
  }, 120_000);
});
