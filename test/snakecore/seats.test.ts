// SnakeCore with several bot seats (a match): one game, one state. Each seat must read exactly what a
// jury with only that seat's bot sends it when the other pythons play the same moves; a move is applied
// once; a disqualified bot's python stays on the field and cannot move, for every seat; the outcome
// does not depend on which seats have bots. Driven here the way the core drives it, without processes.
import { describe, expect, it } from 'vitest';
import { ScenarioError, type Ending, type Judgement, type MaybePromise, type Outcome } from '../../harness/core/game.js';
import { createRng } from '../../harness/core/rng.js';
import { snakecore } from '../../harness/games/snakecore/index.js';
import { ACTIONS } from '../../harness/games/snakecore/rules.js';

interface Played {
  /** Every message each bot seat received, in order. */
  sent: Record<string, string[][]>;
  /** Every action of the game as the core saw it (`send 2 getName`, `await 2 1`, `move 3 1`, `end`). */
  shape: string[];
  /** The moves of the game, in order: seat and what was played. */
  moves: { seat: string; move: string }[];
  judgements: Record<string, Judgement[]>;
  endings: Record<string, Ending>;
  outcome: Outcome;
  reached: Record<string, string[]>;
}

interface Plan {
  bots: string[];
  setup: Record<string, unknown>;
  seed?: number;
  opponent?: string;
  /** A bot seat's answer to its n-th request (getName is n = 0); default: the name, then seeded random orders. */
  answer?: (seat: string, n: number) => string;
  /** Scripted moves of seats without a bot, used in order (then the built-in player). */
  scripts?: Record<string, string[]>;
  /** The seat's bot gives no answer at this request (n as in `answer`): failed(seat, move-timeout). */
  failAt?: { seat: string; n: number };
}

/** A built-in game answers at once: a promise here would be a bug of the game. */
function now<T>(value: MaybePromise<T>): T {
  if (value instanceof Promise) throw new Error('the built-in game answered with a promise');
  return value;
}

function play(plan: Plan): Played {
  const seed = plan.seed ?? 5;
  const game = snakecore.createGame({
    bots: plan.bots, seed, rng: createRng(seed), setup: plan.setup, scenarioDir: '.', profile: snakecore.profiles.tournament2008!,
    ...(plan.opponent ? { opponent: plan.opponent } : {}),
  });
  const out: Played = { sent: {}, shape: [], moves: [], judgements: {}, endings: {}, outcome: undefined!, reached: {} };
  const asked = new Map<string, number>();
  const stopped = new Set<string>();
  const rngs = new Map(plan.bots.map((s) => [s, createRng(`bot-${s}`)]));
  const scripts = Object.fromEntries(Object.entries(plan.scripts ?? {}).map(([s, m]) => [s, [...m]]));
  for (let i = 0; i < 100_000; i++) {
    const a = now(game.next());
    if (a.type === 'send' || a.type === 'await') {
      expect(plan.bots).toContain(a.seat);
      expect(stopped.has(a.seat)).toBe(false); // never sent to nor awaited once stopped
    }
    if (a.type === 'send') {
      out.shape.push(`send ${a.seat} ${a.lines[0]}`);
      (out.sent[a.seat] ??= []).push(a.lines);
    } else if (a.type === 'await') {
      out.shape.push(`await ${a.seat} ${a.request.ply}`);
      const n = asked.get(a.seat) ?? 0;
      asked.set(a.seat, n + 1);
      if (plan.failAt && plan.failAt.seat === a.seat && plan.failAt.n === n) {
        game.failed(a.seat, 'move-timeout', a.request.ply);
        stopped.add(a.seat);
        continue;
      }
      const text = plan.answer ? plan.answer(a.seat, n) : n === 0 ? `Bot ${a.seat}` : rngs.get(a.seat)!.pick(ACTIONS);
      const j = now(game.answer(a.seat, [text]));
      (out.judgements[a.seat] ??= []).push(j);
      if (j.stopBot) stopped.add(a.seat);
      else if (!a.request.notAMove) out.moves.push({ seat: a.seat, move: j.played! });
    } else if (a.type === 'move') {
      out.shape.push(`move ${a.seat} ${a.ply}`);
      out.moves.push({ seat: a.seat, move: now(game.move(a.seat, scripts[a.seat]?.shift())) });
    } else {
      out.shape.push('end');
      out.endings = a.endings;
      out.outcome = now(game.outcome());
      for (const s of plan.bots) out.reached[s] = now(game.reached!(s));
      return out;
    }
  }
  throw new Error('the game did not end');
}

