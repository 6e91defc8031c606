// The `botjury` command. Exit codes: 0 all passed, 1 the bot violated something, 2 the harness could
// not do its job (usage, invalid scenario, missing executable, internal error) — never blamed on the bot.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HarnessError, killAllBotsSync, resolveCommand } from './core/bot-process.js';
import { SCENARIO_DIR } from './core/paths.js';
import { defaultJobs, exitCodeFor, planTasks, runTasks, shardTasks, type Reporter } from './core/runner.js';
import { displayPath, expandScenarioPaths, formatProblem, loadScenario, ScenarioFileError } from './core/scenario.js';
import { VERSION } from './core/version.js';
import { GAMES } from './games/registry.js';
import { fuzz } from './tools/fuzz.js';
import { importRecord, parseRecord, RecordError } from './tools/import.js';
import { formatComparisons, replay, replayExitCode } from './tools/replay.js';
import { scenarioYaml } from './tools/scenario-text.js';
import { botInfo, readTranscript, TranscriptRecorder } from './tools/transcript.js';
import { commandHelp, globalHelp } from './cli/help.js';
import { listGame } from './cli/list.js';
import { checkProfile, checkRole, findGame, known } from './cli/lookup.js';
import { checkOptionsFit, COMMAND_NAMES, CommandLineError, parseCommandLine, type CommandName, type OptionValues } from './cli/options.js';
import { selectTasks } from './cli/select.js';
import { REPORTERS, type ReporterContext } from '../reporters/index.js';
import { fileOutput, streamOutput, type Output } from '../reporters/output.js';

/** A usage mistake: exit 2 with one line and a pointer to the command's help. */
class UsageError extends CommandLineError {}


export async function main(argv: string[]): Promise<number> {
  installInterruptHandlers();
  try {
    return await dispatch(argv);
  } catch (e) {
    if (e instanceof ScenarioFileError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    if (e instanceof CommandLineError || e instanceof HarnessError) {
      process.stderr.write(`botjury: ${e.message}\n`);
      if (e instanceof CommandLineError) {
        const command = commandIn(argv);
        process.stderr.write(`run 'botjury ${command ? `${command} ` : ''}--help' for usage\n`);
      }
      return 2;
    }
    process.stderr.write(`botjury: internal error: ${(e as Error).message}\n`);
    if (process.env.BOTJURY_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return 2;
  } finally {
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
        const suite = path.join(SCENARIO_DIR, game.id);
        if (!existsSync(suite)) throw new HarnessError(`no built-in suite for ${game.id} (${suite})`);
        inputs = [suite];
        gameFilter = game.id;
      } else {
        if (rest.length === 0) throw new UsageError('run needs scenario files or folders before --');
        inputs = rest;
      }
      const profile = values.profile;
      if (profile !== undefined && gameFilter) checkProfile(findGame(GAMES, gameFilter), profile);
      const memoryMb = values['memory-mb'] !== undefined ? positiveNumber('--memory-mb', values['memory-mb']) : undefined;
      const jobs = values.jobs !== undefined && values.jobs !== 'auto' ? positiveInt('--jobs', values.jobs) : defaultJobs();
      const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
      let botCwd: string | undefined;
      if (values.cwd !== undefined) {
        botCwd = path.resolve(cwd, values.cwd);
        if (!existsSync(botCwd) || !statSync(botCwd).isDirectory()) throw new UsageError(`--cwd ${values.cwd}: no such folder`);
      }
      if (values.role !== undefined && gameFilter) checkRole(findGame(GAMES, gameFilter), values.role as string);
      const planned = planTasks(inputs, GAMES, { cwd, ...(values.role !== undefined ? { role: values.role as string } : {}), ...(gameFilter ? { game: gameFilter } : {}) });
      if (profile !== undefined)
        for (const t of planned) checkProfile(findGame(GAMES, t.scenario.game), profile);
      if (planned.length === 0) throw new UsageError('no scenario to run (check --role and the paths)');
      const tasks = selectTasks(planned, (values.grep as string[] | undefined) ?? []);
      const reporters = makeReporters((values.reporter as string[] | undefined) ?? ['console'], values.output as string | undefined, { rerunFlags: rerunFlags(values) });
      const settings = { ...(memoryMb !== undefined ? { memoryMb } : {}), ...(values.strict ? { strict: true } : {}) };
      const recorder = values.transcript !== undefined ? new TranscriptRecorder(settings) : undefined;
      // Digest the bot before it runs: the transcript names what was actually judged.
      const bot = recorder ? botInfo(botArgv, cwd) : undefined;
      const report = await runTasks(tasks, GAMES, {
        bot: { argv: botArgv },
        invokedFrom: cwd,
        reporters,
        version: VERSION,
        jobs,
        ...(shard ? { shard } : {}),
        ...(profile !== undefined ? { profile } : {}),
        ...(memoryMb !== undefined ? { memoryMb } : {}),
        ...(values.strict ? { strict: true } : {}),
        ...(values.bail ? { bail: true } : {}),
        ...(botCwd ? { cwd: botCwd } : {}),
        ...(recorder ? { gameFor: recorder.gameFor } : {}),
      });
      if (recorder) recorder.write(values.transcript!, own, bot!, shardTasks(tasks, shard), report);
      for (const r of report.results) if (r.status === 'error') process.stderr.write(`botjury: ${r.scenario} [${r.role}]: ${r.error}\n`);
      return exitCodeFor(report);
    }
    case 'replay':
      return replayCommand(rest, botArgv, values, own, cwd);
    case 'import':
      return importCommand(rest, values, cwd);
    case 'fuzz':
      return fuzzCommand(rest, botArgv, values, cwd);
  }
}

