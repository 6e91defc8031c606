// One game for both seats: with a bot on each side (a match), every move is applied once to the one
// state, each seat reads exactly what its jury sent it in a one-bot game, and a fault has the real
// jury's consequence once, for both (irregular loss 20-0; whoever still waits reads Quit).
import { describe, expect, test } from 'vitest';
import type { Ending, FailureCode, GameContext } from '../../harness/core/game.js';
import { ScenarioError } from '../../harness/core/game.js';
import { createRng } from '../../harness/core/rng.js';
import type { ViolationDraft } from '../../harness/core/violations.js';
import { OnTheRunGame } from '../../harness/games/on-the-run/game.js';
import { parseConnect } from '../../harness/games/on-the-run/map.js';
import type { Side } from '../../harness/games/on-the-run/rules.js';
import { drive, EXAMPLE_MAP, ListBot, referee, SimBot, type TestBot } from './fixtures.js';

const example = { connect: EXAMPLE_MAP };
const SIDES: Side[] = ['fugitive', 'detectives'];

/** On the example map: the fugitive shuttles 1 <-> 2 by car, the detectives between these (referee.test.ts). */
const SHUTTLE_A = [4, 3, 7, 6];
const SHUTTLE_B = [3, 4, 6, 7];
const shuttleDetectives = (turns: number) => Array.from({ length: turns }, (_, i) => (i % 2 === 0 ? SHUTTLE_A : SHUTTLE_B));
const shuttleFugitive = (turns: number) => Array.from({ length: turns }, (_, i) => (i % 2 === 0 ? 'C 2' : 'C 1'));

function game(setup: Record<string, unknown> | undefined, seed = 1, bots: Side[] = SIDES, opponent?: string): OnTheRunGame {
  const ctx: GameContext = { bots, seed, rng: createRng(seed), setup, scenarioDir: '.', profile: { name: 'test', description: '', limits: {} }, ...(opponent ? { opponent } : {}) };
  return new OnTheRunGame(ctx);
}

interface Played {
  /** `seat> line` sent, `seat? n@ply` awaited, `seat< a|b` answered, `seat!` failed. */
  log: string[];
  /** Every move the game accepted, in order, as played. */
  moves: { seat: Side; move: string }[];
  endings: Record<string, Ending>;
  violations: ViolationDraft[];
}

/** Plays a game with a bot on both sides the way the core does; `fail` makes a seat fail at that await. */
function playBoth(g: OnTheRunGame, bots: Record<Side, TestBot>, fail?: { seat: Side; ply: number; code: FailureCode }): Played {
  const log: string[] = [];
  const moves: Played['moves'] = [];
  const violations: ViolationDraft[] = [];
  for (let i = 0; i < 10_000; i++) {
    const a = g.next();
    if (a.type === 'send') {
      bots[a.seat as Side].received.push(...a.lines);
      log.push(...a.lines.map((l) => `${a.seat}> ${l}`));
    } else if (a.type === 'await') {
      const seat = a.seat as Side;
      log.push(`${seat}? ${a.request.lines}@${a.request.ply}`);
      if (fail && fail.seat === seat && fail.ply === a.request.ply) {
        g.failed(seat, fail.code);
        log.push(`${seat}!`);
        continue;
      }
      const lines = bots[seat].answer(a.request.ply);
      log.push(`${seat}< ${lines.join('|')}`);
      const j = g.answer(seat, lines);
      violations.push(...j.violations);
      if (j.accepted) moves.push({ seat, move: j.played! });
    } else if (a.type === 'move') {
      throw new Error(`the game moved the ${a.seat}, which has a bot`);
    } else {
      return { log, moves, endings: a.endings, violations };
    }
  }
  throw new Error('the game did not end');
}

