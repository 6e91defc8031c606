// The Amazes game seen from one bot seat (refereeOf), driven by hand as the core drives it, without processes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioError, type Ending, type FailureCode, type Judgement, type Outcome } from '../../harness/core/game.js';
import type { JuryAction, Referee } from '../../harness/core/single-seat.js';
import { createRng } from '../../harness/core/rng.js';
import { amazes } from '../../harness/games/amazes/index.js';
import { HAS_SHARED, needsShared, refereeOf, SHARED } from '../helpers.js';

function referee(role: string, options: { seed?: number; setup?: Record<string, unknown>; opponent?: string; scenarioDir?: string } = {}): Referee {
  const seed = options.seed ?? 1;
  return refereeOf(amazes, {
    role,
    seed,
    rng: createRng(seed),
    setup: options.setup,
    scenarioDir: options.scenarioDir ?? '.',
    profile: amazes.profiles.codecup2010!,
    ...(options.opponent ? { opponent: options.opponent } : {}),
  });
}

/** A plain left-hand walker on the five vision lines (what the example bots do). */
function leftHand(lines: string[]): string {
  const [ahead, right, , left] = lines.slice(-5);
  if (left !== 'W') return 'L';
  if (ahead !== 'W') return 'F';
  if (right !== 'W') return 'R';
  return 'T';
}

interface Trace {
  sends: { lines: string[]; ply?: number }[];
  awaits: number[];
  opponents: string[];
  judgements: Judgement[];
  ending: Ending;
  outcome: Outcome;
}

/**
 * Plays like the core: sends are recorded, each await is answered by `bot` (or fails with `fail`),
 * opponents are built in; after stopBot the game is drained like the core's drainGame.
 */
function drive(r: Referee, bot: (lines: string[], turn: number) => string | FailureCode, failAt?: number): Trace {
  const t: Trace = { sends: [], awaits: [], opponents: [], judgements: [], ending: { kind: 'stopped', reason: '' }, outcome: r.outcome() };
  let inbox: string[] = [];
  let stopped = false;
  for (let i = 0; i < 10_000; i++) {
    const a: JuryAction = r.next();
    if (a.type === 'send') {
      if (stopped) throw new Error('send after the bot was stopped');
      t.sends.push({ lines: a.lines, ...(a.ply !== undefined ? { ply: a.ply } : {}) });
      inbox.push(...a.lines);
    } else if (a.type === 'await') {
      if (stopped) throw new Error('await after the bot was stopped');
      t.awaits.push(a.request.ply);
      const reply = failAt === a.request.ply ? 'move-timeout' : bot(inbox, a.request.ply);
      inbox = [];
      if (reply === 'move-timeout' || reply === 'crash') {
        r.botFailed(reply);
        stopped = true;
        continue;
      }
      const j = r.answer([reply]);
      t.judgements.push(j);
      if (j.stopBot) stopped = true;
    } else if (a.type === 'opponent') {
      t.opponents.push(r.opponent(undefined));
    } else {
      t.ending = a.ending;
      break;
    }
  }
  t.outcome = r.outcome();
  return t;
}

