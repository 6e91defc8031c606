// A tournament's results from its games: standings (ranked), the cross table, every pair's statistics
// and an Elo for every bot. Pure: the same games give the same numbers whatever order they finished
// in (games are taken by index), so a resumed or merged tournament ends with the standings of one
// uninterrupted run.
import { standing } from '../match/match.js';
import type { SprtParams } from '../match/stats.js';
import { fitElo } from './elo.js';
import { pairSummary } from './pairs.js';
import { headToHead } from './pentanomial.js';
import type { Schedule } from './schedule.js';
import {
  TOURNAMENT_REPORT_FORMAT, TOURNAMENT_REPORT_VERSION,
  type CrossCell, type TournamentBot, type TournamentGame, type TournamentPair, type TournamentReport, type TournamentSettings, type TournamentStanding, type VoidedPlay,
} from './types.js';

export interface ReportInput {
  settings: TournamentSettings;
  bots: TournamentBot[];
  schedule: Schedule;
  planned: number;
  shard?: { index: number; count: number };
  version: string;
  startedAt: Date;
  games: readonly TournamentGame[];
  voided: readonly VoidedPlay[];
  unresolved: readonly number[];
  isolated: boolean;
  sprt?: SprtParams;
  stopped?: string;
  scoring?: string;
}

export function buildTournamentReport(input: ReportInput): TournamentReport {
  const { settings, bots, schedule } = input;
  const games = [...input.games].sort((a, b) => a.index - b.index);
  const n = bots.length;
  const crossTable = crossTableOf(games, n);
  const fit = fitElo(
    crossTable.map((row) => row.map((c) => c?.games ?? 0)),
    crossTable.map((row) => row.map((c) => (c ? c.wins + c.draws / 2 : 0))),
  );
  const standings = ranked(bots.map((bot, k): TournamentStanding => {
    const s = standing(bot, k, games);
    return { ...s, bot: k, rank: 0, score: s.games ? (s.wins + s.draws / 2) / s.games : null, elo: fit.ratings[k] ?? null, eloError95: fit.errors95[k] ?? null };
  }));
  const pairs: TournamentPair[] = [];
  const unitGames = games.map((g) => ({ unitKey: g.pairKey, seats: g.seats }));
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      if (!crossTable[a]![b]?.games) continue;
      pairs.push({ a, b, ...pairSummary(unitGames, a, b, schedule.seats, input.sprt) });
    }
  }
  return {
    format: TOURNAMENT_REPORT_FORMAT,
    version: TOURNAMENT_REPORT_VERSION,
    tool: { name: 'botjury', version: input.version },
    ...settings,
    // A resumed tournament (or a merge) holds games played with and without a sandbox: isolated only if all were.
    isolated: input.isolated && games.every((g) => g.isolated === true),
    schedule: { seats: schedule.seats, games: schedule.games, gamesPerRound: schedule.gamesPerRound, tables: schedule.tables.length, ...schedule.design },
    planned: input.planned,
    ...(input.shard ? { shard: input.shard } : {}),
    startedAt: input.startedAt.toISOString(),
    durationMs: Date.now() - input.startedAt.getTime(),
    ...(input.stopped ? { stopped: input.stopped } : {}),
    ...(input.scoring ? { scoring: input.scoring } : {}),
    bots,
    games,
    voided: [...input.voided],
    unresolved: [...input.unresolved].sort((a, b) => a - b),
    standings,
    crossTable,
    pairs,
    elo: { model: 'bradley-terry', prior: fit.prior, components: fit.components },
    ...(input.sprt ? { sprt: input.sprt } : {}),
  };
}

/** crossTable[i][j]: bot i's games, results and points against bot j. */
export function crossTableOf(games: readonly TournamentGame[], bots: number): (CrossCell | null)[][] {
  const table: (CrossCell | null)[][] = Array.from({ length: bots }, (_, i) =>
    Array.from({ length: bots }, (_, j) => (i === j ? null : { games: 0, wins: 0, draws: 0, losses: 0, points: 0 })));
  for (const g of games) {
    const present = g.seats.filter((s) => s.bot !== null);
    for (const si of present) {
      for (const sj of present) {
        if (si.bot === sj.bot) continue;
        const cell = table[si.bot!]![sj.bot!]!;
        const result = headToHead(g.seats, si.bot!, sj.bot!)!;
        cell.games++;
        if (result === 'win') cell.wins++;
        else if (result === 'draw') cell.draws++;
        else cell.losses++;
        cell.points += si.points ?? 0;
      }
    }
  }
  return table;
}

/** Best first: score, then the game's points per game, then Elo; equal on all three share a rank. */
function ranked(standings: TournamentStanding[]): TournamentStanding[] {
  // Rounded so that bots with the same results (the last digits of a fit aside) share a rank.
  const round = (x: number): number => Math.round(x * 1e6) / 1e6;
  const key = (s: TournamentStanding): [number, number, number] => [s.score === null ? -1 : round(s.score), s.games ? round(s.points / s.games) : -Infinity, s.elo === null ? -Infinity : round(s.elo)];
  const compare = (a: TournamentStanding, b: TournamentStanding): number => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return y[i]! - x[i]! > 0 ? 1 : -1;
    return 0;
  };
  const sorted = [...standings].sort((a, b) => compare(a, b) || a.bot - b.bot);
  sorted.forEach((s, i) => {
    s.rank = i > 0 && compare(sorted[i - 1]!, s) === 0 ? sorted[i - 1]!.rank : i + 1;
  });
  return sorted;
}
