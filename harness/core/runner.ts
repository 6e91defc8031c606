// Runs many scenarios (files × roles) against one bot and streams results to reporters, in a stable
// order whatever the parallelism.
import os from 'node:os';
import { expectBotSpawns, HarnessError, killAllBotsSync, resolveCommand, type BotCommand } from './bot-process.js';
import type { SpawnsAhead } from './containment.js';
import { dryRunProblems } from './dry-run.js';
import type { GameDefinition } from './game.js';
import { resolveLimits, type JuryProfile } from './profile.js';
import type { ScenarioResult } from './result.js';
import { expandScenarioPaths, loadScenario, ScenarioFileError, type Scenario } from './scenario.js';
import { runScenario, type SessionOptions } from './session.js';
import { markSteps } from './step-of.js';
import { withStall } from './proc.js';
import { round3 } from './violations.js';
import { afterwardsDone } from './afterwards.js';

export interface Task {
  scenario: Scenario;
  role: string;
}

export interface RunInfo {
  tool: { name: string; version: string };
  bot: { command: string[] };
  profile?: string;
  total: number;
  jobs: number;
  shard?: { index: number; count: number };
}

export interface RunSummary {
  passed: number;
  failed: number;
  errors: number;
  /** Scenarios whose outside data (e.g. official sample mazes) is not on this machine. */
  skipped: number;
  /** Runs without a violation that did not reach what their scenario states (`reach:`): nothing proven. */
  inconclusive: number;
}

export interface RunReport {
  tool: { name: string; version: string };
  bot: { command: string[] };
  startedAt: string;
  durationMs: number;
  results: ScenarioResult[];
  summary: RunSummary;
  /** Set when --bail stopped the run after a failure: how many scenario runs were not started. */
  bailed?: { notRun: number };
  /** The run was interrupted (SIGINT): `results` holds the runs that finished before, in order. */
  interrupted?: { planned: number };
  /**
   * A harness fault (a referee program's, say) stopped the run: `results` holds the runs that finished
   * before it and, with status `error`, the run it happened in; runs in progress beside it were stopped
   * and are left out, as are those never started. The command exits 2 with the fault's one line.
   */
  harnessFault?: { planned: number };
  /** --strict: warnings and inconclusive runs fail the run too. */
  strict?: boolean;
}

/** Reporters turn the one stream of run events into outputs; every hook is optional. */
export interface Reporter {
  onRunStart?(info: RunInfo): void;
  onScenarioStart?(task: Task, index: number, total: number): void;
  onScenarioEnd?(result: ScenarioResult, index: number, total: number): void;
  onRunEnd?(report: RunReport): void | Promise<void>;
  /** Reporters that draw the game ask the session for a snapshot per ply. */
  wantsSnapshots?: boolean;
}

export interface RunOptions extends Omit<SessionOptions, 'invokedFrom' | 'snapshots'> {
  /** Only this role (scenarios fixed to another role are left out). */
  role?: string;
  jobs?: number;
  /** Start no more scenario runs once one failed (or hit a harness error); report those that ran. */
  bail?: boolean;
  /** Run only part k (1-based) of n of the tasks, split deterministically. */
  shard?: { index: number; count: number };
  invokedFrom?: string;
  /** The machine's I/O and memory stall so far, µs (proc.ts machineStallUs; replaceable by tests). */
  machineStallUs?: () => number | null;
  reporters?: Reporter[];
  version?: string;
  /**
   * The game definition one task runs with (by task index after sharding); default: the registered
   * game. Tools wrap it to record the game as played or to script the opponent (transcript, replay).
   */
  gameFor?: (task: Task, index: number, game: GameDefinition) => GameDefinition;
  /**
   * Aborted when the user interrupts: no new run starts, runs in progress are dropped (their bots are
   * being killed, so their verdicts mean nothing), and the report holds what had finished.
   */
  signal?: AbortSignal;
}

/** How long runs in progress get to end after an interrupt (their bots are killed; they remove their folders). */
const WIND_DOWN_MS = 5000;

