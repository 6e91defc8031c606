// Match transcripts (`botjury match --transcript FILE`) and their replay (`botjury replay FILE`): what
// every game of a match shares (game, seed, profile, opponent, setup, settings), the bots with the
// sha256 of what they ran, and per game and bot seat the session's lines both ways, moves, limits
// and verdicts. A game is played again by playGame itself, from the same index, seed and seating,
// each seat pinned to its recorded limits, and each seat compared with its recording as `replay`
// compares a single bot's run.
//
// The file is JSON Lines: the header on line 1, then one game per line, appended as each game ends
// and read back one line at a time, so neither the match nor the replay holds more than the games in
// play (a match is hundreds or thousands of games; one JavaChallenge2015 game is about 1 MB).
// Validated line by line by schemas/match-transcript.schema.json.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { closeSync, existsSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../core/bot-process.js';
import { describeOsError, FILE_CAPS, FileError, isTrustedFolder, readLines, type FileLine, type LineCaps } from '../core/files.js';
import type { GameDefinition, Outcome } from '../core/game.js';
import { printable } from '../core/printable.js';
import type { ResolvedLimits } from '../core/profile.js';
import type { ScenarioResult, TranscriptEntry } from '../core/result.js';
import { createAjv, scenarioDataProblems } from '../core/scenario.js';
import { gameSeed, playGame, seating, type GameResult, type MatchGame, type MatchOptions } from '../match/match.js';
import { gameLine } from '../match/report.js';
import { seatMoves, type GameRecording, type MoveRecord } from './recorder.js';
import { botDigestNotes, compareRun, comparisonLines, type RunComparison } from './replay.js';
import { validatorsOf } from '../core/precompiled.js';
import { reportSchemaSet, transcriptStamp, type BotInfo, type MachineInfo } from './transcript.js';

export const MATCH_TRANSCRIPT_FORMAT = 'botjury-match-transcript';
export const MATCH_TRANSCRIPT_VERSION = 1;

/** What every game of the match shares: with a game's index and the bots, all a replay needs. */
export interface MatchSettings {
  game: string;
  seed: number | string;
  profile: string;
  opponent?: string;
  setup?: Record<string, unknown>;
  setupDir?: string;
  /** Games the match was to play. */
  games: number;
  shard?: { index: number; count: number };
  memoryMb?: number;
  strict?: boolean;
}

export type MatchTranscriptBot = { name: string } & BotInfo;

export interface SeatRun {
  /** The limits as the seat's session applied them. */
  limits: ResolvedLimits;
  moves: MoveRecord[];
  transcript: TranscriptEntry[];
  transcriptDropped: number;
  result: Omit<ScenarioResult, 'transcript' | 'snapshots'>;
}

export interface MatchTranscriptSeat {
  role: string;
  bot: number | null;
  points?: number | null;
  result?: GameResult | null;
  run?: SeatRun;
}

export interface MatchTranscriptGame {
  index: number;
  seed: string | number;
  rerunAlone?: boolean;
  outcome?: Outcome | null;
  seats: MatchTranscriptSeat[];
}

/** Line 1 of a match transcript. */
export interface MatchTranscriptHeader {
  format: typeof MATCH_TRANSCRIPT_FORMAT;
  version: number;
  tool: { name: 'botjury'; version: string };
  createdAt: string;
  argv: string[];
  machine: MachineInfo;
  match: MatchSettings;
  bots: MatchTranscriptBot[];
}

/**
 * What a reader takes from a match transcript: a line as large as a whole single-bot transcript may
 * be, and a line per game of the largest match (--games) after the header. The file's size is not
 * capped: only one line is held at a time.
 */
export const MATCH_TRANSCRIPT_CAPS: LineCaps = { lineBytes: FILE_CAPS.transcript, lines: 1 + 100_000 };

/** How much of a file `replay` reads to tell a match transcript by its first line. */
export const MATCH_TRANSCRIPT_SNIFF_BYTES = 1 << 20;

