// `botjury match`: bots against each other, every seat judged as in `check`. One match game is one
// table (core/table.ts): one game holding every seat, each bot seat with its own process and clock
// (the same seat code as a scenario run), seats without a bot moved by the game's built-in player or a
// script. Games are seeded from the match seed; seats rotate so every bot plays every seat equally (a
// game and its rotations share a seed, so the bots meet the same start and the same built-in players
// from each seat).
import { HarnessError, holdingBotSpawns, killAllBotsSync, type BotCommand } from '../core/bot-process.js';
import { ScenarioError, type GameDefinition, type Outcome } from '../core/game.js';
import { resolveLimits, type ResolvedLimits } from '../core/profile.js';
import type { JuryTime, ScenarioResult } from '../core/result.js';
import type { Violation } from '../core/violations.js';
import { decidedByClock, timedOutOnBusyMachine } from '../core/runner.js';
import { withStall } from '../core/proc.js';
import { MachineOverload } from '../core/seat.js';
import { Table, type BotSeatSpec, type TableOptions } from '../core/table.js';
import { recordingWrap, type GameRecording } from '../tools/recorder.js';
import { mergeTallies, scoreStats, sprtDecision, type GameTally, type ScoreStats, type SprtDecision, type SprtParams } from './stats.js';
import { pairSummary, type PairUnits } from '../tournament/pairs.js';

export interface MatchBot {
  /** Short name for tables: A, B, C, D unless given. */
  name: string;
  command: string[];
}

export interface MatchOptions {
  game: GameDefinition;
  bots: MatchBot[];
  /** Games to play (at most, with --sprt). */
  games: number;
  seed: number | string;
  profile?: string;
  /** Built-in opponent for seats without a bot. */
  opponent?: string;
  /** The game's `setup:` for every game, and the folder its paths are relative to. */
  setup?: Record<string, unknown>;
  setupDir?: string;
  jobs?: number;
  shard?: { index: number; count: number };
  sprt?: SprtParams;
  invokedFrom: string;
  memoryMb?: number;
  /** Every bot in a sandbox of its own (bubblewrap). */
  isolate?: boolean;
  strict?: boolean;
  /**
   * A real game's moves, ply by ply (a disputed game re-run between the two real programs): the
   * match plays one game and reports where the programs' moves leave the record.
   */
  record?: { moves: string[]; verdict?: string };
  /** Record the game at every ply (for the HTML replay). */
  snapshots?: boolean;
  signal?: AbortSignal;
  /** Characters of game detail the report keeps (default DETAIL_BUDGET_CHARS). */
  detailBudgetChars?: number;
  onGameEnd?(game: MatchGame): void;
  /**
   * Scripted moves of seats no bot takes, by seat, in order (each game plays the same script); once a
   * script runs out, the built-in player moves.
   */
  scripts?: Readonly<Record<string, readonly string[]>>;
  /**
   * Where game `gameIndex` records its moves (a match transcript). Called for every play of a game, so
   * for a game replayed to confirm a timing verdict the last call is the play returned.
   */
  recordGame?(gameIndex: number): GameRecording;
  /** A seat's limits for game `gameIndex`, when they are not the profile's (a replay pins the recorded ones). */
  seatLimits?(gameIndex: number, role: string): ResolvedLimits | undefined;
  /** How each bot's process is started (tests give a fake). */
  startBot?: TableOptions['startBot'];
}

export type GameResult = 'win' | 'draw' | 'loss';

export interface MatchSeat {
  role: string;
  /** Index into the match's bots, or null for a built-in opponent. */
  bot: number | null;
  points: number | null;
  result: GameResult | null;
  /** This seat's run, judged as `check` judges one: violations, timing, memory, transcript. */
  run?: ScenarioResult;
  /**
   * The wall time of each reply, when the run's detail (transcript, per-reply timing, snapshots) was
   * dropped to bound the report (see DETAIL_BUDGET_CHARS): what the standings need of it.
   */
  replyWallsMs?: number[];
}

export interface MatchGame {
  index: number;
  seed: string | number;
  seats: MatchSeat[];
  /** The rules' outcome, from the one game every seat played. */
  outcome: Outcome | null;
  /** With a record: how far the programs followed it, and where they left it. */
  record?: RecordComparison;
  /** Set when the game was replayed because its first play gave a timing verdict (this is the replay). */
  rerunAlone?: boolean;
  /** The jury's own time in this game (a referee program's start-up and answers), never a bot's. */
  jury?: JuryTime;
  /** The game could not be judged (the harness's or a referee's fault): no result for anyone. */
  error?: string;
  durationMs: number;
}