describe('a bot on both sides: one game', () => {
  test.each([1, 2, 3])('each seat reads exactly what its jury sends it alone, every move applied once (seed %i)', (seed) => {
    const setup = { generate: { cities: 60 } };
    const g = game(setup, seed);
    const map = parseConnect(g.files('fugitive')['connect.txt']!);
    expect(g.files('detectives')).toEqual(g.files('fugitive')); // both read the same connect.txt
    const bots = { fugitive: new SimBot('fugitive', map), detectives: new SimBot('detectives', map) };
    const both = playBoth(g, bots);
    expect(both.violations).toEqual([]);
    for (const side of SIDES) expect(bots[side].unread()).toEqual([]); // each read all it was sent, and nothing more
    // A move is applied once: the game ended in the turn of the fugitive's last move, and the
    // detectives moved in every turn but one the fugitive ended by walking into a detective.
    const snap = g.snapshot() as { ply: number; caught: { by: Side } | null };
    const turns = both.moves.filter((m) => m.seat === 'fugitive').length - 1; // its start city first
    expect(snap.ply).toBe(turns);
    expect(both.moves.filter((m) => m.seat === 'detectives').length - 1).toBe(snap.caught?.by === 'fugitive' ? turns - 1 : turns);
    // The one-bot game of each seat, the other side's moves scripted as they were played: the same
    // lines to the bot, the same ending and outcome.
    for (const side of SIDES) {
      const own = both.moves.filter((m) => m.seat === side).map((m) => (side === 'detectives' ? m.move.split(' ') : [m.move]));
      const others = both.moves.filter((m) => m.seat !== side).map((m) => m.move);
      const alone = referee(side, setup, seed);
      const bot = new ListBot(own);
      const d = drive(alone, bot, { scripted: others });
      expect(bot.received).toEqual(bots[side].received);
      expect(d.ending).toEqual(both.endings[side]);
      expect(alone.outcome()).toEqual(g.outcome());
      expect(alone.reached()).toEqual(g.reached(side));
    }
  });

  test('a catch before turn 50: both seats read Quit, whoever made the catch', () => {
    const g = game(example);
    const p = playBoth(g, { fugitive: new ListBot([[1], ['C 2']]), detectives: new ListBot([SHUTTLE_B, [2, 3, 7, 6]]) });
    expect(p.log.slice(-2)).toEqual(['detectives? 4@1', 'detectives< 2|3|7|6']);
    expect(Object.fromEntries(Object.entries(p.endings).map(([s, e]) => [s, e.kind === 'quit' ? e.lines : e.kind]))).toEqual({ fugitive: ['Quit'], detectives: ['Quit'] });
    expect(g.outcome()).toMatchObject({ finished: true, winner: 'detectives', scores: { detectives: 20, fugitive: 0 } });
    expect(g.reached('fugitive')).toEqual(['caught']);
    expect(g.reached('detectives')).toEqual(['caught']);
  });

  test('turn 50: the fugitive ends on its own after its move, the detectives after theirs; walking into a detective in turn 50, the detectives read Quit', () => {
    let g = game(example);
    let p = playBoth(g, { fugitive: new ListBot([[1], ...shuttleFugitive(50).map((m) => [m])]), detectives: new ListBot([SHUTTLE_B, ...shuttleDetectives(50)]) });
    expect(p.log.slice(-4)).toEqual(['fugitive< C 1', 'detectives> C 1', 'detectives? 4@50', 'detectives< 3|4|6|7']);
    expect(p.log.filter((l) => l.startsWith('fugitive> ')).length).toBe(4 + 49 * 4 + 1); // no detectives' lines after turn 50
    expect([p.endings.fugitive!.kind, p.endings.detectives!.kind]).toEqual(['self-exit', 'self-exit']);
    expect(g.outcome().scores).toEqual({ fugitive: 20, detectives: 0 });

    g = game(example);
    p = playBoth(g, { fugitive: new ListBot([[1], ...shuttleFugitive(49).map((m) => [m]), ['T 3']]), detectives: new ListBot([SHUTTLE_B, ...shuttleDetectives(49)]) });
    expect(p.log.at(-1)).toBe('fugitive< T 3');
    expect(p.endings.fugitive!.kind).toBe('self-exit');
    expect(p.endings.detectives).toMatchObject({ kind: 'quit', lines: ['Quit'] });
    expect(g.outcome().scores).toEqual({ detectives: 11, fugitive: 9 });
  });
});

