import { describe, expect, it } from 'vitest';
import { LineSplitter, type BotLine, type SplitterOptions } from '../../harness/core/lines.js';

const ENGINE: SplitterOptions = { crEndsLine: true, longLines: 'keep-head' };

/** Feeds the chunks in order and returns every completed line as [text, ending]. */
function split(chunks: (string | Buffer)[], options: SplitterOptions = {}, max = 1000): { lines: BotLine[]; splitter: LineSplitter; overflow: boolean } {
  const splitter = new LineSplitter(() => max, options);
  const lines: BotLine[] = [];
  let overflow = false;
  chunks.forEach((c, i) => {
    const r = splitter.push(typeof c === 'string' ? Buffer.from(c, 'latin1') : c, BigInt(i + 1));
    lines.push(...r.lines);
    overflow ||= r.overflow;
  });
  return { lines, splitter, overflow };
}
const shape = (lines: BotLine[]) => lines.map((l) => [l.text, l.ending]);

describe('LineSplitter', () => {
  it('never treats a chunk as a line: lines span chunks, chunks hold many lines', () => {
    const s = new LineSplitter(() => 1000);
    expect(s.push(Buffer.from('c3-'), 1n).lines).toEqual([]);
    expect(s.partial()).toBe('c3-');
    const r = s.push(Buffer.from('d4\ne5*c3\nb2'), 2n);
    expect(r.lines.map((l) => [l.text, l.arrivedNs])).toEqual([['c3-d4', 2n], ['e5*c3', 2n]]);
    expect(s.partial()).toBe('b2');
  });
  it('notes CRLF and strips the \\r', () => {
    const s = new LineSplitter(() => 1000);
    const [line] = s.push(Buffer.from('READY\r\n'), 5n).lines;
    expect(line).toMatchObject({ text: 'READY', crlf: true, ending: 'crlf', bytes: 5 });
  });
  it('notes CRLF when the \\r and the \\n arrive in different chunks', () => {
    expect(shape(split(['R\r', '\nL\n']).lines)).toEqual([['R', 'crlf'], ['L', 'lf']]);
  });
  it('reports an overflow when a partial line outgrows the bound', () => {
    const s = new LineSplitter(() => 8);
    expect(s.push(Buffer.from('12345'), 1n).overflow).toBe(false);
    expect(s.push(Buffer.from('67890'), 2n).overflow).toBe(true);
  });
  it('keeps an empty line as a line', () => {
    const s = new LineSplitter(() => 8);
    expect(s.push(Buffer.from('\n'), 1n).lines.map((l) => l.text)).toEqual(['']);
  });
  it('by default a lone \\r is part of the line (C and Python readers)', () => {
    const { lines, splitter } = split(['R\rL\n', 'READY\r']);
    expect(shape(lines)).toEqual([['R\rL', 'lf']]);
    expect(splitter.partial()).toBe('READY\r');
  });
});

describe('LineSplitter crEndsLine (Java BufferedReader.readLine)', () => {
  it('ends lines at \\n, \\r and \\r\\n', () => {
    expect(shape(split(['R\rL\nU\r\nD\r\r\n'], ENGINE).lines)).toEqual([['R', 'cr'], ['L', 'lf'], ['U', 'crlf'], ['D', 'cr'], ['', 'crlf']]);
  });
  it('delivers a line ended by \\r at once (READY\\r is a handshake), with the arrival of its chunk', () => {
    const { lines, splitter } = split(['REA', 'DY\r'], ENGINE);
    expect(lines.map((l) => [l.text, l.ending, l.arrivedNs])).toEqual([['READY', 'cr', 2n]]);
    expect(splitter.partialBytes()).toBe(0);
  });
  it('a \\r ending one chunk and a \\n starting the next end one line, not two', () => {
    const { lines } = split(['R\r', '\nL\r', '\n', 'U\n'], ENGINE);
    expect(shape(lines)).toEqual([['R', 'crlf'], ['L', 'crlf'], ['U', 'lf']]);
  });
  it('a \\n after a \\r-ended chunk is swallowed only once', () => {
    expect(shape(split(['R\r', '\n\n'], ENGINE).lines)).toEqual([['R', 'crlf'], ['', 'lf']]);
  });
  it('byte counts exclude the terminator', () => {
    expect(split(['abc\r\n'], ENGINE).lines[0]!.bytes).toBe(3);
  });
});

describe('LineSplitter keep-head (the engine reads a line whatever its length)', () => {
  it('keeps the first maxLineBytes bytes of a 70,000-byte line, counts the rest, never overflows', () => {
    const chunks = ['R', ...Array.from({ length: 7 }, () => ' '.repeat(10_000)), '\n'];
    const { lines, overflow, splitter } = split(chunks, ENGINE, 4096);
    expect(overflow).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toBe('R' + ' '.repeat(4095));
    expect(lines[0]!.bytes).toBe(70_001);
    expect(lines[0]!.omitted).toEqual({ bytes: 70_001 - 4096, firstByte: 0x20, allBlank: true });
    expect(splitter.partialBytes()).toBe(0);
  });
  it('memory stays bounded while a long line is still arriving', () => {
    const s = new LineSplitter(() => 100, ENGINE);
    for (let i = 0; i < 1000; i++) expect(s.push(Buffer.alloc(1000, 0x78), BigInt(i)).overflow).toBe(false);
    expect(s.partial()).toHaveLength(100);
    expect(s.partialBytes()).toBe(1_000_000);
  });
  it('says whether the bytes not kept were all blank (what Java trim() removes)', () => {
    const [line] = split(['R' + '\t'.repeat(20) + 'x\n'], ENGINE, 8).lines;
    expect(line!.omitted).toEqual({ bytes: 14, firstByte: 0x09, allBlank: false });
  });
  it('a short line has no omitted part', () => {
    expect(split(['R\n'], ENGINE, 8).lines[0]!.omitted).toBeUndefined();
  });
  it('does not cut a character in two at the end of the head', () => {
    const [line] = split([Buffer.concat([Buffer.from('ab'), Buffer.from('é'), Buffer.from('cd\n')])], ENGINE, 3).lines;
    expect(line).toMatchObject({ text: 'ab', escaped: false, bytes: 6, omitted: { bytes: 4, firstByte: 0xc3, allBlank: false } });
  });
  it('under \\n-only ending, a \\r before the \\n in the omitted part is still the CRLF terminator', () => {
    const [line] = split(['R' + ' '.repeat(10) + '\r\n'], { longLines: 'keep-head' }, 4).lines;
    expect(line).toMatchObject({ ending: 'crlf', bytes: 11, omitted: { bytes: 7, allBlank: true } });
  });
});

describe('LineSplitter keeps hostile bytes (no U+FFFD)', () => {
  it('escapes bytes that are not UTF-8 in the text and keeps them as hex', () => {
    const { lines, splitter } = split([Buffer.from([0xff, 0xfe, 0x4f, 0x77, 0x17, 0x0a, 0x5c, 0xc0])]);
    expect(lines[0]).toMatchObject({ text: '\\xff\\xfeOw\x17', escaped: true, hex: 'ff fe 4f 77 17', bytes: 5 });
    expect(splitter.partial()).toBe('\\\\\\xc0');
  });
  it('leaves a valid line exactly as written', () => {
    const [line] = split([Buffer.from('naïve \\x41\n')]).lines;
    expect(line).toMatchObject({ text: 'naïve \\x41', escaped: false });
    expect(line!.hex).toBeUndefined();
  });
});
