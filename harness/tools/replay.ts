// `botjury replay FILE -- <bot>`: drive a bot through the games of a transcript again — same game,
// role, seed, setup, profile and limits, the recorded opponent moves scripted — report the verdicts as
// usual, and say where the bot's output first differs from the recording.
//
// The opponent follows the recording only while the bot does: once an answer differs, the recorded
// opponent moves belong to another game, and the built-in (seeded) opponent plays on from there.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { HarnessError, resolveCommand, type BotCommand } from '../core/bot-process.js';
import { isTrustedFolder } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import type { TranscriptEntry } from '../core/result.js';
import { exitCodeFor, runTasks, type Reporter, type RunReport, type Task } from '../core/runner.js';
import type { Violation } from '../core/violations.js';
import { recordingGame, type BotRecord, type GameRecording, type MoveRecord, type OpponentScript } from './recorder.js';
import { loadScenarioData } from './scenario-text.js';
import { botInfo, sha256File, transcriptFile, transcriptRun, writeTranscript, type BotInfo, type TranscriptFile, type TranscriptRun } from './transcript.js';

/** The one verdict about the machine, not the bot: its late replies excused by measured load. */
const MACHINE_LOAD_CODE = 'late-excused';

export interface ReplayOptions {
  bot: BotCommand;
  invokedFrom: string;
  reporters: Reporter[];
  version: string;
  jobs?: number;
  cwd?: string;
  /** Override the recorded settings. */
  strict?: boolean;
  memoryMb?: number;
  /** The bot in a sandbox of its own (bubblewrap). */
  isolate?: boolean;
  /** Where the transcript file lives (a moved recording still finds files next to it). */
  transcriptPath: string;
  /** Record the replay itself as a transcript. */
  transcriptOut?: { file: string; argv: string[] };
}

/** Where the bot's output first differs from the recording. */
export interface OutputDifference {
  /** The ply of the answer (the game's own numbering). */
  ply: number;
  label: string;
  /** The recorded bytes, or why there were none. */
  expected: Bytes;
  /** The bytes the bot wrote now, or why there were none. */
  actual: Bytes;
  /** answer: the answers differ; output: the answers agree but the raw output (extra lines, \r) does not. */
  kind: 'answer' | 'output';
}

export type Bytes = { bytes: string } | { missing: string };

export interface JuryDifference {
  /** 1-based number of the jury line. */
  line: number;
  expected: string | null;
  actual: string | null;
  /** The jury input changed only after the bot's output had already differed (expected then). */
  afterBotDifference: boolean;
}

export interface RunComparison {
  scenario: string;
  role: string;
  answers: { recorded: number; replayed: number };
  firstDifference: OutputDifference | null;
  jury: { recorded: number; replayed: number; firstDifference: JuryDifference | null };
  verdicts: { recorded: string[]; replayed: string[]; same: boolean };
}

export interface ReplayResult {
  report: RunReport;
  comparisons: RunComparison[];
  /** Notes on the bot itself (a different executable or script than the recorded one) and on setup folders. */
  botNotes: string[];
}

