// Seeded maze generator that keeps every promise of the rule text: 25 x 25, closed outer edge, all
// squares connected, every corner touching a wall, and loops ("There may be multiple possible paths").
// The ten official sample mazes are spanning trees plus 51..54 extra openings each; this generator
// builds the same: a random spanning tree (Kruskal), then about 52 more openings.

import type { Rng } from '../../core/rng.js';
import { CELLS, EDGES, cornerEdges, edgeCells, hEdge, mazeProblems, SIZE, vEdge, type Edge, type Maze } from './maze.js';

/** Extra openings beyond the spanning tree, as counted in the official sample mazes. */
export const OFFICIAL_LOOPS = { min: 51, max: 54 } as const;

export function generateMaze(rng: Rng, loops = OFFICIAL_LOOPS.min + rng.int(OFFICIAL_LOOPS.max - OFFICIAL_LOOPS.min + 1)): Maze {
  const walls = new Uint8Array(EDGES).fill(1);
  const interior: Edge[] = [];
  for (let r = 1; r < SIZE; r++) for (let c = 0; c < SIZE; c++) interior.push(hEdge(r, c));
  for (let r = 0; r < SIZE; r++) for (let c = 1; c < SIZE; c++) interior.push(vEdge(r, c));

  // Kruskal: open an edge whenever it joins two separate regions.
  const parent = Int32Array.from({ length: CELLS }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (const e of rng.shuffle(interior.slice())) {
    const [a, b] = edgeCells(e) as [number, number];
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) {
      parent[ra] = rb;
      walls[e] = 0;
    }
  }

  // Loops: open more walls, but never leave a corner without a wall.
  const wallsAt = new Uint8Array((SIZE + 1) * (SIZE + 1));
  const cornersOf = (e: Edge): [number, number] => {
    if (e < (SIZE + 1) * SIZE) {
      const r = Math.floor(e / SIZE);
      const c = e % SIZE;
      return [r * (SIZE + 1) + c, r * (SIZE + 1) + c + 1];
    }
    const i = e - (SIZE + 1) * SIZE;
    const r = Math.floor(i / (SIZE + 1));
    const c = i % (SIZE + 1);
    return [r * (SIZE + 1) + c, (r + 1) * (SIZE + 1) + c];
  };
  for (let i = 0; i <= SIZE; i++)
    for (let j = 0; j <= SIZE; j++) wallsAt[i * (SIZE + 1) + j] = cornerEdges(i, j).filter((e) => e >= 0 && walls[e]).length;
  let added = 0;
  for (const e of rng.shuffle(interior.filter((x) => walls[x]))) {
    if (added >= loops) break;
    const [p, q] = cornersOf(e);
    if (wallsAt[p]! < 2 || wallsAt[q]! < 2) continue;
    walls[e] = 0;
    wallsAt[p]!--;
    wallsAt[q]!--;
    added++;
  }
  const maze = { walls };
  const problems = mazeProblems(maze);
  if (problems.length > 0) throw new Error(`maze generator broke a maze property: ${problems.join('; ')}`);
  return maze;
}
