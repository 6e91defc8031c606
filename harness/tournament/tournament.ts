// `botjury tournament`: a field of bots plays its schedule (schedule.ts), every game one table of the
// one game core (playSeated: every seat judged exactly as `check` judges it). A game that ends in a
// judge's fault — the harness's or the referee program's — is no result for anyone: it is voided and
// played again (same seed, same seats, so the pair it belongs to is made whole), up to a bound.
import { holdingBotSpawns } from '../core/bot-process.js';
import { RefereeFault } from '../games/process-referee.js';
import { DETAIL_BUDGET_CHARS, DetailBound, playSeated, type MatchGame, type MatchOptions } from '../match/match.js';
import { buildTournamentReport } from './results.js';
import { planSchedule, type Schedule, type ScheduledGame } from './schedule.js';
import type { TournamentGame, TournamentOptions, TournamentReport, TournamentSettings, VoidedPlay } from './types.js';

/** Plays of a voided game after its first: a fault that repeats three times is the judge's, not luck's. */
export const VOID_REPLAYS = 2;
/** A voided play keeps this much of its fault's text (a referee's message, an internal error's stack). */
const MAX_ERROR_CHARS = 10_000;

export function tournamentSchedule(options: Pick<TournamentOptions, 'game' | 'bots' | 'tournament' | 'rounds' | 'seed'>): Schedule {
  return planSchedule({ kind: options.tournament, bots: options.bots.length, seats: options.game.roles.length, rounds: options.rounds, seed: options.seed });
}

/** The schedule's games this run plays: all, or shard K of N's (index mod N = K − 1), as `match` shards. */
export function shardIndexes(games: number, shard?: { index: number; count: number }): number[] {
  const all = Array.from({ length: games }, (_, i) => i);
  return shard ? all.filter((i) => i % shard.count === shard.index - 1) : all;
}

export function tournamentSettings(options: TournamentOptions): TournamentSettings {
  return {
    game: options.game.id,
    tournament: options.tournament,
    rounds: options.rounds,
    seed: options.seed,
    profile: options.profile ?? options.game.defaultProfile,
    ...(options.opponent !== undefined ? { opponent: options.opponent } : {}),
    ...(options.setup !== undefined ? { setup: options.setup } : {}),
    ...(options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : {}),
    ...(options.strict ? { strict: true } : {}),
  };
}

export async function runTournament(options: TournamentOptions, version: string): Promise<TournamentReport> {
  // Like a run of scenarios, the cgroup moves of its spawns are held off the games' path.
  return holdingBotSpawns(() => playTournament(options, version));
}

async function playTournament(options: TournamentOptions, version: string): Promise<TournamentReport> {
  const startedAt = new Date();
  const schedule = tournamentSchedule(options);
  const indexes = shardIndexes(schedule.games, options.shard);
  const finished = new Map<number, TournamentGame>();
  const voided: VoidedPlay[] = [...(options.resumed?.voided ?? [])];
  const unresolved: number[] = [];
  const bound = new DetailBound(options.detailBudgetChars ?? DETAIL_BUDGET_CHARS);
  for (const g of options.resumed?.games ?? []) {
    finished.set(g.index, g);
    bound.admit(g);
  }
  const todo = indexes.filter((i) => !finished.has(i));
  const matchOptions: MatchOptions = {
    game: options.game,
    bots: options.bots,
    games: schedule.games,
    seed: options.seed,
    invokedFrom: options.invokedFrom,
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.opponent !== undefined ? { opponent: options.opponent } : {}),
    ...(options.setup !== undefined ? { setup: options.setup } : {}),
    ...(options.setupDir !== undefined ? { setupDir: options.setupDir } : {}),
    ...(options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...(options.isolate ? { isolate: true } : {}),
    ...(options.snapshots ? { snapshots: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const replays = options.voidReplays ?? VOID_REPLAYS;
  const aborted = (): boolean => options.signal?.aborted === true;

  /** The game's result, null when every play was voided, undefined when interrupted. */
  const play = async (place: ScheduledGame): Promise<TournamentGame | null | undefined> => {
    for (let attempt = 1; attempt <= 1 + replays; attempt++) {
      let game: MatchGame | undefined;
      let fault: string | undefined;
      try {
        game = await playSeated(place.index, place.table, place.seed, matchOptions);
      } catch (e) {
        // A referee program's fault ends the game, not the tournament; any other harness fault (a bot
        // that cannot start) ends the tournament with exit 2.
        if (!(e instanceof RefereeFault) || aborted()) throw e;
        fault = e.message;
      }
      if (aborted()) return undefined;
      fault ??= game!.error;
      if (fault === undefined) return tournamentGame(game!, place, options);
      const voidedPlay: VoidedPlay = {
        index: place.index, round: place.round, tableIndex: place.tableIndex, rotation: place.rotation, pairKey: place.pairKey,
        seed: place.seed, seats: place.table, attempt, error: fault.slice(0, MAX_ERROR_CHARS),
      };
      voided.push(voidedPlay);
      options.onVoid?.(voidedPlay);
    }
    return null;
  };

  const snapshot = (): TournamentReport => {
    const report = buildTournamentReport({
      settings: tournamentSettings(options),
      bots: options.bots,
      schedule,
      planned: indexes.length,
      ...(options.shard ? { shard: options.shard } : {}),
      version,
      startedAt,
      games: [...finished.values()],
      voided,
      unresolved,
      isolated: options.isolate === true,
      ...(options.sprt ? { sprt: options.sprt } : {}),
      ...(aborted() ? { stopped: 'interrupted' } : {}),
      ...(options.game.scoring ? { scoring: options.game.scoring } : {}),
    });
    if (bound.compacted > 0) report.compactedGames = bound.compacted;
    return report;
  };
  options.onProgress?.(snapshot);

  let next = 0;
  let harnessError: unknown = null;
  const worker = async (): Promise<void> => {
    while (next < todo.length && !harnessError && !aborted()) {
      const place = schedule.gameAt(todo[next++]!);
      try {
        const g = await play(place);
        if (g === undefined) return;
        if (g === null) {
          unresolved.push(place.index);
          continue;
        }
        finished.set(g.index, g);
        // Every listener (state file, console line, live page) sees the game whole; then its detail is bounded.
        options.onGameEnd?.(g);
        bound.admit(g);
        options.onProgress?.(snapshot);
      } catch (e) {
        // An interrupt ends every process, a referee program's included: what fails then is not a fault.
        if (!aborted()) harnessError ??= e;
      }
    }
  };
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, todo.length));
  await Promise.all(Array.from({ length: jobs }, worker));
  if (harnessError) throw harnessError;
  return snapshot();
}

/** A played game with its place in the schedule; each seat's run named after the tournament's game. */
function tournamentGame(g: MatchGame, place: ScheduledGame, options: TournamentOptions): TournamentGame {
  for (const s of g.seats) {
    if (!s.run || s.bot === null) continue;
    s.run.scenario = `tournament game ${place.index + 1}`;
    s.run.name = `game ${place.index + 1} (round ${place.round + 1}, seed ${place.seed}): ${options.bots[s.bot]!.name} as ${s.role}`;
  }
  return { ...g, seed: place.seed, round: place.round, tableIndex: place.tableIndex, rotation: place.rotation, pairKey: place.pairKey, ...(options.isolate ? { isolated: true as const } : {}) };
}
