// SnakeCore's wire format (rule text section 3). Requests start with their identifier line:
//   getName                        → one line: the player's name (>= 0x20 only, at most 32 bytes)
//   getAction, n, n field lines, k python lines (the asked player's own first)
//                                  → one line: one of U L D R N A
// Field line j, character i describes cell (i - 1, j - 1): x is the column, y the row, origin top-left.
// A python line: protected moves left, length l (head included), then l pairs `x y`, head first.
import type { AnswerRequest } from '../../core/game.js';
import { ACTIONS, occupancy, type Action, type Python, type State } from './rules.js';

export const GET_NAME = 'getName';
export const GET_ACTION = 'getAction';
export const MAX_NAME_BYTES = 32;

/** The characters the field uses; any other character is an empty cell. */
export const FIELD_CHARS = { wall: 'W', reactor: 'R', block: 'b', energy: 'e', head: 'p' } as const;
export const DEFAULT_EMPTY_CHAR = '.';

// Bounds for the bounded read: far above what any answer needs, so that ordinary garbage is judged
// as what it is (invalid-name, bad-format) and only a runaway writer is an output flood.
const NAME_LINE_BYTES = 4096;
const ACTION_LINE_BYTES = 1024;

export function nameRequest(): AnswerRequest {
  return { ply: 0, label: 'getName (the first request)', lines: 1, timer: 'startup', maxLineBytes: NAME_LINE_BYTES, unaskedLines: 'discard', notAMove: true };
}

export function actionRequest(python: number, move: number): AnswerRequest {
  return {
    ply: move,
    label: `python ${python + 1}'s move ${move}`,
    lines: 1,
    timer: 'move',
    maxLineBytes: ACTION_LINE_BYTES,
    unaskedLines: 'discard',
  };
}

/** The n field lines: walls, reactors, blocks (free or linked, by kind) and every head as `p`. */
export function fieldLines(state: State, emptyChar: string = DEFAULT_EMPTY_CHAR): string[] {
  const grid = occupancy(state);
  const rows: string[] = [];
  for (let y = 0; y < state.size; y++) {
    let row = '';
    for (let x = 0; x < state.size; x++) {
      const c = grid[y * state.size + x]!;
      row +=
        c.kind === 'wall' ? FIELD_CHARS.wall
        : c.kind === 'reactor' ? FIELD_CHARS.reactor
        : c.kind === 'head' ? FIELD_CHARS.head
        : c.kind === 'free' || c.kind === 'linked' ? c.block
        : emptyChar;
    }
    rows.push(row);
  }
  return rows;
}

export function pythonLine(p: Python): string {
  const cells = [p.head, ...p.body];
  return [p.protection, cells.length, ...cells.flatMap((c) => [c.x, c.y])].join(' ');
}

/** The python lines for `viewer`: its own first, then the others in turn order. */
export function pythonLines(state: State, viewer: number): string[] {
  const order = [viewer, ...state.pythons.map((_, i) => i).filter((i) => i !== viewer)];
  return order.map((i) => pythonLine(state.pythons[i]!));
}

export function actionMessage(state: State, viewer: number, emptyChar: string = DEFAULT_EMPTY_CHAR): string[] {
  return [GET_ACTION, String(state.size), ...fieldLines(state, emptyChar), ...pythonLines(state, viewer)];
}

export function parseAction(line: string): Action | undefined {
  return (ACTIONS as readonly string[]).includes(line) ? (line as Action) : undefined;
}

export type NameCheck = { ok: true } | { ok: false; reason: string };

/** The name rule: any characters with codes >= 0x20, at most 32 bytes. */
export function checkName(name: string): NameCheck {
  const bytes = Buffer.byteLength(name, 'utf8');
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20)
      return { ok: false, reason: `character ${i + 1} is 0x${code.toString(16).padStart(2, '0')}, a control character (only codes >= 0x20 are allowed)` };
  }
  if (bytes > MAX_NAME_BYTES) return { ok: false, reason: `it is ${bytes} bytes long; at most ${MAX_NAME_BYTES} bytes are allowed` };
  return { ok: true };
}

/** Shows control characters visibly in messages (the report keeps the raw bytes in `actual`). */
export function visible(text: string): string {
  return JSON.stringify(text);
}
