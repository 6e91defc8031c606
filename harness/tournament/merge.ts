// Tournament shards as one tournament (`botjury merge`), read as a match's shards are
// (harness/match/merge.ts: each file taken apart into its top-level fields and its games, never parsed
// whole): the fields checked against schemas/tournament-report.schema.json before any is read, then
// each game against the schema's game as it is read; then what a schema cannot say — a game this
// botjury knows, the same tournament in every shard (settings, bots, schedule, shard count), every
// game where the schedule puts it, of its shard, once. The standings, cross table, pairs and Elo are
// computed over all games, as if the tournament had run at once. Past the detail budget a game keeps
// only what the merged report needs, so memory holds one shard's text and the games' results.
import { HarnessError } from '../core/bot-process.js';
import { FileError } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import { DETAIL_BUDGET_CHARS, DetailBound } from '../match/match.js';
import { seatRunsProblem, type ShardParts } from '../match/merge.js';
import { buildTournamentReport } from './results.js';
import { planSchedule, type Schedule } from './schedule.js';
import { schemaProblem } from './schemas.js';
import { canonical, gameProblem, seatProblem } from './state.js';
import { shardIndexes } from './tournament.js';
import type { TournamentGame, TournamentReport, TournamentSettings, VoidedPlay } from './types.js';

const SETTINGS_KEYS = ['game', 'tournament', 'rounds', 'seed', 'profile', 'opponent', 'setup', 'memoryMb', 'strict'] as const;

interface Identity {
  head: TournamentReport;
  name: string;
  game: GameDefinition;
  schedule: Schedule;
}

export class TournamentMerger {
  private first: Identity | undefined;
  private readonly games = new Map<number, TournamentGame>();
  private readonly voided: VoidedPlay[] = [];
  private readonly unresolved: number[] = [];
  private readonly shards = new Map<number, string>();
  private readonly bound: DetailBound;
  private readonly stopped: string[] = [];
  private planned = 0;
  private started = Infinity;
  private ended = -Infinity;
  private isolated = true;

  /** `findGame`: the games this botjury knows (built in and loaded with --game-module). */
  constructor(private readonly findGame: (id: string) => GameDefinition | undefined, detailBudgetChars = DETAIL_BUDGET_CHARS) {
    this.bound = new DetailBound(detailBudgetChars);
  }

  add(shard: ShardParts): void {
    const fail = (reason: string): FileError => new FileError(shard.name, reason);
    const problem = schemaProblem('tournament-report', shard.head);
    if (problem) throw fail(problem);
    const head = shard.head as TournamentReport;
    const { schedule, game } = this.identify(head, shard.name);
    const shardIndex = head.shard?.index ?? 1;
    const other = this.shards.get(shardIndex);
    if (other !== undefined) throw fail(`shard ${shardIndex} is given twice (this one and ${other}): merge each shard once`);
    this.shards.set(shardIndex, shard.name);
    const expected = { schedule, indexes: new Set(shardIndexes(schedule.games, head.shard)) };
    let position = 0;
    for (const data of shard.games) {
      const where = `/games/${position++}`;
      const gameSchemaProblem = schemaProblem('tournament-game', data, where);
      if (gameSchemaProblem) throw fail(gameSchemaProblem);
      const g = data as TournamentGame;
      const inconsistency = gameProblem(g, g.seats.map((s) => s.bot), expected) ?? seatProblem(g, game) ?? seatRunsProblem(g);
      if (inconsistency) throw fail(`${where}: ${inconsistency}`);
      if (this.games.has(g.index)) throw fail(`${where}: game ${g.index + 1} is in two reports: merge each shard once`);
      this.bound.admit(g);
      this.games.set(g.index, g);
    }
    for (const [k, v] of head.voided.entries()) {
      const inconsistency = gameProblem(v, v.seats, expected);
      if (inconsistency) throw fail(`/voided/${k}: ${inconsistency}`);
      this.voided.push(v);
    }
    for (const [k, i] of head.unresolved.entries()) {
      if (!expected.indexes.has(i)) throw fail(`/unresolved/${k}: game ${i + 1} is not a game of this shard`);
      if (this.games.has(i)) throw fail(`/unresolved/${k}: game ${i + 1} has a result in a report`);
      this.unresolved.push(i);
    }
    this.planned += head.planned;
    if (head.stopped) this.stopped.push(`${head.shard ? `shard ${head.shard.index}/${head.shard.count}` : shard.name}: ${head.stopped}`);
    this.isolated &&= head.isolated;
    const start = Date.parse(head.startedAt);
    this.started = Math.min(this.started, start);
    this.ended = Math.max(this.ended, start + head.durationMs);
  }

