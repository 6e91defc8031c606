// Transcript files (`--transcript FILE`): everything needed to drive the same bot through the same
// games again — game, role, profile, resolved limits, seed, setup, the scenario, every line both ways
// with timestamps, the opponent's moves as played, the bot command with the sha256 of what it runs,
// and the machine. Validated by schemas/transcript.schema.json.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HarnessError, resolveCommand } from '../core/bot-process.js';
import { FILE_CAPS, FileError, openBoundedFile, readBoundedFile, writeOutputFile } from '../core/files.js';
import { eachElement, fileSource, JsonPartsError, objectMembers, parseSpan, scanTopLevel, type ByteSource, type Span } from '../core/json-parts.js';
import { MAX_VIOLATIONS_PER_CODE, VIOLATION_CODES } from '../core/violations.js';
import { printable } from '../core/printable.js';
import { schemaErrorLine } from '../core/schema-errors.js';
import { SCHEMA_DIR } from '../core/paths.js';
import type { ResolvedLimits } from '../core/profile.js';
import type { ScenarioResult, TranscriptEntry } from '../core/result.js';
import { createAjv, DATE_TIME_FORMAT, REGEX_FORMAT, setupSchemaFiles, yaml, type Scenario } from '../core/scenario.js';
import { validatorsOf, type ValidatorSet } from '../core/precompiled.js';
import { VERSION } from '../core/version.js';
import type { GameDefinition } from '../core/game.js';
import type { RunReport, Task } from '../core/runner.js';
import { recordingGame, seatMoves, type GameRecording, type MoveRecord } from './recorder.js';

export const TRANSCRIPT_FORMAT = 'botjury-transcript';
export const TRANSCRIPT_VERSION = 1;

export interface FileDigest {
  /** As written on the command line (or the resolved path for the executable). */
  given: string;
  path: string;
  sha256: string;
  bytes: number;
}

export interface BotInfo {
  /** As the user wrote it after `--`. */
  command: string[];
  /** Where botjury was run: relative paths in the command are resolved from here. */
  invokedFrom: string;
  /** The program actually started, after PATH lookup (symlinks followed for the digest). */
  executable: FileDigest;
  /** Arguments that name files (bot.py, bot.jar): their digests, so a changed bot is noticed. */
  files: FileDigest[];
}

export interface MachineInfo {
  node: string;
  platform: string;
  osType: string;
  osRelease: string;
  arch: string;
  cpuModel: string;
  cpus: number;
  memoryMb: number;
}

/** The session options that change verdicts, as given on the command line. */
export interface RunSettings {
  memoryMb?: number;
  strict?: boolean;
}

export interface TranscriptRun {
  game: string;
  role: string;
  profile: string;
  /** The limits as the session applied them (profile + scenario + command line). */
  limits: ResolvedLimits;
  seed: number | string;
  setup?: Record<string, unknown>;
  opponent?: string;
  scenario: {
    /** As shown in reports. */
    file: string;
    /** Absolute folder of the scenario (paths in `setup:` are relative to it). */
    dir: string;
    /** The scenario file's content as data (the shape schemas/scenario.schema.json describes). */
    definition: Record<string, unknown>;
  };
  settings: RunSettings;
  /** Opponent moves as played and the answers the jury asked for, in the order they happened. */
  moves: MoveRecord[];
  /** Every jury line, bot line, stderr chunk and event, with ms since the bot started. */
  transcript: TranscriptEntry[];
  transcriptDropped: number;
  /** The verdicts and everything else the session reported (without the transcript). */
  result: Omit<ScenarioResult, 'transcript' | 'snapshots'>;
}

export interface TranscriptFile {
  format: typeof TRANSCRIPT_FORMAT;
  version: number;
  tool: { name: 'botjury'; version: string };
  createdAt: string;
  /** The botjury command line that produced it. */
  argv: string[];
  machine: MachineInfo;
  bot: BotInfo;
  runs: TranscriptRun[];
}

/** Digest in chunks: a bot's jar or interpreter may be large, and botjury's memory stays bounded. */
export function sha256File(file: string): { sha256: string; bytes: number } {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'r');
  let bytes = 0;
  try {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; bytes += n) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), bytes };
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: process.platform,
    osType: os.type(),
    osRelease: os.release(),
    arch: process.arch,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryMb: Math.round(os.totalmem() / 1024 / 1024),
  };
}

