// The suite proves what it states: every JavaChallenge2015 scenario states what it must reach
// (reach:), and gets there whatever a legal bot plays. Shown two ways: random legal bots (each seed
// its own taste for moving, attacking or waiting) play the whole suite through the CLI, and for the
// short scenarios every sequence of the bot's actions is played against the referee in-process.
// Not stated, because a legal bot can prevent it: that a player falls in engine-seed-1-attackers (a
// bot that plays like the attackers but steps aside where they would attack keeps everyone on the
// board for the 100 turns, shown below).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonGoalsReached } from '../../harness/core/goals.js';
import type { Ending } from '../../harness/core/game.js';
import { seatView, type Referee } from '../../harness/core/single-seat.js';
import { createRng, numericSeed } from '../../harness/core/rng.js';
import { loadScenario } from '../../harness/core/scenario.js';
import { javachallenge2015 } from '../../harness/games/javachallenge2015/index.js';
import { chooseAction } from '../../harness/games/javachallenge2015/opponents.js';
import type { GameState } from '../../harness/games/javachallenge2015/rules.js';
import { ROOT, runJson } from '../helpers.js';

const RANDOM_BOT = ['python3', 'test/fixtures/bots/javachallenge2015-random.py'];
const SUITE = 'scenarios/javachallenge2015';
const ROLES = ['0', '1', '2', '3'];
const ACTIONS = ['U', 'D', 'L', 'R', 'A', 'N'];

const STATED: Record<string, string[]> = {
  'engine-seed-1-attackers.yaml': ['end', 'block-restored'],
  'engine-seed-42-random.yaml': ['end'],
  'fallen-still-answers.yaml': ['bot-fallen', 'all-fallen', 'turn-limit', 'close'],
  'first-turns.yaml': ['turn-limit', 'close'],
  'full-game.yaml': ['end', 'close'],
  'last-survivor.yaml': ['last-survivor', 'close'],
};

/** The scenario's game seen from `role`'s seat, and the game's state (to play a strategy). */
function refereeFor(file: string, role: string): Referee & { state(): GameState } {
  const sc = loadScenario(path.join(ROOT, SUITE, file), ROOT, [javachallenge2015]);
  const game = javachallenge2015.createGame({
    bots: [role], seed: numericSeed(sc.seed), rng: createRng(sc.seed), setup: sc.setup, scenarioDir: sc.dir, profile: javachallenge2015.profiles.engine!,
    ...(sc.opponent !== undefined ? { opponent: sc.opponent } : {}),
  });
  return Object.assign(seatView(game, role), { state: () => (game as unknown as { state: GameState }).state });
}

type BotScript = string[] | ((state: GameState) => string);

/**
 * Plays the scenario's game with the bot's actions taken from `script`, a list or a strategy (N
 * where the engine ignores the answer: fallen or cooling down). Returns every goal reached, or
 * 'more' when the list ran out at a turn where the bot's choice matters, and the final state.
 */
function playGame(file: string, role: string, script: BotScript): { goals: string[] | 'more'; state: GameState } {
  const ref = refereeFor(file, role);
  const state = ref.state;
  let i = 0;
  let ending: Ending | undefined;
  while (!ending) {
    const a = ref.next();
    if (a.type === 'end') ending = a.ending;
    else if (a.type === 'opponent') ref.opponent(undefined);
    else if (a.type === 'await' && a.request.handshake) ref.answer(['READY']);
    else if (a.type === 'await') {
      const me = state().players[Number(role)]!;
      if (!me.onBoard || me.cooldown > 0) ref.answer(['N']);
      else if (typeof script === 'function') ref.answer([script(state())]);
      else if (i < script.length) ref.answer([script[i++]!]);
      else return { goals: 'more', state: state() };
    }
  }
  return { goals: [...commonGoalsReached(ref.outcome(), ending.kind, role), ...ref.reached!()], state: state() };
}

const play = (file: string, role: string, script: BotScript): string[] | 'more' => playGame(file, role, script).goals;

/** Every sequence of the bot's actions that matter, played to the end: the goals missed, by sequence. */
function everyBot(file: string, role: string): { games: number; missed: string[] } {
  const wanted = STATED[file]!;
  const missed: string[] = [];
  let games = 0;
  const walk = (script: string[]): void => {
    const got = play(file, role, script);
    if (got === 'more') return ACTIONS.forEach((a) => walk([...script, a]));
    games++;
    const miss = wanted.filter((g) => !got.includes(g));
    if (miss.length > 0) missed.push(`${script.join('')}: ${miss.join(', ')}`);
  };
  walk([]);
  return { games, missed };
}

