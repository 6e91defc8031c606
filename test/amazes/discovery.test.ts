// The rule text's "Discovery" section, rule by rule, on hand-made knowledge; and the rule text's two
// worked examples (the information a player is given, and the information stage of turn 5).
import { describe, expect, it } from 'vitest';
import { inferOnly, observe, OPEN, UNKNOWN, WALL, knownToExist, emptyKnowledge } from '../../harness/games/amazes/discovery.js';
import { cellAt, edgeOf, hEdge, OUTER, vEdge, type Maze } from '../../harness/games/amazes/maze.js';
import { beginTurn, initialState, look, playTurn } from '../../harness/games/amazes/rules.js';
import { corridorLine, visionLines } from '../../harness/games/amazes/wire.js';
import { closed, corridor, E, KnowledgeBuilder, N, open, S, W } from './build.js';

const edgeState = (k: { edges: Uint8Array }, r: number, c: number, d: 0 | 1 | 2 | 3): number => k.edges[edgeOf(cellAt(r, c), d)]!;
const isDiscovered = (k: { discovered: Uint8Array }, r: number, c: number): boolean => k.discovered[cellAt(r, c)] === 1;

/**
 * The rule text's first example: Red sees `W`, `W`, `LLBNW`, `W`. Red stands on (12,12) (0-based)
 * facing west; behind it (east) a corridor of four squares: L, L, B, N (left of looking east = north).
 */
function ruleTextExampleMaze(): Maze {
  const maze = closed();
  corridor(maze, 12, 12, E, 4);
  open(maze, 12, 13, N);
  open(maze, 12, 14, N);
  open(maze, 12, 15, N);
  open(maze, 12, 15, S);
  return maze;
}

describe('the rule text example: what the red player is given', () => {
  const maze = ruleTextExampleMaze();
  const red = { cell: cellAt(12, 12), facing: W };
  const blue = { cell: cellAt(0, 0), facing: S };

  it('sees W / W / LLBNW / W and the squared distance, with Start on its first turn', () => {
    const view = look(maze, red, blue.cell);
    expect(view.corridors.map(corridorLine)).toEqual(['W', 'W', 'LLBNW', 'W']);
    expect(visionLines(view, true)).toEqual(['Start', 'W', 'W', 'LLBNW', 'W', '288']);
    expect(visionLines(view, false)).toEqual(['W', 'W', 'LLBNW', 'W', '288']);
  });

  it('discovers its square, the corridor, the squares behind the side openings, and the two walls the corner rule gives', () => {
    const { knowledge, found } = observe(emptyKnowledge(), maze, red);
    expect(found.map((f) => f.cell).sort((a, b) => a - b)).toEqual(
      [[12, 12], [12, 13], [12, 14], [12, 15], [12, 16], [11, 13], [11, 14], [11, 15], [13, 15]].map(([r, c]) => cellAt(r!, c!)).sort((a, b) => a - b),
    );
    // "The two vertical walls are discovered because you know that each corner in the maze is the
    // endpoint of at least one wall": between the squares behind the openings of L, L and B.
    expect(knowledge.edges[vEdge(11, 14)]).toBe(WALL);
    expect(knowledge.edges[vEdge(11, 15)]).toBe(WALL);
    const walls = [...knowledge.edges].filter((x) => x === WALL).length;
    const opens = [...knowledge.edges].filter((x) => x === OPEN).length;
    expect({ walls, opens }).toEqual({ walls: 8 + 2, opens: 8 });
  });

  it("'TFRFF' runs into a wall at the R: the player stays on the second square, still facing east", () => {
    let s = initialState(maze, { red, blue });
    s = beginTurn(s).state;
    const { state, record } = playTurn(s, 'TFRFF');
    expect(record.walk.stoppedAt).toBe(2);
    expect(record.walk.visited).toEqual([cellAt(12, 13), cellAt(12, 14)]);
    expect(state.red.pose).toEqual({ cell: cellAt(12, 14), facing: E });
    // 9 squares discovered first (Blue has discovered nothing yet): 9 + 9 - 5 steps written.
    expect(state.red.points).toBe(13);
  });
});

