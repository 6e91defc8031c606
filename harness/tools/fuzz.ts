// `botjury fuzz <game>`: play seeded games against the built-in opponents (roles alternate, every game
// its own seed, so generated setups vary too) and, for each distinct violation, save a scenario that
// reproduces it with as few steps as still trigger the same verdict (the same violation key):
//   1. the failing game, replayed with its opponent moves scripted and `bot: any` for the bot;
//   2. cut after the answer the verdict is about, then the shortest prefix that still triggers it
//      (binary search; when the steps run out the jury ends the game, as the real one does);
//   3. simplified: scripted moves become `play` segments (the fuzz game was played against the
//      seeded built-in opponent, so a play segment from the start replays the same moves in one step);
//   4. steps removed, delta-debugging style: chunks of half the steps, then smaller, then single steps
//      (a bounded number of runs). Simplifying first makes this cheap: removing scripted steps from a
//      long game almost never keeps the turn order, so each of those runs would be wasted;
//   5. the saved file, loaded like any scenario, run alone: it must reproduce the verdict.
// Every candidate is kept only if it reproduces the verdict; the order of candidates is fixed, so the
// result is deterministic for a given seed and a deterministic bot: same games, same files, byte for byte.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HarnessError, type BotCommand } from '../core/bot-process.js';
import { writeOutputFile } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import { createRng } from '../core/rng.js';
import { displayPath, loadScenario, type Scenario } from '../core/scenario.js';
import { runScenario, type SessionOptions } from '../core/session.js';
import type { ScenarioResult } from '../core/result.js';
import type { Violation } from '../core/violations.js';
import { recordingGame, type GameRecording, type MoveRecord } from './recorder.js';
import { scenarioYaml, type ScenarioText, type StepText } from './scenario-text.js';

export interface FuzzOptions {
  game: GameDefinition;
  games: readonly GameDefinition[];
  role?: string;
  count: number;
  seed: number | string;
  saveDir: string;
  bot: BotCommand;
  invokedFrom: string;
  profile?: string;
  memoryMb?: number;
  /** The bot in a sandbox of its own (bubblewrap). */
  isolate?: boolean;
  /** Warnings count as findings too. */
  strict?: boolean;
  cwd?: string;
  /** Progress lines (stderr). */
  log?: (line: string) => void;
}

export interface FuzzFinding {
  key: string;
  code: string;
  /** For illegal-move: the kind of fault (rule and message shape). */
  kind?: string;
  message: string;
  game: number;
  role: string;
  seed: number;
  ply?: number;
  /** Steps of the whole scripted game, and of the saved scenario. */
  fullSteps: number;
  steps: number;
  /** Runs of the bot spent shrinking and verifying. */
  runs: number;
  file: string;
  /** The saved file, run alone, gave the same verdict. */
  reproduced: boolean;
}

export interface FuzzResult {
  games: number;
  findings: FuzzFinding[];
}

/** The seed of fuzz game `index`: derived from the fuzz seed, stable whatever else changes. */
export function gameSeed(seed: number | string, index: number): number {
  return createRng(`fuzz/${seed}/${index}`).int(1_000_000_000);
}