describe('a full game', () => {
  it('Red: Start first, five lines a turn, 150 answers, then it must end on its own', () => {
    const t = drive(referee('red', { seed: 3 }), leftHand);
    expect(t.sends[0]!.lines[0]).toBe('Start');
    expect(t.sends[0]!.lines).toHaveLength(6);
    expect(t.sends.slice(1).every((s) => s.lines.length === 5 && s.lines[0] !== 'Start')).toBe(true);
    for (const s of t.sends) {
      const vision = s.lines.slice(-5);
      expect(vision.slice(0, 4).every((l) => /^[BLRN]*W$/.test(l))).toBe(true);
      expect(vision[4]).toMatch(/^\d+$/);
    }
    expect(t.awaits).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(t.opponents).toHaveLength(150);
    expect(t.judgements.every((j) => j.accepted && j.violations.length === 0)).toBe(true);
    expect(t.ending.kind).toBe('self-exit');
    expect(t.outcome.finished).toBe(true);
    expect(t.outcome.summary).toMatch(/^150 turns each: Red \d+, Blue \d+$/);
    expect(Object.keys(t.outcome.scores).sort()).toEqual(['blue', 'red']);
  });

  it('Blue: the opponent moves first, no Start line; ends on its own after its 150th turn', () => {
    const t = drive(referee('blue', { seed: 4 }), leftHand);
    expect(t.sends[0]!.lines).toHaveLength(5);
    expect(t.sends[0]!.lines[0]).not.toBe('Start');
    expect(t.awaits).toHaveLength(150);
    expect(t.ending.kind).toBe('self-exit');
  });

  it('the first vision line of the game is the squared distance between the starts (at least 288)', () => {
    const t = drive(referee('red', { seed: 5 }), leftHand);
    expect(Number(t.sends[0]!.lines[5])).toBeGreaterThanOrEqual(288);
  });

  it('the same seed replays the same game', () => {
    const a = drive(referee('red', { seed: 9 }), leftHand);
    const b = drive(referee('red', { seed: 9 }), leftHand);
    expect(a.sends).toEqual(b.sends);
    expect(a.opponents).toEqual(b.opponents);
    expect(a.outcome).toEqual(b.outcome);
  });

  it('a full game is fast (referee and built-in opponent well under a second)', () => {
    const t0 = performance.now();
    drive(referee('blue', { seed: 6 }), leftHand);
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});

describe('a step into a wall', () => {
  it('is a warning (ineffective-action) that says which step and how many points were wasted', () => {
    // Turn 1: walk into the wall ahead on purpose if there is one, else into the one on the left.
    const t = drive(referee('red', { seed: 3 }), (lines, turn) => {
      if (turn !== 1) return leftHand(lines);
      const [ahead, , , left] = lines.slice(-5);
      return ahead === 'W' ? 'FFF' : left === 'W' ? 'LFF' : 'T';
    });
    const v = t.judgements[0]!.violations;
    expect(t.judgements[0]!.accepted).toBe(true);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ code: 'ineffective-action', ply: 1 });
    expect(v[0]!.message).toMatch(/^Red's turn 1: step 1 \('[FL]'\) runs into a wall, so it and the 2 step\(s\) after it are not performed but still cost 3 point\(s\)$/);
  });
});

describe('bad lines: the jury plays T for the bot from then on', () => {
  for (const [what, text, code] of [
    ['257 steps', 'T'.repeat(257), 'too-many-steps'],
    ['lowercase', 't', 'bad-format'],
    ['a foreign character', 'X', 'bad-format'],
    ['an empty line', '', 'bad-format'],
  ] as const) {
    it(`${what}: ${code}, the bot is stopped, the opponent still plays its 150 turns, the bot scores 0`, () => {
      const t = drive(referee('red', { seed: 3 }), (lines, turn) => (turn === 5 ? text : leftHand(lines)));
      const last = t.judgements[t.judgements.length - 1]!;
      expect(t.judgements).toHaveLength(5);
      expect(last).toMatchObject({ accepted: false, played: 'T', stopBot: true });
      expect(last.violations.map((v) => v.code)).toEqual([code]);
      expect(last.violations[0]!.ply).toBe(5);
      expect(last.violations[0]!.actual).toBe(text);
      expect(t.awaits).toEqual([1, 2, 3, 4, 5]);
      expect(t.opponents).toHaveLength(150);
      expect(t.ending.kind).toBe('stopped');
      expect(t.outcome.finished).toBe(true);
      expect(t.outcome.scores.red).toBe(0);
      expect(t.outcome.scores.blue).toBeGreaterThan(0);
      expect(t.outcome.summary).toMatch(new RegExp(`the jury played T for Red from turn 5 \\(${code}\\), score 0`));
    });
  }

  it('a timeout (botFailed): the same take-over, for Blue as well', () => {
    const t = drive(referee('blue', { seed: 8 }), leftHand, 7);
    expect(t.awaits).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.opponents).toHaveLength(150);
    expect(t.ending.kind).toBe('stopped');
    expect(t.outcome.scores.blue).toBe(0);
    expect(t.outcome.summary).toMatch(/the jury played T for Blue from turn 7 \(move-timeout\)/);
  });
});