export interface RecordComparison {
  /** Plies in the record. */
  plies: number;
  /** Plies the programs played as recorded, from the first. */
  followed: number;
  /** The first ply played otherwise. */
  left?: { ply: number; player: string; recorded: string; played: string };
  /** The game ended (a verdict, the rules) before the record did: the ply of the first move not played. */
  endedAt?: number;
}

export interface BotStanding {
  name: string;
  command: string[];
  games: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  /** Games in which the bot broke a rule of the protocol, the clock or the game (error severity). */
  gamesWithViolations: number;
  violations: Record<string, number>;
  timing: { replies: number; medianMs: number | null; worstMs: number | null; budgetShareMax: number | null };
  peakMemoryMb: number | null;
}

export interface MatchReport {
  tool: { name: string; version: string };
  game: string;
  seed: number | string;
  profile: string;
  planned: number;
  shard?: { index: number; count: number };
  startedAt: string;
  durationMs: number;
  games: MatchGame[];
  standings: BotStanding[];
  /**
   * Two bots: the first bot's score against the second, with Elo and the SPRT when asked; `units`: the
   * same games counted in seat-swapped pairs (the rotations of one seed), pentanomial for two seats.
   */
  pair?: { tally: GameTally; stats: ScoreStats; sprt?: SprtDecision & SprtParams; units?: PairUnits };
  /** Why the match stopped before `planned` games (an SPRT decision, an interrupt). */
  stopped?: string;
  /** Games whose seats keep results, verdicts and reply times only (the report's detail was bounded). */
  compactedGames?: number;
  /** How the game's rules score one game (the standings' `points` sum these). */
  scoring?: string;
}

/**
 * A match keeps each game's full detail (every seat's transcript, per-reply timing, snapshots for the
 * HTML replay) until it holds about this much as compact JSON (the indented report is about three times that); later games keep their results, verdicts with their
 * evidence, and reply times. A JavaChallenge2015 game with four bots is about 1 MB of detail, and a
 * match of thousands of games must neither exhaust memory nor write a report `merge` cannot read.
 * `--transcript FILE` records every game in full.
 */
export const DETAIL_BUDGET_CHARS = 12 << 20;

/** About how many characters of report a game's droppable detail takes (transcripts, replies, snapshots). */
function detailChars(g: MatchGame): number {
  let n = 0;
  for (const s of g.seats) {
    const run = s.run;
    if (!run) continue;
    // Measured as the JSON it becomes (a few milliseconds for the largest games, against ~0.5 s to play one).
    n += JSON.stringify(run.transcript).length + JSON.stringify(run.timing.perReply).length;
    if (run.snapshots) n += JSON.stringify(run.snapshots).length;
  }
  return n;
}

/** Keeps games whole while their detail fits the budget, and compacts each game after that. */
export class DetailBound {
  private kept = 0;
  /** Games compacted (now or before: a merged shard's). */
  compacted = 0;

  constructor(private readonly budgetChars: number) {}

  admit(g: MatchGame): void {
    // Compacted before (a merged shard's): its verdicts' texts are bounded as compacting bounds them.
    if (g.seats.some((s) => s.replyWallsMs)) {
      for (const s of g.seats) if (s.run) clipVerdicts(s.run);
      this.compacted++;
    }
    // Once over the budget every later game is compacted: it need not be measured (merge admits thousands).
    else if (this.kept > this.budgetChars || (this.kept += detailChars(g)) > this.budgetChars) {
      compactGame(g);
      this.compacted++;
    }
  }
}

/** Drops a game's detail, keeping what the standings and verdicts need (the verdicts' texts clipped, see clipVerdict). */
export function compactGame(g: MatchGame): void {
  for (const s of g.seats) {
    const run = s.run;
    if (!run) continue;
    s.replyWallsMs = run.timing.perReply.map((p) => p.wallMs);
    run.transcriptDropped += run.transcript.length;
    run.transcript = [];
    run.timing.perReply = [];
    delete run.snapshots;
    clipVerdicts(run);
  }
}

