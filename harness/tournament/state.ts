// The tournament's state file (--state FILE, --resume FILE): JSON Lines, the header on line 1 (what the
// tournament is: settings, bots, shard, schedule size), then a line per game as it ends and a line per
// voided play, each appended whole and at once. A game line keeps what the standings need — seats,
// results, points, verdicts with their evidence, reply times — and drops transcripts, as a compacted
// report game does. --resume reads it back line by line (never the whole file at once), checks every
// line against schemas/tournament-state.schema.json and against the schedule before use, and plays the
// games it lacks; a last line cut short by a crash is dropped.
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { HarnessError } from '../core/bot-process.js';
import { describeOsError, FileError, readLines, type LineCaps } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import { printable } from '../core/printable.js';
import { compactGame } from '../match/match.js';
import { MAX_SCHEDULE_GAMES, type Schedule } from './schedule.js';
import { schemaProblem } from './schemas.js';
import type { SchedulePlace, TournamentBot, TournamentGame, TournamentSettings, VoidedPlay } from './types.js';

export const TOURNAMENT_STATE_FORMAT = 'botjury-tournament-state';
export const TOURNAMENT_STATE_VERSION = 1;

export interface TournamentStateHeader {
  format: typeof TOURNAMENT_STATE_FORMAT;
  version: number;
  tool: { name: 'botjury'; version: string };
  createdAt: string;
  settings: TournamentSettings;
  bots: TournamentBot[];
  shard?: { index: number; count: number };
  games: number;
}

/** A state line holds one compacted game (a few KB) or one voided play; a game may be voided a few times. */
export const STATE_CAPS: LineCaps = { lineBytes: 16 << 20, lines: 1 + 4 * MAX_SCHEDULE_GAMES };

export class TournamentStateWriter {
  private constructor(private fd: number | null, private readonly file: string, private readonly flag: string) {}

  /** A new state file (emptied if it exists), its header written. */
  static create(file: string, header: TournamentStateHeader, flag: string): TournamentStateWriter {
    const writer = new TournamentStateWriter(openFor(file, 'w', flag), file, flag);
    writer.append(header);
    return writer;
  }

  /** Appends to a state file read by `readTournamentState`, cut back to its last whole line first. */
  static resume(file: string, validBytes: number, flag: string): TournamentStateWriter {
    const fd = openFor(file, 'r+', flag);
    try {
      ftruncateSync(fd, validBytes);
    } catch (e) {
      closeSync(fd);
      throw new FileError(`${flag} ${file}`, `cannot write it (${describeOsError(e)})`);
    }
    const writer = new TournamentStateWriter(fd, file, flag);
    writer.position = validBytes;
    return writer;
  }

  private position = 0;

  writeGame(game: TournamentGame): void {
    this.append({ game: compactCopy(game) });
  }

  writeVoided(play: VoidedPlay): void {
    this.append({ voided: play });
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }

  private append(value: unknown): void {
    if (this.fd === null) throw new Error(`${this.flag} ${this.file}: written after it was closed`);
    // One write per line where the system allows it: an interrupt leaves whole lines, or a last one cut short.
    const bytes = Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');
    try {
      for (let done = 0; done < bytes.length; ) {
        const n = writeSync(this.fd, bytes, done, bytes.length - done, this.position);
        done += n;
        this.position += n;
      }
    } catch (e) {
      throw new FileError(`${this.flag} ${this.file}`, `cannot write it (${describeOsError(e)})`);
    }
  }
}

function openFor(file: string, flags: 'w' | 'r+', flag: string): number {
  try {
    return openSync(file, flags);
  } catch (e) {
    throw new FileError(`${flag} ${file}`, `cannot ${flags === 'w' ? 'write' : 'open'} it (${describeOsError(e)})`);
  }
}

/** The game as a state line keeps it: its detail dropped (the game itself is left whole for the reports). */
export function compactCopy(g: TournamentGame): TournamentGame {
  const copy: TournamentGame = {
    ...g,
    seats: g.seats.map((s) => (s.run ? { ...s, run: { ...s.run, timing: { ...s.run.timing } } } : { ...s })),
  };
  if (!copy.seats.some((s) => s.replyWallsMs)) compactGame(copy);
  return copy;
}

export interface TournamentState {
  header: TournamentStateHeader;
  games: TournamentGame[];
  voided: VoidedPlay[];
  /** Bytes of whole, valid lines: where appending goes on. */
  validBytes: number;
}

export interface ExpectedState {
  header: Omit<TournamentStateHeader, 'format' | 'version' | 'tool' | 'createdAt'>;
  game: GameDefinition;
  schedule: Schedule;
  /** The schedule's games this run plays (its shard). */
  indexes: ReadonlySet<number>;
}

/**
 * Reads a state file for --resume: every line checked against the schema, the header against the
 * tournament the command line describes, every game and voided play against the schedule. Anything
 * else is a HarnessError of one line naming the line (exit 2), and nothing is played.
 */
