// The JavaChallenge2015 game driven by hand from one seat, as the core drives it, without processes.
import { describe, expect, it } from 'vitest';
import { ScenarioError, type Judgement } from '../../harness/core/game.js';
import type { JuryAction } from '../../harness/core/single-seat.js';
import { LineSplitter } from '../../harness/core/lines.js';
import { createRng, numericSeed } from '../../harness/core/rng.js';
import { enginePlacements } from '../../harness/games/javachallenge2015/engine-placement.js';
import { javachallenge2015 } from '../../harness/games/javachallenge2015/index.js';
import { chooseAction } from '../../harness/games/javachallenge2015/opponents.js';
import { initialState } from '../../harness/games/javachallenge2015/rules.js';
import { buildSetup } from '../../harness/games/javachallenge2015/setup.js';
import { refereeOf } from '../helpers.js';

function referee(role: string, options: { seed?: number; setup?: Record<string, unknown>; opponent?: string } = {}) {
  const seed = options.seed ?? 0;
  return refereeOf(javachallenge2015, {
    role,
    seed,
    rng: createRng(seed),
    setup: options.setup,
    scenarioDir: '.',
    profile: javachallenge2015.profiles.engine!,
    ...(options.opponent ? { opponent: options.opponent } : {}),
  });
}

interface Trace {
  actions: JuryAction[];
  judgements: Judgement[];
  sent: string[][];
  opponentMoves: string[];
}

/** Plays like the core: READY, then `answer(message)` for each of the bot's turns, opponents built in. */
function drive(ref: ReturnType<typeof referee>, answer: (message: string[]) => string | null, maxActions = 10_000): Trace {
  const trace: Trace = { actions: [], judgements: [], sent: [], opponentMoves: [] };
  let lastMessage: string[] = [];
  for (let i = 0; i < maxActions; i++) {
    const action = ref.next();
    trace.actions.push(action);
    if (action.type === 'end') return trace;
    if (action.type === 'send') {
      trace.sent.push(action.lines);
      lastMessage = action.lines;
    } else if (action.type === 'opponent') trace.opponentMoves.push(ref.opponent(undefined));
    else if (action.request.handshake) trace.judgements.push(ref.answer(['READY']));
    else {
      const reply = answer(lastMessage);
      if (reply === null) ref.botFailed('move-timeout');
      else trace.judgements.push(ref.answer([reply]));
    }
  }
  throw new Error('game did not end');
}

const idleSetup = { placements: 'engine-seed-0', opponents: { 0: 'idle', 1: 'idle', 2: 'idle', 3: 'idle' } };

describe('javachallenge2015 referee: the conversation', () => {
  it('asks for READY first, sends nothing before it, then sends player 0 the golden message', () => {
    const ref = referee('0');
    const first = ref.next();
    expect(first).toMatchObject({ type: 'await', request: { timer: 'startup', handshake: { token: 'READY' }, unaskedLines: 'queue' } });
    expect(ref.answer(['READY']).accepted).toBe(true);
    const send = ref.next();
    expect(send).toEqual({
      type: 'send',
      ply: 1,
      lines: ['0', '0', ...new Array(6).fill('0 0 0 0 0 0'), '0 14 D 0', '14 17 L 0', '14 10 U 0', '2 5 R 0', 'EOD'],
    });
    expect(ref.next()).toMatchObject({ type: 'await', request: { ply: 1, timer: 'move', lines: 1, unaskedLines: 'queue' } });
  });

  it('lets players 0..2 move before player 3 gets its first message at T=3', () => {
    const ref = referee('3', { setup: idleSetup });
    ref.next();
    ref.answer(['READY']);
    for (const id of ['0', '1', '2']) {
      expect(ref.next()).toMatchObject({ type: 'opponent', player: id });
      expect(ref.opponent(undefined)).toBe('N');
    }
    const send = ref.next();
    expect(send.type === 'send' && send.lines.slice(0, 2)).toEqual(['3', '3']);
  });

  it('plays a whole game to T=1000 with idle opponents: 250 messages, then closes input', () => {
    const trace = drive(referee('2', { setup: idleSetup }), () => 'N');
    expect(trace.sent).toHaveLength(250);
    expect(trace.sent.at(-1)!.slice(0, 2)).toEqual(['2', '998']);
    expect(trace.actions.at(-1)).toMatchObject({ type: 'end', ending: { kind: 'close', mustBeRunning: false } });
  });
});

