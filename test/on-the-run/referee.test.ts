// The jury as the core drives it: exactly what each role reads and when, how answers are judged, and
// how the game ends (Quit, or each side ending on its own after turn 50).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ScenarioError } from '../../harness/core/game.js';
import { parseConnect } from '../../harness/games/on-the-run/map.js';
import { drive, EXAMPLE_MAP, ListBot, referee, SimBot } from './fixtures.js';
import { scratchDir } from '../helpers.js';

const example = { connect: EXAMPLE_MAP };

/** On the example map: the fugitive shuttles 1 <-> 2 by car, the detectives shuttle between these. */
const SHUTTLE_A = [4, 3, 7, 6];
const SHUTTLE_B = [3, 4, 6, 7];
const shuttleDetectives = (turns: number) => Array.from({ length: turns }, (_, i) => (i % 2 === 0 ? SHUTTLE_A : SHUTTLE_B));
const shuttleFugitive = (turns: number) => Array.from({ length: turns }, (_, i) => (i % 2 === 0 ? 'C 2' : 'C 1'));

describe('setup and connect.txt', () => {
  test('a generated 200-city map by default, written to connect.txt; the same seed gives the same file', () => {
    const text = referee('fugitive', undefined, 5).files()['connect.txt']!;
    expect(parseConnect(text).cities).toBe(200);
    expect(text.endsWith('END\n')).toBe(true);
    expect(referee('detectives', undefined, 5).files()['connect.txt']).toBe(text);
    expect(referee('fugitive', undefined, 6).files()['connect.txt']).not.toBe(text);
  });

  test('generate options, and display data after END like the demonstration files', () => {
    const text = referee('fugitive', { generate: { cities: 30, displayData: true } }).files()['connect.txt']!;
    const [, after] = text.split('END\n');
    expect(parseConnect(text).cities).toBe(30);
    expect(after!.trimEnd().split('\n')).toHaveLength(30);
  });

  test('a map file (relative to the scenario) and inline text are written byte for byte', () => {
    const dir = scratchDir('otr-');
    const withViewerData = EXAMPLE_MAP + '1 10 10\n2 20 10\n';
    writeFileSync(path.join(dir, 'demo.txt'), withViewerData);
    const ref = referee('fugitive', { map: 'demo.txt' }, 1, undefined, dir);
    expect(ref.files()['connect.txt']).toBe(withViewerData);
    expect(referee('fugitive', example).files()['connect.txt']).toBe(EXAMPLE_MAP);
  });

  test('scenario mistakes are ScenarioErrors with every problem named', () => {
    expect(() => referee('fugitive', { connect: EXAMPLE_MAP.replace('P 1-4', 'P 1-6') })).toThrow(ScenarioError);
    expect(() => referee('fugitive', { connect: EXAMPLE_MAP.replace('C 1-2\n', '').replace('T 3-8', 'T 3-9') })).toThrow(
      "setup.connect is not a valid On The Run playing field:\n  line 13: 'T 3-9' names city 9, but the cities are labeled 1 to 8",
    );
    expect(() => referee('fugitive', { map: 'no-such-file.txt' })).toThrow(/setup\.map no-such-file\.txt: no such file/);
    expect(() => referee('fugitive', { connect: EXAMPLE_MAP, generate: {} })).toThrow('on-the-run setup: give one of map, connect and generate, not connect and generate');
    expect(() => referee('fugitive', { generate: { cities: 300 } })).toThrow(/setup.generate: cities must be 5..200/);
    expect(() => referee('white' as 'fugitive', undefined)).toThrow("on-the-run has roles fugitive and detectives, not 'white'");
    expect(() => referee('fugitive', undefined, 1, 'keep-away')).toThrow("the built-in detectives opponent is one of close-in, random, not 'keep-away'");
  });
});

