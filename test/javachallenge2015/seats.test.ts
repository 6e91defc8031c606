// JavaChallenge2015 as one game for several bot seats (a match), driven by hand without processes:
// the engine awaits each bot's READY in id order before T=0, sends each turn's message to the turn
// player only, applies every move once to the one board, and a failed bot's player does N for the
// rest of the game, told the same in every seat. Last, the same at a real table (core/table.ts) of four
// fake bots (test/fakes/fake-bot.ts): the start-up order with exact arrival stamps, no process spawned.
import { describe, expect, it } from 'vitest';
import type { Ending, FailureCode, Game, GameAction } from '../../harness/core/game.js';
import { resolveLimits } from '../../harness/core/profile.js';
import { createRng } from '../../harness/core/rng.js';
import { Table } from '../../harness/core/table.js';
import { FakeBot } from '../fakes/fake-bot.js';
import { javachallenge2015 } from '../../harness/games/javachallenge2015/index.js';
import { refereeOf } from '../helpers.js';

function game(bots: string[], options: { seed?: number; setup?: Record<string, unknown> } = {}): Game {
  const seed = options.seed ?? 0;
  return javachallenge2015.createGame({ bots, seed, rng: createRng(seed), setup: options.setup, scenarioDir: '.', profile: javachallenge2015.profiles.engine! });
}

/** Synchronous call of a built-in game's method (they never answer with a promise). */
function now<T>(value: T | Promise<T>): T {
  if (value instanceof Promise) throw new Error('javachallenge2015 answered with a promise');
  return value;
}

interface Played {
  /** Every action of the game, in order. */
  actions: GameAction[];
  /** What each bot seat was sent, message by message. */
  sent: Record<string, string[][]>;
  /** Every move as played, with who played it: `<seat>:<move>`. */
  moves: string[];
  endings: Record<string, Ending>;
}

interface Bots {
  /** A bot seat's answer to its last message, or a failure (then the jury never asks it again). */
  answer?(seat: string, message: string[]): string | FailureCode;
  /** Bot seats that fail their READY, and how. */
  failReady?: Record<string, FailureCode>;
}

/** Plays the game to its end as the core does: bots answer through `bots`, every other seat by its built-in player. */
function play(g: Game, bots: Bots = {}, maxActions = 20_000): Played {
  const out: Played = { actions: [], sent: {}, moves: [], endings: {} };
  const last: Record<string, string[]> = {};
  const stopped = new Set<string>();
  for (let i = 0; i < maxActions; i++) {
    const a = now(g.next());
    out.actions.push(a);
    switch (a.type) {
      case 'end':
        out.endings = a.endings;
        return out;
      case 'send':
        expect(stopped.has(a.seat), `sent to stopped seat ${a.seat}`).toBe(false);
        (out.sent[a.seat] ??= []).push(a.lines);
        last[a.seat] = a.lines;
        break;
      case 'move':
        out.moves.push(`${a.seat}:${now(g.move(a.seat, undefined))}`);
        break;
      case 'await': {
        expect(stopped.has(a.seat), `awaited stopped seat ${a.seat}`).toBe(false);
        const failure = a.request.handshake ? bots.failReady?.[a.seat] : undefined;
        const reply = a.request.handshake ? failure ?? 'READY' : bots.answer?.(a.seat, last[a.seat]!) ?? 'N';
        if (a.request.handshake && !failure) now(g.answer(a.seat, [reply]));
        else if (reply === 'READY' || /^[UDLRAN]$/.test(reply)) out.moves.push(`${a.seat}:${now(g.answer(a.seat, [reply])).played}`);
        else {
          now(g.failed(a.seat, reply as FailureCode, a.request.ply));
          stopped.add(a.seat);
        }
      }
    }
  }
  throw new Error('the game did not end');
}

const idle = { 0: 'idle', 1: 'idle', 2: 'idle', 3: 'idle' };
const everyone = ['0', '1', '2', '3'];

