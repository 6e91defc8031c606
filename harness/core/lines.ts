// Splits a bot's raw stdout chunks into lines, stamping each line with the arrival time of the chunk
// that completed it. A chunk is never a line: a line may span chunks, a chunk may hold many lines.

export interface BotLine {
  /** The line without its terminator (and without a final `\r`, see `crlf`). */
  text: string;
  /** Byte length as written, terminator excluded. */
  bytes: number;
  /** The line ended in `\r\n`. */
  crlf: boolean;
  /** hrtime (ns) when the chunk holding the line's `\n` arrived. */
  arrivedNs: bigint;
}

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxLineBytes: () => number) {}

  /** Feeds a chunk; returns the completed lines, or `overflow` when a line outgrows the bound. */
  push(chunk: Buffer, arrivedNs: bigint): { lines: BotLine[]; overflow: boolean } {
    const lines: BotLine[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl < 0) break;
      const piece = chunk.subarray(start, nl);
      const whole = this.pendingBytes > 0 ? Buffer.concat([...this.pending, piece]) : piece;
      this.pending = [];
      this.pendingBytes = 0;
      const crlf = whole.length > 0 && whole[whole.length - 1] === 0x0d;
      const body = crlf ? whole.subarray(0, whole.length - 1) : whole;
      lines.push({ text: body.toString('utf8'), bytes: whole.length, crlf, arrivedNs });
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.pending.push(Buffer.from(rest));
      this.pendingBytes += rest.length;
    }
    return { lines, overflow: this.pendingBytes > this.maxLineBytes() };
  }

  /** The partial last line (bytes written without a `\n` yet). */
  partial(): string {
    return Buffer.concat(this.pending).toString('utf8');
  }

  partialBytes(): number {
    return this.pendingBytes;
  }
}
