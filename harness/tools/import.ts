// `botjury import <game> <record>`: a scenario from a real game record. The opponent's plies become
// scripted `opponent:` steps, the bot's plies `bot: any` (or the recorded moves with --exact), and a
// move the jury disqualified becomes the last `bot:` step, so a bot that plays the recorded moves gets
// the jury's verdict at the same ply.
//
// The record is played through the game's own jury (its Game) while importing: every opponent move must be
// legal, and the verdict botjury gives for the disqualified move is known (and compared with the
// jury's) before the scenario is written. Formats: docs/import.md.
import path from 'node:path';
import { ScenarioError, type Game, type GameAction, type GameDefinition } from '../core/game.js';
import { scenarioDataProblems, yaml, type MoveValue } from '../core/scenario.js';
import { createRng } from '../core/rng.js';
import type { ViolationDraft } from '../core/violations.js';
import type { ScenarioText, StepText } from './scenario-text.js';

/** A record the importer cannot use: the harness's fault to report (exit 2), with where. */
export class RecordError extends Error {
  override name = 'RecordError';
}

export interface RecordMove {
  value: MoveValue;
  /** Where it came from, for messages: "line 12", "ply 9 (the verdict)". */
  where: string;
  /** The move is the one the jury disqualified (named only in the verdict sentence). */
  fromVerdict?: boolean;
}

export interface ParsedRecord {
  moves: RecordMove[];
  /** Header keys of the generic format (seed, setup, role, profile, opponent, name). */
  header: Record<string, unknown>;
  /** What the game page says, for the description. */
  meta: {
    title?: string;
    result?: string;
    /** The jury's verdict sentence, and whom it disqualified. */
    verdict?: { text: string; player?: string; ply?: number };
  };
}

export interface ImportOptions {
  role?: string;
  exact?: boolean;
  /** The record's file name, for the description. */
  source: string;
  /** Folder the scenario will live in (paths in a header `setup:` are relative to it). */
  scenarioDir: string;
}

export interface BotjuryVerdict {
  ply: number;
  label: string;
  violation: ViolationDraft;
}

export interface ImportedScenario {
  scenario: ScenarioText;
  /** botjury's verdict on the record's last bot move, when the rules reject it. */
  verdict?: BotjuryVerdict;
  plies: { opponent: number; bot: number };
  /** Things the user should know (the jury and botjury disagree, an opponent's disqualified move...). */
  notes: string[];
}

// ---- parsing ----

const ALQUERQUE_MOVE = '[a-g][1-7](?:[-*][a-g][1-7])+';

export function parseRecord(game: GameDefinition, text: string): ParsedRecord {
  const plain = looksLikeHtml(text) ? htmlToText(text) : text;
  if (game.id === 'alquerque') {
    const numbered = parseCodeCup2008(plain);
    if (numbered) return numbered;
  }
  return parseMoveLines(plain);
}

function looksLikeHtml(text: string): boolean {
  return /<(html|body|pre|br|table|p)\b/i.test(text);
}

function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|tr|div|pre|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, '&');
}

/**
 * The numbered ply list of CodeCup 2008 game pages (`  1.c3-d4`, `  2.e5*c3`, several per line
 * allowed; odd plies are White's), with the page's title lines and the disqualification sentence
 * (`The white player has been disqualified: Incomplete strike 'c3*a5', ...`) when present.
 */