export function botInfo(argv: string[], invokedFrom: string): BotInfo {
  const { file, args } = resolveCommand(argv, invokedFrom);
  const real = realpathSync(file);
  const files: FileDigest[] = [];
  args.forEach((resolved, i) => {
    // resolveCommand made file arguments absolute; digest those that are regular files.
    if (!path.isAbsolute(resolved) || !existsSync(resolved) || !statSync(resolved).isFile()) return;
    files.push({ given: argv[i + 1]!, path: resolved, ...sha256File(resolved) });
  });
  return { command: argv, invokedFrom, executable: { given: argv[0]!, path: real, ...sha256File(real) }, files };
}

/** One run of the transcript, from the scenario as loaded, the session's result and the recording. */
export function transcriptRun(scenario: Scenario, result: ScenarioResult, recording: GameRecording, settings: RunSettings, definition?: Record<string, unknown>): TranscriptRun {
  const { transcript, snapshots: _snapshots, ...rest } = result;
  void _snapshots;
  return {
    game: result.game,
    role: result.role,
    profile: result.profile,
    limits: result.limits,
    seed: result.seed,
    ...(scenario.setup ? { setup: scenario.setup } : {}),
    ...(scenario.opponent !== undefined ? { opponent: scenario.opponent } : {}),
    scenario: { file: scenario.file, dir: scenario.dir, definition: definition ?? scenarioDefinition(scenario) },
    settings,
    moves: seatMoves(recording.moves, result.role),
    transcript,
    transcriptDropped: result.transcriptDropped,
    result: rest,
  };
}

/** The scenario file's own data, read again from disk (exact, comments aside). */
function scenarioDefinition(scenario: Scenario): Record<string, unknown> {
  const file = path.join(scenario.dir, path.basename(scenario.file));
  try {
    const data = yaml().parse(readBoundedFile(file, FILE_CAPS.scenario, 'scenario')) as unknown;
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  } catch {
    // fall through: a scenario built in memory (fuzz) has no file
  }
  return { game: scenario.game, name: scenario.name };
}

/** What every transcript file starts with: its kind, the tool, when, the command line and the machine. */
export function transcriptStamp<F extends string>(format: F, version: number, argv: string[]): { format: F; version: number; tool: { name: 'botjury'; version: string }; createdAt: string; argv: string[]; machine: MachineInfo } {
  return { format, version, tool: { name: 'botjury', version: VERSION }, createdAt: new Date().toISOString(), argv, machine: machineInfo() };
}

export function transcriptFile(argv: string[], bot: BotInfo, runs: TranscriptRun[]): TranscriptFile {
  return { ...transcriptStamp(TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION, argv), bot, runs };
}

export function writeTranscript(file: string, data: TranscriptFile): void {
  writeOutputFile(file, `${JSON.stringify(data, null, 1)}\n`, '--transcript');
}

/** The schema files every report schema refers to by relative path, as editors resolve them. */
function reportBaseFiles(): string[] {
  return [...setupSchemaFiles(), path.join(SCHEMA_DIR, 'scenario.schema.json'), path.join(SCHEMA_DIR, 'report.schema.json')];
}

/** Adds the report schemas (setup, scenario, report) and `extra` (file names in schemas/), each with its file URL as $id. */
function addReportSchemas(ajv: import('ajv/dist/2020.js').default, extra: readonly string[]): void {
  ajv.addFormat('regex', REGEX_FORMAT);
  ajv.addFormat('date-time', DATE_TIME_FORMAT);
  for (const abs of [...reportBaseFiles(), ...extra.map((rel) => path.join(SCHEMA_DIR, rel))]) {
    ajv.addSchema({ ...(JSON.parse(readFileSync(abs, 'utf8')) as object), $id: pathToFileURL(abs).href });
  }
}

/**
 * A validator set of report schemas (compiled at build time, precompiled.ts): `files` (names in
 * schemas/) beside the ones they refer to, and `exports` as `file.json` or `file.json#/pointer`.
 */
