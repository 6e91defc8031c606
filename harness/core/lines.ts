// Splits a bot's raw stdout chunks into lines as one jury's reader did, stamping each line with the
// arrival time of the chunk that completed it. A chunk is never a line: a line may span chunks, a chunk
// may hold many lines.
//
// Two things differ between juries, so they are options:
//   - crEndsLine: Java's BufferedReader.readLine ends a line at `\n`, at `\r` and at `\r\n` (one line);
//     C and Python readers end lines at `\n` only (a `\r` before it is then part of the line, stripped
//     here and noted as `crlf`).
//   - longLines: `flood` stops a bot whose line outgrows maxLineBytes (a conformance bound);
//     `keep-head` reads the whole line whatever its length, as the JavaChallenge2015 engine does, but
//     keeps only its first maxLineBytes bytes and a summary of the rest, so memory stays bounded.
import { isUtf8 } from 'node:buffer';
import { incompleteUtf8Tail, rawHex, visibleText } from './bytes.js';
import type { StamperMark } from './stamper.js';

export type LineEnding = 'lf' | 'crlf' | 'cr';
export type LongLinePolicy = 'flood' | 'keep-head';

export interface SplitterOptions {
  /** A lone `\r` ends a line too (Java readLine). Default false: only `\n` does. */
  crEndsLine?: boolean;
  /** What a line longer than maxLineBytes does. Default `flood`. */
  longLines?: LongLinePolicy;
}

/** The bytes of a long line that `keep-head` read but did not keep. */
export interface OmittedTail {
  bytes: number;
  /** The first byte not kept (it decides whether a word cut at the end of the head goes on). */
  firstByte: number;
  /** Every byte not kept is a control character or a space (≤ 0x20): what Java's trim() removes. */
  allBlank: boolean;
}

export interface BotLine {
  /** The kept bytes without the terminator, as visibleText() shows them (exact when UTF-8). */
  text: string;
  /** `text` holds `\xHH` / `\\` escapes because the bytes are not valid UTF-8 (see bytes.ts). */
  escaped: boolean;
  /** The kept bytes as hex, when `escaped` (evidence). */
  hex?: string;
  /** Byte length as written, terminator (`\n`, `\r\n` or `\r`) excluded, omitted bytes included. */
  bytes: number;
  /** How the line ended. A `\r` that ended one chunk reads `cr` until a `\n` starts the next. */
  ending: LineEnding;
  /** The line ended in `\r\n` (ending === 'crlf'). */
  crlf: boolean;
  /** keep-head only: the part of a long line that was read but not kept. */
  omitted?: OmittedTail;
  /** hrtime (ns) when the chunk holding the line's terminator arrived. */
  arrivedNs: bigint;
  /**
   * botjury's stamping thread at that stamp (see stamper.ts), for a line stamped after a moment the
   * jury watches (a deadline): with the jury's last look at an empty pipe it bounds how late the stamp
   * can be.
   */
  stamper?: StamperMark;
}

const LF = 0x0a;
const CR = 0x0d;

export class LineSplitter {
  private readonly crEndsLine: boolean;
  private readonly keepHead: boolean;
  private parts: Buffer[] = [];
  private kept = 0;
  private omittedBytes = 0;
  private omittedFirst = -1;
  private omittedAllBlank = true;
  private lastByte = -1;
  /** The last line ended at a `\r` that ended its chunk: a `\n` starting the next chunk belongs to it. */
  private lineAwaitingLf: BotLine | null = null;

  constructor(private readonly maxLineBytes: () => number, options: SplitterOptions = {}) {
    this.crEndsLine = options.crEndsLine ?? false;
    this.keepHead = (options.longLines ?? 'flood') === 'keep-head';
  }

