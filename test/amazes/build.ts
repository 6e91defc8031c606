// Small builders for Amazes tests: mazes edge by edge and hand-made knowledge, in 0-based (row, col).
import { emptyKnowledge, OPEN, WALL, type Knowledge } from '../../harness/games/amazes/discovery.js';
import { CELLS, cellAt, closedMaze, edgeOf, neighbor, type Dir, type Maze } from '../../harness/games/amazes/maze.js';

export const N: Dir = 0;
export const E: Dir = 1;
export const S: Dir = 2;
export const W: Dir = 3;

/** Opens the edge on side d of (row, col) in a maze under construction. */
export function open(maze: Maze, row: number, col: number, d: Dir): void {
  (maze.walls as Uint8Array)[edgeOf(cellAt(row, col), d)] = 0;
}

/** A closed maze with a straight corridor opened from (row, col) going `d` for `length` squares. */
export function corridor(maze: Maze, row: number, col: number, d: Dir, length: number): void {
  let cell = cellAt(row, col);
  for (let i = 0; i < length; i++) {
    (maze.walls as Uint8Array)[edgeOf(cell, d)] = 0;
    cell = neighbor(cell, d);
  }
}

export function closed(): Maze {
  return closedMaze();
}

/** Hand-made knowledge: discovered squares, known walls and openings, dead-end marks. */
export class KnowledgeBuilder {
  private readonly k = emptyKnowledge();
  private count = 0;

  discovered(...cells: [number, number][]): this {
    for (const [r, c] of cells) {
      const cell = cellAt(r, c);
      if (!(this.k.discovered as Uint8Array)[cell]) {
        (this.k.discovered as Uint8Array)[cell] = 1;
        this.count++;
      }
    }
    return this;
  }

  deadEnd(...cells: [number, number][]): this {
    this.discovered(...cells);
    for (const [r, c] of cells) (this.k.deadEnd as Uint8Array)[cellAt(r, c)] = 1;
    return this;
  }

  wall(r: number, c: number, ...dirs: Dir[]): this {
    for (const d of dirs) (this.k.edges as Uint8Array)[edgeOf(cellAt(r, c), d)] = WALL;
    return this;
  }

  open(r: number, c: number, ...dirs: Dir[]): this {
    for (const d of dirs) (this.k.edges as Uint8Array)[edgeOf(cellAt(r, c), d)] = OPEN;
    return this;
  }

  edge(e: number, what: typeof WALL | typeof OPEN): this {
    (this.k.edges as Uint8Array)[e] = what;
    return this;
  }

  build(): Knowledge {
    return { ...this.k, discoveredCount: this.count };
  }
}

export const allDiscovered = (): Knowledge => ({ ...emptyKnowledge(), discovered: new Uint8Array(CELLS).fill(1), discoveredCount: CELLS });