export function parseCodeCup2008(text: string): ParsedRecord | null {
  const plies: { n: number; move: string; line: number }[] = [];
  const lines = text.split(/\r?\n/);
  const token = new RegExp(`(?:^|\\s)(\\d+)\\.\\s*(${ALQUERQUE_MOVE})(?=\\s|$)`, 'g');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(token)) plies.push({ n: Number(m[1]), move: m[2]!, line: i + 1 });
  });
  if (plies.length === 0) return null;
  plies.forEach((p, i) => {
    if (p.n !== i + 1) throw new RecordError(`line ${p.line}: ply ${p.n} where ply ${i + 1} was expected (the numbered list must run 1, 2, 3, ... once)`);
  });
  const moves: RecordMove[] = plies.map((p) => ({ value: p.move, where: `line ${p.line} (ply ${p.n})` }));
  const meta: ParsedRecord['meta'] = {};
  const field = (name: string): string | undefined => new RegExp(`^\\s*${name}:[ \\t]*(.+?)\\s*$`, 'im').exec(text)?.[1];
  // The game's number: the page's "Game:" line, or the page's address (showgame_qga_e17340.html).
  const gameNo = field('Game') ?? /showgame_[a-z]+_e(\d+)/i.exec(text)?.[1];
  const white = field('White');
  const black = field('Black');
  if (gameNo || white || black)
    meta.title = `CodeCup 2008 game ${gameNo ?? '?'}${white || black ? `: ${white ?? '?'} (White) vs ${black ?? '?'} (Black)` : ''}`;
  const result = field('Result');
  if (result) meta.result = result;
  const dq = /The (white|black) player has been disqualified:[ \t]*(.+?)\s*$/im.exec(text);
  if (dq) {
    const player = dq[1]!.toLowerCase();
    const ply = plies.length + 1;
    meta.verdict = { text: dq[2]!, player, ply };
    const expectedMover = ply % 2 === 1 ? 'white' : 'black';
    if (player !== expectedMover)
      throw new RecordError(`the page disqualifies ${player}, but ply ${ply} after the listed moves is ${expectedMover}'s`);
    const named = new RegExp(`'(${ALQUERQUE_MOVE})'`).exec(dq[2]!);
    if (named) moves.push({ value: named[1]!, where: `ply ${ply} (named in the jury's verdict)`, fromVerdict: true });
  }
  return { moves, header: {}, meta };
}

const HEADER_KEYS = new Set(['game', 'role', 'seed', 'profile', 'opponent', 'setup', 'name']);

/**
 * The generic record: `key: value` header lines (seed, setup, role, profile, opponent, name; values
 * in YAML), then one move per line in the order the jury asked for them, optionally numbered `12.`;
 * the lines of a several-line answer on one line separated by ` / `. `verdict: <text>` anywhere
 * quotes the real jury's verdict; `#` starts a comment line.
 */
export function parseMoveLines(text: string): ParsedRecord {
  const moves: RecordMove[] = [];
  const header: Record<string, unknown> = {};
  const meta: ParsedRecord['meta'] = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const key = /^([a-z]+)\s*:\s*(.*)$/i.exec(line);
    if (key && key[1]!.toLowerCase() === 'verdict') {
      meta.verdict = { text: key[2]! };
      return;
    }
    if (key && moves.length === 0 && HEADER_KEYS.has(key[1]!.toLowerCase())) {
      try {
        header[key[1]!.toLowerCase()] = yaml().parse(key[2]!) as unknown;
      } catch (e) {
        throw new RecordError(`line ${i + 1}: ${key[1]}: ${(e as Error).message.split('\n')[0]}`);
      }
      return;
    }
    const move = line.replace(/^\d+\.\s*/, '');
    const parts = move.split(/\s+\/\s+/);
    moves.push({ value: parts.length > 1 ? parts : move, where: `line ${i + 1}` });
  });
  if (moves.length === 0) throw new RecordError('the record holds no moves');
  return { moves, header, meta };
}

// ---- playing the record through the referee ----

