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
// their evidence, reply times). A game of more than LEAN_GAME_BYTES is never parsed whole: its seats'
// transcripts and per-reply timings are read one batch of elements at a time, each element checked
// against its schema, and the game is compacted as it is read. A shard of more than MAX_SHARD_GAMES
// games is refused while it is scanned. The merged report is checked against the same schema.
import { closeSync } from 'node:fs';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { HarnessError } from '../core/bot-process.js';
import { FILE_CAPS, FileError, openBoundedFile } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import { eachElement, elementSpans, fileSource, JsonPartsError, objectMembers, parseSpan, scanTopLevel, type ByteSource, type Span } from '../core/json-parts.js';
import { schemaErrorLine } from '../core/schema-errors.js';
import { reportSchemaSet } from '../tools/transcript.js';
import { validatorsOf } from '../core/precompiled.js';
import { createAjv } from '../core/scenario.js';
import { MAX_VIOLATIONS_PER_CODE, type Violation } from '../core/violations.js';
import { buildReport, clipVerdict, DETAIL_BUDGET_CHARS, DetailBound, gameSeed, seating, type MatchBot, type MatchGame, type MatchReport } from './match.js';
import { parseSprt, type SprtParams } from './stats.js';

/** A game whose JSON text is larger is read lean (leanGame): never parsed whole (the largest real games take ~1–2 MB). */
export const LEAN_GAME_BYTES = 4 << 20;
/** Games in one report at most: a match plays at most 1,000,000, and a game confirmed alone is in it twice. */
export const MAX_SHARD_GAMES = 2_000_000;
/** Replies of one seat in one game at most (the schema's bound): more than any game's rules allow (JavaChallenge2015: 1,000 turns). */
export const MAX_SEAT_REPLIES = 100_000;

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
    const tooMany = s.run ? overCodeCap(s.run.violations) : null;
    if (tooMany) return `game ${g.index + 1}: seat ${s.role} ${tooMany}`;
    if ((s.bot === null) !== (s.run === undefined)) return `game ${g.index + 1}: seat ${s.role} ${s.bot === null ? 'has a run but no bot' : 'has a bot but no run'}`;
    if (s.run && s.run.role !== s.role) return `game ${g.index + 1}: seat ${s.role} holds the run of another role`;
    if (s.run && compacted && (!s.replyWallsMs || s.run.transcript.length > 0 || s.run.timing.perReply.length > 0)) return `game ${g.index + 1}: seat ${s.role} keeps detail in a compacted game`;
    if (!s.run && s.replyWallsMs) return `game ${g.index + 1}: seat ${s.role} has reply times but no run`;
  }
  return null;
}

/** A run keeps the first MAX_VIOLATIONS_PER_CODE verdicts of a code in full and counts the rest: more is no report botjury wrote. */
function overCodeCap(violations: readonly { code: string }[]): string | null {
  const perCode = new Map<string, number>();
  for (const v of violations) {
    const n = (perCode.get(v.code) ?? 0) + 1;
    if (n > MAX_VIOLATIONS_PER_CODE) return codeCapProblem(v.code);
    perCode.set(v.code, n);
  }
  return null;
}

const codeCapProblem = (code: string): string =>
  `keeps more than ${MAX_VIOLATIONS_PER_CODE} verdicts of code ${code} in full (a report keeps ${MAX_VIOLATIONS_PER_CODE} of a code and counts the rest in omittedViolations)`;

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
 * fields are parsed now, each game when the merger asks for it (only one game's text is read at a time;
 * one of more than `leanGameBytes` is read lean, see leanGame).
 */
export function shardParts(source: ByteSource, name: string, writtenBy = 'botjury match --reporter json=FILE writes a match report', leanGameBytes = LEAN_GAME_BYTES): ShardParts {
  const fail = (e: unknown): never => {
    if (e instanceof JsonPartsError) throw new FileError(name, `${e.message} (${writtenBy})`);
    throw e;
  };
  try {
    const { members, elements } = scanTopLevel(source, 'games', undefined, MAX_SHARD_GAMES);
    const head: Record<string, unknown> = {};
    // defineProperty: a key `__proto__` is a field (the schema refuses it), never the object's prototype.
    for (const [key, span] of members) if (key !== 'games' || !elements) setField(head, key, parseSpan(source, span));
    // The head is checked before any game is read, with `games: []` when they are an array.
    if (elements) head.games = [];
    // The games are read when the merger asks for them: by then the caller may have named the shard
    // better (`match report s1.json`), and a problem in a game names it so.
    function* games(): Generator<unknown> {
      if (!elements) return;
      try {
        for (let k = 0; k < elements.starts.length; k++) {
          const span = { start: elements.starts[k]!, end: elements.ends[k]! };
          yield span.end - span.start > leanGameBytes ? leanGame(source, span, `/games/${k}`, parts.name) : parseSpan(source, span);
        }
      } catch (e) {
        if (e instanceof JsonPartsError) throw new FileError(parts.name, `${e.message} (${writtenBy})`);
        throw e;
      }
    }
    const parts: ShardParts = { name, head, games: games() };
    return parts;
  } catch (e) {
    return fail(e);
  }
}

