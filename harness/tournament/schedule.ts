// The game schedule of `botjury tournament`: which bots sit at which seats in game i, on which seed.
// Pure: no I/O, no clock, no randomness; the same options give the same schedule, game for game, so a
// shard (games i with i mod N = K-1) and a resumed run agree with the whole tournament on every game.
//
// A round is a list of tables (the bots of one game, by seat); every table is played on one seed in all
// S cyclic rotations of its seats, so each of its bots plays each seat once on that seed and every two
// of its bots meet in S games. Rounds repeat the same tables on new seeds. Order: rounds, then tables,
// then rotations.
//
// Round robin: every bot meets every other bot in equally many games, and plays every seat equally often.
//   S = 2: every pairing, both colours. S > 2 with N >= S: the tables are a balanced design — every two
//   bots share λ tables — either every S-subset of the bots (λ = C(N-2, S-2)) or, when smaller, a
//   cyclic or 1-rotational design found by a bounded, deterministic search and checked by counting.
//   N < S: one table of all the bots; the seats left over are the game's built-in opponents (null).
// Gauntlet: bot 0 at every table; the others in chunks of S-1 taken round a circle, so each meets
//   bot 0 equally often and bot 0 plays every seat equally often.

export type TournamentKind = 'round-robin' | 'gauntlet';

export interface ScheduleOptions {
  kind: TournamentKind;
  /** Bots in the field, N >= 2. */
  bots: number;
  /** The game's seats (its role count), 2 or more. */
  seats: number;
  /** Rounds, R >= 1: each plays every table of the round on a new seed. */
  rounds: number;
  /** The tournament seed, from which every game's seed derives. */
  seed: number | string;
  /** The largest schedule accepted (default MAX_SCHEDULE_GAMES). */
  maxGames?: number;
}

/** Seats by index, each a bot index or null for the game's built-in opponent. */
export type Table = readonly (number | null)[];

export interface ScheduledGame {
  /** 0-based position in the schedule: shard K of N plays the games with index mod N = K-1. */
  index: number;
  round: number;
  /** The table's position in its round. */
  tableIndex: number;
  /** 0 … S-1: the table's seats turned this many places on (seat (j + rotation) mod S holds the table's j-th bot). */
  rotation: number;
  /** Bot index by seat for this game; null for a built-in opponent. */
  table: (number | null)[];
  /** `<tournament seed>/<round>/<table>`: the same for every rotation of the table in the round. */
  seed: string;
  /** `<round>/<table>`: what the rotations of one seed share, to pair their games (pairGames' seed). */
  pairKey: string;
}

export interface ScheduleDesign {
  /**
   * all-subsets: every S-subset of the bots; cyclic / one-rotational: a balanced design (see the file's
   * head); single-table: fewer bots than seats; gauntlet: bot 0 against chunks of the others.
   */
  construction: 'all-subsets' | 'cyclic' | 'one-rotational' | 'single-table' | 'gauntlet';
  /** Tables per round that each two bots share (round robin), or that each other bot shares with bot 0 (gauntlet). */
  tablesPerPairing: number;
  /** Tables per round of each bot (of each bot but bot 0, in a gauntlet). */
  tablesPerBot: number;
}

export interface Schedule {
  kind: TournamentKind;
  bots: number;
  seats: number;
  rounds: number;
  /** The tables of one round, bots by seat as in rotation 0; every round plays these. */
  tables: readonly Table[];
  design: ScheduleDesign;
  gamesPerRound: number;
  /** Games in the whole schedule: rounds × tables × seats. */
  games: number;
  /** Game `index` (0 <= index < games), computed, not stored: a schedule of a million games costs its tables only. */
  gameAt(index: number): ScheduledGame;
  /** Every game, in order. */
  [Symbol.iterator](): Iterator<ScheduledGame>;
}

export const MAX_SCHEDULE_GAMES = 1_000_000;
/** Above this many bots no design is searched for: the tables are every S-subset (if the cap allows). */
export const DESIGN_SEARCH_MAX_BOTS = 32;
const MAX_SEATS = 16;
const MAX_SEED_CHARS = 200;

