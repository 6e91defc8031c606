// Match transcripts (`botjury match --transcript FILE`) and their replay (`botjury replay FILE`): what
// every game of a match shares (game, seed, profile, opponent, setup, settings), the bots with the
// sha256 of what they ran, and per game and bot seat the session's lines both ways, moves, limits
// and verdicts. A game is played again by playGame itself, from the same index, seed and seating,
// each seat pinned to its recorded limits, and each seat compared with its recording as `replay`
// compares a single bot's run. Validated by schemas/match-transcript.schema.json.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../core/bot-process.js';
import { isTrustedFolder, writeOutputFile } from '../core/files.js';
import type { GameDefinition, Outcome } from '../core/game.js';
import { printable } from '../core/printable.js';
import type { ResolvedLimits } from '../core/profile.js';
import type { ScenarioResult, TranscriptEntry } from '../core/result.js';
import { scenarioDataProblems } from '../core/scenario.js';
import { VERSION } from '../core/version.js';
import { gameSeed, playGame, seating, type GameResult, type MatchGame, type MatchOptions, type MatchReport } from '../match/match.js';
import { gameLine } from '../match/report.js';
import { recordingGame, type GameRecording, type MoveRecord } from './recorder.js';
import { botDigestNotes, compareRun, comparisonLines, type RunComparison } from './replay.js';
import { compileSchema, machineInfo, transcriptAjv, type BotInfo, type MachineInfo } from './transcript.js';

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
  seed: string;
  rerunAlone?: boolean;
  outcome?: Outcome | null;
  seats: MatchTranscriptSeat[];
}

export interface MatchTranscriptFile {
  format: typeof MATCH_TRANSCRIPT_FORMAT;
  version: number;
  tool: { name: 'botjury'; version: string };
  createdAt: string;
  argv: string[];
  machine: MachineInfo;
  match: MatchSettings;
  bots: MatchTranscriptBot[];
  games: MatchTranscriptGame[];
}

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

/** Records every bot seat of every game through MatchOptions.seatGame, and writes the transcript. */
export class MatchRecorder {
  private readonly recordings = new Map<string, GameRecording>();

  readonly seatGame = (gameIndex: number, role: string, game: GameDefinition): GameDefinition => {
    const recording: GameRecording = { moves: [] };
    // A game played again (a timing verdict to confirm) replaces its first play's recording: the
    // recording is always that of the play the match reports.
    this.recordings.set(seatKey(gameIndex, role), recording);
    return recordingGame(game, recording);
  };

  moves(gameIndex: number, role: string): MoveRecord[] {
    return this.recordings.get(seatKey(gameIndex, role))?.moves ?? [];
  }

  file(argv: string[], settings: MatchSettings, bots: MatchTranscriptBot[], games: readonly MatchGame[]): MatchTranscriptFile {
    return {
      format: MATCH_TRANSCRIPT_FORMAT,
      version: MATCH_TRANSCRIPT_VERSION,
      tool: { name: 'botjury', version: VERSION },
      createdAt: new Date().toISOString(),
      argv,
      machine: machineInfo(),
      match: settings,
      bots,
      games: games.map((g) => ({
        index: g.index,
        seed: g.seed,
        ...(g.rerunAlone ? { rerunAlone: true } : {}),
        outcome: g.outcome,
        seats: g.seats.map((s) => ({ role: s.role, bot: s.bot, points: s.points, result: s.result, ...(s.run ? { run: this.seatRun(g.index, s.run) } : {}) })),
      })),
    };
  }

  write(file: string, argv: string[], settings: MatchSettings, bots: MatchTranscriptBot[], report: Pick<MatchReport, 'games'>): void {
    writeOutputFile(file, `${JSON.stringify(this.file(argv, settings, bots, report.games), null, 1)}\n`, '--transcript');
  }

  private seatRun(gameIndex: number, run: ScenarioResult): SeatRun {
    const { transcript, snapshots: _snapshots, ...result } = run;
    void _snapshots;
    return { limits: run.limits, moves: this.moves(gameIndex, run.role), transcript, transcriptDropped: run.transcriptDropped, result };
  }
}

const seatKey = (gameIndex: number, role: string): string => `${gameIndex}\u0000${role}`;

/** Whether a parsed transcript file says it is a match transcript (then it is validated as one). */
export function isMatchTranscript(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Object.hasOwn(data, 'format') && (data as { format: unknown }).format === MATCH_TRANSCRIPT_FORMAT;
}

let validator: ValidateFunction | undefined;