/** Sets a field of an object parsed from a file: `__proto__` is a field (a schema refuses it), never the prototype. */
function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A large game (more than LEAN_GAME_BYTES of text) read without holding its detail: every seat's
 * `run.transcript` and `run.timing.perReply` are read a batch of elements at a time, each element
 * checked against the schema of a transcript entry or a reply's timing, counted and dropped (the reply
 * times kept), and the game comes out compacted (as DetailBound compacts one: `replyWallsMs`, the
 * transcript counted in `transcriptDropped`). Everything else is parsed as it is, and the game is then
 * checked as any game is. A part that is not of the expected kind (not an object, not an array) is
 * parsed as it is, for the schema to say what is wrong.
 */
function leanGame(source: ByteSource, span: Span, where: string, name: string): unknown {
  const members = objectMembers(source, span);
  if (!members) return parseSpan(source, span);
  const game: Record<string, unknown> = {};
  for (const [key, part] of members) setField(game, key, key === 'seats' ? leanSeats(source, part, where, name) : parseSpan(source, part));
  return game;
}

function leanSeats(source: ByteSource, span: Span, game: string, name: string): unknown {
  const where = `${game}/seats`;
  const seats: unknown[] = [];
  let detail = false;
  let compacted = false;
  const ok = eachSpan(source, span, (seatSpan, i) => {
    // The schema allows 16 seats: the rest are not read.
    if (i >= 16) throw new FileError(name, `${where}: must NOT have more than 16 items`);
    const members = objectMembers(source, seatSpan);
    if (!members) return seats.push(parseSpan(source, seatSpan));
    const seat: Record<string, unknown> = {};
    let walls: number[] | null = null;
    for (const [key, part] of members) {
      if (key === 'replyWallsMs') {
        setField(seat, key, leanWalls(source, part, `${where}/${i}/replyWallsMs`, name));
        continue;
      }
      if (key !== 'run') {
        setField(seat, key, parseSpan(source, part));
        continue;
      }
      const lean = leanRun(source, part, `${where}/${i}/run`, name);
      setField(seat, key, lean.run);
      walls = lean.walls;
      detail ||= lean.detail;
    }
    if (Object.hasOwn(seat, 'replyWallsMs')) compacted = true;
    else if (walls) setField(seat, 'replyWallsMs', walls);
    return seats.push(seat);
  });
  if (!ok) return parseSpan(source, span);
  // A game compacted in its shard keeps no detail in any seat (seatRunsProblem says it of a game read whole).
  if (compacted && detail) throw new FileError(name, `${game}: a compacted game (reply times in place of detail) keeps a transcript or per-reply timings`);
  if (compacted) for (const s of seats) if (s && typeof s === 'object' && Object.hasOwn(s, 'run') && !Object.hasOwn(s, 'replyWallsMs')) setField(s as Record<string, unknown>, 'replyWallsMs', []);
  return seats;
}

/**
 * Text a lean game's lists are parsed a batch of at a time: under V8's large-object size (128 kB), so
 * that each batch's text and values are young garbage, collected at once, and megabytes of verdicts
 * read and clipped do not pile up until a full collection.
 */
const LEAN_BATCH_BYTES = 64 << 10;

function leanEach(source: ByteSource, span: Span, each: (value: unknown, index: number) => void): boolean {
  return eachElement(source, span, each, LEAN_BATCH_BYTES);
}

/** A compacted seat's reply times, a batch at a time, never more than a seat's replies can be. */
function leanWalls(source: ByteSource, span: Span, where: string, name: string): unknown {
  const walls: number[] = [];
  const isArray = leanEach(source, span, (w, j) => {
    if (j >= MAX_SEAT_REPLIES) throw new FileError(name, `${where}: more than ${MAX_SEAT_REPLIES} reply times, more than a seat's replies can be`);
    if (typeof w !== 'number' || !(w >= 0)) throw new FileError(name, `${where}/${j}: must be a number >= 0`);
    walls.push(w);
  });
  return isArray ? walls : parseSpan(source, span);
}

/**
 * A seat's run with its transcript and per-reply timings read element by element and dropped, its
 * verdicts one at a time (each checked, at most MAX_VIOLATIONS_PER_CODE of a code) and clipped as a
 * compacted game keeps them.
 */
