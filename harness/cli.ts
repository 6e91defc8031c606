// The `botjury` command. Exit codes: 0 all passed, 1 the bot violated something, 2 the harness could
// not do its job (usage, invalid scenario, missing executable, internal error) — never blamed on the bot.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HarnessError, killAllBotsSync, resolveCommand } from './core/bot-process.js';
import { SCENARIO_DIR } from './core/paths.js';
import { defaultJobs, exitCodeFor, planTasks, runTasks, shardTasks, type Reporter } from './core/runner.js';
import { displayPath, expandScenarioPaths, formatProblem, loadScenario, ScenarioFileError } from './core/scenario.js';
import { VERSION } from './core/version.js';
import { GAMES } from './games/registry.js';
import { fuzz } from './tools/fuzz.js';
import { importRecord, parseRecord, RecordError } from './tools/import.js';
import { formatComparisons, replay } from './tools/replay.js';
import { scenarioYaml } from './tools/scenario-text.js';
import { botInfo, readTranscript, TranscriptRecorder } from './tools/transcript.js';
import { REPORTERS } from '../reporters/index.js';
import { fileOutput, streamOutput, type Output } from '../reporters/output.js';

const USAGE = `botjury ${VERSION} — conformance checks for competition game bots

  botjury check <game> [--role R] [options] -- <bot command> [args...]
  botjury run <scenario.yaml | dir>... [options] -- <bot command> [args...]
  botjury validate <scenario.yaml | dir>...
  botjury list
  botjury replay <transcript.json> [options] [-- <bot command> [args...]]
  botjury import <game> <record | -> [--role R] [--exact] [--output FILE]
  botjury fuzz <game> [--role R] --games N --seed S --save-dir DIR [options] -- <bot command> [args...]

Options:
  --reporter NAME[=FILE]  ${Object.keys(REPORTERS).join(', ')} (console is the default); repeatable
  --output FILE           write the (last) reporter given without =FILE to FILE
  --profile NAME          jury profile (default: the game's real jury; see botjury list)
  --role R                only this role
  --jobs N                scenarios in parallel (default: the number of cores); a timing verdict
                          from a parallel run is confirmed by rerunning that scenario alone
  --shard K/N             run part K of N of the scenarios (CI matrices)
  --strict                warnings count as failures
  --cwd DIR               the bot's working directory (default: a fresh temporary folder)
  --memory-mb N           hard memory limit for the bot (prlimit data limit) and verdict memory-limit
  --transcript FILE       run/check/replay: record every run (lines both ways, moves, seed, setup,
                          limits, bot digest, machine) for botjury replay
  --exact                 import: demand the recorded moves of the bot (default: any legal move)
  --games N, --seed S     fuzz: how many seeded games to play, and the seed they derive from
  --save-dir DIR          fuzz: where to save one shrunk scenario per distinct violation
  -h, --help              this text;  -v, --version

Exit codes: 0 every scenario passed, 1 the bot violated something, 2 the harness could not do its job.
fuzz: 1 when it found a violation; import: 0 when the scenario was written.`;

class UsageError extends Error {}