  /** Feeds a chunk; returns the completed lines, and `overflow` when a line outgrows the bound (`flood`). */
  push(chunk: Buffer, arrivedNs: bigint): { lines: BotLine[]; overflow: boolean } {
    const lines: BotLine[] = [];
    let start = 0;
    if (this.lineAwaitingLf && chunk.length > 0) {
      if (chunk[0] === LF) {
        this.lineAwaitingLf.ending = 'crlf';
        this.lineAwaitingLf.crlf = true;
        start = 1;
      }
      this.lineAwaitingLf = null;
    }
    let nextLf = -1;
    let nextCr = -1;
    while (start < chunk.length) {
      if (nextLf < start) nextLf = indexOrEnd(chunk, LF, start);
      if (this.crEndsLine && nextCr < start) nextCr = indexOrEnd(chunk, CR, start);
      const end = this.crEndsLine ? Math.min(nextLf, nextCr) : nextLf;
      if (end >= chunk.length) {
        this.append(chunk.subarray(start));
        break;
      }
      this.append(chunk.subarray(start, end));
      let next = end + 1;
      let ending: LineEnding;
      if (chunk[end] === CR) {
        ending = chunk[next] === LF ? 'crlf' : 'cr';
        if (ending === 'crlf') next++;
      } else ending = this.dropTrailingCr() ? 'crlf' : 'lf';
      const line = this.finishLine(ending, arrivedNs);
      if (chunk[end] === CR && next >= chunk.length) this.lineAwaitingLf = line;
      lines.push(line);
      start = next;
    }
    return { lines, overflow: !this.keepHead && this.kept > this.maxLineBytes() };
  }

  /** The partial last line (bytes written without a line ending yet), as visibleText() shows it. */
  partial(): string {
    return visibleText(Buffer.concat(this.parts));
  }

  /** Bytes of the partial last line, omitted ones included. */
  partialBytes(): number {
    return this.kept + this.omittedBytes;
  }

  private append(piece: Buffer): void {
    if (piece.length === 0) return;
    this.lastByte = piece[piece.length - 1]!;
    const room = this.keepHead ? Math.max(0, this.maxLineBytes() - this.kept) : piece.length;
    if (room > 0) {
      const head = piece.subarray(0, room);
      this.parts.push(Buffer.from(head));
      this.kept += head.length;
    }
    if (room < piece.length) this.omit(piece.subarray(room));
  }

  private omit(tail: Buffer): void {
    if (this.omittedBytes === 0) this.omittedFirst = tail[0]!;
    this.omittedBytes += tail.length;
    if (this.omittedAllBlank) this.omittedAllBlank = tail.every((b) => b <= 0x20);
  }

  /** `\n` mode: a `\r` just before the `\n` is the CRLF terminator, not part of the line. */
  private dropTrailingCr(): boolean {
    if (this.lastByte !== CR) return false;
    if (this.omittedBytes > 0) {
      this.omittedBytes--;
      if (this.omittedBytes === 0) this.resetOmitted();
    } else {
      const last = this.parts[this.parts.length - 1]!;
      this.parts[this.parts.length - 1] = last.subarray(0, last.length - 1);
      this.kept--;
    }
    return true;
  }

  private finishLine(ending: LineEnding, arrivedNs: bigint): BotLine {
    let body = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    if (this.omittedBytes > 0) {
      // A character cut by the head's end is not shown as broken bytes: it moves to the omitted part.
      const cut = incompleteUtf8Tail(body);
      if (cut > 0) {
        this.omittedFirst = body[body.length - cut]!;
        this.omittedAllBlank = false;
        this.omittedBytes += cut;
        body = body.subarray(0, body.length - cut);
      }
    }
    const escaped = !isUtf8(body);
    const line: BotLine = {
      text: visibleText(body),
      escaped,
      ...(escaped ? { hex: rawHex(body) } : {}),
      bytes: body.length + this.omittedBytes,
      ending,
      crlf: ending === 'crlf',
      ...(this.omittedBytes > 0 ? { omitted: { bytes: this.omittedBytes, firstByte: this.omittedFirst, allBlank: this.omittedAllBlank } } : {}),
      arrivedNs,
    };
    this.parts = [];
    this.kept = 0;
    this.lastByte = -1;
    this.resetOmitted();
    return line;
  }

  private resetOmitted(): void {
    this.omittedBytes = 0;
    this.omittedFirst = -1;
    this.omittedAllBlank = true;
  }
}

function indexOrEnd(chunk: Buffer, byte: number, from: number): number {
  const i = chunk.indexOf(byte, from);
  return i < 0 ? chunk.length : i;
}