/** Loads scenario files (and folders) and expands them into tasks, one per role. */
export async function planTasks(inputs: string[], games: readonly GameDefinition[], options: { cwd: string; role?: string; game?: string }): Promise<Task[]> {
  const files = expandScenarioPaths(inputs, options.cwd);
  // Each file's problems in the files' order, whichever pass found them.
  const problems: (ScenarioFileError | undefined)[] = new Array(files.length);
  const tasks: Task[] = [];
  // Every file is read before any is dry-run: a referee program started ahead (process-referee.ts)
  // starts while the files are read, and the first dry run is the first thing to wait for it.
  const loaded: { at: number; scenario: Scenario }[] = [];
  for (const [at, file] of files.entries()) {
    try {
      const scenario = loadScenario(file, options.cwd, games);
      if (!options.game || scenario.game === options.game) loaded.push({ at, scenario });
    } catch (e) {
      if (!(e instanceof ScenarioFileError)) throw e;
      problems[at] = e;
    }
  }
  for (const { at, scenario } of loaded) {
    const game = games.find((g) => g.id === scenario.game)!;
    // The scenario's own mistakes (an illegal scripted move, an impossible expectation) before any bot runs.
    const mistakes = await dryRunProblems(scenario, game);
    if (mistakes.length > 0) {
      problems[at] = new ScenarioFileError(mistakes);
      continue;
    }
    if (options.role !== undefined && !game.roles.includes(options.role))
      throw new HarnessError(`${game.id} has roles ${game.roles.join(', ')}; '${options.role}' is not one of them`);
    const roles = scenario.role !== undefined ? [scenario.role] : [...game.roles];
    for (const role of roles) if (options.role === undefined || options.role === role) tasks.push({ scenario, role });
  }
  const found = problems.filter((p): p is ScenarioFileError => p !== undefined);
  if (found.length > 0) throw new ScenarioFileError(found.flatMap((p) => p.problems));
  return tasks;
}

/** Deterministic split for CI matrices: task i goes to shard (i mod n) + 1, so every task runs exactly once. */
export function shardTasks<T>(tasks: T[], shard: { index: number; count: number } | undefined): T[] {
  if (!shard) return tasks;
  return tasks.filter((_, i) => i % shard.count === shard.index - 1);
}

export async function runTasks(tasks: Task[], games: readonly GameDefinition[], options: RunOptions & { bot: BotCommand }): Promise<RunReport> {
  // Until the last run has started, botjury waits for each next bot's spawn inside its cgroup (containment.ts).
  const ahead = expectBotSpawns();
  try {
    return await runHeld(tasks, games, options, ahead);
  } finally {
    ahead.release();
  }
}

