// The `botjury` command. Exit codes: 0 all passed, 1 the bot violated something, 2 the harness could
// not do its job (usage, invalid scenario, missing executable, internal error) — never blamed on the bot.
import { closeIdleReferees } from './games/process-referee.js';
import { afterwardsDone } from './core/afterwards.js';
import { BotCgroup } from './core/containment.js';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectBotSpawnsUntilRun, HarnessError, killAllBotsSync, resolveCommand } from './core/bot-process.js';
import { isolationProblem } from './core/isolation.js';
import { dryRunProblems } from './core/dry-run.js';
import { allowReadingUnder, FILE_CAPS, FileError, prepareOutputFile, prepareOutputFolder, readBoundedFile, readFilePrefix } from './core/files.js';
import { SCENARIO_DIR } from './core/paths.js';
import { printable } from './core/printable.js';
import { defaultJobs, exitCodeFor, planTasks, runReportOfFault, runTasks, shardTasks, type Reporter, type RunReport } from './core/runner.js';
import { displayPath, expandScenarioPaths, formatProblem, loadScenario, ScenarioFileError, type ScenarioProblem } from './core/scenario.js';
import { writeProblemAnnotations } from '../reporters/github.js';
import { streamOutput } from '../reporters/output.js';
import { VERSION } from './core/version.js';
import { GAME_SOURCES, GAMES, GameModuleError, loadGameModule } from './games/registry.js';
// What only some commands need (match, tournament, merge, replay, import, fuzz, conform, new-game,
// transcripts) is imported by those commands: every botjury start loaded all of it (~40 % of the
// modules), and `check`/`run` start thousands of times in a bot's CI and in botjury's own tests.
import type { CliTools } from './cli/match.js';
import { commandHelp, globalHelp } from './cli/help.js';
import { listGame, listGames } from './cli/list.js';
import { checkProfile, checkRole, findGame, known } from './cli/lookup.js';
import { checkOptionsFit, COMMAND_NAMES, CommandLineError, parseCommandLine, type CommandName, type OptionValues } from './cli/options.js';
import { selectTasks } from './cli/select.js';
import { reporterTargets } from './cli/reporter-targets.js';
import { REPORTERS, type ReporterContext } from '../reporters/index.js';

/** A usage mistake: exit 2 with one line and a pointer to the command's help. */
class UsageError extends CommandLineError {}


