// Mazes: the official format (both forms), the properties the rule text promises (with precise
// errors), the choice of starts, and the seeded generator.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../harness/core/game.js';
import { createRng } from '../../harness/core/rng.js';
import { generateMaze, OFFICIAL_LOOPS } from '../../harness/games/amazes/generator.js';
import {
  assertValid, cellAt, chooseStarts, EDGES, edgeOf, isWall, MazeError, mazeProblems, MIN_START_SQUARED_DISTANCE, openMaze, parseMazeText,
  renderMaze, renderMazeFile, squaredDistance, startProblems, turnAround, vEdge, type Maze,
} from '../../harness/games/amazes/maze.js';
import { resolveSetup } from '../../harness/games/amazes/setup.js';
import { HAS_SHARED, needsShared, SHARED } from '../helpers.js';

const OFFICIAL = Array.from({ length: 10 }, (_, i) => path.join(SHARED, 'data', 'amazes', `maze${String(i + 1).padStart(2, '0')}.txt`));
const officialText = (i: number): string => readFileSync(OFFICIAL[i]!, 'utf8');
/** Read while tests are collected: empty where the official mazes are absent (their tests are skipped). */
const firstOfficial = HAS_SHARED ? officialText(0) : '';

function openInteriorEdges(maze: Maze): number {
  let open = 0;
  for (let e = 0; e < EDGES; e++) if (!maze.walls[e]) open++;
  return open;
}

describe.skipIf(!HAS_SHARED)(needsShared('official sample mazes (51-line form)'), () => {
  it.each(OFFICIAL.map((f, i) => [path.basename(f), i] as const))('%s parses, keeps every promise, and round-trips', (_name, i) => {
    const text = officialText(i);
    const { maze, starts } = parseMazeText(text);
    expect(starts).toBeUndefined();
    expect(mazeProblems(maze)).toEqual([]);
    expect(renderMaze(maze).join('\n')).toBe(text.trimEnd());
    // Spanning tree (624 openings) plus the loops the generator imitates.
    const loops = openInteriorEdges(maze) - 624;
    expect(loops).toBeGreaterThanOrEqual(OFFICIAL_LOOPS.min);
    expect(loops).toBeLessThanOrEqual(OFFICIAL_LOOPS.max);
  });

  it('starts chosen by the rules: squared distance at least 288, no wall behind either player', () => {
    const { maze } = parseMazeText(officialText(0));
    for (let seed = 0; seed < 50; seed++) {
      const starts = chooseStarts(maze, createRng(seed));
      expect(squaredDistance(starts.red.cell, starts.blue.cell)).toBeGreaterThanOrEqual(MIN_START_SQUARED_DISTANCE);
      for (const p of [starts.red, starts.blue]) expect(isWall(maze, p.cell, turnAround(p.facing))).toBe(false);
      expect(startProblems(maze, starts)).toEqual([]);
    }
  });
});

