// Tournament schedules: every property the tournament's fairness and its shards rely on, checked by
// counting over whole schedules — meetings between bots, seats per bot, the rotations of one seed —
// for every field of 2 to 9 bots in games of 2 to 4 seats.
import { describe, expect, it } from 'vitest';
import { binomial, MAX_SCHEDULE_GAMES, pairCoverage, planSchedule, rotate, type Schedule, type ScheduledGame, type ScheduleOptions } from '../../harness/tournament/schedule.js';

const plan = (options: Partial<ScheduleOptions> & Pick<ScheduleOptions, 'bots' | 'seats'>): Schedule =>
  planSchedule({ kind: 'round-robin', rounds: 1, seed: 7, ...options });

/** meetings[x][y]: games in which bots x and y both sat; seatsPlayed[x][s]: games of bot x in seat s. */
function tally(schedule: Schedule): { meetings: number[][]; seatsPlayed: number[][]; builtIns: number[] } {
  const meetings = Array.from({ length: schedule.bots }, () => new Array<number>(schedule.bots).fill(0));
  const seatsPlayed = Array.from({ length: schedule.bots }, () => new Array<number>(schedule.seats).fill(0));
  const builtIns: number[] = [];
  for (const game of schedule) {
    game.table.forEach((x, seat) => {
      if (x === null) return;
      seatsPlayed[x]![seat]! += 1;
      for (const y of game.table) if (y !== null && y !== x) meetings[x]![y]! += 1;
    });
    builtIns.push(game.table.filter((x) => x === null).length);
  }
  return { meetings, seatsPlayed, builtIns };
}

const allEqual = (values: number[]): boolean => values.every((v) => v === values[0]);

const FIELDS: Array<[number, number]> = [];
for (let seats = 2; seats <= 4; seats++) for (let bots = 2; bots <= 9; bots++) FIELDS.push([bots, seats]);

