// Programmatic API: `import { runScenarios } from 'botjury'`.
import type { BotCommand } from './core/bot-process.js';
import { SCENARIO_DIR } from './core/paths.js';
import { planTasks, runTasks, type RunOptions, type RunReport } from './core/runner.js';
import { VERSION } from './core/version.js';
import { findGame, GAMES } from './games/registry.js';
import path from 'node:path';

export interface RunScenariosOptions extends Omit<RunOptions, 'bot'> {
  /** The bot command, executed directly (no shell): ['python3', 'bot.py']. */
  bot: string[] | BotCommand;
}

/**
 * Runs scenario files or folders (or a game's built-in suite: `{ game: 'alquerque' }`) against a bot
 * and returns the report the JSON reporter would write. Never throws for the bot's violations.
 */
export async function runScenarios(scenarios: string[] | { game: string }, options: RunScenariosOptions): Promise<RunReport> {
  const cwd = options.invokedFrom ?? process.cwd();
  const suiteOf = (id: string): string => findGame(id)?.suiteDir ?? path.join(SCENARIO_DIR, id);
  const inputs = Array.isArray(scenarios) ? scenarios : [suiteOf(scenarios.game)];
  const tasks = await planTasks(inputs, GAMES, { cwd, ...(options.role !== undefined ? { role: options.role } : {}), ...(!Array.isArray(scenarios) ? { game: scenarios.game } : {}) });
  const bot = Array.isArray(options.bot) ? { argv: options.bot } : options.bot;
  return runTasks(tasks, GAMES, { version: VERSION, ...options, bot, invokedFrom: cwd });
}

export { GAMES, loadGameModule } from './games/registry.js';
export { exitCodeFor, type Reporter, type RunReport, type RunSummary, type Task } from './core/runner.js';
export type { ScenarioResult, TranscriptEntry, ReplyTiming, Timing, Snapshot } from './core/result.js';
export type { Violation, ViolationCode, Severity } from './core/violations.js';
export type { GameDefinition, GameContext, Game, GameAction, MaybePromise, AnswerRequest, Ending, Judgement, Outcome, FailureCode } from './core/game.js';
// botjury 0.1's single-seat contract, still accepted from game packages (docs/game-api.md).
export type { Referee, RefereeContext, JuryAction } from './core/single-seat.js';
export { seatView } from './core/single-seat.js';
export type { JuryProfile, Limits } from './core/profile.js';
export type { ViolationDraft } from './core/violations.js';
export { ScenarioError, DataUnavailable } from './core/game.js';
export { VERSION };
// Reporters, for API users who want the same outputs as the command line.
export { consoleReporter } from '../reporters/console.js';
export { jsonReporter } from '../reporters/json.js';
export { tapReporter } from '../reporters/tap.js';
export { junitReporter } from '../reporters/junit.js';
export { htmlReporter } from '../reporters/html.js';
export { fileOutput, streamOutput, type Output } from '../reporters/output.js';