/** Problems with a match transcript document, as `path: message` (empty when valid). */
export function matchTranscriptProblems(data: unknown): string[] {
  validator ??= compileSchema(transcriptAjv(['transcript.schema.json']), 'match-transcript.schema.json');
  if (validator(data)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}`);
}

/**
 * A parsed match transcript, checked against the schema and against the game as this build has it
 * (its roles, profiles, setup schema, the seating and seeds of a match). A file is from anywhere:
 * whatever does not fit is one line, exit 2, never a stack trace.
 */
export function checkMatchTranscript(data: unknown, shown: string, games: readonly GameDefinition[]): { data: MatchTranscriptFile; game: GameDefinition } {
  const bad = (problem: string, more = 0): HarnessError =>
    new HarnessError(`${shown} is not a usable botjury match transcript: ${printable(problem, 300)}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`);
  const problems = matchTranscriptProblems(data);
  if (problems.length > 0) throw bad(problems[0]!, problems.length - 1);
  const file = data as MatchTranscriptFile;
  const game = games.find((g) => g.id === file.match.game);
  if (!game) throw new HarnessError(`${shown}: its game '${printable(file.match.game, 60)}' is not available in this build (a game package loads with --game-module)`);
  const problem = consistencyProblem(file, game);
  if (problem) throw bad(problem);
  return { data: file, game };
}

/** The first thing in the file that a match of `game` could not have written, or null. */
function consistencyProblem(file: MatchTranscriptFile, game: GameDefinition): string | null {
  const { match, bots } = file;
  const roles = game.roles;
  if (!Object.hasOwn(game.profiles, match.profile)) return `${game.id} has no jury profile '${match.profile}'`;
  if (bots.length > roles.length) return `${bots.length} bots for the ${roles.length} seats of ${game.id}`;
  // One folder for every command: a match is started from one place.
  if (bots.some((b) => b.invokedFrom !== bots[0]!.invokedFrom)) return 'the bots were recorded from different folders';
  if (match.setup) {
    const setupProblems = scenarioDataProblems({ game: game.id, setup: match.setup });
    if (setupProblems.length > 0) return `/match/setup: ${setupProblems[0]}`;
  }
  const seen = new Set<number>();
  for (const [i, g] of file.games.entries()) {
    const at = `/games/${i}`;
    if (g.index >= match.games) return `${at}/index: game ${g.index + 1} of a match of ${match.games} games`;
    if (seen.has(g.index)) return `${at}/index: game ${g.index + 1} is in the file twice`;
    seen.add(g.index);
    if (g.seed !== gameSeed(match.seed, g.index, roles.length)) return `${at}/seed: not the seed game ${g.index + 1} of this match has`;
    if (g.seats.length !== roles.length || g.seats.some((s, k) => s.role !== roles[k])) return `${at}/seats: not the roles of ${game.id} (${roles.join(', ')})`;
    const seated = seating(g.index, roles, bots.length);
    for (const [k, s] of g.seats.entries()) {
      if (s.bot !== seated[k]) return `${at}/seats/${k}/bot: not the bot the match seats there`;
      if ((s.bot === null) !== (s.run === undefined)) return `${at}/seats/${k}/run: ${s.bot === null ? 'a built-in seat has no run' : 'a bot seat without its run'}`;
    }
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
  /** Replay only this game (0-based index; it must be in the file). */
  only?: number;
  /** Override the recorded settings. */
  memoryMb?: number;
  strict?: boolean;
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

export interface MatchReplayResult {
  data: MatchTranscriptFile;
  replays: GameReplay[];
  /** Notes on the bots (not byte for byte the recorded ones) and on the setup folder. */
  notes: string[];
  /** The games asked for that were not replayed (an interrupt). */
  missed: number;
  /** The replay as a match transcript of its own (replay --transcript). */
  recorder: MatchRecorder;
  settings: MatchSettings;
}

/** Plays the selected games of a match transcript again and compares every bot seat with its recording. */
export async function replayMatch(data: MatchTranscriptFile, game: GameDefinition, options: MatchReplayOptions): Promise<MatchReplayResult> {
  const selected = data.games.filter((g) => options.only === undefined || g.index === options.only).sort((a, b) => a.index - b.index);
  if (selected.length === 0) throw new HarnessError(`${options.transcriptPath} holds no games`);
  const notes: string[] = [];
  // The setup's paths are relative to the recorded folder, which a transcript from anywhere may name:
  // it is used only when it is botjury's own suite, the shared data or an --allow-path folder.
  const transcriptDir = path.dirname(path.resolve(options.invokedFrom, options.transcriptPath));
  const recordedDir = data.match.setupDir;
  const setupDir = recordedDir !== undefined && path.isAbsolute(recordedDir) && existsSync(recordedDir) && isTrustedFolder(recordedDir) ? recordedDir : transcriptDir;
  if (data.match.setup && recordedDir !== undefined && setupDir !== recordedDir)
    notes.push(`setup files are read next to the transcript (${transcriptDir}), not from the recorded folder ${recordedDir}; to use that folder, add --allow-path ${recordedDir}`);
  data.bots.forEach((bot, k) => notes.push(...botDigestNotes(bot, options.commands[k]!, options.invokedFrom).map((n) => `bot ${bot.name}: ${n}`)));

  const limits = new Map<string, ResolvedLimits>();
  for (const g of selected) for (const s of g.seats) if (s.run) limits.set(seatKey(g.index, s.role), s.run.limits);
  const recorder = new MatchRecorder();
  const memoryMb = options.memoryMb ?? data.match.memoryMb;
  const strict = options.strict ?? data.match.strict;
  const matchOptions: MatchOptions = {
    game,
    bots: data.bots.map((b, k) => ({ name: b.name, command: options.commands[k]! })),
    games: data.match.games,
    seed: data.match.seed,
    profile: data.match.profile,
    invokedFrom: options.invokedFrom,
    // Always a folder the replay chose: the scenario's folder is where setup files are read from.
    setupDir,
    ...(data.match.opponent !== undefined ? { opponent: data.match.opponent } : {}),
    ...(data.match.setup ? { setup: data.match.setup } : {}),
    ...(memoryMb !== undefined ? { memoryMb } : {}),
    ...(strict ? { strict: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    seatGame: (index, role, g) => recorder.seatGame(index, role, withLimits(g, data.match.profile, limits.get(seatKey(index, role)))),
  };

  const played = new Map<number, MatchGame>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < selected.length && !options.signal?.aborted) {
      const g = selected[next++]!;
      const result = await playGame(g.index, matchOptions);
      if (!options.signal?.aborted) played.set(g.index, result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs ?? 1, selected.length)) }, worker));

  const replays = selected.flatMap((recorded) => {
    const now = played.get(recorded.index);
    return now ? [compareGame(recorded, now, recorder)] : [];
  });
  const settings: MatchSettings = { ...data.match, ...(data.match.setup ? { setupDir } : {}), ...(memoryMb !== undefined ? { memoryMb } : {}), ...(strict ? { strict: true } : {}) };
  return { data, replays, notes, missed: selected.length - replays.length, recorder, settings };
}

/** The game with the profile's limits replaced by the recorded ones (a changed profile still times the bots the same). */
function withLimits(game: GameDefinition, profile: string, limits: ResolvedLimits | undefined): GameDefinition {
  if (!limits || !Object.hasOwn(game.profiles, profile)) return game;
  return {
    ...game,
    profiles: { ...game.profiles, [profile]: { ...game.profiles[profile]!, limits: { ...limits } } },
    createReferee: (ctx) => game.createReferee(ctx),
  };
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

/** The comparison as text: per game its line, then per bot seat verdicts, bot output and jury input. */
export function formatMatchReplay(result: MatchReplayResult): string {
  const { data } = result;
  const names = data.bots.map((b) => printable(b.name, 20));
  const lines: string[] = result.notes.map((n) => `note: ${n}`);
  for (const r of result.replays) {
    lines.push(gameLine(r.played, names, data.match.games));
    if (!r.outcome.same) lines.push(`  outcome:    differs — recorded: ${r.outcome.recorded?.summary ?? 'none'}; now: ${r.played.outcome?.summary ?? 'none'}`);
    for (const s of r.seats) {
      const otherSeatsDiffer = r.seats.some((o) => o !== s && o.comparison.firstDifference !== null);
      lines.push(`  ${names[s.bot]} (${s.role}):`, ...comparisonLines(s.comparison, otherSeatsDiffer).map((l) => `  ${l}`));
    }
  }
  const seats = result.replays.flatMap((r) => r.seats);
  const differing = seats.filter(seatDiffers).length;
  const n = result.replays.length;
  lines.push(`replayed ${n} game${n === 1 ? '' : 's'} of ${data.games.length} in the transcript: ${differing === 0 ? `every bot seat as recorded (${seats.length})` : `${differing} of ${seats.length} bot seats differ from the recording`}${result.missed > 0 ? `; ${result.missed} not replayed (interrupted)` : ''}`);
  // Bot lines, jury lines and names come from a file and from bots: safe for the terminal.
  return `${lines.map((l) => printable(l, 4000)).join('\n')}\n`;
}

/** 2 a harness fault (or games not replayed); 1 a violation, or a seat's output, verdicts or the outcome differ; 0 the same. */
export function matchReplayExitCode(result: MatchReplayResult): 0 | 1 | 2 {
  const runs = result.replays.flatMap((r) => r.played.seats.flatMap((s) => (s.run ? [s.run] : [])));
  if (runs.some((r) => r.status === 'error') || result.missed > 0) return 2;
  if (runs.some((r) => r.status === 'failed')) return 1;
  return result.replays.some((r) => !r.outcome.same || r.seats.some(seatDiffers)) ? 1 : 0;
}
