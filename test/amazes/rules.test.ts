// Moves, points, sudden death and the final score, each on a small hand-built maze.
import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../../harness/games/amazes/discovery.js';
import { cellAt, vEdge, type Maze, type Pose } from '../../harness/games/amazes/maze.js';
import {
  beginTurn, checkMoveText, finalScore, initialState, isOver, playTurn, scores, walk, type GameState,
} from '../../harness/games/amazes/rules.js';
import { describeMoveProblem, exampleMove } from '../../harness/games/amazes/wire.js';
import { allDiscovered, closed, corridor, E, N, S, W } from './build.js';

/** Row 0 is one open corridor (columns 0..24); everything else is walled off square by square. */
function corridorMaze(): Maze {
  const maze = closed();
  corridor(maze, 0, 0, E, 24);
  return maze;
}

const at = (row: number, col: number, facing: 0 | 1 | 2 | 3): Pose => ({ cell: cellAt(row, col), facing });

function game(maze: Maze, red: Pose, blue: Pose): GameState {
  return initialState(maze, { red, blue });
}

describe('move lines', () => {
  it('1..256 of F, T, L, R are well formed', () => {
    expect(checkMoveText('F')).toBeNull();
    expect(checkMoveText('FTLR'.repeat(64))).toBeNull();
  });

  it('more than 256 steps: too-many-steps, score 0, the jury plays T', () => {
    expect(checkMoveText('F'.repeat(257))).toEqual({ kind: 'too-many', length: 257 });
    const d = describeMoveProblem({ kind: 'too-many', length: 257 }, 'F'.repeat(257));
    expect(d.code).toBe('too-many-steps');
    expect(d.message).toBe("257 steps in one turn, at most 256 allowed: none of them are performed; the player is disqualified: the jury plays 'T' for this player for the rest of the game and its score is 0");
    expect(exampleMove({ kind: 'too-many', length: 257 }, 'F'.repeat(257))).toBe('F'.repeat(256));
  });

  it('lowercase, foreign characters and the empty line are bad-format with what was wrong', () => {
    expect(describeMoveProblem(checkMoveText('ffr')!, 'ffr').message).toMatch(/^lowercase letters \("ffr"\): moves are the capital letters F, T, L, R; the jury plays 'T'/);
    expect(describeMoveProblem(checkMoveText('FFX')!, 'FFX').message).toMatch(/^"X" at position 3 is not a move: only the capital letters F, T, L, R are allowed/);
    expect(describeMoveProblem(checkMoveText('F F')!, 'F F').message).toMatch(/^" " at position 2 is not a move/);
    expect(describeMoveProblem(checkMoveText('')!, '').message).toMatch(/^empty line: a move needs 1 to 256 of F, T, L, R/);
    for (const t of ['ffr', 'FFX', '', 'F F']) expect(describeMoveProblem(checkMoveText(t)!, t).code).toBe('bad-format');
    // The verdict's `expected` repairs the bot's own line where that is obvious, else plays T.
    expect(['ffr', 'FFX', '', 'F F', 'x'].map((t) => exampleMove(checkMoveText(t)!, t))).toEqual(['FFR', 'FF', 'T', 'FF', 'T']);
  });

  it('bad characters win over length: a 300-character line with a lowercase letter is bad-format', () => {
    expect(checkMoveText(`${'F'.repeat(299)}f`)?.kind).toBe('characters');
  });
});

describe('walking', () => {
  const maze = corridorMaze();

  it('F steps ahead, T turns around, L and R turn and step; the player faces away from where it came from', () => {
    const w = walk(maze, at(0, 5, E), 'FFT');
    expect(w.visited).toEqual([cellAt(0, 6), cellAt(0, 7), cellAt(0, 6)]);
    expect(w.end).toEqual(at(0, 6, W));
    expect(w.stoppedAt).toBeNull();
  });

  it('a step into a wall stops the turn: no move, no turn, later steps not performed', () => {
    const w = walk(maze, at(0, 5, E), 'FRFF');
    expect(w.stoppedAt).toBe(1);
    expect(w.end).toEqual(at(0, 6, E));
    expect(w.visited).toEqual([cellAt(0, 6)]);
  });

  it('ending on the starting square adds a T performed by the judging software', () => {
    // F to (0,6), T back to (0,5) facing west; the extra T turns around and steps to (0,6) again.
    const w = walk(maze, at(0, 5, E), 'FT');
    expect(w.extraT).toBe(true);
    expect(w.visited).toEqual([cellAt(0, 6), cellAt(0, 5), cellAt(0, 6)]);
    expect(w.end).toEqual(at(0, 6, E));
  });

  it('hitting a wall at once also ends on the starting square: the extra T steps back', () => {
    const w = walk(maze, at(0, 5, E), 'LFFF');
    expect(w.stoppedAt).toBe(0);
    expect(w.extraT).toBe(true);
    expect(w.end).toEqual(at(0, 4, W));
  });
});