describe('JavaChallenge2015 goals (reach:)', () => {
  it.each([1, 2])('random legal bot, seed %i: the whole suite passes, every stated goal reached', async (seed) => {
    const { code, report } = await runJson(['run', SUITE, '--jobs', '2', '--', ...RANDOM_BOT, String(seed)], { timeoutMs: 60_000 });
    expect(report.results).toHaveLength(24);
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => [r.scenario, r.role, r.status, r.error ?? r.inconclusive])).toEqual([]);
    for (const r of report.results) {
      expect([r.scenario, r.goals?.wanted]).toEqual([r.scenario, STATED[path.basename(r.scenario)]]);
      expect([r.scenario, r.role, r.goals!.missing]).toEqual([r.scenario, r.role, []]);
    }
    expect(code).toBe(0);
  }, 60_000);

  it.each(['last-survivor.yaml', 'fallen-still-answers.yaml', 'first-turns.yaml'])('%s: every bot, whatever it answers, reaches every stated goal', (file) => {
    for (const role of ROLES) {
      const { games, missed } = everyBot(file, role);
      expect([role, missed]).toEqual([role, []]);
      expect(games).toBeGreaterThanOrEqual(6);
    }
  });

  it('engine-seed-1-attackers: the attackers restore a block whatever the bot does; that a player falls, a bot can prevent', () => {
    const file = 'engine-seed-1-attackers.yaml';
    /** Plays like the built-in attackers, but steps aside (a seeded random move or N) where they would attack. */
    const sidestepper = (role: string, seed: number) => {
      const rng = createRng(seed);
      return (state: GameState): string => {
        const action = chooseAction('attacker', state, Number(role), rng);
        return action === 'A' ? rng.pick(['U', 'D', 'L', 'R', 'N']) : action;
      };
    };
    for (const role of ROLES) {
      const bots = [...ACTIONS.map((a) => [a, () => a] as const), ...[1, 2, 3, 4].map((k) => [`sidestepper ${k}`, sidestepper(role, k)] as const)];
      for (const [name, bot] of bots) expect([role, name, play(file, role, bot)]).toEqual([role, name, expect.arrayContaining(STATED[file]!)]);
    }
    const { goals, state } = playGame(file, '2', sidestepper('2', 4));
    expect(state.players.every((p) => p.onBoard)).toBe(true);
    expect(goals).toEqual(expect.arrayContaining(['end', 'block-restored', 'turn-limit']));
  });
});

describe('JavaChallenge2015Game.reached(seat)', () => {
  it('last player on the board: last-survivor, nothing else of the game', () => {
    const ref = refereeFor('last-survivor.yaml', '3');
    expect(ref.reached!()).toEqual([]);
    expect(play('last-survivor.yaml', '3', ['N'])).toEqual(['end', 'bot-wins', 'close', 'last-survivor']);
    expect(play('last-survivor.yaml', '0', ['N'])).toEqual(['end', 'bot-loses', 'close', 'last-survivor']);
  });

  it('everyone falls at T=3: the fallen bot is sent its turns, blocks come back, the turn limit ends the draw', () => {
    const ref = refereeFor('fallen-still-answers.yaml', '3');
    const seen: string[][] = [];
    for (;;) {
      const a = ref.next();
      if (a.type === 'end') break;
      if (a.type === 'opponent') ref.opponent(undefined);
      else if (a.type === 'await') {
        ref.answer([a.request.handshake ? 'READY' : 'N']);
        seen.push(ref.reached!().sort());
      }
    }
    // After READY; after T=3 (everyone fell at its end); T=7 (sent "-1 -1"); ... T=19; T=23 (blocks
    // restored at the end of T=22; T=24 is the turn limit).
    expect(seen[0]).toEqual([]);
    expect(seen[1]).toEqual(['all-fallen']);
    expect(seen[2]).toEqual(['all-fallen', 'bot-fallen']);
    expect(seen.at(-2)).toEqual(['all-fallen', 'bot-fallen']);
    expect(seen.at(-1)).toEqual(['all-fallen', 'block-restored', 'bot-fallen', 'turn-limit']);
    expect(seen).toHaveLength(7);
  });

  it('a game cut short reaches neither ending', () => {
    const ref = refereeFor('first-turns.yaml', '0');
    expect(ref.next()).toMatchObject({ type: 'await' });
    ref.answer(['READY']);
    expect(ref.next()).toMatchObject({ type: 'send' });
    ref.quit();
    expect(ref.reached!()).toEqual([]);
  });
});
