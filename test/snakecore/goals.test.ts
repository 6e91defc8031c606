// The suite proves what it states: every SnakeCore scenario states what it must reach (reach:), and
// gets there whatever a legal bot plays. Shown with random legal bots (each seed its own taste for
// moving, skipping or switching protection on; never an order the jury must skip) playing the whole
// suite through the CLI; the scripted situations happen before the bot's first move; and two bots
// that try to spoil the generated games (one bites the other pythons, one sits by a reactor) still
// see them reach what they state.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonGoalsReached } from '../../harness/core/goals.js';
import type { Ending } from '../../harness/core/game.js';
import { seatView, type Referee } from '../../harness/core/single-seat.js';
import { createRng, numericSeed } from '../../harness/core/rng.js';
import { loadScenario } from '../../harness/core/scenario.js';
import { snakecore } from '../../harness/games/snakecore/index.js';
import { DELTA, possibleActions, resolveAction, type Action, type Cell, type State } from '../../harness/games/snakecore/rules.js';
import { refereeOf, ROOT, runJson } from '../helpers.js';

const RANDOM_BOT = ['python3', 'test/fixtures/bots/snakecore-random.py'];
const SUITE = 'scenarios/snakecore';

const STATED: Record<string, string[]> = {
  'attack.yaml': ['bitten'],
  'boxed-in.yaml': ['boxed-in'],
  'close-at-end.yaml': ['end', 'close'],
  'eat.yaml': ['ate'],
  'empty-char.yaml': ['end'],
  'full-game.yaml': ['end', 'close', 'ate', 'reactor'],
  'get-name.yaml': ['end'],
  'large-field.yaml': ['end'],
  'long-bodies.yaml': ['end', 'reactor', 'bite'],
  'own-tail.yaml': ['own-tail'],
  'protection.yaml': ['protection', 'protected-body', 'protection-off'],
  'reactor.yaml': ['reactor'],
  'self-attack.yaml': ['self-attack'],
  'single-python.yaml': ['end'],
};

type Bot = (state: State, python: number) => Action;

/**
 * Plays a suite scenario in-process: the name, then `bot` for each move; opponents follow the
 * scenario's scripted `opponent:` steps first, then the built-in ones. `stopAtBotMove` stops when
 * the bot is asked for that move (1-based). Returns every goal reached.
 */
function play(file: string, role: string, bot: Bot, stopAtBotMove = Infinity): { goals: string[]; referee: Referee } {
  const sc = loadScenario(path.join(ROOT, SUITE, file), ROOT, [snakecore]);
  const scripted = (sc.steps ?? []).flatMap((s) => (s.kind === 'opponent' ? [String(s.move)] : []));
  const game = snakecore.createGame({
    bots: [role], seed: numericSeed(sc.seed), rng: createRng(sc.seed), setup: sc.setup, scenarioDir: sc.dir, profile: snakecore.profiles.tournament2008!,
    ...(sc.opponent !== undefined ? { opponent: sc.opponent } : {}),
  });
  const ref = seatView(game, role);
  const state = (): State => (game as unknown as { state: State }).state;
  const p = Number(role) - 1;
  let named = false;
  let moves = 0;
  let ending: Ending | undefined;
  while (!ending) {
    const a = ref.next();
    if (a.type === 'end') ending = a.ending;
    else if (a.type === 'opponent') ref.opponent(scripted.shift());
    else if (a.type === 'await' && !named) {
      named = true;
      ref.answer(['goals']);
    } else if (a.type === 'await') {
      if (++moves === stopAtBotMove) return { goals: ref.reached!(), referee: ref };
      const order = bot(state(), p);
      expect(resolveAction(state(), p, order).kind).not.toBe('impossible');
      ref.answer([order]);
    }
  }
  return { goals: [...commonGoalsReached(ref.outcome(), ending.kind, role), ...ref.reached!()], referee: ref };
}

const skip: Bot = () => 'N';
const dist = (a: Cell, b: Cell): number => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
const stepTowards = (state: State, p: number, targets: Cell[], allowed: (a: Action) => boolean): Action => {
  const head = state.pythons[p]!.head;
  const steps = possibleActions(state, p).filter((a) => a !== 'N' && a !== 'A' && allowed(a));
  const after = (a: Action): Cell => ({ x: head.x + DELTA[a as 'U'][0], y: head.y + DELTA[a as 'U'][1] });
  const score = (a: Action): number => Math.min(...targets.map((t) => dist(after(a), t)));
  return steps.sort((a, b) => score(a) - score(b))[0] ?? 'N';
};
/** Bites any other python it can, otherwise heads for the nearest other python; never dumps. */
const chaser: Bot = (state, p) => {
  const bite = possibleActions(state, p).find((a) => {
    const e = resolveAction(state, p, a);
    return e.kind === 'attack' && e.victim !== p;
  });
  if (bite) return bite;
  const others = state.pythons.flatMap((q, i) => (i === p ? [] : [q.head, ...q.body]));
  return stepTowards(state, p, others, (a) => !['dump', 'attack'].includes(resolveAction(state, p, a).kind));
};
/** Heads for the nearest reactor and sits next to it, never dumping. */
const guard: Bot = (state, p) => {
  const reactors = state.terrain.flatMap((row, y) => [...row].flatMap((c, x) => (c === 'R' ? [{ x, y }] : [])));
  if (reactors.some((r) => dist(r, state.pythons[p]!.head) === 1)) return 'N';
  return stepTowards(state, p, reactors, (a) => resolveAction(state, p, a).kind !== 'dump');
};

