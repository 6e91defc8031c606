// On The Run playing fields: the `connect.txt` format and the properties the rule text promises.
// Pure functions: no I/O (the referee reads files), no clock, no randomness.

export type Mode = 'C' | 'T' | 'P';
export const MODES: readonly Mode[] = ['C', 'T', 'P'];
export const MODE_NAME: Readonly<Record<Mode, string>> = { C: 'car', T: 'train', P: 'plane' };

/** The rule text: "There are never more than 200 cities." */
export const MAX_CITIES = 200;
/** Four detectives and the fugitive each need a city of their own. */
export const MIN_CITIES = 5;

export const MAP_RULES = {
  format:
    "Each connection is described by one character indicating the connection type, a space, the label of the first city, a minus symbol ('-') and the label of the second city.",
  end: "On the last line of the input file are the uppercase characters 'END'.",
  count: 'The first line contains an integer n (n = 200) that indicates how many cities are on the playing field.',
  afterEnd: 'your program must stop reading after the first line containing END',
  different: 'A connection always connects two different cities.',
  carReach: 'Every city can always be reached from every other city by car.',
  carTwice: 'Every city has always at least two different connections of type car.',
  maxCities: 'There are never more than 200 cities.',
  planar: 'If you look at one specific connection type the graph is always a planar graph (connections do not intersect).',
  trainSubset: 'The cities that can be reached by train are a subset of the cities that can be reached by car.',
  planeSubset: 'The cities that can be reached by plane are a subset of the cities that can be reached by train.',
} as const;

export interface Connection {
  mode: Mode;
  a: number;
  b: number;
}

export interface Link {
  mode: Mode;
  to: number;
}

export interface GameMap {
  cities: number;
  /** In file order. */
  connections: readonly Connection[];
  /** links[city] for city 1..n (index 0 unused): every connection seen from that city, sorted by city then mode. */
  links: readonly (readonly Link[])[];
}

/** A connect.txt that breaks the format or the promised properties; the message names every problem. */
export class MapError extends Error {
  override name = 'MapError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export function buildMap(cities: number, connections: readonly Connection[]): GameMap {
  const links: Link[][] = Array.from({ length: cities + 1 }, () => []);
  for (const c of connections) {
    links[c.a]!.push({ mode: c.mode, to: c.b });
    links[c.b]!.push({ mode: c.mode, to: c.a });
  }
  const order = (x: Link, y: Link) => x.to - y.to || MODES.indexOf(x.mode) - MODES.indexOf(y.mode);
  for (const l of links) l.sort(order);
  return { cities, connections, links };
}

const CONNECTION_LINE = /^([CTP]) (\d+)-(\d+)$/;

/**
 * Parses connect.txt as a careful player would: the count, connection lines, the first `END` line;
 * everything after it is ignored (the demonstration files carry display data there). Throws MapError.
 */
