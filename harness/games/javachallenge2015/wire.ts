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
import type { OmittedTail } from '../../core/lines.js';
import { isAction, type Action, type GameState } from './rules.js';

export const READY = 'READY';
export const EOD = 'EOD';

/** A READY line must fit; a longer line before READY is a flood rather than a banner. */
const MAX_HANDSHAKE_LINE_BYTES = 65_536;
/**
 * An action is one letter; 4 KiB leaves room for a trailing comment the engine would ignore. Under the
 * `engine` profile a longer line is read whole and only these first bytes are kept (keep-head).
 */
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
  /**
   * The line was longer than botjury keeps and began with more blank bytes than it keeps: the engine's
   * word lies in bytes botjury read but did not keep. botjury then plays N (docs: assumptions and limits).
   */
  unseen?: true;
}

/**
 * The engine's reading of one answer line: Java trim(), then the text before the first space. `omitted`
 * describes the bytes of a long line that botjury read but did not keep (LineSplitter keep-head): when
 * they are all blank, trim() removes them and the head alone decides; otherwise the engine's word either
 * ends inside the head, or goes on past it (then it is longer than one letter, unless the first byte
 * not kept is the space that ends it).
 */
export function parseAnswer(line: string, omitted?: OmittedTail): ParsedAnswer {
  const whole = omitted === undefined;
  if (!omitted || omitted.allBlank) return judged(javaTrim(line).split(' ')[0]!, whole && line);
  const start = javaTrimStart(line);
  if (start === '') return { ...judged('', false), unseen: true };
  const space = start.indexOf(' ');
  if (space >= 0) return judged(start.slice(0, space), false);
  // The word runs to the end of the head: it ends there only if the next byte is a space.
  return omitted.firstByte === 0x20 ? judged(start, false) : { token: start, action: 'N', valid: false, exact: false };
}

/** `line`: the whole line when botjury kept all of it, else false (then it is never exactly the letter). */
function judged(token: string, line: string | false): ParsedAnswer {
  const valid = isAction(token);
  return { token, action: valid ? token : 'N', valid, exact: valid && line === token };
}

function javaTrimStart(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 0x20) start++;
  return text.slice(start);
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

/**
 * `ply` is T + 1: the 1-based turn number (T = 999 is the rule text's "1000th turn"). `fellAt`: the
 * turn the player fell, when it has (it is still sent its turns and must answer, but nothing it does
 * changes the game).
 */
export function actionRequest(turn: number, id: number, fellAt?: number): AnswerRequest {
  return {
    ply: turn + 1,
    label: `player ${id}'s action at T=${turn}`,
    lines: 1,
    timer: 'move',
    maxLineBytes: MAX_ACTION_LINE_BYTES,
    unaskedLines: 'queue',
    ...(fellAt !== undefined ? { outOfGame: `its player fell (by T=${fellAt})` } : {}),
  };
}