/** A compacted game's verdict texts (message, expected, actual, rule) keep at most this many characters. */
export const COMPACT_TEXT_CHARS = 500;
/** …and its evidence at most this many as JSON. */
export const COMPACT_EVIDENCE_CHARS = 1000;
/** An evidence value kept of a clipped evidence: at most this many characters (as text, or as JSON). */
const EVIDENCE_VALUE_CHARS = 200;

function clipVerdicts(run: ScenarioResult): void {
  for (const v of run.violations) clipVerdict(v);
}

/** `text`, or its start and how much was left out, in at most `max` characters (a clipped text is not clipped again). */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  // ASCII: one character beyond Latin-1 would make the whole report's JSON text two bytes a character.
  const note = `... (${text.length} characters in all)`;
  // A string of its own: a slice of the long text would keep all of it alive (V8 slices share their
  // parent's characters). JSON's round trip copies it exactly, lone surrogates included.
  return JSON.parse(JSON.stringify(`${text.slice(0, max - note.length)}${note}`)) as string;
}

/**
 * A verdict as a compacted game keeps it: its code, severity, ply, step and times whole, its texts and
 * evidence clipped (real ones are far shorter; a forged shard's megabytes of verdict text are not kept).
 */
export function clipVerdict(v: Violation): void {
  v.message = clipText(v.message, COMPACT_TEXT_CHARS);
  if (v.expected !== undefined) v.expected = clipText(v.expected, COMPACT_TEXT_CHARS);
  if (v.actual !== undefined) v.actual = clipText(v.actual, COMPACT_TEXT_CHARS);
  if (v.rule !== undefined) v.rule = clipText(v.rule, COMPACT_TEXT_CHARS);
  if (v.evidence !== undefined && JSON.stringify(v.evidence).length > COMPACT_EVIDENCE_CHARS) v.evidence = clipEvidence(v.evidence);
}

/** Evidence within COMPACT_EVIDENCE_CHARS: its values clipped, as many keys as fit, and how many more there were under '...'. */
function clipEvidence(evidence: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let used = 2;
  let left = 0;
  const room = COMPACT_EVIDENCE_CHARS - 40; // for the count of keys left out
  for (const [key, raw] of Object.entries(evidence)) {
    const json = typeof raw === 'string' ? undefined : JSON.stringify(raw) ?? 'null';
    const value = typeof raw === 'string' ? clipText(raw, EVIDENCE_VALUE_CHARS) : json!.length > EVIDENCE_VALUE_CHARS ? clipText(json!, EVIDENCE_VALUE_CHARS) : raw;
    const cost = JSON.stringify(key).length + JSON.stringify(value).length + 2;
    if (left > 0 || used + cost > room) {
      left++;
      continue;
    }
    // defineProperty: a key is a field, whatever its name.
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    used += cost;
  }
  if (left > 0) out['...'] = `${left} more key${left === 1 ? '' : 's'} not kept`;
  return out;
}

/** Seat `role index → bot index` for game `index`: bot k sits k seats after the game's rotation. */
export function seating(index: number, roles: readonly string[], bots: number): (number | null)[] {
  const seats: (number | null)[] = roles.map(() => null);
  const rotation = index % roles.length;
  for (let k = 0; k < bots; k++) seats[(k + rotation) % roles.length] = k;
  return seats;
}

/**
 * Game `index`'s seed: every rotation of one round plays the same seeded game from each seat. The first
 * round plays the match seed itself (`--seed 1` of JavaChallenge2015 is the engine's seed 1), later
 * rounds `S/round`.
 */
export function gameSeed(seed: number | string, index: number, roles: number): string | number {
  const round = Math.floor(index / roles);
  return round === 0 ? seed : `${seed}/${round}`;
}

/** Match game `index`: its seating rotated from the bots' order, its seed from the round. */
export function playGame(index: number, options: MatchOptions, confirmTiming = true): Promise<MatchGame> {
  return playSeated(index, seating(index, options.game.roles, options.bots.length), gameSeed(options.seed, index, options.game.roles.length), options, confirmTiming);
}

/**
 * One game at one table: `seatBots[i]` is the index of the bot in seat i (null: no bot; the game's
 * built-in player or a script moves it), `seed` the game's seed. A match rotates the seating; a
 * tournament takes it from its schedule.
 */
