// A Game decorator: it records the game as the jury played it (every move of a seat without a bot,
// every answer the jury asked a bot seat for, with its ply) and can script the seats without a bot
// from an earlier recording. The core never knows: it drives the decorator exactly as it drives the
// game itself, so a recorded or replayed run behaves byte for byte like a plain one.
import type { AnswerRequest, Ending, FailureCode, Game, GameAction, GameContext, GameDefinition, Judgement, MaybePromise, Outcome } from '../core/game.js';
import type { BotLine } from '../core/lines.js';

/** One decision of the game, in the order the jury made it. */
export type MoveRecord =
  | {
      by: 'opponent';
      /** The game's own ply/turn number of this move. */
      ply: number;
      player: string;
      /** The move as played, in the game's notation (what `opponent:` takes back). */
      move: string;
      /** The scenario (or a replay script) chose it; false: the built-in opponent did. */
      scripted: boolean;
    }
  | {
      by: 'bot';
      /** The bot seat that answered (absent in recordings of one bot seat made before seats were named). */
      seat?: string;
      ply: number;
      /** The jury's label for this answer ("White's move 5 (ply 9)"). */
      label: string;
      /** The answer's lines as the jury read them (without line endings); absent when none came. */
      lines?: string[];
      /** Whether the rules accepted the answer as given. */
      accepted?: boolean;
      /** What the jury played for the bot (its answer, or the jury's substitute). */
      played?: string;
      /** The bot gave no usable answer: the failure the core reported (move-timeout, crash, ...). */
      failed?: FailureCode;
      /** A handshake (READY) rather than a move. */
      handshake?: boolean;
      /** An answer that is not a move of the game (SnakeCore's name). */
      notAMove?: boolean;
    };

export type BotRecord = Extract<MoveRecord, { by: 'bot' }>;
export type OpponentRecord = Extract<MoveRecord, { by: 'opponent' }>;

/** Supplies the moves of seats without a bot when the scenario leaves them to the built-in player. */
export interface OpponentScript {
  /** The scripted move of `player` at `ply` (asked only where the scenario scripts none), or undefined. */
  next(ply: number, player: string): string | undefined;
  /** Sees every answer as it is judged (a replay stops scripting once the bot leaves the recording). */
  onAnswer?(record: BotRecord): void;
}

export interface GameRecording {
  /** Filled in as the game is played. */
  moves: MoveRecord[];
}

/** The game, with every game it creates recording into `recording` (and scripted by `script`). */
export function recordingGame(game: GameDefinition, recording: GameRecording, script?: OpponentScript): GameDefinition {
  return { ...game, createGame: (ctx: GameContext) => recordingOf(game.createGame(ctx), recording.moves, script) };
}

/** A Game wrapper for Table's wrapGame: the game records into `recording` (and is scripted by `script`). */
export function recordingWrap(recording: GameRecording, script?: OpponentScript): (game: Game) => Game {
  return (game) => recordingOf(game, recording.moves, script);
}

/**
 * The moves one bot seat saw, as a recording of that seat alone: its own answers, and every other
 * seat's move — a bot's accepted answer included — as an opponent's move.
 */
export function seatMoves(moves: readonly MoveRecord[], seat: string): MoveRecord[] {
  const out: MoveRecord[] = [];
  for (const m of moves) {
    if (m.by === 'opponent') out.push(m);
    else if (m.seat === undefined || m.seat === seat) {
      const { seat: _seat, ...own } = m;
      out.push(own);
    } else if (!m.handshake && !m.notAMove && !m.failed && m.played !== undefined)
      out.push({ by: 'opponent', ply: m.ply, player: m.seat, move: m.played, scripted: true }); // not the built-in's: another seat's bot chose it
  }
  return out;
}

/** Applies `f` to a value or to what a promise resolves to, staying synchronous for a synchronous game. */
function then<T, U>(value: MaybePromise<T>, f: (v: T) => U): MaybePromise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

function recordingOf(inner: Game, log: MoveRecord[], script: OpponentScript | undefined): Game {
  const requests = new Map<string, AnswerRequest>();
  const turns = new Map<string, number>();
  const botBase = (seat: string): Pick<BotRecord, 'by' | 'seat' | 'ply' | 'label' | 'handshake' | 'notAMove'> => {
    const r = requests.get(seat);
    return { by: 'bot', seat, ply: r?.ply ?? 0, label: r?.label ?? 'an answer', ...(r?.handshake ? { handshake: true } : {}), ...(r?.notAMove ? { notAMove: true } : {}) };
  };
  const game: Game = {
    next: () => then(inner.next(), (action: GameAction) => {
      if (action.type === 'await') requests.set(action.seat, action.request);
      if (action.type === 'move') turns.set(action.seat, action.ply);
      return action;
    }),
    answer: (seat: string, lines: string[], read?: readonly BotLine[]) => then(inner.answer(seat, lines, read), (judgement: Judgement) => {
      const record: BotRecord = {
        ...botBase(seat),
        lines: lines.slice(),
        accepted: judgement.accepted,
        ...(judgement.played !== undefined ? { played: judgement.played } : {}),
      };
      log.push(record);
      script?.onAnswer?.(record);
      return judgement;
    }),
    failed: (seat: string, code: FailureCode, ply: number) => {
      const record: BotRecord = { ...botBase(seat), failed: code };
      log.push(record);
      script?.onAnswer?.(record);
      return inner.failed(seat, code, ply);
    },
    move: (seat: string, move: string | undefined) => {
      const ply = turns.get(seat) ?? 0;
      turns.delete(seat);
      const scripted = move ?? script?.next(ply, seat);
      return then(inner.move(seat, scripted), (played: string) => {
        log.push({ by: 'opponent', ply, player: seat, move: played, scripted: scripted !== undefined });
        return played;
      });
    },
    quit: (): MaybePromise<Record<string, Ending>> => inner.quit(),
    canonical: (seat: string, lines: string[]) => inner.canonical(seat, lines),
    canonicalScenarioMove: (seat: string, value: string | number | (string | number)[]) => inner.canonicalScenarioMove(seat, value),
    outcome: (): MaybePromise<Outcome> => inner.outcome(),
  };
  // Optional methods stay optional: the core checks whether they exist. Every one is passed on (a
  // recorded run must judge goals and impossible expectations as an unrecorded one does).
  if (inner.start) game.start = () => inner.start!();
  if (inner.files) game.files = (seat) => inner.files!(seat);
  if (inner.snapshot) game.snapshot = () => inner.snapshot!();
  if (inner.legalAnswers) game.legalAnswers = (seat) => inner.legalAnswers!(seat);
  if (inner.reached) game.reached = (seat) => inner.reached!(seat);
  if (inner.dispose) game.dispose = () => inner.dispose!();
  return game;
}
