// The suite proves what it states: every On The Run scenario states what it must reach (reach:), and
// gets there whatever a legal bot plays, shown with a random legal bot, with in-process bots that try
// hardest not to get there, and (the example field) with a search of every legal line of play.
// The one exception the rules leave open: the fugitive may start next to a detective and move into it
// in turn 1, before the detectives have moved at all; such a fugitive reaches neither the detectives'
// swap nor turn 50, so those two scenarios are then inconclusive, never passed and never failed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createRng, type Rng } from '../../harness/core/rng.js';
import { distanceTable, neighbourCities, parseConnect, type GameMap } from '../../harness/games/on-the-run/map.js';
import { randomDetectivesMove, randomDetectivesStart, randomFugitiveMove, randomFugitiveStart, type Board } from '../../harness/games/on-the-run/opponent.js';
import { formatFugitiveMove, TURNS, type State } from '../../harness/games/on-the-run/rules.js';
import { ROOT, runJson } from '../helpers.js';
import { drive, referee, type SeatReferee, type TestBot } from './fixtures.js';

const RANDOM_BOT = ['python3', 'test/fixtures/bots/on-the-run-random.py'];
const SUITE = path.join(ROOT, 'scenarios', 'on-the-run');
/** Reached by every legal bot except a fugitive that moves into a detective in turn 1. */
const TURN_ONE_HOLE = new Set(['scenarios/on-the-run/detectives-swap.yaml', 'scenarios/on-the-run/escape-ends-on-its-own.yaml']);
const CAUGHT_IN_TURN_ONE = /^caught in turn 1: the fugitive moved into city \d+ where a detective stands/;

const fieldOf = (file: string): string => (parse(readFileSync(path.join(SUITE, file), 'utf8')) as { setup: { connect: string } }).setup.connect;
/** The field of detectives-end-on-their-own.yaml and escape-ends-on-its-own.yaml. */
const ESCAPE_FIELD = fieldOf('detectives-end-on-their-own.yaml');
const EXAMPLE_FIELD = fieldOf('example-field.yaml');

describe('On The Run goals (reach:)', () => {
  // Seed 1 has a fugitive that walks into a detective in turn 1 of detectives-swap, 18 one in escape-ends-on-its-own.
  it.each([1, 18])('random legal bot, seed %i: every goal reached, except after a catch in turn 1', async (seed) => {
    const { code, report } = await runJson(['run', 'scenarios/on-the-run', '--jobs', '2', '--', ...RANDOM_BOT, String(seed)], { timeoutMs: 60_000 });
    expect(report.results).toHaveLength(18);
    expect(report.results.filter((r) => r.status === 'failed' || r.status === 'error')).toEqual([]);
    for (const r of report.results) {
      expect(r.goals?.wanted.length, `${r.scenario} states no goal`).toBeGreaterThan(0);
      if (TURN_ONE_HOLE.has(r.scenario) && r.goals!.missing.length > 0) {
        expect([r.scenario, r.status, r.outcome?.summary]).toEqual([r.scenario, 'inconclusive', expect.stringMatching(CAUGHT_IN_TURN_ONE)]);
        continue;
      }
      expect([r.scenario, r.role, r.goals!.missing]).toEqual([r.scenario, r.role, []]);
      expect(r.status).toBe('passed');
    }
    expect(report.results.filter((r) => r.status === 'inconclusive').map((r) => path.basename(r.scenario))).toEqual(
      seed === 1 ? ['detectives-swap.yaml'] : ['escape-ends-on-its-own.yaml'],
    );
    expect(code).toBe(0); // an inconclusive run is no verdict on the bot
  }, 60_000);
});