export function reportSchemaSet<K extends string>(name: string, files: readonly string[], exports: Record<K, string>): ValidatorSet<K> {
  const extra = files.filter((f) => !['scenario.schema.json', 'report.schema.json'].includes(f));
  return {
    name,
    files: () => [...reportBaseFiles(), ...extra.map((rel) => path.join(SCHEMA_DIR, rel))],
    exports: Object.fromEntries(Object.entries<string>(exports).map(([k, where]) => {
      const [file, pointer] = where.split('#');
      return [k, `${pathToFileURL(path.join(SCHEMA_DIR, file!)).href}${pointer ? `#${pointer}` : ''}`];
    })) as Record<K, string>,
    prepare: (ajv) => addReportSchemas(ajv, extra),
  };
}

/**
 * An Ajv with the schemas transcripts refer to by relative path, as editors resolve them (setup,
 * scenario, report); `extra` (file names in schemas/) are added too, so one file can refer to another.
 * For tests and tools: botjury itself uses the sets compiled at build time (reportSchemaSet).
 */
export function transcriptAjv(extra: readonly string[] = []): import('ajv/dist/2020.js').default {
  const ajv = createAjv();
  addReportSchemas(ajv, extra);
  return ajv;
}

/** Compiles schemas/`file` with its file URL as $id (its relative $refs resolve as in an editor). */
export function compileSchema(ajv: import('ajv/dist/2020.js').default, file: string): ValidateFunction {
  const main = path.join(SCHEMA_DIR, file);
  return ajv.compile({ ...(JSON.parse(readFileSync(main, 'utf8')) as object), $id: pathToFileURL(main).href });
}

/** A transcript file and one of its runs; compiled at build time (precompiled.ts). */
export const TRANSCRIPT_VALIDATORS = reportSchemaSet('transcript', ['transcript.schema.json'], {
  transcript: 'transcript.schema.json',
  run: 'transcript.schema.json#/$defs/run',
});

function transcriptValidator(): ValidateFunction {
  return validatorsOf(TRANSCRIPT_VALIDATORS, createAjv).transcript;
}

/** Problems with a transcript document, as `path: message` lines (empty when valid). */
export function transcriptProblems(data: unknown): string[] {
  const validate = transcriptValidator();
  if (validate(data)) return [];
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}`);
}

/**
 * The bytes of a transcript's start that are looked at before anything is parsed: botjury writes its
 * `format` field first, so a file that does not start as a transcript is refused from these alone.
 */
export const TRANSCRIPT_SNIFF_BYTES = 64 << 10;
/** Runs in one transcript at most (a check of every suite is a few hundred). */
export const MAX_TRANSCRIPT_RUNS = 100_000;
const TRANSCRIPT_START = /^\s*\{\s*"format"\s*:\s*"botjury-transcript"\s*[,}]/;
const MATCH_TRANSCRIPT_START = /^\s*\{\s*"format"\s*:\s*"botjury-match-transcript"\s*[,}]/;

/**
 * Reads and checks a transcript file without parsing it whole (`replay FILE`): a regular file within the
 * cap; its first TRANSCRIPT_SNIFF_BYTES must start as botjury writes one (`{"format":
 * "botjury-transcript", …`), or it is refused at once without another byte read; then its top-level
 * fields are checked against the schema before any run is read, and each run is parsed and checked on
 * its own (a bad one is refused before the next is read). Every problem is one line (exit 2).
 * `shown`: how messages name the file.
 */
export function loadTranscript(file: string, shown = file): TranscriptFile {
  const name = printable(shown, 200);
  const { fd, size } = openBoundedFile(file, FILE_CAPS.transcript, 'transcript', shown);
  try {
    const source = fileSource(fd, size);
    const prefix = Buffer.alloc(Math.min(size, TRANSCRIPT_SNIFF_BYTES));
    source.read(prefix, 0);
    const start = prefix.toString('utf8');
    if (!TRANSCRIPT_START.test(start)) {
      if (MATCH_TRANSCRIPT_START.test(start)) throw new HarnessError(`${name} is not a usable botjury match transcript: not JSON Lines (its header alone on line 1, then a game per line)`);
      // A small file is looked at whole: whether it is JSON at all is the more telling answer.
      if (size <= TRANSCRIPT_SNIFF_BYTES) {
        try {
          JSON.parse(start);
        } catch (e) {
          const position = /position (\d+)/.exec((e as Error).message)?.[1];
          throw new HarnessError(`transcript ${name}: not valid JSON${position !== undefined ? ` (at byte ${position})` : ''}`);
        }
      }
      throw new HarnessError(`${name} is not a botjury transcript: it does not start with {"format": "botjury-transcript", as every transcript botjury writes does`);
    }
    let top;
    try {
      top = scanTopLevel(source, 'runs', undefined, MAX_TRANSCRIPT_RUNS);
    } catch (e) {
      if (e instanceof JsonPartsError) throw new HarnessError(`transcript ${name}: ${e.message}`);
      throw e;
    }
    const head: Record<string, unknown> = {};
    const parse = (span: Span): unknown => {
      try {
        return parseSpan(source, span);
      } catch (e) {
        if (e instanceof JsonPartsError) throw new HarnessError(`transcript ${name}: ${e.message}`);
        throw e;
      }
    };
    // defineProperty: a key `__proto__` is a field (the schema refuses it), never the object's prototype.
    for (const [key, span] of top.members) if (key !== 'runs' || !top.elements) setField(head, key, parse(span));
    if (top.elements) head.runs = [];
    const validate = transcriptValidator();
    if (!validate(head)) throw new HarnessError(`${name} is not a botjury transcript: ${schemaErrorLine(validate.errors ?? [])}`);
    const runs = head.runs as unknown[];
    const validateRun = runValidator();
    for (let k = 0; k < (top.elements?.starts.length ?? 0); k++) {
      const where = `/runs/${k}`;
      let run: unknown;
      try {
        run = boundedValue(source, { start: top.elements!.starts[k]!, end: top.elements!.ends[k]! }, runShape(), where);
      } catch (e) {
        if (e instanceof JsonPartsError) throw new HarnessError(`transcript ${name}: ${e.message}`);
        if (e instanceof TooMany) throw new HarnessError(`${name} is not a botjury transcript: ${e.message}`);
        throw e;
      }
      if (!validateRun(run)) throw new HarnessError(`${name} is not a botjury transcript: ${schemaErrorLine(validateRun.errors ?? [], where)}`);
      runs.push(run);
    }
    return head as unknown as TranscriptFile;
  } finally {
    closeSync(fd);
  }
}

/** A part of a run larger than this is read member by member, its long lists element by element. */
export const LEAN_PART_BYTES = 1 << 20;
/** What a real run holds at most: its transcript (table.ts keeps 20,000 entries), its moves, its verdicts (20 of each code). */
export const MAX_RUN_TRANSCRIPT = 20_000;
export const MAX_RUN_MOVES = 400_000;
export const MAX_RUN_VIOLATIONS = MAX_VIOLATIONS_PER_CODE * Object.keys(VIOLATION_CODES).length;
export const MAX_RUN_REPLIES = 100_000;

/**
 * How a run is read when it is large: its members by name (`members`; one not named is left unread
 * when `skipUnknown`, as nothing reads it), its lists element by element up to `maxItems` (one more
 * is refused at once, without reading the rest).
 */
interface Shape {
  members?: Record<string, Shape>;
  skipUnknown?: boolean;
  maxItems?: number;
}

class TooMany extends Error {}

let runShapeCache: Shape | undefined;

function runShape(): Shape {
  if (!runShapeCache) {
    const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, 'report.schema.json'), 'utf8')) as { $defs: { result: { properties: Record<string, unknown> } } };
    const resultMembers: Record<string, Shape> = Object.fromEntries(Object.keys(schema.$defs.result.properties).filter((k) => k !== 'transcript').map((k) => [k, {}]));
    resultMembers.violations = { maxItems: MAX_RUN_VIOLATIONS };
    resultMembers.timing = { members: { perReply: { maxItems: MAX_RUN_REPLIES } } };
    const transcriptSchema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, 'transcript.schema.json'), 'utf8')) as { $defs: { run: { properties: Record<string, unknown> } } };
    const runMembers: Record<string, Shape> = Object.fromEntries(Object.keys(transcriptSchema.$defs.run.properties).map((k) => [k, {}]));
    runMembers.moves = { maxItems: MAX_RUN_MOVES };
    runMembers.transcript = { maxItems: MAX_RUN_TRANSCRIPT };
    runMembers.result = { members: resultMembers, skipUnknown: true };
    runShapeCache = { members: runMembers, skipUnknown: true };
  }
  return runShapeCache;
}

/**
 * The value at `span`, parsed whole when it is small; a large one as `shape` says, so that a forged run
 * (a list of millions of entries, a member of 60 MB nothing reads) is refused or skipped without being
 * held: what is kept is what a real run can hold. The schema then checks the value as a whole.
 */
function boundedValue(source: ByteSource, span: Span, shape: Shape, where: string): unknown {
  if (span.end - span.start <= LEAN_PART_BYTES || (!shape.members && shape.maxItems === undefined)) return parseSpan(source, span);
  if (shape.maxItems !== undefined) {
    const max = shape.maxItems;
    const items: unknown[] = [];
    const isArray = eachElement(source, span, (value) => {
      if (items.length >= max) throw new TooMany(`${where}: more than ${max} items, more than a real run holds`);
      items.push(value);
    });
    return isArray ? items : parseSpan(source, span);
  }
  const members = objectMembers(source, span);
  if (!members) return parseSpan(source, span);
  const value: Record<string, unknown> = {};
  for (const [key, part] of members) {
    const inner = Object.hasOwn(shape.members!, key) ? shape.members![key]! : undefined;
    if (!inner && shape.skipUnknown) continue;
    setField(value, key, boundedValue(source, part, inner ?? {}, `${where}/${printable(key, 40)}`));
  }
  return value;
}

function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One run of a transcript (`#/$defs/run`), checked as it is read. */
function runValidator(): ValidateFunction {
  return validatorsOf(TRANSCRIPT_VALIDATORS, createAjv).run;
}

/** A transcript file's JSON (of either kind), bounded in size; a bad file is the harness's fault (exit 2). */
export function readTranscriptJson(file: string): unknown {
  try {
    return JSON.parse(readBoundedFile(file, FILE_CAPS.transcript, 'transcript'));
  } catch (e) {
    if (e instanceof FileError) throw new HarnessError(e.message);
    // JSON.parse quotes the text around the error; say where only.
    const position = /position (\d+)/.exec((e as Error).message)?.[1];
    throw new HarnessError(`transcript ${file}: not valid JSON${position !== undefined ? ` (at byte ${position})` : ''}`);
  }
}

/** A parsed transcript, validated against schemas/transcript.schema.json. */
export function checkTranscript(data: unknown, file: string): TranscriptFile {
  const validate = transcriptValidator();
  if (!validate(data)) throw new HarnessError(`${printable(file, 200)} is not a botjury transcript: ${schemaErrorLine(validate.errors ?? [])}`);
  return data as TranscriptFile;
}

/** Reads and validates a transcript file (see loadTranscript); a bad file is the harness's fault (exit 2). */
export function readTranscript(file: string): TranscriptFile {
  return loadTranscript(file);
}

/** Collects one recording per task of a run (via the runner's gameFor hook) and writes the file. */
export class TranscriptRecorder {
  private readonly recordings = new Map<number, GameRecording>();

  constructor(private readonly settings: RunSettings) {}

  readonly gameFor = (_task: Task, index: number, game: GameDefinition): GameDefinition => {
    const recording: GameRecording = { moves: [] };
    this.recordings.set(index, recording);
    return recordingGame(game, recording);
  };

  /** `tasks` as run (after sharding), in the order of `report.results`. */
  write(file: string, argv: string[], bot: BotInfo, tasks: Task[], report: RunReport): void {
    // An interrupted run reports only the runs that finished: match each result to its task, in order.
    let next = 0;
    const runs = report.results.map((result) => {
      while (next < tasks.length && !(tasks[next]!.scenario.file === result.scenario && tasks[next]!.role === result.role)) next++;
      const i = next++;
      return transcriptRun(tasks[i]!.scenario, result, this.recordings.get(i) ?? { moves: [] }, this.settings);
    });
    writeTranscript(file, transcriptFile(argv, bot, runs));
  }
}
