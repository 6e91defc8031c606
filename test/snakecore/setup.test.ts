// SnakeCore locations: the seeded generator and fields written out in scenarios.
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../harness/core/game.js';
import { createRng } from '../../harness/core/rng.js';
import { blockCount, occupancy } from '../../harness/games/snakecore/rules.js';
import { buildGame, DEFAULTS, generateState, openCellsConnected, stateFromField } from '../../harness/games/snakecore/setup.js';
import { fieldLines } from '../../harness/games/snakecore/wire.js';

const count = (rows: string[], ch: string) => rows.join('').split(ch).length - 1;

describe('the seeded generator', () => {
  it('draws the documented default location', () => {
    const { state, moves, emptyChar } = buildGame(undefined, createRng(1));
    const rows = fieldLines(state);
    expect([state.size, moves, emptyChar]).toEqual([DEFAULTS.size, DEFAULTS.moves, DEFAULTS.emptyChar]);
    expect(rows).toHaveLength(20);
    expect(count(rows, 'W')).toBe(DEFAULTS.walls);
    expect(count(rows, 'R')).toBe(DEFAULTS.reactors);
    expect(count(rows, 'p')).toBe(DEFAULTS.pythons);
    expect(count(rows, 'b')).toBe(DEFAULTS.blocks);
    expect(count(rows, 'e')).toBe(DEFAULTS.energy);
    expect(state.pythons.every((p) => p.body.length === 0 && p.protection === 0 && p.score === 0)).toBe(true);
  });

  it('repeats a location for the same seed and changes it for another', () => {
    const draw = (seed: number) => fieldLines(generateState({ size: 15, walls: 30, startBody: 3 }, createRng(seed)));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('never cuts the field in pieces and gives every reactor an open neighbour', () => {
    for (let seed = 0; seed < 30; seed++) {
      const s = generateState({ size: 10, walls: 30, reactors: 3, pythons: 2, blocks: 5, energy: 1 }, createRng(seed));
      expect(openCellsConnected(s.terrain), `seed ${seed}`).toBe(true);
      const grid = occupancy(s);
      grid.forEach((c, i) => {
        if (c.kind !== 'reactor') return;
        const x = i % 10, y = Math.floor(i / 10);
        const open = [[0, -1], [-1, 0], [0, 1], [1, 0]].some(([dx, dy]) => s.terrain[y + dy!]?.[x + dx!] === '.');
        expect(open, `seed ${seed} reactor (${x},${y})`).toBe(true);
      });
    }
  });

  it('lays out start bodies as chains of ordinary blocks', () => {
    const s = generateState({ size: 12, pythons: 4, startBody: 5, walls: 5 }, createRng(3));
    for (const p of s.pythons) {
      const cells = [p.head, ...p.body];
      expect(p.body).toHaveLength(5);
      for (let i = 1; i < cells.length; i++) expect(Math.abs(cells[i]!.x - cells[i - 1]!.x) + Math.abs(cells[i]!.y - cells[i - 1]!.y)).toBe(1);
      expect(p.body.every((b) => b.kind === 'b')).toBe(true);
    }
    expect(blockCount(s)).toBe(20 + DEFAULTS.blocks + DEFAULTS.energy);
  });

  it('refuses a location that does not fit', () => {
    expect(() => generateState({ size: 5, walls: 20 }, createRng(1))).toThrow(ScenarioError);
    expect(() => buildGame({ emptyChar: 'p' }, createRng(1))).toThrow(/emptyChar/);
    expect(() => buildGame({ moves: 0 }, createRng(1))).toThrow(/moves/);
  });
});

describe('a field written out in the scenario', () => {
  it('makes each p a python of length 1, in reading order, unless the pythons are listed', () => {
    const s = stateFromField({ field: ['..p', 'p..', '.b.'] });
    expect(s.pythons.map((p) => [p.head.x, p.head.y])).toEqual([[2, 0], [0, 1]]);
    expect(s.free).toEqual([{ x: 1, y: 2, kind: 'b' }]);
  });

  it('takes body kinds from the field and leaves the other blocks free', () => {
    const s = stateFromField({ field: ['pbe', '..b', 'e.p'], pythons: [{ cells: [[0, 0], [1, 0], [2, 0]], protection: 4 }, { cells: [[2, 2], [2, 1]] }] });
    expect(s.pythons[0]!.body.map((b) => b.kind)).toEqual(['b', 'e']);
    expect(s.pythons[0]!.protection).toBe(4);
    expect(s.free).toEqual([{ x: 0, y: 2, kind: 'e' }]);
  });

  it.each([
    [{ field: ['p..', '...'] }, /square/],
    [{ field: ['p.x', '...', '...'] }, /'x' is not one of W R b e p ./],
    [{ field: ['p..', '...', '...'], pythons: 2 }, /setup.pythons is 2 but setup.field shows 1 heads/],
    [{ field: ['p..', '...', '..p'], pythons: [{ cells: [[0, 0]] }] }, /head \(p\) at \(2,2\) that no entry of setup.pythons starts at/],
    [{ field: ['p..', '.b.', '...'], pythons: [{ cells: [[0, 0], [1, 1]] }] }, /not neighbours/],
    [{ field: ['pb.', '...', '...'], pythons: [{ cells: [[1, 0]] }] }, /head \(1,0\) must be 'p'/],
    [{ field: ['p..', '...', '...'], walls: 3 }, /setup.walls is for the field generator/],
    [{ field: ['p..', '...', '...'], size: 4 }, /setup.size is 4 but setup.field has 3 rows/],
  ])('rejects %j', (setup, message) => {
    expect(() => stateFromField(setup as never)).toThrow(message);
  });
});
