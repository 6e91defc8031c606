// Seeded playing fields "similar" to the official ones: cities scattered over a plane, short planar car
// roads, longer planar train lines between fewer cities, a handful of plane routes between a few train
// cities. Labels are shuffled (the rule text: in competition maps "the cities may appear in any order").
// Pure: all randomness comes from the Rng passed in.
import type { Rng } from '../../core/rng.js';
import { buildMap, MAX_CITIES, MIN_CITIES, type Connection, type GameMap, type Mode } from './map.js';

export interface GenerateOptions {
  /** Number of cities (5..200); default 200 as in the competition. */
  cities?: number;
  /** Cities with a train station; default a fifth of the cities (at least 3). */
  trainCities?: number;
  /** Cities with an airport (among the train cities); default 3% of the cities (at least 2). */
  planeCities?: number;
}

export interface GeneratedMap {
  map: GameMap;
  /** Integer coordinates in a 1000 x 1000 plane, by city label (index 0 unused). */
  positions: readonly (readonly [number, number])[];
}

const SIDE = 1000;

type Point = readonly [number, number];
type Edge = readonly [number, number];

export function generateMap(rng: Rng, options: GenerateOptions = {}): GeneratedMap {
  const n = options.cities ?? MAX_CITIES;
  if (!Number.isInteger(n) || n < MIN_CITIES || n > MAX_CITIES) throw new RangeError(`cities must be ${MIN_CITIES}..${MAX_CITIES}, not ${n}`);
  const trainCount = clamp(options.trainCities ?? Math.max(3, Math.round(n / 5)), 2, n);
  const planeCount = clamp(options.planeCities ?? Math.max(2, Math.round(n * 0.03)), 0, trainCount);
  if (planeCount === 1) throw new RangeError('a single plane city cannot have a plane connection');

  const points = scatter(rng, n);
  const everyone = points.map((_, i) => i);

  // Roads: a planar near-triangulation of near neighbours, thinned out while every city keeps two
  // roads and the network stays connected.
  let car = planarNetwork(points, everyone, 8);
  car = thin(rng, points, car, 2, 0.45);

  // Railways: spread-out stations, linked the same way (longer, as the stations are fewer).
  const stations = spreadOut(rng, points, everyone, trainCount);
  let train = planarNetwork(points, stations, 5);
  train = thin(rng, points, train, 1, 0.3);

  // Flights: a few far-apart airports on a spanning tree (planar) plus one extra route when it fits.
  const airports = planeCount >= 2 ? spreadOut(rng, points, stations, planeCount) : [];
  const plane = airports.length >= 2 ? flightRoutes(points, airports) : [];

  // Shuffle labels: label[i] is the city number of point i.
  const label = rng.shuffle(everyone.map((i) => i + 1));
  const connections: Connection[] = [];
  const add = (mode: Mode, edges: Edge[]) => {
    const named = edges.map(([a, b]) => [label[a]!, label[b]!].sort((x, y) => x - y) as [number, number]);
    for (const [a, b] of named.sort((x, y) => x[0] - y[0] || x[1] - y[1])) connections.push({ mode, a, b });
  };
  add('C', car);
  add('T', train);
  add('P', plane);
  const positions: Point[] = new Array(n + 1);
  positions[0] = [0, 0];
  points.forEach((p, i) => (positions[label[i]!] = p));
  return { map: buildMap(n, connections), positions };
}

/** Display data after END, one `city x y` line per city, as the demonstration files carried for the viewer. */
export function displayData(positions: readonly (readonly [number, number])[]): string {
  return positions.slice(1).map(([x, y], i) => `${i + 1} ${x} ${y}\n`).join('');
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.round(v)));
}

/** Dart throwing with a minimum spacing, relaxed whenever the plane gets crowded. */
function scatter(rng: Rng, n: number): Point[] {
  const points: Point[] = [];
  let spacing = (0.7 * SIDE) / Math.sqrt(n);
  let misses = 0;
  while (points.length < n) {
    const p: Point = [20 + rng.int(SIDE - 40), 20 + rng.int(SIDE - 40)];
    if (points.every((q) => dist2(p, q) >= spacing * spacing)) {
      points.push(p);
      misses = 0;
    } else if (++misses > 200) {
      spacing *= 0.9;
      misses = 0;
    }
  }
  return points;
}