export async function playSeated(index: number, seatBots: readonly (number | null)[], seed: string | number, options: MatchOptions, confirmTiming = true): Promise<MatchGame> {
  const { game, bots } = options;
  const roles = game.roles;
  const profileName = options.profile ?? game.defaultProfile;
  const profile = Object.hasOwn(game.profiles, profileName) ? game.profiles[profileName] : undefined;
  if (!profile) throw new HarnessError(`${game.id} has no jury profile '${profileName}' (it has: ${Object.keys(game.profiles).join(', ')})`);
  const limits = resolveLimits(profile, undefined, options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : undefined);
  const played: { player: string; move: string }[] = [];
  const recording = options.recordGame?.(index);
  const botSeats: BotSeatSpec[] = [];
  roles.forEach((role, i) => {
    const k = seatBots[i];
    if (k === null || k === undefined) return;
    const command: BotCommand = { argv: bots[k]!.command };
    const seatLimits = options.seatLimits?.(index, role);
    botSeats.push({ role, command, ...(seatLimits ? { limits: seatLimits } : {}) });
  });
  const table = new Table({
    game, profileName, limits, seed,
    setup: options.setup,
    scenarioDir: options.setupDir ?? options.invokedFrom,
    ...(options.opponent !== undefined ? { opponent: options.opponent } : {}),
    bots: botSeats,
    invokedFrom: options.invokedFrom,
    ...(options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : {}),
    ...(options.isolate ? { isolate: true } : {}),
    ...(options.snapshots ? { snapshots: true } : {}),
    ...(options.scripts ? { scripts: options.scripts } : {}),
    ...(options.startBot ? { startBot: options.startBot } : {}),
    ...(options.record ? { onMove: (player: string, move: string) => void played.push({ player, move }) } : {}),
    ...(recording ? { wrapGame: recordingWrap(recording) } : {}),
  });
  const started = Date.now();
  let error: string | undefined;
  let overload: Record<string, number> | undefined;
  let outcome: Outcome | undefined;
  const gameOf = (): MatchGame => {
    const runs = new Map<string, ScenarioResult>();
    for (const spec of botSeats) {
      const bot = bots[seatBots[roles.indexOf(spec.role)]!]!;
      runs.set(spec.role, table.seatResult(table.run(spec.role), {
        scenario: `match game ${index + 1}`,
        name: `game ${index + 1}: ${bot.name} as ${spec.role}`,
        game: game.id, profile: profileName, seed,
      }, {
        ...(error ? { error } : {}),
        ...(overload ? { overload } : {}),
        ...(outcome ? { outcome } : {}),
        ...(options.strict ? { strict: true } : {}),
        startedAt: started,
        ...(options.snapshots ? { snapshots: true } : {}),
      }));
    }
    const seats: MatchSeat[] = roles.map((role, i) => {
      const run = runs.get(role);
      return { role, bot: seatBots[i] ?? null, points: outcome?.scores[role] ?? null, result: seatResult(role, outcome ?? null, roles.length), ...(run ? { run } : {}) };
    });
    return {
      index, seed, seats, outcome: outcome ?? null, jury: table.juryTime(), ...(error ? { error } : {}), durationMs: Date.now() - started,
      ...(options.record ? { record: compareWithRecord(options.record.moves, played) } : {}),
    };
  };
  try {
    await table.open();
    await table.playToEnd();
    await table.checkExits();
    table.finalChecks();
  } catch (e) {
    if (e instanceof MachineOverload) {
      error = e.message;
      overload = e.figures;
    } else if (e instanceof ScenarioError) error = e.message;
    else if (e instanceof HarnessError) {
      await table.close();
      await table.dispose();
      // The fault ends the match (exit 2), but the game as far as it went is reported with it: every
      // seat's run a harness error naming the fault (see faultedGame).
      error = e.message.slice(0, MAX_GAME_ERROR_CHARS);
      try {
        faultedGames.set(e, gameOf());
      } catch {
        // nothing to report of it: the fault's line is what counts
      }
      throw e;
    } else error = `internal error: ${(e as Error).stack ?? String(e)}`;
  } finally {
    await table.close();
  }
  try {
    outcome = error ? undefined : await table.outcome();
  } finally {
    await table.dispose();
  }
  const result = gameOf();
  const runList = result.seats.flatMap((s) => (s.run ? [s.run] : []));
  // The seats of a game share the machine and botjury's event loop, like parallel runs: a timing
  // verdict is believed only when a replay of the game (same seed) repeats it (not once the match is
  // stopping: an interrupt or another game's fault ended every bot, and no bot starts again).
  if (confirmTiming && runList.some(decidedByClock) && !options.signal?.aborted) {
    const replay = await withStall(() => playSeated(index, seatBots, seed, options, false));
    let again = replay.result;
    // A replay's timing verdict on a machine its own evidence shows busy (or stalled on I/O or memory) is
    // believed only when one more replay repeats it, as a run alone's is (runner.ts runAlone).
    if (!options.signal?.aborted && again.seats.some((s) => s.run && timedOutOnBusyMachine(s.run, replay.stallMs) !== null))
      again = await playSeated(index, seatBots, seed, options, false);
    return { ...again, rerunAlone: true };
  }
  return result;
}