describe('javachallenge2015 referee: answers', () => {
  function firstAnswer(reply: string): Judgement {
    const ref = referee('0');
    ref.next();
    ref.answer(['READY']);
    ref.next();
    ref.next();
    return ref.answer([reply]);
  }

  it('accepts each of U D L R A N', () => {
    for (const a of ['U', 'D', 'L', 'R', 'A', 'N']) expect(firstAnswer(a)).toEqual({ violations: [], accepted: true, played: a });
  });

  it('reports anything else as bad-format and plays N, as the engine does (case-sensitive, empty line too)', () => {
    for (const reply of ['u', 'UP', 'X', '', 'Ready']) {
      const j = firstAnswer(reply);
      expect(j.accepted).toBe(false);
      expect(j.played).toBe('N');
      expect(j.stopBot).toBeFalsy();
      expect(j.violations.map((v) => [v.code, v.severity ?? 'error'])).toEqual([['bad-format', 'error']]);
      expect(j.violations[0]!.expected).toMatch(/U D L R A N/);
    }
    expect(firstAnswer('l').violations[0]!.message).toMatch(/upper case: L/);
  });

  it('plays the text before the first space of the trimmed line, with a bad-format warning', () => {
    for (const [reply, played] of [[' U', 'U'], ['A attack!', 'A'], ['L\t', 'L']] as const) {
      const j = firstAnswer(reply);
      expect(j.played).toBe(played);
      expect(j.accepted).toBe(true);
      expect(j.violations.map((v) => [v.code, v.severity])).toEqual([['bad-format', 'warning']]);
    }
  });

  /** The first answer as the engine profile's reader gives it: whole line read, first 4096 bytes kept. */
  function firstLongAnswer(bytes: string): Judgement {
    const splitter = new LineSplitter(() => 4096, { crEndsLine: true, longLines: 'keep-head' });
    const [line] = splitter.push(Buffer.from(`${bytes}\n`, 'latin1'), 1n).lines;
    const ref = referee('0');
    ref.next();
    ref.answer(['READY']);
    ref.next();
    ref.next();
    return ref.answer([line!.text], [line!]);
  }

  it('plays a 70,000-byte line by its first word, as the engine reads the whole line', () => {
    const j = firstLongAnswer('R' + ' '.repeat(69_999));
    expect(j).toMatchObject({ accepted: true, played: 'R' });
    expect(j.violations.map((v) => [v.code, v.severity])).toEqual([['bad-format', 'warning']]);
    expect(j.violations[0]!.message).toMatch(/a line of 70000 bytes starting "R {59}"\.\.\./);
    expect(j.violations[0]!.evidence).toEqual({ lineBytes: 70_000, keptBytes: 4096 });
  });

  it('decides long lines by the bytes botjury did not keep, as the engine would', () => {
    // Blank to the end: trim() removes it all. A word going on past the kept head is not one letter.
    expect(firstLongAnswer('L' + '\t'.repeat(9000)).played).toBe('L');
    expect(firstLongAnswer('L' + '\t'.repeat(9000) + 'x').played).toBe('N');
    expect(firstLongAnswer(' '.repeat(4095) + 'L' + ' '.repeat(10) + 'x').played).toBe('L');
    expect(firstLongAnswer(' '.repeat(4095) + 'Lx' + ' '.repeat(10)).played).toBe('N');
    expect(firstLongAnswer('x'.repeat(9000)).violations.map((v) => [v.code, v.severity ?? 'error'])).toEqual([['bad-format', 'error']]);
  });

  it('says so when a long line hides its first word beyond the kept head (botjury plays N)', () => {
    const j = firstLongAnswer(' '.repeat(5000) + 'R');
    expect(j.played).toBe('N');
    expect(j.violations[0]!.message).toMatch(/more blank bytes than botjury keeps/);
  });

  it('a bot writing bytes that are not UTF-8 gets them back escaped in the evidence, and N played', () => {
    const splitter = new LineSplitter(() => 4096, { crEndsLine: true, longLines: 'keep-head' });
    const [line] = splitter.push(Buffer.from([0xff, 0xfe, 0x4f, 0x77, 0x17, 0x0a]), 1n).lines;
    const ref = referee('0');
    ref.next();
    ref.answer(['READY']);
    ref.next();
    ref.next();
    const j = ref.answer([line!.text], [line!]);
    expect(j.played).toBe('N');
    expect(j.violations[0]).toMatchObject({ code: 'bad-format', actual: '\\xff\\xfeOw\x17' });
    expect(j.violations[0]!.message).toContain('"\\\\xff\\\\xfeOw\\u0017"');
  });

  it('warns (ineffective-action) when the bot acts during its cool-down; the engine plays N', () => {
    const ref = referee('0', { setup: idleSetup });
    ref.next();
    ref.answer(['READY']);
    ref.next();
    ref.next();
    expect(ref.answer(['A']).played).toBe('A');
    for (let i = 0; i < 3; i++) {
      ref.next();
      ref.opponent(undefined);
    }
    const send = ref.next();
    expect(send.type === 'send' && send.lines[8]).toBe('0 14 D 2');
    ref.next();
    const j = ref.answer(['U']);
    expect(j).toMatchObject({ accepted: false, played: 'N' });
    expect(j.violations.map((v) => [v.code, v.severity])).toEqual([['ineffective-action', undefined]]);
  });

  it('keeps asking a fallen bot, ignoring its answers without complaint', () => {
    // Every player stands in the middle of a block that falls at the end of T=3; the quirk runs the
    // game on to the turn limit, and the bot (fallen) still gets its messages.
    const blocks = [
      [4, 0, 0, 0, 0, 4],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [4, 0, 0, 0, 0, 4],
    ];
    const placements = [
      { x: 1, y: 1, facing: 'D' },
      { x: 16, y: 1, facing: 'D' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'U' },
    ];
    const ref = referee('1', { setup: { blocks, placements, turnLimit: 24, opponents: { 0: 'idle', 2: 'idle', 3: 'idle' } } });
    const trace = drive(ref, () => 'U');
    expect(trace.sent).toHaveLength(6);
    expect(trace.sent[1]!.slice(8, 12)).toEqual(['-1 -1 D 0', '-1 -1 U 0', '-1 -1 U 0', '-1 -1 U 0']);
    expect(trace.judgements.slice(1).every((j) => j.violations.length === 0 && j.accepted)).toBe(true);
    expect(ref.outcome()).toMatchObject({ finished: true, scores: { 0: 0, 1: 0, 2: 0, 3: 0 } });
    expect(ref.outcome().summary).toMatch(/draw: every player has fallen; the engine ran the game on to T=24/);
  });
});