/**
 * Greedy planar graph over `nodes`: candidate pairs (each node's k nearest) shortest first, kept when
 * they cross nothing kept so far; then components are joined and every node given two links by the
 * shortest non-crossing pairs overall.
 */
function planarNetwork(points: Point[], nodes: number[], k: number): Edge[] {
  const edges: Edge[] = [];
  const size = points.length;
  const has = new Set<number>();
  const degrees = new Array<number>(size).fill(0);
  // Only what lies in a candidate's bounding box can make it conflict (conflict and onSegment say no to
  // everything else): grids of the kept edges and of the cities find those without looking at all of
  // them (a 200-city field: ~2,000 candidates against up to ~500 edges and 200 cities each).
  const kept = new SegmentGrid();
  const cities = new SegmentGrid();
  for (const c of nodes) cities.add(c, points[c]!, points[c]!);
  const tryAdd = (a: number, b: number): boolean => {
    const pairKey = a < b ? a * size + b : b * size + a;
    if (a === b || has.has(pairKey)) return false;
    const pa = points[a]!;
    const pb = points[b]!;
    if (kept.some(pa, pb, (e) => conflict(points, a, b, edges[e]![0], edges[e]![1]))) return false;
    // A road must not run through a third city.
    if (cities.some(pa, pb, (c) => c !== a && c !== b && onSegment(pa, pb, points[c]!))) return false;
    kept.add(edges.length, pa, pb);
    edges.push([a, b]);
    has.add(pairKey);
    degrees[a]!++;
    degrees[b]!++;
    return true;
  };
  // Sorted by length, ties kept in their order (as sorting with the lengths computed in the comparison did).
  const byLength = (pairs: Edge[]): Edge[] => {
    const lengths = pairs.map((pair) => d2(points, pair));
    return pairs
      .map((_, i) => i)
      .sort((x, y) => lengths[x]! - lengths[y]!)
      .map((i) => pairs[i]!);
  };

  const candidates: Edge[] = [];
  for (const a of nodes) for (const b of nearest(points, nodes, a, k)) candidates.push([a, b]);
  for (const [a, b] of byLength(candidates)) tryAdd(a, b);

  const minLinks = Math.min(2, nodes.length - 1);
  for (const a of nodes) {
    if (degrees[a]! >= minLinks) continue;
    for (const [, b] of byLength(nodes.filter((b) => b !== a).map((b): Edge => [a, b]))) {
      if (tryAdd(a, b) && degrees[a]! >= minLinks) break;
    }
  }
  for (;;) {
    const comp = components(size, edges, nodes);
    if (new Set(nodes.map((c) => comp[c])).size <= 1) break;
    const bridges = byLength(nodes.flatMap((a) => nodes.filter((b) => a < b && comp[a] !== comp[b]).map((b): Edge => [a, b])));
    if (!bridges.some(([a, b]) => tryAdd(a, b))) throw new Error('map generator: cannot connect the network without crossings');
  }
  return edges;
}

/**
 * Items (segments, or cities as segments of no length) by the cells of a grid over the plane that their
 * bounding boxes cover. Two boxes that meet share a point, and so a cell: `some` visits every item whose
 * box meets the one asked about (and others near it), each once.
 */
class SegmentGrid {
  private static readonly CELL = 50;
  private static readonly PER_SIDE = Math.ceil(SIDE / SegmentGrid.CELL);
  /** By cell (row by row), made when something is first put in it. */
  private readonly cells: (number[] | undefined)[] = new Array(SegmentGrid.PER_SIDE ** 2);
  private readonly visited: number[] = [];
  private visit = 0;

  add(item: number, p: Point, q: Point): void {
    this.forCells(p, q, (index) => {
      (this.cells[index] ??= []).push(item);
      return false;
    });
  }