describe('a fault in a game with a bot on both sides: the irregular loss once, for both', () => {
  test.each([
    ['fugitive', 2, 'move-timeout'],
    ['detectives', 3, 'crash'],
    ['detectives', 0, 'unflushed-output'],
  ] as const)('the %s fail at ply %i (%s): stopped; the other side wins 20-0 and reads Quit', (seat, ply, code) => {
    const g = game(example);
    const p = playBoth(g, { fugitive: new ListBot([[1], ...shuttleFugitive(5).map((m) => [m])]), detectives: new ListBot([SHUTTLE_B, ...shuttleDetectives(5)]) }, { seat, ply, code });
    const other = seat === 'fugitive' ? 'detectives' : 'fugitive';
    expect(p.log.at(-1)).toBe(`${seat}!`);
    expect(p.endings[seat]).toMatchObject({ kind: 'stopped' });
    expect(p.endings[other]).toMatchObject({ kind: 'quit', lines: ['Quit'], reason: `the ${seat}'s ${code}: irregular loss, 20-0 for the ${other}` });
    expect(g.outcome()).toEqual({ finished: true, winner: other, scores: { [other]: 20, [seat]: 0 }, summary: expect.stringMatching(new RegExp(`^${seat}: ${code} \\(.*\\): irregular loss, 20-0 for the ${other}$`)) });
  });

  test('an invalid move: both read Quit; the same outcome whichever seats have bots', () => {
    const g = game(example);
    const p = playBoth(g, { fugitive: new ListBot([[1], ['C 2'], ['T 5']]), detectives: new ListBot([SHUTTLE_B, SHUTTLE_A]) });
    expect(p.violations).toEqual([expect.objectContaining({ code: 'illegal-move', ply: 2 })]);
    expect(p.endings.fugitive).toMatchObject({ kind: 'quit', lines: ['Quit'], reason: 'invalid move: irregular loss, 20-0 for the detectives' });
    expect(p.endings.detectives).toMatchObject({ kind: 'quit', lines: ['Quit'], reason: 'the fugitive made an invalid move: irregular loss, 20-0 for the detectives' });
    const alone = referee('fugitive', example);
    drive(alone, new ListBot([[1], ['C 2'], ['T 5']]), { scripted: ['3 4 6 7', '4 3 7 6'] });
    expect(g.outcome()).toEqual(alone.outcome());
    expect(g.outcome().summary).toBe('the fugitive made an invalid move (turn 2): irregular loss, 20-0 for the detectives');
  });

  test('the detectives fault in turn 50, after the fugitive has made its last move: the fugitive ends on its own, no Quit', () => {
    for (const fault of ['invalid', 'crash'] as const) {
      const g = game(example);
      const detectives = new ListBot([SHUTTLE_B, ...shuttleDetectives(49), [3, 3, 6, 7]]);
      const p = playBoth(g, { fugitive: new ListBot([[1], ...shuttleFugitive(50).map((m) => [m])]), detectives }, fault === 'crash' ? { seat: 'detectives', ply: 50, code: 'crash' } : undefined);
      expect(p.endings.fugitive).toMatchObject({ kind: 'self-exit' });
      expect(p.endings.detectives!.kind).toBe(fault === 'crash' ? 'stopped' : 'quit');
      expect(g.outcome()).toMatchObject({ finished: true, winner: 'fugitive', scores: { fugitive: 20, detectives: 0 } });
    }
  });

  test('a rejected start city: the fugitive\'s turn-1 line is read and ignored, then both read Quit (the detectives never read a start city)', () => {
    const g = game(example);
    const bots = { fugitive: new ListBot([['C 1'], ['C 2']]), detectives: new ListBot([SHUTTLE_B]) };
    const p = playBoth(g, bots);
    expect(p.log).toEqual([
      'fugitive> Fugitive', 'detectives> Detectives',
      'detectives? 4@0', 'detectives< 3|4|6|7',
      'fugitive> 3', 'fugitive> 4', 'fugitive> 6', 'fugitive> 7',
      'fugitive? 1@0', 'fugitive< C 1', 'fugitive? 1@1', 'fugitive< C 2',
    ]);
    expect(p.violations).toEqual([expect.objectContaining({ code: 'bad-format', ply: 0 })]);
    expect(bots.detectives.received).toEqual(['Detectives']);
    expect([p.endings.fugitive!.kind, p.endings.detectives!.kind]).toEqual(['quit', 'quit']);
    expect(g.outcome()).toMatchObject({ winner: 'detectives', scores: { detectives: 20, fugitive: 0 } });
  });
});

