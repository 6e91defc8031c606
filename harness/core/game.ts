// The one small interface every game implements. The core (session.ts) knows nothing about any game:
// it asks the game's Referee what the jury does next, performs it on the bot's pipes with the clock
// running, and hands the bot's answers back to the Referee for judgement.
//
// A Referee is the real jury of one match seen from one bot's seat. It wraps the game's pure rules
// (a folder of pure functions of state, no I/O, no clock) and the game's wire format (one file).

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
  /** Roles the bot can play, in the order `check` runs them. */
  roles: readonly string[];
  profiles: Record<string, JuryProfile>;
  defaultProfile: string;
  /**
   * Goals of this game a scenario can state (`reach:`), name → what it means; the common ones (end,
   * bot-wins, quit …) are in core/goals.ts. The Referee's `reached()` reports those a run reached.
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
  /** Build the jury for one match. Throw ScenarioError for setups the rules do not allow. */
  createReferee(ctx: RefereeContext): Referee;
}

export interface RefereeContext {
  role: string;
  seed: number;
  /** Seeded; the only source of randomness a referee or built-in opponent may use. */
  rng: Rng;
  /** The scenario's `setup:` object (already schema-validated), or undefined. */
  setup: Record<string, unknown> | undefined;
  /** Folder of the scenario file, to resolve paths in `setup:` (mazes, maps). */
  scenarioDir: string;
  profile: JuryProfile;
  /** Name of the built-in opponent to use (`opponent:` in the scenario), or undefined for the default. */
  opponent?: string;
}

/** What the jury does next, as decided by the Referee from the game state. */
export type JuryAction =
  | { type: 'send'; lines: string[]; ply?: number }
  | { type: 'await'; request: AnswerRequest }
  | { type: 'opponent'; player: string; ply: number }
  | { type: 'end'; ending: Ending };

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
  /** The answer is not a move of the game (SnakeCore's name): in a match it goes to no other player. */
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
  /** The jury already stopped the bot (timeout, flood); nothing more to check. */
  | { kind: 'stopped'; reason: string };

export interface Judgement {
  /** Violations this answer caused (bad-format, illegal-move, too-many-steps, ineffective-action...). */
  violations: ViolationDraft[];
  /** True when the answer was legal and played as given. */
  accepted: boolean;
  /** What the jury actually played for the bot (the answer, or the jury's substitute). */
  played?: string;
  /** The real jury stops the bot's process now (it takes over, or the game is lost). */
  stopBot?: boolean;
}

/** How a bot failed to answer at all; the Referee applies the rules' consequence. */
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
  /** Score per role as the rules give it (final, or so far). */
  scores: Record<string, number>;
  winner?: string;
}

export interface Referee {
  /** Files the jury prepares in the bot's working directory before starting it (name → content). */
  files?(): Record<string, string>;
  /** What the jury does now. Called repeatedly; `send` actions are consumed as they are returned. */
  next(): JuryAction;
  /**
   * The bot's complete answer (lines without `\n`/`\r`). The Referee judges and applies it. `read`
   * has the same lines as read from the pipe (their endings, and for a long line under `keep-head`
   * what was left out), for games whose jury read more than the text.
   */
  answer(lines: string[], read?: readonly BotLine[]): Judgement;
  /** The bot gave no usable answer at all; the jury reacts as the real one did (take over, or end). */
  botFailed(code: FailureCode): void;
  /**
   * In a match: another seat's bot failed (`code`: its failure or the violation that stopped it; `ply`:
   * the ply of the answer it owed, AnswerRequest.ply, as the game numbers plies). The
   * referee applies the rules' consequence to `player` exactly as `botFailed`/`answer` did in that
   * seat's own referee, so the game plays on alike in every seat (the JavaChallenge2015 engine plays N
   * for it, SnakeCore's python stays and cannot move, Amazes' jury plays T). Without this method a
   * failure of another bot ends this seat's game: the jury stops the match game (CodeCup: Quit).
   */
  playerFailed?(player: string, code: string, ply: number): void;
  /**
   * An opponent moves now. `move` is a scripted move (throw ScenarioError if the rules forbid it);
   * undefined asks the built-in seeded opponent. Returns the move as played, in the game's notation.
   */
  opponent(move: string | undefined): string;
  /** The jury ends the game now (scenario `quit`, or the scenario's steps ran out). */
  quit(): Ending;
  /** Canonical text of a bot answer, to compare with scenario expectations (`bot: c3-d4`). */
  canonical(lines: string[]): string;
  /**
   * Every legal answer the awaited bot could give now, canonical, when the game can list them (not
   * Amazes' 4^256 step strings). Lets the core tell a scenario's impossible expectation (its own
   * mistake: exit 2) from a bot's legal but different answer.
   */
  legalAnswers?(): string[] | undefined;
  /** Canonical text of a scenario-written move (may be a list for multi-line answers). */
  canonicalScenarioMove(value: string | number | (string | number)[]): string;
  outcome(): Outcome;
  /** The game's own goals (GameDefinition.goals) this game has reached so far. */
  reached?(): string[];
  /** JSON-able picture of the game now, for reports that draw the game at every ply. */
  snapshot?(): unknown;
  /** The game is over for botjury: free what the referee holds (a referee process). */
  dispose?(): void;
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
