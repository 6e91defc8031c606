// Byte-exact evidence: bytes that are not UTF-8 survive as visible escapes, never as U+FFFD.
import { describe, expect, it } from 'vitest';
import { incompleteUtf8Tail, rawHex, VisibleDecoder, visibleText } from '../../harness/core/bytes.js';

const b = (...bytes: number[]): Buffer => Buffer.from(bytes);

describe('visibleText', () => {
  it('returns valid UTF-8 exactly, backslashes and control characters included', () => {
    expect(visibleText(Buffer.from('héllo \\xff 🙂\x17\0'))).toBe('héllo \\xff 🙂\x17\0');
  });

  it('writes each byte that is not UTF-8 as \\xHH, never U+FFFD', () => {
    const text = visibleText(b(0xff, 0xfe, 0x4f, 0x77, 0x17));
    expect(text).toBe('\\xff\\xfeOw\x17');
    expect(text).not.toContain('\ufffd');
  });

  it('escapes backslashes in such a line, so a typed \\xff never reads as the byte 0xff', () => {
    const typed = Buffer.concat([Buffer.from('\\xff'), b(0xff)]);
    expect(visibleText(typed)).toBe('\\\\xff\\xff');
  });

  it('keeps well-formed characters around broken ones and escapes every byte of a broken sequence', () => {
    // é, a truncated 3-byte sequence (E2 82) then A, an overlong NUL (C0 80), a surrogate (ED A0 80), 😀
    const buf = Buffer.concat([Buffer.from('é'), b(0xe2, 0x82, 0x41, 0xc0, 0x80, 0xed, 0xa0, 0x80), Buffer.from('😀')]);
    expect(visibleText(buf)).toBe('é\\xe2\\x82A\\xc0\\x80\\xed\\xa0\\x80😀');
  });

  it('rejects code points above U+10FFFF and lone continuation bytes', () => {
    expect(visibleText(b(0xf4, 0x90, 0x80, 0x80, 0x80))).toBe('\\xf4\\x90\\x80\\x80\\x80');
  });

  it('is reversible: the escapes decode back to the same bytes', () => {
    const hostile = Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i).concat([0x5c, 0x78, 0x66, 0x66]));
    const text = visibleText(hostile);
    const decoded: number[] = [];
    for (let i = 0; i < text.length; ) {
      if (text[i] === '\\' && text[i + 1] === 'x') {
        decoded.push(parseInt(text.slice(i + 2, i + 4), 16));
        i += 4;
      } else if (text[i] === '\\' && text[i + 1] === '\\') {
        decoded.push(0x5c);
        i += 2;
      } else {
        const cp = text.codePointAt(i)!;
        decoded.push(...Buffer.from(String.fromCodePoint(cp)));
        i += cp > 0xffff ? 2 : 1;
      }
    }
    expect(Buffer.from(decoded).equals(hostile)).toBe(true);
  });
});

describe('rawHex', () => {
  it('lists the bytes', () => {
    expect(rawHex(b(0xff, 0xfe, 0x4f, 0x77, 0x17))).toBe('ff fe 4f 77 17');
  });
});

describe('VisibleDecoder (stderr arrives in chunks)', () => {
  it('holds back a character split between chunks instead of showing it as broken bytes', () => {
    const d = new VisibleDecoder();
    const smile = Buffer.from('🙂');
    expect(d.push(Buffer.concat([Buffer.from('a'), smile.subarray(0, 2)]))).toBe('a');
    expect(d.push(Buffer.concat([smile.subarray(2), b(0xff)]))).toBe('🙂\\xff');
    expect(d.push(b(0xe2))).toBe('');
    expect(d.end()).toBe('\\xe2');
  });

  it('does not hold back bytes that can never complete a character', () => {
    expect(incompleteUtf8Tail(b(0x41, 0xc0))).toBe(0);
    expect(incompleteUtf8Tail(b(0x41, 0xe0, 0x80))).toBe(0);
    expect(incompleteUtf8Tail(b(0x41, 0xe0, 0xa0))).toBe(2);
    expect(incompleteUtf8Tail(b(0xf0, 0x9f, 0x99))).toBe(3);
    expect(incompleteUtf8Tail(Buffer.from('🙂'))).toBe(0);
  });
});