describe('SnakeCore goals (reach:)', () => {
  it.each([1, 2, 3])('random legal bot, seed %i: the whole suite passes, every stated goal reached', async (seed) => {
    const { code, report } = await runJson(['run', SUITE, '--jobs', '2', '--', ...RANDOM_BOT, String(seed)], { timeoutMs: 60_000 });
    expect(report.results).toHaveLength(17);
    expect(report.results.filter((r) => r.status !== 'passed' || r.violations.length > 0).map((r) => [r.scenario, r.role, r.status, r.error ?? r.inconclusive, r.violations])).toEqual([]);
    for (const r of report.results) {
      expect([r.scenario, r.goals?.wanted]).toEqual([r.scenario, STATED[path.basename(r.scenario)]]);
      expect([r.scenario, r.role, r.goals!.missing]).toEqual([r.scenario, r.role, []]);
    }
    expect(code).toBe(0);
  }, 60_000);

  it.each([
    ['attack.yaml', '2'], ['eat.yaml', '2'], ['own-tail.yaml', '2'], ['reactor.yaml', '2'], ['self-attack.yaml', '2'], ['boxed-in.yaml', '1'],
  ])('%s: its situation is there when the bot is asked for its first move, before it has done anything', (file, role) => {
    expect(play(file, role, skip, 1).goals).toEqual(expect.arrayContaining(STATED[file]!));
  });

  it.each([
    ['full-game.yaml', ['1', '2', '3', '4']], ['long-bodies.yaml', ['3']],
  ])('%s: a bot that bites the other pythons, or one that guards a reactor, cannot keep a dump or a bite away', (file, roles) => {
    for (const role of roles)
      for (const [name, bot] of [['chaser', chaser], ['guard', guard]] as const) {
        const { goals } = play(file, role, bot);
        expect([role, name, STATED[file]!.filter((g) => !goals.includes(g))]).toEqual([role, name, []]);
      }
  });
});

describe('SnakeCoreGame.reached()', () => {
  it('nothing before the first move; python 1 bites the bot: bite and bitten', () => {
    expect(play('attack.yaml', '2', skip, 1).goals.sort()).toEqual(['bite', 'bitten']);
    const sc = loadScenario(path.join(ROOT, SUITE, 'attack.yaml'), ROOT, [snakecore]);
    const ref = refereeOf(snakecore, { role: '2', seed: 0, rng: createRng(0), setup: sc.setup, scenarioDir: sc.dir, profile: snakecore.profiles.tournament2008! });
    ref.next();
    ref.next();
    ref.answer(['goals']);
    expect(ref.next()).toMatchObject({ type: 'opponent' });
    expect(ref.reached!()).toEqual([]);
    ref.opponent('N'); // python 1 skips instead: nothing happened
    expect(ref.reached!()).toEqual([]);
  });

  it('a python with somewhere to go is not boxed in; protection runs out when its count reaches 0, not before', () => {
    expect(play('get-name.yaml', '1', skip, 1).goals).toEqual([]);
    // The bot starts with 3 protected moves: shown 2 at its 1st move, 1 at its 2nd, off at its 3rd.
    expect(play('protection.yaml', '2', skip, 2).goals.sort()).toEqual(['protected-body', 'protection']);
    expect(play('protection.yaml', '2', skip, 3).goals).toContain('protection-off');
    // A bot that stacks protection at once (A: 2 + 10) is protected to its 13th move; python 1's
    // protection (10 from its 1st move) runs out when its 11th move begins, just before the bot's.
    const stacker: Bot = (state, p) => (possibleActions(state, p).includes('A') ? 'A' : 'N');
    expect(play('protection.yaml', '2', stacker, 11 - 1).goals).not.toContain('protection-off');
    expect(play('protection.yaml', '2', stacker, 11).goals).toContain('protection-off');
    expect(play('protection.yaml', '2', stacker).goals).toEqual(expect.arrayContaining(['end', 'close', ...STATED['protection.yaml']!]));
  });
});
