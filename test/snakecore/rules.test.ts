// SnakeCore rules, one rule sentence of shared/rules/snakecore.2008.en.md at a time.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../harness/core/rng.js';
import { createOpponent } from '../../harness/games/snakecore/opponent.js';
import {
  applyAction, blockCount, contentAt, occupancy, possibleActions, resolveAction, startTurn, type Action, type Cell, type CellChooser, type State,
} from '../../harness/games/snakecore/rules.js';
import { stateFromField, type PythonSpec } from '../../harness/games/snakecore/setup.js';

/** A position from field rows and python cells (head first). */
function position(field: string[], pythons?: PythonSpec[]): State {
  return stateFromField({ field, ...(pythons ? { pythons } : {}) });
}

const firstCell: CellChooser = () => 0;
const play = (s: State, p: number, a: Action, choose: CellChooser = firstCell) => applyAction(s, p, a, choose);
const cells = (s: State, p: number): [number, number][] => [s.pythons[p]!.head, ...s.pythons[p]!.body].map((c) => [c.x, c.y]);
const freeAt = (s: State, c: Cell) => s.free.find((b) => b.x === c.x && b.y === c.y);

describe('moving: the body follows the head', () => {
  // "When the head moves onto an empty cell the body follows: the first body block takes the head's old
  // cell, the second takes the first's old cell, and so on; the cell the tail occupied becomes empty."
  const s = position(
    ['.....',
     '.pbe.',
     '.....',
     '.....',
     '.....'],
    [{ cells: [[1, 1], [2, 1], [3, 1]] }],
  );

  it('moves every block into the cell of the one before it and frees the tail cell', () => {
    const r = play(s, 0, 'D');
    expect(r.effect.kind).toBe('move');
    expect(cells(r.state, 0)).toEqual([[1, 2], [1, 1], [2, 1]]);
    // The blocks keep their kinds as they move: the energy block is still the tail.
    expect(r.state.pythons[0]!.body.map((b) => b.kind)).toEqual(['b', 'e']);
    expect(resolveAction(r.state, 0, 'R').kind).toBe('move'); // (3,1), the old tail cell, is empty now
  });

  it('moves in the directions of the protocol: U is y - 1, L is x - 1 (origin top-left)', () => {
    expect(cells(play(s, 0, 'U').state, 0)[0]).toEqual([1, 0]);
    expect(cells(play(s, 0, 'L').state, 0)[0]).toEqual([0, 1]);
  });
});

describe('eating a free block', () => {
  // "If the head moves onto a cell holding a free block, that block joins the body: the head moves to the
  // chosen cell, the new block is placed in the cell where the head was, and all other body blocks stay."
  const s = position(
    ['....',
     'bpbb',
     '.e..',
     '....'],
    [{ cells: [[1, 1], [2, 1], [3, 1]] }],
  );

  it('puts the new block where the head was and leaves the rest of the body in place', () => {
    const r = play(s, 0, 'L');
    expect(r.effect).toMatchObject({ kind: 'eat', block: 'b' });
    expect(cells(r.state, 0)).toEqual([[0, 1], [1, 1], [2, 1], [3, 1]]);
    expect(r.state.free).toHaveLength(1);
    expect(blockCount(r.state)).toBe(blockCount(s));
  });

  it('keeps the kind of the block it eats: an energy block joins as an energy block', () => {
    const r = play(s, 0, 'D');
    expect(r.state.pythons[0]!.body[0]).toEqual({ x: 1, y: 1, kind: 'e' });
  });
});

