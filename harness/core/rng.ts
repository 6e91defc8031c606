// Seeded randomness: everything random in a scenario derives from its seed, so a run repeats exactly.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: T[]): T[];
  /** An independent stream for one purpose (e.g. 'opponent', 'maze'), stable whatever else draws. */
  fork(label: string): Rng;
  /**
   * A name for the numbers this Rng draws from its start: two with the same name draw the same ones.
   * botjury's Rngs have one; a game may use it to share what it makes from a fresh fork (nothing drawn yet).
   */
  readonly stream?: string;
}

/** The number a referee gets as its seed: the seed itself, or a hash (FNV-1a) of a text seed. */
export function numericSeed(seed: number | string): number {
  if (typeof seed === 'number') return seed;
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  return sfc32(hashSeed(String(seed)));
}

function hashSeed(text: string): [number, number, number, number] {
  // cyrb128: spreads any seed text over 128 bits of state.
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

function sfc32([a, b, c, d]: [number, number, number, number], label = ''): Rng {
  const next = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const seedText = `${a},${b},${c},${d},${label}`;
  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
    fork: (forkLabel) => sfc32(hashSeed(`${seedText}/${forkLabel}`), forkLabel),
    stream: seedText, // the generator's whole state at its start, and its label
  };
  return rng;
}