describe.skipIf(!HAS_SHARED)(needsShared('the official format with two start lines'), () => {
  const art = firstOfficial;

  it('reads Red then Blue as 1-based row, column, orientation', () => {
    const { starts } = parseMazeText(`2 3 N\n24,20,W\n${art}`);
    expect(starts).toEqual({ red: { cell: cellAt(1, 2), facing: 0 }, blue: { cell: cellAt(23, 19), facing: 3 } });
  });

  it('round-trips through renderMazeFile, CRLF line endings included', () => {
    const { maze } = parseMazeText(art);
    const starts = { red: { cell: cellAt(0, 0), facing: 1 as const }, blue: { cell: cellAt(24, 24), facing: 3 as const } };
    const file = renderMazeFile(maze, starts);
    const back = parseMazeText(file.replace(/\n/g, '\r\n'));
    expect(back.starts).toEqual(starts);
    expect(renderMaze(back.maze)).toEqual(renderMaze(maze));
  });

  it('names the line and what is wrong with a start line', () => {
    expect(() => parseMazeText(`2 3 Q\n24 20 W\n${art}`, 'm.txt')).toThrow(/m\.txt line 1 \(Red's start\): orientation 'Q' is not N, E, S or W/);
    expect(() => parseMazeText(`2 3 N\n26 20 W\n${art}`, 'm.txt')).toThrow(/line 2 \(Blue's start\): row 26 is outside 1\.\.25/);
    expect(() => parseMazeText(`2 N\n24 20 W\n${art}`, 'm.txt')).toThrow(/line 1 \(Red's start\): not 'row column orientation'/);
  });
});

describe.skipIf(!HAS_SHARED)(needsShared('format errors are precise'), () => {
  const art = firstOfficial.trimEnd().split('\n');

  it('wrong number of lines', () => {
    expect(() => parseMazeText(art.slice(0, 50).join('\n'), 'm.txt')).toThrow(/must be 51 lines .* found 50/);
  });

  it('a foreign character names its line and column', () => {
    const bad = art.slice();
    bad[2] = bad[2]!.slice(0, 3) + 'x' + bad[2]!.slice(4);
    expect(() => parseMazeText(bad.join('\n'), 'm.txt')).toThrow(/m\.txt line 3 column 4: 'x' is neither a wall '-' nor an opening ' '/);
  });
});

describe.skipIf(!HAS_SHARED)(needsShared('maze properties'), () => {
  const valid = (): Maze => parseMazeText(officialText(0)).maze;

  it('an open outer edge', () => {
    const maze = valid();
    (maze.walls as Uint8Array)[vEdge(4, 0)] = 0;
    expect(mazeProblems(maze)).toEqual([expect.stringMatching(/^the outer edge is open: left edge at row 5 — It is impossible to step out of the maze/)]);
  });

  it('a square that cannot be reached', () => {
    // Wall in square (13,13) (1-based) on all four sides.
    const maze = valid();
    for (const d of [0, 1, 2, 3] as const) (maze.walls as Uint8Array)[edgeOf(cellAt(12, 12), d)] = 1;
    const problems = mazeProblems(maze);
    // (13,12) hangs off (13,13) only, so it is cut off too.
    expect(problems).toEqual(['2 square(s) cannot be reached from (1,1), e.g. (13,12) (13,13) — A player can reach the entire maze (all squares are somehow connected).']);
  });

  it('a corner that touches no wall', () => {
    const maze = openMaze();
    expect(mazeProblems(maze).find((p) => p.includes('corner'))).toMatch(/^576 corner\(s\) touch no wall, e\.g\. \(1,1\) .* — Each corner of a square is connected to at least one wall\./);
  });

  it('starts: a wall behind, or closer than √288', () => {
    const maze = valid();
    const facingAwayFromWall = (cell: number) => ([0, 1, 2, 3] as const).find((d) => !isWall(maze, cell, turnAround(d)))!;
    const facingIntoWall = (cell: number) => ([0, 1, 2, 3] as const).find((d) => isWall(maze, cell, turnAround(d)))!;
    const red = { cell: cellAt(0, 0), facing: facingIntoWall(cellAt(0, 0)) };
    const blue = { cell: cellAt(10, 10), facing: facingAwayFromWall(cellAt(10, 10)) };
    const problems = startProblems(maze, { red, blue });
    expect(problems[0]).toMatch(/^Red starts at \(1,1\) facing \w+ with a wall directly behind it — The starting position/);
    expect(problems[1]).toMatch(/^Red \(1,1\) and Blue \(11,11\) are only √200 apart \(squared distance 200 < 288\)/);
    expect(() => assertValid(maze, { red, blue }, 'x.txt')).toThrow(MazeError);
  });
});

describe('generator', () => {
  it('makes valid mazes with loops, the same for the same seed', () => {
    for (let seed = 0; seed < 30; seed++) {
      const maze = generateMaze(createRng(seed));
      expect(mazeProblems(maze)).toEqual([]);
      const loops = openInteriorEdges(maze) - 624;
      expect(loops).toBeGreaterThanOrEqual(OFFICIAL_LOOPS.min);
      expect(loops).toBeLessThanOrEqual(OFFICIAL_LOOPS.max);
    }
    expect(renderMaze(generateMaze(createRng(7)))).toEqual(renderMaze(generateMaze(createRng(7))));
    expect(renderMaze(generateMaze(createRng(7)))).not.toEqual(renderMaze(generateMaze(createRng(8))));
  });
});

describe.skipIf(!HAS_SHARED)(needsShared('scenario setup'), () => {
  const dir = path.join(SHARED, 'data', 'amazes');

  it('maze path relative to the scenario file, starts by the rules from the seed', () => {
    const a = resolveSetup({ maze: 'maze03.txt' }, dir, createRng(1));
    const b = resolveSetup({ maze: 'maze03.txt' }, dir, createRng(1));
    expect(a.startsFrom).toBe('rules');
    expect(a.starts).toEqual(b.starts);
    expect(renderMaze(a.maze)).toEqual(officialText(2).trimEnd().split('\n'));
  });

  it('explicit starts', () => {
    const r = resolveSetup({ maze: 'maze03.txt', starts: { red: { row: 1, column: 1, facing: 'N' }, blue: { row: 25, column: 25, facing: 'E' } } }, dir, createRng(1));
    expect(r.startsFrom).toBe('setup');
    expect(r.starts).toEqual({ red: { cell: 0, facing: 0 }, blue: { cell: 624, facing: 1 } });
  });

  it('no maze: a generated one', () => {
    const r = resolveSetup(undefined, '.', createRng(3));
    expect(r.source).toBe('generated');
    expect(mazeProblems(r.maze)).toEqual([]);
  });

  it('a missing file or a broken rule is the scenario\'s fault (ScenarioError), with the reason', () => {
    expect(() => resolveSetup({ maze: 'nope.txt' }, dir, createRng(1))).toThrow(ScenarioError);
    expect(() => resolveSetup({ maze: 'nope.txt' }, dir, createRng(1))).toThrow(/setup\.maze nope\.txt: no such file/);
    expect(() => resolveSetup({ maze: 'maze03.txt', starts: { red: { row: 1, column: 1, facing: 'E' }, blue: { row: 25, column: 25, facing: 'E' } } }, dir, createRng(1))).toThrow(/Red starts at \(1,1\) facing east with a wall directly behind it/);
    expect(() => resolveSetup({ maze: 'maze03.txt', starts: { red: { row: 1, column: 1, facing: 'N' }, blue: { row: 2, column: 2, facing: 'W' } } }, dir, createRng(1))).toThrow(/only √2 apart/);
    expect(() => resolveSetup({ maze: 'maze03.txt', starts: { red: { row: 0, column: 1, facing: 'E' }, blue: { row: 25, column: 25, facing: 'W' } } }, dir, createRng(1))).toThrow(/setup\.starts\.red: row 0 is outside 1\.\.25/);
  });
});
