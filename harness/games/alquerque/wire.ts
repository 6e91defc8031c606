// Alquerque's wire format (CodeCup 2008, Caia): one line each way per ply.
//   White's first input: `Start`. Afterwards each side reads the opponent's move, e.g. `c3-d4`.
//   Answer: one line, `c3-d4` or `e5*c3` / `a1*c1*c3`. `Quit` on input: terminate normally.
import type { AnswerRequest } from '../../core/game.js';
import type { Color } from './rules.js';

export const START = 'Start';
export const QUIT = 'Quit';

export const colorName = (c: Color): string => (c === 'white' ? 'White' : 'Black');

/** The longest legal move is a capture chain; 256 bytes covers any line a correct bot can write. */
const MAX_LINE_BYTES = 256;

export function moveRequest(color: Color, ply: number): AnswerRequest {
  return {
    ply,
    label: `${colorName(color)}'s move ${Math.ceil(ply / 2)} (ply ${ply})`,
    lines: 1,
    timer: 'move',
    maxLineBytes: MAX_LINE_BYTES,
    unaskedLines: 'discard',
  };
}