describe('points', () => {
  const maze = corridorMaze();

  it('each step written costs 1 point, performed or not; the extra T costs nothing', () => {
    let s = game(maze, at(0, 0, W), at(0, 24, W));
    s = beginTurn(s).state; // Red sees the whole corridor: 25 squares, all first
    expect(s.red.points).toBe(50);
    const { state, record } = playTurn(s, 'RFFFFF'); // R hits the wall at once: 6 points lost, extra T
    expect(record.walk.stoppedAt).toBe(0);
    expect(record.walk.extraT).toBe(true);
    expect(record.points).toEqual({ steps: -6, discovered: 0, first: 0, caught: 0 });
    expect(state.red.points).toBe(44);
  });

  it('a square is discovered once per player; the first player to discover it earns the extra point', () => {
    let s = game(maze, at(0, 0, W), at(0, 24, W));
    s = playTurn(s, 'T').state; // Red: +25 +25 first, -1
    expect(s.red.points).toBe(49);
    const blue = beginTurn(s);
    expect(blue.gained).toEqual({ discovered: 25, first: 0 });
    expect(blue.state.blue.points).toBe(25);
    s = playTurn(blue.state, 'T').state;
    s = beginTurn(s).state; // Red sees the same corridor again: nothing new
    expect(s.red.points).toBe(49);
  });

  it('squares walked over are discovered at once, and count as first when the opponent has not got them', () => {
    // Row 5, columns 0..3, then south into (6,3) and east to (6,5): Red at (5,0) sees (6,3) through the
    // side opening of (5,3), but not (6,4) and (6,5) around the corner.
    const m = closed();
    corridor(m, 5, 0, E, 3);
    corridor(m, 5, 3, S, 1);
    corridor(m, 6, 3, E, 2);
    const seen = beginTurn(game(m, at(5, 0, W), at(24, 24, N)));
    expect(seen.gained).toEqual({ discovered: 5, first: 5 });
    const { state, record } = playTurn(seen.state, 'TFFRLF');
    expect(record.walk.end).toEqual(at(6, 5, E));
    expect(record.found).toEqual([{ cell: cellAt(6, 4), reason: 'visited' }, { cell: cellAt(6, 5), reason: 'visited' }]);
    expect(record.points).toEqual({ steps: -6, discovered: 2, first: 2, caught: 0 });
    expect(state.red.points).toBe(10 - 6 + 4);
    // Walking does not discover edges: the edge just crossed stays unknown to Red.
    expect(state.red.knowledge.edges[vEdge(6, 5)]).toBe(UNKNOWN);
  });

  it('ending a turn on the opponent with squares still undiscovered: +100', () => {
    let s = game(maze, at(0, 10, E), at(0, 12, W));
    s = beginTurn(s).state;
    const before = s.red.points;
    const { state, record } = playTurn(s, 'FF');
    expect(record.points.caught).toBe(100);
    expect(state.red.points).toBe(before - 2 + 100);
    expect(state.suddenDeath).toBeNull();
  });

  it('sudden death: all 625 discovered and ending on the opponent doubles the mover\'s points and zeroes the other\'s; the game is over', () => {
    let s = game(maze, at(0, 10, E), at(0, 12, W));
    s = { ...s, red: { ...s.red, knowledge: allDiscovered(), points: 300 }, blue: { ...s.blue, points: 250 }, observed: true };
    const { state, record } = playTurn(s, 'FF');
    expect(record.suddenDeath).toBe(true);
    expect(record.points.caught).toBe(0);
    expect(state.red.points).toBe(2 * 298);
    expect(state.blue.points).toBe(0);
    expect(state.suddenDeath).toEqual({ winner: 'red', turn: 1 });
    expect(isOver(state)).toBe(true);
    expect(scores(state)).toEqual({ red: 596, blue: 0 });
  });

  it('final score: clamped to 0..1000, and 0 for a player the jury took over', () => {
    const p = game(maze, at(0, 0, W), at(0, 24, W)).red;
    expect(finalScore({ ...p, points: -40 })).toBe(0);
    expect(finalScore({ ...p, points: 1600 })).toBe(1000);
    expect(finalScore({ ...p, points: 500 })).toBe(500);
    expect(finalScore({ ...p, points: 500, disqualified: { code: 'bad-format', turn: 3 } })).toBe(0);
  });
});

describe('turns', () => {
  it('Red moves first; 150 turns each; then the game is over', () => {
    let s = game(corridorMaze(), at(0, 0, W), at(0, 24, W));
    for (let i = 0; i < 299; i++) {
      expect(s.toMove).toBe(i % 2 === 0 ? 'red' : 'blue');
      s = playTurn(s, 'T').state;
      expect(isOver(s)).toBe(false);
    }
    s = playTurn(s, 'T').state;
    expect(isOver(s)).toBe(true);
    expect([s.red.turns, s.blue.turns]).toEqual([150, 150]);
    expect(() => playTurn(s, 'T')).toThrow(/over/);
  });

  it("the jury's T for a taken-over player moves it back and forth on the same two squares", () => {
    let s = game(corridorMaze(), at(0, 5, E), at(0, 24, W));
    const cells: number[] = [];
    for (let i = 0; i < 4; i++) {
      s = playTurn(s, 'T', { byJury: true, disqualify: { code: 'crash', turn: 1 } }).state;
      cells.push(s.red.pose.cell);
      s = playTurn(s, 'T').state;
    }
    expect(cells).toEqual([cellAt(0, 4), cellAt(0, 5), cellAt(0, 4), cellAt(0, 5)]);
    expect(s.red.disqualified).toEqual({ code: 'crash', turn: 1 });
  });
});