export async function importRecord(game: GameDefinition, record: ParsedRecord, options: ImportOptions): Promise<ImportedScenario> {
  const header = record.header;
  if (header.game !== undefined && header.game !== game.id) throw new RecordError(`the record is a ${String(header.game)} game, not ${game.id}`);
  const role = options.role ?? (header.role !== undefined ? String(header.role) : undefined) ?? record.meta.verdict?.player;
  if (role === undefined) throw new RecordError(`which seat does the bot take? give --role (${game.roles.join(', ')})`);
  if (!game.roles.includes(role)) throw new RecordError(`${game.id} has roles ${game.roles.join(', ')}; '${role}' is not one of them`);
  const seed = header.seed !== undefined ? (header.seed as number | string) : 0;
  const profileName = header.profile !== undefined ? String(header.profile) : game.defaultProfile;
  const profile = Object.hasOwn(game.profiles, profileName) ? game.profiles[profileName] : undefined;
  if (!profile) throw new RecordError(`${game.id} has no jury profile '${profileName}'`);
  // The header is scenario data: checked by the scenario schema before any of it is used.
  const headerProblems = scenarioDataProblems({
    game: game.id, role,
    ...Object.fromEntries(['seed', 'profile', 'opponent', 'setup'].filter((k) => header[k] !== undefined).map((k) => [k, header[k]])),
  });
  if (headerProblems.length > 0) throw new RecordError(`the record's header: ${headerProblems.join('; ')}`);
  const setup = header.setup as Record<string, unknown> | undefined;
  let jury: Game;
  try {
    jury = game.createGame({
      bots: [role], seed: typeof seed === 'number' ? seed : 0, rng: createRng(seed), setup, scenarioDir: options.scenarioDir, profile,
      ...(header.opponent !== undefined ? { opponent: String(header.opponent) } : {}),
    });
  } catch (e) {
    if (e instanceof ScenarioError) throw new RecordError(`the record's setup: ${e.message}`);
    throw e;
  }
  try {
    return await importThrough(jury, game, role, seed, profileName, setup, header, record, options);
  } finally {
    await jury.dispose?.();
  }
}

/** The record played through the game from the bot's seat: each move checked, each step written. */
async function importThrough(jury: Game, game: GameDefinition, role: string, seed: number | string, profileName: string, setup: Record<string, unknown> | undefined,
  header: ParsedRecord['header'], record: ParsedRecord, options: ImportOptions): Promise<ImportedScenario> {

  const steps: StepText[] = [];
  const notes: string[] = [];
  let verdict: BotjuryVerdict | undefined;
  let opponentPlies = 0;
  let botPlies = 0;
  type Decision = Exclude<GameAction, { type: 'send' }>;
  let pending: Decision | null = null;
  const decision = async (): Promise<Decision> => {
    while (!pending) {
      const a = await jury.next();
      if (a.type !== 'send') pending = a;
    }
    return pending;
  };
  const endReason = (a: Extract<Decision, { type: 'end' }>): string => a.endings[role]?.reason ?? 'the game is over';

  const moves = record.moves;
  let i = 0;
  while (i < moves.length) {
    const move = moves[i]!;
    const a = await decision();
    if (a.type === 'end') throw new RecordError(`${move.where}: the game is already over (${endReason(a)}), but the record goes on`);
    if (a.type === 'await') {
      const request = a.request;
      const text = Array.isArray(move.value) ? move.value.map(String) : [String(move.value)];
      if (request.handshake && text.join(' ').trim() !== request.handshake.token) {
        // Records list moves, not the handshake: answer it and keep the move for the next request.
        pending = null;
        await jury.answer(role, [request.handshake.token]);
        steps.push({ bot: 'any', comment: `the handshake (${request.handshake.token})` });
        continue;
      }
      pending = null;
      const lines = answerLines(move, request.lines);
      const judgement = await jury.answer(role, lines);
      botPlies++;
      const last = i === moves.length - 1;
      if (!judgement.accepted) {
        const violation = judgement.violations[0] ?? { code: 'illegal-move', message: 'rejected' } as ViolationDraft;
        verdict = { ply: violation.ply ?? request.ply, label: request.label, violation };
        steps.push({ bot: options.exact ? move.value : 'any', ...(options.exact && violation.code === 'illegal-move' ? { ruled: 'illegal-move' } : {}), note: `the record's move here is ${describe(move.value)}: ${violation.code}`, comment: `${request.label}` });
        if (!last) throw new RecordError(`${move.where}: botjury rejects ${describe(move.value)} (${violation.code}: ${violation.message}), but the record goes on`);
        break;
      }
      if (move.fromVerdict) notes.push(`the jury disqualified ${describe(move.value)} at ply ${request.ply}, but botjury accepts it: botjury and the real jury disagree here`);
      steps.push({ bot: options.exact ? move.value : 'any', comment: `${request.label}: recorded ${describe(move.value)}` });
      i++;
      continue;
    }
    // The opponent's move: scripted exactly as recorded.
    pending = null;
    try {
      await jury.move(a.seat, await jury.canonicalScenarioMove(a.seat, move.value));
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      if (i === moves.length - 1) {
        notes.push(`the opponent's last move ${describe(move.value)} (${move.where}) is not legal (${e.message}); a scenario cannot script it, so it ends before it`);
        break;
      }
      throw new RecordError(`${move.where}: ${e.message}`);
    }
    opponentPlies++;
    steps.push({ opponent: move.value, comment: `${a.seat} (opponent), ply ${a.ply}` });
    i++;
  }
  // A finished game ends as the rules end it (the winner must exit on its own, the loser reads Quit);
  // otherwise the steps run out and the jury ends the game as the real one ends it early.
  if (!verdict && i === moves.length && (await decision()).type === 'end') {
    const end = (await decision()) as Extract<Decision, { type: 'end' }>;
    steps.push({ play: { until: 'end' }, comment: `the game is over: ${endReason(end)}` });
  }
  const juryVerdict = record.meta.verdict;
  if (juryVerdict?.ply !== undefined && juryVerdict.player === role && !moves.some((m) => m.fromVerdict) && (await decision()).type === 'await') {
    // A verdict without a move (a timeout, a crash): the bot must answer at that ply, whatever it is.
    notes.push(`the jury disqualified ${role} at ply ${juryVerdict.ply}; the record names no move there, so the scenario asks for any answer at that ply`);
    steps.push({ bot: 'any', comment: `ply ${juryVerdict.ply}: the jury's verdict: ${juryVerdict.text}` });
  }
  if (verdict && juryVerdict?.ply !== undefined && verdict.ply !== juryVerdict.ply)
    notes.push(`botjury's verdict is at ply ${verdict.ply}, the jury's at ply ${juryVerdict.ply}`);

  return {
    scenario: {
      game: game.id,
      name: String(header.name ?? record.meta.title ?? `imported ${path.basename(options.source)}`),
      description: description(record, options, role, verdict),
      ...(verdict?.violation.rule ? { rule: verdict.violation.rule } : {}),
      role,
      seed,
      ...(header.profile !== undefined ? { profile: profileName } : {}),
      ...(header.opponent !== undefined ? { opponent: String(header.opponent) } : {}),
      tags: ['imported'],
      ...(setup ? { setup } : {}),
      steps,
    },
    ...(verdict ? { verdict } : {}),
    plies: { opponent: opponentPlies, bot: botPlies },
    notes,
  };
}