export function planSchedule(options: ScheduleOptions): Schedule {
  const { kind, bots, seats, rounds, seed } = options;
  const maxGames = options.maxGames ?? MAX_SCHEDULE_GAMES;
  checkOptions(options, maxGames);
  const refuse = (games: number): never => {
    throw new RangeError(tooLarge(options, games, maxGames));
  };
  const { tables, design } = kind === 'gauntlet' ? gauntletTables(bots, seats, refuse, rounds, maxGames) : roundRobinTables(bots, seats, refuse, rounds, maxGames);
  const gamesPerRound = tables.length * seats;
  const games = gamesPerRound * rounds;
  if (games > maxGames) refuse(games);
  const seedText = String(seed);
  const gameAt = (index: number): ScheduledGame => {
    if (!(Number.isSafeInteger(index) && index >= 0 && index < games)) throw new RangeError(`game index must be 0..${games - 1}, got ${String(index)}`);
    const round = Math.floor(index / gamesPerRound);
    const inRound = index % gamesPerRound;
    const tableIndex = Math.floor(inRound / seats);
    const rotation = inRound % seats;
    const pairKey = `${round}/${tableIndex}`;
    return { index, round, tableIndex, rotation, table: rotate(tables[tableIndex]!, rotation), seed: `${seedText}/${pairKey}`, pairKey };
  };
  return {
    kind,
    bots,
    seats,
    rounds,
    tables,
    design,
    gamesPerRound,
    games,
    gameAt,
    *[Symbol.iterator]() {
      for (let index = 0; index < games; index++) yield gameAt(index);
    },
  };
}

/** The table seated `rotation` places on: seat (j + rotation) mod S holds the table's j-th entry (as `match` seats its bots). */
export function rotate(table: Table, rotation: number): (number | null)[] {
  const seats = table.length;
  const turned: (number | null)[] = new Array(seats).fill(null);
  for (let j = 0; j < seats; j++) turned[(j + rotation) % seats] = table[j]!;
  return turned;
}

/** C(n, k), exact while it fits a double's integers (the caller compares it with a cap far below 2^53). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const smaller = Math.min(k, n - k);
  let result = 1;
  for (let i = 1; i <= smaller; i++) result = (result * (n - smaller + i)) / i;
  return Math.round(result);
}

// --- round robin ---

interface Tables {
  tables: Table[];
  design: ScheduleDesign;
}

function roundRobinTables(bots: number, seats: number, refuse: (games: number) => never, rounds: number, maxGames: number): Tables {
  if (bots < seats) {
    const table = [...range(bots), ...new Array<null>(seats - bots).fill(null)];
    return { tables: [table], design: { construction: 'single-table', tablesPerPairing: 1, tablesPerBot: 1 } };
  }
  const complete = binomial(bots, seats);
  const searched = seats > 2 && bots <= DESIGN_SEARCH_MAX_BOTS ? searchDesign(bots, seats, complete) : null;
  if (searched) return searched;
  if (complete * seats * rounds > maxGames) refuse(complete * seats * rounds);
  const design: ScheduleDesign = { construction: 'all-subsets', tablesPerPairing: binomial(bots - 2, seats - 2), tablesPerBot: binomial(bots - 1, seats - 1) };
  return { tables: combinations(bots, seats), design };
}

/** Every k-subset of 0..n-1, ascending, in lexicographic order. */
function combinations(n: number, k: number): number[][] {
  const all: number[][] = [];
  const current = range(k);
  for (;;) {
    all.push([...current]);
    let i = k - 1;
    while (i >= 0 && current[i] === n - k + i) i--;
    if (i < 0) return all;
    current[i]! += 1;
    for (let j = i + 1; j < k; j++) current[j] = current[j - 1]! + 1;
  }
}

/**
 * A balanced design with fewer tables than every S-subset: b = λ·N(N-1)/(S(S-1)) tables in which every
 * two bots share λ, for the smallest λ that a bounded search reaches. Base blocks are developed
 * over the cyclic group Z_N (all N translates), or over Z_(N-1) with bot N-1 fixed as the point at
 * infinity (1-rotational). A pair {x, y} of Z_v lies in the translates of a base block once for each of
 * the block's pairs with the same difference ±(y - x) (twice when the difference is v/2), so λ holds for
 * every pair exactly when each difference class is covered λ times: the search chooses base blocks until
 * it is. The result is checked by counting before it is used.
 */
function searchDesign(bots: number, seats: number, complete: number): Tables | null {
  const budget = { work: SEARCH_WORK_BUDGET };
  for (let lambda = 1; budget.work > 0; lambda++) {
    const tableCount = (lambda * bots * (bots - 1)) / (seats * (seats - 1));
    if (tableCount >= complete) return null;
    if (!Number.isInteger(tableCount) || (lambda * (bots - 1)) % (seats - 1) !== 0) continue;
    for (const oneRotational of [false, true]) {
      // A pair at difference v/2 adds 2 to its class, so over an even v an odd λ cannot be met.
      if ((oneRotational ? bots - 1 : bots) % 2 === 0 && lambda % 2 === 1) continue;
      const attempt = { work: Math.min(budget.work, ATTEMPT_WORK_BUDGET) };
      const blocks = developedDesign(bots, seats, lambda, oneRotational, attempt);
      budget.work -= Math.min(budget.work, ATTEMPT_WORK_BUDGET) - attempt.work;
      if (!blocks) continue;
      const tables = blocks.map((block) => [...block].sort((a, b) => a - b)).sort(compareTables);
      if (tables.length === tableCount && pairCoverage(bots, tables).every((row, x) => row.every((count, y) => x === y || count === lambda))) {
        return {
          tables,
          design: { construction: oneRotational ? 'one-rotational' : 'cyclic', tablesPerPairing: lambda, tablesPerBot: (lambda * (bots - 1)) / (seats - 1) },
        };
      }
    }
  }
  return null;
}