type Values = OptionValues;

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
  if (values.strict) flags.push('--strict');
  return flags;
}

async function replayCommand(rest: string[], botArgv: string[], values: Values, own: string[], cwd: string): Promise<number> {
  const [file, ...extra] = rest;
  if (!file) throw new UsageError('replay needs a transcript file (written by run or check with --transcript FILE)');
  if (extra.length) throw new UsageError(`unexpected arguments before --: ${extra.join(' ')} (the bot command goes after --)`);
  const data = readTranscript(path.resolve(cwd, file));
  // Without a bot command, the recorded one, started from where it was recorded.
  const argv = botArgv.length > 0 ? botArgv : data.bot.command;
  const invokedFrom = botArgv.length > 0 ? cwd : data.bot.invokedFrom;
  const reporters = makeReporters((values.reporter as string[] | undefined) ?? ['console'], values.output as string | undefined);
  const memoryMb = values['memory-mb'] !== undefined ? positiveNumber('--memory-mb', values['memory-mb'] as string) : undefined;
  const jobs = values.jobs !== undefined ? (values.jobs === 'auto' ? defaultJobs() : positiveInt('--jobs', values.jobs as string)) : 1;
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
    ...(values.transcript !== undefined ? { transcriptOut: { file: values.transcript as string, argv: own } } : {}),
  });
  // The comparison goes where a person reads: stdout, unless a machine-readable report is there.
  const machineOnStdout = ((values.reporter as string[] | undefined) ?? ['console']).some((r) => !r.includes('=') && r !== 'console') && values.output === undefined;
  (machineOnStdout ? process.stderr : process.stdout).write(formatComparisons(result));
  for (const r of result.report.results) if (r.status === 'error') process.stderr.write(`botjury: ${r.scenario} [${r.role}]: ${r.error}\n`);
  return replayExitCode(result);
}