describe('seats and built-in players', () => {
  test('the game moves only a side without a bot whose turn it is, and judges only the answer it awaits', () => {
    const g = game(example, 1, ['detectives']);
    expect(g.next()).toEqual({ type: 'send', seat: 'detectives', lines: ['Detectives'], ply: 0 });
    expect(g.next()).toEqual({ type: 'await', seat: 'detectives', request: expect.objectContaining({ ply: 0, lines: 4 }) });
    expect(() => g.move('fugitive', '1')).toThrow(/move\(\) for the fugitive while the detectives are to move/);
    expect(() => g.move('detectives', '3 4 6 7')).toThrow(/move\(\) for the detectives, which has a bot/);
    expect(() => g.answer('fugitive', ['1'])).toThrow(/answer\(\) from the fugitive, whom the game does not await/);
    expect(() => g.move('white', undefined)).toThrow(/no seat 'white'/);
    expect(g.answer('detectives', ['3', '4', '6', '7'])).toMatchObject({ accepted: true, played: '3 4 6 7' });
    expect(() => g.answer('detectives', ['3', '4', '6', '7'])).toThrow(/does not await/); // judged once
    expect(g.next()).toEqual({ type: 'move', seat: 'fugitive', ply: 0 });
    expect(g.move('fugitive', '1')).toBe('1');
  });

  test('opponent: a name must fit every side without a bot; with bots on both sides it must still name a player', () => {
    expect(() => game(example, 1, ['fugitive'], 'keep-away')).toThrow("the built-in detectives opponent is one of close-in, random, not 'keep-away'");
    expect(() => game(example, 1, [], 'close-in')).toThrow("the built-in fugitive opponent is one of keep-away, random, not 'close-in'");
    expect(() => game(example, 1, SIDES, 'keep-away')).not.toThrow();
    expect(() => game(example, 1, SIDES, 'nobody')).toThrow(ScenarioError);
    expect(() => game(example, 1, SIDES, 'nobody')).toThrow(/no built-in opponent is called 'nobody'/);
  });

  test('with no bot at all the built-in players play the game out, from the same seeded streams', () => {
    const g = game({ generate: { cities: 60 } }, 4, []);
    const moves: string[] = [];
    for (let a = g.next(); a.type !== 'end'; a = g.next()) {
      if (a.type !== 'move') throw new Error(`unexpected ${a.type}`);
      moves.push(`${a.seat} ${g.move(a.seat, undefined)}`);
    }
    expect(g.outcome().finished).toBe(true);
    // The detectives' built-in player draws from the same stream as in a one-bot game: its start cities are the same.
    const alone = referee('fugitive', { generate: { cities: 60 } }, 4);
    alone.next();
    expect(alone.next()).toEqual({ type: 'opponent', player: 'detectives', ply: 0 });
    expect(`detectives ${alone.opponent(undefined)}`).toBe(moves[0]);
  });
});
