// Shared test fixtures for On The Run.
import type { Ending, FailureCode } from '../../harness/core/game.js';
import { createRng, type Rng } from '../../harness/core/rng.js';
import { seatView, type Referee } from '../../harness/core/single-seat.js';
import type { ViolationDraft } from '../../harness/core/violations.js';
import { onTheRun } from '../../harness/games/on-the-run/index.js';
import { distanceTable, type GameMap } from '../../harness/games/on-the-run/map.js';
import { closeInMove, closeInStart, keepAwayMove, keepAwayStart, type Board } from '../../harness/games/on-the-run/opponent.js';
import {
  formatFugitiveMove, initialState, moveDetectives, moveFugitive, placeDetectives, placeFugitive, type Side, type State,
} from '../../harness/games/on-the-run/rules.js';

/** The rule text's example playing field ("This example matches the given image"). */
export const EXAMPLE_MAP = `8
C 1-2
C 1-5
C 2-5
C 3-4
C 3-6
C 4-7
C 5-8
C 6-7
C 6-8
T 1-8
T 2-3
T 3-4
T 3-8
P 1-4
END
`;

/** The game seen from one bot seat (test/helpers.ts refereeOf), with the files the jury prepares for that seat. */
export type SeatReferee = Referee & Required<Pick<Referee, 'reached' | 'snapshot'>> & { files(): Record<string, string> };

/** A game with one bot seat, `role`, the other side played by the built-in `opponent` (or scripted moves). */
export function referee(role: Side, setup: Record<string, unknown> | undefined, seed: number | string = 1, opponent?: string, scenarioDir = '.'): SeatReferee {
  const game = onTheRun.createGame({
    bots: [role], seed: Number(seed) || 0, rng: createRng(seed), setup, scenarioDir, ...(opponent !== undefined ? { opponent } : {}),
    profile: { name: 'test', description: '', limits: {} },
  });
  // files() typed as this game gives it: connect.txt is what a test reads the field from.
  return Object.assign(seatView(game, role) as SeatReferee, { files: () => game.files!(role) as Record<string, string> });
}

/**
 * A bot simulated in-process that reads exactly what a real bot reads, in order, and plays like the
 * example bots (keep away / close in). `tamper` may replace its answer at some ply.
 */
export class SimBot implements TestBot {
  readonly received: string[] = [];
  private pos = 0;
  private state: State = initialState();
  private readonly board: Board;
  private readonly rng: Rng = createRng('sim');

  constructor(
    readonly role: Side,
    map: GameMap,
    private readonly tamper: (ply: number, lines: string[]) => string[] = (_, l) => l,
  ) {
    this.board = { map, dist: distanceTable(map) };
  }

  private read(): string {
    const line = this.received[this.pos++];
    if (line === undefined) throw new Error(`the ${this.role} bot would block: nothing more to read (read ${this.pos - 1} lines)`);
    return line;
  }

  /** Lines sent to the bot that it has not read (yet). */
  unread(): string[] {
    return this.received.slice(this.pos);
  }

  answer(ply: number): string[] {
    return this.tamper(ply, this.role === 'fugitive' ? this.fugitive(ply) : this.detectives(ply));
  }

  private fugitive(ply: number): string[] {
    if (ply === 0) {
      if (this.read() !== 'Fugitive') throw new Error('expected the role line first');
      const dets = [this.read(), this.read(), this.read(), this.read()].map(Number);
      const start = keepAwayStart(this.board, dets, this.rng);
      this.state = placeFugitive(placeDetectives(initialState(), dets), start);
      return [String(start)];
    }
    if (ply > 1) this.state = moveDetectives(this.state, [this.read(), this.read(), this.read(), this.read()].map(Number));
    const move = keepAwayMove(this.board, this.state, this.rng);
    this.state = moveFugitive(this.state, move);
    return [formatFugitiveMove(move)];
  }

  private detectives(ply: number): string[] {
    if (ply === 0) {
      if (this.read() !== 'Detectives') throw new Error('expected the role line first');
      const cities = closeInStart(this.board, this.rng);
      this.state = { ...initialState(), detectives: cities };
      return cities.map(String);
    }
    if (ply === 1) this.state = { ...this.state, lastAnnounced: Number(this.read()) };
    const [, city] = this.read().split(' ');
    if (city !== undefined) this.state = { ...this.state, lastAnnounced: Number(city) };
    const cities = closeInMove(this.board, this.state, this.rng);
    this.state = { ...this.state, detectives: cities };
    return cities.map(String);
  }
}

export interface Drive {
  /** `> line` sent, `? n@ply` asked, `< a|b` answered, `~ side@ply move` opponent, `= kind [lines]` end. */
  log: string[];
  ending: Ending;
  violations: ViolationDraft[];
}

export interface TestBot {
  received: string[];
  answer(ply: number): string[];
}

/** A bot that answers from a list (then falls silent: the driver quits when it runs out). */
export class ListBot implements TestBot {
  readonly received: string[] = [];
  constructor(private readonly answers: (string | number)[][]) {}
  get done(): boolean {
    return this.answers.length === 0;
  }
  answer(): string[] {
    return this.answers.shift()!.map(String);
  }
}

/**
 * Plays the referee against a test bot the way the core does. `scripted` opponent moves are used in
 * order (undefined: the built-in opponent); `fail` makes the bot fail at that await; a ListBot that
 * runs out of answers ends the game as a scenario whose steps ran out (quit).
 */
export function drive(ref: Referee, bot: TestBot, options: { scripted?: (string | undefined)[]; fail?: { ply: number; code: FailureCode } } = {}): Drive {
  const log: string[] = [];
  const violations: ViolationDraft[] = [];
  const scripted = [...(options.scripted ?? [])];
  for (let i = 0; i < 10_000; i++) {
    const a = ref.next();
    if (a.type === 'send') {
      bot.received.push(...a.lines);
      log.push(...a.lines.map((l) => `> ${l}`));
    } else if (a.type === 'await') {
      log.push(`? ${a.request.lines}@${a.request.ply}`);
      if (options.fail && options.fail.ply === a.request.ply) {
        ref.botFailed(options.fail.code);
        continue;
      }
      if (bot instanceof ListBot && bot.done) {
        const e = ref.quit();
        log.push(`= ${e.kind} (steps ran out)`);
        return { log, ending: e, violations };
      }
      const lines = bot.answer(a.request.ply);
      log.push(`< ${lines.join('|')}`);
      violations.push(...ref.answer(lines).violations);
    } else if (a.type === 'opponent') {
      log.push(`~ ${a.player}@${a.ply} ${ref.opponent(scripted.shift())}`);
    } else {
      const e = a.ending;
      log.push(`= ${e.kind}${e.kind === 'quit' ? ' ' + e.lines.join('|') : ''}`);
      return { log, ending: e, violations };
    }
  }
  throw new Error('the game did not end');
}
