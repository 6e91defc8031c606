// The SnakeCore jury seen from one python's seat: order of requests, the wire format, and what the
// jury does with every kind of answer. Driven here the way the core drives it, without processes.
import { describe, expect, it } from 'vitest';
import { ScenarioError, type Judgement } from '../../harness/core/game.js';
import { createRng } from '../../harness/core/rng.js';
import type { JuryAction, Referee } from '../../harness/core/single-seat.js';
import { snakecore } from '../../harness/games/snakecore/index.js';
import { checkName, parseAction } from '../../harness/games/snakecore/wire.js';
import { refereeOf } from '../helpers.js';

function referee(role: string, setup?: Record<string, unknown>, opponent?: string, seed = 1): Referee {
  return refereeOf(snakecore, {
    role, seed, rng: createRng(seed), setup, scenarioDir: '.', profile: snakecore.profiles[snakecore.defaultProfile]!,
    ...(opponent ? { opponent } : {}),
  });
}

interface Log {
  actions: JuryAction[];
  judgements: Judgement[];
  /** Every getAction message the bot received. */
  messages: string[][];
}

/** Plays a whole game: `bot` answers each request; opponents use `scripted` first, then the built-in one. */
function playOut(ref: Referee, bot: (request: string[], n: number) => string, scripted: string[] = []): Log {
  const log: Log = { actions: [], judgements: [], messages: [] };
  let last: string[] = [];
  for (let i = 0; i < 100_000; i++) {
    const a = ref.next();
    log.actions.push(a);
    if (a.type === 'send') {
      last = a.lines;
      if (a.lines[0] === 'getAction') log.messages.push(a.lines);
    } else if (a.type === 'await') {
      const j = ref.answer([bot(last, log.messages.length)]);
      log.judgements.push(j);
    } else if (a.type === 'opponent') {
      ref.opponent(scripted.shift());
    } else return log;
  }
  throw new Error('game did not end');
}

const shape = (log: Log) =>
  log.actions.map((a) =>
    a.type === 'send' ? `send ${a.lines[0]}` : a.type === 'await' ? `await ${a.request.timer} ${a.request.ply}` : a.type === 'opponent' ? `opponent ${a.player} ${a.ply}` : `end ${a.ending.kind}`);

const small = {
  field: [
    'p.b..',
    '.....',
    '..p.W',
    'R....',
    'e...p',
  ],
  moves: 2,
};

describe('the order of a game', () => {
  it('asks getName first (startup timer), then lets pythons 1..k move in turn, then closes the input', () => {
    const log = playOut(referee('2', small, 'idle'), (req) => (req[0] === 'getName' ? 'Bot' : 'N'));
    expect(shape(log)).toEqual([
      'send getName', 'await startup 0',
      'opponent 1 1', 'send getAction', 'await move 1', 'opponent 3 1',
      'opponent 1 2', 'send getAction', 'await move 2', 'opponent 3 2',
      'end close',
    ]);
    const end = log.actions.at(-1)!;
    expect(end).toMatchObject({ type: 'end', ending: { kind: 'close', mustBeRunning: true } });
  });

  it('asks python 1 before anyone moves, and ends after the last python of the last round', () => {
    const log = playOut(referee('1', small, 'idle'), (req) => (req[0] === 'getName' ? 'Bot' : 'N'));
    expect(shape(log).slice(2, 6)).toEqual(['send getAction', 'await move 1', 'opponent 2 1', 'opponent 3 1']);
    expect(shape(log).at(-2)).toBe('opponent 3 2');
  });

  it('repeats exactly for the same seed and differs for another one', () => {
    const game = (seed: number) => playOut(referee('1', { size: 12, pythons: 4, moves: 20 }, undefined, seed), (req) => (req[0] === 'getName' ? 'Bot' : 'N')).messages;
    expect(game(5)).toEqual(game(5));
    expect(game(5)).not.toEqual(game(6));
  });

  it('rejects roles beyond the setup and unknown opponents as scenario errors', () => {
    expect(() => referee('4', small)).toThrow(ScenarioError);
    expect(() => referee('0', small)).toThrow(ScenarioError);
    expect(() => referee('1', small, 'clever')).toThrow(/greedy, random, idle/);
  });
});

