// A large JSON document taken apart without holding or parsing it whole: one pass over its bytes, a
// chunk at a time, finds the members of its top-level object and the elements of one array member,
// as byte ranges; each part is then read and parsed on its own (JSON.parse checks it). So a 60 MB
// match report is never one string or one tree in memory. The scanner only finds where parts begin
// and end and checks the punctuation between them; every byte of a part is checked by JSON.parse,
// so the parts of a valid document are exactly its values, and an invalid document fails in one
// part or another. Errors give a byte position, never the text.
import { readSync } from 'node:fs';

/** Bytes [start, end) of a document. */
export interface Span {
  start: number;
  end: number;
}

/** Where the document's bytes come from: `read` fills `into` from `position` (fewer bytes at the end). */
export interface ByteSource {
  size: number;
  read(into: Buffer, position: number): number;
}

/** Not a JSON document of the expected shape; `message` says where, never what the text holds. */
export class JsonPartsError extends Error {
  override name = 'JsonPartsError';
}

export function bufferSource(buf: Buffer): ByteSource {
  return { size: buf.length, read: (into, position) => buf.copy(into, 0, position, Math.min(buf.length, position + into.length)) };
}

/** An open file of `size` bytes: never read past `size`, even when it grows meanwhile. */
export function fileSource(fd: number, size: number): ByteSource {
  return {
    size,
    read(into, position) {
      const length = Math.min(into.length, size - position);
      let done = 0;
      while (done < length) {
        const n = readSync(fd, into, done, length - done, position + done);
        if (n === 0) break;
        done += n;
      }
      return done;
    },
  };
}

const CHUNK_BYTES = 1 << 20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The members of a document's top-level object, and the elements of one array member. */
export interface TopLevel {
  members: Map<string, Span>;
  /** The elements of the member named `split`, when it is an array: `starts[i]`, `ends[i]`. */
  elements: { starts: number[]; ends: number[] } | null;
}

/**
 * One pass over the document: its top-level object's members by key (a key given twice, anything but
 * one object, or text after it is a JsonPartsError), and the element spans of the array member `split`
 * (more than `maxElements` of them is a JsonPartsError).
 */
export function scanTopLevel(source: ByteSource, split: string, chunkBytes = CHUNK_BYTES, maxElements = Infinity): TopLevel {
  const s = new Scanner(source, chunkBytes);
  let elements: TopLevel['elements'] = null;
  const start = s.skipSpace(0);
  const { members, end } = s.members(start, 'a JSON object', (key, at) => {
    if (key !== split || s.byte(at) !== 0x5b) return undefined;
    elements = { starts: [], ends: [] };
    const out = elements;
    return s.eachElement(at, (first, last) => {
      // Their spans are kept until the head is checked: a flood of tiny elements ("{},") must not fill memory.
      if (out.starts.length >= maxElements) throw new JsonPartsError(`more than ${maxElements} elements in '${split}' (at byte ${first})`);
      out.starts.push(first);
      out.ends.push(last);
    });
  });
  if (s.skipSpace(end) !== source.size) throw new JsonPartsError(`text after the JSON document (byte ${end})`);
  return { members, elements };
}

/**
 * The members of the object that is the value at `span` (from a scan: its punctuation is checked
 * here, every member's bytes by JSON.parse when parsed), by key; null when that value is not an object.
 */
export function objectMembers(source: ByteSource, span: Span, chunkBytes = CHUNK_BYTES): Map<string, Span> | null {
  const s = new Scanner(source, chunkBytes);
  if (s.byte(span.start) !== 0x7b) return null;
  const { members, end } = s.members(span.start, 'a JSON object');
  if (end !== span.end) throw new JsonPartsError(`text after the object at byte ${span.start} (byte ${end})`);
  return members;
}

/** The span of each element of the array that is the value at `span`, in order, none parsed; false when that value is not an array. */
export function elementSpans(source: ByteSource, span: Span, each: (element: Span) => void, chunkBytes = CHUNK_BYTES): boolean {
  const s = new Scanner(source, chunkBytes);
  if (s.byte(span.start) !== 0x5b) return false;
  const end = s.eachElement(span.start, (start, last) => each({ start, end: last }));
  if (end !== span.end) throw new JsonPartsError(`text after the array at byte ${span.start} (byte ${end})`);
  return true;
}

/**
 * Each element of the array that is the value at `span`, parsed, in order (`each(value, index)`), a
 * batch of about a chunk of text at a time: never the whole array in memory, text or values. False
 * (and nothing called) when that value is not an array.
 */