async function runHeld(tasks: Task[], games: readonly GameDefinition[], options: RunOptions & { bot: BotCommand }, ahead: SpawnsAhead): Promise<RunReport> {
  const invokedFrom = options.invokedFrom ?? process.cwd();
  resolveCommand(options.bot.argv, invokedFrom); // a missing executable is the harness's fault, before anything runs
  const reporters = options.reporters ?? [];
  const selected = shardTasks(tasks, options.shard);
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, selected.length || 1));
  const version = options.version ?? '0.0.0';
  const startedAt = new Date();
  const info: RunInfo = {
    tool: { name: 'botjury', version },
    bot: { command: options.bot.argv },
    ...(options.profile ? { profile: options.profile } : {}),
    total: selected.length,
    jobs,
    ...(options.shard ? { shard: options.shard } : {}),
  };
  for (const r of reporters) r.onRunStart?.(info);
  const snapshots = reporters.some((r) => r.wantsSnapshots);
  const results: ScenarioResult[] = new Array(selected.length);
  const done: boolean[] = new Array(selected.length).fill(false);
  let nextToEmit = 0;
  let nextToStart = 0;
  let harnessError: Error | null = null;
  /** The run the harness fault happened in, and when each run started (for its result). */
  let faulted = -1;
  const startedAtMs: number[] = new Array(selected.length).fill(0);
  let running = 0;
  let faultSeen: () => void = () => undefined;
  const fault = new Promise<void>((resolve) => (faultSeen = resolve));
  let bailing = false;

  const runOne = async (index: number): Promise<ScenarioResult> => {
    const task = selected[index]!;
    const registered = games.find((g) => g.id === task.scenario.game)!;
    const game = options.gameFor ? options.gameFor(task, index, registered) : registered;
    const result = await runScenario(task.scenario, task.role, game, { ...options, invokedFrom, snapshots });
    // Each verdict with the step (and line) of the scenario file it happened in, for the reports: the
    // session stamps those it saw during a step; the rest (after the last step) are placed here.
    if (!task.scenario.steps || result.violations.length === 0) return result;
    return markSteps(result, task.scenario.steps);
  };
  const signal = options.signal;
  /**
   * A run with no other run beside it. A timing verdict it gives on a machine its own evidence shows busy
   * is believed only when a second run alone repeats it (the second is reported) — whether the run is the
   * first or the one that confirms a parallel run's verdict (`parallelCodes`): a loaded CI runner once
   * had both the parallel run and its rerun alone blame a correct JVM bot whose threads waited for a CPU
   * one after another (timedOutOnBusyMachine). The machine's I/O and memory stall during the run
   * (machineStallUs) counts as busy too: a bot waiting for the disk shows in no scheduler counter.
   */
  const runAlone = async (index: number, parallelCodes?: string[]): Promise<ScenarioResult> => {
    const { result: first, stallMs } = await withStall(() => runOne(index), options.machineStallUs);
    const busyMs = signal?.aborted ? null : timedOutOnBusyMachine(first, stallMs);
    if (busyMs === null) return parallelCodes ? { ...first, rerunAlone: { parallelCodes } } : first;
    const busy = { busyCodes: clockCodes(first), busyMs, ...(stallMs > 0 ? { stallMs: round3(stallMs) } : {}) };
    return { ...(await runOne(index)), rerunAlone: parallelCodes ? { parallelCodes, ...busy } : busy };
  };
  // A timing verdict from a parallel run is only believed once the scenario repeats it running alone
  // (games are seeded, so the rerun is the same game): parallel load must never make a verdict false.
  const confirmed = new Set<number>();
  const needsConfirmation = (i: number): boolean =>
    jobs > 1 && !confirmed.has(i) && decidedByClock(results[i]!);
  const emitReady = (): void => {
    // Emit in file order, so parallel runs report exactly like serial ones.
    while (nextToEmit < selected.length && done[nextToEmit] && !needsConfirmation(nextToEmit)) {
      const i = nextToEmit++;
      if (jobs > 1) for (const r of reporters) r.onScenarioStart?.(selected[i]!, i, selected.length);
      for (const r of reporters) r.onScenarioEnd?.(results[i]!, i, selected.length);
    }
  };
  const worker = async (): Promise<void> => {
    while (nextToStart < selected.length && !harnessError && !bailing && !signal?.aborted) {
      const index = nextToStart++;
      if (nextToStart === selected.length) ahead.lastStarted();
      if (jobs === 1) for (const r of reporters) r.onScenarioStart?.(selected[index]!, index, selected.length);
      let result: ScenarioResult;
      startedAtMs[index] = Date.now();
      running++;
      try {
        result = jobs === 1 ? await runAlone(index) : await runOne(index);
      } catch (e) {
        // The first fault stops the run (an interrupt's consequences are not one). Runs in progress beside
        // it are stopped now, every bot and referee ended by pid: their verdicts would blame a bot
        // botjury killed, so they are left out of the report, as an interrupt leaves them out.
        if (!signal?.aborted && !harnessError) {
          harnessError = e as Error;
          faulted = index;
          if (running > 1) killAllBotsSync();
          faultSeen();
        }
        return;
      } finally {
        running--;
      }
      if (signal?.aborted || harnessError) return; // cut short by the interrupt or by another run's fault: not a verdict
      results[index] = result;
      done[index] = true;
      // A timing verdict still to be confirmed alone is not yet a failure to stop for.
      if (options.bail && isFailure(results[index]!) && !needsConfirmation(index)) bailing = true;
      emitReady();
    }
  };
  const workers = Promise.all(Array.from({ length: jobs }, worker));
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.race([workers, aborted, fault]);
  if (signal?.aborted || harnessError) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([workers, new Promise((resolve) => (timer = setTimeout(resolve, WIND_DOWN_MS)))]);
    clearTimeout(timer);
  }
  if (harnessError) {
    // What finished is reported (a rerun to confirm a timing verdict would start bots again: such a
    // run is left out), with the run that faulted as a harness error; then the fault is the exit.
    const error = harnessError as Error;
    const task = selected[faulted]!;
    const registered = games.find((g) => g.id === task.scenario.game)!;
    results[faulted] = faultResult(task, registered, options, error instanceof HarnessError ? error.message : `internal error: ${error.message}`, startedAtMs[faulted]!);
    done[faulted] = true;
    const kept = selected.map((_, i) => i).filter((i) => done[i] && (i === faulted || !needsConfirmation(i)));
    for (const i of kept.filter((i) => i >= nextToEmit)) {
      if (jobs > 1 || i !== faulted) for (const r of reporters) r.onScenarioStart?.(selected[i]!, i, selected.length);
      for (const r of reporters) r.onScenarioEnd?.(results[i]!, i, selected.length);
    }
    const report: RunReport = {
      tool: info.tool,
      bot: info.bot,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      results: kept.map((i) => results[i]!),
      summary: summarize(kept.map((i) => results[i]!)),
      harnessFault: { planned: selected.length },
      ...(options.strict ? { strict: true } : {}),
    };
    ahead.release();
    await afterwardsDone(); // the bots' folders and cgroups are gone when the report is
    for (const r of reporters) await r.onRunEnd?.(report);
    if (typeof harnessError === 'object' && harnessError !== null) faultReports.set(harnessError, report);
    throw harnessError;
  }
  for (let i = nextToEmit; i < nextToStart && !signal?.aborted; i++) {
    if (!needsConfirmation(i)) continue;
    const rerun = await runAlone(i, clockCodes(results[i]!));
    if (signal?.aborted) break;
    results[i] = rerun;
    confirmed.add(i);
  }
  emitReady();
  // With --bail, the runs never started are left out: the report holds what ran.
  const notRun = selected.length - nextToStart;
  // Interrupted: the runs that finished (and need no confirmation) are the report; holes are left out.
  const finished = signal?.aborted
    ? selected.map((_, i) => i).filter((i) => done[i] && !needsConfirmation(i))
    : selected.map((_, i) => i).filter((i) => i < nextToStart);
  if (signal?.aborted)
    for (const i of finished.filter((i) => i >= nextToEmit)) for (const r of reporters) r.onScenarioEnd?.(results[i]!, i, selected.length);
  const kept = finished.map((i) => results[i]!);

  const summary = summarize(kept);
  const report: RunReport = {
    tool: info.tool,
    bot: info.bot,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    results: kept,
    summary,
    ...(bailing ? { bailed: { notRun } } : {}),
    ...(signal?.aborted ? { interrupted: { planned: selected.length } } : {}),
    ...(options.strict ? { strict: true } : {}),
  };
  ahead.release();
  await afterwardsDone(); // the bots' folders and cgroups are gone when the report is
  for (const r of reporters) await r.onRunEnd?.(report);
  return report;
}

