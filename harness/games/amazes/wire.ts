// Amazes' wire format (CodeCup 2010, Caia): what the jury writes and how it reads an answer.
//   Jury -> bot, each turn: four corridor lines (ahead, right, behind, left), each a run of B/L/R/N
//   (openings to the left/right of the looking direction) ending in W, then the squared distance to
//   the opponent. Red's very first input starts with an extra line `Start`. `Quit` on the first line
//   of input: the game is over (sudden death), exit normally.
//   Bot -> jury, each turn: one line of 1..256 characters F/T/L/R.
import type { AnswerRequest } from '../../core/game.js';
import { MAX_STEPS, playerName, RULES, type Corridor, type MoveProblem, type Player, type View } from './rules.js';

export const START = 'Start';
export const QUIT = 'Quit';

export function corridorLine(c: Corridor): string {
  return c.map((s) => (s.left && s.right ? 'B' : s.left ? 'L' : s.right ? 'R' : 'N')).join('') + 'W';
}

/** The five lines of one turn's information (with `Start` first on Red's first turn). */
export function visionLines(view: View, withStart: boolean): string[] {
  return [...(withStart ? [START] : []), ...view.corridors.map(corridorLine), String(view.squaredDistance)];
}

/**
 * A move line can legitimately be 256 bytes; anything up to 64 KiB is still read whole so that a long
 * line of steps is judged as too-many-steps (the rule's own verdict), not cut off as a flood.
 */
export const MAX_LINE_BYTES = 64 * 1024;

export function moveRequest(player: Player, turn: number): AnswerRequest {
  return {
    ply: turn,
    label: `${playerName(player)}'s turn ${turn}`,
    lines: 1,
    timer: 'move',
    maxLineBytes: MAX_LINE_BYTES,
    unaskedLines: 'discard',
  };
}

/** A precise verdict for a malformed move line (the caller adds the turn and the actual text). */
export function describeMoveProblem(problem: MoveProblem, text: string): { code: 'bad-format' | 'too-many-steps'; message: string; rule: string } {
  const takeOver = "the jury plays 'T' for this player for the rest of the game and its score is 0";
  switch (problem.kind) {
    case 'empty':
      return { code: 'bad-format', message: `empty line: a move needs 1 to ${MAX_STEPS} of F, T, L, R; ${takeOver}`, rule: RULES.line };
    case 'characters': {
      const shown = JSON.stringify(problem.char);
      const what = problem.allLowercase
        ? `lowercase letters (${JSON.stringify(text.slice(0, 20))}${text.length > 20 ? '…' : ''}): moves are the capital letters F, T, L, R`
        : `${shown} at position ${problem.index + 1} is not a move: only the capital letters F, T, L, R are allowed`;
      return { code: 'bad-format', message: `${what}; ${takeOver}`, rule: RULES.takeOver };
    }
    case 'too-many':
      return {
        code: 'too-many-steps',
        message: `${problem.length} steps in one turn, at most ${MAX_STEPS} allowed: none of them are performed; the player is disqualified: ${takeOver}`,
        rule: RULES.tooMany,
      };
  }
}

/**
 * One correct line for a verdict's `expected`: the bot's own steps, repaired where that is obvious
 * (capitals, separators dropped, cut to 256), else `T` (a step back is always possible: a player
 * faces away from the square it came from).
 */
export function exampleMove(problem: MoveProblem, text: string): string {
  const repaired = problem.kind === 'too-many' ? text.slice(0, MAX_STEPS) : text.toUpperCase().replace(/[^FTLR]/g, '').slice(0, MAX_STEPS);
  return repaired.length > 0 ? repaired : 'T';
}