/** The moves each seat made, as scripts for a game where that seat has no bot. */
const scriptsOf = (moves: Played['moves'], seats: string[]): Record<string, string[]> =>
  Object.fromEntries(seats.map((s) => [s, moves.filter((m) => m.seat === s).map((m) => m.move)]));

const GENERATED = { size: 10, pythons: 4, moves: 30, startBody: 2, blocks: 20, energy: 6, walls: 6 };
const SEATS = ['1', '2', '3', '4'];

describe('several bot seats: one game', () => {
  it('asks getName of each bot seat in python order, one at a time, then lets pythons 1..k move in turn', () => {
    const small = { field: ['p.b..', '.....', '..p.W', 'R....', 'e...p'], moves: 2 };
    const g = play({ bots: ['3', '1'], setup: small, opponent: 'idle', answer: (s, n) => (n === 0 ? `Bot ${s}` : 'N') });
    expect(g.shape).toEqual([
      'send 1 getName', 'await 1 0', 'send 3 getName', 'await 3 0',
      'send 1 getAction', 'await 1 1', 'move 2 1', 'send 3 getAction', 'await 3 1',
      'send 1 getAction', 'await 1 2', 'move 2 2', 'send 3 getAction', 'await 3 2',
      'end',
    ]);
    expect(g.endings).toEqual({
      1: { kind: 'close', reason: expect.stringContaining('the jury closes the input'), mustBeRunning: true },
      3: { kind: 'close', reason: expect.stringContaining('the jury closes the input'), mustBeRunning: true },
    });
  });

  it('a move is applied once: each seat reads exactly what the jury sends it when it is the only bot and the others play the same moves', () => {
    const all = play({ bots: SEATS, setup: GENERATED });
    expect(all.moves).toHaveLength(4 * 30);
    expect(all.outcome.finished).toBe(true);
    for (const seat of SEATS) {
      const others = SEATS.filter((s) => s !== seat);
      const alone = play({ bots: [seat], setup: GENERATED, scripts: scriptsOf(all.moves, others), answer: (s, n) => (n === 0 ? 'Bot' : all.moves.filter((m) => m.seat === s)[n - 1]!.move) });
      expect(alone.sent[seat]).toEqual(all.sent[seat]);
      expect(alone.moves).toEqual(all.moves);
      expect(alone.outcome).toEqual(all.outcome);
    }
    // Own python first: in each seat's messages the first python line is its own, the others in turn order.
    const firstLines = SEATS.map((s) => all.sent[s]![1]!.at(-4));
    expect(new Set(firstLines).size).toBe(4);
  });

  it('a built-in python plays the same moves whichever other seats have bots (its own seeded player)', () => {
    const two = play({ bots: ['1', '3'], setup: GENERATED });
    const one = play({ bots: ['1'], setup: GENERATED, scripts: scriptsOf(two.moves, ['3']), answer: (s, n) => (n === 0 ? 'Bot' : two.moves.filter((m) => m.seat === s)[n - 1]!.move) });
    expect(one.moves).toEqual(two.moves);
    expect(one.sent['1']).toEqual(two.sent['1']);
    expect(one.outcome).toEqual(two.outcome);
  });

  it('rejects seats that are not python numbers of the setup', () => {
    expect(() => play({ bots: ['1', '5'], setup: GENERATED })).toThrow(ScenarioError);
    expect(() => play({ bots: ['1', 'x'], setup: GENERATED })).toThrow(/python numbers 1..4 of this setup, not 'x'/);
  });
});

