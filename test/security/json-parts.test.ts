// core/json-parts.ts takes a large JSON document apart without parsing it whole: its parts must be
// exactly the document's values, whatever the chunk boundaries, and whatever is not one JSON object
// must fail in one part or another (the scanner never lets through what JSON.parse refuses).
import { describe, expect, it } from 'vitest';
import { bufferSource, JsonPartsError, parseSpan, scanTopLevel } from '../../harness/core/json-parts.js';
import { createRng, type Rng as SeededRng } from '../../harness/core/rng.js';

/** Integers in [lo, hi]. */
type Rng = { int(lo: number, hi: number): number };
const seeded = (seed: number): Rng => {
  const rng: SeededRng = createRng(seed);
  return { int: (lo, hi) => lo + rng.int(hi - lo + 1) };
};

/** The document as the parts give it (members parsed, `games` from its element spans), or the error. */
function viaParts(text: string, chunkBytes: number): unknown {
  const source = bufferSource(Buffer.from(text, 'utf8'));
  const { members, elements } = scanTopLevel(source, 'games', chunkBytes);
  const out: Record<string, unknown> = {};
  for (const [key, span] of members) out[key] = key === 'games' && elements ? elements.starts.map((start, i) => parseSpan(source, { start, end: elements.ends[i]! })) : parseSpan(source, span);
  return out;
}

function outcome(f: () => unknown): { ok: unknown } | { error: string } {
  try {
    return { ok: f() };
  } catch (e) {
    if (e instanceof SyntaxError || e instanceof JsonPartsError) return { error: e.name };
    throw e;
  }
}

const STRINGS = ['', 'a', '\\"', '\\\\', '\\\\\\"', '}', ']', '{[', 'é', '\\u0041', 'x\\\\', '\\\\\\\\\\\\'];
function randomValue(rng: Rng, depth: number): string {
  const pick = rng.int(0, depth > 2 ? 3 : 5);
  if (pick === 0) return String(rng.int(-1000, 1000) / 8);
  if (pick === 1) return ['true', 'false', 'null', '1e5', '-0'][rng.int(0, 4)]!;
  if (pick <= 3) return `"${Array.from({ length: rng.int(0, 4) }, () => STRINGS[rng.int(0, STRINGS.length - 1)]).join('')}"`;
  const space = (): string => [' ', '', '\n', '\t '][rng.int(0, 3)]!;
  const n = rng.int(0, 3);
  if (pick === 4) return `[${space()}${Array.from({ length: n }, () => randomValue(rng, depth + 1)).join(`,${space()}`)}${space()}]`;
  return `{${space()}${Array.from({ length: n }, (_, i) => `"k${i}"${space()}:${space()}${randomValue(rng, depth + 1)}`).join(`,${space()}`)}${space()}}`;
}
function randomDocument(rng: Rng): string {
  const members = [`"games": [${Array.from({ length: rng.int(0, 4) }, () => randomValue(rng, 1)).join(', ')}]`];
  for (let i = rng.int(0, 3); i > 0; i--) members.push(`"m${i}": ${randomValue(rng, 1)}`);
  return ` {${members.join(' ,\n')}}\n`;
}

describe('taking a JSON document apart', () => {
  it('gives exactly what JSON.parse gives, at every chunk size', () => {
    const rng = seeded(7);
    for (let n = 0; n < 300; n++) {
      const text = randomDocument(rng);
      for (const chunk of [1, 2, 3, 7, 64, 1 << 20]) expect(viaParts(text, chunk), `${text} (chunk ${chunk})`).toEqual(JSON.parse(text));
    }
  });

  it('fails wherever JSON.parse fails, and gives the same document where it does not', () => {
    const rng = seeded(11);
    let failed = 0;
    for (let n = 0; n < 2000; n++) {
      const good = randomDocument(rng);
      // One byte dropped, doubled or replaced by JSON punctuation.
      const at = rng.int(0, good.length - 1);
      const edits = [good.slice(0, at) + good.slice(at + 1), good.slice(0, at) + good[at] + good.slice(at), good.slice(0, at) + '",:{}[]\\ '[rng.int(0, 8)] + good.slice(at + 1)];
      for (const text of edits) {
        const whole = outcome(() => JSON.parse(text) as unknown);
        const parts = outcome(() => viaParts(text, rng.int(1, 9)));
        // The parts also refuse what JSON.parse accepts but a report is not: another top-level value, a key twice.
        if ('error' in whole) {
          failed++;
          expect(parts, text).toHaveProperty('error');
        } else if ('ok' in parts) expect(parts.ok, text).toEqual(whole.ok);
      }
    }
    expect(failed).toBeGreaterThan(1000);
  });

  it('refuses numbers beyond a double, a key twice, and text after the object', () => {
    expect(() => viaParts('{"games": [{"a": 1e400}]}', 4)).toThrow(/a number too large for a double/);
    expect(() => viaParts('{"a": -2e308}', 4)).toThrow(/a number too large for a double/);
    expect(viaParts('{"a": "1e400", "b": 1e-400}', 4)).toEqual({ a: '1e400', b: 0 });
    expect(() => viaParts('{"a": 1, "\\u0061": 2}', 4)).toThrow(/a key given twice in the top-level object \(byte 9\)/);
    expect(() => viaParts('{"a": 1} x', 4)).toThrow(/text after the JSON document/);
    expect(() => viaParts('{"a": "SECRET', 4)).toThrow(/^a string that never ends \(from byte 6\)$/);
  });

  it('reads a long run of backslashes before a quote at a chunk boundary once per chunk', () => {
    const text = `{"games": ["${'\\\\'.repeat(200_000)}"]}`;
    let reads = 0;
    const source = bufferSource(Buffer.from(text));
    const counting = { size: source.size, read: (into: Buffer, position: number) => (reads++, source.read(into, position)) };
    const { elements } = scanTopLevel(counting, 'games', 4096);
    expect(elements!.starts.length).toBe(1);
    expect(reads).toBeLessThan((3 * text.length) / 4096 + 10);
  });
});