export async function main(argv: string[]): Promise<number> {
  installInterruptHandlers();
  try {
    return await dispatch(argv);
  } catch (e) {
    if (e instanceof ScenarioFileError) {
      process.stderr.write(`${terminalText(e.message)}\n`);
      return 2;
    }
    if (e instanceof CommandLineError || e instanceof HarnessError || e instanceof FileError || e instanceof GameModuleError) {
      process.stderr.write(`botjury: ${terminalText(e.message)}\n`);
      if (e instanceof CommandLineError) {
        const command = commandIn(argv);
        process.stderr.write(`run 'botjury ${command ? `${command} ` : ''}--help' for usage\n`);
      }
      return 2;
    }
    process.stderr.write(`botjury: internal error: ${terminalText((e as Error).message)}\n`);
    if (process.env.BOTJURY_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return 2;
  } finally {
    await closeIdleReferees(); // the referees kept for a next game (refereeReuse): there is none
    BotCgroup.endInterimHold(); // a command that stopped before its run: botjury goes home
    await afterwardsDone(); // the bots' folders and cgroups, removed after their games
    killAllBotsSync();
  }
}

async function dispatch(argv: string[]): Promise<number> {
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const botArgv = dash < 0 ? [] : argv.slice(dash + 1);
  const parsed = parseCommandLine(own);
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const [commandText, ...rest] = positionals;
  if (!commandText) {
    (values.help ? process.stdout : process.stderr).write(`${globalHelp()}\n`);
    return values.help ? 0 : 2;
  }
  const command = known('command', commandText, COMMAND_NAMES);
  if (values.help || command === 'help') return help(command === 'help' ? rest[0] : command);
  const cwd = process.cwd();
  checkOptionsFit(command, values);
  // Both --isolate and --no-isolate: the command says "give one" (a usage mistake before what the machine lacks).
  if (values.isolate && !values['no-isolate']) {
    const problem = isolationProblem(); // before anything runs: exit 2 with the reason and the fix
    if (problem) throw new HarnessError(problem);
  }
  allowReadingUnder((values['allow-path'] ?? []).map((dir: string) => existingDir(cwd, dir, '--allow-path')));
  const modules = ((values['game-module'] as string[] | undefined) ?? []).map((spec) => loadGameModule(spec, cwd));
  switch (command) {
    case 'list':
      if (rest.length > 1) throw new UsageError(`unexpected arguments: ${rest.slice(1).join(' ')}`);
      if (rest[0] !== undefined) {
        process.stdout.write(listGame(findGame(GAMES, rest[0]), GAMES, cwd));
        return 0;
      }
      return list();
    case 'validate':
      return validate(rest, cwd);
    case 'check':
    case 'run': {
      if (botArgv.length === 0) throw new UsageError(`${command} needs the bot command after --, e.g. botjury ${command} ${command === 'check' ? 'alquerque' : 'my.yaml'} -- python3 bot.py`);
      let inputs: string[];
      let gameFilter: string | undefined;
      if (command === 'check') {
        const [gameId, ...extra] = rest;
        if (!gameId) throw new UsageError(`check needs a game: ${GAMES.map((g) => g.id).join(', ')}`);
        if (extra.length) throw new UsageError(`unexpected arguments before --: ${extra.join(' ')} (the bot command goes after --)`);
        const game = findGame(GAMES, gameId);
        const suite = game.suiteDir ?? path.join(SCENARIO_DIR, game.id);
        if (!existsSync(suite)) throw new HarnessError(`no suite for ${game.id} (${suite})`);
        inputs = [suite];
        gameFilter = game.id;
      } else {
        if (rest.length === 0) throw new UsageError('run needs scenario files or folders before --');
        inputs = rest;
      }
      const profile = values.profile;
      if (profile !== undefined && gameFilter) checkProfile(findGame(GAMES, gameFilter), profile);
      const memoryMb = memoryOption(values);
      const botCwd = values.cwd !== undefined ? existingDir(cwd, values.cwd) : undefined;
      const jobs = jobsOption(values, defaultJobs());
      const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
      if (values.role !== undefined && gameFilter) checkRole(findGame(GAMES, gameFilter), values.role as string);
      // The games this run will likely play start what is slow to start (a referee program) now, while the
      // scenarios are read; and botjury moves into the first bot's cgroup (the kernel may take 20 ms).
      expectBotSpawnsUntilRun();
      await Promise.all((gameFilter ? [findGame(GAMES, gameFilter)] : modules).map((game) => game.warmUp?.()));
      const planned = await planTasks(inputs, GAMES, { cwd, ...(values.role !== undefined ? { role: values.role as string } : {}), ...(gameFilter ? { game: gameFilter } : {}) });
      if (profile !== undefined)
        for (const t of planned) checkProfile(findGame(GAMES, t.scenario.game), profile);
      if (planned.length === 0) throw new UsageError('no scenario to run (check --role and the paths)');
      const tasks = selectTasks(planned, (values.grep as string[] | undefined) ?? []);
      if (values.transcript !== undefined) prepareOutputFile(path.resolve(cwd, values.transcript), '--transcript');
      const reporters = makeReporters((values.reporter as string[] | undefined) ?? ['console'], values.output as string | undefined, { rerunFlags: rerunFlags(values) });
      const settings = { ...(memoryMb !== undefined ? { memoryMb } : {}), ...(values.strict ? { strict: true } : {}) };
      const transcripts = values.transcript !== undefined ? await import('./tools/transcript.js') : undefined;
      const recorder = transcripts ? new transcripts.TranscriptRecorder(settings) : undefined;
      // Digest the bot before it runs: the transcript names what was actually judged.
      const bot = transcripts ? transcripts.botInfo(botArgv, cwd) : undefined;
      const runAll = (): Promise<RunReport> => runTasks(tasks, GAMES, {
        signal: interruptibleRun(),
        bot: { argv: botArgv },
        invokedFrom: cwd,
        reporters,
        version: VERSION,
        jobs,
        ...(shard ? { shard } : {}),
        ...(profile !== undefined ? { profile } : {}),
        ...(memoryMb !== undefined ? { memoryMb } : {}),
        ...(values.isolate ? { isolate: true } : {}),
        ...(values.strict ? { strict: true } : {}),
        ...(values.bail ? { bail: true } : {}),
        ...(botCwd ? { cwd: botCwd } : {}),
        ...(recorder ? { gameFor: recorder.gameFor } : {}),
      });
      let report: RunReport;
      try {
        report = await runAll();
      } catch (e) {
        // A referee's fault ends the run (exit 2): the runs that finished are recorded all the same.
        const finished = runReportOfFault(e);
        if (recorder && finished) recorder.write(values.transcript!, own, bot!, shardTasks(tasks, shard), finished);
        throw e;
      }
      if (recorder) recorder.write(values.transcript!, own, bot!, shardTasks(tasks, shard), report);
      for (const r of report.results) if (r.status === 'error') process.stderr.write(`botjury: ${r.scenario} [${r.role}]: ${terminalText(r.error ?? '')}\n`);
      if (report.interrupted) return interruption!.code;
      return exitCodeFor(report);
    }
    case 'replay':
      return replayCommand(rest, botArgv, values, own, cwd);
    case 'import':
      return importCommand(rest, values, cwd);
    case 'fuzz':
      return fuzzCommand(rest, botArgv, values, cwd);
    case 'match':
      return (await import('./cli/match.js')).matchCommand(rest, botArgv, values, cwd, cliTools(own));
    case 'tournament':
      return (await import('./cli/tournament.js')).tournamentCommand(rest, botArgv, values, cwd, cliTools(own));
    case 'merge':
      return (await import('./cli/merge.js')).mergeCommand(rest, values, cwd);
    case 'conform': {
      if (rest.length !== 1) throw new UsageError('conform needs one game, e.g. botjury conform nim --game-module ./index.js -- python3 bot.py');
      if (botArgv.length === 0) throw new UsageError('conform needs a deterministic bot command after --');
      const game = findGame(GAMES, rest[0]!);
      resolveCommand(botArgv, cwd);
      const { conform, formatChecks } = await import('./cli/conform.js');
      const checks = await conform(game, GAMES, botArgv, cwd, VERSION);
      process.stdout.write(formatChecks(game.id, checks));
      return checks.every((c) => c.ok) ? 0 : 1;
    }
    case 'new-game': {
      if (rest.length !== 1) throw new UsageError('new-game needs one game id, e.g. botjury new-game take-away');
      const { NewGameError, writeGameSkeleton } = await import('./tools/new-game.js');
      try {
        const taken = new Map(GAMES.map((g) => [g.id, GAME_SOURCES.has(g.id) ? `loaded from ${displayPath(GAME_SOURCES.get(g.id)!, cwd)}` : 'a built-in game']));
        const { folder, files } = writeGameSkeleton(rest[0]!, values.output !== undefined ? existingDir(cwd, values.output, '--output') : cwd, taken);
        process.stdout.write(`wrote ${files.length} files into ${displayPath(folder, cwd)}/; try:\n  npx botjury check ${rest[0]} --game-module ${displayPath(path.join(folder, 'index.js'), cwd)} -- python3 ${displayPath(path.join(folder, 'bots', 'bot.py'), cwd)}\n`);
        return 0;
      } catch (e) {
        if (e instanceof NewGameError) throw new UsageError(e.message);
        throw e;
      }
    }
  }
}

type Values = OptionValues;

/** What the match commands borrow from this command line. */
function cliTools(own: string[]): CliTools {
  return { boundedInt, parseShard, memoryOption, jobs: (v) => jobsOption(v, 1), signal: interruptibleRun, interruptCode: () => interruption?.code ?? 0, version: VERSION, ownArgv: own };
}

function help(topic: string | undefined): number {
  process.stdout.write(`${topic === undefined ? globalHelp() : commandHelp(known('command', topic, COMMAND_NAMES))}\n`);
  return 0;
}

/** The command named in argv (before `--`), for pointing a usage error at its help. */
function commandIn(argv: string[]): CommandName | undefined {
  const dash = argv.indexOf('--');
  return (dash < 0 ? argv : argv.slice(0, dash)).find((a): a is CommandName => (COMMAND_NAMES as readonly string[]).includes(a));
}

/** Options a re-run of one scenario must repeat to be the same run (for the console's recap). */
function rerunFlags(values: Values): string[] {
  const flags: string[] = [];
  for (const name of ['profile', 'memory-mb', 'cwd'] as const) if (typeof values[name] === 'string') flags.push(`--${name}`, values[name] as string);
  for (const spec of values['game-module'] ?? []) flags.push('--game-module', spec);
  if (values.strict) flags.push('--strict');
  if (values.isolate) flags.push('--isolate');
  return flags;
}

async function replayCommand(rest: string[], botArgv: string[], values: Values, own: string[], cwd: string): Promise<number> {
  const [file, ...extra] = rest;
  if (!file) throw new UsageError('replay needs a transcript file (written by run, check or match with --transcript FILE)');
  if (extra.length) throw new UsageError(`unexpected arguments before --: ${extra.join(' ')} (the bot command goes after --)`);
  const abs = path.resolve(cwd, file);
  const { MATCH_TRANSCRIPT_SNIFF_BYTES, startsAsMatchTranscript } = await import('./tools/match-transcript.js');
  const { loadTranscript } = await import('./tools/transcript.js');
  const { formatComparisons, replay, replayExitCode } = await import('./tools/replay.js');
  // A match transcript is JSON Lines, told by its first line and read a line at a time; a single bot's
  // transcript is one JSON document.
  if (startsAsMatchTranscript(readFilePrefix(abs, MATCH_TRANSCRIPT_SNIFF_BYTES, 'transcript'))) return (await import('./cli/match.js')).replayMatchCommand(file, abs, botArgv, values, cwd, cliTools(own));
  // Anything else must start as a transcript does ({"format": "botjury-transcript", …): told from its
  // first bytes, then read a run at a time, each checked against the schema as it is read.
  const data = loadTranscript(abs, file);
  if (values.game !== undefined) throw new UsageError(`--game picks a game of a match transcript; ${terminalText(file, 200)} is not one`);
  // A transcript is a file from anywhere: its command runs only when the user says so, and is shown first.
  if (botArgv.length === 0 && !values['trust-transcript-command'])
    throw new UsageError(`replay runs the bot you give after --: botjury replay ${file} -- <bot command> (the transcript names ${terminalText(JSON.stringify(data.bot.command), 200)}; to run exactly that, add --trust-transcript-command)`);
  if (botArgv.length > 0 && values['trust-transcript-command']) throw new UsageError('--trust-transcript-command: a bot command was given after --; give one or the other');
  const argv = botArgv.length > 0 ? botArgv : data.bot.command;
  const invokedFrom = botArgv.length > 0 ? cwd : data.bot.invokedFrom;
  if (botArgv.length === 0)
    process.stderr.write(`botjury: running the transcript's command ${terminalText(JSON.stringify(argv), 500)} from ${terminalText(invokedFrom, 500)}\n`);
  const memoryMb = memoryOption(values);
  const jobs = jobsOption(values, 1);
  if (values.transcript !== undefined) prepareOutputFile(path.resolve(cwd, values.transcript as string), '--transcript');
  const reporters = makeReporters((values.reporter as string[] | undefined) ?? ['console'], values.output as string | undefined);
  const result = await replay(data, GAMES, {
    bot: { argv },
    invokedFrom,
    reporters,
    version: VERSION,
    jobs,
    transcriptPath: file,
    ...(values.cwd !== undefined ? { cwd: existingDir(cwd, values.cwd as string) } : {}),
    ...(values.strict ? { strict: true } : {}),
    ...(memoryMb !== undefined ? { memoryMb } : {}),
    ...(values.isolate ? { isolate: true } : {}),
    ...(values.transcript !== undefined ? { transcriptOut: { file: values.transcript as string, argv: own } } : {}),
  });
  // The comparison goes where a person reads: stdout, unless a machine-readable report is there.
  const machineOnStdout = ((values.reporter as string[] | undefined) ?? ['console']).some((r) => !r.includes('=') && r !== 'console' && r !== 'github') && values.output === undefined;
  (machineOnStdout ? process.stderr : process.stdout).write(formatComparisons(result));
  for (const r of result.report.results) if (r.status === 'error') process.stderr.write(`botjury: ${r.scenario} [${r.role}]: ${terminalText(r.error ?? '')}\n`);
  return replayExitCode(result);
}

/** A record is a game page or a move list: far below this; anything larger is not a record. */
const MAX_RECORD_BYTES = 4 * 1024 * 1024;

/** The record file's text, or stdin's for `-`, bounded in size. */
async function readRecord(recordFile: string, cwd: string): Promise<string> {
  const tooLarge = (where: string) => new HarnessError(`${where} is larger than ${MAX_RECORD_BYTES / 1024 / 1024} MB: not a game record`);
  if (recordFile !== '-') return readBoundedFile(path.resolve(cwd, recordFile), FILE_CAPS.record, 'record', recordFile);
  if (process.stdin.isTTY) process.stderr.write('botjury: reading the record from stdin (end it with Ctrl-D)\n');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_RECORD_BYTES) throw tooLarge('the record on stdin');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function importCommand(rest: string[], values: Values, cwd: string): Promise<number> {
  const [gameId, recordFile, ...extra] = rest;
  if (!gameId || !recordFile) throw new UsageError('import needs a game and a record file (- for stdin): botjury import alquerque game.txt [--role white] [--output game.yaml]');
  if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const game = findGame(GAMES, gameId);
  if (values.role !== undefined) checkRole(game, values.role as string);
  const text = await readRecord(recordFile, cwd);
  const recordName = recordFile === '-' ? 'stdin' : recordFile;
  const output = values.output as string | undefined;
  if (output !== undefined) prepareOutputFile(path.resolve(cwd, output), '--output');
  const scenarioDir = output ? path.dirname(path.resolve(cwd, output)) : cwd;
  const { importRecord, parseRecord, RecordError } = await import('./tools/import.js');
  const { scenarioYaml } = await import('./tools/scenario-text.js');
  let imported;
  try {
    imported = await importRecord(game, parseRecord(game, text), {
      source: recordName, scenarioDir,
      ...(values.role !== undefined ? { role: values.role as string } : {}),
      ...(values.exact ? { exact: true } : {}),
    });
  } catch (e) {
    if (e instanceof RecordError) throw new HarnessError(`${recordName}: ${e.message}`);
    throw e;
  }
  const yaml = scenarioYaml(imported.scenario, scenarioDir, [`Imported by: botjury import ${game.id} ${path.basename(recordFile)}${values.role !== undefined ? ` --role ${values.role as string}` : ''}${values.exact ? ' --exact' : ''}`]);
  // What is written must load like any scenario file.
  checkScenarioText(yaml, output ? path.basename(output) : 'imported.yaml');
  if (output) writeFileSync(path.resolve(cwd, output), yaml);
  else process.stdout.write(yaml);
  const v = imported.verdict;
  process.stderr.write(`imported ${imported.plies.opponent + imported.plies.bot} plies (${imported.plies.opponent} scripted opponent moves, ${imported.plies.bot} bot answers) as ${imported.scenario.role}${output ? ` into ${output}` : ''}\n`);
  if (v) process.stderr.write(`botjury's verdict on the recorded move: ${v.violation.code} at ply ${v.ply} (${v.label}): ${terminalText(v.violation.message)}\n`);
  for (const note of imported.notes) process.stderr.write(`note: ${terminalText(note)}\n`);
  return 0;
}

async function fuzzCommand(rest: string[], botArgv: string[], values: Values, cwd: string): Promise<number> {
  const [gameId, ...extra] = rest;
  if (!gameId) throw new UsageError(`fuzz needs a game: ${GAMES.map((g) => g.id).join(', ')}`);
  if (extra.length) throw new UsageError(`unexpected arguments before --: ${extra.join(' ')} (the bot command goes after --)`);
  const game = findGame(GAMES, gameId);
  if (botArgv.length === 0) throw new UsageError(`fuzz needs the bot command after --, e.g. botjury fuzz ${game.id} --games 20 --seed 1 --save-dir found -- python3 bot.py`);
  if (values.games === undefined || values.seed === undefined || values['save-dir'] === undefined)
    throw new UsageError('fuzz needs --games N, --seed S and --save-dir DIR');
  if (values.role !== undefined) checkRole(game, values.role as string);
  const profile = values.profile as string | undefined;
  if (profile !== undefined) checkProfile(game, profile);
  const count = boundedInt('--games', values.games as string, MAX_FUZZ_GAMES);
  const seedText = values.seed as string;
  if (seedText.length > 200) throw new UsageError('--seed: at most 200 characters');
  // Seeds that are safe integers are numbers (as in scenario files); anything else is a text seed.
  const seed = /^-?\d+$/.test(seedText) && Number.isSafeInteger(Number(seedText)) ? Number(seedText) : seedText;
  const memoryMb = memoryOption(values);
  resolveCommand(botArgv, cwd); // a missing executable is the harness's fault, before anything runs
  prepareOutputFolder(path.resolve(cwd, values['save-dir'] as string), '--save-dir');
  const { fuzz } = await import('./tools/fuzz.js');
  const result = await fuzz({
    game, games: GAMES, count, seed, saveDir: path.resolve(cwd, values['save-dir'] as string),
    bot: { argv: botArgv }, invokedFrom: cwd,
    ...(values.role !== undefined ? { role: values.role as string } : {}),
    ...(profile !== undefined ? { profile } : {}),
    ...(memoryMb !== undefined ? { memoryMb } : {}),
    ...(values.isolate ? { isolate: true } : {}),
    ...(values.strict ? { strict: true } : {}),
    ...(values.cwd !== undefined ? { cwd: existingDir(cwd, values.cwd as string) } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  for (const f of result.findings) process.stdout.write(`${displayPath(f.file, cwd)}\n`);
  const n = result.findings.length;
  process.stderr.write(`fuzz: ${result.games} game${result.games === 1 ? '' : 's'} (seed ${seedText}): ${n === 0 ? 'no violation found' : `${n} distinct violation${n === 1 ? '' : 's'}, one scenario each saved`}\n`);
  return n > 0 ? 1 : 0;
}

function checkScenarioText(yaml: string, name: string): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'botjury-import-'));
  try {
    const file = path.join(dir, name);
    writeFileSync(file, yaml);
    loadScenario(file, dir, GAMES);
  } catch (e) {
    if (e instanceof ScenarioFileError) throw new HarnessError(`the imported scenario does not validate (a botjury bug):\n${e.message}`);
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function existingDir(cwd: string, dir: string, flag = '--cwd'): string {
  const abs = path.resolve(cwd, dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`${flag} ${terminalText(dir, 200)}: no such folder`);
  return abs;
}

/** Bounds of numbers on the command line; larger values are typing mistakes, never limits. */
const MAX_MEMORY_MB = 65_536;
const MAX_JOBS = 256;
const MAX_FUZZ_GAMES = 1_000_000;

function memoryOption(values: Values): number | undefined {
  const v = values['memory-mb'] as string | undefined;
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v.trim()) || !(n >= 1 && n <= MAX_MEMORY_MB)) throw new UsageError(`--memory-mb needs a number of megabytes from 1 to ${MAX_MEMORY_MB}, not '${terminalText(v, 40)}'`);
  return n;
}

/**
 * --jobs (default `fallback`). With --cwd every run uses the same folder, and parallel runs would
 * overwrite each other's files there (On The Run's connect.txt): --cwd runs one at a time.
 */
function jobsOption(values: Values, fallback: number): number {
  const v = values.jobs as string | undefined;
  const jobs = v === undefined || v === 'auto' ? fallback : boundedInt('--jobs', v, MAX_JOBS);
  if (values.cwd === undefined) return jobs;
  if (v !== undefined && jobs > 1)
    throw new UsageError(`--cwd with --jobs ${jobs}: parallel runs would share ${terminalText(values.cwd as string, 200)} and overwrite each other's files; use --jobs 1, or leave out --cwd (each run then gets a fresh folder)`);
  return 1;
}

/** A message from a file or a user, safe for the terminal: control bytes escaped on every line. */
function terminalText(text: string, maxCharsPerLine = 2000): string {
  return text.split('\n').map((line) => printable(line, maxCharsPerLine)).join('\n');
}

function list(): number {
  process.stdout.write(listGames(GAMES, GAME_SOURCES, process.cwd()));
  return 0;
}

async function validate(inputs: string[], cwd: string): Promise<number> {
  if (inputs.length === 0) throw new UsageError('validate needs scenario files or folders');
  const files = expandScenarioPaths(inputs, cwd);
  let bad = 0;
  const problems: ScenarioProblem[] = [];
  for (const file of files) {
    try {
      const scenario = loadScenario(file, cwd, GAMES);
      const game = GAMES.find((g) => g.id === scenario.game)!;
      const mistakes = await dryRunProblems(scenario, game, { checkOpponent: true });
      if (mistakes.length > 0) throw new ScenarioFileError(mistakes);
    } catch (e) {
      if (!(e instanceof ScenarioFileError)) throw e;
      bad++;
      for (const p of e.problems) process.stdout.write(`${formatProblem(p)}\n`);
      problems.push(...e.problems);
    }
  }
  // Under GitHub Actions each problem is also an annotation at its line of the scenario file.
  if (process.env.GITHUB_ACTIONS === 'true') writeProblemAnnotations(problems, streamOutput(process.stdout), cwd);
  process.stderr.write(`${files.length - bad} of ${files.length} scenario file${files.length === 1 ? '' : 's'} valid\n`);
  return bad > 0 ? 2 : 0;
}

function makeReporters(specs: string[], output: string | undefined, context: ReporterContext = {}): Reporter[] {
  return reporterTargets(specs, output, Object.keys(REPORTERS)).map((t) => REPORTERS[t.name]!(t.out, { ...context, ...(t.summaryFile !== undefined ? { summaryFile: t.summaryFile } : {}) }));
}

function boundedInt(flag: string, v: string, max: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !(n >= 1 && n <= max)) throw new UsageError(`${flag} needs a whole number from 1 to ${max}, not '${terminalText(v, 40)}'`);
  return n;
}

function parseShard(v: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count || count > 10_000) throw new UsageError(`--shard needs K/N with 1 <= K <= N <= 10000, not '${terminalText(v, 40)}'`);
  return { index, count };
}

/** The run in progress that an interrupt ends gracefully, and the signal that did it. */
let interruption: { controller: AbortController; code: number } | null = null;

function interruptibleRun(): AbortSignal {
  interruption = { controller: new AbortController(), code: 0 };
  return interruption.controller.signal;
}

let handlersInstalled = false;
function installInterruptHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Nothing a bot started may outlive botjury, also when botjury itself is interrupted. During a run,
  // the first interrupt ends the bots and lets the reports of the finished runs be written (marked
  // interrupted); a second one, or one outside a run, exits at once.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.on(signal, () => {
      killAllBotsSync();
      if (interruption && !interruption.controller.signal.aborted) {
        interruption.code = code;
        interruption.controller.abort();
        process.stderr.write(`\nbotjury: interrupted (${signal}); all bot processes ended; writing the reports of the runs that finished\n`);
        return;
      }
      process.stderr.write(`\nbotjury: interrupted (${signal}); all bot processes ended\n`);
      process.exit(code);
    });
  }
  process.on('exit', () => killAllBotsSync());
}
