// java.util.Random as its specification fixes it (a 48-bit linear congruential generator), for the
// JavaChallenge2015 engine's start placement. Exact: the state is a BigInt; only a few numbers are
// drawn per game, so speed does not matter.

const MULTIPLIER = 0x5deece66dn;
const ADDEND = 0xbn;
const MASK = (1n << 48n) - 1n;
const LONG_MIN = -(1n << 63n);
const LONG_MAX = (1n << 63n) - 1n;

export class JavaRandom {
  private state: bigint;

  /** `new Random(seed)`: `seed` is a Java long (RangeError outside -2^63 .. 2^63 - 1). */
  constructor(seed: bigint) {
    if (seed < LONG_MIN || seed > LONG_MAX) throw new RangeError(`${seed} is not a Java long`);
    this.state = (seed ^ MULTIPLIER) & MASK;
  }

  /** `next(bits)`: the top `bits` of the new 48-bit state, as a Java int. */
  private next(bits: number): number {
    this.state = (this.state * MULTIPLIER + ADDEND) & MASK;
    return Number(BigInt.asIntN(32, this.state >> BigInt(48 - bits)));
  }

  /** `nextInt(bound)`: the power-of-two shortcut, else rejection of the over-represented values. */
  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0 || bound > 0x7fffffff) throw new RangeError(`bound must be a positive Java int, got ${bound}`);
    let r = this.next(31);
    const m = bound - 1;
    if ((bound & m) === 0) return Number((BigInt(bound) * BigInt(r)) >> 31n);
    // Java int arithmetic: u - r + m overflows to a negative number for the rejected tail.
    for (let u = r; ((u - (r = u % bound) + m) | 0) < 0; u = this.next(31));
    return r;
  }
}