export async function replay(data: TranscriptFile, games: readonly GameDefinition[], options: ReplayOptions): Promise<ReplayResult> {
  if (data.runs.length === 0) throw new HarnessError(`${options.transcriptPath} holds no runs`);
  const folderNotes: string[] = [];
  const tasks: Task[] = data.runs.map((run) => ({ scenario: replayScenario(run, games, options.transcriptPath, folderNotes), role: run.role }));
  const recordings: GameRecording[] = data.runs.map(() => ({ moves: [] }));
  const settings = data.runs[0]!.settings;
  const strict = options.strict ?? settings.strict;
  const memoryMb = options.memoryMb ?? settings.memoryMb;
  const report = await runTasks(tasks, games, {
    bot: options.bot,
    invokedFrom: options.invokedFrom,
    reporters: options.reporters,
    version: options.version,
    jobs: options.jobs ?? 1,
    ...(strict ? { strict } : {}),
    ...(memoryMb !== undefined ? { memoryMb } : {}),
    ...(options.isolate ? { isolate: true } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    gameFor: (_task, index, game) => recordingGame(game, recordings[index]!, new ReplayScript(data.runs[index]!.moves)),
  });
  const comparisons = report.results.map((result, i) => compareRun(data.runs[i]!, {
    moves: recordings[i]!.moves,
    transcript: result.transcript,
    violations: result.violations,
    scenario: result.scenario,
    role: result.role,
  }));
  if (options.transcriptOut) {
    // The recorded scenario content, not the file as it is now: a replay of a replay drives the same game.
    const runs = report.results.map((r, i) => transcriptRun(tasks[i]!.scenario, r, recordings[i]!, { ...(memoryMb !== undefined ? { memoryMb } : {}), ...(strict ? { strict } : {}) }, data.runs[i]!.scenario.definition));
    writeTranscript(options.transcriptOut.file, transcriptFile(options.transcriptOut.argv, botInfo(options.bot.argv, options.invokedFrom), runs));
  }
  return { report, comparisons, botNotes: [...new Set(folderNotes), ...botDigestNotes(data.bot, options.bot.argv, options.invokedFrom)] };
}

/** The scenario of a recorded run, pinned to the recorded role, seed, setup, profile and limits. */
function replayScenario(run: TranscriptRun, games: readonly GameDefinition[], transcriptPath: string, notes: string[]): Task['scenario'] {
  const game = games.find((g) => g.id === run.game);
  if (!game) throw new HarnessError(`the transcript's game '${run.game}' is not available in this build`);
  // Paths in `setup:` are relative to the scenario's folder. The transcript names that folder, and a
  // transcript may come from anyone: the recorded folder is used only when it is botjury's own suite,
  // the shared data, or a folder the user allowed (--allow-path); otherwise the transcript's folder.
  const transcriptDir = path.dirname(path.resolve(transcriptPath));
  const dir = existsSync(run.scenario.dir) && isTrustedFolder(run.scenario.dir) ? run.scenario.dir : transcriptDir;
  if (run.setup && dir !== run.scenario.dir && existsSync(run.scenario.dir))
    notes.push(`setup files are read next to the transcript (${transcriptDir}), not from the recorded folder ${run.scenario.dir}; to use that folder, add --allow-path ${run.scenario.dir}`);
  const scenario = loadScenarioData(run.scenario.definition, run.scenario.file, dir, games);
  return {
    ...scenario,
    role: run.role,
    seed: run.seed,
    // The recorded limits are complete, so a renamed or changed profile still times the bot the same.
    ...(Object.hasOwn(game.profiles, run.profile) ? { profile: run.profile } : {}),
    limits: run.limits,
    ...(run.setup ? { setup: run.setup } : {}),
    ...(run.opponent !== undefined ? { opponent: run.opponent } : {}),
  };
}

/** Plays the recorded opponent moves while the bot answers as it did in the recording. */
class ReplayScript implements OpponentScript {
  /** The recorded move of each seat without a bot, by ply: the scenario scripts some plies itself, so order alone would shift them. */
  private readonly opponentMoves = new Map<string, string>();
  private readonly answers: BotRecord[];
  private nextAnswer = 0;
  private diverged = false;

  constructor(moves: MoveRecord[]) {
    for (const m of moves) if (m.by === 'opponent') this.opponentMoves.set(`${m.ply} ${m.player}`, m.move);
    this.answers = moves.filter((m): m is BotRecord => m.by === 'bot');
  }

  next(ply: number, player: string): string | undefined {
    return this.diverged ? undefined : this.opponentMoves.get(`${ply} ${player}`);
  }

  onAnswer(record: BotRecord): void {
    const recorded = this.answers[this.nextAnswer++];
    if (!recorded || !sameAnswer(recorded, record)) this.diverged = true;
  }
}

function sameAnswer(a: BotRecord, b: BotRecord): boolean {
  return a.ply === b.ply && (a.failed ?? null) === (b.failed ?? null) && JSON.stringify(a.lines ?? null) === JSON.stringify(b.lines ?? null);
}

interface RunView {
  moves: MoveRecord[];
  transcript: TranscriptEntry[];
  violations: Violation[];
  scenario: string;
  role: string;
}

/** What a comparison reads of a recorded run (a run of a transcript, or a seat of a match transcript). */
export type RecordedRun = Pick<TranscriptRun, 'moves' | 'transcript'> & { result: Pick<TranscriptRun['result'], 'violations'> };

export function compareRun(recorded: RecordedRun, replayed: RunView): RunComparison {
  const before = answersWithBytes(recorded.moves, recorded.transcript);
  const after = answersWithBytes(replayed.moves, replayed.transcript);
  let firstDifference: OutputDifference | null = null;
  let botDiffAt = Infinity; // position in the replayed transcript where the bot first differs
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const a = before[i];
    const b = after[i];
    if (a && b && sameAnswer(a.record, b.record) && JSON.stringify(a.bytes) === JSON.stringify(b.bytes)) continue;
    const ref = a ?? b!;
    firstDifference = {
      kind: 'answer',
      ply: ref.record.ply,
      label: ref.record.label,
      expected: a ? a.bytes : { missing: 'no answer: the recorded game had ended here' },
      actual: b ? b.bytes : { missing: 'no answer: the jury asked for none (the game ended sooner)' },
    };
    botDiffAt = b ? b.position : replayed.transcript.length;
    break;
  }
  if (!firstDifference) {
    // Same answers: the raw output may still differ (extra lines, \r\n).
    const rawA = rawBotLines(recorded.transcript, before);
    const rawB = rawBotLines(replayed.transcript, after);
    for (let i = 0; i < Math.max(rawA.length, rawB.length); i++) {
      if (rawA[i]?.text === rawB[i]?.text) continue;
      const ref = rawA[i] ?? rawB[i]!;
      firstDifference = {
        kind: 'output', ply: ref.ply, label: `output after the answer to ply ${ref.ply}`,
        expected: rawA[i] ? { bytes: `${rawA[i]!.text}\n` } : { missing: 'nothing more' },
        actual: rawB[i] ? { bytes: `${rawB[i]!.text}\n` } : { missing: 'nothing more' },
      };
      botDiffAt = rawB[i] ? rawB[i]!.position : replayed.transcript.length;
      break;
    }
  }
  const juryA = juryLines(recorded.transcript);
  const juryB = juryLines(replayed.transcript);
  let juryDiff: JuryDifference | null = null;
  for (let i = 0; i < Math.max(juryA.length, juryB.length); i++) {
    if (juryA[i]?.text === juryB[i]?.text) continue;
    const position = juryB[i]?.position ?? replayed.transcript.length;
    juryDiff = { line: i + 1, expected: juryA[i]?.text ?? null, actual: juryB[i]?.text ?? null, afterBotDifference: position > botDiffAt };
    break;
  }
  const verdict = (v: Violation): string => `${v.severity === 'warning' ? 'warning ' : ''}${v.code}${v.ply !== undefined ? ` at ply ${v.ply}` : ''}`;
  const rec = recorded.result.violations.map(verdict);
  const rep = replayed.violations.map(verdict);
  // A late-excused warning says the machine made an answer late, by its measured load then: the same
  // bot on a machine loaded otherwise has one elsewhere or none. It is shown, never a difference.
  const compared = (vs: readonly Violation[]): string => JSON.stringify(vs.filter((v) => v.code !== MACHINE_LOAD_CODE).map(verdict));
  return {
    scenario: replayed.scenario,
    role: replayed.role,
    answers: { recorded: before.length, replayed: after.length },
    firstDifference,
    jury: { recorded: juryA.length, replayed: juryB.length, firstDifference: juryDiff },
    verdicts: { recorded: rec, replayed: rep, same: compared(recorded.result.violations) === compared(replayed.violations) },
  };
}

