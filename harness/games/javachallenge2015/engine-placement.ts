// The real JavaChallenge2015 engine's start placement, for any seed (its Game constructor; see
// shared/jury-facts.md, "Initial placement"). For each player 0..3 in turn the engine builds a
// HashSet of the squares of every standing block (each block's own HashSet added in turn, blocks row
// by row), removes the squares within Manhattan distance 3 of a player already placed, and draws
// `points[nextInt(points.length)]` from the set's toArray(), then `Direction4.values()[nextInt(4)]`.
// Which square a number picks is the HashSet's iteration order, so java-hash-set.ts reproduces it.
// Pure: no I/O, no clock, no other randomness.
import { JavaHashSet, type KeyType } from './java-hash-set.js';
import { JavaRandom } from './java-random.js';
import { BLOCKS_PER_SIDE, manhattan, PLAYER_COUNT, REPULSION_DISTANCE, SQUARES_PER_BLOCK, type Facing, type Placement } from './rules.js';

interface Square {
  readonly x: number;
  readonly y: number;
}

/** GameAIArena's Point2: hashCode x ^ y, compareTo by x, then y. */
const POINT2: KeyType<Square> = {
  hashCode: (s) => s.x ^ s.y,
  equals: (a, b) => a.x === b.x && a.y === b.y,
  compare: (a, b) => (a.x !== b.x ? a.x - b.x : a.y - b.y),
};

/** Direction4.values(), in the order the enum declares them. */
const DIRECTION4: readonly Facing[] = ['R', 'U', 'L', 'D'];

/** Each block's own HashSet (built once by the engine from its squares listed y then x), in its iteration order; blocks row by row. */
const BLOCK_AREAS: readonly (readonly Square[])[] = Array.from({ length: BLOCKS_PER_SIDE * BLOCKS_PER_SIDE }, (_, block) => {
  const bx = block % BLOCKS_PER_SIDE;
  const by = Math.floor(block / BLOCKS_PER_SIDE);
  const squares: Square[] = [];
  for (let y = by * SQUARES_PER_BLOCK; y < (by + 1) * SQUARES_PER_BLOCK; y++)
    for (let x = bx * SQUARES_PER_BLOCK; x < (bx + 1) * SQUARES_PER_BLOCK; x++) squares.push({ x, y });
  return JavaHashSet.of(POINT2, squares).toArray();
});

/** The engine has no square left for a player (it would stop with an exception): only with fallen blocks. */
export class NoStartSquareError extends Error {
  constructor(readonly player: number) {
    super(`no square is left for player ${player} to start on (every standing square is within ${REPULSION_DISTANCE} of a player placed before)`);
  }
}

/**
 * The engine's placements of players 0..3 for `seed` (the engine's `Long.parseLong(seed)`).
 * A bigint may be any Java long; a number must be a safe integer, and then means exactly that long
 * (the longs beyond 2^53 need a bigint). Anything else is a RangeError.
 * `blocks` (6 x 6 block values, row by row; default all 0): a player may start on a block whose value
 * is >= 0, as the engine's spawn rule reads its field. The engine always starts with all blocks at 0.
 */
export function enginePlacements(seed: bigint | number, blocks?: readonly (readonly number[])[]): Placement[] {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) throw new RangeError(`seed ${seed} is not a safe integer (pass a bigint for longs beyond 2^53)`);
  const random = new JavaRandom(BigInt(seed));
  const standing = BLOCK_AREAS.filter((_, block) => (blocks?.[Math.floor(block / BLOCKS_PER_SIDE)]?.[block % BLOCKS_PER_SIDE] ?? 0) >= 0);
  const placed: Placement[] = [];
  for (let id = 0; id < PLAYER_COUNT; id++) {
    const spawnable = new JavaHashSet(POINT2);
    for (const area of standing) for (const square of area) spawnable.add(square);
    for (const square of spawnable.toArray())
      if (placed.some((p) => manhattan(square.x, square.y, p.x, p.y) <= REPULSION_DISTANCE)) spawnable.remove(square);
    const squares = spawnable.toArray();
    if (squares.length === 0) throw new NoStartSquareError(id);
    const at = squares[random.nextInt(squares.length)]!;
    placed.push({ x: at.x, y: at.y, facing: DIRECTION4[random.nextInt(DIRECTION4.length)]! });
  }
  return placed;
}