function importCommand(rest: string[], values: Values, cwd: string): number {
  const [gameId, recordFile, ...extra] = rest;
  if (!gameId || !recordFile) throw new UsageError('import needs a game and a record file: botjury import alquerque game.txt [--role white] [--output game.yaml]');
  if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const game = findGame(GAMES, gameId);
  if (values.role !== undefined) checkRole(game, values.role as string);
  let text: string;
  try {
    text = readFileSync(path.resolve(cwd, recordFile), 'utf8');
  } catch (e) {
    throw new HarnessError(`cannot read the record ${recordFile}: ${(e as Error).message}`);
  }
  const output = values.output as string | undefined;
  const scenarioDir = output ? path.dirname(path.resolve(cwd, output)) : cwd;
  let imported;
  try {
    imported = importRecord(game, parseRecord(game, text), {
      source: recordFile, scenarioDir,
      ...(values.role !== undefined ? { role: values.role as string } : {}),
      ...(values.exact ? { exact: true } : {}),
    });
  } catch (e) {
    if (e instanceof RecordError) throw new HarnessError(`${recordFile}: ${e.message}`);
    throw e;
  }
  const yaml = scenarioYaml(imported.scenario, scenarioDir, [`Imported by: botjury import ${game.id} ${path.basename(recordFile)}${values.role !== undefined ? ` --role ${values.role as string}` : ''}${values.exact ? ' --exact' : ''}`]);
  // What is written must load like any scenario file.
  checkScenarioText(yaml, output ? path.basename(output) : 'imported.yaml');
  if (output) {
    mkdirSync(scenarioDir, { recursive: true });
    writeFileSync(path.resolve(cwd, output), yaml);
  } else process.stdout.write(yaml);
  const v = imported.verdict;
  process.stderr.write(`imported ${imported.plies.opponent + imported.plies.bot} plies (${imported.plies.opponent} scripted opponent moves, ${imported.plies.bot} bot answers) as ${imported.scenario.role}${output ? ` into ${output}` : ''}\n`);
  if (v) process.stderr.write(`botjury's verdict on the recorded move: ${v.violation.code} at ply ${v.ply} (${v.label}): ${v.violation.message}\n`);
  for (const note of imported.notes) process.stderr.write(`note: ${note}\n`);
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
  const count = positiveInt('--games', values.games as string);
  const seedText = values.seed as string;
  const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
  const memoryMb = values['memory-mb'] !== undefined ? positiveNumber('--memory-mb', values['memory-mb'] as string) : undefined;
  resolveCommand(botArgv, cwd); // a missing executable is the harness's fault, before anything runs
  const result = await fuzz({
    game, games: GAMES, count, seed, saveDir: path.resolve(cwd, values['save-dir'] as string),
    bot: { argv: botArgv }, invokedFrom: cwd,
    ...(values.role !== undefined ? { role: values.role as string } : {}),
    ...(profile !== undefined ? { profile } : {}),
    ...(memoryMb !== undefined ? { memoryMb } : {}),
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

function existingDir(cwd: string, dir: string): string {
  const abs = path.resolve(cwd, dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`--cwd ${dir}: no such folder`);
  return abs;
}

function list(): number {
  const lines: string[] = [];
  for (const g of GAMES) {
    const suite = path.join(SCENARIO_DIR, g.id);
    let count = 0;
    try {
      count = expandScenarioPaths([suite], process.cwd()).length;
    } catch {
      count = 0;
    }
    lines.push(`${g.id} — ${g.title}`);
    lines.push(`  roles:    ${g.roles.join(', ')}`);
    for (const [name, p] of Object.entries(g.profiles))
      lines.push(`  profile:  ${name}${name === g.defaultProfile ? ' (default)' : ''} — ${p.description}`);
    lines.push(`  suite:    scenarios/${g.id}/ (${count} scenario${count === 1 ? '' : 's'})`);
    lines.push(`  rules:    ${g.ruleText}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function validate(inputs: string[], cwd: string): number {
  if (inputs.length === 0) throw new UsageError('validate needs scenario files or folders');
  const files = expandScenarioPaths(inputs, cwd);
  let bad = 0;
  for (const file of files) {
    try {
      loadScenario(file, cwd, GAMES);
    } catch (e) {
      if (!(e instanceof ScenarioFileError)) throw e;
      bad++;
      for (const p of e.problems) process.stdout.write(`${formatProblem(p)}\n`);
    }
  }
  process.stderr.write(`${files.length - bad} of ${files.length} scenario file${files.length === 1 ? '' : 's'} valid\n`);
  return bad > 0 ? 2 : 0;
}

function makeReporters(specs: string[], output: string | undefined, context: ReporterContext = {}): Reporter[] {
  const parsed = specs.map((spec) => {
    const eq = spec.indexOf('=');
    const name = eq < 0 ? spec : spec.slice(0, eq);
    const file = eq < 0 ? undefined : spec.slice(eq + 1);
    known('reporter', name, Object.keys(REPORTERS));
    return { name, file };
  });
  if (output !== undefined) {
    const target = [...parsed].reverse().find((p) => p.file === undefined);
    if (!target) throw new UsageError('--output: every reporter already has its own =FILE');
    target.file = output;
  }
  const toStdout = parsed.filter((p) => p.file === undefined);
  return parsed.map((p) => {
    let out: Output;
    if (p.file !== undefined) out = fileOutput(p.file);
    // One stdout: when a machine-readable report goes there, the console moves to stderr.
    else if (p.name === 'console' && toStdout.length > 1) out = streamOutput(process.stderr);
    else if (toStdout.filter((q) => q.name !== 'console').length > 1) throw new UsageError('only one reporter can write to stdout; give the others =FILE');
    else out = streamOutput(process.stdout);
    return REPORTERS[p.name]!(out, context);
  });
}

function positiveInt(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} needs a positive whole number, not '${v}'`);
  return n;
}

function positiveNumber(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} needs a positive number, not '${v}'`);
  return n;
}

function parseShard(v: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard needs K/N with 1 <= K <= N, not '${v}'`);
  return { index, count };
}

let handlersInstalled = false;
function installInterruptHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Nothing a bot started may outlive botjury, also when botjury itself is interrupted.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.on(signal, () => {
      killAllBotsSync();
      process.stderr.write(`\nbotjury: interrupted (${signal}); all bot processes ended\n`);
      process.exit(code);
    });
  }
  process.on('exit', () => killAllBotsSync());
}