describe('dead-end rules', () => {
  it("rule 1: an undiscovered square with three discovered walls is discovered, a dead end, and its opening is discovered", () => {
    const k = new KnowledgeBuilder().wall(5, 5, N, E, S).build();
    const { knowledge, found } = inferOnly(k);
    expect(found).toEqual([{ cell: cellAt(5, 5), reason: 'dead-end' }]);
    expect(knowledge.deadEnd[cellAt(5, 5)]).toBe(1);
    expect(edgeState(knowledge, 5, 5, W)).toBe(OPEN);
    expect(knownToExist(knowledge.edges, knowledge.discovered)[cellAt(5, 4)]).toBe(1);
    expect(isDiscovered(knowledge, 5, 4)).toBe(false);
  });

  it('rule 1 needs three walls: two are not enough', () => {
    const { found } = inferOnly(new KnowledgeBuilder().wall(5, 5, N, E).build());
    expect(found).toEqual([]);
  });

  it("rule 2: one discovered opening to a dead end and two discovered walls; both openings are then discovered", () => {
    const k = new KnowledgeBuilder().wall(5, 5, N, E, S).wall(5, 4, N, S).build();
    const { knowledge, found } = inferOnly(k);
    // The dead end first, then the square the chain reaches from it.
    expect(found.map((f) => f.cell)).toEqual([cellAt(5, 5), cellAt(5, 4)]);
    expect(knowledge.deadEnd[cellAt(5, 4)]).toBe(1);
    expect(edgeState(knowledge, 5, 4, E)).toBe(OPEN);
    expect(edgeState(knowledge, 5, 4, W)).toBe(OPEN);
    // The chain stops where a square has only one discovered wall.
    expect(isDiscovered(knowledge, 5, 3)).toBe(false);
  });

  it('rule 2 chains through a corridor iterated to a fixpoint', () => {
    const b = new KnowledgeBuilder().wall(5, 9, N, E, S);
    for (let c = 3; c < 9; c++) b.wall(5, c, N, S);
    const { knowledge, found } = inferOnly(b.build());
    expect(found.length).toBe(7);
    for (let c = 3; c <= 9; c++) expect(knowledge.deadEnd[cellAt(5, c)]).toBe(1);
    expect(edgeState(knowledge, 5, 3, W)).toBe(OPEN);
  });

  it('rule 2 counts only dead-end squares: a neighbour discovered by sight with three walls is not one', () => {
    const k = new KnowledgeBuilder().discovered([5, 5]).wall(5, 5, N, E, S).open(5, 5, W).wall(5, 4, N, S).build();
    const { found } = inferOnly(k);
    expect(found).toEqual([]);
  });

  it("rule 3: two discovered openings to dead ends and one discovered wall; all three openings are discovered", () => {
    // Dead ends above and below (6,5); its west side is a wall; its east side becomes an opening.
    const k = new KnowledgeBuilder().deadEnd([5, 5], [7, 5]).open(6, 5, N, S).wall(6, 5, W).build();
    const { knowledge, found } = inferOnly(k);
    expect(found).toEqual([{ cell: cellAt(6, 5), reason: 'dead-end' }]);
    expect(edgeState(knowledge, 6, 5, E)).toBe(OPEN);
  });

  it('rule 3 needs the wall: two dead-end openings alone are not enough', () => {
    const k = new KnowledgeBuilder().deadEnd([5, 5], [7, 5]).open(6, 5, N, S).build();
    expect(inferOnly(k).found).toEqual([]);
  });

  it('rule 4: three discovered openings to dead ends; all four openings are discovered', () => {
    const k = new KnowledgeBuilder().deadEnd([5, 5], [7, 5], [6, 4]).open(6, 5, N, S, W).build();
    const { knowledge, found } = inferOnly(k);
    expect(found).toEqual([{ cell: cellAt(6, 5), reason: 'dead-end' }]);
    expect(edgeState(knowledge, 6, 5, E)).toBe(OPEN);
  });

  it('a square already discovered is never discovered again, and does not become a dead end', () => {
    const k = new KnowledgeBuilder().discovered([5, 5]).wall(5, 5, N, E, S).build();
    const { knowledge, found } = inferOnly(k);
    expect(found).toEqual([]);
    expect(knowledge.deadEnd[cellAt(5, 5)]).toBe(0);
    expect(edgeState(knowledge, 5, 5, W)).toBe(UNKNOWN);
  });
});