export async function main(argv: string[]): Promise<number> {
  installInterruptHandlers();
  try {
    return await dispatch(argv);
  } catch (e) {
    if (e instanceof ScenarioFileError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    if (e instanceof UsageError || e instanceof HarnessError) {
      process.stderr.write(`botjury: ${e.message}\n`);
      if (e instanceof UsageError) process.stderr.write(`run 'botjury --help' for usage\n`);
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
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      allowPositionals: true,
      options: {
        reporter: { type: 'string', multiple: true },
        output: { type: 'string' },
        profile: { type: 'string' },
        role: { type: 'string' },
        jobs: { type: 'string' },
        shard: { type: 'string' },
        strict: { type: 'boolean' },
        cwd: { type: 'string' },
        'memory-mb': { type: 'string' },
        transcript: { type: 'string' },
        exact: { type: 'boolean' },
        games: { type: 'string' },
        seed: { type: 'string' },
        'save-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    (command || values.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const cwd = process.cwd();
  checkOptionsFit(command, values);
  switch (command) {
    case 'list':
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
        const game = GAMES.find((g) => g.id === gameId);
        if (!game) throw new UsageError(`unknown game '${gameId}'; games: ${GAMES.map((g) => g.id).join(', ')}`);
        const suite = path.join(SCENARIO_DIR, game.id);
        if (!existsSync(suite)) throw new HarnessError(`no built-in suite for ${game.id} (${suite})`);
        inputs = [suite];
        gameFilter = game.id;
      } else {
        if (rest.length === 0) throw new UsageError('run needs scenario files or folders before --');
        inputs = rest;
      }
      const profile = values.profile;
      if (profile !== undefined && gameFilter) {
        const game = GAMES.find((g) => g.id === gameFilter)!;
        if (!game.profiles[profile]) throw new UsageError(`${game.id} has profiles ${Object.keys(game.profiles).join(', ')}; not '${profile}'`);
      }
      const memoryMb = values['memory-mb'] !== undefined ? positiveNumber('--memory-mb', values['memory-mb']) : undefined;
      const jobs = values.jobs !== undefined && values.jobs !== 'auto' ? positiveInt('--jobs', values.jobs) : defaultJobs();
      const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
      let botCwd: string | undefined;
      if (values.cwd !== undefined) {
        botCwd = path.resolve(cwd, values.cwd);
        if (!existsSync(botCwd) || !statSync(botCwd).isDirectory()) throw new UsageError(`--cwd ${values.cwd}: no such folder`);
      }
      const tasks = planTasks(inputs, GAMES, { cwd, ...(values.role !== undefined ? { role: values.role } : {}), ...(gameFilter ? { game: gameFilter } : {}) });
      if (profile !== undefined)
        for (const t of tasks) {
          const game = GAMES.find((g) => g.id === t.scenario.game)!;
          if (!game.profiles[profile]) throw new UsageError(`${game.id} (${t.scenario.file}) has no profile '${profile}'`);
        }
      if (tasks.length === 0) throw new UsageError('no scenario to run (check --role and the paths)');
      const reporters = makeReporters(values.reporter ?? ['console'], values.output);
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
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

type Values = Record<string, string | boolean | string[] | undefined>;

/** Options that only some commands understand; a misplaced one is a usage error, not silently ignored. */
const OPTIONS_OF: Record<string, readonly string[]> = {
  transcript: ['run', 'check', 'replay'],
  exact: ['import'],
  games: ['fuzz'],
  seed: ['fuzz'],
  'save-dir': ['fuzz'],
};
const COMMAND_OPTIONS: Record<string, readonly string[]> = {
  replay: ['reporter', 'output', 'jobs', 'strict', 'cwd', 'memory-mb', 'transcript'],
  import: ['role', 'exact', 'output'],
  fuzz: ['role', 'games', 'seed', 'save-dir', 'profile', 'strict', 'cwd', 'memory-mb'],
};

function checkOptionsFit(command: string, values: Values): void {
  for (const [option, value] of Object.entries(values)) {
    if (value === undefined || option === 'help' || option === 'version') continue;
    const commands = OPTIONS_OF[option];
    const allowed = COMMAND_OPTIONS[command];
    if ((commands && !commands.includes(command)) || (allowed && !allowed.includes(option)))
      throw new UsageError(`--${option} does not apply to ${command}`);
  }
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
  return exitCodeFor(result.report);
}

/** A record is a game page or a move list: far below this; anything larger is not a record. */
const MAX_RECORD_BYTES = 4 * 1024 * 1024;

/** The record file's text, or stdin's for `-`, bounded in size. */
async function readRecord(recordFile: string, cwd: string): Promise<string> {
  const tooLarge = (where: string) => new HarnessError(`${where} is larger than ${MAX_RECORD_BYTES / 1024 / 1024} MB: not a game record`);
  if (recordFile !== '-') {
    try {
      if (statSync(path.resolve(cwd, recordFile)).size > MAX_RECORD_BYTES) throw tooLarge(`the record ${recordFile}`);
      return readFileSync(path.resolve(cwd, recordFile), 'utf8');
    } catch (e) {
      if (e instanceof HarnessError) throw e;
      throw new HarnessError(`cannot read the record ${recordFile}: ${(e as Error).message}`);
    }
  }
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
  const game = GAMES.find((g) => g.id === gameId);
  if (!game) throw new UsageError(`unknown game '${gameId}'; games: ${GAMES.map((g) => g.id).join(', ')}`);
  if (values.role !== undefined && !game.roles.includes(values.role as string))
    throw new UsageError(`${game.id} has roles ${game.roles.join(', ')}; '${values.role as string}' is not one of them`);
  const text = await readRecord(recordFile, cwd);
  const recordName = recordFile === '-' ? 'stdin' : recordFile;
  const output = values.output as string | undefined;
  const scenarioDir = output ? path.dirname(path.resolve(cwd, output)) : cwd;
  let imported;
  try {
    imported = importRecord(game, parseRecord(game, text), {
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
  const game = GAMES.find((g) => g.id === gameId);
  if (!game) throw new UsageError(`unknown game '${gameId}'; games: ${GAMES.map((g) => g.id).join(', ')}`);
  if (botArgv.length === 0) throw new UsageError(`fuzz needs the bot command after --, e.g. botjury fuzz ${game.id} --games 20 --seed 1 --save-dir found -- python3 bot.py`);
  if (values.games === undefined || values.seed === undefined || values['save-dir'] === undefined)
    throw new UsageError('fuzz needs --games N, --seed S and --save-dir DIR');
  if (values.role !== undefined && !game.roles.includes(values.role as string))
    throw new UsageError(`${game.id} has roles ${game.roles.join(', ')}; '${values.role as string}' is not one of them`);
  const profile = values.profile as string | undefined;
  if (profile !== undefined && !game.profiles[profile]) throw new UsageError(`${game.id} has profiles ${Object.keys(game.profiles).join(', ')}; not '${profile}'`);
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
    lines.push(`  rules:    the official rule text (${path.basename(g.ruleText)}; not shipped with botjury)`);
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

function makeReporters(specs: string[], output: string | undefined): Reporter[] {
  const parsed = specs.map((spec) => {
    const eq = spec.indexOf('=');
    const name = eq < 0 ? spec : spec.slice(0, eq);
    const file = eq < 0 ? undefined : spec.slice(eq + 1);
    if (!REPORTERS[name]) throw new UsageError(`unknown reporter '${name}' (available: ${Object.keys(REPORTERS).join(', ')})`);
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
    return REPORTERS[p.name]!(out);
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