export function eachElement(source: ByteSource, span: Span, each: (value: unknown, index: number) => void, chunkBytes = CHUNK_BYTES): boolean {
  const s = new Scanner(source, chunkBytes);
  if (s.byte(span.start) !== 0x5b) return false;
  let index = 0;
  let batch: Span | null = null;
  // Consecutive elements with only commas and spaces between them are one JSON array's text.
  const flush = (): void => {
    if (!batch) return;
    const values = parseSpan(source, batch, true) as unknown[];
    batch = null;
    for (const v of values) each(v, index++);
  };
  const end = s.eachElement(span.start, (first, last) => {
    if (batch && last - batch.start > chunkBytes) flush();
    if (batch) batch.end = last;
    else batch = { start: first, end: last };
  });
  flush();
  if (end !== span.end) throw new JsonPartsError(`text after the array at byte ${span.start} (byte ${end})`);
  return true;
}

/** The bytes of one part. */
export function readSpan(source: ByteSource, span: Span): Buffer {
  const buf = Buffer.allocUnsafe(span.end - span.start);
  const n = source.read(buf, span.start);
  if (n !== buf.length) throw new JsonPartsError(`the file ended early (byte ${span.start + n})`);
  return buf;
}

/**
 * Where a literal number might be too large for a double (JSON.parse makes it ±Infinity, which no report
 * holds and JSON.stringify writes as null): an exponent of 100 or more, or 200 digits in a row.
 */
const MAYBE_OVERFLOW = /[eE]\+?0*[1-9]\d{2}|\d{200}/;

/**
 * JSON.parse of one part; not JSON, or a number beyond a double, is a JsonPartsError naming its byte.
 * `asArray`: the part is a run of array elements and their commas, parsed as one array.
 */
export function parseSpan(source: ByteSource, span: Span, asArray = false): unknown {
  const bytes = readSpan(source, span).toString('utf8');
  const text = asArray ? `[${bytes}]` : bytes;
  try {
    // A reviver costs four times the parse: only where the text may hold an overflowing literal.
    return MAYBE_OVERFLOW.test(text) ? JSON.parse(text, refuseInfinity) : JSON.parse(text);
  } catch (e) {
    if (e instanceof JsonPartsError) throw new JsonPartsError(`${e.message} (in the value at byte ${span.start})`);
    // V8's message quotes the text around the error: give the position only.
    const at = /position (\d+)/.exec((e as Error).message);
    throw new JsonPartsError(`not JSON near byte ${at ? span.start + Math.max(0, Number(at[1]) - (asArray ? 1 : 0)) : span.start}`);
  }
}

function refuseInfinity(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new JsonPartsError('a number too large for a double');
  return value;
}

/**
 * Containers remembered by their scan: at most REMEMBERED_DEPTH levels down from the value skipped, of
 * REMEMBERED_BYTES or more (those of one level do not overlap), so skipping a value of n bytes leaves
 * at most REMEMBERED_DEPTH × n / REMEMBERED_BYTES; merge skips at a handful of levels of a report.
 */
const REMEMBERED_DEPTH = 16;
const REMEMBERED_BYTES = 1 << 16;
const KNOWN_ENDS = new WeakMap<ByteSource, Map<number, number>>();

/** Bytes of the document by absolute position, through a window of one chunk that moves as asked. */
class Scanner {
  private readonly chunk: Buffer;
  private view: Buffer;
  private base = 0;
  /** The ends of the source's containers of REMEMBERED_BYTES or more scanned so far, by their starts (shared by its scanners). */
  private readonly knownEnds: Map<number, number>;
  /** Where each container open at depth 1..REMEMBERED_DEPTH of the value being skipped began. */
  private readonly opens: number[] = [];

  constructor(readonly source: ByteSource, chunkBytes: number) {
    this.chunk = Buffer.allocUnsafe(chunkBytes);
    this.view = this.chunk.subarray(0, 0);
    let known = KNOWN_ENDS.get(source);
    if (!known) KNOWN_ENDS.set(source, (known = new Map()));
    this.knownEnds = known;
  }

  /** The byte at `pos`, or -1 past the end. */
  byte(pos: number): number {
    if (pos < this.base || pos >= this.base + this.view.length) {
      if (pos >= this.source.size || pos < 0) return -1;
      // Backwards (the backslashes before a quote), the window ends at `pos`: a long run of them costs
      // one read per chunk, not one per byte.
      this.load(pos < this.base ? Math.max(0, pos - this.chunk.length + 1) : pos);
    }
    return this.view[pos - this.base]!;
  }

  private load(pos: number): void {
    this.base = pos;
    this.view = this.chunk.subarray(0, this.source.read(this.chunk, pos));
  }

  expect(i: number, byte: number, what: string): void {
    if (this.byte(i) !== byte) throw new JsonPartsError(`${what} expected at byte ${i}`);
  }

  skipSpace(i: number): number {
    while (isSpace(this.byte(i))) i++;
    return i;
  }