export function parseConnect(text: string): GameMap {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop(); // the final newline ends a line, it does not start one
  const problems: string[] = [];
  const first = (lines[0] ?? '').trim();
  if (!/^\d+$/.test(first)) throw new MapError([`line 1 is not a city count; ${MAP_RULES.count}`]); // the line itself is not quoted: the file may be anything
  const cities = Number(first);
  if (cities > MAX_CITIES) problems.push(`line 1: ${cities} cities; ${MAP_RULES.maxCities}`);
  if (cities < MIN_CITIES) problems.push(`line 1: ${cities} cities; four detectives and the fugitive need at least ${MIN_CITIES}`);

  const connections: Connection[] = [];
  const seen = new Map<string, number>();
  let ended = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const no = i + 1;
    if (line.trim() === 'END') {
      ended = true;
      break;
    }
    const m = CONNECTION_LINE.exec(line.trimEnd());
    if (!m) {
      problems.push(`line ${no} is not a connection like 'C 1-2', 'T 3-8' or 'P 1-4', nor 'END'`);
      continue;
    }
    const mode = m[1] as Mode;
    const a = Number(m[2]);
    const b = Number(m[3]);
    const bad = [a, b].filter((c) => c < 1 || c > cities);
    if (bad.length > 0) {
      problems.push(`line ${no}: '${line}' names city ${bad[0]}, but the cities are labeled 1 to ${cities}`);
      continue;
    }
    if (a === b) {
      problems.push(`line ${no}: '${line}' connects city ${a} with itself; ${MAP_RULES.different}`);
      continue;
    }
    const key = `${mode} ${Math.min(a, b)}-${Math.max(a, b)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(`line ${no}: '${line}' repeats the ${MODE_NAME[mode]} connection of line ${earlier}`);
      continue;
    }
    seen.set(key, no);
    connections.push({ mode, a, b });
  }
  if (!ended) problems.push(`no 'END' line; ${MAP_RULES.end}`);
  if (problems.length > 0) throw new MapError(problems);
  const map = buildMap(cities, connections);
  const property = mapProblems(map);
  if (property.length > 0) throw new MapError(property);
  return map;
}

/** The properties the rule text promises of every playing field; an empty list when all hold. */
export function mapProblems(map: GameMap): string[] {
  const problems: string[] = [];
  const cities = range(map.cities);
  const carNeighbours = (c: number) => map.links[c]!.filter((l) => l.mode === 'C').length;

  if (map.cities > MAX_CITIES) problems.push(`${map.cities} cities; ${MAP_RULES.maxCities}`);
  const lonely = cities.filter((c) => carNeighbours(c) < 2);
  if (lonely.length > 0)
    problems.push(`${listCities(lonely, (c) => `${c} (${carNeighbours(c)})`)} ${lonely.length === 1 ? 'has' : 'have'} fewer than two car connections; ${MAP_RULES.carTwice}`);

  const reached = reachable(map, 1, (l) => l.mode === 'C');
  const cut = cities.filter((c) => !reached.has(c));
  if (cut.length > 0) problems.push(`${listCities(cut)} cannot be reached from city 1 by car; ${MAP_RULES.carReach}`);

  const served = (mode: Mode) => new Set(map.connections.filter((c) => c.mode === mode).flatMap((c) => [c.a, c.b]));
  const car = served('C');
  const train = served('T');
  const plane = served('P');
  const trainOnly = [...train].filter((c) => !car.has(c)).sort((x, y) => x - y);
  if (trainOnly.length > 0) problems.push(`${listCities(trainOnly)} ${trainOnly.length === 1 ? 'has' : 'have'} a train connection but no car connection; ${MAP_RULES.trainSubset}`);
  const planeOnly = [...plane].filter((c) => !train.has(c)).sort((x, y) => x - y);
  if (planeOnly.length > 0) problems.push(`${listCities(planeOnly)} ${planeOnly.length === 1 ? 'has' : 'have'} a plane connection but no train connection; ${MAP_RULES.planeSubset}`);

  // Without coordinates planarity cannot be decided cheaply; Euler's bound (E <= 3V - 6) catches
  // files that cannot possibly be planar.
  for (const mode of MODES) {
    const v = served(mode).size;
    const e = map.connections.filter((c) => c.mode === mode).length;
    if (v >= 3 && e > 3 * v - 6)
      problems.push(`${e} ${MODE_NAME[mode]} connections among ${v} cities cannot be planar (a planar graph has at most 3V-6 = ${3 * v - 6}); ${MAP_RULES.planar}`);
  }
  return problems;
}

/** connect.txt text: count, car, train, plane connections (each sorted), END, then `afterEnd` verbatim. */
export function formatConnect(map: GameMap, afterEnd = ''): string {
  const byMode = (mode: Mode) =>
    map.connections
      .filter((c) => c.mode === mode)
      .map((c) => (c.a < c.b ? c : { mode, a: c.b, b: c.a }))
      .sort((x, y) => x.a - y.a || x.b - y.b)
      .map((c) => `${mode} ${c.a}-${c.b}`);
  return [String(map.cities), ...byMode('C'), ...byMode('T'), ...byMode('P'), 'END'].join('\n') + '\n' + afterEnd;
}

export function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** Cities reachable from `from` along the links `follow` accepts (including `from`). */
export function reachable(map: GameMap, from: number, follow: (l: Link) => boolean = () => true): Set<number> {
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length > 0) {
    const c = todo.pop()!;
    for (const l of map.links[c]!) if (follow(l) && !seen.has(l.to)) seen.add(l.to), todo.push(l.to);
  }
  return seen;
}

/** Fewest connections (of any mode) from `from` to every city; index 0 unused. */
export function distancesFrom(map: GameMap, from: number): number[] {
  const dist = new Array<number>(map.cities + 1).fill(Infinity);
  dist[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!;
    for (const l of map.links[c]!)
      if (dist[l.to] === Infinity) {
        dist[l.to] = dist[c]! + 1;
        queue.push(l.to);
      }
  }
  return dist;
}

/** All-pairs distances, dist[a][b]; ~40,000 entries for a full-size map. */
export function distanceTable(map: GameMap): number[][] {
  return [[], ...range(map.cities).map((c) => distancesFrom(map, c))];
}

/** Distinct neighbouring cities of `city` (any mode), ascending. */
export function neighbourCities(map: GameMap, city: number): number[] {
  return [...new Set(map.links[city]!.map((l) => l.to))];
}

/** Modes of the connections between a and b, in C, T, P order. */
export function modesBetween(map: GameMap, a: number, b: number): Mode[] {
  return map.links[a]!.filter((l) => l.to === b).map((l) => l.mode);
}

export function describeLinks(map: GameMap, city: number): string {
  return map.links[city]!.map((l) => `${l.mode} ${l.to}`).join(', ');
}

function listCities(cities: number[], show: (c: number) => string = String): string {
  const shown = cities.slice(0, 10).map(show).join(', ');
  const more = cities.length > 10 ? ` and ${cities.length - 10} more` : '';
  return `${cities.length === 1 ? 'city' : 'cities'} ${shown}${more}`;
}