describe('attacks', () => {
  // "Moving the head onto a cell holding a linked block is an attack. ... The chain is broken at that place:
  // the blocks of the attacked python that were after the break become free. The attacker scores as many
  // points as the length of the part it bit off, and it also attaches the attacked block to its own body."
  const s = position(
    ['......',
     '.p....',
     'pbbeb.',
     '......',
     '......',
     '......'],
    [
      { cells: [[0, 2], [1, 2], [2, 2], [3, 2], [4, 2]] }, // python 1: head (0,2), tail (4,2)
      { cells: [[1, 1]] },                                   // python 2: just a head above (1,2)
    ],
  );

  it('breaks the chain: the attacker scores the bitten length and attaches the attacked block', () => {
    const r = play(s, 1, 'R'); // (2,1) is empty: python 2 first moves, then attacks from (2,1)
    expect(r.effect.kind).toBe('move');
    const bite = play(r.state, 1, 'D'); // onto (2,2), python 1's second body block
    expect(bite.effect).toMatchObject({ kind: 'attack', victim: 0, index: 1, bitten: 3, freed: 2 });
    expect(cells(bite.state, 0)).toEqual([[0, 2], [1, 2]]);
    expect(cells(bite.state, 1)).toEqual([[2, 2], [2, 1]]);
    expect(bite.state.pythons[1]!.score).toBe(3);
    expect(freeAt(bite.state, { x: 3, y: 2 })).toEqual({ x: 3, y: 2, kind: 'e' });
    expect(freeAt(bite.state, { x: 4, y: 2 })).toEqual({ x: 4, y: 2, kind: 'b' });
    expect(blockCount(bite.state)).toBe(blockCount(s));
  });

  it('may attack the first body block right next to the victim head', () => {
    const bite = play(s, 1, 'D'); // (1,2) is python 1's first body block
    expect(bite.effect).toMatchObject({ kind: 'attack', victim: 0, index: 0, bitten: 4 });
    expect(cells(bite.state, 0)).toEqual([[0, 2]]);
    expect(bite.state.free).toHaveLength(3);
  });

  it('lets a python attack itself (its own body, not its tail)', () => {
    // Python 1 curls: head (1,1), body (1,2) (2,2) (2,1)... attack its own block at (1,2).
    const t = position(
      ['.....',
       '.pb..',
       '.bb..',
       '.b...',
       '.....'],
      [{ cells: [[1, 1], [2, 1], [2, 2], [1, 2], [1, 3]] }],
    );
    const r = play(t, 0, 'D');
    expect(r.effect).toMatchObject({ kind: 'attack', victim: 0, index: 2, bitten: 2, freed: 1 });
    expect(cells(r.state, 0)).toEqual([[1, 2], [1, 1], [2, 1], [2, 2]]);
    expect(r.state.pythons[0]!.score).toBe(2);
    expect(freeAt(r.state, { x: 1, y: 3 })).toBeDefined();
    expect(blockCount(r.state)).toBe(blockCount(t));
  });
});

describe('head and tail are invulnerable', () => {
  // "The head and the tail are invulnerable at all times." "A python cannot move onto ... another python's
  // head; nor onto a block protected by some python (a block that is a tail ...)". "if a python tries to
  // attack its own tail, the tail 'runs away' before it is attacked."
  const s = position(
    ['.....',
     '.pp..',
     '.bb..',
     '.....',
     '.....'],
    [
      { cells: [[1, 1], [1, 2]] },
      { cells: [[2, 1], [2, 2]] },
    ],
  );

  it("cannot move onto another python's head", () => {
    expect(resolveAction(s, 0, 'R')).toMatchObject({ kind: 'impossible', reason: '(2,1) holds the head of python 2' });
  });

  it("cannot attack another python's tail", () => {
    const r = play(s, 0, 'L'); // python 1 to (0,1), its tail follows to (1,1)
    const r2 = play(r.state, 0, 'D'); // to (0,2)
    expect(cells(r2.state, 0)).toEqual([[0, 2], [0, 1]]);
    const back = play(r2.state, 0, 'R'); // (1,2): empty now
    expect(back.effect.kind).toBe('move');
    expect(resolveAction(back.state, 0, 'R')).toMatchObject({ kind: 'impossible', reason: '(2,2) is the tail of python 2, and tails are invulnerable' });
  });

  it('runs its own tail away: moving onto the own tail is a plain move', () => {
    const curl = position(
      ['....',
       '.pb.',
       '.bb.',
       '....'],
      [{ cells: [[1, 1], [2, 1], [2, 2], [1, 2]] }],
    );
    const r = play(curl, 0, 'D');
    expect(r.effect).toMatchObject({ kind: 'move', ownTail: true });
    expect(cells(r.state, 0)).toEqual([[1, 2], [1, 1], [2, 1], [2, 2]]);
    expect(r.state.pythons[0]!.score).toBe(0);
  });

  it('swaps head and tail of a python with one body block', () => {
    const r = play(s, 0, 'D');
    expect(r.effect).toMatchObject({ kind: 'move', ownTail: true });
    expect(cells(r.state, 0)).toEqual([[1, 2], [1, 1]]);
  });
});

