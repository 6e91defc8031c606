// The `botjury` command. Exit codes: 0 all passed, 1 the bot violated something, 2 the harness could
// not do its job (usage, invalid scenario, missing executable, internal error) — never blamed on the bot.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HarnessError, killAllBotsSync } from './core/bot-process.js';
import { SCENARIO_DIR } from './core/paths.js';
import { defaultJobs, exitCodeFor, planTasks, runTasks, type Reporter } from './core/runner.js';
import { expandScenarioPaths, formatProblem, loadScenario, ScenarioFileError } from './core/scenario.js';
import { VERSION } from './core/version.js';
import { GAMES } from './games/registry.js';
import { REPORTERS } from '../reporters/index.js';
import { fileOutput, streamOutput, type Output } from '../reporters/output.js';

const USAGE = `botjury ${VERSION} — conformance checks for competition game bots

  botjury check <game> [--role R] [options] -- <bot command> [args...]
  botjury run <scenario.yaml | dir>... [options] -- <bot command> [args...]
  botjury validate <scenario.yaml | dir>...
  botjury list

Options:
  --reporter NAME[=FILE]  console (default), json; repeatable
  --output FILE           write the (last) reporter given without =FILE to FILE
  --profile NAME          jury profile (default: the game's real jury; see botjury list)
  --role R                only this role
  --jobs N                scenarios in parallel (default 1)
  --shard K/N             run part K of N of the scenarios (CI matrices)
  --strict                warnings count as failures
  --cwd DIR               the bot's working directory (default: a fresh temporary folder)
  --memory-mb N           hard memory limit for the bot (prlimit data limit) and verdict memory-limit
  -h, --help              this text;  -v, --version

Exit codes: 0 every scenario passed, 1 the bot violated something, 2 the harness could not do its job.`;

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
      const jobs = values.jobs !== undefined ? (values.jobs === 'auto' ? defaultJobs() : positiveInt('--jobs', values.jobs)) : 1;
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
      });
      for (const r of report.results) if (r.status === 'error') process.stderr.write(`botjury: ${r.scenario} [${r.role}]: ${r.error}\n`);
      return exitCodeFor(report);
    }
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
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
