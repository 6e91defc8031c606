// Transcript files (`--transcript FILE`): everything needed to drive the same bot through the same
// games again — game, role, profile, resolved limits, seed, setup, the scenario, every line both ways
// with timestamps, the opponent's moves as played, the bot command with the sha256 of what it runs,
// and the machine. Validated by schemas/transcript.schema.json.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { HarnessError, resolveCommand } from '../core/bot-process.js';
import { FILE_CAPS, FileError, readBoundedFile, writeOutputFile } from '../core/files.js';
import { SCHEMA_DIR } from '../core/paths.js';
import type { ResolvedLimits } from '../core/profile.js';
import type { ScenarioResult, TranscriptEntry } from '../core/result.js';
import { createAjv, type Scenario } from '../core/scenario.js';
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
    const data = parseYaml(readBoundedFile(file, FILE_CAPS.scenario, 'scenario')) as unknown;
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

let validator: ValidateFunction | undefined;

/**
 * An Ajv with the schemas transcripts refer to by relative path, as editors resolve them (setup,
 * scenario, report); `extra` (file names in schemas/) are added too, so one file can refer to another.
 */
export function transcriptAjv(extra: readonly string[] = []): import('ajv/dist/2020.js').default {
  const ajv = createAjv();
  ajv.addFormat('regex', { validate: (s: string) => { try { new RegExp(s); return true; } catch { return false; } } });
  ajv.addFormat('date-time', { validate: (s: string) => !Number.isNaN(Date.parse(s)) });
  const load = (rel: string): void => {
    const abs = path.join(SCHEMA_DIR, rel);
    ajv.addSchema({ ...(JSON.parse(readFileSync(abs, 'utf8')) as object), $id: pathToFileURL(abs).href });
  };
  for (const f of readdirSync(path.join(SCHEMA_DIR, 'setup')).filter((f) => f.endsWith('.json'))) load(`setup/${f}`);
  for (const rel of ['scenario.schema.json', 'report.schema.json', ...extra]) load(rel);
  return ajv;
}

/** Compiles schemas/`file` with its file URL as $id (its relative $refs resolve as in an editor). */
export function compileSchema(ajv: import('ajv/dist/2020.js').default, file: string): ValidateFunction {
  const main = path.join(SCHEMA_DIR, file);
  return ajv.compile({ ...(JSON.parse(readFileSync(main, 'utf8')) as object), $id: pathToFileURL(main).href });
}

function transcriptValidator(): ValidateFunction {
  validator ??= compileSchema(transcriptAjv(), 'transcript.schema.json');
  return validator;
}

/** Problems with a transcript document, as `path: message` lines (empty when valid). */
export function transcriptProblems(data: unknown): string[] {
  const validate = transcriptValidator();
  if (validate(data)) return [];
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}`);
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
  const problems = transcriptProblems(data);
  if (problems.length > 0) throw new HarnessError(`${file} is not a botjury transcript:\n  ${problems.join('\n  ')}`);
  return data as TranscriptFile;
}

/** Reads and validates a transcript file; a bad file is the harness's fault (exit 2). */
export function readTranscript(file: string): TranscriptFile {
  return checkTranscript(readTranscriptJson(file), file);
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