describe('several bot seats: a disqualified bot', () => {
  it('a failed bot is never asked again; its python stays on the field and cannot move; every seat\'s outcome names it', () => {
    const g = play({ bots: SEATS, setup: GENERATED, failAt: { seat: '3', n: 2 } });
    expect(g.shape.filter((s) => / 3 /.test(s))).toEqual(['send 3 getName', 'await 3 0', 'send 3 getAction', 'await 3 1', 'send 3 getAction', 'await 3 2']);
    expect(g.moves.filter((m) => m.seat === '3')).toHaveLength(1); // its first move only
    expect(g.moves.filter((m) => m.seat !== '3')).toHaveLength(3 * 30); // the others play the game out
    // Python 3's head stays where it was after its first move in what every other seat reads
    // (its line is the third python line for seats 1 and 2, the last for seat 4).
    const head = (msg: string[], line: number) => msg.at(line)!.split(' ').slice(2, 4).join(' ');
    const heads = new Set([...g.sent['1']!.slice(3).map((m) => head(m, -2)), ...g.sent['2']!.slice(3).map((m) => head(m, -2)), ...g.sent['4']!.slice(3).map((m) => head(m, -1))]);
    expect(heads.size).toBe(1);
    expect(g.outcome).toMatchObject({ finished: true, summary: expect.stringContaining('(python 3 disqualified: move-timeout at move 2)') });
    expect(g.endings['3']).toEqual({ kind: 'stopped', reason: 'the game is over after 30 moves each; the program was disqualified and stopped earlier (move-timeout at move 2)' });
    for (const s of ['1', '2', '4']) expect(g.endings[s]).toMatchObject({ kind: 'close', mustBeRunning: true });
    // The same game with bots only in seats 1 and 3 (2 and 4 playing the same moves): the same outcome, the same bytes for seat 1.
    const two = play({
      bots: ['1', '3'], setup: GENERATED, failAt: { seat: '3', n: 2 }, scripts: scriptsOf(g.moves, ['2', '4']),
      answer: (s, n) => (n === 0 ? 'Bot' : g.moves.filter((m) => m.seat === s)[n - 1]!.move),
    });
    expect(two.outcome).toEqual(g.outcome);
    expect(two.sent['1']).toEqual(g.sent['1']);
  });

  it('a bad answer disqualifies the same way, for everyone', () => {
    const g = play({ bots: SEATS, setup: GENERATED, answer: (s, n) => (n === 0 ? 'Bot' : s === '2' && n === 4 ? 'UP' : 'N') });
    expect(g.judgements['2']!.at(-1)).toMatchObject({ accepted: false, stopBot: true, violations: [{ code: 'bad-format', ply: 4 }] });
    expect(g.judgements['2']).toHaveLength(5);
    expect(g.outcome.summary).toContain('(python 2 disqualified: bad-format at move 4)');
    expect(g.endings['2']).toMatchObject({ kind: 'stopped' });
  });

  it('an invalid name: the next seat is asked for its name, and the game begins without that python ever moving', () => {
    const g = play({ bots: ['1', '2'], setup: GENERATED, opponent: 'idle', answer: (s, n) => (n === 0 ? (s === '1' ? 'x'.repeat(33) : 'Bot') : 'N') });
    expect(g.judgements['1']).toEqual([expect.objectContaining({ accepted: false, stopBot: true, violations: [expect.objectContaining({ code: 'invalid-name' })] })]);
    expect(g.shape.slice(0, 5)).toEqual(['send 1 getName', 'await 1 0', 'send 2 getName', 'await 2 0', 'send 2 getAction']);
    expect(g.moves.filter((m) => m.seat === '1')).toEqual([]);
    expect(g.outcome.summary).toContain('(python 1 disqualified: invalid-name at getName)');
    expect(g.sent['1']).toEqual([['getName']]);
  });

  it('a failure at getName: the next seat is asked; the last seat failing starts the game', () => {
    const g = play({ bots: ['2', '4'], setup: GENERATED, opponent: 'idle', failAt: { seat: '4', n: 0 }, answer: (_s, n) => (n === 0 ? 'Bot' : 'N') });
    expect(g.shape.slice(0, 6)).toEqual(['send 2 getName', 'await 2 0', 'send 4 getName', 'await 4 0', 'move 1 1', 'send 2 getAction']);
    expect(g.outcome.summary).toContain('(python 4 disqualified: move-timeout at getName)');
    expect(Object.keys(g.endings).sort()).toEqual(['2', '4']);
  });
});

describe('several bot seats: goals', () => {
  it('what the pythons did every seat reached; bitten only the seat whose python was bitten', () => {
    // attack.yaml's field: python 1 moves D onto python 2's second body block.
    const setup = {
      moves: 2,
      field: ['........', '...p....', '.pbbbe..', '........', '........', '....R...', '........', 'b......b'],
      pythons: [{ cells: [[3, 1]] }, { cells: [[1, 2], [2, 2], [3, 2], [4, 2], [5, 2]] }],
    };
    const g = play({ bots: ['1', '2'], setup, answer: (s, n) => (n === 0 ? 'Bot' : s === '1' && n === 1 ? 'D' : 'N') });
    expect(g.reached['1']).toContain('bite');
    expect(g.reached['1']).not.toContain('bitten');
    expect(g.reached['2']).toEqual(expect.arrayContaining(['bite', 'bitten']));
  });
});