describe('protection', () => {
  // "A python with an energy block in its body can spend it to activate protection (the energy block
  // disappears from the body). Protection lasts exactly 10 moves (counting the move used to switch it on)
  // and switches off before the python makes its 11th move. ... two energy blocks one after the other gives
  // 20 moves." "With protection the body cannot be attacked (not even by the python itself)."
  const s = position(
    ['.......',
     '.pbeeb.',
     '.p.....',
     '.......',
     '.......',
     '.......',
     '.......'],
    [
      { cells: [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]] },
      { cells: [[1, 2]] },
    ],
  );

  it('spends the energy block nearest the tail; the blocks behind it close up; the block reappears', () => {
    const r = play(s, 0, 'A', (empty) => empty.findIndex((c) => c.x === 6 && c.y === 6));
    expect(r.effect).toEqual({ kind: 'protect', spent: 2 });
    expect(cells(r.state, 0)).toEqual([[1, 1], [2, 1], [3, 1], [4, 1]]);
    expect(r.state.pythons[0]!.body.map((b) => b.kind)).toEqual(['b', 'e', 'b']);
    expect(r.respawned).toEqual([{ x: 6, y: 6, kind: 'e' }]);
    expect(r.state.pythons[0]!.protection).toBe(10);
    expect(blockCount(r.state)).toBe(blockCount(s));
  });

  it('lasts the activating move and the 9 after it, and is off when the 11th move starts', () => {
    let st = play(s, 0, 'A').state;
    const left: number[] = [];
    for (let move = 2; move <= 11; move++) {
      st = startTurn(st, 0);
      left.push(st.pythons[0]!.protection);
      st = play(st, 0, 'N').state;
    }
    expect(left).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('keeps the body safe from others while on, and not after it switched off', () => {
    // Python 2 stands below (2,1), a body block of python 1.
    const t = position(
      ['......',
       '.pbeb.',
       '..p...',
       '......',
       '......',
       '......'],
      [
        { cells: [[1, 1], [2, 1], [3, 1], [4, 1]] },
        { cells: [[2, 2]] },
      ],
    );
    let st = play(t, 0, 'A').state; // move 1 of python 1: protection on
    expect(resolveAction(st, 1, 'U')).toMatchObject({ kind: 'impossible' });
    for (let move = 2; move <= 10; move++) {
      st = startTurn(st, 0);
      st = play(st, 0, 'N').state;
      expect(resolveAction(st, 1, 'U').kind, `after python 1's move ${move}`).toBe('impossible');
    }
    st = startTurn(st, 0); // the 11th move starts: protection is off
    expect(st.pythons[0]!.protection).toBe(0);
    expect(resolveAction(st, 1, 'U')).toMatchObject({ kind: 'attack', victim: 0, bitten: 2 });
  });

  it('adds up: two energy blocks one after the other give 20 moves', () => {
    let st = play(s, 0, 'A').state;
    st = startTurn(st, 0);
    st = play(st, 0, 'A').state;
    let moves = 2;
    while (st.pythons[0]!.protection > 0) {
      st = startTurn(st, 0);
      moves++;
      if (st.pythons[0]!.protection > 0) st = play(st, 0, 'N').state;
    }
    // Protection was off when move `moves` started: moves 1..20 were protected.
    expect(moves).toBe(21);
  });

  it('protects the body against the python itself, but the own tail still runs away', () => {
    const curl = position(
      ['.....',
       '.pe..',
       '.bb..',
       '.b...',
       '.....'],
      [{ cells: [[1, 1], [2, 1], [2, 2], [1, 2], [1, 3]] }],
    );
    expect(resolveAction(curl, 0, 'D').kind).toBe('attack');
    const on = play(curl, 0, 'A').state; // spends (2,1): the chain closes up to (1,1)-(2,1)-(2,2)-(1,2)
    expect(cells(on, 0)).toEqual([[1, 1], [2, 1], [2, 2], [1, 2]]);
    expect(resolveAction(on, 0, 'D')).toMatchObject({ kind: 'move', ownTail: true });
    const longer = position(
      ['.....',
       '.pe..',
       '.bb..',
       '.b...',
       '.b...'],
      [{ cells: [[1, 1], [2, 1], [2, 2], [1, 2], [1, 3], [1, 4]] }],
    );
    const on2 = play(longer, 0, 'A').state;
    expect(cells(on2, 0)).toEqual([[1, 1], [2, 1], [2, 2], [1, 2], [1, 3]]);
    expect(resolveAction(on2, 0, 'D')).toMatchObject({ kind: 'impossible', reason: '(1,2) belongs to python 1 itself, whose protection is on (10 left)' });
  });

  it('cannot be activated without an energy block', () => {
    expect(resolveAction(s, 1, 'A')).toMatchObject({ kind: 'impossible', reason: 'it has no energy block in its body to activate protection with' });
  });
});

describe('the reactor', () => {
  // "Trying to move onto a reactor cell makes the python dump its blocks into the reactor (and the player
  // scores). The head stays in the same position." "n(n + 1)/2 points, where n is the length of the body".
  const s = position(
    ['......',
     '.Rpbb.',
     '...eb.',
     '......',
     '......',
     '......'],
    [{ cells: [[2, 1], [3, 1], [4, 1], [4, 2], [3, 2]] }],
  );

  it('dumps the whole body for n(n+1)/2 points and leaves the head where it is', () => {
    const spots: Cell[] = [];
    const r = play(s, 0, 'L', (empty) => {
      spots.push(empty[empty.length - 1]!);
      return empty.length - 1;
    });
    expect(r.effect).toEqual({ kind: 'dump', reactor: { x: 1, y: 1 }, blocks: 4, points: 10 });
    expect(cells(r.state, 0)).toEqual([[2, 1]]);
    expect(r.state.pythons[0]!.score).toBe(10);
    // Conservation: the four blocks (kinds kept) reappear on empty cells.
    expect(r.respawned.map((b) => b.kind)).toEqual(['b', 'b', 'b', 'e']);
    expect(r.respawned.map(({ x, y }) => ({ x, y }))).toEqual(spots);
    expect(blockCount(r.state)).toBe(blockCount(s));
  });

  it('scores 0 for an empty body (the dump is still carried out)', () => {
    const r = play(play(s, 0, 'L').state, 0, 'L');
    expect(r.effect).toMatchObject({ kind: 'dump', blocks: 0, points: 0 });
  });
});

describe('impossible orders are skipped moves', () => {
  // "If the python cannot carry out the order (for example ... onto a wall), the python skips the move."
  const s = position(
    ['pW..',
     '....',
     '....',
     '....'],
  );

  it.each([
    ['R', '(1,0) is a wall'],
    ['U', 'the head at (0,0) would leave the 4x4 field'],
    ['L', 'the head at (0,0) would leave the 4x4 field'],
    ['A', 'it has no energy block in its body to activate protection with'],
  ] as const)('%s: %s', (action, reason) => {
    const r = play(s, 0, action);
    expect(r.effect).toMatchObject({ kind: 'impossible', reason });
    expect(r.state).toBe(s);
  });

  it('lists what can be done: D and N here', () => {
    expect(possibleActions(s, 0)).toEqual(['D', 'N']);
  });
});

describe('conservation of mass over whole seeded games', () => {
  it('keeps the number of blocks constant and never lets pythons overlap', async () => {
    const { generateState } = await import('../../harness/games/snakecore/setup.js');
    let attacks = 0, dumps = 0, protections = 0;
    for (const seed of [1, 2, 3]) {
      const rng = createRng(seed);
      let st = generateState({ size: 12, pythons: 4, walls: 10, reactors: 2, blocks: 20, energy: 4, startBody: 2 }, rng.fork('field'));
      const total = blockCount(st);
      const players = st.pythons.map((_, i) => createOpponent('greedy', rng.fork(`p${i}`)));
      const respawn = rng.fork('respawn');
      for (let round = 0; round < 150; round++)
        for (let p = 0; p < st.pythons.length; p++) {
          st = startTurn(st, p);
          const action = players[p]!.choose(st, p);
          const r = applyAction(st, p, action, (c) => respawn.int(c.length));
          expect(r.effect.kind, `seed ${seed} round ${round} python ${p + 1} ${action}`).not.toBe('impossible');
          if (r.effect.kind === 'attack') attacks++;
          if (r.effect.kind === 'dump') dumps++;
          if (r.effect.kind === 'protect') protections++;
          st = r.state;
          expect(blockCount(st)).toBe(total);
          const used = [...st.free, ...st.pythons.flatMap((q) => [q.head, ...q.body])].map((c) => `${c.x},${c.y}`);
          expect(new Set(used).size).toBe(used.length);
          // The one-cell lookup the rules use says of every cell what the whole field says.
          if (round % 10 === 0) {
            const grid = occupancy(st);
            for (let i = 0; i < grid.length; i++) expect(contentAt(st, { x: i % st.size, y: Math.floor(i / st.size) })).toEqual(grid[i]);
          }
        }
    }
    // The greedy opponents do what they are for: dump at reactors, sometimes attack, sometimes protect.
    expect(dumps).toBeGreaterThan(0);
    expect(attacks).toBeGreaterThan(0);
    expect(protections).toBeGreaterThan(0);
  });
});