describe('what the detectives read', () => {
  test('role, then after their placement the bare start city, then the mode; on every fifth turn mode and city', () => {
    const bot = new ListBot([SHUTTLE_B, ...shuttleDetectives(6)]);
    const d = drive(referee('detectives', example), bot, { scripted: ['1', ...shuttleFugitive(5), 'C 5'] });
    expect(d.log.slice(0, -4)).toEqual([
      '> Detectives', '? 4@0', '< 3|4|6|7',
      '~ fugitive@0 1', '> 1',
      '~ fugitive@1 C 2', '> C', '? 4@1', '< 4|3|7|6',
      '~ fugitive@2 C 1', '> C', '? 4@2', '< 3|4|6|7',
      '~ fugitive@3 C 2', '> C', '? 4@3', '< 4|3|7|6',
      '~ fugitive@4 C 1', '> C', '? 4@4', '< 3|4|6|7',
      '~ fugitive@5 C 2', '> C 2', '? 4@5', '< 4|3|7|6',
      '~ fugitive@6 C 5', '> C', '? 4@6', '< 3|4|6|7',
    ]);
    expect(d.log.slice(-4).join(' / ')).toMatch(/^~ fugitive@7 C [128] \/ > C \/ \? 4@7 \/ = quit \(steps ran out\)$/);
    expect(d.violations).toEqual([]);
  });

  test('a whole game against the built-in fugitive: every line the detectives read, in order', () => {
    for (const seed of [1, 2, 3]) {
      const ref = referee('detectives', undefined, seed);
      const bot = new SimBot('detectives', parseConnect(ref.files()['connect.txt']!));
      const d = drive(ref, bot);
      expect(d.violations).toEqual([]);
      expect(bot.unread()).toEqual([]); // the simulated bot read exactly what it was sent, no more, no less
      const sent = d.log.filter((l) => l.startsWith('> ')).map((l) => l.slice(2));
      expect(sent[0]).toBe('Detectives');
      expect(sent[1]).toMatch(/^\d+$/);
      sent.slice(2).forEach((line, i) => expect(line).toMatch((i + 1) % 5 === 0 ? /^[CTP] \d+$/ : /^[CTP]$/));
    }
  });
});

describe('what the fugitive reads', () => {
  test('role, the four start cities; it answers its start city and at once its turn-1 move; then four lines per turn', () => {
    const bot = new ListBot([[1], ['C 2'], ['C 1'], ['C 5']]);
    const d = drive(referee('fugitive', example), bot, { scripted: ['3 4 6 7', '4,3,7,6', '3 4 6 7'] });
    expect(d.log.slice(0, 24)).toEqual([
      '> Fugitive',
      '~ detectives@0 3 4 6 7', '> 3', '> 4', '> 6', '> 7',
      '? 1@0', '< 1', '? 1@1', '< C 2',
      '~ detectives@1 4 3 7 6', '> 4', '> 3', '> 7', '> 6',
      '? 1@2', '< C 1',
      '~ detectives@2 3 4 6 7', '> 3', '> 4', '> 6', '> 7',
      '? 1@3', '< C 5',
    ]);
    // The built-in detectives take over for turn 3 and the fugitive reads their four cities.
    const [opp, ...rest] = d.log.slice(24);
    const cities = opp!.replace('~ detectives@3 ', '').split(' ');
    expect(cities).toHaveLength(4);
    expect(rest).toEqual([...cities.map((c) => `> ${c}`), '? 1@4', '= quit (steps ran out)']);
    expect(d.violations).toEqual([]);
  });

  test('a whole game against the built-in detectives: every line the fugitive reads, in order', () => {
    for (const seed of [1, 2, 3]) {
      for (const opponent of [undefined, 'random']) {
        const ref = referee('fugitive', undefined, seed, opponent);
        const bot = new SimBot('fugitive', parseConnect(ref.files()['connect.txt']!));
        const d = drive(ref, bot);
        expect(d.violations).toEqual([]);
        expect(bot.unread()).toEqual([]);
        const sent = d.log.filter((l) => l.startsWith('> ')).map((l) => l.slice(2));
        expect(sent[0]).toBe('Fugitive');
        expect(sent.length % 4).toBe(1);
        sent.slice(1).forEach((line) => expect(line).toMatch(/^\d+$/));
      }
    }
  });
});

