import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../harness/core/lines.js';

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
    expect(line).toMatchObject({ text: 'READY', crlf: true, bytes: 6 });
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
});