/**
 * Candidate blocks the whole search may weigh: a count, not a time, so the outcome is the same on any
 * machine; about a tenth of a second at most.
 */
const SEARCH_WORK_BUDGET = 16_000_000;
/** The share of it one λ and one group may take, so that a hopeless case leaves work for the next. */
const ATTEMPT_WORK_BUDGET = 2_000_000;

interface BaseBlock {
  points: number[];
  /** coverage[d]: how much the block's translates add to difference class d (1 … ⌊v/2⌋). */
  coverage: number[];
  infinite: boolean;
}

function developedDesign(bots: number, seats: number, lambda: number, oneRotational: boolean, budget: { work: number }): number[][] | null {
  const order = oneRotational ? bots - 1 : bots;
  const infinity = bots - 1;
  if (order < seats - (oneRotational ? 1 : 0) || order < 2) return null;
  const infiniteBlocksNeeded = oneRotational ? lambda / (seats - 1) : 0;
  if (!Number.isInteger(infiniteBlocksNeeded)) return null;
  const classes = Math.floor(order / 2);
  const finite = baseBlocks(order, seats, false);
  const infinite = oneRotational ? baseBlocks(order, seats - 1, true) : [];
  const counts = new Array<number>(classes + 1).fill(0);
  const chosen: BaseBlock[] = [];
  let infiniteChosen = 0;

  const fits = (block: BaseBlock): boolean => block.coverage.every((add, d) => counts[d]! + add <= lambda);
  const apply = (block: BaseBlock, sign: 1 | -1): void => {
    block.coverage.forEach((add, d) => {
      counts[d]! += sign * add;
    });
    if (block.infinite) infiniteChosen += sign;
    if (sign > 0) chosen.push(block);
    else chosen.pop();
  };
  // Blocks through infinity first (their number is fixed: each adds S-1 to every pair with infinity),
  // in index order; then, while difference classes are short of λ, the class that the fewest fitting
  // blocks can fill, tried with each of them (a block fits if it takes no class past λ).
  const search = (firstInfinite: number): boolean => {
    budget.work -= infinite.length + finite.length;
    if (budget.work <= 0) return false;
    if (infiniteChosen < infiniteBlocksNeeded) {
      for (let i = firstInfinite; i < infinite.length; i++) {
        if (!fits(infinite[i]!)) continue;
        apply(infinite[i]!, 1);
        if (search(i)) return true;
        apply(infinite[i]!, -1);
      }
      return false;
    }
    const fitting = finite.filter(fits);
    let best = 0;
    let fewest = Infinity;
    for (let d = 1; d <= classes; d++) {
      if (counts[d]! >= lambda) continue;
      const fillers = fitting.reduce((n, block) => n + (block.coverage[d]! > 0 ? 1 : 0), 0);
      if (fillers < fewest) [best, fewest] = [d, fillers];
    }
    if (best === 0) return true;
    for (const block of fitting) {
      if (block.coverage[best]! === 0) continue;
      apply(block, 1);
      if (search(infinite.length)) return true;
      apply(block, -1);
    }
    return false;
  };
  if (!search(0)) return null;
  return chosen.flatMap((block) =>
    range(order).map((shift) => (block.infinite ? [infinity] : []).concat(block.points.map((point) => (point + shift) % order))),
  );
}

/**
 * The base blocks of `size` points of Z_order containing 0, one per orbit of translation (the least
 * translate), full orbits only (a block equal to one of its own translates would repeat tables).
 */
function baseBlocks(order: number, size: number, infinite: boolean): BaseBlock[] {
  const classes = Math.floor(order / 2);
  const blocks: BaseBlock[] = [];
  if (size < 1 || size > order) return blocks;
  for (const rest of combinations(order - 1, size - 1)) {
    const points = [0, ...rest.map((point) => point + 1)];
    const translates = points.map((shift) => points.map((point) => (point - shift + order) % order).sort((a, b) => a - b));
    if (translates.some((translate) => compareTables(translate, points) < 0)) continue;
    if (isShortOrbit(points, order)) continue;
    const coverage = new Array<number>(classes + 1).fill(0);
    for (let i = 0; i < size; i++) {
      for (let j = i + 1; j < size; j++) {
        const difference = (points[j]! - points[i]! + order) % order;
        const d = Math.min(difference, order - difference);
        coverage[d]! += 2 * d === order ? 2 : 1;
      }
    }
    blocks.push({ points, coverage, infinite });
  }
  return blocks;
}