describe('the end of the game', () => {
  test('after its move in turn 50 the fugitive ends on its own (the detectives still move; no Quit)', () => {
    const bot = new ListBot([[1], ...shuttleFugitive(50).map((m) => [m])]);
    const ref = referee('fugitive', example);
    const d = drive(ref, bot, { scripted: ['3 4 6 7', ...shuttleDetectives(50).map((c) => c.join(' '))] });
    expect(d.log.slice(-3)).toEqual(['< C 1', '~ detectives@50 3 4 6 7', '= self-exit']);
    expect(d.log.filter((l) => l.startsWith('? ')).at(-1)).toBe('? 1@50');
    expect(ref.outcome()).toEqual({ finished: true, summary: 'the fugitive was not caught in 50 turns and wins', scores: { fugitive: 20, detectives: 0 }, winner: 'fugitive' });
  });

  test('after their move in turn 50 the detectives end on its own, even when it catches the fugitive (10-10)', () => {
    const bot = new ListBot([SHUTTLE_B, ...shuttleDetectives(49), [1, 4, 6, 7]]);
    const ref = referee('detectives', example);
    const d = drive(ref, bot, { scripted: ['1', ...shuttleFugitive(50)] });
    expect(d.log.slice(-5)).toEqual(['~ fugitive@50 C 1', '> C 1', '? 4@50', '< 1|4|6|7', '= self-exit']);
    expect(ref.outcome().scores).toEqual({ detectives: 10, fugitive: 10 });
    expect(ref.outcome().summary).toMatch(/^caught in turn 50: a detective moved into city 1 where the fugitive is; 10 announcements used, 10-10/);
  });

  test('the fugitive walking into a detective in turn 50 also ends on its own (11-9: that announcement was not made)', () => {
    const bot = new ListBot([[1], ...shuttleFugitive(49).map((m) => [m]), ['T 3']]);
    const ref = referee('fugitive', example);
    const d = drive(ref, bot, { scripted: ['3 4 6 7', ...shuttleDetectives(49).map((c) => c.join(' '))] });
    expect(d.log.slice(-2)).toEqual(['< T 3', '= self-exit']);
    expect(ref.outcome().scores).toEqual({ detectives: 11, fugitive: 9 });
  });

  test('a catch before turn 50 ends the game with Quit for the bot, whoever made the catching move', () => {
    // The detectives bot catches: it must still wait for Quit.
    let ref = referee('detectives', example);
    let d = drive(ref, new ListBot([SHUTTLE_B, [2, 3, 7, 6]]), { scripted: ['1', 'C 2'] });
    expect(d.log.slice(-2)).toEqual(['< 2|3|7|6', '= quit Quit']);
    expect(ref.outcome()).toMatchObject({ finished: true, winner: 'detectives', scores: { detectives: 20, fugitive: 0 } });
    // The fugitive opponent walks into a detective: the detectives bot gets Quit instead of the mode.
    ref = referee('detectives', example);
    d = drive(ref, new ListBot([SHUTTLE_B]), { scripted: ['1', 'P 4'] });
    expect(d.log.slice(-2)).toEqual(['~ fugitive@1 P 4', '= quit Quit']);
    // The fugitive bot walks into a detective.
    ref = referee('fugitive', example);
    d = drive(ref, new ListBot([[1], ['P 4']]), { scripted: ['3 4 6 7'] });
    expect(d.log.slice(-2)).toEqual(['< P 4', '= quit Quit']);
    expect(ref.outcome().summary).toMatch(/^caught in turn 1: the fugitive moved into city 4 where a detective stands; 0 announcements used, 20-0/);
  });

  test('the first announcement: caught right after it 19-1; walking into a detective in that turn 20-0', () => {
    let ref = referee('detectives', example);
    drive(ref, new ListBot([SHUTTLE_B, ...shuttleDetectives(4), [2, 3, 7, 6]]), { scripted: ['1', ...shuttleFugitive(5)] });
    expect(ref.outcome().scores).toEqual({ detectives: 19, fugitive: 1 });
    ref = referee('detectives', example);
    const d = drive(ref, new ListBot([SHUTTLE_B, ...shuttleDetectives(4)]), { scripted: ['1', ...shuttleFugitive(4), 'P 4'] });
    expect(d.log.slice(-2)).toEqual(['~ fugitive@5 P 4', '= quit Quit']); // no announcement line was sent
    expect(ref.outcome().scores).toEqual({ detectives: 20, fugitive: 0 });
  });
});