export async function fuzz(options: FuzzOptions): Promise<FuzzResult> {
  const { game } = options;
  if (options.role !== undefined && !game.roles.includes(options.role))
    throw new HarnessError(`${game.id} has roles ${game.roles.join(', ')}; '${options.role}' is not one of them`);
  const log = options.log ?? (() => undefined);
  const session: Omit<SessionOptions, 'bot'> & { bot: BotCommand } = {
    bot: options.bot,
    invokedFrom: options.invokedFrom,
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : {}),
    ...(options.isolate ? { isolate: true } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  };
  const findings: FuzzFinding[] = [];
  const seen = new Set<string>();
  const usedNames = new Set<string>();
  for (let i = 0; i < options.count; i++) {
    const role = options.role ?? game.roles[i % game.roles.length]!;
    const seed = gameSeed(options.seed, i);
    const scenario: Scenario = {
      file: `fuzz game ${i + 1}`, dir: options.invokedFrom, game: game.id, name: `fuzz game ${i + 1}`, role, seed, tags: [],
      ...(options.profile !== undefined ? { profile: options.profile } : {}),
    };
    const recording: GameRecording = { moves: [] };
    const result = await runScenario(scenario, role, recordingGame(game, recording), session);
    if (result.status === 'error') throw new HarnessError(`fuzz game ${i + 1} (${role}, seed ${seed}): ${result.error}`);
    const found = result.violations.filter((v) => v.severity === 'error' || options.strict);
    log(`game ${i + 1}/${options.count} (${role}, seed ${seed}): ${found.length ? summarize(found) : 'clean'}`);
    for (const v of found) {
      const key = violationKey(v, game.roles);
      if (seen.has(key)) continue;
      seen.add(key);
      const finding = await shrinkAndSave({ options, session, violation: v, key, role, seed, index: i, moves: recording.moves, usedNames, log });
      findings.push(finding);
    }
  }
  return { games: options.count, findings };
}

/** "bad-format at ply 2 (and 224 more), crash at ply 903". */
function summarize(found: Violation[]): string {
  const byCode = new Map<string, Violation[]>();
  for (const v of found) byCode.set(v.code, [...(byCode.get(v.code) ?? []), v]);
  return [...byCode].map(([code, list]) => `${code}${list[0]!.ply !== undefined ? ` at ply ${list[0]!.ply}` : ''}${list.length > 1 ? ` (and ${list.length - 1} more)` : ''}`).join(', ');
}

/** Distinct violations: the code; for illegal-move also the rule and the shape of the message. */
export function violationKey(v: Violation, roles: readonly string[]): string {
  if (v.code !== 'illegal-move') return v.code;
  return `${v.code}|${v.rule ?? ''}|${messageKind(v.message, roles)}`;
}

/** The message without what varies from game to game: quoted text, numbers, colours, examples. */
export function messageKind(message: string, roles: readonly string[]): string {
  let kind = message.replace(/'[^']*'/g, "'_'").replace(/\d+/g, '#');
  for (const role of roles) if (/^[a-z]+$/i.test(role)) kind = kind.replace(new RegExp(`\\b${role}\\b`, 'gi'), '<role>');
  return kind.split(' (')[0]!.trim();
}

interface ShrinkInput {
  options: FuzzOptions;
  session: Omit<SessionOptions, 'bot'> & { bot: BotCommand };
  violation: Violation;
  key: string;
  role: string;
  seed: number;
  index: number;
  moves: MoveRecord[];
  usedNames: Set<string>;
  log: (line: string) => void;
}

