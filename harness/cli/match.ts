// `botjury match` and `botjury merge`: the command-line side of harness/match/. The bots come after
// `--`, each further `--` starting the next one (executed directly, no shell).
import { statSync } from 'node:fs';
import path from 'node:path';
import { HarnessError, resolveCommand } from '../core/bot-process.js';
import { FILE_CAPS, FileError, prepareOutputFile, readBoundedFile } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import { scenarioDataProblems, yaml } from '../core/scenario.js';
import { importRecord, parseRecord, RecordError } from '../tools/import.js';
import {
  formatGameReplay, formatMatchReplayNotes, formatMatchReplaySummary, MatchRecorder, MatchReplay, matchReplayExitCode, matchSettings, matchTranscriptHeader, MatchTranscriptWriter, openMatchTranscript,
} from '../tools/match-transcript.js';
import { botInfo } from '../tools/transcript.js';
import { printable } from '../core/printable.js';
import { juryTimeLine, reportOfFault, runMatch, type MatchBot, type MatchGame, type MatchOptions, type MatchReport } from '../match/match.js';
import { gameLine, matchAsRunReport, matchExitCode, matchSummary, seatResults } from '../match/report.js';
import { parseSprt } from '../match/stats.js';
import { REPORTERS } from '../../reporters/index.js';
import { htmlPage } from '../../reporters/html.js';
import { writeGithub } from '../../reporters/github.js';
import { seatBots } from '../../reporters/causes.js';
import { standingsHtml, standingsMarkdown } from './match-tables.js';
import type { Output } from '../../reporters/output.js';
import { reporterTargets } from './reporter-targets.js';
import { GAMES } from '../games/registry.js';
import { findGame } from './lookup.js';
import { CommandLineError, type OptionValues } from './options.js';

/** What the main command line lends: its number parsers and the interrupt signal. */
export interface CliTools {
  boundedInt(flag: string, v: string, max: number): number;
  parseShard(v: string): { index: number; count: number };
  memoryOption(values: OptionValues): number | undefined;
  jobs(values: OptionValues): number;
  signal(): AbortSignal;
  /** The exit code of the interrupt that ended the run (130 for SIGINT …), 0 when none did. */
  interruptCode(): number;
  version: string;
  /** botjury's own arguments (before the first --), as a transcript records them. */
  ownArgv: string[];
}

const MAX_GAMES = 100_000;
/** As fuzz bounds it: a seed is a name for a game, never data (a transcript keeps it). */
const MAX_SEED_CHARS = 200;
const MAX_BOTS = 4;
const BOT_NAMES = ['A', 'B', 'C', 'D'];

/** `-- a ... -- b ...` → the bot commands. */
export function splitBots(argv: readonly string[]): string[][] {
  const bots: string[][] = [[]];
  for (const a of argv) {
    if (a === '--') bots.push([]);
    else bots[bots.length - 1]!.push(a);
  }
  return bots;
}