describe('sudden death against the hunter', () => {
  for (const role of ['red', 'blue'] as const) {
    it(`${role}: the hunter discovers all 625 squares and ends on the bot's square; the bot reads Quit`, () => {
      const t = drive(referee(role, { seed: 2, opponent: 'hunter' }), leftHand);
      expect(t.ending).toMatchObject({ kind: 'quit', lines: ['Quit'] });
      expect(t.outcome.finished).toBe(true);
      expect(t.outcome.summary).toMatch(/^sudden death on (Red|Blue)'s turn \d+: \1 discovered all 625 squares/);
      expect(t.outcome.scores[role]).toBe(0);
      expect(t.opponents.every((m) => m.length >= 1 && m.length <= 256 && /^[FTLR]+$/.test(m))).toBe(true);
      expect(t.awaits.length).toBeLessThan(20);
    });
  }
});

describe('the chaser', () => {
  it('ends its turns on the bot\'s square: the bot is told a squared distance of 0', () => {
    const t = drive(referee('blue', { seed: 5, opponent: 'chaser' }), leftHand);
    const zeros = t.sends.filter((s) => s.lines[s.lines.length - 1] === '0').length;
    expect(zeros).toBeGreaterThan(100);
    expect(t.opponents.every((m) => /^[FTLR]{1,256}$/.test(m))).toBe(true);
  });
});

describe('the explorer plays legal lines', () => {
  it('1..256 of F/T/L/R every turn, over several seeds, and discovers most of the maze', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const r = referee('red', { seed });
      const t = drive(r, leftHand);
      expect(t.opponents.every((m) => /^[FTLR]{1,256}$/.test(m))).toBe(true);
      const snap = r.snapshot!() as { blue: { discovered: number } };
      expect(snap.blue.discovered).toBeGreaterThan(400);
    }
  });
});

describe('scenario control', () => {
  it('scripted opponent moves are played as given; an illegal one is the scenario\'s fault', () => {
    const r = referee('blue', { seed: 3 });
    expect(r.next().type).toBe('opponent');
    expect(r.opponent('T')).toBe('T');
    expect(r.next().type).toBe('send');
    expect(r.next().type).toBe('await');
    r.answer(['T']);
    expect(r.next().type).toBe('opponent');
    let error: unknown;
    try {
      r.opponent('fx');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect(() => {
      throw error;
    }).toThrow(`scripted move for Red's turn 2 is not a legal line: "f" at position 1 is not a move: only the capital letters F, T, L, R are allowed`);
  });

  it('quit() mid-game sends Quit; the outcome says the scenario ended it', () => {
    const r = referee('red', { seed: 3 });
    r.next();
    r.next();
    r.answer(['T']);
    expect(r.quit()).toMatchObject({ kind: 'quit', lines: ['Quit'] });
    expect(r.outcome().finished).toBe(false);
    expect(r.outcome().summary).toMatch(/^ended by the scenario after Red 1 and Blue 0 turn\(s\)/);
  });

  it('wrong role, unknown opponent, bad setup: ScenarioError', () => {
    expect(() => referee('green')).toThrow(/amazes has roles red and blue, not 'green'/);
    expect(() => referee('red', { opponent: 'random' })).toThrow(/built-in opponents explorer, hunter, chaser, not 'random'/);
    expect(() => referee('red', { setup: { maze: 'missing.txt' } })).toThrow(ScenarioError);
  });

  it.skipIf(!HAS_SHARED)(needsShared('an official sample maze with starts chosen by the rules'), () => {
    const r = referee('red', { seed: 4, setup: { maze: 'maze07.txt' }, scenarioDir: path.join(SHARED, 'data', 'amazes') });
    const t = drive(r, leftHand);
    expect(t.ending.kind).toBe('self-exit');
  });

  it('canonical forms compare a bot line with a scenario move', () => {
    const r = referee('red');
    expect(r.canonical(['FFL'])).toBe('FFL');
    expect(r.canonicalScenarioMove(' FFL ')).toBe('FFL');
  });
});
