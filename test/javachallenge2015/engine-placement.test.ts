// The real JavaChallenge2015 engine's start placement for any seed (engine-placement.ts), against the
// engine's own placements (jury-facts.md) and against the real java.util classes: a recorded fixture
// always, and JcEnginePlacement.java live over thousands of requests where a JDK is installed.
import { execa } from 'execa';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../harness/core/rng.js';
import { enginePlacements, NoStartSquareError } from '../../harness/games/javachallenge2015/engine-placement.js';
import { JavaHashSet, type KeyType } from '../../harness/games/javachallenge2015/java-hash-set.js';
import { JavaRandom } from '../../harness/games/javachallenge2015/java-random.js';
import { emptyBlocks, placementProblem } from '../../harness/games/javachallenge2015/rules.js';
import { ROOT } from '../helpers.js';

const JAVA_TOOL = path.join(ROOT, 'test', 'fixtures', 'tools', 'JcEnginePlacement.java');
const FIXTURE = path.join(ROOT, 'test', 'javachallenge2015', 'fixtures', 'engine-placements.txt');
const HAS_JDK = spawnSync('javac', ['-version'], { stdio: 'ignore' }).status === 0 && spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/** The placements the real engine printed, as (x, y, D) for players 0..3 (shared/jury-facts.md). */
const ENGINE_LOGS: Record<number, string> = {
  0: '0,14,D 14,17,L 14,10,U 2,5,R',
  1: '14,17,R 13,2,U 7,8,R 5,2,L',
  42: '8,13,R 9,9,R 0,1,D 7,3,L',
  11: '14,7,L 7,0,R 9,3,U 8,13,D',
  23: '6,15,U 12,0,R 6,1,D 8,17,R',
  58: '2,7,D 6,11,R 10,17,U 14,5,R',
  302: '16,6,U 15,12,R 7,9,L 10,14,R',
  404: '2,3,U 13,1,U 10,16,U 3,6,L',
  777: '12,4,R 2,1,D 16,0,R 16,14,L',
  1234: '17,2,U 0,15,R 12,14,U 16,14,L',
  4096: '3,17,D 15,6,U 17,1,D 0,16,L',
};

interface Square {
  x: number;
  y: number;
}
/** As the Java tool's Square (GameAIArena's Point2). */
const SQUARE: KeyType<Square> = {
  hashCode: (s) => s.x ^ s.y,
  equals: (a, b) => a.x === b.x && a.y === b.y,
  compare: (a, b) => (a.x !== b.x ? a.x - b.x : a.y - b.y),
};

const format = (squares: readonly Square[]): string => squares.map((s) => `${s.x},${s.y}`).join(' ');

/** botjury's answer to one request of JcEnginePlacement.java (the formats are in its header). */
function answer(request: string): string {
  const [kind, ...rest] = request.split(' ');
  if (kind === 'order') {
    const set = new JavaHashSet(SQUARE);
    for (const op of rest) {
      const [x, y] = op.slice(1).split(',').map(Number);
      if (op.startsWith('+')) set.add({ x: x!, y: y! });
      else set.remove({ x: x!, y: y! });
    }
    return format(set.toArray());
  }
  if (kind === 'random') {
    const [seed, bound, count] = rest;
    const random = new JavaRandom(BigInt(seed!));
    return Array.from({ length: Number(count) }, () => random.nextInt(Number(bound))).join(' ');
  }
  const mask = rest[0];
  const blocks = mask === undefined ? undefined : Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, c) => (mask[r * 6 + c] === '1' ? 0 : -1)));
  try {
    return enginePlacements(BigInt(kind!), blocks).map((p) => `${p.x},${p.y},${p.facing}`).join(' ');
  } catch (error) {
    if (error instanceof NoStartSquareError) return `none ${error.player}`;
    throw error;
  }
}

/** `request = answer` lines (the Java tool's output, or the fixture) into pairs. */
function parse(lines: string): [string, string][] {
  return lines
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf(' =');
      return [line.slice(0, at), line.slice(at + 2).trim()];
    });
}

/** Requests where each answer differs from botjury's: empty when all agree. */
function disagreements(pairs: [string, string][]): string[] {
  return pairs.filter(([request, expected]) => answer(request) !== expected).map(([request, expected]) => `${request}: Java ${expected}, botjury ${answer(request)}`);
}

const EDGE_SEEDS = ['-1', '-9223372036854775808', '9223372036854775807', '281474976710656', '281474976710655', '-281474976710656', '9007199254740991', '-9007199254740991', '25214903917', '2147483648', '-2147483649'];
const BOUNDS = [1, 2, 3, 4, 5, 7, 10, 324, 1 << 30, (1 << 30) + 1, 1610612736, 2147483647];