const isFailure = (r: ScenarioResult): boolean => r.status === 'failed' || r.status === 'error';

/** The report runTasks wrote to its reporters before it threw a harness fault, kept with the fault. */
const faultReports = new WeakMap<object, RunReport>();

/**
 * The report of a run a harness fault stopped (runTasks threw `fault` after writing it to every
 * reporter): for what the caller writes besides the reporters (a --transcript). Undefined otherwise.
 */
export function runReportOfFault(fault: unknown): RunReport | undefined {
  return typeof fault === 'object' && fault !== null ? faultReports.get(fault) : undefined;
}

/**
 * The result of a run a harness fault ended (a referee program's, a bot that could not start): status
 * `error` with the fault's message, as any harness error of a run is shown; nothing of the bot judged.
 */
function faultResult(task: Task, game: GameDefinition, options: RunOptions, error: string, startedAtMs: number): ScenarioResult {
  const profileName = options.profile ?? task.scenario.profile ?? game.defaultProfile;
  const profile: JuryProfile | undefined = Object.hasOwn(game.profiles, profileName) ? game.profiles[profileName] : undefined;
  const limits = resolveLimits(profile ?? { limits: {} } as unknown as JuryProfile, task.scenario.limits, options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : undefined);
  return {
    scenario: task.scenario.file,
    name: task.scenario.name,
    game: game.id,
    role: task.role,
    profile: profileName,
    seed: task.scenario.seed,
    status: 'error',
    error,
    violations: [],
    limits,
    timing: { replies: 0, maxMs: 0, totalMs: 0, meanMs: 0, totalBudgetMs: limits.totalMs ?? null, perReply: [] },
    memory: { peakMb: null, limitMb: limits.memoryMb || null },
    stderr: { bytes: 0, head: '' },
    exit: null,
    durationMs: startedAtMs > 0 ? Date.now() - startedAtMs : 0,
    transcript: [],
    transcriptDropped: 0,
  };
}