describe('invalid answers: irregular loss 20-0, the bot receives Quit', () => {
  const judge = (role: 'fugitive' | 'detectives', answers: (string | number)[][], scripted: string[]) => {
    const ref = referee(role, example);
    const d = drive(ref, new ListBot(answers), { scripted });
    expect(d.log.at(-1)).toBe('= quit Quit');
    const winner = role === 'fugitive' ? 'detectives' : 'fugitive';
    expect(ref.outcome()).toMatchObject({ finished: true, winner, scores: { [winner]: 20, [role]: 0 } });
    expect(d.violations).toHaveLength(1);
    return d.violations[0]!;
  };
  const detectivesTurn1 = (cities: (string | number)[]) => judge('detectives', [SHUTTLE_B, cities], ['1', 'C 2']);
  const fugitiveTurn1 = (move: string) => judge('fugitive', [[1], [move]], ['3 4 6 7']);

  test('two detectives in one city at the end of the turn', () => {
    expect(detectivesTurn1([4, 3, 7, 4])).toEqual({
      code: 'illegal-move', ply: 1, actual: '4\n3\n7\n4',
      message: 'detectives 1 and 4 both end the turn in city 4 (moving from 3 and 7)',
      expected: '4 3 7 6', expectedIsExample: true, rule: 'At the end of the turn no two detectives can be in the same city.',
    });
  });

  test('a detective moving to a city its city has no connection to', () => {
    expect(detectivesTurn1([4, 5, 7, 6])).toMatchObject({
      code: 'illegal-move', message: 'detective 2 is in city 4 and cannot move to city 5: there is no connection between them; from 4 it can reach 1, 3, 7',
    });
  });

  test('a detective staying', () => {
    expect(detectivesTurn1([3, 3, 7, 6])).toMatchObject({ code: 'illegal-move', message: 'detective 1 stays in city 3; from 3 it can reach 2, 4, 6, 8' });
  });

  test('a detective line with anything but the number', () => {
    expect(detectivesTurn1([4, '3 ', 7, 6])).toMatchObject({
      code: 'bad-format', message: "detective 2's move in turn 1: '3 ' is not a city number; each line must hold nothing but the number of a city",
    });
  });

  test('the fugitive: wrong mode, not connected, no such city', () => {
    expect(fugitiveTurn1('T 2')).toMatchObject({ code: 'illegal-move', ply: 1, expected: 'C 2', message: "the fugitive's move 'T 2': there is no train connection between 1 and 2 (only car: 'C 2')" });
    expect(fugitiveTurn1('C 3')).toMatchObject({ code: 'illegal-move', message: expect.stringMatching(/city 3 is not connected to the fugitive's city 1/) });
    expect(fugitiveTurn1('C 9')).toMatchObject({ code: 'illegal-move', message: "the fugitive's move 'C 9': there is no city 9 (the cities are labeled 1 to 8)" });
  });

  test('the fugitive: bad format', () => {
    expect(fugitiveTurn1('2')).toMatchObject({ code: 'bad-format', message: expect.stringMatching(/^the fugitive's move '2' is not a move: the mode of transport is missing/) });
    expect(fugitiveTurn1('c 2')).toMatchObject({ code: 'bad-format', message: expect.stringMatching(/the mode must be an uppercase C, T or P/) });
    expect(fugitiveTurn1('C  2')).toMatchObject({ code: 'bad-format' });
  });

  test('placements: detectives sharing a city; the fugitive starting on a detective', () => {
    expect(judge('detectives', [[3, 3, 6, 7]], [])).toMatchObject({ code: 'illegal-move', ply: 0, message: 'detectives 1 and 2 both start in city 3: no two detectives can be in the same city' });
    expect(judge('fugitive', [[4], ['C 7']], ['3 4 6 7'])).toMatchObject({ code: 'illegal-move', ply: 0, expected: '1' });
  });

  test('a rejected start city: the turn-1 line the fugitive writes right after it is read and not judged', () => {
    const ref = referee('fugitive', example);
    const d = drive(ref, new ListBot([['C 1'], ['C 2']]), { scripted: ['3 4 6 7'] });
    expect(d.log.slice(-5)).toEqual(['? 1@0', '< C 1', '? 1@1', '< C 2', '= quit Quit']);
    expect(d.violations).toEqual([
      expect.objectContaining({ code: 'bad-format', ply: 0, message: "the fugitive's start city 'C 1' is not a city number (the start city is written without a mode: the mode comes with each move)" }),
    ]);
  });

  test('no usable answer (timeout, crash...): the jury has stopped the bot; irregular loss', () => {
    const ref = referee('fugitive', example);
    const d = drive(ref, new ListBot([[1], ['C 2'], ['C 1']]), { scripted: ['3 4 6 7', '4 3 7 6'], fail: { ply: 2, code: 'total-time-exceeded' } });
    expect(d.log.slice(-2)).toEqual(['? 1@2', '= stopped']);
    expect(ref.outcome()).toMatchObject({ finished: true, winner: 'detectives', scores: { detectives: 20, fugitive: 0 }, summary: expect.stringMatching(/^fugitive: total-time-exceeded \(turn 2\)/) });
  });
});

describe('scripted opponents and scenario expectations', () => {
  test('an illegal scripted move is the scenario\'s fault', () => {
    expect(() => drive(referee('fugitive', example), new ListBot([[1]]), { scripted: ['3 3 6 7'] })).toThrow(
      "scripted detectives move '3 3 6 7' (placing the detectives) is not legal: detectives 1 and 2 both start in city 3: no two detectives can be in the same city",
    );
    expect(() => drive(referee('fugitive', example), new ListBot([[1]]), { scripted: ['3 4 6'] })).toThrow(/expected 4 city numbers/);
    expect(() => drive(referee('detectives', example), new ListBot([SHUTTLE_B]), { scripted: ['1', 'T 2'] })).toThrow(/there is no train connection between 1 and 2/);
    expect(() => drive(referee('detectives', example), new ListBot([SHUTTLE_B]), { scripted: ['3'] })).toThrow(ScenarioError);
  });

  test('canonical forms: detectives as four numbers, the fugitive as mode and city', () => {
    const ref = referee('detectives', example);
    expect(ref.canonical(['4', '3', '7', '6'])).toBe('4 3 7 6');
    expect(ref.canonicalScenarioMove([4, 3, 7, 6])).toBe('4 3 7 6');
    expect(ref.canonicalScenarioMove('4, 3, 7, 6')).toBe('4 3 7 6');
    expect(ref.canonical(['C 12'])).toBe('C 12');
    expect(ref.canonicalScenarioMove('C  12')).toBe('C 12');
    expect(ref.canonicalScenarioMove(12)).toBe('12');
  });

  test('the scenario ending the game early: Quit, no winner', () => {
    const ref = referee('fugitive', example);
    const d = drive(ref, new ListBot([[1], ['C 2']]), { scripted: ['3 4 6 7', '4 3 7 6'] });
    expect(d.log.at(-1)).toBe('= quit (steps ran out)');
    expect(ref.outcome()).toEqual({ finished: false, summary: 'the scenario ended the game (turn 2)', scores: {} });
  });
});

describe('built-in opponents and snapshots', () => {
  test('the built-in opponents only play legal moves (every move goes through the same checks as a scripted one)', () => {
    const endings = new Set<string>();
    for (let seed = 1; seed <= 15; seed++) {
      for (const role of ['fugitive', 'detectives'] as const) {
        for (const opponent of [undefined, 'random']) {
          const ref = referee(role, { generate: { cities: 60 } }, seed, opponent);
          const d = drive(ref, new SimBot(role, parseConnect(ref.files()['connect.txt']!)));
          expect(d.violations).toEqual([]);
          expect(ref.outcome().finished).toBe(true);
          endings.add(d.ending.kind);
        }
      }
    }
    expect([...endings].sort()).toEqual(['quit', 'self-exit']);
  });

  test('a snapshot shows the turn, both sides, what the detectives know, and the map', () => {
    const ref = referee('fugitive', example);
    drive(ref, new ListBot([[1], ['C 2']]), { scripted: ['3 4 6 7', '4 3 7 6'] });
    expect(ref.snapshot()).toMatchObject({
      ply: 2, phase: 'fugitive', cities: 8, fugitive: 2, detectives: [4, 3, 7, 6], lastMode: 'C', detectivesKnow: 1, caught: null,
      connections: expect.arrayContaining([{ mode: 'P', a: 1, b: 4 }]),
    });
    expect((referee('fugitive', { generate: { cities: 10 } }).snapshot() as { positions: unknown[] }).positions).toHaveLength(10);
  });
});
