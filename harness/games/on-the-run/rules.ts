// On The Run (CodeCup 2007) rules as pure functions of state. No I/O, no clock, no randomness.
// The rule text: shared/rules/on-the-run.codecup2007.txt; the jury's reading: shared/jury-facts.md.
import { describeLinks, MODE_NAME, modesBetween, neighbourCities, range, type GameMap, type Mode } from './map.js';

export const DETECTIVES = 4;
export const TURNS = 50;
/** Every fifth turn is an announcement turn. */
export const ROUND_TURNS = 5;
export const ANNOUNCEMENTS = TURNS / ROUND_TURNS;
export const TOTAL_POINTS = 20;

export const RULES = {
  detectivesStart: 'The player that has to control the detectives has to first pick the four starting positions of his detectives.',
  fugitiveStart: 'The fugitive is told these positions and decides on where the fugitive will start. The detectives are told the starting position of the fugitive.',
  fugitiveMove: 'Each turn the fugitive takes a form of transportation to move to another city.',
  connection: 'Every connection uses a specific type of transportation; car, train, or plane.',
  detectivesMove: 'The detectives then all move to a new city.',
  mustMove: 'Note that every turn both the fugitive as well as the detectives have to make a move. They are not allowed to stay in the same city.',
  distinct: 'At the end of the turn no two detectives can be in the same city.',
  catching:
    'If the fugitive travels to a city where there is a detective, or if a detective arrives in the city where the fugitive is, the fugitive is arrested and the game is over.',
  cities: 'The cities are labeled from 1 to n.',
  scoring:
    'If the detectives catch the fugitive, the detectives win. Their score is 10 points + the number of announcements that have not been used.',
  unusedAnnouncement: 'If, during an announcement round, the fugitive moves to a city where a detective already is, the announcement has not been used.',
  escape: 'If the fugitive has not been caught at the end of the tenth round, he wins the game. The score is then 20-0.',
} as const;

export type Side = 'fugitive' | 'detectives';
export const otherSide = (s: Side): Side => (s === 'fugitive' ? 'detectives' : 'fugitive');

export type Phase = 'detectives-start' | 'fugitive-start' | 'fugitive' | 'detectives' | 'over';

export interface Catch {
  turn: number;
  /** Whose move brought the fugitive and a detective together. */
  by: Side;
  city: number;
}

export interface State {
  phase: Phase;
  /** The current turn (1..50) while moving; 0 while placing. */
  turn: number;
  detectives: readonly number[];
  /** 0 until the fugitive has started. */
  fugitive: number;
  /** What the detectives know: the start city, then the city of the latest announcement. */
  lastAnnounced: number;
  /** The mode of the fugitive's latest move. */
  lastMode: Mode | null;
  caught: Catch | null;
}

export interface FugitiveMove {
  mode: Mode;
  to: number;
}

export function initialState(): State {
  return { phase: 'detectives-start', turn: 0, detectives: [], fugitive: 0, lastAnnounced: 0, lastMode: null, caught: null };
}

export const isAnnouncementTurn = (turn: number): boolean => turn % ROUND_TURNS === 0;

export const formatFugitiveMove = (m: FugitiveMove): string => `${m.mode} ${m.to}`;

// ---- Judging: a verdict with a message at least as precise as the real jury's ----

export type Check<T> = { ok: true; value: T } | { ok: false; message: string; expected: string; rule: string };

const fail = <T>(message: string, rule: string, expected: string): Check<T> => ({ ok: false, message, expected, rule });

function cityProblem(map: GameMap, city: number, who: string): string | null {
  return city >= 1 && city <= map.cities ? null : `${who}: there is no city ${city} (the cities are labeled 1 to ${map.cities})`;
}

export function checkDetectivesStart(map: GameMap, state: State, cities: readonly number[]): Check<number[]> {
  const expected = range(DETECTIVES).join(' ');
  if (state.phase !== 'detectives-start') throw new Error(`not the detectives' placement (phase ${state.phase})`);
  for (let i = 0; i < cities.length; i++) {
    const p = cityProblem(map, cities[i]!, `detective ${i + 1}`);
    if (p) return fail(p, RULES.cities, expected);
  }
  const dup = firstDuplicate(cities);
  if (dup) return fail(`detectives ${dup[0] + 1} and ${dup[1] + 1} both start in city ${cities[dup[0]]}: no two detectives can be in the same city`, RULES.distinct, expected);
  return { ok: true, value: [...cities] };
}