describe('javachallenge2015 with several bot seats', () => {
  it('awaits READY of each bot in id order, one after another, before anything is sent', () => {
    // Seats listed out of order: the engine still waits for player 1, then player 3.
    const g = game(['3', '1'], { setup: { opponents: idle } });
    const first = now(g.next());
    expect(first).toMatchObject({ type: 'await', seat: '1', request: { handshake: { token: 'READY' }, timer: 'startup' } });
    expect(() => g.next()).toThrow(/waiting for player 1's ready/);
    now(g.answer('1', ['READY']));
    expect(now(g.next())).toMatchObject({ type: 'await', seat: '3', request: { handshake: { token: 'READY' } } });
    now(g.answer('3', ['READY']));
    // T=0 is player 0's, which has no bot: the first thing after the handshakes is its move.
    expect(now(g.next())).toEqual({ type: 'move', seat: '0', ply: 1 });
    const four = play(game(everyone));
    expect(four.actions.slice(0, 4).map((a) => a.type === 'await' && a.request.handshake && a.seat)).toEqual(everyone);
  });

  it('sends each turn to the turn player only; a move is applied once, and the next player sees it', () => {
    const g = game(everyone, { setup: { turnLimit: 8 } });
    const p = play(g, { answer: (seat) => (seat === '0' ? 'R' : 'N') });
    for (const seat of everyone) {
      expect(p.sent[seat]!.map((m) => m.slice(0, 2))).toEqual([[seat, seat], [seat, String(Number(seat) + 4)]]);
      // Player 0 reads exactly what the engine sends it alone (the golden first message for seed 0).
      if (seat === '0') expect(p.sent[seat]![0]).toEqual(['0', '0', ...new Array(6).fill('0 0 0 0 0 0'), '0 14 D 0', '14 17 L 0', '14 10 U 0', '2 5 R 0', 'EOD']);
    }
    // Player 0 stepped right at T=0 (from 0 14): player 1 sees it at T=1, once, and everyone after it.
    for (const seat of ['1', '2', '3']) expect(p.sent[seat]![0]![8]).toBe('1 14 R 0');
    // At T=4 it is still one step on, though four seats were sent the move: applied once, to one board.
    expect(p.sent['0']![1]![8]).toBe('1 14 R 0');
    expect(p.moves).toEqual(['0:R', '1:N', '2:N', '3:N', '0:R', '1:N', '2:N', '3:N']);
    expect(now(g.snapshot!())).toMatchObject({ T: 8, players: [{ id: 0, x: 2, y: 14 }, {}, {}, {}] });
    expect(p.endings).toEqual(Object.fromEntries(everyone.map((s) => [s, expect.objectContaining({ kind: 'close', mustBeRunning: false })])));
  });

  it('one bot seat plays exactly the game it played alone: the same messages, the same built-in moves', () => {
    for (const seat of everyone) {
      const alone = refereeOf(javachallenge2015, { role: seat, seed: 7, rng: createRng(7), setup: { turnLimit: 60 }, scenarioDir: '.', profile: javachallenge2015.profiles.engine! });
      const sent: string[][] = [];
      const opponents: string[] = [];
      for (let a = alone.next(); a.type !== 'end'; a = alone.next())
        if (a.type === 'send') sent.push(a.lines);
        else if (a.type === 'opponent') opponents.push(`${a.player}:${alone.opponent(undefined)}`);
        else alone.answer([a.request.handshake ? 'READY' : 'N']);
      const p = play(game([seat], { seed: 7, setup: { turnLimit: 60 } }));
      expect(p.sent[seat]).toEqual(sent);
      expect(p.moves.filter((m) => !m.startsWith(`${seat}:`))).toEqual(opponents);
      expect(sent.length).toBe(15);
    }
  });

  it('a bot that fails READY: its player does N to the end, never sent a turn; every seat reads the same outcome', () => {
    const g = game(['1', '2'], { setup: { opponents: idle, turnLimit: 20 } });
    const p = play(g, { failReady: { 1: 'handshake-timeout' } });
    expect(p.sent['1']).toBeUndefined();
    expect(p.sent['2']).toHaveLength(5);
    // The engine awaits player 2's READY after giving up on player 1's.
    expect(p.actions.slice(0, 2)).toMatchObject([{ type: 'await', seat: '1' }, { type: 'await', seat: '2' }]);
    expect(p.endings['1']).toMatchObject({ kind: 'stopped' });
    expect(p.endings['2']).toMatchObject({ kind: 'close' });
    const outcome = now(g.outcome());
    expect(outcome.summary).toBe("draw: players 0, 1, 2, 3 are still on the board at T=20; player 1's bot was terminated at T=0 (handshake-timeout) and its player did N from then on, as in the engine");
  });

  it('a bot that times out mid-game: N for that turn and every later one, the others play on', () => {
    let turns = 0;
    const g = game(everyone, { setup: { turnLimit: 24 } });
    const p = play(g, { answer: (seat) => (seat === '2' && ++turns === 3 ? 'move-timeout' : 'N') });
    // Player 2 timed out at its third turn (T=10): sent T=2, 6, 10, never again; the others get all 6.
    expect(p.sent['2']!.map((m) => m[1])).toEqual(['2', '6', '10']);
    for (const seat of ['0', '1', '3']) expect(p.sent[seat]).toHaveLength(6);
    expect(p.endings['2']).toMatchObject({ kind: 'stopped', reason: expect.stringMatching(/move-timeout/) });
    expect(now(g.outcome()).summary).toMatch(/; player 2's bot was terminated at T=10 \(move-timeout\) and its player did N from then on, as in the engine$/);
    expect(now(g.outcome()).finished).toBe(true);
  });

  it('bot-fallen is the goal of the seat whose player fell, not of the others', () => {
    // Player 1 stands on the one block that falls at the end of T=3; the others stay on stable blocks.
    const blocks = [0, 1, 2, 3, 4, 5].map((r) => [0, 1, 2, 3, 4, 5].map((c) => (r === 0 && c === 0 ? 4 : 0)));
    const placements = [
      { x: 16, y: 1, facing: 'D' },
      { x: 1, y: 1, facing: 'D' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'U' },
    ];
    const g = game(['0', '1'], { setup: { blocks, placements, turnLimit: 12, opponents: idle } });
    const p = play(g);
    expect(p.sent['1']![1]![9]).toBe('-1 -1 D 0');
    expect(now(g.reached!('1'))).toEqual(['bot-fallen', 'turn-limit']);
    expect(now(g.reached!('0'))).toEqual(['turn-limit']);
    // The fallen player's bot is still asked, its answer ignored: outOfGame says why.
    const fallenAwait = p.actions.find((a) => a.type === 'await' && a.seat === '1' && a.request.outOfGame);
    expect(fallenAwait).toMatchObject({ request: { ply: 6, outOfGame: 'its player fell (by T=3)' } });
  });

  it('setup scripts drive only the players no bot plays', () => {
    const setup = { placements: 'engine-seed-0', turnLimit: 8, opponents: { 0: { script: 'UU', then: 'idle' }, 1: { script: 'LL', then: 'idle' }, 2: 'idle', 3: 'idle' } };
    const p = play(game(['0'], { setup }), { answer: () => 'D' });
    expect(p.moves.filter((m) => m.startsWith('0:') || m.startsWith('1:'))).toEqual(['0:D', '1:L', '0:D', '1:L']);
  });

  it('refuses what the core must never do: an answer or a move from a seat not asked, a seat that is not a player', () => {
    const g = game(['0', '2'], { setup: { opponents: idle } });
    now(g.next());
    expect(() => g.answer('2', ['READY'])).toThrow(/not asked for/);
    expect(() => g.move('1', undefined)).toThrow(/not to move/);
    expect(() => game(['0', '0'])).toThrow(/two bots for player 0/);
    expect(() => game(['0', 'white'])).toThrow(/player ids 0, 1, 2, 3/);
  });
});

describe('javachallenge2015 at a table of four fake bots: READY awaited in id order, 1 s each from when the engine starts waiting for that player', () => {
  /** Plays one short game at a table whose four bots are fakes printing READY at the given ms after their start, then N to every turn. */
  async function table(readyAtMs: number[]): Promise<{ t: Table; fakes: FakeBot[] }> {
    const fakes: FakeBot[] = [];
    const profile = javachallenge2015.profiles.engine!;
    const t = new Table({
      game: javachallenge2015, profileName: 'engine', limits: resolveLimits(profile), seed: 1, setup: { turnLimit: 8 }, scenarioDir: '.',
      bots: ['0', '1', '2', '3'].map((role) => ({ role, command: { argv: ['fake'] } })), invokedFrom: '.',
      startBot: () => {
        const bot = new FakeBot((written) => (written.includes('EOD') ? [{ line: 'N', afterMs: 1 }] : 'silent'));
        bot.sayAt('READY', readyAtMs[fakes.length]!);
        fakes.push(bot);
        return bot;
      },
    });
    try {
      await t.open();
      await t.playToEnd();
    } finally {
      await t.close();
      await t.dispose();
    }
    return { t, fakes };
  }
  const verdicts = (t: Table) => Object.fromEntries([...t.runs.values()].map((r) => [r.role, r.violations.kept.filter((v) => v.severity === 'error').map((v) => v.code)]));
  const turnsSent = (fakes: FakeBot[], role: string) => fakes[Number(role)]!.written.filter((line) => line === 'EOD').length;

  it('player 0 READY at 0.6 s, player 1 at 1.3 s (0.7 s after the engine began waiting for it): both accepted, every player plays', async () => {
    const { t, fakes } = await table([600, 1300, 0, 0]);
    expect(verdicts(t)).toEqual({ 0: [], 1: [], 2: [], 3: [] });
    for (const role of ['0', '1', '2', '3']) expect(turnsSent(fakes, role)).toBe(2);
  });

  it('player 0 READY at 1.3 s: handshake-timeout for player 0 alone, which is sent nothing and does N; the others play', async () => {
    const { t, fakes } = await table([1300, 0, 0, 0]);
    expect(verdicts(t)).toEqual({ 0: ['handshake-timeout'], 1: [], 2: [], 3: [] });
    expect(turnsSent(fakes, '0')).toBe(0);
    for (const role of ['1', '2', '3']) expect(turnsSent(fakes, role)).toBe(2);
    expect((await t.outcome())!.summary).toMatch(/player 0's bot was terminated at T=0 \(handshake-timeout\)/);
  });
});
