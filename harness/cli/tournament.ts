// `botjury tournament`: the command-line side of harness/tournament/. The bots come after `--`, each
// further `--` starting the next one (executed directly, no shell), as for `match`.
import path from 'node:path';
import { HarnessError, resolveCommand } from '../core/bot-process.js';
import { prepareOutputFile } from '../core/files.js';
import { printable } from '../core/printable.js';
import { gameLine } from '../match/report.js';
import { parseSprt } from '../match/stats.js';
import { REPORTERS } from '../../reporters/index.js';
import type { Output } from '../../reporters/output.js';
import { GAMES } from '../games/registry.js';
import { LivePage, tournamentPage } from '../tournament/html.js';
import { isolationAvailable } from '../tournament/isolation.js';
import { isolationProblem, sandboxCommandProblem } from '../core/isolation.js';
import { tournamentAsRunReport, tournamentExitCode, tournamentMarkdown, tournamentSummary } from '../tournament/report.js';
import { writeGithub } from '../../reporters/github.js';
import { seatBots } from '../../reporters/causes.js';
import type { TournamentKind } from '../tournament/schedule.js';
import { readTournamentState, TOURNAMENT_STATE_FORMAT, TOURNAMENT_STATE_VERSION, TournamentStateWriter } from '../tournament/state.js';
import { runTournament, shardIndexes, tournamentSchedule, tournamentSettings } from '../tournament/tournament.js';
import type { TournamentBot, TournamentOptions, TournamentReport } from '../tournament/types.js';
import { checkProfile, findGame, known } from './lookup.js';
import { readSetup, splitBots, type CliTools } from './match.js';
import { CommandLineError, type OptionValues } from './options.js';
import { reporterTargets } from './reporter-targets.js';

export const TOURNAMENT_KINDS: readonly TournamentKind[] = ['round-robin', 'gauntlet'];
/** The most bots a field takes: names A … Z, AA … CV. */
export const MAX_TOURNAMENT_BOTS = 100;
const MAX_ROUNDS = 100_000;
const MAX_SEED_CHARS = 200;
const MAX_SHARDS = 10_000;