/**
 * What the clock decided and a parallel run may have decided wrongly, so it is judged again alone:
 * a timing verdict (a correct bot must not be blamed for the load of the runs beside it), and an answer
 * late by the clock but excused because the machine, or botjury's own thread, was too busy to show it
 * was late (a late bot must not pass because of that load either).
 */
const TIMING_CODES = new Set<string>(['move-timeout', 'total-time-exceeded', 'handshake-timeout', 'late-excused']);

/** A verdict or an excuse that depends on the clock, or a machine too loaded to judge: believed only when a rerun alone repeats it. */
export function decidedByClock(r: ScenarioResult): boolean {
  return r.violations.some((v) => TIMING_CODES.has(v.code)) || r.machineOverload !== undefined;
}

/** The codes of a run's verdicts (and a machine too loaded to judge), for the record of a rerun. */
function clockCodes(r: ScenarioResult): string[] {
  return [...new Set([...r.violations.map((v) => v.code), ...(r.machineOverload ? ['machine-overload'] : [])])].sort();
}

/**
 * How busy the machine was, by a run's own evidence, during an answer it judged late: at least this
 * share of the limit (the bot's longest run-queue wait plus botjury's lag) makes the verdict one to
 * confirm.
 */
const BUSY_SHARE_OF_LIMIT = 0.1;

/**
 * A timing verdict of a run alone whose own evidence shows the machine busy during that answer (ms of
 * it: the bot's longest run-queue wait and botjury's lag), or null. Only the longest wait of one of the
 * bot's threads is excused (the evidence shows no more): a bot whose threads waited for a CPU one after
 * another — a JVM's compiler or collector holding its main thread — was kept waiting longer than that,
 * by an amount no counter shows. On a busy machine such a verdict is believed only when a rerun repeats
 * it, as a parallel run's is; a bot that is really slow is slow twice (docs/timing.md).
 */
export function timedOutOnBusyMachine(r: ScenarioResult, stallMs = 0): number | null {
  let busiest: number | null = null;
  const stall = Number.isFinite(stallMs) ? Math.max(0, stallMs) : 0;
  for (const v of r.violations) {
    if (v.severity !== 'error' || !TIMING_CODES.has(v.code) || !v.evidence) continue;
    const e = v.evidence as Record<string, unknown>;
    const ms = (key: string): number => (typeof e[key] === 'number' && Number.isFinite(e[key]) ? Math.max(0, e[key]) : 0);
    const busy = ms('botQueuedMs') + ms('harnessLagMs');
    if (ms('limitMs') > 0 && busy + stall >= BUSY_SHARE_OF_LIMIT * ms('limitMs')) busiest = Math.max(busiest ?? 0, busy);
  }
  return busiest;
}

export const defaultJobs = (): number => Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

/** How many runs ended in each status. */
export function summarize(results: readonly ScenarioResult[]): RunSummary {
  const count = (status: ScenarioResult['status']): number => results.filter((r) => r.status === status).length;
  return { passed: count('passed'), failed: count('failed'), errors: count('error'), skipped: count('skipped'), inconclusive: count('inconclusive') };
}

/**
 * 0 every scenario passed; 1 the bot violated something; 2 the harness could not do its job.
 * An inconclusive run is no verdict on the bot (a bot that wins never reaches the tie a scenario is
 * about), so by default it does not turn a gate red, but every reporter shows it; under --strict,
 * where a gate wants every stated point proven, it counts as a failure.
 */
export function exitCodeFor(report: RunReport): 0 | 1 | 2 {
  if (report.summary.errors > 0) return 2;
  if (report.summary.failed > 0) return 1;
  return report.strict && (report.summary.inconclusive ?? 0) > 0 ? 1 : 0;
}
