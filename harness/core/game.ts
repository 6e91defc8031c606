// The one interface every game implements. The core knows nothing about any game: it asks the game
// what the jury does next, performs it on the seats (a bot's pipes with the clock running, a script, the
// game's own built-in player), and hands every bot's answers back to the game for judgement.
//
// A Game is the real jury of one game for every seat at once, as OpenSpiel's State: one state that
// every seat shares, with the seat explicit in every view (what the jury sends seat P, whom it awaits,
// how it judges P's answer, what it does when P fails, P's outcome). It wraps the game's pure rules (a
// folder of pure functions of state, no I/O, no clock) and its wire format (one file: the exact bytes
// each real jury sent each seat). `check` is one bot seat; `match` and `tournament` are several.

import type { BotLine } from './lines.js';
import type { JuryProfile } from './profile.js';
import type { Rng } from './rng.js';
import type { ViolationCode, ViolationDraft } from './violations.js';

export interface GameDefinition {
  /** Id used on the command line and in scenario files (`alquerque`, `amazes`, ...). */
  id: string;
  title: string;
  /** The rule text this game follows, relative to the shared folder (for messages and docs). */
  ruleText: string;
  /** The seats, in the game's order (the order `check` runs them; bot A's seat in game 1 of a match). */
  roles: readonly string[];
  profiles: Record<string, JuryProfile>;
  defaultProfile: string;
  /**
   * Goals of this game a scenario can state (`reach:`), name → what it means; the common ones (end,
   * bot-wins, quit …) are in core/goals.ts. The game's `reached(seat)` reports those a seat reached.
   */
  goals?: Readonly<Record<string, string>>;
  /**
   * How the rules score one game, in one line, for the `points` column of a match's standings (which
   * sums these scores; a draw may score 0), e.g. "12-0 for a win; in a tie 7 minus the opponent's pieces left".
   */
  scoring?: string;
  /** Absolute path of the game's own scenario suite (game packages); default: botjury's scenarios/<id>/. */
  suiteDir?: string;
  /** JSON Schema of the game's `setup:` (game packages; the built-in games' are in schemas/setup/). */
  setupSchema?: Record<string, unknown>;
  /** Build the jury of one game, for every seat. Throw ScenarioError for setups the rules do not allow. */
  createGame(ctx: GameContext): Game;
  /**
   * A command is about to play this game: start now what is slow to start (a referee program), so that
   * it gets ready while botjury reads and plans the scenarios. Resolves once it is started (not ready):
   * awaited, the start is not queued behind the planning's own work. Optional; never needed for correctness.
   */
  warmUp?(): Promise<void>;
}

export interface GameContext {
  /**
   * The seats a program (a bot) plays, in the game's order. The game speaks the wire only to these
   * (`send`, `await`); every other seat it moves itself when the core asks (`move`): with a scripted
   * move, or with its built-in player.
   */
  bots: readonly string[];
  seed: number;
  /** Seeded; the only source of randomness a game or its built-in players may use. */
  rng: Rng;
  /** The scenario's `setup:` object (already schema-validated), or undefined. */
  setup: Record<string, unknown> | undefined;
  /** Folder of the scenario file, to resolve paths in `setup:` (mazes, maps). */
  scenarioDir: string;
  profile: JuryProfile;
  /** Name of the built-in player for seats without a bot (`opponent:` in a scenario), or undefined for the default. */
  opponent?: string;
}

/** A game method may answer at once or later (a referee program in another process). */
export type MaybePromise<T> = T | Promise<T>;

/** What the jury does next, as the game decides it from its state. */
export type GameAction =
  /** The jury writes lines to a bot seat. */
  | { type: 'send'; seat: string; lines: string[]; ply?: number }
  /** The jury waits for a bot seat's answer (its clock runs), then calls `answer(seat, lines)`. */
  | { type: 'await'; seat: string; request: AnswerRequest }
  /** A seat without a bot moves now: the core calls `move(seat, scripted move | undefined)`. */
  | { type: 'move'; seat: string; ply: number }
  /** The game is over: how the jury ends it for each bot seat (every bot seat of the game has one). */
  | { type: 'end'; endings: Record<string, Ending> };