  finish(): TournamentReport {
    const first = this.first;
    if (!first) throw new HarnessError('merge needs the JSON reports of the shards');
    const settings = Object.fromEntries(SETTINGS_KEYS.filter((k) => first.head[k] !== undefined).map((k) => [k, first.head[k]])) as unknown as TournamentSettings;
    const report = buildTournamentReport({
      settings,
      bots: first.head.bots,
      schedule: first.schedule,
      planned: this.planned,
      version: first.head.tool.version,
      startedAt: new Date(this.started),
      games: [...this.games.values()],
      voided: this.voided,
      unresolved: this.unresolved,
      isolated: this.isolated,
      ...(first.head.sprt ? { sprt: first.head.sprt } : {}),
      ...(this.stopped.length ? { stopped: this.stopped.join('; ').slice(0, 2000) } : {}),
      ...(first.head.scoring ? { scoring: first.head.scoring } : {}),
    });
    if (this.bound.compacted > 0) report.compactedGames = this.bound.compacted;
    report.durationMs = Math.max(0, this.ended - this.started);
    // Whatever the shards held, what merge writes is a tournament report (a failure here is botjury's bug).
    const problem = schemaProblem('tournament-report', report);
    if (problem) throw new HarnessError(`the merged report does not validate (a botjury bug): ${problem}`);
    return report;
  }

  /** The tournament this shard belongs to: the first shard's, which every later one must equal. */
  private identify(head: TournamentReport, name: string): Identity {
    const fail = (reason: string): FileError => new FileError(name, reason);
    const first = this.first;
    if (first) {
      const differs = SETTINGS_KEYS.find((k) => canonical(head[k]) !== canonical(first.head[k])) ??
        (canonical(head.bots) !== canonical(first.head.bots) ? 'bots' :
          canonical(head.sprt) !== canonical(first.head.sprt) ? 'SPRT' :
          head.schedule.games !== first.schedule.games ? 'schedule' :
          (head.shard?.count ?? 1) !== (first.head.shard?.count ?? 1) ? 'shard count' : null);
      if (differs) throw fail(`not a shard of the same tournament as ${first.name} (its ${differs} differs; game, format, rounds, seed, profile, opponent, setup, limits, bots, SPRT and shard count must agree)`);
      return first;
    }
    const game = this.findGame(head.game);
    if (!game) throw fail(`game '${head.game}' is not a game botjury knows (load a game package with --game-module)`);
    if (!Object.hasOwn(game.profiles, head.profile)) throw fail(`profile '${head.profile}' is not a profile of ${game.id}`);
    if (head.shard && head.shard.index > head.shard.count) throw fail(`shard ${head.shard.index} of ${head.shard.count}`);
    if (head.bots.some((b, k) => head.bots.findIndex((c) => c.name === b.name) !== k)) throw fail('two bots with one name');
    let schedule: Schedule;
    try {
      schedule = planSchedule({ kind: head.tournament, bots: head.bots.length, seats: game.roles.length, rounds: head.rounds, seed: head.seed });
    } catch (e) {
      if (e instanceof RangeError) throw fail(`its tournament cannot be scheduled: ${e.message}`);
      throw e;
    }
    if (head.schedule.games !== schedule.games) throw fail(`its schedule has ${head.schedule.games} games; ${head.tournament} of ${head.bots.length} bots in ${game.id} over ${head.rounds} rounds has ${schedule.games}`);
    this.first = { head, name, game, schedule };
    return this.first;
  }
}
