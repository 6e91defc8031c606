// core/json-parts.ts takes a large JSON document apart without parsing it whole: its parts must be
// exactly the document's values, whatever the chunk boundaries, and whatever is not one JSON object
// must fail in one part or another (the scanner never lets through what JSON.parse refuses).
import { describe, expect, it } from 'vitest';
import { bufferSource, eachElement, elementSpans, JsonPartsError, objectMembers, parseSpan, scanTopLevel, type ByteSource, type Span } from '../../harness/core/json-parts.js';
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

  it('refuses more elements than allowed in the split array while scanning', () => {
    const source = bufferSource(Buffer.from(`{"games": [${'{},'.repeat(10)}{}]}`));
    expect(scanTopLevel(source, 'games', 4, 11).elements!.starts.length).toBe(11);
    expect(() => scanTopLevel(source, 'games', 4, 10)).toThrow(/^more than 10 elements in 'games' \(at byte 41\)$/);
  });
});

describe('taking a value apart inside the document (merge reads a large game lean)', () => {
  /** The value at `span` rebuilt from its parts (objects by members, arrays element by element), every level down. */
  function rebuilt(source: ByteSource, span: Span, chunk: number, useSpans: boolean): unknown {
    const members = objectMembers(source, span, chunk);
    if (members) return Object.fromEntries([...members].map(([k, v]) => [k, rebuilt(source, v, chunk, !useSpans)]));
    const out: unknown[] = [];
    // Alternately the spans of the elements (taken apart further) and the elements parsed, in batches.
    const isArray = useSpans ? elementSpans(source, span, (e) => out.push(rebuilt(source, e, chunk, !useSpans)), chunk) : eachElement(source, span, (v, i) => (out[i] = v), chunk);
    return isArray ? out : parseSpan(source, span);
  }
  const whole = (text: string, chunk: number, useSpans: boolean): unknown => {
    const source = bufferSource(Buffer.from(text, 'utf8'));
    const { members } = scanTopLevel(source, '', chunk);
    return Object.fromEntries([...members].map(([k, v]) => [k, rebuilt(source, v, chunk, useSpans)]));
  };

  it('gives exactly what JSON.parse gives, at every chunk size and batch size', () => {
    const rng = seeded(13);
    for (let n = 0; n < 300; n++) {
      const text = randomDocument(rng);
      for (const chunk of [1, 2, 3, 7, 64, 1 << 20]) for (const useSpans of [true, false]) expect(whole(text, chunk, useSpans), `${text} (chunk ${chunk})`).toEqual(JSON.parse(text));
    }
  });

  it('fails wherever JSON.parse fails', () => {
    const rng = seeded(17);
    let failed = 0;
    for (let n = 0; n < 2000; n++) {
      const good = randomDocument(rng);
      const at = rng.int(0, good.length - 1);
      const edits = [good.slice(0, at) + good.slice(at + 1), good.slice(0, at) + good[at] + good.slice(at), good.slice(0, at) + '",:{}[]\\ '[rng.int(0, 8)] + good.slice(at + 1)];
      for (const text of edits) {
        const parsed = outcome(() => JSON.parse(text) as unknown);
        const parts = outcome(() => whole(text, rng.int(1, 9), rng.int(0, 1) === 1));
        if ('error' in parsed) {
          failed++;
          expect(parts, text).toHaveProperty('error');
        } else if ('ok' in parts) expect(parts.ok, text).toEqual(parsed.ok);
      }
    }
    expect(failed).toBeGreaterThan(1000);
  });

  it('a key twice in an inner object, and a __proto__ key, as JSON.parse would not take them', () => {
    const source = bufferSource(Buffer.from('{"g": {"a": 1, "b": {}, "a": 2}}'));
    const g = scanTopLevel(source, '').members.get('g')!;
    expect(() => objectMembers(source, g)).toThrow(/^a key given twice in the object at byte 6 \(byte 24\)$/);
    const proto = bufferSource(Buffer.from('{"g": {"__proto__": {"x": 1}}}'));
    expect([...objectMembers(proto, scanTopLevel(proto, '').members.get('g')!)!.keys()]).toEqual(['__proto__']);
  });

  it('scans a large value once, however many levels inside it are taken apart after it (merge reads a game, its seats, a run, its transcript)', () => {
    // Entries whose strings hold brackets, quotes and backslashes, so a scan that lost its place would misplace an end.
    const entry = (i: number) => ({ dir: i % 2 ? 'in' : 'out', text: `}]"{[\\${i}\\"`, atMs: i / 8 });
    const doc = { head: 1, games: [{ index: 0, seats: [{ role: 'a', run: { transcript: Array.from({ length: 20_000 }, (_, i) => entry(i)), status: 'passed' } }, { role: 'b' }] }] };
    const text = JSON.stringify(doc);
    expect(text.length).toBeGreaterThan(1e6);
    let read = 0;
    const plain = bufferSource(Buffer.from(text));
    const source: ByteSource = { size: plain.size, read: (into, position) => (read += into.length, plain.read(into, position)) };
    const { members, elements } = scanTopLevel(source, 'games', 4096);
    const game = objectMembers(source, { start: elements!.starts[0]!, end: elements!.ends[0]! }, 4096)!;
    const seats: Span[] = [];
    elementSpans(source, game.get('seats')!, (s) => seats.push(s), 4096);
    const run = objectMembers(source, objectMembers(source, seats[0]!, 4096)!.get('run')!, 4096)!;
    const entries: unknown[] = [];
    eachElement(source, run.get('transcript')!, (v) => entries.push(v), 4096);
    expect(entries).toEqual(doc.games[0]!.seats[0]!.run!.transcript);
    expect(parseSpan(source, run.get('status')!)).toBe('passed');
    expect(parseSpan(source, members.get('head')!)).toBe(1);
    // The whole document once, the transcript's elements once more, and once parsed: under four times its
    // size (each level scanned again, as before: seven times).
    expect(read / text.length).toBeLessThan(4);
  });
});