export interface AnswerRequest {
  /** The game's own ply/turn number of this answer (contract: `ply`). */
  ply: number;
  /** Human label for messages, e.g. "White's move 5 (ply 9)". */
  label: string;
  /** How many lines make one answer (On The Run's detectives answer 4). */
  lines: number;
  /** Which limit applies: the startup limit (handshake, first answer) or the per-answer limit. */
  timer: 'startup' | 'move';
  /**
   * Handshake mode (JavaChallenge2015 READY): lines are trimmed and skipped until one equals `token`;
   * skipped lines are `extra-output` warnings, a near miss (`Ready`) is `bad-handshake`.
   */
  handshake?: { token: string };
  /** Longest line any answer can need; a longer line is `output-flood` (bounded read). */
  maxLineBytes: number;
  /**
   * Lines the bot wrote when nobody asked: `discard` reports `extra-output` and drops them (what a
   * conformance check wants); `queue` also reports them but feeds them as the next answers, as the
   * JavaChallenge2015 engine did (the stale-line shift).
   */
  unaskedLines: 'discard' | 'queue';
  /** The answer is not a move of the game (SnakeCore's name, a READY): a record of moves leaves it out. */
  notAMove?: boolean;
  /**
   * The bot's player is out of the game and nothing its bot does can change the game any more (a
   * fallen JavaChallenge2015 player, still sent its turns): says why, e.g. "its player fell at T=120".
   * Where the profile tolerates `exitWhenOut`, a bot that ends now gets a warning, not an error.
   */
  outOfGame?: string;
}

export type Ending =
  /** The rules say the bot must now end on its own (no-self-exit otherwise). */
  | { kind: 'self-exit'; reason: string }
  /** The jury sends `lines` (`Quit`) and the bot must exit normally (no-exit-after-quit otherwise). */
  | { kind: 'quit'; reason: string; lines: string[] }
  /**
   * The jury closes the bot's input and ends it after the close grace. With `mustBeRunning` the bot
   * must still be running at that moment (SnakeCore: the program must never end on its own).
   */
  | { kind: 'close'; reason: string; mustBeRunning: boolean }
  /** The jury already stopped the bot (timeout, flood, disqualified); nothing more to check. */
  | { kind: 'stopped'; reason: string };

export interface Judgement {
  /** Violations this answer caused (bad-format, illegal-move, too-many-steps, ineffective-action...). */
  violations: ViolationDraft[];
  /** True when the answer was legal and played as given. */
  accepted: boolean;
  /** What the jury actually played for the seat (the answer, or the jury's substitute). */
  played?: string;
  /** The real jury stops the seat's program now (it takes over, or the game is lost). */
  stopBot?: boolean;
}

/** How a bot failed to answer at all (or what made the jury stop it); the game applies the rules' consequence. */
export type FailureCode = Extract<
  ViolationCode,
  | 'handshake-timeout'
  | 'bad-handshake'
  | 'move-timeout'
  | 'total-time-exceeded'
  | 'unflushed-output'
  | 'early-exit'
  | 'crash'
  | 'output-flood'
  | 'memory-limit'
>;

export interface Outcome {
  /** True when the game reached an end the rules define (not cut short by the scenario). */
  finished: boolean;
  /** One line: "White wins: Black has no legal move", "tie after 100 moves each". */
  summary: string;
  /** Score per seat as the rules give it (final, or so far). */
  scores: Record<string, number>;
  winner?: string;
}

/**
 * The jury of one game for every seat. The core calls `next()` over and over and performs what it
 * returns. Contract: after a seat failed (`failed`) or a judgement stopped its bot (`stopBot`), the game
 * never sends to nor awaits that seat again — it plays on for it as the real jury did, or ends the game.
 */
