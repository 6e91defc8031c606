// Reading files botjury did not write (scenarios, mazes, maps, game records, transcripts): only regular
// files, never more than a cap, and no error message ever quotes what a file contains — a scenario may
// name /etc/shadow or /dev/zero, and a transcript may come from anyone.
import { closeSync, constants, fstatSync, mkdirSync, mkdtempSync, openSync, readSync, realpathSync, rmdirSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from './paths.js';

/** Size caps per kind of file (bytes); docs/security.md lists them. */
export const FILE_CAPS = {
  scenario: 1 << 20,
  /** Mazes, maps and fields named in `setup:` (an official maze is 2.6 kB). */
  setup: 1 << 20,
  /** A game record for `botjury import` (a saved CodeCup game page is about 60 kB). */
  record: 8 << 20,
  transcript: 64 << 20,
  /** A game package's JavaScript module (its main file) or folder's package.json. */
  gameModule: 16 << 20,
} as const;

/** A file that cannot be read or written safely; one line that names the file, never its content. */
export class FileError extends Error {
  override name = 'FileError';
  /** `subject`: what and which file ("scenario x.yaml"); `reason`: what is wrong, without the file name. */
  constructor(subject: string, readonly reason: string) {
    super(`${subject}: ${reason}`);
  }
}

/**
 * Opens `file` only if it is a regular file, runs `read` on it and closes it. Errors read
 * `<what> <shownAs>: <reason>`.
 */
function withRegularFile<T>(file: string, what: string, shownAs: string, read: (fd: number, size: number) => T): T {
  const { fd, size } = openRegularFile(file, what, shownAs);
  try {
    return read(fd, size);
  } catch (e) {
    if (e instanceof FileError) throw e;
    throw new FileError(`${what} ${shownAs}`, `${describeOsError(e)}`);
  } finally {
    closeSync(fd);
  }
}

/** Opens `file` for reading only if it is a regular file; the caller closes `fd`. */
function openRegularFile(file: string, what: string, shownAs: string): { fd: number; size: number } {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO nobody writes to must not hang before the type check refuses it.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new FileError(`${what} ${shownAs}`, `${describeOsError(e)}`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new FileError(`${what} ${shownAs}`, `not a regular file (${kindOf(st)})`);
    return { fd, size: st.size };
  } catch (e) {
    closeSync(fd);
    if (e instanceof FileError) throw e;
    throw new FileError(`${what} ${shownAs}`, `${describeOsError(e)}`);
  }
}

/**
 * Opens a regular file of at most `maxBytes` bytes to be read in parts (a file too large to hold at
 * once); the caller closes `fd` and reads no further than `size`. Errors as readBoundedFile's.
 */
export function openBoundedFile(file: string, maxBytes: number, what: string, shownAs = file): { fd: number; size: number } {
  const opened = openRegularFile(file, what, shownAs);
  if (opened.size > maxBytes) {
    closeSync(opened.fd);
    throw new FileError(`${what} ${shownAs}`, `${formatBytes(opened.size)}, more than the ${formatBytes(maxBytes)} botjury reads for a ${what}`);
  }
  return opened;
}

/** Reads into `buffer` from the file's start until it is full or the file ends; returns the bytes read. */
function fill(fd: number, buffer: Buffer): number {
  let length = 0;
  while (length < buffer.length) {
    const n = readSync(fd, buffer, length, buffer.length - length, null);
    if (n === 0) break;
    length += n;
  }
  return length;
}

/**
 * Reads a regular file of at most `maxBytes` bytes as UTF-8. Errors read `<what> <shownAs>: <reason>`
 * (`what`: "scenario", "setup.maze"; `shownAs`: the path as the user wrote it).
 */
export function readBoundedFile(file: string, maxBytes: number, what: string, shownAs = file): string {
  return withRegularFile(file, what, shownAs, (fd, size) => {
    if (size > maxBytes) throw new FileError(`${what} ${shownAs}`, `${formatBytes(size)}, more than the ${formatBytes(maxBytes)} botjury reads for a ${what}`);
    // The size may change while reading (a file being written): never read past the cap either way.
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(size + 1, 4096)));
    const length = fill(fd, buffer);
    if (length > maxBytes) throw new FileError(`${what} ${shownAs}`, `more than the ${formatBytes(maxBytes)} botjury reads for a ${what}`);
    return buffer.toString('utf8', 0, length);
  });
}

