// JavaChallenge2015's wire format, as the real engine speaks it (shared/jury-facts.md):
//   bot → jury, once: `READY` (lines are trimmed; earlier lines are skipped; nothing is sent before it).
//   jury → bot, only on the bot's own turn (T % 4 == id), each line ending in `\n`:
//     id
//     T
//     6 lines of 6 block values separated by single spaces (row = y / 3)
//     4 lines `x y D S` — column first, D a letter U/D/L/R; a fallen player `-1 -1 <last D> <S>`
//     EOD
//   bot → jury: one line; the engine trims it, takes the text before the first space and matches
//   U D L R A N case-sensitively. Anything else plays N. Extra lines stay in the pipe and are read as
//   the next turns' answers (the stale-line shift), so the AnswerRequest queues them.
import type { AnswerRequest } from '../../core/game.js';
import { isAction, type Action, type GameState } from './rules.js';

export const READY = 'READY';
export const EOD = 'EOD';

/** A READY line must fit; a longer line before READY is a flood rather than a banner. */
const MAX_HANDSHAKE_LINE_BYTES = 65_536;
/** An action is one letter; 4 KiB leaves room for a trailing comment the engine would ignore. */
const MAX_ACTION_LINE_BYTES = 4096;

/** The lines the engine writes to player `id` at the start of its turn. */
export function turnMessage(state: GameState, id: number): string[] {
  return [
    String(id),
    String(state.turn),
    ...state.blocks.map((row) => row.join(' ')),
    ...state.players.map((p) => (p.onBoard ? `${p.x} ${p.y} ${p.facing} ${p.cooldown}` : `-1 -1 ${p.facing} ${p.cooldown}`)),
    EOD,
  ];
}

/** Java's String.trim(): strips every character up to U+0020 at both ends, nothing else. */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

export interface ParsedAnswer {
  /** What the engine compares: the trimmed line up to its first space. */
  token: string;
  /** The action the engine plays for it (`N` when the token is not an action). */
  action: Action;
  /** True when the token is one of U D L R A N. */
  valid: boolean;
  /** True when the whole line is exactly the letter (no padding, no trailing words). */
  exact: boolean;
}

export function parseAnswer(line: string): ParsedAnswer {
  const token = javaTrim(line).split(' ')[0] ?? '';
  const valid = isAction(token);
  return { token, action: valid ? token : 'N', valid, exact: valid && line === token };
}

export function handshakeRequest(): AnswerRequest {
  return {
    ply: 0,
    label: 'READY (handshake)',
    lines: 1,
    timer: 'startup',
    handshake: { token: READY },
    maxLineBytes: MAX_HANDSHAKE_LINE_BYTES,
    unaskedLines: 'queue',
  };
}

/** `ply` is T + 1: the 1-based turn number (T = 999 is the rule text's "1000th turn"). */
export function actionRequest(turn: number, id: number): AnswerRequest {
  return {
    ply: turn + 1,
    label: `player ${id}'s action at T=${turn}`,
    lines: 1,
    timer: 'move',
    maxLineBytes: MAX_ACTION_LINE_BYTES,
    unaskedLines: 'queue',
  };
}