interface AnswerBytes {
  record: BotRecord;
  /** The answer's bytes as they arrived (line endings included), or the failure. */
  bytes: Bytes;
  /** Index in the transcript of the answer's last line (or of the failure). */
  position: number;
  /** Indexes in the transcript of the bot lines that made the answer. */
  used: number[];
}

/** Matches each answer to the raw bot lines it came from (they appear in order in the transcript). */
function answersWithBytes(moves: MoveRecord[], transcript: TranscriptEntry[]): AnswerBytes[] {
  const out: AnswerBytes[] = [];
  let at = 0;
  for (const m of moves) {
    if (m.by !== 'bot') continue;
    if (!m.lines) {
      out.push({ record: m, bytes: { missing: `no answer (${m.failed ?? 'none'})` }, position: at, used: [] });
      continue;
    }
    const used: number[] = [];
    const raw: string[] = [];
    for (const line of m.lines) {
      let j = at;
      while (j < transcript.length && !(transcript[j]!.dir === 'bot' && matchesLine(transcript[j]!.text, line))) j++;
      if (j >= transcript.length) {
        raw.push(line); // not found (transcript bound reached): the judged text is the best evidence
        continue;
      }
      used.push(j);
      raw.push(transcript[j]!.text);
      at = j + 1;
    }
    out.push({ record: m, bytes: { bytes: raw.map((l) => `${l}\n`).join('') }, position: used.length ? used[used.length - 1]! : at, used });
  }
  return out;
}