describe('reached(seat)', () => {
  it('the swap, then the catch, on the example field', () => {
    const r = referee('fugitive', { connect: EXAMPLE_FIELD }, 6);
    const bot: TestBot = { received: [], answer: (ply) => [ply === 0 ? '5' : ply === 1 ? 'C 1' : 'P 4'] };
    const { ending } = drive(r, bot, { scripted: ['3 4 6 7', '4 3 7 6'] });
    // 5 -> 1 in turn 1; the detectives swap 3<->4 and 6<->7; 1 -> 4 by plane walks into detective 1.
    expect(ending.kind).toBe('quit');
    expect(r.outcome().summary).toMatch(/^caught in turn 2: the fugitive moved into city 4/);
    expect(r.reached().sort()).toEqual(['caught', 'into-vacated-city']);
  });

  it('no goal yet while the game is on; turn-limit only once the detectives have moved in turn 50', () => {
    const r = referee('detectives', { connect: ESCAPE_FIELD }, 25);
    expect(r.reached()).toEqual([]);
    const { ending } = drive(r, randomDetectives(r, map(ESCAPE_FIELD), createRng(1)));
    expect(ending.kind).toBe('self-exit');
    expect(r.reached()).toContain('turn-limit');
    expect(r.reached()).not.toContain('caught');
  });
});

describe('the field of the two end-on-their-own scenarios: nobody can be caught who keeps out of reach', () => {
  const field = map(ESCAPE_FIELD);

  it('42 cities, five neighbours each, no cycle shorter than six connections (a valid playing field)', () => {
    expect(fieldOf('escape-ends-on-its-own.yaml')).toBe(ESCAPE_FIELD);
    expect(field.cities).toBe(42);
    for (let c = 1; c <= field.cities; c++) expect(neighbourCities(field, c)).toHaveLength(5);
    expect(girth(field)).toBe(6);
  });

  it.each([1, 2, 3])('detectives that see the fugitive and close in on it never catch keep-away (seed %i)', (seed) => {
    const ref = referee('detectives', { connect: ESCAPE_FIELD }, seed);
    const { ending } = drive(ref, seeingDetectives(ref, field, createRng(seed)));
    expect(ending.kind).toBe('self-exit');
    expect(ref.reached()).toContain('turn-limit');
    expect(ref.reached()).not.toContain('caught');
  });

  it.each([1, 2, 3])('a fugitive that heads for the keep-off detectives is never caught after turn 1 (seed %i)', (seed) => {
    const ref = referee('fugitive', { connect: ESCAPE_FIELD }, seed, 'keep-off');
    const { ending } = drive(ref, reckless(ref, field, { startNextToDetective: false }));
    expect(ending.kind).toBe('self-exit');
    expect(ref.reached()).toContain('turn-limit');
    expect(ref.reached()).not.toContain('caught');
  });

  it('…except by starting next to a detective and moving into it in turn 1, which the rules allow', () => {
    const ref = referee('fugitive', { connect: ESCAPE_FIELD }, 7, 'keep-off');
    const { ending } = drive(ref, reckless(ref, field, { startNextToDetective: true }));
    expect(ending.kind).toBe('quit');
    expect(ref.outcome().summary).toMatch(CAUGHT_IN_TURN_ONE);
    expect(ref.reached()).toEqual(['caught']);
  });
});