async function shrinkAndSave(input: ShrinkInput): Promise<FuzzFinding> {
  const { options, violation: v, key, role, seed, moves } = input;
  const game = options.game;
  // The failing game, scripted: the opponent's moves as played, any answer from the bot.
  const atVerdict = v.ply !== undefined ? moves.findIndex((m) => m.by === 'bot' && m.ply === v.ply) : -1;
  const scripted: StepText[] = moves.map((m, i) =>
    m.by === 'opponent'
      ? { opponent: m.move, comment: `${m.player} (opponent), ply ${m.ply}` }
      : { bot: 'any', comment: `${m.label}${m.handshake ? ' (handshake)' : ''}${i === atVerdict ? ` — the verdict: ${v.code}` : ''}` });
  // After the last move the game ends as the rules end it (a winner must exit on its own).
  const full: StepText[] = [...scripted, { play: { until: 'end' }, comment: 'the end of the game' }];
  const base = scenarioText(input, []);
  let runs = 0;
  const cache = new Map<string, boolean>();
  const reproduces = async (steps: StepText[]): Promise<boolean> => {
    const id = JSON.stringify(steps.map(({ comment: _, ...step }) => step));
    const known = cache.get(id);
    if (known !== undefined) return known;
    runs++;
    const result = await runText({ ...base, steps }, input);
    const ok = result !== null && result.violations.some((w) => violationKey(w, game.roles) === key);
    cache.set(id, ok);
    return ok;
  };
  // Cut what follows the answer the verdict is about; fall back to the whole game.
  let hi = atVerdict >= 0 ? atVerdict + 1 : full.length;
  if (!(await reproduces(full.slice(0, hi))) && hi < full.length && (await reproduces(full))) hi = full.length;
  let steps = full;
  if (await reproduces(full.slice(0, hi))) {
    // The shortest prefix that still triggers the verdict (a fault that needs no game at all, like
    // one at the start or after Quit, needs no steps).
    let lo = 0;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (await reproduces(full.slice(0, mid))) hi = mid;
      else lo = mid + 1;
    }
    steps = await simplify(full.slice(0, hi), reproduces, v);
    steps = await removeSteps(steps, reproduces, () => runs);
  }
  const text = scenarioText(input, steps);
  const name = fileName(game, v, input.usedNames);
  const file = path.join(options.saveDir, name);
  writeOutputFile(file, scenarioYaml(text, path.dirname(path.resolve(file)), [`Found by: botjury fuzz ${game.id} --games ${options.count} --seed ${options.seed} (game ${input.index + 1})`]), '--save-dir');
  // The saved file alone, loaded as a user would load it.
  runs++;
  const alone = await runScenario(loadScenario(path.resolve(file), options.invokedFrom, options.games), role, game, input.session);
  const reproducible = alone.status !== 'error' && alone.violations.some((w) => violationKey(w, game.roles) === key);
  input.log(`  ${v.code}${v.ply !== undefined ? ` at ply ${v.ply}` : ''}: ${full.length} steps shrunk to ${steps.length} in ${runs} runs; ${reproducible ? 'reproduces alone' : 'did NOT reproduce alone (does the bot depend on timing or chance?)'}: ${displayPath(file, options.invokedFrom)}`);
  return {
    key, code: v.code, ...(v.code === 'illegal-move' ? { kind: messageKind(v.message, game.roles) } : {}), message: v.message,
    game: input.index + 1, role, seed, ...(v.ply !== undefined ? { ply: v.ply } : {}),
    fullSteps: full.length, steps: steps.length, runs, file, reproduced: reproducible,
  };
}

export type Reproduces = (steps: StepText[]) => Promise<boolean>;

/** Plies a step plays (each scripted step is one action of the game, as in a play segment); Infinity: to the end. */
function pliesOf(step: StepText): number {
  if ('play' in step) return 'plies' in step.play ? step.play.plies : Infinity;
  return 'quit' in step ? 0 : 1;
}

/** One play segment for consecutive steps: as many plies, or to the end. */
function asPlay(steps: StepText[], comment: string): StepText {
  const plies = steps.reduce((sum, step) => sum + pliesOf(step), 0);
  return { play: plies === Infinity ? { until: 'end' } : { plies }, comment };
}

/**
 * Scripted moves become play segments: first the whole scenario as one, then all but its last step
 * (the verdict's answer), then, from the longest, each run of two or more scripted steps.
 */
export async function simplify(steps: StepText[], reproduces: Reproduces, v: Violation): Promise<StepText[]> {
  if (steps.length < 2 || steps.some((step) => 'quit' in step)) return steps;
  const fromSeed = 'the fuzz game from its seed, both sides played';
  const whole = [asPlay(steps, `${fromSeed}; the verdict: ${v.code}${v.ply !== undefined ? ` at ply ${v.ply}` : ''}`)];
  if (await reproduces(whole)) return whole;
  const before = [asPlay(steps.slice(0, -1), fromSeed), steps[steps.length - 1]!];
  if (steps.length > 2 && (await reproduces(before))) return before;
  let current = steps;
  for (let improved = true; improved; ) {
    improved = false;
    for (const run of scriptedRuns(current)) {
      const candidate = [...current.slice(0, run.start), asPlay(current.slice(run.start, run.end), 'both sides played by the seeded built-in opponent'), ...current.slice(run.end)];
      if (await reproduces(candidate)) {
        current = candidate;
        improved = true;
        break;
      }
    }
  }
  return current;
}

