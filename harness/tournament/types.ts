// What a tournament is made of and what it reports (schemas/tournament-report.schema.json).
import type { GameDefinition } from '../core/game.js';
import type { BotStanding, MatchGame } from '../match/match.js';
import type { GameTally, ScoreStats, SprtDecision, SprtParams } from '../match/stats.js';
import type { PairUnits } from './pairs.js';
import type { ScheduleDesign, TournamentKind } from './schedule.js';

export const TOURNAMENT_REPORT_FORMAT = 'botjury-tournament-report';
export const TOURNAMENT_REPORT_VERSION = 1;

export interface TournamentBot {
  /** A, B, … Z, AA, AB …: the column of the cross table. */
  name: string;
  command: string[];
}

/**
 * What makes two runs the same tournament, game for game: a shard, a resumed run and a merge must agree
 * on all of it (the bots' commands too).
 */
export interface TournamentSettings {
  game: string;
  tournament: TournamentKind;
  rounds: number;
  seed: number | string;
  profile: string;
  opponent?: string;
  setup?: Record<string, unknown>;
  memoryMb?: number;
  strict?: boolean;
}

export interface TournamentOptions {
  game: GameDefinition;
  bots: TournamentBot[];
  tournament: TournamentKind;
  rounds: number;
  seed: number | string;
  profile?: string;
  opponent?: string;
  setup?: Record<string, unknown>;
  setupDir?: string;
  memoryMb?: number;
  strict?: boolean;
  isolate?: boolean;
  jobs?: number;
  shard?: { index: number; count: number };
  sprt?: SprtParams;
  /** Record every position (for the HTML replay and the live page). */
  snapshots?: boolean;
  invokedFrom: string;
  signal?: AbortSignal;
  /** Characters of game detail the report keeps (default DETAIL_BUDGET_CHARS, as `match`). */
  detailBudgetChars?: number;
  /** Plays of a voided game after the first (default VOID_REPLAYS). */
  voidReplays?: number;
  /** From a state file (--resume): games already played and plays already voided. */
  resumed?: { games: TournamentGame[]; voided: VoidedPlay[] };
  /** Called as each game ends, whole (state file, console line, live page), before its detail is bounded. */
  onGameEnd?(game: TournamentGame): void;
  /** Called for every play that ended in a judge's fault (no result for anyone). */
  onVoid?(play: VoidedPlay): void;
  /** Called before the first game and after each game: `report()` builds the standings so far (for --live). */
  onProgress?(report: () => TournamentReport): void;
}

/** Where a game sits in the schedule (harness/tournament/schedule.ts). */
export interface SchedulePlace {
  round: number;
  tableIndex: number;
  rotation: number;
  /** `<round>/<table>`: the games with the same key are the rotations of one seed (a pair, for two seats). */
  pairKey: string;
}

/** A game of the tournament: a match game (seats, outcome, each bot seat's run) and its place. */
export interface TournamentGame extends MatchGame, SchedulePlace {
  seed: string;
  /** Its bots ran in a sandbox (--isolate); absent: they did not. A resumed tournament may mix both. */
  isolated?: true;
}

/** A play that ended in a fault of the harness or the referee: not a result for anyone. */
export interface VoidedPlay extends SchedulePlace {
  index: number;
  seed: string;
  /** Bot index by seat (null: the game's built-in player). */
  seats: (number | null)[];
  /** 1 for the first play of the game, 2 for its first replay … */
  attempt: number;
  error: string;
}

export interface CrossCell {
  /** Games in which both bots sat. */
  games: number;
  /** The row bot's results against the column bot (the better result of the two wins the game between them). */
  wins: number;
  draws: number;
  losses: number;
  /** The row bot's own game points in those games. */
  points: number;
}

export interface TournamentStanding extends BotStanding {
  /** Index into `bots`. */
  bot: number;
  /** 1 = first; bots with equal score, points per game and Elo share a rank. */
  rank: number;
  /** (W + D/2) / games; null without games. */
  score: number | null;
  /** The Bradley–Terry Elo from all games (harness/tournament/elo.ts), averaging 0; null without games. */
  elo: number | null;
  eloError95: number | null;
}

export interface TournamentPair {
  /** Bot indexes, a < b; the statistics are a's against b. */
  a: number;
  b: number;
  tally: GameTally;
  stats: ScoreStats;
  sprt?: SprtDecision & SprtParams;
  units: PairUnits;
}

export interface TournamentReport {
  format: typeof TOURNAMENT_REPORT_FORMAT;
  version: number;
  tool: { name: string; version: string };
  game: string;
  tournament: TournamentKind;
  rounds: number;
  seed: number | string;
  profile: string;
  opponent?: string;
  setup?: Record<string, unknown>;
  memoryMb?: number;
  strict?: boolean;
  /** Whether the bots of every game ran in a sandbox (--isolate); each game says so too. */
  isolated: boolean;
  schedule: { seats: number; games: number; gamesPerRound: number; tables: number } & ScheduleDesign;
  /** Games this run was to play: the whole schedule, or this shard's part. */
  planned: number;
  shard?: { index: number; count: number };
  startedAt: string;
  durationMs: number;
  stopped?: string;
  scoring?: string;
  compactedGames?: number;
  bots: TournamentBot[];
  games: TournamentGame[];
  /** Every play voided (a judge's fault), in the order they happened; replayed plays included. */
  voided: VoidedPlay[];
  /** Games voided on every play: no result, left out of everything. */
  unresolved: number[];
  /** Ranked: by score, then the game's points per game, then Elo. */
  standings: TournamentStanding[];
  /** crossTable[i][j]: bot i against bot j (by index into `bots`); null on the diagonal. */
  crossTable: (CrossCell | null)[][];
  /** Every two bots that met, a < b. */
  pairs: TournamentPair[];
  elo: { model: 'bradley-terry'; prior: number; components: number };
  sprt?: SprtParams;
}
