// Nim (normal play) as pure functions of state: no I/O, no clock, no randomness.
// A move takes 1 or more objects from one heap; whoever takes the last object wins.

export const RULES = {
  move: 'On your turn take at least one object from exactly one heap (any number up to the whole heap).',
  win: 'The player who takes the last object wins.',
  notation: "A move is written 'H N': heap number H (1 = the first heap) and how many objects N to take.",
};

/** @typedef {{ heaps: number[], toMove: 0 | 1, ply: number }} State */

/** @returns {State} */
export function initialState(heaps) {
  return { heaps: [...heaps], toMove: 0, ply: 0 };
}

export const isOver = (state) => state.heaps.every((h) => h === 0);

/** Every legal move, as [heap index, count]. */
export function legalMoves(state) {
  const moves = [];
  state.heaps.forEach((h, i) => {
    for (let n = 1; n <= h; n++) moves.push([i, n]);
  });
  return moves;
}

export const formatMove = ([heap, count]) => `${heap + 1} ${count}`;

/** Parses and checks a move: { ok: true, move } or { ok: false, code, message }. */
export function checkMove(state, text) {
  const m = /^(\d{1,3}) (\d{1,6})$/.exec(text);
  if (!m) return { ok: false, code: 'bad-format', message: `'${text}' is not a move: write 'H N' (heap number, how many to take)` };
  const heap = Number(m[1]) - 1;
  const count = Number(m[2]);
  if (heap < 0 || heap >= state.heaps.length) return { ok: false, code: 'illegal-move', message: `there is no heap ${heap + 1} (heaps 1 to ${state.heaps.length})` };
  if (count < 1) return { ok: false, code: 'illegal-move', message: 'a move takes at least one object' };
  if (count > state.heaps[heap]) return { ok: false, code: 'illegal-move', message: `heap ${heap + 1} has ${state.heaps[heap]} object(s); cannot take ${count}` };
  return { ok: true, move: [heap, count] };
}

/** @returns {State} */
export function applyMove(state, [heap, count]) {
  const heaps = [...state.heaps];
  heaps[heap] -= count;
  return { heaps, toMove: state.toMove === 0 ? 1 : 0, ply: state.ply + 1 };
}
