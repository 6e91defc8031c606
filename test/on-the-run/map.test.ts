// connect.txt parsing, the promised map properties, and the seeded generator.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createRng, type Rng } from '../../harness/core/rng.js';
import { fieldAndDistances, loadField } from '../../harness/games/on-the-run/field.js';
import { displayData, generateMap } from '../../harness/games/on-the-run/generator.js';
import { EXAMPLE_MAP } from './fixtures.js';
import { formatConnect, MapError, mapProblems, modesBetween, neighbourCities, parseConnect, distancesFrom } from '../../harness/games/on-the-run/map.js';


function problems(text: string): string[] {
  try {
    parseConnect(text);
  } catch (e) {
    if (e instanceof MapError) return e.problems;
    throw e;
  }
  return [];
}

describe('connect.txt', () => {
  test('the rule text example parses into the pictured field', () => {
    const map = parseConnect(EXAMPLE_MAP);
    expect(map.cities).toBe(8);
    expect(map.connections).toHaveLength(14);
    expect(neighbourCities(map, 1)).toEqual([2, 4, 5, 8]);
    expect(modesBetween(map, 3, 4)).toEqual(['C', 'T']);
    expect(modesBetween(map, 1, 4)).toEqual(['P']);
    expect(modesBetween(map, 1, 3)).toEqual([]);
    expect(distancesFrom(map, 7)[1]).toBe(2); // 7-4 by car, 4-1 by plane
  });

  test('everything after the first END line is ignored (the demonstration files carry display data there)', () => {
    const map = parseConnect(EXAMPLE_MAP + 'C 1-3\nthis is viewer data\n1 10 20\nEND\n');
    expect(map.connections).toHaveLength(14);
    expect(modesBetween(map, 1, 3)).toEqual([]);
  });

  test('CRLF files are read like LF files', () => {
    expect(parseConnect(EXAMPLE_MAP.replace(/\n/g, '\r\n')).connections).toHaveLength(14);
  });

  test('format errors name the line', () => {
    expect(problems('eight\nEND\n')[0]).toMatch(/^line 1 is not a city count/);
    expect(problems(EXAMPLE_MAP.replace('C 6-8', 'C 6 8'))).toEqual([
      expect.stringMatching(/^line 10 is not a connection like 'C 1-2'/),
    ]);
    expect(problems(EXAMPLE_MAP.replace('P 1-4', 'B 1-4'))[0]).toMatch(/^line 15 is not a connection/);
    expect(problems(EXAMPLE_MAP.replace('T 3-8', 'T 3-9'))[0]).toBe("line 14: 'T 3-9' names city 9, but the cities are labeled 1 to 8");
    expect(problems(EXAMPLE_MAP.replace('T 3-8', 'T 3-3'))[0]).toMatch(/^line 14: 'T 3-3' connects city 3 with itself; A connection always connects two different cities/);
    expect(problems(EXAMPLE_MAP.replace('T 3-8', 'T 4-3'))[0]).toBe("line 14: 'T 4-3' repeats the train connection of line 13");
    expect(problems(EXAMPLE_MAP.replace('END\n', ''))).toEqual([expect.stringMatching(/^no 'END' line/)]);
  });

  test('city count limits', () => {
    expect(problems('201\nEND\n')[0]).toMatch(/^line 1: 201 cities; There are never more than 200 cities/);
    expect(problems('4\nC 1-2\nC 2-3\nC 3-4\nC 4-1\nEND\n')[0]).toMatch(/^line 1: 4 cities; four detectives and the fugitive need at least 5/);
  });

  test('every city needs two car connections', () => {
    const text = EXAMPLE_MAP.replace('C 1-2\n', '');
    expect(problems(text)).toEqual([
      'cities 1 (1), 2 (1) have fewer than two car connections; Every city has always at least two different connections of type car.',
    ]);
  });

  test('every city must be reachable by car', () => {
    // Two car triangles joined only by train.
    const text = '6\nC 1-2\nC 2-3\nC 3-1\nC 4-5\nC 5-6\nC 6-4\nT 1-4\nEND\n';
    expect(problems(text)).toEqual(['cities 4, 5, 6 cannot be reached from city 1 by car; Every city can always be reached from every other city by car.']);
  });

  test('plane cities must be train cities', () => {
    const text = EXAMPLE_MAP.replace('P 1-4', 'P 1-6');
    expect(problems(text)).toEqual([
      'city 6 has a plane connection but no train connection; The cities that can be reached by plane are a subset of the cities that can be reached by train.',
    ]);
  });

  test('a mode with more connections than any planar graph can have is rejected', () => {
    // K6 by car: 15 connections among 6 cities, more than 3*6-6 = 12.
    const pairs: string[] = [];
    for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) pairs.push(`C ${a}-${b}`);
    expect(problems(`6\n${pairs.join('\n')}\nEND\n`)).toEqual([
      expect.stringMatching(/^15 car connections among 6 cities cannot be planar \(a planar graph has at most 3V-6 = 12\)/),
    ]);
  });
});