export async function readTournamentState(file: string, shown: string, expected: ExpectedState): Promise<TournamentState> {
  const bad = (problem: string): HarnessError => new HarnessError(`--resume ${shown}: ${printable(problem, 400)}`);
  const lines = readLines(file, STATE_CAPS, 'state file', shown);
  let header: TournamentStateHeader | undefined;
  const games = new Map<number, TournamentGame>();
  const voided: VoidedPlay[] = [];
  let validBytes = 0;
  try {
    for await (const line of lines) {
      // A last line the file ends inside was being written when the run stopped: dropped (its game is played again).
      if (!line.terminated) break;
      let data: unknown;
      try {
        data = JSON.parse(line.text);
      } catch {
        throw bad(`line ${line.number} is not JSON`);
      }
      if (!header) {
        const problem = schemaProblem('state-header', data);
        if (problem) throw bad(`line 1 is not a botjury tournament state header: ${problem}`);
        header = data as TournamentStateHeader;
        const differs = headerDifference(header, expected.header);
        if (differs) throw bad(`it is the state of another tournament: ${differs} (resume with the command line that wrote it, --state replaced by --resume)`);
      } else {
        const problem = schemaProblem('state-line', data);
        if (problem) throw bad(`line ${line.number}: ${problem}`);
        if (Object.hasOwn(data as object, 'game')) {
          const g = (data as { game: TournamentGame }).game;
          const problem = gameProblem(g, g.seats.map((s) => s.bot), expected) ?? seatProblem(g, expected.game);
          if (problem) throw bad(`line ${line.number}: ${problem}`);
          if (games.has(g.index)) throw bad(`line ${line.number}: game ${g.index + 1} is in the file twice`);
          games.set(g.index, g);
        } else {
          const v = (data as { voided: VoidedPlay }).voided;
          const problem = gameProblem(v, v.seats, expected);
          if (problem) throw bad(`line ${line.number}: ${problem}`);
          voided.push(v);
        }
      }
      validBytes += Buffer.byteLength(line.text, 'utf8') + 1;
    }
  } finally {
    await lines.return();
  }
  if (!header) throw bad('the file has no header line (botjury tournament --state FILE writes one before the first game)');
  return { header, games: [...games.values()], voided, validBytes };
}

/** How the file's header differs from the command line's tournament, in words; null when it does not. */
function headerDifference(found: TournamentStateHeader, wanted: ExpectedState['header']): string | null {
  const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);
  for (const key of ['game', 'tournament', 'rounds', 'seed', 'profile', 'opponent', 'setup', 'memoryMb', 'strict'] as const) {
    const [a, b] = [found.settings[key], wanted.settings[key]];
    if (!same(a, b)) return `${key} ${shownValue(a)} in the file, ${shownValue(b)} on the command line`;
  }
  if (found.bots.length !== wanted.bots.length) return `${found.bots.length} bots in the file, ${wanted.bots.length} on the command line`;
  const bot = found.bots.findIndex((b, k) => !same(b.command, wanted.bots[k]!.command));
  if (bot >= 0) return `bot ${found.bots[bot]!.name} ${shownValue(found.bots[bot]!.command.join(' '))} in the file, ${shownValue(wanted.bots[bot]!.command.join(' '))} on the command line`;
  if (!same(found.shard ?? null, wanted.shard ?? null)) return `shard ${found.shard ? `${found.shard.index}/${found.shard.count}` : 'none'} in the file, ${wanted.shard ? `${wanted.shard.index}/${wanted.shard.count}` : 'none'} on the command line`;
  if (found.games !== wanted.games) return `a schedule of ${found.games} games in the file, of ${wanted.games} on the command line`;
  return null;
}

const shownValue = (v: unknown): string => (v === undefined ? 'not set' : printable(JSON.stringify(v), 80));

/** JSON with object keys sorted: two values that mean the same compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v);
}

/** Whether a game (or voided play) is the schedule's game at its index, in this run's part of it. */
export function gameProblem(g: SchedulePlace & { index: number; seed: string }, seats: readonly (number | null)[], expected: Pick<ExpectedState, 'schedule' | 'indexes'>): string | null {
  const { schedule } = expected;
  if (g.index >= schedule.games) return `game ${g.index + 1} is not in the schedule of ${schedule.games} games`;
  if (!expected.indexes.has(g.index)) return `game ${g.index + 1} is not one this shard plays`;
  const place = schedule.gameAt(g.index);
  if (g.seed !== place.seed || g.round !== place.round || g.tableIndex !== place.tableIndex || g.rotation !== place.rotation || g.pairKey !== place.pairKey)
    return `game ${g.index + 1} does not have the schedule's seed and place (seed ${place.seed}, round ${place.round + 1}, table ${place.tableIndex + 1}, rotation ${place.rotation})`;
  if (seats.length !== place.table.length || seats.some((b, i) => b !== place.table[i])) return `game ${g.index + 1} does not seat the bots as the schedule does`;
  return null;
}

/** Whether a game's seats are the game's roles, in order. */
export function seatProblem(g: TournamentGame, game: GameDefinition): string | null {
  if (g.seats.length !== game.roles.length || g.seats.some((s, i) => s.role !== game.roles[i])) return `game ${g.index + 1} does not have ${game.id}'s seats (${game.roles.join(', ')})`;
  return null;
}