describe('getAction: the wire format', () => {
  const setup = {
    field: [
      '.....',
      '.pbe.',
      '...W.',
      'R..p.',
      '...b.',
    ],
    pythons: [{ cells: [[3, 3], [3, 4]], protection: 3 }, { cells: [[1, 1], [2, 1], [3, 1]] }],
    moves: 1,
  };

  it('sends n, the field (character i of line j is cell (i-1, j-1)) and the python lines, own first', () => {
    const log = playOut(referee('2', setup, 'idle'), (req) => (req[0] === 'getName' ? 'Bot' : 'N'));
    expect(log.messages[0]).toEqual([
      'getAction',
      '5',
      '.....',
      '.pbe.',
      '...W.',
      'R..p.',
      '...b.',
      // Python 2 (the bot) first: protection 0, length 3 (head included), head then body to the tail.
      '0 3 1 1 2 1 3 1',
      // Python 1 moved first (idle: N) and its protection dropped from 3 to 2 when its turn began.
      '2 2 3 3 3 4',
    ]);
  });

  it('writes any other empty-cell character the setup asks for', () => {
    const log = playOut(referee('1', { ...setup, emptyChar: '-' }, 'idle'), (req) => (req[0] === 'getName' ? 'Bot' : 'N'));
    expect(log.messages[0]![2]).toBe('-----');
  });

  it('shows every head as p, so the bot can count the python lines that follow', () => {
    const log = playOut(referee('3', { size: 15, pythons: 4, moves: 5, startBody: 2 }), (req) => (req[0] === 'getName' ? 'Bot' : 'N'));
    for (const m of log.messages) {
      const n = Number(m[1]);
      const heads = m.slice(2, 2 + n).join('').split('').filter((c) => c === 'p').length;
      expect(heads).toBe(4);
      expect(m.length).toBe(2 + n + 4);
    }
  });

  it('reads exactly one capital of U L D R N A', () => {
    for (const a of ['U', 'L', 'D', 'R', 'N', 'A']) expect(parseAction(a)).toBe(a);
    for (const bad of ['u', 'UP', 'U ', ' U', '', 'X', 'UU']) expect(parseAction(bad)).toBeUndefined();
  });
});

describe('getName', () => {
  it('accepts up to 32 bytes of characters >= 0x20 (bytes, not characters)', () => {
    expect(checkName('x'.repeat(32))).toEqual({ ok: true });
    expect(checkName('é'.repeat(16))).toEqual({ ok: true });
    expect(checkName('Ünïcode bot ~ \x7f')).toEqual({ ok: true });
    expect(checkName('x'.repeat(33))).toMatchObject({ ok: false, reason: 'it is 33 bytes long; at most 32 bytes are allowed' });
    expect(checkName('é'.repeat(16) + 'a')).toMatchObject({ ok: false, reason: 'it is 33 bytes long; at most 32 bytes are allowed' });
    expect(checkName('Snake\tBot')).toMatchObject({ ok: false, reason: 'character 6 is 0x09, a control character (only codes >= 0x20 are allowed)' });
  });

  it('disqualifies a bot with an invalid name: invalid-name, stop it, play the game out without it', () => {
    const ref = referee('1', small, 'idle');
    expect(ref.next()).toMatchObject({ type: 'send', lines: ['getName'] });
    expect(ref.next()).toMatchObject({ type: 'await', request: { timer: 'startup' } });
    const j = ref.answer(['a name that is far longer than thirty-two bytes']);
    expect(j).toMatchObject({ accepted: false, stopBot: true });
    expect(j.violations.map((v) => v.code)).toEqual(['invalid-name']);
    expect(j.violations[0]!.message).toContain('47 bytes long');
    const rest: string[] = [];
    for (let a = ref.next(); ; a = ref.next()) {
      rest.push(a.type === 'opponent' ? `opponent ${a.player}` : a.type);
      if (a.type === 'opponent') ref.opponent(undefined);
      if (a.type === 'end') {
        expect(a.ending.kind).toBe('stopped');
        break;
      }
    }
    expect(rest).toEqual(['opponent 2', 'opponent 3', 'opponent 2', 'opponent 3', 'end']);
    expect(ref.outcome()).toMatchObject({ finished: true, summary: expect.stringContaining('python 1 disqualified: invalid-name at getName') });
  });
});