/** A game's `error` (the schema's bound). */
const MAX_GAME_ERROR_CHARS = 10_000;

/** The game a harness fault (thrown by playSeated) happened in, as far as it went. */
const faultedGames = new WeakMap<object, MatchGame>();

/** The game `fault` (a harness fault playSeated threw) ended, its every bot seat's run a harness error. */
export function faultedGame(fault: unknown): MatchGame | undefined {
  return typeof fault === 'object' && fault !== null ? faultedGames.get(fault) : undefined;
}

/** The report of the games a harness fault let finish (see runMatch), kept with the fault for the command that writes it. */
const faultReports = new WeakMap<object, MatchReport>();

/**
 * The report of a match a harness fault stopped (runMatch threw `fault`): the games that finished
 * and the one that faulted; undefined for any other error. The command writes it, then exits 2.
 */
export function reportOfFault(fault: unknown): MatchReport | undefined {
  return typeof fault === 'object' && fault !== null ? faultReports.get(fault) : undefined;
}

/** A report's `stopped` (the schema's bound). */
const MAX_STOPPED_CHARS = 2000;

/** How long games in progress get to end once a fault stopped the match (their bots are ended at once). */
const WIND_DOWN_MS = 5000;

/**
 * One line on the jury's own time over the games, where the game answered asynchronously (a referee
 * program): its start-up and answers, measured apart and counted in no bot's clock. Null for a game
 * that answers at once (the built-in games), whose time is microseconds.
 */
export function juryTimeLine(games: readonly MatchGame[]): string | null {
  const times = games.flatMap((g) => (g.jury ? [g.jury] : []));
  if (!times.some((j) => j.totalMs > 0)) return null;
  const ms = (v: number): string => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);
  const calls = times.reduce((n, j) => n + j.calls, 0);
  return `the jury's own time, counted in no bot's clock: start-up up to ${ms(Math.max(...times.map((j) => j.startMs)))} a game; ${calls} requests, ${ms(times.reduce((n, j) => n + j.totalMs, 0))} in all, the longest ${ms(Math.max(...times.map((j) => j.maxMs)))}`;
}

/** How far the moves played follow the record's (compared as text, spaces and case aside). */
export function compareWithRecord(recorded: readonly string[], played: readonly { player: string; move: string }[]): RecordComparison {
  const same = (a: string, b: string): boolean => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
  let followed = 0;
  while (followed < recorded.length && followed < played.length && same(recorded[followed]!, played[followed]!.move)) followed++;
  const out: RecordComparison = { plies: recorded.length, followed };
  if (followed < recorded.length && followed < played.length)
    out.left = { ply: followed + 1, player: played[followed]!.player, recorded: recorded[followed]!, played: played[followed]!.move };
  else if (followed < recorded.length) out.endedAt = followed + 1;
  return out;
}

/**
 * A seat's result, from the one game's outcome alone (a bot's verdicts never decide it: the game
 * applied the rules' consequence of a failure, e.g. CodeCup's irregular loss, and names the winner).
 */
function seatResult(role: string, outcome: Outcome | null, players: number): GameResult | null {
  if (!outcome) return null;
  if (outcome.winner !== undefined) return outcome.winner === role ? 'win' : 'loss';
  // No single winner among several players (SnakeCore's shared lead): the leaders draw, the rest lose.
  const scores = Object.values(outcome.scores);
  if (outcome.finished && players > 2 && scores.length > 0 && Object.hasOwn(outcome.scores, role)) {
    const best = Math.max(...scores);
    return outcome.scores[role] === best ? 'draw' : 'loss';
  }
  return 'draw';
}

