// Where a reporter writes: a stream (stdout/stderr) or a file, closed when the run ends.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface Output {
  write(text: string): void;
  close(): Promise<void>;
  /** A terminal that can show colour and redraw progress lines. */
  isTTY: boolean;
  stream: NodeJS.WritableStream;
}

export function streamOutput(stream: NodeJS.WriteStream): Output {
  return {
    write: (t) => void stream.write(t),
    close: () => Promise.resolve(),
    isTTY: !!stream.isTTY,
    stream,
  };
}

export function fileOutput(file: string): Output {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const stream = createWriteStream(file);
  return {
    write: (t) => void stream.write(t),
    close: () => new Promise((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve()))),
    isTTY: false,
    stream,
  };
}