/** The first `maxBytes` bytes of a regular file (all of it when shorter), e.g. to tell what kind of file it is. */
export function readFilePrefix(file: string, maxBytes: number, what: string, shownAs = file): Buffer {
  return withRegularFile(file, what, shownAs, (fd) => {
    const buffer = Buffer.alloc(maxBytes);
    return buffer.subarray(0, fill(fd, buffer));
  });
}

/** One line of a file read by readLines: its text without the `\n`. */
export interface FileLine {
  /** 1-based. */
  number: number;
  text: string;
  /** False for a last line the file ends inside (no `\n` after it). */
  terminated: boolean;
}

/** How much of a file readLines reads and holds. */
export interface LineCaps {
  /** Bytes of one line (its `\n` aside). */
  lineBytes: number;
  lines: number;
}

const LINE_READ_CHUNK = 1 << 20;

/**
 * The lines of a regular file, one at a time, for files too large to hold at once (a match transcript):
 * never more than one line and one chunk in memory. A line over `caps.lineBytes`, or more than
 * `caps.lines` lines, is a FileError naming the line's number.
 */
export async function* readLines(file: string, caps: LineCaps, what: string, shownAs = file): AsyncGenerator<FileLine, void, undefined> {
  const fail = (reason: string): FileError => new FileError(`${what} ${shownAs}`, reason);
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw fail(describeOsError(e));
  }
  try {
    const st = await handle.stat().catch((e: unknown) => { throw fail(describeOsError(e)); });
    if (!st.isFile()) throw fail(`not a regular file (${kindOf(st)})`);
    const chunk = Buffer.alloc(LINE_READ_CHUNK);
    // The start of the current line, copied out of `chunk` (which the next read overwrites).
    let pieces: Buffer[] = [];
    let pieceBytes = 0;
    let number = 0;
    const line = (tail: Buffer, terminated: boolean): FileLine => {
      number++;
      if (number > caps.lines) throw fail(`more than ${caps.lines} lines, the most botjury reads in a ${what}`);
      const text = (pieces.length === 0 ? tail : Buffer.concat([...pieces, tail])).toString('utf8');
      pieces = [];
      pieceBytes = 0;
      return { number, text, terminated };
    };
    const tooLong = (): FileError => fail(`line ${number + 1} is longer than ${formatBytes(caps.lineBytes)}, the most botjury reads for a line of a ${what}`);
    for (;;) {
      let read: number;
      try {
        read = (await handle.read(chunk, 0, chunk.length, null)).bytesRead;
      } catch (e) {
        throw fail(describeOsError(e));
      }
      if (read === 0) break;
      const data = chunk.subarray(0, read);
      let start = 0;
      while (start < read) {
        const newline = data.indexOf(0x0a, start);
        const end = newline < 0 ? read : newline;
        if (pieceBytes + (end - start) > caps.lineBytes) throw tooLong();
        if (newline < 0) {
          pieces.push(Buffer.from(data.subarray(start)));
          pieceBytes += read - start;
          break;
        }
        yield line(data.subarray(start, newline), true);
        start = newline + 1;
      }
    }
    if (pieceBytes > 0) yield line(Buffer.alloc(0), false);
  } finally {
    await handle.close();
  }
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a pipe';
  if (st.isSocket()) return 'a socket';
  return 'not a plain file';
}

const OS_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EROFS: 'a read-only file system',
  EEXIST: 'already exists',
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'not a regular file (a folder)',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EIO: 'input/output error',
  ENXIO: 'a pipe nobody reads',
};

export function describeOsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code !== undefined && Object.hasOwn(OS_ERRORS, code) ? OS_ERRORS[code] : undefined) ?? code ?? 'failed';
}

export function formatBytes(n: number): string {
  if (n >= 1 << 20) return `${+(n / (1 << 20)).toFixed(1)} MB`;
  if (n >= 1 << 10) return `${+(n / (1 << 10)).toFixed(1)} kB`;
  return `${n} bytes`;
}

// ---- where `setup:` paths may point ----

/** The shared data folder next to botjury (official sample mazes the suite names as ../shared/data). */
export const SHARED_DATA_DIR = path.resolve(PACKAGE_ROOT, '..', 'shared', 'data');