/**
 * Plays the match's games (this shard's), `jobs` at a time, stopping early on an SPRT decision. Like a
 * run of scenarios it holds the cgroup moves of its spawns off the games' path (expectBotSpawns).
 */
export async function runMatch(options: MatchOptions, version: string): Promise<MatchReport> {
  return holdingBotSpawns(() => playMatch(options, version));
}

async function playMatch(options: MatchOptions, version: string): Promise<MatchReport> {
  const startedAt = new Date();
  const all = Array.from({ length: options.games }, (_, i) => i);
  const indexes = options.shard ? all.filter((i) => i % options.shard!.count === options.shard!.index - 1) : all;
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, indexes.length));
  const finished = new Map<number, MatchGame>();
  let next = 0;
  let stopped: string | undefined;
  let harnessError: unknown = null;
  let running = 0;
  // Games see this signal: aborted by an interrupt or by a fault, after which no bot starts again
  // (no game, no replay to confirm a timing verdict).
  const halt = new AbortController();
  const stopAll = (): void => halt.abort();
  if (options.signal?.aborted) stopAll();
  else options.signal?.addEventListener('abort', stopAll, { once: true });
  const gameOptions: MatchOptions = { ...options, signal: halt.signal };
  let faultSeen: () => void = () => undefined;
  const fault = new Promise<void>((resolve) => (faultSeen = resolve));
  const bound = new DetailBound(options.detailBudgetChars ?? DETAIL_BUDGET_CHARS);
  const worker = async (): Promise<void> => {
    while (next < indexes.length && !stopped && !harnessError && !options.signal?.aborted) {
      const index = indexes[next++]!;
      running++;
      try {
        const g = await playGame(index, gameOptions);
        // Cut short by an interrupt, or ended by another game's fault: not a result.
        if (options.signal?.aborted || harnessError) return;
        finished.set(index, g);
        // Every listener (console line, transcript file) sees the game whole; then its detail is bounded.
        options.onGameEnd?.(g);
        bound.admit(g);
        if (options.sprt && options.bots.length === 2) {
          const decision = sprtDecision(pairTally([...finished.values()]), options.sprt);
          if (decision.result !== 'continue') stopped = `SPRT: ${decision.result} accepted after ${finished.size} games (LLR ${decision.llr.toFixed(2)}, bounds ${decision.lower.toFixed(2)} … ${decision.upper.toFixed(2)})`;
        }
      } catch (e) {
        // An interrupt ends every process, a referee program's included: what fails then is not a fault.
        // The first fault stops the match: games in progress beside it are stopped now, their bots and
        // referees ended by pid (what they would report would blame bots botjury killed).
        if (!options.signal?.aborted && !harnessError) {
          harnessError = e;
          stopAll();
          if (running > 1) killAllBotsSync();
          faultSeen();
        }
      } finally {
        running--;
      }
    }
  };
  const workers = Promise.all(Array.from({ length: jobs }, worker));
  await Promise.race([workers, fault]);
  if (harnessError) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([workers, new Promise((resolve) => (timer = setTimeout(resolve, WIND_DOWN_MS)))]);
    clearTimeout(timer);
    // The games that finished, and the one that faulted (its seats' runs harness errors naming the
    // fault), as the report the command writes before it exits 2 with the fault's line.
    const faultedOne = faultedGame(harnessError);
    const games = [...finished.values(), ...(faultedOne ? [faultedOne] : [])].sort((a, b) => a.index - b.index);
    const what = harnessError instanceof Error ? harnessError.message : String(harnessError);
    const report = buildReport(options, version, startedAt, games, `a harness error${faultedOne ? ` in game ${faultedOne.index + 1}` : ''}: ${what}`.slice(0, MAX_STOPPED_CHARS));
    if (bound.compacted > 0) report.compactedGames = bound.compacted;
    if (typeof harnessError === 'object' && harnessError !== null) faultReports.set(harnessError, report);
    throw harnessError;
  }
  await workers;
  if (options.signal?.aborted) stopped = 'interrupted';
  const games = [...finished.values()].sort((a, b) => a.index - b.index);
  const report = buildReport(options, version, startedAt, games, stopped);
  if (bound.compacted > 0) report.compactedGames = bound.compacted;
  return report;
}

