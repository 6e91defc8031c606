// `botjury merge`: the match reports of several shards as one, as if the match had run at once. A
// shard is a file from anywhere (a CI artifact), so nothing in it is believed before it is checked:
// - read through the bounded reader (a regular file, at most 64 MB), and taken apart into its
//   top-level fields and its games without being parsed whole (core/json-parts.ts);
// - each part checked against schemas/match-report.schema.json before any field of it is read;
// - then what a schema cannot say: a game this merge knows, the same match in every shard (game, seed,
//   profile, games, bots, SPRT), every game index in range, of its shard, once, seated and seeded as
//   the match seats and seeds it.
// Memory stays bounded: one shard's text at a time, one game parsed at a time, and past the detail
// budget (DETAIL_BUDGET_CHARS) a game keeps only what the merged report needs (results, verdicts with
// their evidence, reply times). The merged report is checked against the same schema.
import { closeSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { HarnessError } from '../core/bot-process.js';
import { FILE_CAPS, FileError, openBoundedFile } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import { fileSource, JsonPartsError, parseSpan, scanTopLevel, type ByteSource } from '../core/json-parts.js';
import { SCHEMA_DIR } from '../core/paths.js';
import { schemaErrorLine } from '../core/schema-errors.js';
import { compileSchema, transcriptAjv } from '../tools/transcript.js';
import { buildReport, DETAIL_BUDGET_CHARS, DetailBound, gameSeed, seating, type MatchBot, type MatchGame, type MatchReport } from './match.js';
import { parseSprt, type SprtParams } from './stats.js';

/** A shard as `merge` takes it: its top-level fields (games: []), then its games one at a time. */
export interface ShardParts {
  /** How errors name the shard: "match report s1.json". */
  name: string;
  head: unknown;
  games: Iterable<unknown>;
}

/** What must agree between the shards of one match. */
interface MatchIdentity {
  game: GameDefinition;
  seed: number | string;
  profile: string;
  planned: number;
  bots: MatchBot[];
  sprt: SprtParams | undefined;
  shardCount: number | undefined;
  version: string;
  firstName: string;
}

/** Merges shards one at a time; `finish` gives the merged report. */
export class ShardMerger {
  private match: MatchIdentity | undefined;
  private readonly games: MatchGame[] = [];
  private readonly seen = new Map<number, string>();
  private readonly bound: DetailBound;
  private started = Infinity;
  private ended = -Infinity;

  /** `findGame`: the games this botjury knows (built in and loaded with --game-module). */
  constructor(private readonly findGame: (id: string) => GameDefinition | undefined, detailBudgetChars = DETAIL_BUDGET_CHARS) {
    this.bound = new DetailBound(detailBudgetChars);
  }

  add(shard: ShardParts): void {
    const fail = (reason: string): FileError => new FileError(shard.name, reason);
    const problem = schemaProblem(validators().head, shard.head, '');
    if (problem) throw fail(problem);
    const head = shard.head as MatchReport;
    const match = this.identify(head, shard.name);
    const startedAt = Date.parse(head.startedAt);
    this.started = Math.min(this.started, startedAt);
    this.ended = Math.max(this.ended, startedAt + head.durationMs);
    let position = 0;
    for (const data of shard.games) {
      const where = `/games/${position++}`;
      const gameProblem = schemaProblem(validators().game, data, where);
      if (gameProblem) throw fail(gameProblem);
      const g = data as MatchGame;
      const inconsistency = this.gameProblem(g, head, match);
      if (inconsistency) throw fail(`${where}: ${inconsistency}`);
      this.seen.set(g.index, shard.name);
      this.bound.admit(g);
      this.games.push(g);
    }
  }

  finish(): MatchReport {
    const match = this.match;
    if (!match) throw new HarnessError('merge needs the JSON reports of the shards');
    const games = this.games.sort((a, b) => a.index - b.index);
    const merged = buildReport(
      { game: match.game, bots: match.bots, games: match.planned, seed: match.seed, profile: match.profile, ...(match.sprt ? { sprt: match.sprt } : {}) },
      match.version,
      new Date(this.started),
      games,
    );
    if (this.bound.compacted > 0) merged.compactedGames = this.bound.compacted;
    merged.durationMs = this.ended - this.started;
    // Whatever the shards held, what merge writes is a match report (a failure here is botjury's bug).
    const problem = schemaProblem(validators().report, merged, '');
    if (problem) throw new HarnessError(`the merged report does not validate (a botjury bug): ${problem}`);
    return merged;
  }

  /** The match this shard belongs to; the first shard's, which every later one must equal. */
  private identify(head: MatchReport, name: string): MatchIdentity {
    const fail = (reason: string): FileError => new FileError(name, reason);
    const game = this.findGame(head.game);
    if (!game) throw fail(`game '${head.game}' is not a game botjury knows (load a game package with --game-module)`);
    if (!Object.hasOwn(game.profiles, head.profile)) throw fail(`profile '${head.profile}' is not a profile of ${game.id}`);
    const bots = head.standings.map((s) => ({ name: s.name, command: s.command }));
    if (bots.length > game.roles.length) throw fail(`${bots.length} bots in a game of ${game.roles.length} seats`);
    if (head.shard && head.shard.index > head.shard.count) throw fail(`shard ${head.shard.index} of ${head.shard.count}`);
    let sprt: SprtParams | undefined;
    if (head.pair?.sprt) {
      const { elo0, elo1, alpha, beta } = head.pair.sprt;
      try {
        sprt = parseSprt(`${elo0},${elo1},${alpha},${beta}`);
      } catch (e) {
        throw fail((e as Error).message);
      }
    }
    if (head.pair && bots.length !== 2) throw fail('a pair result for a match of more than two bots');
    const mine: MatchIdentity = { game, seed: head.seed, profile: head.profile, planned: head.planned, bots, sprt, shardCount: head.shard?.count, version: head.tool.version, firstName: name };
    const first = this.match;
    if (!first) {
      this.match = mine;
      return mine;
    }
    const differs =
      mine.game !== first.game ? 'game' :
      String(mine.seed) !== String(first.seed) ? 'seed' :
      mine.profile !== first.profile ? 'profile' :
      mine.planned !== first.planned ? 'games' :
      JSON.stringify(mine.bots) !== JSON.stringify(first.bots) ? 'bots' :
      JSON.stringify(mine.sprt) !== JSON.stringify(first.sprt) ? 'SPRT' :
      mine.shardCount !== first.shardCount ? 'shard count' : null;
    if (differs) throw fail(`not a shard of the same match as ${first.firstName} (its ${differs} differs; game, seed, profile, games, bots, SPRT and shard count must agree)`);
    return first;
  }

  /** What a schema cannot say about one game of the shard `head` (null when there is nothing). */
  private gameProblem(g: MatchGame, head: MatchReport, match: MatchIdentity): string | null {
    if (g.index >= match.planned) return `game ${g.index + 1} in a match of ${match.planned} games`;
    const other = this.seen.get(g.index);
    if (other !== undefined) return `game ${g.index + 1} is in two reports (this one and ${other}): merge each shard once`;
    if (head.shard && g.index % head.shard.count !== head.shard.index - 1) return `game ${g.index + 1} is not a game of shard ${head.shard.index}/${head.shard.count}`;
    const roles = match.game.roles;
    if (g.seed !== gameSeed(match.seed, g.index, roles.length)) return `game ${g.index + 1} has another seed than the match gives it`;
    if (g.seats.length !== roles.length || g.seats.some((s, i) => s.role !== roles[i])) return `game ${g.index + 1}: the seats are not ${match.game.id}'s roles (${roles.join(', ')}) in order`;
    const seats = seating(g.index, roles, match.bots.length);
    if (g.seats.some((s, i) => s.bot !== seats[i])) return `game ${g.index + 1}: the bots are not seated as the match seats them`;
    return seatRunsProblem(g);
  }
}

/**
 * What a schema cannot say about a game's seat runs (a match's or a tournament's): a run exactly where
 * a bot sits, of that seat's role; a compacted game keeps reply times in place of its detail, in every
 * bot seat alike. null when there is nothing.
 */
export function seatRunsProblem(g: MatchGame): string | null {
  const compacted = g.seats.some((s) => s.replyWallsMs);
  for (const s of g.seats) {
    if ((s.bot === null) !== (s.run === undefined)) return `game ${g.index + 1}: seat ${s.role} ${s.bot === null ? 'has a run but no bot' : 'has a bot but no run'}`;
    if (s.run && s.run.role !== s.role) return `game ${g.index + 1}: seat ${s.role} holds the run of another role`;
    if (s.run && compacted && (!s.replyWallsMs || s.run.transcript.length > 0 || s.run.timing.perReply.length > 0)) return `game ${g.index + 1}: seat ${s.role} keeps detail in a compacted game`;
    if (!s.run && s.replyWallsMs) return `game ${g.index + 1}: seat ${s.role} has reply times but no run`;
  }
  return null;
}

/**
 * Reads the shards `files` one after the other (each a path and how the user wrote it) and merges
 * them. Every problem is a FileError naming the file: exit 2 with one line.
 */
export function mergeShardFiles(files: readonly { path: string; shown: string }[], findGame: (id: string) => GameDefinition | undefined): MatchReport {
  const merger = new ShardMerger(findGame);
  for (const file of files) {
    const { fd, size } = openBoundedFile(file.path, FILE_CAPS.transcript, 'match report', file.shown);
    try {
      merger.add(shardParts(fileSource(fd, size), `match report ${file.shown}`));
    } finally {
      closeSync(fd);
    }
  }
  return merger.finish();
}

/**
 * A shard's parts from its bytes: one pass finds its top-level fields and where each game is; the
 * fields are parsed now, each game when the merger asks for it (only one game's text is read at a time).
 */
export function shardParts(source: ByteSource, name: string, writtenBy = 'botjury match --reporter json=FILE writes a match report'): ShardParts {
  const fail = (e: unknown): never => {
    if (e instanceof JsonPartsError) throw new FileError(name, `${e.message} (${writtenBy})`);
    throw e;
  };
  try {
    const { members, elements } = scanTopLevel(source, 'games');
    const head: Record<string, unknown> = {};
    // defineProperty: a key `__proto__` is a field (the schema refuses it), never the object's prototype.
    for (const [key, span] of members)
      if (key !== 'games' || !elements) Object.defineProperty(head, key, { value: parseSpan(source, span), enumerable: true, writable: true, configurable: true });
    // The head is checked before any game is read, with `games: []` when they are an array.
    if (elements) head.games = [];
    function* games(): Generator<unknown> {
      if (!elements) return;
      try {
        for (let k = 0; k < elements.starts.length; k++) yield parseSpan(source, { start: elements.starts[k]!, end: elements.ends[k]! });
      } catch (e) {
        fail(e);
      }
    }
    return { name, head, games: games() };
  } catch (e) {
    return fail(e);
  }
}

/**
 * Several reports in memory (a test, a program using botjury) merged as `botjury merge` merges files,
 * checked the same way. `options.game` is the game when it is not a loaded one.
 */
export function mergeReports(reports: readonly MatchReport[], options: { game?: GameDefinition } = {}, findGame?: (id: string) => GameDefinition | undefined): MatchReport {
  const merger = new ShardMerger((id) => (options.game?.id === id ? options.game : findGame?.(id)));
  for (const [i, r] of reports.entries()) {
    const { games, ...head } = r as MatchReport & Record<string, unknown>;
    merger.add({ name: `match report ${i + 1}`, head: { ...head, games: [] }, games: Array.isArray(games) ? games : [] });
  }
  return merger.finish();
}

let compiled: { report: ValidateFunction; head: ValidateFunction; game: ValidateFunction } | undefined;

function validators(): NonNullable<typeof compiled> {
  if (!compiled) {
    const ajv = transcriptAjv();
    const report = compileSchema(ajv, 'match-report.schema.json');
    const id = pathToFileURL(path.join(SCHEMA_DIR, 'match-report.schema.json')).href;
    const game = ajv.getSchema(`${id}#/$defs/game`);
    if (!game) throw new Error('match-report.schema.json has no $defs/game');
    // The head is the report with its games taken out (`games: []`): the same schema checks it.
    compiled = { report, head: report, game };
  }
  return compiled;
}

/** The first problem Ajv found, as one line `where: what` (and how many more), or null when valid. */
function schemaProblem(validate: ValidateFunction, data: unknown, prefix: string): string | null {
  return validate(data) ? null : schemaErrorLine(validate.errors ?? [], prefix);
}