/** The answer's lines: a ` / ` list as given; several lines written as one, split at spaces. */
function answerLines(move: RecordMove, count: number): string[] {
  if (Array.isArray(move.value)) return move.value.map(String);
  const text = String(move.value);
  if (count <= 1) return [text];
  const parts = text.trim().split(/\s+/);
  if (parts.length !== count) throw new RecordError(`${move.where}: this answer has ${count} lines; write them separated by ' / ' (got '${text}')`);
  return parts;
}

function describe(v: MoveValue): string {
  return `'${Array.isArray(v) ? v.join(' / ') : String(v)}'`;
}

function description(record: ParsedRecord, options: ImportOptions, role: string, verdict: BotjuryVerdict | undefined): string {
  const parts = [`Imported from ${path.basename(options.source)} by botjury import; the bot plays ${role}.`];
  if (record.meta.result) parts.push(`Result on the game page: ${record.meta.result}.`);
  if (record.meta.verdict) parts.push(`The jury's verdict${record.meta.verdict.ply ? ` (ply ${record.meta.verdict.ply})` : ''}: ${record.meta.verdict.text}`);
  if (verdict) parts.push(`botjury's verdict on the recorded move: ${verdict.violation.code} at ply ${verdict.ply}: ${verdict.violation.message}`);
  parts.push(options.exact ? 'The bot must play the recorded moves.' : 'The bot may play any legal move; a bot that plays the recorded moves meets the recorded verdict.');
  return parts.join('\n');
}