describe('round robin', () => {
  it.each(FIELDS)('%i bots, %i seats: every two bots meet equally often, every bot plays every seat equally often', (bots, seats) => {
    for (const rounds of [1, 3]) {
      const schedule = plan({ bots, seats, rounds });
      const { meetings, seatsPlayed, builtIns } = tally(schedule);
      const offDiagonal = meetings.flatMap((row, x) => row.filter((_, y) => y !== x));
      expect(offDiagonal[0]).toBeGreaterThan(0);
      expect(allEqual(offDiagonal)).toBe(true);
      expect(offDiagonal[0]).toBe(schedule.design.tablesPerPairing * seats * rounds); // each shared table: S games
      expect(allEqual(seatsPlayed.flat())).toBe(true);
      expect(seatsPlayed[0]![0]).toBe(schedule.design.tablesPerBot * rounds);
      // built-in opponents only where the bots cannot fill a table
      expect(builtIns.every((n) => n === Math.max(0, seats - bots))).toBe(true);
      expect(schedule.games).toBe(rounds * schedule.tables.length * seats);
    }
  });

  it('two seats: every pairing, both colours, on one seed per round', () => {
    const schedule = plan({ bots: 4, seats: 2, rounds: 2, seed: 'cup' });
    expect(schedule.design.construction).toBe('all-subsets');
    expect(schedule.tables).toEqual([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    const games = [...schedule];
    expect(games.slice(0, 4).map((g) => [g.table, g.seed])).toEqual([
      [[0, 1], 'cup/0/0'],
      [[1, 0], 'cup/0/0'],
      [[0, 2], 'cup/0/1'],
      [[2, 0], 'cup/0/1'],
    ]);
    expect(games[12]).toEqual({ index: 12, round: 1, tableIndex: 0, rotation: 0, table: [0, 1], seed: 'cup/1/0', pairKey: '1/0' });
  });

  it('fewer bots than seats: one table, the rest built-in opponents, every rotation', () => {
    const schedule = plan({ bots: 2, seats: 4, seed: 3 });
    expect(schedule.design.construction).toBe('single-table');
    expect([...schedule].map((g) => g.table)).toEqual([
      [0, 1, null, null],
      [null, 0, 1, null],
      [null, null, 0, 1],
      [1, null, null, 0],
    ]);
  });

  it('four seats: the numbers of tables for 5, 8 and 20 bots (a balanced design where it beats every subset)', () => {
    // 5 bots: every 4-subset, 5 tables, each two bots at C(3,2) = 3 of them. 8 bots: a 1-rotational 2-(8,4,3) design, 14 tables instead of 70.
    // 20 bots: a 1-rotational 2-(20,4,3) design, 95 tables instead of C(20,4) = 4845.
    const five = plan({ bots: 5, seats: 4 });
    expect([five.design.construction, five.tables.length, five.gamesPerRound, five.design.tablesPerPairing]).toEqual(['all-subsets', 5, 20, 3]);
    const eight = plan({ bots: 8, seats: 4 });
    expect([eight.tables.length, eight.gamesPerRound, eight.design.tablesPerPairing, eight.design.tablesPerBot]).toEqual([14, 56, 3, 7]);
    expect(binomial(8, 4)).toBe(70);
    const twenty = plan({ bots: 20, seats: 4 });
    expect([twenty.tables.length, twenty.gamesPerRound, twenty.design.tablesPerPairing, twenty.design.tablesPerBot]).toEqual([95, 380, 3, 19]);
    expect(binomial(20, 4)).toBe(4845);
    for (const schedule of [eight, twenty]) {
      const coverage = pairCoverage(schedule.bots, schedule.tables);
      expect(coverage.every((row, x) => row.every((count, y) => x === y || count === schedule.design.tablesPerPairing))).toBe(true);
      expect(new Set(schedule.tables.map((t) => t.join())).size).toBe(schedule.tables.length); // no table twice
    }
  });

  it('larger fields: the design is still balanced where one is found, and every subset where not', () => {
    for (const [bots, seats] of [[13, 4], [15, 3], [16, 4], [18, 4], [21, 3]] as const) {
      const schedule = plan({ bots, seats });
      const { meetings, seatsPlayed } = tally(schedule);
      expect(allEqual(meetings.flatMap((row, x) => row.filter((_, y) => y !== x)))).toBe(true);
      expect(allEqual(seatsPlayed.flat())).toBe(true);
      if (schedule.design.construction === 'all-subsets') expect(schedule.tables.length).toBe(binomial(bots, seats));
      else expect(schedule.tables.length).toBeLessThan(binomial(bots, seats));
    }
  });
});

describe('gauntlet', () => {
  it.each(FIELDS)('%i bots, %i seats: bot 0 at every game and in every seat equally, each other bot meets it equally often', (bots, seats) => {
    const schedule = planSchedule({ kind: 'gauntlet', bots, seats, rounds: 2, seed: 1 });
    const { meetings, seatsPlayed } = tally(schedule);
    expect([...schedule].every((g) => g.table.includes(0))).toBe(true);
    expect(allEqual(seatsPlayed[0]!)).toBe(true);
    const againstFirst = meetings[0]!.slice(1);
    expect(againstFirst[0]).toBeGreaterThan(0);
    expect(allEqual(againstFirst)).toBe(true);
    for (let x = 1; x < bots; x++) expect(allEqual(seatsPlayed[x]!)).toBe(true); // the rotations seat the others evenly too
  });

  it('two seats: bot 0 against each other bot with both colours', () => {
    expect(planSchedule({ kind: 'gauntlet', bots: 4, seats: 2, rounds: 1, seed: 0 }).tables).toEqual([[0, 1], [0, 2], [0, 3]]);
  });

  it('four seats, five others: chunks of three round a circle, each other bot at three tables', () => {
    const schedule = planSchedule({ kind: 'gauntlet', bots: 6, seats: 4, rounds: 1, seed: 0 });
    expect(schedule.tables).toEqual([[0, 1, 2, 3], [0, 4, 5, 1], [0, 2, 3, 4], [0, 5, 1, 2], [0, 3, 4, 5]]);
    expect(schedule.design).toEqual({ construction: 'gauntlet', tablesPerPairing: 3, tablesPerBot: 3 });
  });
});

describe('order, seeds and shards', () => {
  it('rounds, then tables, then rotations; the rotations of a table share seed and pairKey and seat each bot once per seat', () => {
    const schedule = plan({ bots: 6, seats: 3, rounds: 2, seed: 'x' });
    const games = [...schedule];
    expect(games.map((g) => g.index)).toEqual(games.map((_, i) => i));
    const keyOrder = games.map((g) => [g.round, g.tableIndex, g.rotation]);
    expect(keyOrder).toEqual([...keyOrder].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!));
    const byKey = new Map<string, ScheduledGame[]>();
    for (const game of games) byKey.set(game.pairKey, [...(byKey.get(game.pairKey) ?? []), game]);
    expect(byKey.size).toBe(schedule.tables.length * 2);
    for (const rotations of byKey.values()) {
      expect(rotations).toHaveLength(3);
      expect(new Set(rotations.map((g) => g.seed)).size).toBe(1);
      for (let seat = 0; seat < 3; seat++) expect(new Set(rotations.map((g) => g.table[seat])).size).toBe(3);
    }
    expect(new Set(games.map((g) => g.seed)).size).toBe(byKey.size); // a new seed per table and round
  });

  it('is deterministic: the same options give the same games, and gameAt agrees with the iteration', () => {
    const a = [...plan({ bots: 9, seats: 4, rounds: 2, seed: 'same' })];
    const b = [...plan({ bots: 9, seats: 4, rounds: 2, seed: 'same' })];
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const schedule = plan({ bots: 9, seats: 4, rounds: 2, seed: 'same' });
    expect(schedule.gameAt(37)).toEqual(a[37]);
    expect(() => schedule.gameAt(schedule.games)).toThrow(RangeError);
  });

  it('shards (index mod N = K-1) split the schedule into disjoint parts that make up the whole', () => {
    const schedule = plan({ bots: 5, seats: 2, rounds: 3 });
    const shards = 4;
    const seen = new Set<number>();
    for (let k = 1; k <= shards; k++) {
      for (const game of schedule) if (game.index % shards === k - 1) seen.add(game.index);
    }
    expect(seen.size).toBe(schedule.games);
  });

  it('rotate seats the j-th bot j seats after the rotation, as match does', () => {
    expect(rotate([4, 5, null], 0)).toEqual([4, 5, null]);
    expect(rotate([4, 5, null], 1)).toEqual([null, 4, 5]);
    expect(rotate([4, 5, null], 2)).toEqual([5, null, 4]);
  });
});

describe('limits', () => {
  it(`refuses a schedule above ${MAX_SCHEDULE_GAMES.toLocaleString('en-US')} games with one line, before building it`, () => {
    expect(() => plan({ bots: 1000, seats: 2, rounds: 2 })).toThrow(/^a round-robin of 1000 bots in a 2-seat game over 2 rounds is at least 1,998,000 games, more than the cap of 1,000,000: play fewer rounds or bots$/);
    expect(() => plan({ bots: 100_000, seats: 4 })).toThrow(/more than the cap/);
    expect(() => plan({ bots: 40, seats: 4, rounds: 10 })).toThrow(/is 3,655,600 games, more than the cap/); // every 4-subset of 40 bots
    expect(() => plan({ bots: 8, seats: 4, rounds: 10, maxGames: 500 })).toThrow(/is 560 games, more than the cap of 500/); // 14 tables
    expect(() => plan({ bots: 8, seats: 4, rounds: 10, maxGames: 150 })).toThrow(/is at least 200 games, more than the cap of 150/); // ⌈28/6⌉ = 5 tables
    expect(plan({ bots: 8, seats: 4, rounds: 8, maxGames: 500 }).games).toBe(448);
  });

  it('refuses options that make no tournament', () => {
    expect(() => plan({ bots: 1, seats: 2 })).toThrow(/at least 2 bots/);
    expect(() => plan({ bots: 3, seats: 1 })).toThrow(/2 to 16 seats/);
    expect(() => plan({ bots: 3, seats: 2, rounds: 0 })).toThrow(/at least 1 round/);
    expect(() => plan({ bots: 3.5, seats: 2 })).toThrow(/at least 2 bots/);
    expect(() => plan({ bots: 3, seats: 2, seed: Number.NaN })).toThrow(/seed/);
    expect(() => planSchedule({ kind: 'swiss' as 'gauntlet', bots: 3, seats: 2, rounds: 1, seed: 0 })).toThrow(/round-robin or a gauntlet/);
  });
});