export async function matchCommand(rest: string[], botArgv: string[], values: OptionValues, cwd: string, tools: CliTools): Promise<number> {
  const [gameId, ...extra] = rest;
  if (!gameId) throw new CommandLineError(`match needs a game: ${GAMES.map((g) => g.id).join(', ')}`);
  if (extra.length) throw new CommandLineError(`unexpected arguments before --: ${extra.join(' ')} (each bot command goes after its own --)`);
  const game = findGame(GAMES, gameId);
  const commands = splitBots(botArgv);
  if (commands.some((c) => c.length === 0) || commands.length < 2)
    throw new CommandLineError(`match needs at least two bot commands, each after its own --: botjury match ${game.id} -- python3 a.py -- ./b`);
  if (commands.length > Math.min(MAX_BOTS, game.roles.length)) throw new CommandLineError(`${game.id} seats ${game.roles.length} players; ${commands.length} bots were given`);
  for (const c of commands) resolveCommand(c, cwd); // a missing executable is the harness's fault, before any game
  const bots: MatchBot[] = commands.map((command, i) => ({ name: BOT_NAMES[i]!, command }));
  const record = values.record !== undefined ? await readRecord(game, path.resolve(cwd, values.record), values.record) : undefined;
  if (record && values.games !== undefined) throw new CommandLineError('--record plays the one recorded game; leave out --games');
  const games = record ? 1 : values.games !== undefined ? tools.boundedInt('--games', values.games, MAX_GAMES) : 2 * game.roles.length;
  const sprt = values.sprt !== undefined ? sprtOption(values.sprt, bots.length) : undefined;
  const setup = values.setup !== undefined ? readSetup(game, path.resolve(cwd, values.setup), values.setup) : (record?.setup as Record<string, unknown> | undefined);
  const setupDir = values.setup !== undefined ? path.dirname(path.resolve(cwd, values.setup)) : record ? path.dirname(path.resolve(cwd, values.record!)) : undefined;
  const scripts = values.script ? readScripts(game, values.script, cwd) : undefined;
  if (values.seed !== undefined && values.seed.length > MAX_SEED_CHARS) throw new CommandLineError(`--seed: at most ${MAX_SEED_CHARS} characters`);
  const memoryMb = tools.memoryOption(values);
  const transcriptFile = values.transcript !== undefined ? path.resolve(cwd, values.transcript) : undefined;
  if (transcriptFile) prepareOutputFile(transcriptFile, '--transcript');
  const outputs = matchOutputs(values);
  const recorder = transcriptFile ? new MatchRecorder() : undefined;
  // Digest the bots before they run: the transcript names what was actually judged.
  const botInfos = recorder ? bots.map((b) => ({ name: b.name, ...botInfo(b.command, cwd) })) : [];
  let transcript: MatchTranscriptWriter | undefined;
  const options: MatchOptions = {
    game,
    bots,
    games,
    seed: seedOption(values.seed) ?? (record?.seed as string | number | undefined) ?? 1,
    ...(record ? { record: { moves: record.moves } } : {}),
    invokedFrom: cwd,
    jobs: tools.jobs(values),
    signal: tools.signal(),
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    ...(values.opponent !== undefined ? { opponent: values.opponent } : {}),
    ...(setup ? { setup, ...(setupDir ? { setupDir } : {}) } : {}),
    ...(scripts ? { scripts } : {}),
    ...(values.shard !== undefined ? { shard: tools.parseShard(values.shard) } : {}),
    ...(sprt ? { sprt } : {}),
    ...(memoryMb !== undefined ? { memoryMb } : {}),
    ...(values.isolate ? { isolate: true } : {}),
    ...(values.strict ? { strict: true } : {}),
    ...(outputs.wantsSnapshots ? { snapshots: true } : {}),
    onGameEnd: (g) => {
      // Written now, whole: the match may let the game's transcripts go once this returns.
      if (transcript && recorder) transcript.writeGame(recorder.takeGame(g));
      outputs.gameEnd(g, bots.map((b) => b.name), games);
    },
    ...(recorder ? { recordGame: recorder.recordGame } : {}),
  };
  // The header before the first game: an interrupted match leaves a transcript of the games that finished.
  if (transcriptFile) transcript = MatchTranscriptWriter.create(transcriptFile, matchTranscriptHeader(tools.ownArgv, matchSettings(options), botInfos));
  let report: MatchReport;
  try {
    report = await runMatch(options, tools.version);
  } catch (e) {
    // A harness fault (a referee program's) stopped the match: every report is written with the games
    // that finished and the one that faulted, then the fault is the exit (2, its one line).
    const partial = reportOfFault(e);
    if (partial) await outputs.end(partial);
    throw e;
  } finally {
    transcript?.close();
  }
  await outputs.end(report);
  // An interrupted match wrote what finished; its exit code says it was interrupted, as `check`'s does.
  return tools.interruptCode() || matchExitCode(report);
}

/**
 * `botjury replay MATCH-TRANSCRIPT [--game N] [-- A... -- B...]`: plays the match's games (or game N)
 * again with the same seed, seating, profile, opponent, setup and limits, and compares every bot
 * seat with its recording. The recorded commands run only with --trust-transcript-command. The file
 * is read a game at a time, each game replayed and shown as it is read.
 */