describe('generated maps', () => {
  test.each([5, 8, 30, 100, 200])('%i cities: every promised property holds, for many seeds', (cities) => {
    for (let seed = 1; seed <= 12; seed++) {
      const { map } = generateMap(createRng(`${cities}/${seed}`), { cities });
      expect(mapProblems(map)).toEqual([]);
      // And the text round-trips through the parser a bot author would write.
      expect(parseConnect(formatConnect(map)).connections).toHaveLength(map.connections.length);
    }
  });

  test('a default map looks like a competition map: 200 cities, trains between fewer cities over longer distances, few planes', () => {
    const { map, positions } = generateMap(createRng(2007));
    expect(map.cities).toBe(200);
    const of = (m: string) => map.connections.filter((c) => c.mode === m);
    const served = (m: string) => new Set(of(m).flatMap((c) => [c.a, c.b])).size;
    const meanLength = (m: string) => {
      const ls = of(m).map((c) => Math.hypot(positions[c.a]![0] - positions[c.b]![0], positions[c.a]![1] - positions[c.b]![1]));
      return ls.reduce((a, b) => a + b, 0) / ls.length;
    };
    expect(served('C')).toBe(200);
    expect(served('T')).toBeGreaterThanOrEqual(20);
    expect(served('T')).toBeLessThanOrEqual(80);
    expect(served('P')).toBeGreaterThanOrEqual(2);
    expect(served('P')).toBeLessThanOrEqual(10);
    expect(meanLength('T')).toBeGreaterThan(1.5 * meanLength('C'));
    expect(meanLength('P')).toBeGreaterThan(meanLength('T'));
    const carDegree = (2 * of('C').length) / 200;
    expect(carDegree).toBeGreaterThan(2.4);
    expect(carDegree).toBeLessThan(4.5);
  });

  test('the same seed gives the same map; another seed another', () => {
    const a = formatConnect(generateMap(createRng(1)).map);
    expect(formatConnect(generateMap(createRng(1)).map)).toBe(a);
    expect(formatConnect(generateMap(createRng(2)).map)).not.toBe(a);
  });

  test('a seed gives the field it gave before: a game re-run from its seed is played on the same field', () => {
    // The digest of the fields of 96 seeds and sizes, as the first generator made them (before its
    // speed-up of stop 45, which had to keep every decision, ties included).
    const digest = createHash('sha256');
    for (const cities of [5, 7, 12, 30, 100, 200])
      for (let seed = 0; seed < 8; seed++)
        for (const options of [{ cities }, { cities, trainCities: Math.max(2, cities >> 2), planeCities: 2 }]) {
          const { map, positions } = generateMap(createRng(`${cities}/${seed}/${JSON.stringify(options)}`), options);
          digest.update(formatConnect(map) + JSON.stringify(positions));
        }
    expect(digest.digest('hex').slice(0, 16)).toBe('262ce346072af895');
  });

  test('display data goes after END, one line per city, and a careful reader ignores it', () => {
    const g = generateMap(createRng(3), { cities: 20 });
    const text = formatConnect(g.map, displayData(g.positions));
    const after = text.split('END\n')[1]!.trimEnd().split('\n');
    expect(after).toHaveLength(20);
    expect(after[0]).toMatch(/^1 \d+ \d+$/);
    expect(parseConnect(text).connections).toEqual(g.map.connections);
  });

  test('bad options are refused', () => {
    expect(() => generateMap(createRng(1), { cities: 4 })).toThrow(/cities must be 5..200/);
    expect(() => generateMap(createRng(1), { cities: 201 })).toThrow(/cities must be 5..200/);
  });
});

describe('a generated field shared by the games of a process', () => {
  // A check makes each scenario's game to check it, then again for each role: the field is made once.
  const fresh = (seed: string) => createRng(seed).fork('map');

  test('the same stream and options give the same field and table, once, as loadField makes them', () => {
    const a = fieldAndDistances({ generate: { cities: 40 } }, '.', fresh('shared/1'));
    const b = fieldAndDistances({ generate: { cities: 40 } }, '.', fresh('shared/1'));
    expect(b).toBe(a);
    expect(a.field.text).toBe(loadField({ generate: { cities: 40 } }, '.', fresh('shared/1')).text);
    expect(a.dist[1]![1]).toBe(0);
  });

  test('another seed, other options or no setup at all: another field', () => {
    const a = fieldAndDistances({ generate: { cities: 40 } }, '.', fresh('shared/2'));
    expect(fieldAndDistances({ generate: { cities: 40 } }, '.', fresh('shared/3'))).not.toBe(a);
    const withDisplay = fieldAndDistances({ generate: { cities: 40, displayData: true } }, '.', fresh('shared/2'));
    expect(withDisplay).not.toBe(a);
    expect(withDisplay.field.text).not.toBe(a.field.text);
    expect(fieldAndDistances(undefined, '.', fresh('shared/2')).field.map.cities).toBe(200);
  });

  test('what is shared is frozen: no game can change the next one\'s field', () => {
    const { field, dist } = fieldAndDistances({ generate: { cities: 20 } }, '.', fresh('shared/4'));
    expect(() => (dist[1] as number[]).push(1)).toThrow(TypeError);
    expect(() => ((field.map.connections[0] as { a: number }).a = 99)).toThrow(TypeError);
    expect(() => (field.map.links[1] as unknown[]).pop()).toThrow(TypeError);
  });

  test('a field from a file or text is made anew, and so is one from an Rng with no stream name', () => {
    const text = formatConnect(generateMap(createRng('shared/5'), { cities: 10 }).map);
    expect(fieldAndDistances({ connect: text }, '.', fresh('shared/5'))).not.toBe(fieldAndDistances({ connect: text }, '.', fresh('shared/5')));
    const { stream: _stream, ...nameless } = fresh('shared/6');
    const unnamed = () => ({ ...nameless, fork: nameless.fork }) as Rng;
    const x = fieldAndDistances({ generate: { cities: 20 } }, '.', unnamed());
    expect(fieldAndDistances({ generate: { cities: 20 } }, '.', unnamed())).not.toBe(x);
  });
});
