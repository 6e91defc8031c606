// A bot's bytes as evidence. Node decodes bytes that are not UTF-8 as U+FFFD, which loses them: a bot
// that writes `\xff\xfeOw` and one that writes `\xc0\xc1Ow` would read the same in a report. Here every
// byte survives, visibly.
//
// The scheme (also in docs/javachallenge2015.md, "Evidence"):
//   - bytes that are valid UTF-8 are returned exactly as decoded, nothing escaped;
//   - when a buffer holds any byte that is not part of a valid UTF-8 sequence, each such byte is written
//     as `\xHH` (two lower-case hex digits) and, in that buffer only, each backslash as `\\`, so a literal
//     `\xff` typed by the bot (`\\xff`) never reads like the byte 0xff (`\xff`).
// Whoever shows such text must know which case it is: BotLine.escaped says so, and rawHex() gives the
// bytes themselves for evidence. Control characters are left alone: reporters escape them.
import { isUtf8 } from 'node:buffer';

/** The bytes as text: exact when they are UTF-8, else with `\xHH` and `\\` escapes (see above). */
export function visibleText(buf: Buffer): string {
  if (isUtf8(buf)) return buf.toString('utf8');
  let out = '';
  let i = 0;
  while (i < buf.length) {
    const n = utf8SequenceLength(buf, i);
    if (n === 0) {
      out += `\\x${hex2(buf[i]!)}`;
      i++;
    } else {
      const text = buf.toString('utf8', i, i + n);
      out += text === '\\' ? '\\\\' : text;
      i += n;
    }
  }
  return out;
}

/** The bytes as lower-case hex pairs separated by spaces (`ff fe 4f 77 17`), for evidence. */
export function rawHex(buf: Buffer): string {
  return Array.from(buf, hex2).join(' ');
}

/**
 * Length of the well-formed UTF-8 sequence starting at `i` (Unicode Table 3-7: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or 0 when the byte at `i` does not start one.
 */
function utf8SequenceLength(buf: Buffer, i: number): number {
  const b0 = buf[i]!;
  if (b0 < 0x80) return 1;
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) n = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    n = 3;
    if (b0 === 0xe0) lo = 0xa0;
    else if (b0 === 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    n = 4;
    if (b0 === 0xf0) lo = 0x90;
    else if (b0 === 0xf4) hi = 0x8f;
  } else return 0;
  if (i + n > buf.length) return 0;
  const b1 = buf[i + 1]!;
  if (b1 < lo || b1 > hi) return 0;
  for (let k = 2; k < n; k++) {
    const b = buf[i + k]!;
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return n;
}

/**
 * visibleText for a stream that arrives in chunks (stderr): a character split between two chunks is
 * kept back until its end arrives, so it is not shown as two invalid bytes.
 */
export class VisibleDecoder {
  private carry: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): string {
    const buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const keep = incompleteUtf8Tail(buf);
    this.carry = Buffer.from(buf.subarray(buf.length - keep));
    return visibleText(buf.subarray(0, buf.length - keep));
  }

  /** What is still kept back, shown as it is (the stream ended inside a character). */
  end(): string {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return visibleText(rest);
  }
}

/** Bytes at the end of `buf` that start a UTF-8 character whose remaining bytes are not there (yet). */
export function incompleteUtf8Tail(buf: Buffer): number {
  for (let back = 1; back <= 3 && back <= buf.length; back++) {
    const b = buf[buf.length - back]!;
    if (b < 0x80) return 0;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (need <= back) return 0;
      // Only a prefix that could still become a valid character is kept back; for a lone lead byte
      // the next byte decides (E0, ED, F0 and F4 narrow its range), so any valid lead is kept.
      if (back === 1) return b >= 0xc2 && b <= 0xf4 ? 1 : 0;
      const padded = Buffer.concat([buf.subarray(buf.length - back), Buffer.alloc(need - back, 0x80)]);
      return utf8SequenceLength(padded, 0) === need ? back : 0;
    }
  }
  return 0;
}

function hex2(b: number): string {
  return b.toString(16).padStart(2, '0');
}