function matchesLine(raw: string, judged: string): boolean {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  return text === judged || text.trim() === judged;
}

/** Every raw bot line, with the ply of the answer it belongs to or follows. */
function rawBotLines(transcript: TranscriptEntry[], answers: AnswerBytes[]): { text: string; ply: number; position: number }[] {
  const owner = new Map<number, number>();
  for (const a of answers) for (const j of a.used) owner.set(j, a.record.ply);
  const out: { text: string; ply: number; position: number }[] = [];
  let ply = answers[0]?.record.ply ?? 0;
  transcript.forEach((e, j) => {
    if (e.dir !== 'bot') return;
    ply = owner.get(j) ?? ply;
    out.push({ text: e.text, ply, position: j });
  });
  return out;
}

function juryLines(transcript: TranscriptEntry[]): { text: string; position: number }[] {
  return transcript.flatMap((e, j) => (e.dir === 'jury' ? [{ text: e.text, position: j }] : []));
}

/** Says when the bot given for the replay (`argv`, run from `invokedFrom`) is not byte for byte the recorded one. */
export function botDigestNotes(recorded: BotInfo, argv: readonly string[], invokedFrom: string): string[] {
  const notes: string[] = [];
  try {
    const { file } = resolveCommand([...argv], invokedFrom);
    const now = sha256File(file);
    if (now.sha256 !== recorded.executable.sha256)
      notes.push(`the bot's executable differs from the recorded one: ${argv[0]} sha256 ${now.sha256.slice(0, 12)}…, recorded ${recorded.executable.given} ${recorded.executable.sha256.slice(0, 12)}…`);
  } catch {
    // the runner reports a missing executable
  }
  const recordedFiles = new Map(recorded.files.map((f) => [path.basename(f.path), f]));
  for (const arg of argv.slice(1)) {
    const abs = path.resolve(invokedFrom, arg);
    // Regular files only: an argument naming a device or a pipe (a transcript's command may) is never read.
    if (arg.startsWith('-') || !existsSync(abs) || !statSync(abs).isFile()) continue;
    let digest;
    try {
      digest = sha256File(abs);
    } catch {
      continue; // unreadable: the bot reports it
    }
    const rec = recordedFiles.get(path.basename(abs));
    if (!rec) notes.push(`${arg} was not part of the recorded command (${recorded.command.join(' ')})`);
    else if (rec.sha256 !== digest.sha256) notes.push(`${arg} differs from the recorded ${rec.given}: sha256 ${digest.sha256.slice(0, 12)}…, recorded ${rec.sha256.slice(0, 12)}…`);
  }
  return notes;
}

