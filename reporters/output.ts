// Where a reporter writes: a stream (stdout/stderr) or a file, closed when the run ends.
import { createWriteStream } from 'node:fs';
import { describeOsError, FileError, prepareOutputFile } from '../harness/core/files.js';

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

/**
 * A report file. The path is checked when the output is made (before the run starts); a write that
 * fails later (disk full) ends in one line naming the option, never an unhandled stream error.
 */
export function fileOutput(file: string, flag = 'report'): Output {
  prepareOutputFile(file, flag);
  const stream = createWriteStream(file);
  let failure: Error | null = null;
  stream.on('error', (e) => {
    failure ??= new FileError(`${flag} ${file}`, `cannot write it (${describeOsError(e)})`);
  });
  return {
    write: (t) => void (failure ? undefined : stream.write(t)),
    close: () =>
      new Promise((resolve, reject) => {
        if (failure || stream.destroyed) return failure ? reject(failure) : resolve();
        stream.end(() => (failure ? reject(failure) : resolve()));
      }),
    isTTY: false,
    stream,
  };
}