export interface Game {
  /**
   * Called once, before any bot starts (a referee program starts here): whatever it takes is the jury's
   * time, never a bot's.
   */
  start?(): MaybePromise<void>;
  /** Files the jury prepares in a bot seat's working directory before starting it (name → content). */
  files?(seat: string): MaybePromise<Record<string, string>>;
  /** What the jury does now. `send` actions are consumed as they are returned. */
  next(): MaybePromise<GameAction>;
  /**
   * A bot seat's complete answer (lines without `\n`/`\r`) to the request the game awaited. The game
   * judges and applies it. `read` has the same lines as read from the pipe (their endings, and for a
   * long line under `keep-head` what was left out), for games whose jury read more than the text.
   */
  answer(seat: string, lines: string[], read?: readonly BotLine[]): MaybePromise<Judgement>;
  /**
   * A bot seat gave no usable answer at all (`move-timeout`, `crash`, `unflushed-output` …), at `ply`
   * (the ply of the answer it owed, AnswerRequest.ply); botjury found and reported it. Apply the real
   * jury's consequence once, for everyone: take over (JavaChallenge2015's N, Amazes' T), leave the
   * player on the board unable to move (SnakeCore), or end the game (CodeCup's irregular loss).
   */
  failed(seat: string, code: FailureCode, ply: number): MaybePromise<void>;
  /**
   * A seat without a bot moves: `move` is a scripted move (throw ScenarioError if the rules forbid it)
   * or undefined (the game's built-in player chooses, from ctx.rng). Returns the move as played.
   */
  move(seat: string, move: string | undefined): MaybePromise<string>;
  /** The jury ends the game now (a scenario's `quit`, or its steps ran out): the ending for each bot seat. */
  quit(): MaybePromise<Record<string, Ending>>;
  /** Canonical text of a seat's answer, to compare with scenario expectations (`bot: c3-d4`). */
  canonical(seat: string, lines: string[]): MaybePromise<string>;
  /** Canonical text of a scenario-written move for a seat (may be a list for multi-line answers). */
  canonicalScenarioMove(seat: string, value: string | number | (string | number)[]): MaybePromise<string>;
  /**
   * Every legal answer the awaited seat could give now, canonical, when the game can list them (not
   * Amazes' 4^256 step strings). Lets the core tell a scenario's impossible expectation (its own
   * mistake: exit 2) from a bot's legal but different answer.
   */
  legalAnswers?(seat: string): MaybePromise<string[] | undefined>;
  outcome(): MaybePromise<Outcome>;
  /** The game's own goals (GameDefinition.goals) this seat's game has reached so far. */
  reached?(seat: string): MaybePromise<string[]>;
  /** JSON-able picture of the whole game now, for reports that draw the game at every ply. */
  snapshot?(): MaybePromise<unknown>;
  /** The game is over for botjury: free what it holds (a referee process). */
  dispose?(): MaybePromise<void>;
}

/**
 * A scenario the rules or the schema reject: the harness's fault to report (exit 2), never the bot's.
 * Recognised by its name, so a game package may throw its own `class ScenarioError extends Error`
 * (with `name = 'ScenarioError'`) without importing botjury.
 */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
  static override [Symbol.hasInstance](x: unknown): boolean {
    return x instanceof Error && (x.name === 'ScenarioError' || x.name === 'DataUnavailable');
  }
}

/**
 * Data a scenario names from outside botjury (the official sample mazes, which are not ours to ship)
 * is not on this machine: the scenario is skipped with this reason, neither failed nor an error.
 */
export class DataUnavailable extends ScenarioError {
  override name = 'DataUnavailable';
  static override [Symbol.hasInstance](x: unknown): boolean {
    return x instanceof Error && x.name === 'DataUnavailable';
  }
}
