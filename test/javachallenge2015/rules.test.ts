// JavaChallenge2015 rules as the engine implements them (shared/jury-facts.md), worked turn by turn.
import { describe, expect, it } from 'vitest';
import {
  applyTurn, attackMarks, emptyBlocks, initialState, isFinished, placementProblem, result, type Action, type GameState,
} from '../../harness/games/javachallenge2015/rules.js';
import { enginePlacements } from '../../harness/games/javachallenge2015/engine-placement.js';
import { turnMessage } from '../../harness/games/javachallenge2015/wire.js';

/** Four players far apart in the corners unless a test says otherwise. */
function game(players = [
  { x: 1, y: 1, facing: 'R' as const },
  { x: 16, y: 1, facing: 'L' as const },
  { x: 16, y: 16, facing: 'U' as const },
  { x: 1, y: 16, facing: 'D' as const },
], options: { turnLimit?: number; blocks?: number[][] } = {}): GameState {
  return initialState(players, options);
}

/** Plays the given actions, one per turn, starting with the turn player. */
function play(state: GameState, actions: Action[]): GameState {
  for (const a of actions) state = applyTurn(state, a).state;
  return state;
}

describe('javachallenge2015 wire: the turn message', () => {
  it('is byte-exact for seed 0, player 0, T=0 (golden: the real engine\'s first message)', () => {
    const state = initialState(enginePlacements(0));
    const text = turnMessage(state, 0).map((l) => `${l}\n`).join('');
    expect(text).toBe('0\n0\n' + '0 0 0 0 0 0\n'.repeat(6) + '0 14 D 0\n14 17 L 0\n14 10 U 0\n2 5 R 0\nEOD\n');
  });

  it('prints rows of blocks by y, columns by x, and a fallen player as -1 -1 <last D> <S>', () => {
    let state = game([
      { x: 1, y: 1, facing: 'D' }, // attacks down column 0 at T=0
      { x: 16, y: 1, facing: 'L' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 7, facing: 'R' }, // block (row 2, column 0): falls at the end of T=7
    ]);
    state = play(state, ['A']);
    expect(turnMessage(state, 1).slice(2, 8)).toEqual([
      '0 0 0 0 0 0',
      '3 0 0 0 0 0',
      '7 0 0 0 0 0',
      '11 0 0 0 0 0',
      '15 0 0 0 0 0',
      '19 0 0 0 0 0',
    ]);
    expect(turnMessage(state, 1)[8]).toBe('1 1 D 2'); // S = 3, minus the attacker's own turn
    state = play(state, ['N', 'N', 'R', 'N', 'N', 'N', 'N']); // player 3 faces R at T=3, stays in its block
    expect(state.turn).toBe(8);
    expect(state.players[3]!.onBoard).toBe(false);
    expect(turnMessage(state, 0)[11]).toBe('-1 -1 R 0');
  });
});

describe('javachallenge2015 rules: moves', () => {
  it('moves one square and faces the move; U is y - 1, R is x + 1', () => {
    let state = play(game(), ['U']);
    expect(state.players[0]).toMatchObject({ x: 1, y: 0, facing: 'U' });
    state = play(state, ['N', 'N', 'N', 'R']);
    expect(state.players[0]).toMatchObject({ x: 2, y: 0, facing: 'R' });
  });

  it('cancels a move off the board but still turns the player', () => {
    const state = game([
      { x: 0, y: 0, facing: 'R' },
      { x: 16, y: 1, facing: 'L' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'D' },
    ]);
    const { state: after, report } = applyTurn(state, 'L');
    expect(report.cancelled).toBe('edge');
    expect(after.players[0]).toMatchObject({ x: 0, y: 0, facing: 'L' });
  });

  it('cancels a move onto a fallen block', () => {
    const blocks = emptyBlocks();
    blocks[0]![1] = -5;
    const state = game([
      { x: 2, y: 1, facing: 'U' },
      { x: 16, y: 1, facing: 'L' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'D' },
    ], { blocks });
    const { state: after, report } = applyTurn(state, 'R');
    expect(report.cancelled).toBe('fallen-block');
    expect(after.players[0]).toMatchObject({ x: 2, y: 1, facing: 'R' });
  });

  it('cancels a move ending within Manhattan 3 of a player on the board; 4 is allowed; fallen players do not repel', () => {
    const players = [
      { x: 5, y: 5, facing: 'R' as const },
      { x: 10, y: 5, facing: 'L' as const },
      { x: 16, y: 16, facing: 'U' as const },
      { x: 1, y: 16, facing: 'D' as const },
    ];
    const first = applyTurn(game(players), 'R'); // 6,5 is 4 from 10,5
    expect(first.report.cancelled).toBeUndefined();
    expect(first.state.players[0]).toMatchObject({ x: 6, y: 5 });
    const again = play(first.state, ['N', 'N', 'N']);
    const second = applyTurn(again, 'R'); // 7,5 would be 3 from 10,5
    expect(second.report.cancelled).toBe('too-close');
    expect(second.state.players[0]).toMatchObject({ x: 6, y: 5, facing: 'R' });

    const withFallen = game(players);
    withFallen.players[1]!.onBoard = false;
    const past = play(applyTurn(withFallen, 'R').state, ['N', 'N', 'N', 'R']);
    expect(past.players[0]).toMatchObject({ x: 7, y: 5 });
  });
});