/** A sequence of adds and removes on one HashSet, keys chosen to collide in the ways HashMap cares about. */
function orderRequest(rng: Rng, kind: number): string {
  const key = (): [number, number] => {
    if (kind === 0) return [rng.int(18), rng.int(18)]; // the board: hashes below 32, bins of up to 18 keys
    if (kind === 1) return [(rng.int(4) - 2) * 65536 + rng.int(32), rng.int(32)]; // high bits: the spreading moves them
    // Tree bins that split in two on a resize (kind 2), or leave a small half that is a list again (kind 3).
    const hashes = kind === 2 ? [5, 69, 133, 197, rng.int(256)] : [5, 133, 5, 133, 5, 133, 5, 133, 69, rng.int(256)];
    const hash = rng.pick(hashes);
    const x = rng.int(1024) - 512;
    return [x, x ^ hash];
  };
  const added: [number, number][] = [];
  const ops: string[] = [];
  for (let n = 20 + rng.int(380); n > 0; n--) {
    if (rng.next() < 0.65 || added.length === 0) {
      const k = key();
      added.push(k);
      ops.push(`+${k[0]},${k[1]}`);
    } else {
      const k = rng.next() < 0.8 ? rng.pick(added) : key();
      ops.push(`-${k[0]},${k[1]}`);
    }
  }
  return `order ${ops.join(' ')}`;
}

function requests(rng: Rng, counts: { seeds: number; longs: number; masks: number; orders: number }): string[] {
  const out: string[] = [];
  for (let seed = 0; seed < counts.seeds; seed++) out.push(String(seed));
  out.push(...EDGE_SEEDS);
  for (let i = 0; i < counts.longs; i++) out.push(String(BigInt.asIntN(64, (BigInt(rng.int(2 ** 32)) << 32n) | BigInt(rng.int(2 ** 32)))));
  for (let i = 0; i < counts.masks; i++) {
    const standing = [0.1, 0.3, 0.6, 0.9][i % 4]!;
    out.push(`${rng.int(2 ** 31) - 2 ** 30} ${Array.from({ length: 36 }, () => (rng.next() < standing ? '1' : '0')).join('')}`);
  }
  for (let i = 0; i < counts.orders; i++) out.push(orderRequest(rng, i % 4));
  for (const bound of BOUNDS) out.push(`random ${rng.int(2 ** 32) - 2 ** 31} ${bound} 40`);
  return out;
}

describe('javachallenge2015 engine placement', () => {
  it('is the real engine\'s placement for the eleven seeds whose engine logs jury-facts.md quotes', () => {
    for (const [seed, logged] of Object.entries(ENGINE_LOGS)) expect(answer(seed), `seed ${seed}`).toBe(logged);
  });

  it('takes any Java long: a safe-integer number means that long exactly, a bigint any long', () => {
    expect(enginePlacements(1234)).toEqual(enginePlacements(1234n));
    expect(enginePlacements(-77)).toEqual(enginePlacements(-77n));
    expect(enginePlacements(Number.MAX_SAFE_INTEGER)).toEqual(enginePlacements(BigInt(Number.MAX_SAFE_INTEGER)));
    // Only the low 48 bits (after the scramble) reach the generator, as in Java.
    expect(enginePlacements(2n ** 48n + 5n)).toEqual(enginePlacements(5n));
    expect(() => enginePlacements(2 ** 53)).toThrow(RangeError);
    expect(() => enginePlacements(1.5)).toThrow(RangeError);
    expect(() => enginePlacements(2n ** 63n)).toThrow(RangeError);
    expect(() => enginePlacements(-(2n ** 63n) - 1n)).toThrow(RangeError);
    expect(enginePlacements(2n ** 63n - 1n)).toHaveLength(4);
  });

  it('places players on standing blocks only, more than 3 apart, and says who has no square left', () => {
    for (let seed = 0; seed < 50; seed++) expect(placementProblem(enginePlacements(seed), emptyBlocks())).toBeUndefined();
    const oneBlock = emptyBlocks().map((row, r) => row.map((_, c) => (r === 5 && c === 5 ? 0 : -5)));
    expect(() => enginePlacements(5, oneBlock)).toThrow(NoStartSquareError);
    expect(() => enginePlacements(5, oneBlock)).toThrow(/player 1/);
    const twoRows = emptyBlocks().map((row, r) => row.map(() => (r < 2 ? 0 : -1)));
    for (let seed = 0; seed < 20; seed++) expect(placementProblem(enginePlacements(seed, twoRows), twoRows)).toBeUndefined();
  });

  it('agrees with java.util.Random and HashSet (Java 17) on the recorded fixture: placements, fallen blocks, set orders, draws', () => {
    const pairs = parse(readFileSync(FIXTURE, 'utf8'));
    expect(pairs.length).toBeGreaterThan(400);
    expect(disagreements(pairs)).toEqual([]);
  });

  it.skipIf(!HAS_JDK)(
    HAS_JDK ? 'agrees with the real java.util classes, run live, over thousands of requests' : 'agrees with the real java.util classes, run live [skipped: needs javac and java on PATH]',
    async () => {
      const input = requests(createRng('engine-placement live'), { seeds: 3000, longs: 1000, masks: 400, orders: 300 });
      const run = await execa('java', [JAVA_TOOL], { input: input.join('\n') + '\n', timeout: 120_000 });
      const pairs = parse(String(run.stdout));
      expect(pairs.map(([request]) => request)).toEqual(input);
      expect(disagreements(pairs)).toEqual([]);
    },
    180_000,
  );
});