/** The comparison as text, one block per run. */
export function formatComparisons(result: ReplayResult): string {
  const lines: string[] = [];
  for (const note of result.botNotes) lines.push(`note: ${note}`);
  const total = result.comparisons.length;
  result.comparisons.forEach((c, i) => {
    lines.push(`replay ${i + 1}/${total}: ${c.scenario} [${c.role}]`, ...comparisonLines(c));
  });
  return `${lines.join('\n')}\n`;
}

/**
 * One run's comparison: verdicts, bot output, jury input (each line indented two spaces). In a match,
 * `otherSeatsDiffer` says another seat's bot answered otherwise, which changes this seat's jury input.
 */
export function comparisonLines(c: RunComparison, otherSeatsDiffer = false): string[] {
  const lines: string[] = [];
  const machineOnly = c.verdicts.same && JSON.stringify(c.verdicts.recorded) !== JSON.stringify(c.verdicts.replayed);
  lines.push(c.verdicts.same
    ? machineOnly
      ? `  verdicts:   same as recorded but for the machine's load (late-excused is not compared) — recorded: ${c.verdicts.recorded.join(', ') || 'none'}; now: ${c.verdicts.replayed.join(', ') || 'none'}`
      : `  verdicts:   same as recorded (${c.verdicts.recorded.length ? c.verdicts.recorded.join(', ') : 'none'})`
    : `  verdicts:   differ — recorded: ${c.verdicts.recorded.join(', ') || 'none'}; now: ${c.verdicts.replayed.join(', ') || 'none'}`);
  const d = c.firstDifference;
  if (!d) lines.push(`  bot output: identical to the recording (${c.answers.recorded} answers)`);
  else
    lines.push(`  bot output: first differs at ply ${d.ply} (${d.label})${d.kind === 'output' ? ', in lines beyond the answers' : ''}`,
      `              expected ${bytes(d.expected)}`,
      `              actual   ${bytes(d.actual)}`);
  const j = c.jury.firstDifference;
  if (!j) lines.push(`  jury input: identical to the recording (${c.jury.recorded} lines)`);
  else if (j.afterBotDifference) lines.push(`  jury input: identical until the bot's output differed; from jury line ${j.line} on the game went another way`);
  else if (otherSeatsDiffer) lines.push(`  jury input: differs at jury line ${j.line}, before this bot's output did: another seat's bot answered otherwise first (expected ${bytes(j.expected)}, sent ${bytes(j.actual)})`);
  else lines.push(`  jury input: differs at jury line ${j.line} before the bot's output did (the game or botjury changed?): expected ${bytes(j.expected)}, sent ${bytes(j.actual)}`);
  return lines;
}

function bytes(b: Bytes | string | null): string {
  if (b === null) return 'nothing';
  if (typeof b === 'string') return JSON.stringify(b);
  return 'bytes' in b ? JSON.stringify(b.bytes) : b.missing;
}

/**
 * 2 a harness fault; 1 a violation, or the bot's output (or the verdicts) differ from the recording —
 * a replay is a regression check, so a different answer is a failure even when it is legal; 0 same.
 */
export function replayExitCode(result: ReplayResult): 0 | 1 | 2 {
  const verdict = exitCodeFor(result.report);
  if (verdict !== 0) return verdict;
  return result.comparisons.some((c) => c.firstDifference !== null || !c.verdicts.same) ? 1 : 0;
}