function isShortOrbit(points: readonly number[], order: number): boolean {
  const set = new Set(points);
  for (let shift = 1; shift < order; shift++) {
    if (points.every((point) => set.has((point + shift) % order))) return true;
  }
  return false;
}

function compareTables(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** counts[x][y]: tables that hold both bots x and y. */
export function pairCoverage(bots: number, tables: readonly Table[]): number[][] {
  const counts = Array.from({ length: bots }, () => new Array<number>(bots).fill(0));
  for (const table of tables) {
    for (const x of table) {
      for (const y of table) {
        if (x !== null && y !== null && x !== y) counts[x]![y]! += 1;
      }
    }
  }
  return counts;
}

// --- gauntlet ---

/**
 * Bot 0 and S-1 of the others at each table: the others 1..N-1 laid round a circle as often as it takes
 * (lcm(N-1, S-1)/(N-1) times) and cut into chunks of S-1 consecutive ones, so every other bot is in
 * equally many tables and no chunk holds a bot twice.
 */
function gauntletTables(bots: number, seats: number, refuse: (games: number) => never, rounds: number, maxGames: number): Tables {
  const others = bots - 1;
  const chunk = seats - 1;
  if (others <= chunk) {
    const table = [...range(bots), ...new Array<null>(seats - bots).fill(null)];
    return { tables: [table], design: { construction: 'single-table', tablesPerPairing: 1, tablesPerBot: 1 } };
  }
  const laps = lcm(others, chunk) / others;
  const tableCount = (laps * others) / chunk;
  if (tableCount * seats * rounds > maxGames) refuse(tableCount * seats * rounds);
  const tables: Table[] = [];
  for (let t = 0; t < tableCount; t++) tables.push([0, ...range(chunk).map((k) => 1 + ((t * chunk + k) % others))]);
  return { tables, design: { construction: 'gauntlet', tablesPerPairing: laps, tablesPerBot: laps } };
}

// --- checks and helpers ---

function checkOptions(options: ScheduleOptions, maxGames: number): void {
  const { kind, bots, seats, rounds, seed } = options;
  if (kind !== 'round-robin' && kind !== 'gauntlet') throw new RangeError(`a tournament is a round-robin or a gauntlet, got ${JSON.stringify(String(kind)).slice(0, 40)}`);
  if (!(Number.isSafeInteger(seats) && seats >= 2 && seats <= MAX_SEATS)) throw new RangeError(`a tournament game has 2 to ${MAX_SEATS} seats, got ${String(seats)}`);
  if (!(Number.isSafeInteger(bots) && bots >= 2)) throw new RangeError(`a tournament needs at least 2 bots, got ${String(bots)}`);
  if (!(Number.isSafeInteger(rounds) && rounds >= 1)) throw new RangeError(`a tournament plays at least 1 round, got ${String(rounds)}`);
  if (!(Number.isSafeInteger(maxGames) && maxGames >= 1)) throw new RangeError(`the schedule cap must be a whole number of games >= 1, got ${String(maxGames)}`);
  if (typeof seed === 'number' ? !Number.isFinite(seed) : typeof seed !== 'string' || seed.length > MAX_SEED_CHARS) {
    throw new RangeError(`a tournament seed is a finite number or a text of at most ${MAX_SEED_CHARS} characters`);
  }
  // Refuse before building anything that large. A round seats every pairing it needs (every two bots;
  // bot 0 with each other) at some table of C(S, 2) pairings (S - 1 with bot 0), and a table is S games.
  const leastTables =
    kind === 'gauntlet' ? Math.ceil((bots - 1) / (seats - 1)) : bots < seats ? 1 : Math.ceil(binomial(bots, 2) / binomial(seats, 2));
  if (leastTables * seats * rounds > maxGames) throw new RangeError(tooLarge(options, leastTables * seats * rounds, maxGames, true));
}

function tooLarge(options: ScheduleOptions, games: number, maxGames: number, atLeast = false): string {
  const { kind, bots, seats, rounds } = options;
  return `a ${kind} of ${bots} bots in a ${seats}-seat game over ${rounds} round${rounds === 1 ? '' : 's'} is ${atLeast ? 'at least ' : ''}${games.toLocaleString('en-US')} games, more than the cap of ${maxGames.toLocaleString('en-US')}: play fewer rounds or bots`;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}