describe('answers to getAction', () => {
  it('judges a lowercase letter as bad-format and disqualifies the bot (its python stays, cannot move)', () => {
    const log = playOut(referee('2', small, 'idle'), (req) => (req[0] === 'getName' ? 'Bot' : 'u'));
    const j = log.judgements[1]!;
    expect(j).toMatchObject({ accepted: false, stopBot: true });
    expect(j.violations).toHaveLength(1);
    expect(j.violations[0]).toMatchObject({ code: 'bad-format', ply: 1, actual: 'u', expected: 'U' });
    expect(j.violations[0]!.message).toContain('(the letters are capitals)');
    // No more requests to the bot; the other pythons play to the end; the jury already stopped it.
    expect(shape(log).slice(5)).toEqual(['opponent 3 1', 'opponent 1 2', 'opponent 3 2', 'end stopped']);
  });

  it.each(['UP', '', 'U ', 'left'])('judges %j as bad-format', (answer) => {
    const log = playOut(referee('1', small, 'idle'), (req) => (req[0] === 'getName' ? 'Bot' : answer));
    expect(log.judgements[1]!.violations.map((v) => v.code)).toEqual(['bad-format']);
  });

  it('skips an impossible order with an ineffective-action warning and goes on', () => {
    // Python 1 at (0,0): U leaves the field.
    const log = playOut(referee('1', small, 'idle'), (req) => (req[0] === 'getName' ? 'Bot' : 'U'));
    const j = log.judgements[1]!;
    expect(j).toMatchObject({ accepted: true, played: 'N' });
    expect(j.violations).toEqual([expect.objectContaining({
      code: 'ineffective-action', ply: 1, actual: 'U', expected: 'D',
      message: "python 1's move 1: U cannot be carried out: the head at (0,0) would leave the 5x5 field; the jury skips the move (as N)",
    })]);
    expect(shape(log).at(-1)).toBe('end close');
    expect(log.messages[1]![2]).toBe('p.b..'); // it did not move
  });

  it('shows the bot its protection counting down: 9 at the move after activation, 0 at the 11th', () => {
    const setup = {
      field: ['pe.....', 'e......', '.......', '.......', '.......', '.......', '.......'],
      pythons: [{ cells: [[0, 0], [1, 0]] }],
      moves: 12,
    };
    const shown: number[] = [];
    const log = playOut(referee('1', setup), (req, n) => {
      if (req[0] === 'getName') return 'Bot';
      shown.push(Number(req.at(-1)!.split(' ')[0]));
      if (n === 1) return 'D'; // eat the energy block at (0,1): the body is (0,0) e, (1,0) e
      if (n === 2) return 'A';
      return 'N';
    });
    expect(log.judgements.every((j) => j.violations.length === 0)).toBe(true);
    expect(shown).toEqual([0, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });
});

describe('scripted opponents', () => {
  it('plays a scripted order, and rejects one that is not U L D R N A or cannot be carried out', () => {
    // Driven through the Game itself: a refused scripted move leaves the same python to move.
    const game = snakecore.createGame({ bots: ['3'], seed: 1, rng: createRng(1), setup: small, scenarioDir: '.', profile: snakecore.profiles.tournament2008!, opponent: 'idle' });
    game.next();
    game.next();
    game.answer('3', ['Bot']);
    expect(game.next()).toMatchObject({ type: 'move', seat: '1', ply: 1 });
    expect(() => game.move('1', 'u')).toThrow(/not one of U L D R N A/);
    expect(() => game.move('1', 'L')).toThrow(/cannot be carried out: the head at \(0,0\) would leave the 5x5 field \(script N to skip\)/);
    expect(game.move('1', 'R')).toBe('R');
    expect(game.next()).toMatchObject({ type: 'move', seat: '2' });
    expect(() => game.move('1', 'N')).toThrow(/python 1 is not to be moved by the jury now/);
    expect(game.move('2', undefined)).toBe('N'); // idle
    const send = game.next();
    expect(send).toMatchObject({ type: 'send', seat: '3' });
    expect((send as { lines: string[] }).lines[2]).toBe('.pb..');
  });
});

describe('the end of the game', () => {
  it('quit: the jury closes the input and ends the bot, which must still be running', () => {
    const ref = referee('1', small);
    ref.next();
    ref.next();
    ref.answer(['Bot']);
    expect(ref.quit()).toMatchObject({ kind: 'close', mustBeRunning: true });
    expect(ref.outcome()).toMatchObject({ finished: false, summary: expect.stringContaining('ended at move 1 of 2') });
  });

  it('reports scores per python and the winner after the last move', () => {
    const setup = {
      field: ['pbR..', '.....', '.....', '.....', '....p'],
      pythons: [{ cells: [[0, 0]] }, { cells: [[4, 4]] }],
      moves: 3,
    };
    const ref = referee('1', setup, 'idle');
    // Move 1: eat (1,0); move 2: the reactor at (2,0) is next to the head: dump 1 block = 1 point;
    // move 3: dump an empty body, 0 points.
    const log = playOut(ref, (req) => (req[0] === 'getName' ? 'Bot' : 'R'));
    expect(log.judgements.flatMap((j) => j.violations)).toEqual([]);
    expect(ref.outcome()).toEqual({ finished: true, summary: 'after 3 moves each python 1 wins with 1 point(s)', scores: { 1: 1, 2: 0 }, winner: '1' });
  });

  it('draws the field for reports with . for empty cells', () => {
    const ref = referee('1', { ...small, emptyChar: '-' });
    expect((ref.snapshot!() as { rows: string[] }).rows[0]).toBe('p.b..');
  });
});
