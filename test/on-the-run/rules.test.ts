// The pure rules on the rule text's example field, and the scoring examples the rule text works out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { MAP_RULES, parseConnect } from '../../harness/games/on-the-run/map.js';
import { WIRE_RULES } from '../../harness/games/on-the-run/wire.js';
import { HAS_SHARED, needsShared, ROOT, SHARED } from '../helpers.js';
import {
  announcementsUsed, checkDetectivesMove, checkDetectivesStart, checkFugitiveMove, checkFugitiveStart, initialState, moveDetectives,
  moveFugitive, placeDetectives, placeFugitive, result, RULES, someDetectivesMove, type Check, type Side, type State,
} from '../../harness/games/on-the-run/rules.js';
import { EXAMPLE_MAP } from './fixtures.js';

const map = parseConnect(EXAMPLE_MAP);

/** Detectives placed, fugitive placed, at the given turn. */
function position(detectives: number[], fugitive: number, turn = 1): State {
  const s = placeFugitive(placeDetectives(initialState(), detectives), fugitive);
  return { ...s, turn };
}

const failure = <T>(c: Check<T>) => (c.ok ? null : c);

describe('placing', () => {
  test('four distinct cities on the map', () => {
    expect(checkDetectivesStart(map, initialState(), [1, 3, 6, 7]).ok).toBe(true);
    expect(failure(checkDetectivesStart(map, initialState(), [1, 3, 3, 7]))?.message).toBe('detectives 2 and 3 both start in city 3: no two detectives can be in the same city');
    expect(failure(checkDetectivesStart(map, initialState(), [1, 3, 9, 7]))?.message).toBe('detective 3: there is no city 9 (the cities are labeled 1 to 8)');
    expect(failure(checkDetectivesStart(map, initialState(), [0, 3, 6, 7]))?.message).toBe('detective 1: there is no city 0 (the cities are labeled 1 to 8)');
  });

  test('the fugitive may start next to a detective, not on one', () => {
    const s = placeDetectives(initialState(), [1, 3, 6, 7]);
    expect(checkFugitiveStart(map, s, 2).ok).toBe(true); // 2 is next to detective 1
    const f = failure(checkFugitiveStart(map, s, 6));
    expect(f?.message).toBe('the fugitive cannot start in city 6: detective 3 stands there (the detectives are in 1, 3, 6, 7)');
    expect(f?.expected).toBe('2');
    expect(failure(checkFugitiveStart(map, s, 12))?.message).toBe('the fugitive: there is no city 12 (the cities are labeled 1 to 8)');
  });

  test('the detectives are told the start city: it is what they know until the first announcement', () => {
    expect(position([1, 3, 6, 7], 2).lastAnnounced).toBe(2);
  });
});