describe('wall rules', () => {
  it('corner rule: three discovered openings at a corner make the fourth edge a wall', () => {
    // Corner at the top-left of (6,6): edges up v(5,6), down v(6,6), left h(6,5), right h(6,6).
    const k = new KnowledgeBuilder().edge(vEdge(5, 6), OPEN).edge(vEdge(6, 6), OPEN).edge(hEdge(6, 5), OPEN).build();
    const { knowledge } = inferOnly(k);
    expect(knowledge.edges[hEdge(6, 6)]).toBe(WALL);
  });

  it('corner rule: two openings say nothing', () => {
    const k = new KnowledgeBuilder().edge(vEdge(5, 6), OPEN).edge(vEdge(6, 6), OPEN).build();
    expect(inferOnly(k).knowledge.edges[hEdge(6, 6)]).toBe(UNKNOWN);
  });

  it('25 rows known: the horizontal outer walls (top and bottom) are discovered, not the vertical ones', () => {
    const b = new KnowledgeBuilder();
    for (let r = 0; r < 25; r++) b.discovered([r, 7]);
    const { knowledge } = inferOnly(b.build());
    for (const e of [...OUTER.top, ...OUTER.bottom]) expect(knowledge.edges[e]).toBe(WALL);
    for (const e of [...OUTER.left, ...OUTER.right]) expect(knowledge.edges[e]).toBe(UNKNOWN);
  });

  it('24 rows are not enough', () => {
    const b = new KnowledgeBuilder();
    for (let r = 0; r < 24; r++) b.discovered([r, 7]);
    const { knowledge } = inferOnly(b.build());
    for (const e of OUTER.top) expect(knowledge.edges[e]).toBe(UNKNOWN);
  });

  it('25 columns known, one of them only through an open connection: the vertical outer walls are discovered', () => {
    const b = new KnowledgeBuilder();
    for (let c = 0; c < 24; c++) b.discovered([3, c]);
    b.open(3, 23, E); // (3,24) is not discovered, but known through an opening
    const { knowledge } = inferOnly(b.build());
    for (const e of [...OUTER.left, ...OUTER.right]) expect(knowledge.edges[e]).toBe(WALL);
    for (const e of OUTER.top) expect(knowledge.edges[e]).toBe(UNKNOWN);
  });

  it('a completely discovered outer edge gives the opposite one', () => {
    const b = new KnowledgeBuilder();
    for (const e of OUTER.left) b.edge(e, WALL);
    const { knowledge } = inferOnly(b.build());
    for (const e of OUTER.right) expect(knowledge.edges[e]).toBe(WALL);
    for (const e of OUTER.top) expect(knowledge.edges[e]).toBe(UNKNOWN);
  });

  it('24 of the 25 walls of an outer edge are not enough', () => {
    const b = new KnowledgeBuilder();
    for (const e of OUTER.left.slice(1)) b.edge(e, WALL);
    expect(inferOnly(b.build()).knowledge.edges[OUTER.right[0]!]).toBe(UNKNOWN);
  });
});

describe("the rule text's discovery example, information stage of turn 5", () => {
  // Rebuilt from the text (0-based): a long horizontal corridor in row 12, columns 1..23 (23 columns
  // known), a vertical corridor in column 12, rows 0..23 (24 rows known), and walls of the dead-end
  // corridors in the two top corners seen earlier. Turn 5 finds square "0" in the last row.
  function before(): KnowledgeBuilder {
    const b = new KnowledgeBuilder();
    for (let c = 1; c <= 23; c++) {
      b.discovered([12, c]);
      if (c !== 12) b.wall(12, c, N, S);
      if (c > 1) b.open(12, c, W);
    }
    b.wall(12, 1, W).wall(12, 23, E);
    for (let r = 0; r <= 23; r++) {
      b.discovered([r, 12]);
      if (r !== 12) b.wall(r, 12, W, E);
      if (r > 0) b.open(r, 12, N);
    }
    b.wall(0, 12, N).wall(23, 12, S);
    // "knows some of the walls of the dead end corridor at the right corner" (turn 2) "... at the left" (turn 4)
    b.wall(0, 1, S, E); // square 1 (left)
    b.wall(0, 22, S, W); // square 1 (right)
    b.wall(0, 23, S); // square 2
    b.wall(1, 0, E); // square 4 (left)
    b.wall(1, 24, W); // square 4 (right)
    return b;
  }

  it('without square 0 nothing follows (23 columns, 24 rows known)', () => {
    expect(inferOnly(before().build()).found).toEqual([]);
  });

  it('square 0 completes the rows; squares 1, 2, 3 and 4 follow in the order the text gives; the squares below 4 do not', () => {
    const { knowledge, found } = inferOnly(before().discovered([24, 20]).build());
    // All four outer edges: top and bottom from the rows, left and right once squares 3 exist.
    for (const e of [...OUTER.top, ...OUTER.bottom, ...OUTER.left, ...OUTER.right]) expect(knowledge.edges[e]).toBe(WALL);
    const deadEnds = [[0, 1], [0, 22], [0, 23], [0, 0], [0, 24], [1, 0], [1, 24]] as const;
    expect(found.map((f) => f.cell).sort((a, b) => a - b)).toEqual(deadEnds.map(([r, c]) => cellAt(r, c)).sort((a, b) => a - b));
    for (const [r, c] of deadEnds) expect(knowledge.deadEnd[cellAt(r, c)]).toBe(1);
    // "The squares below the squares 4 are not discovered, because they still have two edges the red
    // player knows nothing about" — but they are known to exist.
    const exists = knownToExist(knowledge.edges, knowledge.discovered);
    for (const [r, c] of [[2, 0], [2, 24]] as const) {
      expect(isDiscovered(knowledge, r, c)).toBe(false);
      expect(exists[cellAt(r, c)]).toBe(1);
    }
  });
});