describe('javachallenge2015 rules: attack, fall, restore', () => {
  it('marks every stable block beyond its own in the facing direction with 4n, and only those', () => {
    const blocks = emptyBlocks();
    blocks[1]![3] = 9; // already falling: keeps its count
    blocks[1]![4] = -7; // fallen: keeps its count
    const state = game([
      { x: 4, y: 4, facing: 'R' }, // block row 1, column 1
      { x: 16, y: 1, facing: 'L' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'D' },
    ], { blocks });
    expect(attackMarks(state, 0)).toEqual([
      [1, 2, 4],
      [1, 5, 16],
    ]);
    const { state: after, report } = applyTurn(state, 'A');
    expect(report.marked).toHaveLength(2);
    // After this turn's block update: marked ones counted down once, the others too.
    expect(after.blocks[1]).toEqual([0, 0, 3, 8, -6, 15]);
  });

  it('cools the attacker down: it sees S=2, then S=1 (both forced N), then acts again', () => {
    let state = play(game(), ['A']);
    expect(state.players[0]!.cooldown).toBe(2);
    state = play(state, ['N', 'N', 'N']);
    let turn = applyTurn(state, 'D');
    expect(turn.report).toMatchObject({ played: 'N', forcedByCooldown: true });
    expect(turn.state.players[0]).toMatchObject({ x: 1, y: 1, cooldown: 1 });
    state = play(turn.state, ['N', 'N', 'N']);
    turn = applyTurn(state, 'D');
    expect(turn.report.played).toBe('N');
    expect(turn.state.players[0]!.cooldown).toBe(0);
    state = play(turn.state, ['N', 'N', 'N']);
    turn = applyTurn(state, 'D');
    expect(turn.report.played).toBe('D');
    expect(turn.state.players[0]).toMatchObject({ x: 1, y: 2 });
  });

  it('drops the neighbour block 4 turns after the attack, with the player on it, and restores it at F+20', () => {
    // Player 0 attacks right at T=0; player 1 stands in the next block (column 1).
    let state = game([
      { x: 1, y: 1, facing: 'R' },
      { x: 5, y: 1, facing: 'L' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'D' },
    ]);
    state = play(state, ['A', 'N', 'N']);
    expect(state.blocks[0]![1]).toBe(1);
    expect(state.players[1]!.onBoard).toBe(true);
    const fall = applyTurn(state, 'N'); // T=3: the block falls at the end of this turn (F = 3)
    expect(fall.report.fell).toEqual([1]);
    state = fall.state;
    expect(state.turn).toBe(4);
    expect(state.blocks[0]![1]).toBe(-19);
    state = play(state, new Array<Action>(18).fill('N'));
    expect(state.turn).toBe(22); // F + 19
    expect(state.blocks[0]![1]).toBe(-1);
    state = play(state, ['N']);
    expect(state.blocks[0]![1]).toBe(0); // walkable at F + 20
    expect(state.players[1]!.onBoard).toBe(false); // a fallen player is not restored
  });
});

describe('javachallenge2015 rules: the end', () => {
  it('ends when exactly one player is on the board; that player wins', () => {
    const state = game();
    for (const id of [1, 2, 3]) state.players[id]!.onBoard = false;
    expect(isFinished(state)).toBe(true);
    expect(result(state).winner).toBe(0);
  });

  it('ends at the turn limit as a draw when several players remain', () => {
    const state = play(game(undefined, { turnLimit: 8 }), new Array<Action>(8).fill('N'));
    expect(isFinished(state)).toBe(true);
    expect(result(state).winner).toBeUndefined();
    expect(result(state).reason).toMatch(/draw/);
  });

  it('runs on to the turn limit when the last players fall in the same turn (draw)', () => {
    const blocks = emptyBlocks();
    blocks[0]![0] = 1;
    blocks[5]![5] = 1;
    const state = game(undefined, { blocks, turnLimit: 40 });
    state.players[1]!.onBoard = false;
    state.players[3]!.onBoard = false;
    const after = applyTurn(state, 'N');
    expect(after.report.fell).toEqual([0, 2]);
    expect(isFinished(after.state)).toBe(false);
    const end = play(after.state, new Array<Action>(39).fill('N'));
    expect(end.turn).toBe(40);
    expect(isFinished(end)).toBe(true);
    expect(result(end).winner).toBeUndefined();
  });

  it('accepts the engine placements and refuses players 3 or less apart', () => {
    for (const placements of [0, 1, 42].map((seed) => enginePlacements(seed))) expect(placementProblem(placements, emptyBlocks())).toBeUndefined();
    expect(placementProblem([
      { x: 0, y: 0, facing: 'U' },
      { x: 2, y: 1, facing: 'U' },
      { x: 16, y: 16, facing: 'U' },
      { x: 1, y: 16, facing: 'D' },
    ], emptyBlocks())).toMatch(/players 0 and 1 are 3 apart/);
  });
});