/** Folders the user allowed on the command line (--allow-path); set once per run by the CLI. */
const allowedRoots: string[] = [];

export function allowReadingUnder(dirs: readonly string[]): void {
  allowedRoots.length = 0;
  allowedRoots.push(...dirs.map(realOrResolved));
}

export const userAllowedRoots = (): readonly string[] => allowedRoots;

function realOrResolved(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** `file` is `dir` or inside it (by their paths, as given). */
export const isInside = (file: string, dir: string): boolean => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** True when `dir` is one of the folders a setup path may always point into, or one the user allowed. */
export function isTrustedFolder(dir: string): boolean {
  const real = realOrResolved(dir);
  return [SHARED_DATA_DIR, path.join(PACKAGE_ROOT, 'scenarios'), ...allowedRoots].some((root) => isInside(real, realOrResolved(root)));
}

/**
 * Reads a file a scenario's `setup:` names (`setup.maze`), relative to the scenario's folder. It must
 * stay inside that folder (symbolic links followed), the shared data folder, or a folder given with
 * --allow-path; errors name the setup key and the path as written, never the file's content.
 */
export function readSetupFile(scenarioDir: string, given: string, key: string): string {
  const abs = path.resolve(scenarioDir, given);
  const real = realOrResolved(abs);
  const roots = [scenarioDir, SHARED_DATA_DIR, ...allowedRoots].map(realOrResolved);
  if (!roots.some((root) => isInside(real, root)))
    throw new FileError(`${key} ${given}`, `outside the scenario's folder; botjury reads setup files only there and in ${SHARED_DATA_DIR} (allow another folder with --allow-path DIR)`);
  return readBoundedFile(abs, FILE_CAPS.setup, key, given);
}

// ---- where botjury writes (reports, transcripts, saved scenarios) ----

/**
 * Makes sure `dir` is a folder botjury can write into, creating missing folders one level at a time
 * (recursive mkdir loops forever under /proc on some Node versions). `flag` names the option in errors.
 */
export function prepareOutputFolder(dir: string, flag: string): void {
  const abs = path.resolve(dir);
  const missing: string[] = [];
  let existing = abs;
  for (;;) {
    let st: Stats | undefined;
    try {
      st = statSync(existing);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new FileError(`${flag} ${dir}`, describeOsError(e));
    }
    if (st) {
      if (!st.isDirectory()) throw new FileError(`${flag} ${dir}`, `${existing} is not a folder`);
      break;
    }
    missing.unshift(existing);
    const up = path.dirname(existing);
    if (up === existing) break;
    existing = up;
  }
  try {
    for (const d of missing) mkdirSync(d);
    // Permission bits do not tell (root, read-only mounts, /proc): make and remove a folder there.
    rmdirSync(mkdtempSync(path.join(abs, '.botjury-write-check-')));
  } catch (e) {
    throw new FileError(`${flag} ${dir}`, `cannot create or write into ${abs} (${describeOsError(e)})`);
  }
}

/** Checks, before a run starts, that `file` can be written: not a folder, its folder writable. */
export function prepareOutputFile(file: string, flag: string): void {
  const abs = path.resolve(file);
  let st: Stats | undefined;
  try {
    st = statSync(abs);
  } catch {
    st = undefined;
  }
  if (st?.isDirectory()) throw new FileError(`${flag} ${file}`, 'is a folder; give a file name');
  if (!st) {
    try {
      prepareOutputFolder(path.dirname(abs), flag);
    } catch (e) {
      throw e instanceof FileError ? new FileError(`${flag} ${file}`, e.reason) : e;
    }
  }
  try {
    // Opened for appending (nothing is truncated yet); O_NONBLOCK: a pipe without a reader is refused, not waited on.
    closeSync(openSync(abs, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK));
    if (!st) unlinkSync(abs);
  } catch (e) {
    throw new FileError(`${flag} ${file}`, `cannot write it (${describeOsError(e)})`);
  }
}

/** Writes a whole output file (transcript, scenario); a failure is one line naming the option. */
export function writeOutputFile(file: string, text: string, flag: string): void {
  prepareOutputFile(file, flag);
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw new FileError(`${flag} ${file}`, `cannot write it (${describeOsError(e)})`);
  }
}
