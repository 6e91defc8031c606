// What a scenario must reach to prove its point (`reach:` in the scenario). A scenario about a tie that
// never reaches a tie has tested nothing: its run is `inconclusive`, not `passed`. Goals every game has
// are decided here from the outcome and the way the jury ended the game; a game adds its own (a capture
// chain, sudden death, a catch …) through `GameDefinition.goals` and `Referee.reached()`.
import { closest } from '../cli/suggest.js';
import type { Ending, GameDefinition, Outcome } from './game.js';

export const COMMON_GOALS: Readonly<Record<string, string>> = {
  end: 'the game reached an end the rules define (not cut short by the scenario)',
  'bot-wins': 'the game ended and the bot won it',
  'bot-loses': 'the game ended and another player won it',
  'self-exit': 'the rules required the bot to end on its own',
  quit: 'the jury sent the bot its quit line (Quit)',
  close: "the jury ended the game by closing the bot's input",
};

/** Every goal the game knows: the common ones and its own (own wins on a name clash). */
export function goalsOf(game: GameDefinition): Record<string, string> {
  return { ...COMMON_GOALS, ...(game.goals ?? {}) };
}

/** Why a `reach:` name is not a goal of the game (with a suggestion), or null. */
export function goalNameProblem(name: string, game: GameDefinition): string | null {
  const all = goalsOf(game);
  if (Object.hasOwn(all, name)) return null;
  const near = closest(name, Object.keys(all), 1)[0];
  return `'${name}' is not a goal of ${game.id}${near ? ` (did you mean '${near}'?)` : ''}; goals: ${Object.keys(all).join(', ')}`;
}

/** The common goals a finished run reached, from the rules' outcome and the ending the jury performed. */
export function commonGoalsReached(outcome: Outcome | undefined, ending: Ending['kind'] | null, role: string): string[] {
  const out: string[] = [];
  if (outcome?.finished) {
    out.push('end');
    if (outcome.winner !== undefined) out.push(outcome.winner === role ? 'bot-wins' : 'bot-loses');
  }
  if (ending === 'self-exit' || ending === 'quit' || ending === 'close') out.push(ending);
  return out;
}

export interface GoalReport {
  /** What the scenario states it must reach (`reach:`). */
  wanted: string[];
  /** Every goal this run reached (also those not wanted). */
  reached: string[];
  /** Wanted but not reached: the run is inconclusive (unless it failed anyway). */
  missing: string[];
}

export function goalReport(wanted: readonly string[], reached: readonly string[]): GoalReport {
  const got = [...new Set(reached)].sort();
  return { wanted: [...wanted], reached: got, missing: wanted.filter((g) => !got.includes(g)) };
}

/** One sentence for the report: what was not reached, and what happened instead. */
export function inconclusiveReason(report: GoalReport, outcome: Outcome | undefined): string {
  const missing = report.missing.map((g) => `'${g}'`).join(', ');
  const instead = outcome ? ` (${outcome.finished ? 'the game ended' : 'the game stopped'}: ${outcome.summary})` : '';
  return `did not reach ${missing}${instead}: the scenario's point was not tested`;
}