/** Bot k's name: A … Z, then AA, AB …, as spreadsheet columns. */
export function botName(k: number): string {
  let name = '';
  for (let n = k + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export async function tournamentCommand(rest: string[], botArgv: string[], values: OptionValues, cwd: string, tools: CliTools, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [gameId, ...extra] = rest;
  if (!gameId) throw new CommandLineError(`tournament needs a game: ${GAMES.map((g) => g.id).join(', ')}`);
  if (extra.length) throw new CommandLineError(`unexpected arguments before --: ${extra.join(' ')} (each bot command goes after its own --)`);
  const game = findGame(GAMES, gameId);
  const commands = splitBots(botArgv);
  if (commands.some((c) => c.length === 0) || commands.length < 2)
    throw new CommandLineError(`tournament needs at least two bot commands, each after its own --: botjury tournament ${game.id} -- ./bot-1 -- ./bot-2 -- python3 bot-3.py`);
  if (commands.length > MAX_TOURNAMENT_BOTS) throw new CommandLineError(`a tournament takes at most ${MAX_TOURNAMENT_BOTS} bots; ${commands.length} were given`);
  const tournament = known('tournament format', values.format ?? 'round-robin', TOURNAMENT_KINDS);
  const rounds = values.rounds !== undefined ? tools.boundedInt('--rounds', values.rounds, MAX_ROUNDS) : 1;
  if (values.seed !== undefined && values.seed.length > MAX_SEED_CHARS) throw new CommandLineError(`--seed: at most ${MAX_SEED_CHARS} characters`);
  if (values.profile !== undefined) checkProfile(game, values.profile);
  if (values.state !== undefined && values.resume !== undefined) throw new CommandLineError('--state writes a new state file, --resume continues one: give one of them');
  const shard = shardOption(values, env, tools);
  const sprt = values.sprt !== undefined ? sprtOption(values.sprt) : undefined;
  const setup = values.setup !== undefined ? readSetup(game, path.resolve(cwd, values.setup), values.setup) : undefined;
  const memoryMb = tools.memoryOption(values);
  const bots: TournamentBot[] = commands.map((command, k) => ({ name: botName(k), command }));
  const base = {
    game, bots, tournament, rounds,
    seed: values.seed ?? 1,
    invokedFrom: cwd,
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    ...(values.opponent !== undefined ? { opponent: values.opponent } : {}),
    ...(setup ? { setup, setupDir: path.dirname(path.resolve(cwd, values.setup!)) } : {}),
    ...(memoryMb !== undefined ? { memoryMb } : {}),
    ...(values.strict ? { strict: true } : {}),
  };
  let schedule;
  try {
    schedule = tournamentSchedule(base);
  } catch (e) {
    if (e instanceof RangeError) throw new CommandLineError(e.message);
    throw e;
  }
  if (shard && shard.index > schedule.games) throw new CommandLineError(`--shard ${shard.index}/${shard.count}: the schedule has ${schedule.games} games, so shard ${shard.index} would play none`);
  for (const c of commands) resolveCommand(c, cwd); // a missing executable is the harness's fault, before any game
  const isolation = isolateOption(values, commands, cwd);
  const indexes = shardIndexes(schedule.games, shard);
  const header = { settings: tournamentSettings(base), bots, ...(shard ? { shard } : {}), games: schedule.games };
  const outputs = tournamentOutputs(values);
  const live = values.live !== undefined ? path.resolve(cwd, values.live) : undefined;
  if (live) prepareOutputFile(live, '--live');

  let writer: TournamentStateWriter | undefined;
  let resumed: TournamentOptions['resumed'];
  const stateFile = values.resume ?? values.state;
  if (values.resume !== undefined) {
    const abs = path.resolve(cwd, values.resume);
    const state = await readTournamentState(abs, values.resume, { header, game, schedule, indexes: new Set(indexes) });
    writer = TournamentStateWriter.resume(abs, state.validBytes, '--resume');
    resumed = { games: state.games, voided: state.voided };
    outputs.line(`resuming from ${values.resume}: ${state.games.length} of ${indexes.length} games played, ${indexes.length - state.games.length} to play`);
  } else if (values.state !== undefined) {
    const abs = path.resolve(cwd, values.state);
    prepareOutputFile(abs, '--state');
    writer = TournamentStateWriter.create(abs, { format: TOURNAMENT_STATE_FORMAT, version: TOURNAMENT_STATE_VERSION, tool: { name: 'botjury', version: tools.version }, createdAt: new Date().toISOString(), ...header }, '--state');
  }
  // Said once every file is known good, so a refused file is still the one line on stderr.
  if (isolation.note) process.stderr.write(`${isolation.note}\n`);
  const isolate = isolation.isolate;
  const livePage = live ? new LivePage(live) : undefined;
  const names = bots.map((b) => b.name);
  const options: TournamentOptions = {
    ...base,
    jobs: tools.jobs(values),
    signal: tools.signal(),
    ...(shard ? { shard } : {}),
    ...(sprt ? { sprt } : {}),
    ...(isolate ? { isolate } : {}),
    ...(outputs.wantsSnapshots || live ? { snapshots: true } : {}),
    ...(resumed ? { resumed } : {}),
    onGameEnd: (g) => {
      // Written now, whole: the tournament may let the game's detail go once this returns.
      writer?.writeGame(g);
      outputs.line(gameLine(g, names, schedule.games));
    },
    onVoid: (v) => {
      writer?.writeVoided(v);
      outputs.line(`game ${v.index + 1}/${schedule.games}: voided, play ${v.attempt} (no result for anyone: ${printable(v.error.split('\n')[0]!, 300)})`);
    },
    ...(livePage ? { onProgress: (report: () => TournamentReport) => livePage.update(report) } : {}),
  };
  let report: TournamentReport;
  try {
    report = await runTournament(options, tools.version);
  } finally {
    writer?.close();
  }
  livePage?.finish(report);
  await outputs.end(report);
  const interrupted = tools.interruptCode();
  if (interrupted && stateFile !== undefined) process.stderr.write(`botjury: the ${report.games.length} games that finished are in ${printable(stateFile, 300)}; continue with --resume ${printable(stateFile, 300)} (and the same command line)\n`);
  else if (interrupted) process.stderr.write('botjury: a tournament run with --state FILE can be continued with --resume FILE\n');
  return interrupted || tournamentExitCode(report);
}

/**
 * --shard K/N, or --shard-count N with K from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, 0-based,
 * one pod per index), so one Job manifest runs every shard.
 */
function shardOption(values: OptionValues, env: NodeJS.ProcessEnv, tools: CliTools): { index: number; count: number } | undefined {
  if (values['shard-count'] === undefined) return values.shard !== undefined ? tools.parseShard(values.shard) : undefined;
  if (values.shard !== undefined) throw new CommandLineError('--shard K/N and --shard-count N: give one (--shard-count takes K from JOB_COMPLETION_INDEX)');
  const count = tools.boundedInt('--shard-count', values['shard-count'], MAX_SHARDS);
  const index = env.JOB_COMPLETION_INDEX;
  if (index === undefined) throw new CommandLineError('--shard-count: JOB_COMPLETION_INDEX is not set (a Kubernetes Indexed Job sets it in each pod); elsewhere give --shard K/N');
  if (!/^\d{1,5}$/.test(index) || Number(index) >= count) throw new CommandLineError(`--shard-count ${count}: JOB_COMPLETION_INDEX must be a whole number from 0 to ${count - 1}, not '${printable(index, 20)}'`);
  return { index: Number(index) + 1, count };
}

/**
 * Isolation is on by default where it works: bubblewrap usable here, and every bot reachable from the
 * sandbox (as root botjury hands it to `nobody`, who cannot run a program installed under /root). Where
 * it does not, the tournament says why on stderr and runs without it; --isolate insists (exit 2 with
 * the reason), --no-isolate turns it off.
 */
function isolateOption(values: OptionValues, commands: readonly string[][], cwd: string): { isolate: boolean; note?: string } {
  if (values.isolate && values['no-isolate']) throw new CommandLineError('--isolate and --no-isolate: give one');
  if (values['no-isolate']) return { isolate: false };
  const problem = isolationAvailable()
    ? commands.map((c) => {
      const { file, args } = resolveCommand(c, cwd);
      return sandboxCommandProblem(file, args);
    }).find((p) => p !== null) ?? null
    : isolationProblem() ?? 'bots cannot be isolated on this machine';
  if (problem === null) return { isolate: true };
  if (values.isolate) throw new HarnessError(`${problem}; or give --no-isolate`);
  // The reason as said to someone who did not ask for --isolate.
  const reason = problem.replace(/^--isolate: /, '').replace(/^--isolate needs /, 'isolation needs ');
  return { isolate: false, note: `botjury: the bots run without isolation (${reason}); give --no-isolate to say so, or fix it to isolate them` };
}

function sprtOption(text: string) {
  try {
    return parseSprt(text);
  } catch (e) {
    throw new CommandLineError((e as Error).message);
  }
}

/** The tournament's reporters: console (a line per game, the tables), json, junit, tap, html, github. */
export function tournamentOutputs(values: OptionValues): {
  wantsSnapshots: boolean;
  line(text: string): void;
  end(report: TournamentReport): Promise<void>;
} {
  const outs = reporterTargets(values.reporter ?? ['console'], values.output, ['console', 'json', 'junit', 'tap', 'html', 'github']);
  const consoles = outs.filter((o) => o.name === 'console');
  return {
    wantsSnapshots: outs.some((o) => o.name === 'html'),
    line(text) {
      for (const c of consoles) c.out.write(`${text}\n`);
    },
    async end(report) {
      for (const { name, out, summaryFile } of outs) await writeTournament(name, out, report, summaryFile);
    },
  };
}

async function writeTournament(name: string, out: Output, report: TournamentReport, summaryFile?: string): Promise<void> {
  if (name === 'github') {
    // The tables on the job summary; annotations without a file (a seat is no scenario file).
    await writeGithub(tournamentAsRunReport(report), { annotations: out, ...(summaryFile !== undefined ? { summaryFile } : {}) }, { preface: tournamentMarkdown(report), rerunnable: false, botOf: seatBots(report.games, report.bots), ...(report.shard ? { shard: report.shard } : {}) });
    return;
  }
  if (name === 'console') out.write(tournamentSummary(report));
  // The snapshots the HTML replay needs stay out of the JSON; a large tournament (its detail already
  // bounded) as compact JSON, a third of the size, so its shards stay within what `merge` reads.
  else if (name === 'json') out.write(`${JSON.stringify(report, (key, value: unknown) => (key === 'snapshots' ? undefined : value), report.compactedGames ? undefined : 2)}\n`);
  else if (name === 'html') out.write(tournamentPage(report));
  else {
    const reporter = REPORTERS[name]!(out);
    const run = tournamentAsRunReport(report);
    reporter.onRunStart?.({ tool: run.tool, bot: run.bot, total: run.results.length, jobs: 1 });
    for (const [i, r] of run.results.entries()) reporter.onScenarioEnd?.(r, i, run.results.length);
    await reporter.onRunEnd?.(run);
    return;
  }
  await out.close();
}