export async function replayMatchCommand(shown: string, abs: string, botArgv: string[], values: OptionValues, cwd: string, tools: CliTools): Promise<number> {
  for (const flag of ['reporter', 'output', 'cwd'] as const)
    if (values[flag] !== undefined) throw new CommandLineError(`--${flag} does not apply to the replay of a match transcript (it prints its comparison; every bot runs in a fresh folder)`);
  const only = values.game !== undefined ? tools.boundedInt('--game', values.game, MAX_GAMES) - 1 : undefined;
  const reader = await openMatchTranscript(abs, shown, GAMES, only !== undefined ? { only } : {});
  let transcript: MatchTranscriptWriter | undefined;
  try {
    const { header } = reader;
    if (only !== undefined && only >= header.match.games) throw new CommandLineError(`--game ${only + 1}: the match in ${shown} had ${header.match.games} games`);
    const recordedCommands = header.bots.map((b) => b.command);
    const shownCommands = (): string => header.bots.map((b) => `${printable(b.name, 20)} ${printable(JSON.stringify(b.command), 300)}`).join(', ');
    if (botArgv.length === 0 && !values['trust-transcript-command'])
      throw new CommandLineError(`replay runs the bots you give, each after its own --: botjury replay ${shown} -- <bot A> -- <bot B> (the transcript names ${shownCommands()}; to run exactly those, add --trust-transcript-command)`);
    if (botArgv.length > 0 && values['trust-transcript-command']) throw new CommandLineError('--trust-transcript-command: bot commands were given after --; give one or the other');
    const given = botArgv.length > 0 ? splitBots(botArgv) : undefined;
    if (given && (given.length !== header.bots.length || given.some((c) => c.length === 0)))
      throw new CommandLineError(`the match had ${header.bots.length} bots; give ${header.bots.length} commands, each after its own -- (in the recorded order: ${header.bots.map((b) => b.name).join(', ')})`);
    const commands = given ?? recordedCommands;
    const invokedFrom = given ? cwd : header.bots[0]!.invokedFrom;
    const memoryMb = tools.memoryOption(values);
    const jobs = tools.jobs(values);
    const transcriptFile = values.transcript !== undefined ? path.resolve(cwd, values.transcript) : undefined;
    // The transcript being read is written from the start: the replay would read its own lines.
    if (transcriptFile && sameFile(abs, transcriptFile)) throw new CommandLineError(`--transcript ${values.transcript!}: that is the transcript being replayed; give another file`);
    // The first game (game N) is read before anything runs: a file whose games are bad from the start,
    // or without game N, is refused with nothing run. A bad line further on stops the replay there.
    const first = await reader.games.next();
    if (first.done) {
      if (only !== undefined) throw new CommandLineError(`--game ${only + 1}: ${shown} holds ${gameNumbers(reader.indexes)}`);
      throw new HarnessError(`${shown} holds no games`);
    }
    const recordedGames = (async function* () {
      yield first.value;
      yield* reader.games;
    })();
    // A transcript is a file from anywhere: its commands run only when the user says so, and are shown first.
    if (!given) process.stderr.write(`botjury: running the transcript's commands ${shownCommands()} from ${printable(invokedFrom, 500)}\n`);
    for (const c of commands) resolveCommand(c, invokedFrom); // a missing executable is the harness's fault, before any game
    if (transcriptFile) prepareOutputFile(transcriptFile, '--transcript');
    const botInfos = transcriptFile ? header.bots.map((b, k) => ({ name: b.name, ...botInfo(commands[k]!, invokedFrom) })) : [];
    const replay = new MatchReplay(header, reader.game, {
      commands,
      invokedFrom,
      transcriptPath: path.resolve(cwd, shown),
      jobs,
      signal: tools.signal(),
      ...(memoryMb !== undefined ? { memoryMb } : {}),
      ...(values.isolate ? { isolate: true } : {}),
      ...(values.strict ? { strict: true } : {}),
    });
    if (transcriptFile) transcript = MatchTranscriptWriter.create(transcriptFile, matchTranscriptHeader(tools.ownArgv, replay.settings, botInfos));
    // The notes come with the first game's comparison, which a reader looks at first.
    let notesShown = false;
    const showNotes = (): void => {
      if (!notesShown) process.stdout.write(formatMatchReplayNotes(replay.notes));
      notesShown = true;
    };
    const summary = await replay.run(recordedGames, (game, line) => {
      showNotes();
      process.stdout.write(formatGameReplay(game, header));
      transcript?.writeGame(line);
    });
    showNotes();
    process.stdout.write(formatMatchReplaySummary(summary, only));
    return tools.interruptCode() || matchReplayExitCode(summary);
  } finally {
    transcript?.close();
    await reader.close();
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** "games 1, 2, 5" — or the first few and how many more. */
function gameNumbers(indexes: readonly number[]): string {
  const numbers = [...indexes].sort((a, b) => a - b).map((i) => i + 1);
  if (numbers.length === 0) return 'no games';
  const shown = numbers.slice(0, 10).join(', ');
  return `game${numbers.length === 1 ? '' : 's'} ${shown}${numbers.length > 10 ? ` … (${numbers.length} in all)` : ''}`;
}

/** `botjury merge` of a match's shards (read and checked one at a time by cli/merge.ts): the merged report, written. */
export async function writeMergedMatch(merged: MatchReport, values: OptionValues): Promise<number> {
  await matchOutputs(values).end(merged);
  return matchExitCode(merged);
}

/** A real game's record: its moves ply by ply, and the header's seed and setup (a record's game starts there). */
/**
 * `--seed S`: a whole number is that number (a JavaChallenge2015 match's first round then plays the
 * engine's own seed S, as a scenario's `seed: S` does); any other text is a name for the games' seeds.
 */
export function seedOption(text: string | undefined): string | number | undefined {
  if (text === undefined) return undefined;
  return /^-?(0|[1-9][0-9]{0,15})$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

/** Scripted moves per seat, as moves are written in a scenario. */
const MAX_SCRIPT_MOVES = 100_000;
const MAX_SCRIPT_MOVE_CHARS = 4096;

/**
 * `--script SEAT=FILE`: the moves of a seat no bot takes, one per line (blank lines and # comments
 * left out), used in order in every game where that seat has no bot; then its built-in player moves.
 * The game checks each move as it is played (an illegal one is the script's mistake: exit 2).
 */
function readScripts(game: GameDefinition, specs: readonly string[], cwd: string): Record<string, string[]> {
  const scripts: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const seat = eq > 0 ? spec.slice(0, eq) : '';
    const file = spec.slice(eq + 1);
    if (eq <= 0 || !file) throw new CommandLineError(`--script ${printable(spec, 80)}: write SEAT=FILE, e.g. --script black=moves.txt`);
    if (!game.roles.includes(seat)) throw new CommandLineError(`--script: ${game.id} has the seats ${game.roles.join(', ')}, not '${printable(seat, 40)}'`);
    if (Object.hasOwn(scripts, seat)) throw new CommandLineError(`--script: seat ${seat} has two scripts`);
    const text = readBoundedFile(path.resolve(cwd, file), FILE_CAPS.record, '--script', file);
    const moves = text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    if (moves.length > MAX_SCRIPT_MOVES) throw new HarnessError(`--script ${file}: more than ${MAX_SCRIPT_MOVES} moves`);
    const long = moves.findIndex((m) => m.length > MAX_SCRIPT_MOVE_CHARS);
    if (long >= 0) throw new HarnessError(`--script ${file}: move ${long + 1} is longer than ${MAX_SCRIPT_MOVE_CHARS} characters`);
    scripts[seat] = moves;
  }
  return scripts;
}

async function readRecord(game: GameDefinition, abs: string, shown: string): Promise<{ moves: string[]; seed?: unknown; setup?: unknown }> {
  let parsed;
  try {
    parsed = parseRecord(game, readBoundedFile(abs, FILE_CAPS.record, '--record', shown));
    // A record of this game: every move the rules accept, up to a last one the jury may have ruled
    // illegal (what `import` checks). Anything else is not a game to re-run.
    await importRecord(game, parsed, { role: game.roles[0]!, source: shown, scenarioDir: path.dirname(abs) });
  } catch (e) {
    if (e instanceof RecordError) throw new HarnessError(`--record ${shown}: ${e.message}`);
    throw e;
  }
  if (parsed.moves.length === 0) throw new HarnessError(`--record ${shown}: no moves in it`);
  const moves = parsed.moves.map((m) => (Array.isArray(m.value) ? m.value.join(' ') : String(m.value)));
  return { moves, ...(parsed.header.seed !== undefined ? { seed: parsed.header.seed } : {}), ...(parsed.header.setup !== undefined ? { setup: parsed.header.setup } : {}) };
}

function sprtOption(text: string, bots: number) {
  if (bots !== 2) throw new CommandLineError('--sprt compares two bots; give exactly two');
  try {
    return parseSprt(text);
  } catch (e) {
    throw new CommandLineError((e as Error).message);
  }
}

export function readSetup(game: GameDefinition, abs: string, shown: string): Record<string, unknown> {
  let setup: unknown;
  try {
    setup = yaml().parse(readBoundedFile(abs, FILE_CAPS.scenario, '--setup', shown), { maxAliasCount: 100 });
  } catch (e) {
    if (e instanceof FileError) throw e;
    throw new HarnessError(`--setup ${shown}: not YAML (${(e as Error).message.split('\n')[0]})`);
  }
  // A file with `setup:` at the top, or the setup object itself.
  const inner = setup && typeof setup === 'object' && !Array.isArray(setup) && 'setup' in setup ? (setup as { setup: unknown }).setup : setup;
  const problems = scenarioDataProblems({ game: game.id, setup: inner });
  if (problems.length > 0) throw new HarnessError(`--setup ${shown}: ${problems.join('; ')}`);
  return inner as Record<string, unknown>;
}

/** The match's reporters: console (a line per game, the table), json (the match report), and junit/tap/html of the seats' runs. */
function matchOutputs(values: OptionValues): { wantsSnapshots: boolean; gameEnd(g: MatchGame, names: string[], planned: number): void; end(report: MatchReport): Promise<void> } {
  const outs = reporterTargets(values.reporter ?? ['console'], values.output, ['console', 'json', 'junit', 'tap', 'html', 'github']);
  const consoles = outs.filter((o) => o.name === 'console');
  return {
    wantsSnapshots: outs.some((o) => o.name === 'html'),
    gameEnd(g, names, planned) {
      for (const c of consoles) c.out.write(`${gameLine(g, names, planned)}\n`);
    },
    async end(report) {
      for (const { name, out, summaryFile } of outs) await writeMatch(name, out, report, summaryFile);
    },
  };
}

async function writeMatch(name: string, out: Output, report: MatchReport, summaryFile?: string): Promise<void> {
  if (name === 'github') {
    // The standings on the job summary; annotations without a file (a seat is no scenario file).
    await writeGithub(matchAsRunReport(report), { annotations: out, ...(summaryFile !== undefined ? { summaryFile } : {}) }, { preface: standingsMarkdown(report), rerunnable: false, botOf: seatBots(report.games, report.standings), ...(report.shard ? { shard: report.shard } : {}) });
    return;
  }
  if (name === 'console') {
    const jury = juryTimeLine(report.games);
    out.write(`${matchSummary(report)}${jury ? `  ${jury}\n` : ''}`);
  }
  // The snapshots the HTML replay needs stay out of the JSON (the transcript has the game).
  // Indented for reading; a large match (its detail already bounded) as compact JSON, a third of the
  // size, so its shards stay within what `merge` reads.
  else if (name === 'json') {
    // A replacer is called for every value (a merged report may hold millions of reply times): only
    // where there are snapshots to leave out.
    const snapshots = report.games.some((g) => g.seats.some((s) => s.run?.snapshots));
    out.write(JSON.stringify(report, snapshots ? (key, value: unknown) => (key === 'snapshots' ? undefined : value) : undefined, report.compactedGames ? undefined : 2));
    out.write('\n');
  }
  else if (name === 'html') {
    // Every seat of every game replayed, under the match's table.
    out.write(htmlPage(matchAsRunReport(report), undefined, standingsHtml(report), { resultOf: seatResults(report), botOf: seatBots(report.games, report.standings) }));
  } else {
    const reporter = REPORTERS[name]!(out);
    const run = matchAsRunReport(report);
    reporter.onRunStart?.({ tool: run.tool, bot: run.bot, total: run.results.length, jobs: 1 });
    for (const [i, r] of run.results.entries()) reporter.onScenarioEnd?.(r, i, run.results.length);
    await reporter.onRunEnd?.(run);
    return;
  }
  await out.close();
}