describe('javachallenge2015 referee: failures', () => {
  it('after a failed READY sends nothing more and lets the bot stand doing N to the end', () => {
    const ref = referee('0', { setup: { ...idleSetup, turnLimit: 20 } });
    ref.next();
    ref.botFailed('bad-handshake');
    const rest: JuryAction[] = [];
    for (let a = ref.next(); ; a = ref.next()) {
      rest.push(a);
      if (a.type === 'end') break;
      ref.opponent(undefined);
    }
    expect(rest.filter((a) => a.type === 'send' || a.type === 'await')).toEqual([]);
    expect(rest.filter((a) => a.type === 'opponent')).toHaveLength(15);
    expect(rest.at(-1)).toMatchObject({ type: 'end', ending: { kind: 'stopped' } });
    expect(ref.outcome().summary).toMatch(/player 0's bot was terminated at T=0 \(bad-handshake\) and its player did N/);
  });

  it('after a move timeout plays N for that turn and every later one', () => {
    let answered = 0;
    const ref = referee('1', { setup: { ...idleSetup, turnLimit: 40 } });
    const trace = drive(ref, () => (answered++ < 2 ? 'N' : null));
    expect(ref.outcome().summary).toMatch(/player 1's bot was terminated at T=9 \(move-timeout\)/);
    expect(trace.sent).toHaveLength(3);
    expect(trace.actions.filter((a) => a.type === 'await')).toHaveLength(4); // READY + 3 turns
    expect(trace.actions.at(-1)).toMatchObject({ type: 'end', ending: { kind: 'stopped' } });
  });
});

describe('javachallenge2015 referee: opponents and setup', () => {
  it('plays setup scripts first, then the named opponent; scenario moves override both', () => {
    const ref = referee('0', { setup: { placements: 'engine-seed-0', opponents: { 1: { script: 'UL', then: 'idle' } } } });
    const trace: string[] = [];
    ref.next();
    ref.answer(['READY']);
    for (let round = 0; round < 3; round++) {
      ref.next();
      ref.next();
      ref.answer(['N']);
      expect(ref.next()).toMatchObject({ type: 'opponent', player: '1' });
      trace.push(ref.opponent(round === 2 ? 'R' : undefined));
      ref.next();
      ref.opponent('N');
      ref.next();
      ref.opponent('N');
    }
    expect(trace).toEqual(['U', 'L', 'R']);
    expect(() => {
      ref.next();
      ref.next();
      ref.answer(['N']);
      ref.next();
      ref.opponent('up');
    }).toThrow(ScenarioError);
  });

  it('starts where the real engine does for the scenario seed by default, any seed; `seeded` is botjury\'s own draw', () => {
    const logged = { x: 6, y: 15, facing: 'U' }; // the engine's player 0 for seed 23 (jury-facts.md)
    for (const seed of [0, 1, 42, 23, 2015, -5]) {
      const s = buildSetup(undefined, new Set([0]), numericSeed(seed), createRng(seed), 'random');
      expect(s.placementSource).toBe(`engine-seed-${seed}`);
      expect(s.state).toEqual(initialState(enginePlacements(seed)));
    }
    expect(buildSetup(undefined, new Set([0]), numericSeed(23), createRng(23), 'random').state.players[0]).toMatchObject(logged);
    // A text seed is hashed (numericSeed) and that number is the engine's seed.
    const text = buildSetup(undefined, new Set([0]), numericSeed('abc'), createRng('abc'), 'random');
    expect(text.placementSource).toBe(`engine-seed-${numericSeed('abc')}`);
    expect(text.state).toEqual(initialState(enginePlacements(numericSeed('abc'))));
    // engine-seed-N names any long, whatever the scenario seed.
    const named = buildSetup({ placements: 'engine-seed-23' }, new Set([0]), 7, createRng(7), 'random');
    expect(named.placementSource).toBe('engine-seed-23');
    expect(named.state.players[0]).toMatchObject(logged);
    expect(buildSetup({ placements: 'engine-seed--9223372036854775808' }, new Set([0]), 0, createRng(0), 'random').state)
      .toEqual(initialState(enginePlacements(-(2n ** 63n))));
    // seeded: botjury's own placement, repeatable, and not the engine's.
    const a = buildSetup({ placements: 'seeded' }, new Set([0]), 7, createRng(7), 'random');
    const b = buildSetup({ placements: 'seeded' }, new Set([0]), 7, createRng(7), 'random');
    expect(a.placementSource).toBe('seeded');
    expect(a.state).toEqual(b.state);
    expect(a.state).not.toEqual(initialState(enginePlacements(7)));
  });

  it('with fallen blocks in setup.blocks, the engine\'s draw leaves their squares out, and says so', () => {
    const blocks = [0, 1, 2, 3, 4, 5].map((r) => [0, 1, 2, 3, 4, 5].map((c) => (r < 3 && c < 3 ? 0 : -7)));
    for (const seed of [0, 1, 2, 3]) {
      const s = buildSetup({ blocks }, new Set([0]), seed, createRng(seed), 'random');
      expect(s.placementSource).toBe(`engine-seed-${seed} (fallen blocks excluded)`);
      expect(s.state.players.every((p) => p.x < 9 && p.y < 9)).toBe(true);
      expect(s.state.players.map(({ x, y, facing }) => ({ x, y, facing }))).toEqual(enginePlacements(seed, blocks));
    }
    const oneBlock = blocks.map((row, r) => row.map((_, c) => (r === 0 && c === 0 ? 0 : -7)));
    expect(() => buildSetup({ blocks: oneBlock }, new Set([0]), 0, createRng(0), 'random')).toThrow(ScenarioError);
    // Player 0 takes a square of the one block; for seed 0 player 1 finds one more than 3 away, player 2 none.
    expect(() => buildSetup({ blocks: oneBlock }, new Set([0]), 0, createRng(0), 'random')).toThrow(/engine seed 0 on setup.blocks: no square is left for player 2/);
  });

  it('refuses setups the rules do not allow', () => {
    const bad = (setup: Record<string, unknown>) => () => buildSetup(setup, new Set([0]), 0, createRng(0), 'random');
    expect(bad({ placements: [{ x: 0, y: 0, facing: 'U' }, { x: 1, y: 1, facing: 'U' }, { x: 9, y: 9, facing: 'U' }, { x: 17, y: 17, facing: 'U' }] })).toThrow(/2 apart/);
    expect(bad({ placements: 'engine-seed-9223372036854775808' })).toThrow(/not one of auto, seeded, engine-seed-N/);
    expect(bad({ placements: 'engine-seed-07' })).toThrow(ScenarioError);
    expect(bad({ placements: 'engine-seed-' })).toThrow(ScenarioError);
    expect(bad({ placements: 'engine' })).toThrow(ScenarioError);
    expect(bad({ turnLimit: 1001 })).toThrow(/turnLimit/);
    expect(bad({ opponents: { 1: 'genius' } })).toThrow(/unknown opponent 'genius'/);
    expect(bad({ opponents: { 1: { script: 'UXN' } } })).toThrow(/'X' is not an action/);
    expect(() => referee('4')).toThrow(ScenarioError);
    expect(() => referee('0', { opponent: 'genius' })).toThrow(ScenarioError);
  });

  it('built-in opponents are deterministic per seed, and attackers end most games before T=1000', () => {
    const lengths: number[] = [];
    for (let seed = 0; seed < 20; seed++) {
      const run = () => drive(referee('0', { seed, opponent: 'attacker' }), () => 'N');
      const a = run();
      if (seed < 5) expect(run().opponentMoves).toEqual(a.opponentMoves);
      lengths.push(a.sent.length);
    }
    // Player 0 gets 250 turns in a game that runs to T=1000: 7 of these 20 do (the engine's starts for
    // seeds 0-19, the bot idle), the others end with one player left, some of them very early.
    expect(lengths.filter((n) => n < 250).length).toBeGreaterThan(10);
    expect(Math.min(...lengths)).toBeLessThan(50);
  });

  it('the attacker attacks a player in its line of fire', () => {
    const state = initialState([
      { x: 1, y: 1, facing: 'R' },
      { x: 10, y: 1, facing: 'L' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'D' },
    ]);
    expect(chooseAction('attacker', state, 0, createRng(1))).toBe('A');
  });
});