export function checkFugitiveStart(map: GameMap, state: State, city: number): Check<number> {
  if (state.phase !== 'fugitive-start') throw new Error(`not the fugitive's placement (phase ${state.phase})`);
  const free = range(map.cities).find((c) => !state.detectives.includes(c))!;
  const p = cityProblem(map, city, 'the fugitive');
  if (p) return fail(p, RULES.cities, String(free));
  const d = state.detectives.indexOf(city);
  if (d >= 0)
    return fail(`the fugitive cannot start in city ${city}: detective ${d + 1} stands there (the detectives are in ${state.detectives.join(', ')})`, RULES.fugitiveStart, String(free));
  return { ok: true, value: city };
}

/** The fugitive's legal moves from its city, those not into a detective first. */
export function fugitiveMoves(map: GameMap, state: State): FugitiveMove[] {
  const all = map.links[state.fugitive]!.map((l) => ({ mode: l.mode, to: l.to }));
  const safe = all.filter((m) => !state.detectives.includes(m.to));
  return [...safe, ...all.filter((m) => state.detectives.includes(m.to))];
}

export function checkFugitiveMove(map: GameMap, state: State, move: FugitiveMove): Check<FugitiveMove> {
  if (state.phase !== 'fugitive') throw new Error(`not the fugitive's move (phase ${state.phase})`);
  const from = state.fugitive;
  const example = formatFugitiveMove(fugitiveMoves(map, state)[0]!);
  const text = formatFugitiveMove(move);
  const p = cityProblem(map, move.to, `the fugitive's move '${text}'`);
  if (p) return fail(p, RULES.cities, example);
  const options = `from ${from} the fugitive can take ${describeLinks(map, from)}`;
  if (move.to === from)
    return fail(`the fugitive's move '${text}' stays in city ${from}; ${options}`, RULES.mustMove, example);
  const modes = modesBetween(map, from, move.to);
  if (modes.length === 0)
    return fail(`the fugitive's move '${text}': city ${move.to} is not connected to the fugitive's city ${from}; ${options}`, RULES.fugitiveMove, example);
  if (!modes.includes(move.mode))
    return fail(
      `the fugitive's move '${text}': there is no ${MODE_NAME[move.mode]} connection between ${from} and ${move.to} (only ${modes.map((m) => MODE_NAME[m]).join(' and ')}: '${modes[0]} ${move.to}')`,
      RULES.connection,
      `${modes[0]} ${move.to}`,
    );
  return { ok: true, value: move };
}

/** One legal set of detective destinations (the first found), or null when there is none. */
export function someDetectivesMove(map: GameMap, from: readonly number[], prefer: readonly number[] = []): number[] | null {
  const options = from.map((c, i) => {
    const near = neighbourCities(map, c);
    const wish = prefer[i];
    return wish !== undefined && near.includes(wish) ? [wish, ...near.filter((x) => x !== wish)] : near;
  });
  return distinctChoice(options);
}

/** The first choice of one city per detective (each list tried in order) with no two the same, or null. */
export function distinctChoice(options: readonly (readonly number[])[]): number[] | null {
  const chosen: number[] = [];
  const search = (i: number): boolean => {
    if (i === options.length) return true;
    for (const c of options[i]!) {
      if (chosen.includes(c)) continue;
      chosen.push(c);
      if (search(i + 1)) return true;
      chosen.pop();
    }
    return false;
  };
  return search(0) ? chosen : null;
}