  /** The end of the string that starts at `i` (a quote), after its closing quote. */
  skipString(i: number): number {
    let from = i + 1;
    for (;;) {
      if (this.byte(from) < 0) throw new JsonPartsError(`a string that never ends (from byte ${i})`);
      const q = this.view.indexOf(QUOTE, from - this.base);
      if (q < 0) {
        from = this.base + this.view.length;
        continue;
      }
      const quote = this.base + q;
      let backslashes = 0;
      while (this.byte(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** The end of the value that starts at `i`: a string, an object or array (brackets matched), or a literal. */
  skipValue(i: number): number {
    const c = this.byte(i);
    if (c === QUOTE) return this.skipString(i);
    if (c === 0x7b || c === 0x5b) {
      const known = this.knownEnds.get(i);
      if (known !== undefined) return known;
      // One loop over the window's bytes, strings included (a call per byte or per string cost 12 ns
      // a byte on a report's transcripts; this ~1): its state carries over from one window to the next.
      // The large containers it passes through are remembered, so the value inside it read next (a
      // game, then its seats, a run, its transcript) is not scanned again.
      let depth = 0;
      let stringFrom = -1; // where the string being read began, or -1 outside strings
      let escaped = false;
      const opens = this.opens;
      for (let j = i; ; ) {
        if (this.byte(j) < 0) {
          if (stringFrom >= 0) throw new JsonPartsError(`a string that never ends (from byte ${stringFrom})`);
          throw new JsonPartsError(`an object or array that never ends (from byte ${i})`);
        }
        const view = this.view;
        const base = this.base;
        for (let k = j - base; k < view.length; k++) {
          const b = view[k]!;
          if (stringFrom >= 0) {
            if (escaped) escaped = false;
            else if (b === BACKSLASH) escaped = true;
            else if (b === QUOTE) stringFrom = -1;
          } else if (b === QUOTE) stringFrom = base + k;
          else if (b === 0x7b || b === 0x5b) {
            if (++depth <= REMEMBERED_DEPTH) opens[depth] = base + k;
          } else if (b === 0x7d || b === 0x5d) {
            if (depth <= REMEMBERED_DEPTH && base + k + 1 - opens[depth]! >= REMEMBERED_BYTES) this.knownEnds.set(opens[depth]!, base + k + 1);
            if (--depth === 0) return base + k + 1;
          }
        }
        j = base + view.length;
      }
    }
    let j = i;
    for (let b = this.byte(j); b >= 0 && !isSpace(b) && b !== 0x2c && b !== 0x7d && b !== 0x5d; b = this.byte(++j));
    if (j === i) throw new JsonPartsError(`a value expected at byte ${i}`);
    return j;
  }

  /**
   * The object at `i`: its members by key (a key given twice is an error) and its end. `value(key, at)`
   * may scan a member's value itself (returning its end), or return undefined to have it skipped.
   */
  members(i: number, what: string, value?: (key: string, at: number) => number | undefined): { members: Map<string, Span>; end: number } {
    const members = new Map<string, Span>();
    this.expect(i, 0x7b, what);
    const open = i;
    i = this.skipSpace(i + 1);
    if (this.byte(i) === 0x7d) return { members, end: i + 1 };
    for (;;) {
      this.expect(i, QUOTE, 'a key');
      const keyEnd = this.skipString(i);
      const key = parseSpan(this.source, { start: i, end: keyEnd }) as string;
      if (members.has(key)) throw new JsonPartsError(`a key given twice in ${open === 0 || this.topLevel(open) ? 'the top-level object' : `the object at byte ${open}`} (byte ${i})`);
      i = this.skipSpace(keyEnd);
      this.expect(i, 0x3a, "':'");
      const start = this.skipSpace(i + 1);
      const end = value?.(key, start) ?? this.skipValue(start);
      members.set(key, { start, end });
      i = this.skipSpace(end);
      if (this.byte(i) === 0x7d) return { members, end: i + 1 };
      this.expect(i, 0x2c, "',' or '}'");
      i = this.skipSpace(i + 1);
    }
  }

  /** True when only spaces come before `pos`: the document's own object. */
  private topLevel(pos: number): boolean {
    for (let j = pos - 1; j >= 0; j--) if (!isSpace(this.byte(j))) return false;
    return true;
  }

  /** Calls `each(start, end)` for every element of the array at `i`, in order; returns the array's end. */
  eachElement(i: number, each: (start: number, end: number) => void): number {
    i = this.skipSpace(i + 1);
    if (this.byte(i) === 0x5d) return i + 1;
    for (;;) {
      const end = this.skipValue(i);
      each(i, end);
      i = this.skipSpace(end);
      if (this.byte(i) === 0x5d) return i + 1;
      this.expect(i, 0x2c, "',' or ']'");
      i = this.skipSpace(i + 1);
    }
  }
}