function leanRun(source: ByteSource, span: Span, where: string, name: string): { run: unknown; walls: number[] | null; detail: boolean } {
  const members = objectMembers(source, span);
  if (!members) return { run: parseSpan(source, span), walls: null, detail: false };
  const run: Record<string, unknown> = {};
  let dropped = 0;
  let walls: number[] | null = null;
  let detail = false;
  const check = (validate: ValidateFunction[], value: unknown, at: string): void => {
    for (const v of validate) if (!v(value)) throw new FileError(name, schemaErrorLine(v.errors ?? [], at));
  };
  for (const [key, part] of members) {
    if (key === 'violations') {
      const v = validators();
      const perCode = new Map<string, number>();
      const kept: Violation[] = [];
      const isArray = leanEach(source, part, (verdict, j) => {
        check(v.violation, verdict, `${where}/violations/${j}`);
        const { code } = verdict as Violation;
        const n = (perCode.get(code) ?? 0) + 1;
        if (n > MAX_VIOLATIONS_PER_CODE) throw new FileError(name, `${where}/violations/${j}: the run ${codeCapProblem(code)}`);
        perCode.set(code, n);
        clipVerdict(verdict as Violation);
        kept.push(verdict as Violation);
      });
      setField(run, key, isArray ? kept : parseSpan(source, part));
    } else if (key === 'transcript') {
      const v = validators();
      const isArray = leanEach(source, part, (entry, j) => {
        check([v.transcriptEntry], entry, `${where}/transcript/${j}`);
        dropped++;
      });
      setField(run, key, isArray ? [] : parseSpan(source, part));
      detail ||= dropped > 0;
    } else if (key === 'timing') {
      const timing = objectMembers(source, part);
      if (!timing) {
        setField(run, key, parseSpan(source, part));
        continue;
      }
      const t: Record<string, unknown> = {};
      for (const [tk, tp] of timing) {
        if (tk !== 'perReply') {
          setField(t, tk, parseSpan(source, tp));
          continue;
        }
        const v = validators();
        const kept: number[] = [];
        const isArray = leanEach(source, tp, (reply, j) => {
          if (j >= MAX_SEAT_REPLIES) throw new FileError(name, `${where}/timing/perReply: more than ${MAX_SEAT_REPLIES} replies, more than a seat's can be`);
          check(v.replyTiming, reply, `${where}/timing/perReply/${j}`);
          kept.push((reply as { wallMs: number }).wallMs);
        });
        setField(t, tk, isArray ? [] : parseSpan(source, tp));
        if (isArray) walls = kept;
        detail ||= kept.length > 0;
      }
      setField(run, key, t);
    } else setField(run, key, parseSpan(source, part));
  }
  if (typeof run.transcriptDropped === 'number') run.transcriptDropped += dropped;
  return { run, walls, detail };
}

/** `each(span, index)` for every element of the array at `span` (false: not an array), without parsing them. */
function eachSpan(source: ByteSource, span: Span, each: (element: Span, index: number) => void): boolean {
  let index = 0;
  return elementSpans(source, span, (element) => each(element, index++));
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

/**
 * A match report, its head (the report with its games taken out, `games: []`: the same schema) and its
 * games; a lean game's transcript entries and reply timings are checked one by one, against what the
 * schema says of each. Compiled at build time (precompiled.ts).
 */
export const MATCH_REPORT_VALIDATORS = reportSchemaSet('match-report', ['match-report.schema.json'], {
  report: 'match-report.schema.json',
  game: 'match-report.schema.json#/$defs/game',
  transcriptEntry: 'report.schema.json#/$defs/result/properties/transcript/items',
  resultReplyTiming: 'report.schema.json#/$defs/result/properties/timing/properties/perReply/items',
  runReplyTiming: 'match-report.schema.json#/$defs/run/allOf/1/properties/timing/properties/perReply/items',
  resultViolation: 'report.schema.json#/$defs/violation',
  runViolation: 'match-report.schema.json#/$defs/run/allOf/1/properties/violations/items',
});

let compiled: { report: ValidateFunction; head: ValidateFunction; game: ValidateFunction; transcriptEntry: ValidateFunction; replyTiming: ValidateFunction[]; violation: ValidateFunction[] } | undefined;

/** Asked for every game of every shard: made once. */
function validators(): NonNullable<typeof compiled> {
  if (!compiled) {
    const v = validatorsOf(MATCH_REPORT_VALIDATORS, createAjv);
    compiled = { report: v.report, head: v.report, game: v.game, transcriptEntry: v.transcriptEntry, replyTiming: [v.resultReplyTiming, v.runReplyTiming], violation: [v.resultViolation, v.runViolation] };
  }
  return compiled;
}

/** The first problem Ajv found, as one line `where: what` (and how many more), or null when valid. */
function schemaProblem(validate: ValidateFunction, data: unknown, prefix: string): string | null {
  return validate(data) ? null : schemaErrorLine(validate.errors ?? [], prefix);
}
