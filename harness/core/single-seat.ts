// The single-seat form of a game, botjury 0.1's `Referee`: the jury of one game seen from one bot's
// seat. Kept for two reasons:
//   - a game package written for 0.1 (`createReferee`) still works for everything with one bot seat
//     (check, run, replay, fuzz): gameFromReferee wraps it as a Game;
//   - a Game seen from one seat (seatView) is the handiest way to walk a game synchronously in tests.
import { HarnessError } from './bot-process.js';
import type { BotLine } from './lines.js';
import type { JuryProfile } from './profile.js';
import type { Rng } from './rng.js';
import type { AnswerRequest, Ending, FailureCode, Game, GameAction, GameContext, Judgement, MaybePromise, Outcome } from './game.js';

export interface RefereeContext {
  role: string;
  seed: number;
  rng: Rng;
  setup: Record<string, unknown> | undefined;
  scenarioDir: string;
  profile: JuryProfile;
  opponent?: string;
}

/** What the jury does next, from one seat. */
export type JuryAction =
  | { type: 'send'; lines: string[]; ply?: number }
  | { type: 'await'; request: AnswerRequest }
  | { type: 'opponent'; player: string; ply: number }
  | { type: 'end'; ending: Ending };

/** botjury 0.1's game contract: the jury of one game seen from the seat of the one bot (docs/game-api.md). */
export interface Referee {
  files?(): Record<string, string>;
  next(): JuryAction;
  answer(lines: string[], read?: readonly BotLine[]): Judgement;
  botFailed(code: FailureCode): void;
  opponent(move: string | undefined): string;
  quit(): Ending;
  canonical(lines: string[]): string;
  legalAnswers?(): string[] | undefined;
  canonicalScenarioMove(value: string | number | (string | number)[]): string;
  outcome(): Outcome;
  reached?(): string[];
  snapshot?(): unknown;
  dispose?(): void;
}

/** A 0.1 game package's `createReferee` as a Game with exactly one bot seat. */
export function gameFromReferee(id: string, createReferee: (ctx: RefereeContext) => Referee): (ctx: GameContext) => Game {
  return (ctx) => {
    if (ctx.bots.length !== 1)
      throw new SingleSeatOnly(`game '${id}' implements botjury 0.1's single-seat Referee (createReferee): it can judge one bot at a time, not ${ctx.bots.length}; a match needs createGame (docs/game-api.md)`);
    const role = ctx.bots[0]!;
    const { bots: _bots, ...rest } = ctx;
    const referee = createReferee({ ...rest, role });
    const game: Game = {
      next(): GameAction {
        const a = referee.next();
        switch (a.type) {
          case 'send': return { type: 'send', seat: role, lines: a.lines, ...(a.ply !== undefined ? { ply: a.ply } : {}) };
          case 'await': return { type: 'await', seat: role, request: a.request };
          case 'opponent': return { type: 'move', seat: a.player, ply: a.ply };
          case 'end': return { type: 'end', endings: { [role]: a.ending } };
        }
      },
      answer: (_seat, lines, read) => referee.answer(lines, read),
      failed: (_seat, code) => referee.botFailed(code),
      move: (_seat, move) => referee.opponent(move),
      quit: () => ({ [role]: referee.quit() }),
      canonical: (_seat, lines) => referee.canonical(lines),
      canonicalScenarioMove: (_seat, value) => referee.canonicalScenarioMove(value),
      outcome: () => referee.outcome(),
    };
    if (referee.files) game.files = () => referee.files!();
    if (referee.legalAnswers) game.legalAnswers = () => referee.legalAnswers!();
    if (referee.reached) game.reached = () => referee.reached!();
    if (referee.snapshot) game.snapshot = () => referee.snapshot!();
    if (referee.dispose) game.dispose = () => referee.dispose!();
    return game;
  };
}

/** A single-seat game asked to hold several bots: the harness's fault to report (exit 2). */
export class SingleSeatOnly extends HarnessError {}

/**
 * A game seen from one bot seat, synchronously, as botjury 0.1's Referee: sends and awaits of that seat,
 * every other seat's move as `opponent`. Only for games that answer at once (the built-in ones); a game
 * answering with a promise is refused.
 */
export function seatView(game: Game, seat: string): Referee {
  const now = <T>(value: MaybePromise<T>, what: string): T => {
    if (value instanceof Promise) throw new Error(`seatView: ${what} answered with a promise (an asynchronous game)`);
    return value;
  };
  // The seat whose move `opponent()` plays: the one the last `opponent` action named.
  let mover: string | null = null;
  const view: Referee = {
    next(): JuryAction {
      mover = null;
      for (;;) {
        const a = now(game.next(), 'next');
        switch (a.type) {
          case 'send':
            if (a.seat !== seat) continue; // what another seat reads is not this seat's business
            return { type: 'send', lines: a.lines, ...(a.ply !== undefined ? { ply: a.ply } : {}) };
          case 'await':
            if (a.seat !== seat) throw new Error(`seatView(${seat}): the game awaits seat ${a.seat}, which has a bot too`);
            return { type: 'await', request: a.request };
          case 'move':
            mover = a.seat;
            return { type: 'opponent', player: a.seat, ply: a.ply };
          case 'end': {
            const ending = a.endings[seat];
            if (!ending) throw new Error(`seatView(${seat}): the game ended with no ending for this seat`);
            return { type: 'end', ending };
          }
        }
      }
    },
    answer: (lines, read) => now(game.answer(seat, lines, read), 'answer'),
    botFailed: (code) => void now(game.failed(seat, code, 0), 'failed'),
    opponent: (move) => {
      if (mover === null) throw new Error(`seatView(${seat}): opponent() while no other seat is to move`);
      // Cleared only once the move is played: a scripted move the rules refuse can be given again.
      const played = now(game.move(mover, move), 'move');
      mover = null;
      return played;
    },
    quit: () => now(game.quit(), 'quit')[seat]!,
    canonical: (lines) => now(game.canonical(seat, lines), 'canonical'),
    canonicalScenarioMove: (value) => now(game.canonicalScenarioMove(seat, value), 'canonicalScenarioMove'),
    outcome: () => now(game.outcome(), 'outcome'),
    legalAnswers: () => (game.legalAnswers ? now(game.legalAnswers(seat), 'legalAnswers') : undefined),
    reached: () => (game.reached ? now(game.reached(seat), 'reached') : []),
    snapshot: () => (game.snapshot ? now(game.snapshot(), 'snapshot') : undefined),
  };
  if (game.files) view.files = () => now(game.files!(seat), 'files');
  return view;
}