/** The match's settings as a transcript keeps them. */
export function matchSettings(options: MatchOptions): MatchSettings {
  return {
    game: options.game.id,
    seed: options.seed,
    profile: options.profile ?? options.game.defaultProfile,
    ...(options.opponent !== undefined ? { opponent: options.opponent } : {}),
    ...(options.setup ? { setup: options.setup } : {}),
    ...(options.setup && options.setupDir !== undefined ? { setupDir: options.setupDir } : {}),
    games: options.games,
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : {}),
    ...(options.strict ? { strict: true } : {}),
  };
}

export function matchTranscriptHeader(argv: string[], settings: MatchSettings, bots: MatchTranscriptBot[]): MatchTranscriptHeader {
  return { ...transcriptStamp(MATCH_TRANSCRIPT_FORMAT, MATCH_TRANSCRIPT_VERSION, argv), match: settings, bots };
}

/** Records every game in play through MatchOptions.recordGame: each bot seat's view is taken from it. */
export class MatchRecorder {
  private readonly recordings = new Map<number, GameRecording>();

  readonly recordGame = (gameIndex: number): GameRecording => {
    const recording: GameRecording = { moves: [] };
    // A game played again (a timing verdict to confirm) replaces its first play's recording: the
    // recording is always that of the play the match reports.
    this.recordings.set(gameIndex, recording);
    return recording;
  };

  /** What one bot seat saw of the game: its own answers, and every other seat's move as an opponent's. */
  moves(gameIndex: number, role: string): MoveRecord[] {
    const recording = this.recordings.get(gameIndex);
    return recording ? seatMoves(recording.moves, role) : [];
  }

  /** Seats recorded and not yet taken or forgotten. */
  get held(): number {
    return this.recordings.size;
  }

  /**
   * The finished game as a transcript line; its seats' recordings are let go (over thousands of games
   * they would pile up). Write the line before the match drops the game's transcripts: at once.
   */
  takeGame(g: MatchGame): MatchTranscriptGame {
    const line: MatchTranscriptGame = {
      index: g.index,
      seed: g.seed,
      ...(g.rerunAlone ? { rerunAlone: true } : {}),
      outcome: g.outcome,
      seats: g.seats.map((s) => ({ role: s.role, bot: s.bot, points: s.points, result: s.result, ...(s.run ? { run: this.seatRun(g.index, s.run) } : {}) })),
    };
    this.forgetGame(g.index, g.seats.map((s) => s.role));
    return line;
  }

  forgetGame(gameIndex: number, _roles?: readonly string[]): void {
    this.recordings.delete(gameIndex);
  }

  private seatRun(gameIndex: number, run: ScenarioResult): SeatRun {
    const { transcript, snapshots: _snapshots, ...result } = run;
    void _snapshots;
    return { limits: run.limits, moves: this.moves(gameIndex, run.role), transcript, transcriptDropped: run.transcriptDropped, result };
  }
}

const seatKey = (gameIndex: number, role: string): string => `${gameIndex}\u0000${role}`;

/**
 * Writes a match transcript as the match goes: the header when it starts, a line per game as the game
 * ends. Each line is written whole and synchronously, so an interrupt (or a crash) at any time leaves
 * a file of every game that finished.
 */
export class MatchTranscriptWriter {
  private fd: number | null;

  private constructor(fd: number, private readonly file: string, private readonly flag: string) {
    this.fd = fd;
  }

  /** Creates (or empties) `file`, checked beforehand with prepareOutputFile, and writes the header. */
  static create(file: string, header: MatchTranscriptHeader, flag = '--transcript'): MatchTranscriptWriter {
    let fd: number;
    try {
      fd = openSync(file, 'w');
    } catch (e) {
      throw new FileError(`${flag} ${file}`, `cannot write it (${describeOsError(e)})`);
    }
    const writer = new MatchTranscriptWriter(fd, file, flag);
    writer.append(header);
    return writer;
  }

  writeGame(game: MatchTranscriptGame): void {
    this.append(game);
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }

  private append(value: MatchTranscriptHeader | MatchTranscriptGame): void {
    if (this.fd === null) throw new Error(`${this.flag} ${this.file}: written after it was closed`);
    const bytes = Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');
    try {
      for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done);
    } catch (e) {
      throw new FileError(`${this.flag} ${this.file}`, `cannot write it (${describeOsError(e)})`);
    }
  }
}

/** Whether a parsed JSON document says it is a match transcript (for a file not in its line form). */
export function isMatchTranscript(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Object.hasOwn(data, 'format') && (data as { format: unknown }).format === MATCH_TRANSCRIPT_FORMAT;
}

/** How the writer starts line 1: a file that starts so is a match transcript, even if its header is broken. */
const MATCH_HEADER_START = /^\s*\{\s*"format"\s*:\s*"botjury-match-transcript"/;

/**
 * Whether a file is a match transcript, from its first MATCH_TRANSCRIPT_SNIFF_BYTES: its first line is
 * a match transcript's header (a single bot's transcript is one JSON document whose first line is `{`).
 */
export function startsAsMatchTranscript(prefix: Buffer): boolean {
  const newline = prefix.indexOf(0x0a);
  const first = prefix.subarray(0, newline < 0 ? prefix.length : newline).toString('utf8');
  if (MATCH_HEADER_START.test(first)) return true;
  // A first line longer than what was read is no header of ours.
  if (newline < 0 && prefix.length >= MATCH_TRANSCRIPT_SNIFF_BYTES) return false;
  try {
    return isMatchTranscript(JSON.parse(first));
  } catch {
    return false;
  }
}

/** A match transcript's header and game lines; compiled at build time (precompiled.ts). */
export const MATCH_TRANSCRIPT_VALIDATORS = reportSchemaSet('match-transcript', ['transcript.schema.json', 'match-transcript.schema.json'], {
  header: 'match-transcript.schema.json#/$defs/header',
  game: 'match-transcript.schema.json#/$defs/game',
});

function lineValidator(kind: 'header' | 'game'): ValidateFunction {
  return validatorsOf(MATCH_TRANSCRIPT_VALIDATORS, createAjv)[kind];
}

/** Problems with one line of a match transcript (its header or a game), as `path: message` (empty when valid). */
export function matchTranscriptLineProblems(kind: 'header' | 'game', data: unknown): string[] {
  const validate = lineValidator(kind);
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}`);
}

/** A match transcript opened for reading: its header checked, its games still in the file. */
export interface MatchTranscriptReader {
  header: MatchTranscriptHeader;
  game: GameDefinition;
  /**
   * The games in file order, each checked as its line is read (against the schema and against what a
   * match of this game could have written); a bad line throws a HarnessError when it is reached. With
   * `only`, the other lines are only parsed for their index, and reading stops after game `only`.
   */
  games: AsyncGenerator<MatchTranscriptGame, void, undefined>;
  /** The indexes of the game lines read so far, in file order. */
  readonly indexes: readonly number[];
  /** Closes the file (reading the games to the end closes it too). */
  close(): Promise<void>;
}

export interface MatchTranscriptReadOptions {
  /** Only this game (0-based index). */
  only?: number;
  /** Smaller caps than MATCH_TRANSCRIPT_CAPS (tests). */
  caps?: LineCaps;
}

/**
 * Opens a match transcript and checks its header. A file is from anywhere: whatever does not fit is
 * one line naming the line of the file, exit 2, never a stack trace, never the file's bytes as they are.
 */
export async function openMatchTranscript(file: string, shown: string, games: readonly GameDefinition[], options: MatchTranscriptReadOptions = {}): Promise<MatchTranscriptReader> {
  const bad = (problem: string, more = 0): HarnessError =>
    new HarnessError(`${shown} is not a usable botjury match transcript: ${printable(problem, 300)}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`);
  const lines = readLines(file, options.caps ?? MATCH_TRANSCRIPT_CAPS, 'match transcript', shown);
  let header: MatchTranscriptHeader;
  let game: GameDefinition;
  try {
    const first = await lines.next();
    if (first.done) throw bad('the file is empty');
    const data = parseLine(first.value, bad);
    const problems = matchTranscriptLineProblems('header', data);
    if (problems.length > 0) throw bad(`line 1 (the header): ${problems[0]!}`, problems.length - 1);
    header = data as MatchTranscriptHeader;
    const found = games.find((g) => g.id === header.match.game);
    if (!found) throw new HarnessError(`${shown}: its game '${printable(header.match.game, 60)}' is not available in this build (a game package loads with --game-module)`);
    game = found;
    const problem = headerProblem(header, game);
    if (problem) throw bad(`line 1 (the header): ${problem}`);
  } catch (e) {
    await lines.return();
    throw e;
  }
  const indexes: number[] = [];
  const seen = new Set<number>();
  const { only } = options;
  async function* gameLines(): AsyncGenerator<MatchTranscriptGame, void, undefined> {
    for await (const line of lines) {
      const data = parseLine(line, bad);
      // With --game, another game's line is checked for its index only (no game twice; found or not).
      const skipped = only !== undefined && indexOf(data) !== only;
      if (!skipped) {
        const problems = matchTranscriptLineProblems('game', data);
        if (problems.length > 0) throw bad(`line ${line.number}: ${problems[0]!}`, problems.length - 1);
      }
      const index = checkedIndex(data, header.match.games, seen);
      if (typeof index === 'string') throw bad(`line ${line.number}: ${index}`);
      seen.add(index);
      indexes.push(index);
      if (skipped) continue;
      const recorded = data as MatchTranscriptGame;
      const problem = gameProblem(recorded, header, game);
      if (problem) throw bad(`line ${line.number}: ${problem}`);
      yield recorded;
      if (only !== undefined) return;
    }
  }
  return {
    header,
    game,
    games: gameLines(),
    indexes,
    close: async () => {
      await lines.return();
    },
  };
}

/** A line as JSON; what it says is never quoted (a file from anywhere), only where it breaks. */
function parseLine(line: FileLine, bad: (problem: string) => HarnessError): unknown {
  if (line.text.trim() === '') throw bad(`line ${line.number} is empty`);
  try {
    return JSON.parse(line.text);
  } catch (e) {
    const position = /position (\d+)/.exec((e as Error).message)?.[1];
    throw bad(`line ${line.number}: not valid JSON${position !== undefined ? ` (at character ${position} of the line)` : ''}${line.terminated ? '' : '; the file ends inside it (cut short while it was written?)'}`);
  }
}

const indexOf = (data: unknown): unknown =>
  typeof data === 'object' && data !== null && !Array.isArray(data) && Object.hasOwn(data, 'index') ? (data as { index: unknown }).index : undefined;

/** A game line's index, or what is wrong with it: not one, beyond the match, or a game already read. */
function checkedIndex(data: unknown, planned: number, seen: ReadonlySet<number>): number | string {
  const index = indexOf(data);
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return '/index: not a game index';
  if (index >= planned) return `/index: game ${index + 1} of a match of ${planned} games`;
  if (seen.has(index)) return `/index: game ${index + 1} is in the file twice`;
  return index;
}

/** The first thing in the header that a match of `game` could not have written, or null. */
function headerProblem(header: MatchTranscriptHeader, game: GameDefinition): string | null {
  const { match, bots } = header;
  const roles = game.roles;
  if (!Object.hasOwn(game.profiles, match.profile)) return `${game.id} has no jury profile '${match.profile}'`;
  if (bots.length > roles.length) return `${bots.length} bots for the ${roles.length} seats of ${game.id}`;
  // One folder for every command: a match is started from one place.
  if (bots.some((b) => b.invokedFrom !== bots[0]!.invokedFrom)) return 'the bots were recorded from different folders';
  if (match.setup) {
    const setupProblems = scenarioDataProblems({ game: game.id, setup: match.setup });
    if (setupProblems.length > 0) return `/match/setup: ${setupProblems[0]}`;
  }
  return null;
}

/** The first thing in a game line (its index checked) that the match of `header` could not have written, or null. */
function gameProblem(g: MatchTranscriptGame, header: MatchTranscriptHeader, game: GameDefinition): string | null {
  const { match, bots } = header;
  const roles = game.roles;
  if (g.seed !== gameSeed(match.seed, g.index, roles.length)) return `/seed: not the seed game ${g.index + 1} of this match has`;
  if (g.seats.length !== roles.length || g.seats.some((s, k) => s.role !== roles[k])) return `/seats: not the roles of ${game.id} (${roles.join(', ')})`;
  const seated = seating(g.index, roles, bots.length);
  for (const [k, s] of g.seats.entries()) {
    if (s.bot !== seated[k]) return `/seats/${k}/bot: not the bot the match seats there`;
    if ((s.bot === null) !== (s.run === undefined)) return `/seats/${k}/run: ${s.bot === null ? 'a built-in seat has no run' : 'a bot seat without its run'}`;
  }
  return null;
}

export interface MatchReplayOptions {
  /** One command per recorded bot, in the recorded order. */
  commands: string[][];
  /** Where relative paths in the commands start. */
  invokedFrom: string;
  /** The transcript file as given (setup files may be read next to it). */
  transcriptPath: string;
  /** Override the recorded settings. */
  memoryMb?: number;
  strict?: boolean;
  /** Every bot in a sandbox of its own (bubblewrap). */
  isolate?: boolean;
  /** Games played at once (each pulled from the file as a player is free). */
  jobs?: number;
  signal?: AbortSignal;
}

export interface SeatComparison {
  role: string;
  bot: number;
  comparison: RunComparison;
}

export interface GameReplay {
  played: MatchGame;
  seats: SeatComparison[];
  outcome: { recorded: Outcome | null | undefined; replayed: Outcome | null; same: boolean };
}

/** What is kept of a replayed game once it is shown (a replay of thousands of games keeps no transcripts). */
export interface GameReplaySummary {
  index: number;
  seats: number;
  seatsDiffering: number;
  outcomeSame: boolean;
  /** A seat's run was a harness error. */
  harnessError: boolean;
  /** A seat's bot broke a rule. */
  violation: boolean;
}

export interface MatchReplaySummary {
  games: GameReplaySummary[];
  /** Game lines taken from the file to replay (all of them, unless interrupted). */
  read: number;
  /** An interrupt stopped the replay before every game asked for was replayed. */
  interrupted: boolean;
}

/** The replay of a match transcript's games: set up from its header, then fed its games one at a time. */
export class MatchReplay {
  /** Notes on the bots (not byte for byte the recorded ones) and on the setup folder. */
  readonly notes: string[] = [];
  /** The match as the replay plays it (replay --transcript records it so). */
  readonly settings: MatchSettings;
  private readonly recorder = new MatchRecorder();
  /** The recorded limits of the seats of the games in play. */
  private readonly limits = new Map<string, ResolvedLimits>();
  private readonly matchOptions: MatchOptions;

  constructor(header: MatchTranscriptHeader, game: GameDefinition, private readonly options: MatchReplayOptions) {
    // The setup's paths are relative to the recorded folder, which a transcript from anywhere may name:
    // it is used only when it is botjury's own suite, the shared data or an --allow-path folder.
    const transcriptDir = path.dirname(path.resolve(options.invokedFrom, options.transcriptPath));
    const recordedDir = header.match.setupDir;
    const setupDir = recordedDir !== undefined && path.isAbsolute(recordedDir) && existsSync(recordedDir) && isTrustedFolder(recordedDir) ? recordedDir : transcriptDir;
    if (header.match.setup && recordedDir !== undefined && setupDir !== recordedDir)
      this.notes.push(`setup files are read next to the transcript (${transcriptDir}), not from the recorded folder ${recordedDir}; to use that folder, add --allow-path ${recordedDir}`);
    header.bots.forEach((bot, k) => this.notes.push(...botDigestNotes(bot, options.commands[k]!, options.invokedFrom).map((n) => `bot ${bot.name}: ${n}`)));
    const memoryMb = options.memoryMb ?? header.match.memoryMb;
    const strict = options.strict ?? header.match.strict;
    this.matchOptions = {
      game,
      bots: header.bots.map((b, k) => ({ name: b.name, command: options.commands[k]! })),
      games: header.match.games,
      seed: header.match.seed,
      profile: header.match.profile,
      invokedFrom: options.invokedFrom,
      // Always a folder the replay chose: the scenario's folder is where setup files are read from.
      setupDir,
      ...(header.match.opponent !== undefined ? { opponent: header.match.opponent } : {}),
      ...(header.match.setup ? { setup: header.match.setup } : {}),
      ...(memoryMb !== undefined ? { memoryMb } : {}),
      ...(strict ? { strict: true } : {}),
      ...(options.isolate ? { isolate: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      recordGame: this.recorder.recordGame,
      seatLimits: (index, role) => this.limits.get(seatKey(index, role)),
    };
    this.settings = { ...header.match, ...(header.match.setup ? { setupDir } : {}), ...(memoryMb !== undefined ? { memoryMb } : {}), ...(strict ? { strict: true } : {}) };
  }

  /**
   * Plays the games `recorded` yields, `jobs` at a time, each pulled as a player is free, and hands each
   * comparison as it finishes to `onGame` (in the order the games finish), with the replayed game as a
   * transcript line. Keeps a summary per game only. A bad line stops the replay: the games in play
   * finish, then its error is thrown.
   */
  async run(recorded: AsyncIterable<MatchTranscriptGame>, onGame: (replay: GameReplay, line: MatchTranscriptGame) => void): Promise<MatchReplaySummary> {
    const { signal } = this.options;
    const iterator = recorded[Symbol.asyncIterator]();
    const games: GameReplaySummary[] = [];
    let read = 0;
    let exhausted = false;
    let cutShort = false;
    let failure: { error: unknown } | null = null;
    const worker = async (): Promise<void> => {
      while (!exhausted && !failure && !signal?.aborted) {
        try {
          const next = await iterator.next();
          if (next.done) {
            exhausted = true;
            return;
          }
          read++;
          const replay = await this.replayGame(next.value);
          if (!replay) {
            cutShort = true;
            return;
          }
          games.push(summarize(replay));
          onGame(replay, this.recorder.takeGame(replay.played));
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, this.options.jobs ?? 1) }, worker));
    } finally {
      await iterator.return?.();
    }
    if (failure) throw (failure as { error: unknown }).error;
    return { games, read, interrupted: cutShort || (!exhausted && signal?.aborted === true) };
  }

  /** The game played again and compared, or null when an interrupt cut it short. */
  private async replayGame(recorded: MatchTranscriptGame): Promise<GameReplay | null> {
    const roles = recorded.seats.map((s) => s.role);
    for (const s of recorded.seats) if (s.run) this.limits.set(seatKey(recorded.index, s.role), s.run.limits);
    try {
      const played = await playGame(recorded.index, this.matchOptions);
      if (this.options.signal?.aborted) {
        this.recorder.forgetGame(recorded.index, roles);
        return null;
      }
      return compareGame(recorded, played, this.recorder);
    } finally {
      for (const role of roles) this.limits.delete(seatKey(recorded.index, role));
    }
  }
}

function compareGame(recorded: MatchTranscriptGame, now: MatchGame, recorder: MatchRecorder): GameReplay {
  const seats: SeatComparison[] = [];
  for (const seat of recorded.seats) {
    const run = now.seats.find((s) => s.role === seat.role)?.run;
    if (!seat.run || seat.bot === null || !run) continue;
    const comparison = compareRun(seat.run, { moves: recorder.moves(now.index, seat.role), transcript: run.transcript, violations: run.violations, scenario: run.scenario, role: seat.role });
    seats.push({ role: seat.role, bot: seat.bot, comparison });
  }
  return { played: now, seats, outcome: { recorded: recorded.outcome, replayed: now.outcome, same: recorded.outcome === undefined || sameOutcome(recorded.outcome, now.outcome) } };
}

/** The rules' result (finished, winner, scores); the summary's words may hold measured times. */
function sameOutcome(a: Outcome | null, b: Outcome | null): boolean {
  const key = (o: Outcome | null): string => (o ? JSON.stringify([o.finished, o.winner ?? null, Object.entries(o.scores).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))]) : 'null');
  return key(a) === key(b);
}

const seatDiffers = (s: SeatComparison): boolean => s.comparison.firstDifference !== null || !s.comparison.verdicts.same;

function summarize(r: GameReplay): GameReplaySummary {
  const runs = r.played.seats.flatMap((s) => (s.run ? [s.run] : []));
  return {
    index: r.played.index,
    seats: r.seats.length,
    seatsDiffering: r.seats.filter(seatDiffers).length,
    outcomeSame: r.outcome.same,
    harnessError: runs.some((run) => run.status === 'error'),
    violation: runs.some((run) => run.status === 'failed'),
  };
}

/** Bot lines, jury lines and names come from a file and from bots: every line safe for the terminal. */
const terminalLines = (lines: readonly string[]): string => (lines.length === 0 ? '' : `${lines.map((l) => printable(l, 4000)).join('\n')}\n`);

export function formatMatchReplayNotes(notes: readonly string[]): string {
  return terminalLines(notes.map((n) => `note: ${n}`));
}

/** One replayed game: its line (and the outcome, when it differs), then per bot seat verdicts, bot output and jury input. */
export function formatGameReplay(r: GameReplay, header: Pick<MatchTranscriptHeader, 'bots' | 'match'>): string {
  const names = header.bots.map((b) => printable(b.name, 20));
  const lines = [gameLine(r.played, names, header.match.games)];
  if (!r.outcome.same) lines.push(`  outcome:    differs — recorded: ${r.outcome.recorded?.summary ?? 'none'}; now: ${r.played.outcome?.summary ?? 'none'}`);
  for (const s of r.seats) {
    const otherSeatsDiffer = r.seats.some((o) => o !== s && o.comparison.firstDifference !== null);
    lines.push(`  ${names[s.bot]} (${s.role}):`, ...comparisonLines(s.comparison, otherSeatsDiffer).map((l) => `  ${l}`));
  }
  return terminalLines(lines);
}

/** The last line: how many games were replayed, and how many bot seats differ. */
export function formatMatchReplaySummary(summary: MatchReplaySummary, only?: number): string {
  const seats = summary.games.reduce((n, g) => n + g.seats, 0);
  const differing = summary.games.reduce((n, g) => n + g.seatsDiffering, 0);
  const n = summary.games.length;
  const games = `${n} game${n === 1 ? '' : 's'}`;
  const what = only !== undefined
    ? (n > 0 ? `replayed game ${only + 1} of the transcript` : `game ${only + 1} not replayed (interrupted)`)
    : summary.interrupted ? `replayed ${games}, then interrupted: the rest of the transcript not replayed` : `replayed ${games} of ${summary.read} in the transcript`;
  return terminalLines([`${what}: ${differing === 0 ? `every bot seat as recorded (${seats})` : `${differing} of ${seats} bot seats differ from the recording`}`]);
}

/** 2 a harness fault (or games not replayed); 1 a violation, or a seat's output, verdicts or the outcome differ; 0 the same. */
export function matchReplayExitCode(summary: MatchReplaySummary): 0 | 1 | 2 {
  if (summary.interrupted || summary.games.some((g) => g.harnessError)) return 2;
  if (summary.games.some((g) => g.violation)) return 1;
  return summary.games.some((g) => !g.outcomeSame || g.seatsDiffering > 0) ? 1 : 0;
}
