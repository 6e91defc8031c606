// Tournament shards as one tournament (`botjury merge`): every shard checked to be a part of the same
// tournament (settings, bots, schedule; no game twice; every game where the schedule puts it), then the
// standings, cross table, pairs and Elo computed over all games, as if it had run at once. Reports are
// added one at a time and their games' detail bounded as they come (as one run's report is), so
// merging holds one shard's file and the games' results, never every shard whole.
import { HarnessError } from '../core/bot-process.js';
import type { GameDefinition } from '../core/game.js';
import { DETAIL_BUDGET_CHARS, DetailBound } from '../match/match.js';
import { buildTournamentReport } from './results.js';
import { planSchedule, type Schedule } from './schedule.js';
import { canonical, gameProblem, seatProblem } from './state.js';
import { shardIndexes } from './tournament.js';
import type { TournamentGame, TournamentReport, TournamentSettings, VoidedPlay } from './types.js';

const SETTINGS_KEYS = ['game', 'tournament', 'rounds', 'seed', 'profile', 'opponent', 'setup', 'memoryMb', 'strict'] as const;

export class TournamentMerger {
  private readonly schedule: Schedule;
  private readonly games = new Map<number, TournamentGame>();
  private readonly voided: VoidedPlay[] = [];
  private readonly unresolved: number[] = [];
  private readonly shards = new Set<number>();
  private readonly bound = new DetailBound(DETAIL_BUDGET_CHARS);
  private readonly stopped: string[] = [];
  private planned = 0;
  private started = Infinity;
  private ended = -Infinity;
  private isolated = true;

  /** `first`: the first shard's report (schema-checked), which the others must agree with. */
  constructor(private readonly first: TournamentReport, private readonly firstShown: string, private readonly game: GameDefinition) {
    if (first.schedule.seats !== game.roles.length) throw new HarnessError(`${firstShown}: its games have ${first.schedule.seats} seats; ${game.id} has ${game.roles.length}`);
    this.schedule = planSchedule({ kind: first.tournament, bots: first.bots.length, seats: game.roles.length, rounds: first.rounds, seed: first.seed });
  }

  /** Adds a shard's report (schema-checked); a report of another tournament, or a game twice, is refused. */
  add(report: TournamentReport, shown: string): void {
    const notSame = (why: string): HarnessError => new HarnessError(`${shown} is not a shard of the same tournament as ${this.firstShown}: ${why}`);
    for (const key of SETTINGS_KEYS) if (canonical(report[key]) !== canonical(this.first[key])) throw notSame(`its ${key} differs`);
    if (canonical(report.bots) !== canonical(this.first.bots)) throw notSame('its bots differ');
    if (report.schedule.games !== this.schedule.games) throw notSame(`its schedule has ${report.schedule.games} games, not ${this.schedule.games}`);
    if ((report.shard?.count ?? 1) !== (this.first.shard?.count ?? 1)) throw notSame(`it is a shard of ${report.shard?.count ?? 1}, not of ${this.first.shard?.count ?? 1}`);
    const shard = report.shard?.index ?? 1;
    if (this.shards.has(shard)) throw new HarnessError(`${shown}: shard ${shard} is given twice: merge each shard once`);
    this.shards.add(shard);
    const indexes = new Set(shardIndexes(this.schedule.games, report.shard));
    const expected = { schedule: this.schedule, indexes };
    for (const g of report.games) {
      const problem = gameProblem(g, g.seats.map((s) => s.bot), expected) ?? seatProblem(g, this.game);
      if (problem) throw new HarnessError(`${shown}: ${problem}`);
      if (this.games.has(g.index)) throw new HarnessError(`${shown}: game ${g.index + 1} is in two reports: merge each shard once`);
      this.games.set(g.index, g);
      this.bound.admit(g);
    }
    for (const v of report.voided) {
      const problem = gameProblem(v, v.seats, expected);
      if (problem) throw new HarnessError(`${shown}: voided play: ${problem}`);
      this.voided.push(v);
    }
    for (const i of report.unresolved) {
      if (!indexes.has(i)) throw new HarnessError(`${shown}: unresolved game ${i + 1} is not one of its shard's`);
      this.unresolved.push(i);
    }
    this.planned += report.planned;
    if (report.stopped) this.stopped.push(`${report.shard ? `shard ${report.shard.index}/${report.shard.count}` : shown}: ${report.stopped}`);
    this.isolated &&= report.isolated;
    const start = Date.parse(report.startedAt);
    if (Number.isFinite(start)) {
      this.started = Math.min(this.started, start);
      this.ended = Math.max(this.ended, start + report.durationMs);
    }
  }

  result(version: string): TournamentReport {
    const settings = Object.fromEntries(SETTINGS_KEYS.filter((k) => this.first[k] !== undefined).map((k) => [k, this.first[k]])) as unknown as TournamentSettings;
    const startedAt = new Date(Number.isFinite(this.started) ? this.started : Date.now());
    const report = buildTournamentReport({
      settings,
      bots: this.first.bots,
      schedule: this.schedule,
      planned: this.planned,
      version,
      startedAt,
      games: [...this.games.values()],
      voided: this.voided,
      unresolved: this.unresolved,
      isolated: this.isolated,
      ...(this.first.sprt ? { sprt: this.first.sprt } : {}),
      ...(this.stopped.length ? { stopped: this.stopped.join('; ') } : {}),
      ...(this.first.scoring ? { scoring: this.first.scoring } : {}),
    });
    if (this.bound.compacted > 0) report.compactedGames = this.bound.compacted;
    if (Number.isFinite(this.ended)) report.durationMs = Math.max(0, this.ended - startedAt.getTime());
    return report;
  }
}