/** Runs of two or more scripted steps (opponent: or bot:), longest first. */
function scriptedRuns(steps: StepText[]): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < steps.length; i++) {
    let end = i;
    while (end < steps.length && ('opponent' in steps[end]! || 'bot' in steps[end]!)) end++;
    if (end - i >= 2) runs.push({ start: i, end });
    i = Math.max(i, end);
  }
  return runs.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
}

/** Runs removal may spend: a scripted game that no simplification shortened would otherwise cost O(n log n) runs. */
export const MAX_REMOVAL_RUNS = 48;

/** Delta debugging: remove chunks of half the steps, then of a quarter, ..., then single steps, while they still reproduce. */
export async function removeSteps(steps: StepText[], reproduces: Reproduces, runsSoFar: () => number): Promise<StepText[]> {
  const budget = runsSoFar() + MAX_REMOVAL_RUNS;
  let current = steps;
  for (let size = Math.max(1, Math.floor(current.length / 2)); current.length > 0; size = Math.max(1, Math.floor(size / 2))) {
    for (let start = 0; start < current.length && runsSoFar() < budget; ) {
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      if (await reproduces(candidate)) current = candidate;
      else start += size;
    }
    if (size === 1) break;
  }
  return current;
}

/** Codes whose messages carry measured times: left out of the saved file, which must not vary. */
const TIMED = new Set(['handshake-timeout', 'move-timeout', 'total-time-exceeded', 'unflushed-output', 'memory-limit', 'no-self-exit', 'no-exit-after-quit', 'output-flood']);

function scenarioText(input: ShrinkInput, steps: StepText[]): ScenarioText {
  const { violation: v, options, role, seed } = input;
  const what = TIMED.has(v.code) ? v.code : `${v.code}: ${v.message}`;
  return {
    game: options.game.id,
    name: `fuzz: ${v.code}${v.code === 'illegal-move' ? ` (${firstClause(v.message)})` : ''}`,
    description: `Found by botjury fuzz (seed ${options.seed}, game ${input.index + 1}) playing ${role}${v.ply !== undefined ? `; the verdict came at ply ${v.ply}` : ''}: ${what}`,
    ...(v.rule ? { rule: v.rule } : {}),
    role,
    seed,
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    tags: ['fuzz'],
    steps,
  };
}

/** The probe's result; null when the bot left the recorded game (a scripted move no longer fits). */
async function runText(text: ScenarioText, input: ShrinkInput): Promise<ScenarioResult | null> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'botjury-fuzz-'));
  try {
    const file = path.join(dir, 'probe.yaml');
    writeFileSync(file, scenarioYaml(text, dir));
    const scenario = { ...loadScenario(file, dir, input.options.games), dir: input.options.invokedFrom };
    const result = await runScenario(scenario, input.role, input.options.game, input.session);
    // A bot that plays differently on the same input (time, chance) makes the scripted game impossible.
    return result.status === 'error' ? null : result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** "Incomplete strike 'a3*a5'" of "Incomplete strike 'a3*a5', should have striked to ...". */
function firstClause(message: string): string {
  return message.split(/[,:;(]/)[0]!.trim().slice(0, 80);
}

function fileName(game: GameDefinition, v: Violation, used: Set<string>): string {
  const gameId = game.id;
  const slug = v.code === 'illegal-move'
    ? `-${messageKind(v.message, game.roles).replace(/'_'|<role>|#/g, ' ').toLowerCase().replace(/[^a-z]+/g, ' ').trim().split(' ').slice(0, 5).join('-')}`
    : '';
  let name = `${gameId}-${v.code}${slug}`;
  for (let n = 2; used.has(name); n++) name = `${gameId}-${v.code}${slug}-${n}`;
  used.add(name);
  return `${name}.yaml`;
}