describe('example-field.yaml: every legal line of play against the random opponent of seed 8 ends in a catch by turn 49', () => {
  // A model of the referee's opponent: the same functions, fed the same draws of the seed's
  // 'opponent' stream by position, so a search can branch where the referee cannot be copied.
  const field = map(EXAMPLE_FIELD);
  const board: Board = { map: field, dist: distanceTable(field) };
  const base = createRng(8).fork('opponent');
  const draws = Array.from({ length: 5000 }, () => base.next());
  const LAST = TURNS - 1; // a catch by then ends the game with Quit
  const at = (turn: number, detectives: readonly number[], fugitive: number): State => ({ phase: 'fugitive', turn, detectives, fugitive, lastAnnounced: 0, lastMode: null, caught: null });

  it('the model plays exactly as the referee does (random lines, both roles)', () => {
    let compared = 0;
    for (let line = 1; line <= 20; line++)
      for (const role of ['fugitive', 'detectives'] as const) {
        const ref = referee(role, { connect: EXAMPLE_FIELD }, 8, 'random');
        const rng = createRng(`line ${line}`);
        // Bots that avoid a catch where they can, so that lines last.
        const bot = role === 'fugitive' ? randomFugitive(ref, field, rng, true) : randomDetectives(ref, field, rng, true);
        const model = replay(0);
        for (let i = 0; i < 1000; i++) {
          const a = ref.next();
          if (a.type === 'end') break;
          if (a.type === 'await') ref.answer(bot.answer(a.request.ply));
          if (a.type !== 'opponent') continue;
          const s = ref.snapshot() as { detectives: number[]; fugitive: number | null; ply: number };
          let expected: string;
          if (role === 'detectives') expected = a.ply === 0 ? String(randomFugitiveStart(board, s.detectives, model)) : formatFugitiveMove(randomFugitiveMove(board, at(a.ply, s.detectives, s.fugitive!), model));
          else if (s.detectives.length === 0) expected = randomDetectivesStart(board, model).join(' ');
          else expected = randomDetectivesMove(board, at(a.ply, s.detectives, s.fugitive!), model).join(' ');
          expect(ref.opponent(undefined)).toBe(expected);
          compared++;
        }
      }
    expect(compared).toBeGreaterThan(100); // the catches come early even so
  });

  it('as the detectives: whatever they play, from every start, the random fugitive is caught', () => {
    const memo = new Map<string, boolean>();
    /** Can the detectives (at `ds`, fugitive at `f` to move in `turn`) avoid a catch up to turn LAST? */
    const avoidable = (turn: number, f: number, ds: number[], next: number): boolean => {
      if (turn > LAST) return true;
      const key = `${turn} ${f} ${[...ds].sort((a, b) => a - b).join(',')}`;
      const known = memo.get(key);
      if (known !== undefined) return known;
      const rng = replay(next);
      const move = randomFugitiveMove(board, at(turn, ds, f), rng);
      const result = !ds.includes(move.to) && detectiveMoves(field, ds).some((to) => !to.includes(move.to) && avoidable(turn + 1, move.to, to, rng.position));
      memo.set(key, result);
      return result;
    };
    let starts = 0;
    for (const ds of combinations(field.cities, 4)) {
      const rng = replay(0);
      const start = randomFugitiveStart(board, ds, rng);
      expect(avoidable(1, start, ds, rng.position), `detectives starting in ${ds.join(' ')}`).toBe(false);
      starts++;
    }
    expect(starts).toBe(70);
    expect(memo.size).toBeGreaterThan(1000); // positions searched, each with every legal move of the detectives
  });

  it('as the fugitive: wherever it starts and goes, the random detectives catch it', () => {
    const rng0 = replay(0);
    const start = randomDetectivesStart(board, rng0);
    /** Can the fugitive (at `f`, to move in `turn`; detectives at `ds`) stay free up to turn LAST? */
    const escapes = (turn: number, f: number, ds: number[], next: number): boolean => {
      if (turn > LAST) return true;
      return field.links[f]!.some((l) => {
        if (ds.includes(l.to)) return false;
        const rng = replay(next);
        const to = randomDetectivesMove(board, at(turn, ds, l.to), rng);
        return !to.includes(l.to) && escapes(turn + 1, l.to, to, rng.position);
      });
    };
    const free = Array.from({ length: field.cities }, (_, i) => i + 1).filter((c) => !start.includes(c));
    expect(free.filter((c) => escapes(1, c, start, rng0.position))).toEqual([]);
  });

  /** The opponent's stream from draw `from` on; `position` is the next draw. */
  function replay(from: number): Rng & { position: number } {
    let i = from;
    const next = (): number => draws[i++]!;
    const rng = {
      next,
      int: (n: number) => Math.floor(next() * n),
      pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
      shuffle: <T>(items: T[]): T[] => {
        for (let k = items.length - 1; k > 0; k--) {
          const j = Math.floor(next() * (k + 1));
          [items[k], items[j]] = [items[j]!, items[k]!];
        }
        return items;
      },
      fork: () => {
        throw new Error('not used by the opponents');
      },
      get position() {
        return i;
      },
    };
    return rng;
  }
});

// ---- helpers ----

function map(text: string): GameMap {
  return parseConnect(text);
}

function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (from: number, acc: number[]): void => {
    if (acc.length === k) return void out.push([...acc]);
    for (let c = from; c <= n; c++) pick(c + 1, [...acc, c]);
  };
  pick(1, []);
  return out;
}