export function checkDetectivesMove(map: GameMap, state: State, to: readonly number[]): Check<number[]> {
  if (state.phase !== 'detectives') throw new Error(`not the detectives' move (phase ${state.phase})`);
  const from = state.detectives;
  const some = someDetectivesMove(map, from, to);
  const expected = some ? some.join(' ') : '(none: the detectives have no legal move on this map)';
  for (let i = 0; i < DETECTIVES; i++) {
    const who = `detective ${i + 1}`;
    const p = cityProblem(map, to[i]!, who);
    if (p) return fail(p, RULES.cities, expected);
    const reach = `from ${from[i]} it can reach ${neighbourCities(map, from[i]!).join(', ')}`;
    if (to[i] === from[i]) return fail(`${who} stays in city ${from[i]}; ${reach}`, RULES.mustMove, expected);
    if (modesBetween(map, from[i]!, to[i]!).length === 0)
      return fail(`${who} is in city ${from[i]} and cannot move to city ${to[i]}: there is no connection between them; ${reach}`, RULES.detectivesMove, expected);
  }
  const dup = firstDuplicate(to);
  if (dup)
    return fail(
      `detectives ${dup[0] + 1} and ${dup[1] + 1} both end the turn in city ${to[dup[0]]} (moving from ${from[dup[0]]} and ${from[dup[1]]})`,
      RULES.distinct,
      expected,
    );
  return { ok: true, value: [...to] };
}

function firstDuplicate(cities: readonly number[]): [number, number] | null {
  for (let j = 1; j < cities.length; j++) {
    const i = cities.indexOf(cities[j]!);
    if (i < j) return [i, j];
  }
  return null;
}

// ---- Applying checked moves ----

export function placeDetectives(state: State, cities: readonly number[]): State {
  return { ...state, phase: 'fugitive-start', detectives: [...cities] };
}

export function placeFugitive(state: State, city: number): State {
  return { ...state, phase: 'fugitive', turn: 1, fugitive: city, lastAnnounced: city };
}

export function moveFugitive(state: State, move: FugitiveMove): State {
  const caught = state.detectives.includes(move.to) ? { turn: state.turn, by: 'fugitive' as const, city: move.to } : null;
  const announced = !caught && isAnnouncementTurn(state.turn);
  return {
    ...state,
    phase: caught ? 'over' : 'detectives',
    fugitive: move.to,
    lastMode: move.mode,
    lastAnnounced: announced ? move.to : state.lastAnnounced,
    caught,
  };
}

export function moveDetectives(state: State, to: readonly number[]): State {
  const caught = to.includes(state.fugitive) ? { turn: state.turn, by: 'detectives' as const, city: state.fugitive } : null;
  const last = state.turn >= TURNS;
  return {
    ...state,
    phase: caught || last ? 'over' : 'fugitive',
    turn: caught || last ? state.turn : state.turn + 1,
    detectives: [...to],
    caught,
  };
}

// ---- The end ----

/** Announcements the detectives heard before the catch (the one of a turn the fugitive ends by walking into a detective is not made). */
export function announcementsUsed(c: Catch): number {
  return c.by === 'detectives' ? Math.floor(c.turn / ROUND_TURNS) : Math.floor((c.turn - 1) / ROUND_TURNS);
}

export interface Result {
  winner: Side;
  scores: Record<Side, number>;
  reason: string;
}

/** The natural result once phase is 'over' (catch or escape). */
export function result(state: State): Result {
  if (state.phase !== 'over') throw new Error('the game is not over');
  const c = state.caught;
  if (!c) {
    return { winner: 'fugitive', scores: { fugitive: TOTAL_POINTS, detectives: 0 }, reason: `the fugitive was not caught in ${TURNS} turns and wins` };
  }
  const used = announcementsUsed(c);
  const detectives = TOTAL_POINTS / 2 + (ANNOUNCEMENTS - used);
  const how = c.by === 'fugitive' ? `the fugitive moved into city ${c.city} where a detective stands` : `a detective moved into city ${c.city} where the fugitive is`;
  return {
    winner: 'detectives',
    scores: { detectives, fugitive: TOTAL_POINTS - detectives },
    reason: `caught in turn ${c.turn}: ${how}; ${used} announcement${used === 1 ? '' : 's'} used, ${detectives}-${TOTAL_POINTS - detectives} for the detectives`,
  };
}