describe("the fugitive's move", () => {
  const s = position([3, 4, 6, 7], 1);

  test('along a connection of the stated mode', () => {
    expect(checkFugitiveMove(map, s, { mode: 'C', to: 2 }).ok).toBe(true);
    expect(checkFugitiveMove(map, s, { mode: 'T', to: 8 }).ok).toBe(true);
    expect(checkFugitiveMove(map, s, { mode: 'P', to: 4 }).ok).toBe(true); // into a detective: legal, and a catch
  });

  test('wrong mode: names the modes that do connect the two cities', () => {
    const f = failure(checkFugitiveMove(map, s, { mode: 'T', to: 2 }));
    expect(f?.message).toBe("the fugitive's move 'T 2': there is no train connection between 1 and 2 (only car: 'C 2')");
    expect(f?.expected).toBe('C 2');
    expect(f?.rule).toMatch(/^Every connection uses a specific type of transportation/);
    expect(failure(checkFugitiveMove(map, s, { mode: 'C', to: 8 }))?.message).toBe("the fugitive's move 'C 8': there is no car connection between 1 and 8 (only train: 'T 8')");
  });

  test('not adjacent: lists where the fugitive can go', () => {
    const f = failure(checkFugitiveMove(map, s, { mode: 'C', to: 3 }));
    expect(f?.message).toBe("the fugitive's move 'C 3': city 3 is not connected to the fugitive's city 1; from 1 the fugitive can take C 2, P 4, C 5, T 8");
    expect(f?.expected).toBe('C 2'); // the first move not into a detective
  });

  test('must move, and only to cities that exist', () => {
    expect(failure(checkFugitiveMove(map, s, { mode: 'C', to: 1 }))?.message).toMatch(/^the fugitive's move 'C 1' stays in city 1;/);
    expect(failure(checkFugitiveMove(map, s, { mode: 'C', to: 9 }))?.message).toBe("the fugitive's move 'C 9': there is no city 9 (the cities are labeled 1 to 8)");
  });
});

describe("the detectives' move", () => {
  const s = moveFugitive(position([1, 2, 3, 6], 8), { mode: 'C', to: 5 });

  test('each along any connection', () => {
    expect(checkDetectivesMove(map, s, [4, 5, 8, 7]).ok).toBe(true); // 1-4 by plane, 2-5 car, 3-8 train, 6-7 car
  });

  test('a detective may move into the city another detective leaves (checked at the end of the turn)', () => {
    expect(checkDetectivesMove(map, s, [2, 1, 6, 3]).ok).toBe(true);
  });

  test('no two detectives in one city at the end of the turn', () => {
    const f = failure(checkDetectivesMove(map, s, [5, 5, 4, 7]));
    expect(f?.message).toBe('detectives 1 and 2 both end the turn in city 5 (moving from 1 and 2)');
    expect(f?.rule).toBe('At the end of the turn no two detectives can be in the same city.');
    expect(checkDetectivesMove(map, s, (f!.expected).split(' ').map(Number)).ok).toBe(true);
  });

  test('a detective must move, along a connection', () => {
    expect(failure(checkDetectivesMove(map, s, [4, 2, 8, 7]))?.message).toBe('detective 2 stays in city 2; from 2 it can reach 1, 3, 5');
    const f = failure(checkDetectivesMove(map, s, [4, 5, 7, 8]));
    expect(f?.message).toBe('detective 3 is in city 3 and cannot move to city 7: there is no connection between them; from 3 it can reach 2, 4, 6, 8');
    expect(failure(checkDetectivesMove(map, s, [4, 5, 8, 0]))?.message).toBe('detective 4: there is no city 0 (the cities are labeled 1 to 8)');
  });

  test('someDetectivesMove keeps what is legal of a wish and completes it', () => {
    const some = someDetectivesMove(map, [1, 2, 3, 6], [5, 5, 4, 7])!;
    expect(some[0]).toBe(5);
    expect(checkDetectivesMove(map, s, some).ok).toBe(true);
  });
});

describe('catching and announcements', () => {
  test('the fugitive walking into a detective is caught by its own move', () => {
    const s = moveFugitive(position([4, 3, 6, 7], 1), { mode: 'P', to: 4 });
    expect(s.phase).toBe('over');
    expect(s.caught).toEqual({ turn: 1, by: 'fugitive', city: 4 });
  });

  test('a detective arriving where the fugitive is catches it', () => {
    const s = moveDetectives(moveFugitive(position([4, 3, 6, 7], 1), { mode: 'C', to: 5 }), [1, 4, 8, 6]);
    expect(s.phase).toBe('fugitive');
    const t = moveDetectives(moveFugitive(s, { mode: 'C', to: 2 }), [5, 3, 6, 8]);
    expect(t.caught).toBeNull();
    const u = moveDetectives(moveFugitive(t, { mode: 'C', to: 1 }), [1, 4, 3, 6]);
    expect(u.caught).toEqual({ turn: 3, by: 'detectives', city: 1 });
  });

  test('the detectives learn the city only on every fifth turn', () => {
    let s = position([3, 4, 6, 7], 1);
    const route: [number, number, number, number][] = [
      [4, 3, 7, 6],
      [3, 4, 6, 7],
      [4, 3, 7, 6],
      [3, 4, 6, 7],
      [4, 3, 7, 6],
    ];
    const fugitive = [2, 5, 1, 2, 5] as const;
    for (let i = 0; i < 5; i++) {
      s = moveFugitive(s, { mode: 'C', to: fugitive[i]! });
      expect(s.lastAnnounced).toBe(i === 4 ? 5 : 1);
      s = moveDetectives(s, route[i]!);
    }
    expect(s.turn).toBe(6);
  });

  test('after turn 50 the game is over and the fugitive escaped', () => {
    let s = position([3, 4, 6, 7], 1);
    const fugitive = [2, 1];
    const detectives = [[4, 3, 7, 6], [3, 4, 6, 7]];
    for (let t = 1; t <= 50; t++) {
      expect(s.phase).toBe('fugitive');
      expect(s.turn).toBe(t);
      s = moveDetectives(moveFugitive(s, { mode: 'C', to: fugitive[(t - 1) % 2]! }), detectives[(t - 1) % 2]!);
    }
    expect(s.phase).toBe('over');
    expect(result(s)).toEqual({ winner: 'fugitive', scores: { fugitive: 20, detectives: 0 }, reason: 'the fugitive was not caught in 50 turns and wins' });
  });
});

describe('scoring: the rule text examples', () => {
  const score = (turn: number, by: Side) => {
    const s: State = { ...position([3, 4, 6, 7], 1, turn), phase: 'over', caught: { turn, by, city: 4 } };
    return result(s).scores;
  };
  test('caught in the first round before the announcement: 20-0', () => {
    for (const t of [1, 2, 3, 4]) for (const by of ['fugitive', 'detectives'] as const) expect(score(t, by)).toEqual({ detectives: 20, fugitive: 0 });
  });
  test('caught in the first round after the announcement: 19-1', () => {
    expect(score(5, 'detectives')).toEqual({ detectives: 19, fugitive: 1 });
    expect(score(6, 'fugitive')).toEqual({ detectives: 19, fugitive: 1 });
  });
  test('the fugitive moving into a detective in an announcement turn: the announcement is not used (20-0, not 19-1)', () => {
    expect(score(5, 'fugitive')).toEqual({ detectives: 20, fugitive: 0 });
    expect(announcementsUsed({ turn: 10, by: 'fugitive', city: 1 })).toBe(1);
  });
  test('caught in the last round after the tenth announcement: 10-10', () => {
    expect(score(50, 'detectives')).toEqual({ detectives: 10, fugitive: 10 });
    expect(score(50, 'fugitive')).toEqual({ detectives: 11, fugitive: 9 });
  });
});

describe.skipIf(!HAS_SHARED)(needsShared('quotes'), () => {
  const ruleText = HAS_SHARED ? readFileSync(path.join(SHARED, 'rules', 'on-the-run.codecup2007.txt'), 'utf8') : '';
  const juryFacts = HAS_SHARED ? readFileSync(path.join(SHARED, 'jury-facts.md'), 'utf8').replace(/\s+/g, ' ') : '';
  const quoted = (q: string) => ruleText.includes(q) || juryFacts.includes(q);

  test('every rule sentence a verdict cites is quoted verbatim from the rule text (or jury-facts)', () => {
    for (const q of [...Object.values(RULES), ...Object.values(WIRE_RULES), ...Object.values(MAP_RULES)]) expect(quoted(q), q).toBe(true);
  });

  test('every built-in scenario quotes its rule verbatim', () => {
    const dir = path.join(ROOT, 'scenarios', 'on-the-run');
    for (const file of readdirSync(dir)) {
      const rule = (parse(readFileSync(path.join(dir, file), 'utf8')) as { rule?: string }).rule;
      expect(rule, file).toBeDefined();
      expect(quoted(rule!), `${file}: ${rule}`).toBe(true);
    }
  });
});
