// On The Run's wire format (CodeCup 2007, Caia), as played by real bots (jury-facts.md):
//   The map: `connect.txt` in the bot's working directory, written before the bot starts.
//   Jury -> both:       `Fugitive` or `Detectives` (the role).
//   Detectives -> jury: four lines, one start city each.          Jury -> fugitive: those four lines.
//   Fugitive -> jury:   its start city (a bare number, "the initial announcement"), then at once, with no
//                       input in between, its turn-1 move.           Jury -> detectives: the start city.
//   Each turn:          fugitive -> `C 12` (mode, space, city); jury -> detectives: the mode letter only,
//                       or `mode city` on every fifth turn; detectives -> four lines; jury -> fugitive: those
//                       four lines (not after turn 50).
//   After its move in turn 50 each side ends on its own; when the game ends earlier both get `Quit`.
import type { AnswerRequest } from '../../core/game.js';
import type { Mode } from './map.js';
import { DETECTIVES, isAnnouncementTurn, type FugitiveMove, type Side } from './rules.js';

export const ROLE_LINE: Readonly<Record<Side, string>> = { fugitive: 'Fugitive', detectives: 'Detectives' };
export const QUIT = 'Quit';
export const CONNECT_FILE = 'connect.txt';

export const WIRE_RULES = {
  fugitive:
    'For the fugitive there should be a single character denoting the type of transport, a single space character and a number of the city (except the initial announcement).',
  detectives: 'For the detectives there should be noting on each line but the number of the city a detective goes to.',
  lines: 'The output of the fugitive should be always one line, the output of the detectives should be one line for each detective.',
  lastTurn:
    "The only time you terminate your program without receiving the 'Quit' command from the jury software is when you have made your last move in turn fifty.",
  quit: "If your program, or the program of your opponent has made an invalid move, or if the game is over because one player has won, you will read 'Quit' from stdin.",
} as const;

/** "P 200" is 5 bytes; anything much longer is no answer a correct bot writes. */
const MAX_LINE_BYTES = 64;

function request(ply: number, label: string, lines: number, first: boolean): AnswerRequest {
  return { ply, label, lines, timer: first ? 'startup' : 'move', maxLineBytes: MAX_LINE_BYTES, unaskedLines: 'discard' };
}

export const detectivesStartRequest = (): AnswerRequest => request(0, "the detectives' four start cities", DETECTIVES, true);
export const fugitiveStartRequest = (): AnswerRequest => request(0, "the fugitive's start city", 1, true);
export const fugitiveMoveRequest = (turn: number): AnswerRequest => request(turn, `the fugitive's move in turn ${turn}`, 1, false);
export const detectivesMoveRequest = (turn: number): AnswerRequest => request(turn, `the detectives' moves in turn ${turn}`, DETECTIVES, false);

/** What the fugitive reads: one line per detective. */
export const detectiveLines = (cities: readonly number[]): string[] => cities.map(String);

/** What the detectives read about the fugitive's start: the bare city number, as the fugitive wrote it. */
export const startLine = (city: number): string => String(city);

/** What the detectives read about the fugitive's move: the mode, and on announcement turns the city too. */
export const modeLine = (turn: number, move: FugitiveMove): string => (isAnnouncementTurn(turn) ? `${move.mode} ${move.to}` : move.mode);

// ---- Reading answers: grammar only; the rules judge legality ----

export type Parse<T> = { ok: true; value: T } | { ok: false; message: string; expected: string; rule: string };

const CITY = /^[0-9]+$/;
const MOVE = /^([CTP]) ([0-9]+)$/;

export function parseCityLines(lines: readonly string[], who: (i: number) => string, expected: string): Parse<number[]> {
  const cities: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!CITY.test(line))
      return {
        ok: false,
        message: `${who(i)}: '${line}' is not a city number; each line must hold nothing but the number of a city`,
        expected,
        rule: WIRE_RULES.detectives,
      };
    cities.push(Number(line));
  }
  return { ok: true, value: cities };
}

export function parseStartLine(line: string, expected: string): Parse<number> {
  if (CITY.test(line)) return { ok: true, value: Number(line) };
  const hint = MOVE.test(line) ? ' (the start city is written without a mode: the mode comes with each move)' : '';
  return { ok: false, message: `the fugitive's start city '${line}' is not a city number${hint}`, expected, rule: WIRE_RULES.fugitive };
}

export function parseMoveLine(line: string, expected: string): Parse<FugitiveMove> {
  const m = MOVE.exec(line);
  if (m) return { ok: true, value: { mode: m[1] as Mode, to: Number(m[2]) } };
  let hint = "expected a mode letter (C, T or P), one space and a city number, e.g. 'C 12'";
  if (CITY.test(line)) hint = 'the mode of transport is missing; ' + hint;
  else if (/^[ctp] /.test(line)) hint = 'the mode must be an uppercase C, T or P; ' + hint;
  return { ok: false, message: `the fugitive's move '${line}' is not a move: ${hint}`, expected, rule: WIRE_RULES.fugitive };
}

/** Tokens of a scenario-written move: `C 12`, `[3, 7, 12, 40]` (joined by the core), `3 7 12 40`. */
export function scenarioTokens(value: string | number | (string | number)[]): string[] {
  const text = Array.isArray(value) ? value.map(String).join(' ') : String(value);
  return text.split(/[\s,]+/).filter((t) => t.length > 0);
}