  some(p: Point, q: Point, test: (item: number) => boolean): boolean {
    const visit = ++this.visit;
    return this.forCells(p, q, (index) => {
      for (const item of this.cells[index] ?? []) {
        if (this.visited[item] === visit) continue;
        this.visited[item] = visit;
        if (test(item)) return true;
      }
      return false;
    });
  }

  private forCells(p: Point, q: Point, each: (index: number) => boolean): boolean {
    const at = (v: number) => Math.min(SegmentGrid.PER_SIDE - 1, Math.max(0, Math.floor(v / SegmentGrid.CELL)));
    const [x0, x1] = [at(Math.min(p[0], q[0])), at(Math.max(p[0], q[0]))];
    const [y0, y1] = [at(Math.min(p[1], q[1])), at(Math.max(p[1], q[1]))];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (each(y * SegmentGrid.PER_SIDE + x)) return true;
    return false;
  }
}

/**
 * Removes edges (longest first, each with probability `dropChance`) as long as both ends keep at
 * least `minDegree` links and the network stays connected.
 */
function thin(rng: Rng, points: Point[], edges: Edge[], minDegree: number, dropChance: number): Edge[] {
  const links: Edge[][] = Array.from({ length: points.length }, () => []);
  for (const e of edges) links[e[0]]!.push(e), links[e[1]]!.push(e);
  const lengths = new Map(edges.map((e) => [e, d2(points, e)]));
  const order = [...edges].sort((x, y) => lengths.get(y)! - lengths.get(x)!);
  const dropped = new Set<Edge>();
  for (const e of order) {
    if (rng.next() >= dropChance) continue;
    const [a, b] = e;
    if (links[a]!.length <= minDegree || links[b]!.length <= minDegree) continue;
    // Still connected without e when its ends are: the other way round from a to b is usually a few
    // links long (a search from a finds it long before it has seen the whole network).
    if (!connectedWithout(links, a, b, e)) continue;
    dropped.add(e);
    links[a] = links[a]!.filter((x) => x !== e);
    links[b] = links[b]!.filter((x) => x !== e);
  }
  return edges.filter((e) => !dropped.has(e));
}

/** Whether b can be reached from a over `links` without the edge `skip` (breadth first). */
function connectedWithout(links: readonly (readonly Edge[])[], a: number, b: number, skip: Edge): boolean {
  const seen = new Set([a]);
  const queue = [a];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i]!;
    for (const e of links[at]!) {
      if (e === skip) continue;
      const next = e[0] === at ? e[1] : e[0];
      if (next === b) return true;
      if (!seen.has(next)) seen.add(next), queue.push(next);
    }
  }
  return false;
}

/**
 * The `k` nodes nearest to `a` (a left out), nearest first, ties in the order of `nodes`: what a stable
 * sort of all of them by distance would begin with, for a look at each (a sort was ~a third of a map's time).
 */
function nearest(points: Point[], nodes: readonly number[], a: number, k: number): number[] {
  const best: number[] = [];
  const bestDist: number[] = [];
  const pa = points[a]!;
  for (const b of nodes) {
    if (b === a) continue;
    const d = dist2(pa, points[b]!);
    if (best.length === k && d >= bestDist[k - 1]!) continue;
    // After every one as near or nearer: a later node never goes before an earlier one of the same distance.
    let at = best.length;
    while (at > 0 && bestDist[at - 1]! > d) at--;
    best.splice(at, 0, b);
    bestDist.splice(at, 0, d);
    if (best.length > k) best.pop(), bestDist.pop();
  }
  return best;
}