export function buildReport(options: Pick<MatchOptions, 'game' | 'bots' | 'games' | 'seed' | 'profile' | 'shard' | 'sprt'>, version: string, startedAt: Date, games: MatchGame[], stopped?: string): MatchReport {
  const standings = options.bots.map((bot, k) => standing(bot, k, games));
  const report: MatchReport = {
    tool: { name: 'botjury', version },
    game: options.game.id,
    seed: options.seed,
    profile: options.profile ?? options.game.defaultProfile,
    planned: options.games,
    ...(options.shard ? { shard: options.shard } : {}),
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    games,
    standings,
    ...(stopped ? { stopped } : {}),
    ...(options.game.scoring ? { scoring: options.game.scoring } : {}),
  };
  if (options.bots.length === 2) {
    const tally = pairTally(games);
    // The rotations of one round share its seed: bot A sits in every seat once, a unit of the pentanomial model.
    const { units } = pairSummary(games.map((g) => ({ unitKey: String(g.seed), seats: g.seats })), 0, 1, options.game.roles.length, options.sprt);
    report.pair = { tally, stats: scoreStats(tally), ...(options.sprt ? { sprt: { ...sprtDecision(tally, options.sprt), ...options.sprt } } : {}), units };
  }
  return report;
}

/**
 * The first bot's wins, draws and losses against the second. The winner decides when it is one of the
 * two; in a game of more players (built-in opponents in the other seats) the better score of the two
 * decides, so both losing to a built-in is a draw between them, not a loss of the first.
 */
export function pairTally(games: MatchGame[]): GameTally {
  return mergeTallies(...games.map((g) => {
    const r = pairResult(g);
    return { wins: r === 'win' ? 1 : 0, draws: r === 'draw' ? 1 : 0, losses: r === 'loss' ? 1 : 0 };
  }));
}

export function pairResult(g: MatchGame): GameResult {
  const a = g.seats.find((s) => s.bot === 0);
  const b = g.seats.find((s) => s.bot === 1);
  if (!a?.result || !b?.result) return 'draw';
  const rank = { win: 2, draw: 1, loss: 0 } as const;
  if (rank[a.result] !== rank[b.result]) return rank[a.result] > rank[b.result] ? 'win' : 'loss';
  if (g.seats.length > 2 && a.points !== null && b.points !== null && a.points !== b.points) return a.points > b.points ? 'win' : 'loss';
  return 'draw';
}

export function standing(bot: MatchBot, k: number, games: readonly MatchGame[]): BotStanding {
  const seats = games.flatMap((g) => g.seats.filter((s) => s.bot === k));
  const runs = seats.flatMap((s) => (s.run ? [s.run] : []));
  // Every reply time of the bot, sorted as numbers in one typed array (a merged report's compacted games
  // may hold millions: no array of them is copied, and the sort needs no comparator call per pair).
  let count = 0;
  for (const s of seats) count += s.replyWallsMs?.length ?? s.run?.timing.perReply.length ?? 0;
  const walls = new Float64Array(count);
  let at = 0;
  for (const s of seats) {
    if (s.replyWallsMs) for (const w of s.replyWallsMs) walls[at++] = w;
    else if (s.run) for (const p of s.run.timing.perReply) walls[at++] = p.wallMs;
  }
  walls.sort();
  const violations: Record<string, number> = {};
  for (const r of runs) for (const v of r.violations) violations[v.code] = (violations[v.code] ?? 0) + 1;
  const shares = runs.filter((r) => r.timing.totalBudgetMs).map((r) => r.timing.totalMs / r.timing.totalBudgetMs!);
  const peaks = runs.map((r) => r.memory.peakMb).filter((m): m is number => m !== null);
  return {
    name: bot.name,
    command: bot.command,
    games: seats.length,
    wins: seats.filter((s) => s.result === 'win').length,
    draws: seats.filter((s) => s.result === 'draw').length,
    losses: seats.filter((s) => s.result === 'loss').length,
    points: seats.reduce((n, s) => n + (s.points ?? 0), 0),
    gamesWithViolations: runs.filter((r) => r.violations.some((v) => v.severity === 'error')).length,
    violations,
    timing: {
      replies: walls.length,
      medianMs: walls.length ? walls[Math.floor((walls.length - 1) / 2)]! : null,
      worstMs: walls.length ? walls[walls.length - 1]! : null,
      budgetShareMax: shares.length ? Math.round(Math.max(...shares) * 1000) / 1000 : null,
    },
    peakMemoryMb: peaks.length ? Math.max(...peaks) : null,
  };
}