/** Every legal move of the four detectives: each to a neighbouring city, no two into one. */
function detectiveMoves(field: GameMap, from: readonly number[]): number[][] {
  const out: number[][] = [];
  const options = from.map((c) => neighbourCities(field, c));
  const pick = (i: number, acc: number[]): void => {
    if (i === from.length) return void out.push([...acc]);
    for (const c of options[i]!) if (!acc.includes(c)) pick(i + 1, [...acc, c]);
  };
  pick(0, []);
  return out;
}

function girth(field: GameMap): number {
  let best = Infinity;
  for (let s = 1; s <= field.cities; s++) {
    const dist = new Map([[s, 0]]);
    const parent = new Map<number, number>();
    const queue = [s];
    for (let i = 0; i < queue.length; i++) {
      const c = queue[i]!;
      for (const n of neighbourCities(field, c)) {
        if (!dist.has(n)) {
          dist.set(n, dist.get(c)! + 1);
          parent.set(n, c);
          queue.push(n);
        } else if (parent.get(c) !== n) best = Math.min(best, dist.get(c)! + dist.get(n)! + 1);
      }
    }
  }
  return best;
}

type Seen = { detectives: number[]; fugitive: number | null };
const seen = (ref: SeatReferee): Seen => ref.snapshot() as Seen;

/** Detectives that play uniformly random legal moves (`careful`: not onto the fugitive when they can help it). */
function randomDetectives(ref: SeatReferee, field: GameMap, rng: Rng, careful = false): TestBot {
  return {
    received: [],
    answer: (ply) => {
      if (ply === 0) return rng.shuffle(Array.from({ length: field.cities }, (_, i) => i + 1)).slice(0, 4).map(String);
      const s = seen(ref);
      const moves = detectiveMoves(field, s.detectives);
      const safe = moves.filter((to) => !to.includes(s.fugitive!));
      return rng.pick(careful && safe.length > 0 ? safe : moves).map(String);
    },
  };
}

/** A fugitive that plays uniformly random legal moves, into a detective included (`careful`: not when it can help it). */
function randomFugitive(ref: SeatReferee, field: GameMap, rng: Rng, careful = false): TestBot {
  return {
    received: [],
    answer: (ply) => {
      const s = seen(ref);
      if (ply === 0) return [String(rng.pick(Array.from({ length: field.cities }, (_, i) => i + 1).filter((c) => !s.detectives.includes(c))))];
      const links = field.links[s.fugitive!]!;
      const safe = links.filter((l) => !s.detectives.includes(l.to));
      const link = rng.pick(careful && safe.length > 0 ? safe : links);
      return [`${link.mode} ${link.to}`];
    },
  };
}

/** Detectives that see the fugitive (more than any bot is told) and each move as close to it as they can. */
function seeingDetectives(ref: SeatReferee, field: GameMap, rng: Rng): TestBot {
  const dist = distanceTable(field);
  return {
    received: [],
    answer: (ply) => {
      if (ply === 0) return ['1', '2', '3', '4'];
      const s = seen(ref);
      const score = (to: number[]) => to.reduce((sum, c) => sum + dist[c]![s.fugitive!]!, 0);
      const moves = rng.shuffle(detectiveMoves(field, s.detectives));
      return moves.reduce((a, b) => (score(b) < score(a) ? b : a)).map(String);
    },
  };
}

/** A fugitive that heads for the nearest detective every turn, moving into one whenever it can. */
function reckless(ref: SeatReferee, field: GameMap, options: { startNextToDetective: boolean }): TestBot {
  const dist = distanceTable(field);
  const nearest = (c: number, ds: number[]) => Math.min(...ds.map((d) => dist[c]![d]!));
  return {
    received: [],
    answer: (ply) => {
      const s = seen(ref);
      const cities = Array.from({ length: field.cities }, (_, i) => i + 1).filter((c) => !s.detectives.includes(c));
      if (ply === 0) return [String(cities.find((c) => (nearest(c, s.detectives) === 1) === options.startNextToDetective))];
      const link = field.links[s.fugitive!]!.reduce((a, b) => (nearest(b.to, s.detectives) < nearest(a.to, s.detectives) ? b : a));
      return [`${link.mode} ${link.to}`];
    },
  };
}