function flightRoutes(points: Point[], airports: number[]): Edge[] {
  // Prim's minimum spanning tree: Euclidean MSTs never cross themselves.
  const inTree = new Set([airports[0]!]);
  const routes: Edge[] = [];
  while (inTree.size < airports.length) {
    let best: Edge | null = null;
    for (const a of inTree)
      for (const b of airports)
        if (!inTree.has(b) && (best === null || dist2(points[a]!, points[b]!) < d2(points, best))) best = [a, b];
    routes.push(best!);
    inTree.add(best![1]);
  }
  if (airports.length >= 4) {
    // One extra long-haul route between the two farthest airports, when it crosses nothing.
    let far: Edge = [airports[0]!, airports[1]!];
    for (const a of airports) for (const b of airports) if (a < b && d2(points, [a, b]) > d2(points, far)) far = [a, b];
    const [a, b] = far;
    const dup = routes.some(([c, d]) => (c === a && d === b) || (c === b && d === a));
    if (!dup && !routes.some(([c, d]) => conflict(points, a, b, c, d))) routes.push(far);
  }
  return routes;
}

/** `count` of `from`, spread out: a random first pick, then each time the farthest of a few random candidates. */
function spreadOut(rng: Rng, points: Point[], from: number[], count: number): number[] {
  const pool = [...from];
  const chosen = [pool.splice(rng.int(pool.length), 1)[0]!];
  while (chosen.length < count) {
    let best = -1;
    let bestGap = -1;
    for (let t = 0; t < 6; t++) {
      const i = rng.int(pool.length);
      const gap = Math.min(...chosen.map((c) => dist2(points[c]!, points[pool[i]!]!)));
      if (gap > bestGap) (bestGap = gap), (best = i);
    }
    chosen.push(pool.splice(best, 1)[0]!);
  }
  return chosen;
}

function components(size: number, edges: Edge[], nodes: number[]): number[] {
  const parent = Array.from({ length: size }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  for (const [a, b] of edges) parent[find(a)] = find(b);
  const comp = new Array<number>(size).fill(-1);
  for (const c of nodes) comp[c] = find(c);
  return comp;
}

const dist2 = (p: Point, q: Point): number => (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
const d2 = (points: Point[], [a, b]: Edge): number => dist2(points[a]!, points[b]!);

function orient(p: Point, q: Point, r: Point): number {
  return Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
}

/** r lies on the closed segment p-q (and is not p or q). */
function onSegment(p: Point, q: Point, r: Point): boolean {
  if (orient(p, q, r) !== 0) return false;
  if ((r[0] === p[0] && r[1] === p[1]) || (r[0] === q[0] && r[1] === q[1])) return false;
  return Math.min(p[0], q[0]) <= r[0] && r[0] <= Math.max(p[0], q[0]) && Math.min(p[1], q[1]) <= r[1] && r[1] <= Math.max(p[1], q[1]);
}

/** Segments a-b and c-d cross, touch, or overlap anywhere but at a shared end city. */
function conflict(points: Point[], a: number, b: number, c: number, d: number): boolean {
  const pa = points[a]!;
  const pb = points[b]!;
  const pc = points[c]!;
  const pd = points[d]!;
  // Segments whose bounding boxes do not meet can neither cross, touch nor share an end: most pairs
  // end here (the tests below would say no to each of them, after more work).
  if (Math.max(pa[0], pb[0]) < Math.min(pc[0], pd[0]) || Math.max(pc[0], pd[0]) < Math.min(pa[0], pb[0])) return false;
  if (Math.max(pa[1], pb[1]) < Math.min(pc[1], pd[1]) || Math.max(pc[1], pd[1]) < Math.min(pa[1], pb[1])) return false;
  const shared = [a, b].filter((x) => x === c || x === d);
  if (shared.length === 2) return true;
  if (shared.length === 1) {
    // Sharing one end: they conflict only when they run along the same line in the same direction.
    const s = points[shared[0]!]!;
    const u = shared[0] === a ? pb : pa;
    const v = shared[0] === c ? pd : pc;
    return orient(s, u, v) === 0 && (u[0] - s[0]) * (v[0] - s[0]) + (u[1] - s[1]) * (v[1] - s[1]) > 0;
  }
  const o1 = orient(pa, pb, pc);
  const o2 = orient(pa, pb, pd);
  const o3 = orient(pc, pd, pa);
  const o4 = orient(pc, pd, pb);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return onSegment(pa, pb, pc) || onSegment(pa, pb, pd) || onSegment(pc, pd, pa) || onSegment(pc, pd, pb);
}
