// The games botjury knows: the five built in, and any game loaded from outside as a package
// (`--game-module <path | package>`, or a scenario's `game: <id>` found as the installed package
// `botjury-game-<id>`). The core never names a game; a game is one object (core/game.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GameDefinition } from '../core/game.js';
import { gameFromReferee, type Referee, type RefereeContext } from '../core/single-seat.js';
import { definitionDataProblem, GameModuleError, readManifest, resolveGamePackage } from './manifest.js';
import { processGame } from './process-referee.js';
import { setGameResolver } from '../core/scenario.js';
import { alquerque } from './alquerque/index.js';
import { amazes } from './amazes/index.js';
import { javachallenge2015 } from './javachallenge2015/index.js';
import { onTheRun } from './on-the-run/index.js';
import { snakecore } from './snakecore/index.js';

export const BUILT_IN_GAMES: readonly GameDefinition[] = [alquerque, amazes, onTheRun, javachallenge2015, snakecore];

/** Every game of this process: the built-in ones first, then those loaded, in the order loaded. */
export const GAMES: GameDefinition[] = [...BUILT_IN_GAMES];

/** Where each loaded game came from (for `botjury list`). */
export const GAME_SOURCES = new Map<string, string>();

/** The package a scenario's `game: <id>` names when no loaded game has that id. */
export const packageNameFor = (id: string): string => `botjury-game-${id}`;

export { GameModuleError };

setGameResolver(findOrLoadGame);

export function findGame(id: string): GameDefinition | undefined {
  return GAMES.find((g) => g.id === id);
}

const GAME_ID = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * Loads a game package: a file path (relative to `fromDir`) or a package name resolved from `fromDir`.
 * The module exports the definition as `game` or as its default export. Loading the same file twice
 * is a no-op; another game with a known id is refused.
 */
export function loadGameModule(spec: string, fromDir: string): GameDefinition {
  const require = createRequire(path.join(fromDir, 'noop.js'));
  // A path when it looks like one or names a file that exists, otherwise a package name; either way
  // a regular file of bounded size (manifest.ts), checked before Node reads it.
  const file = resolveGamePackage(spec, fromDir);
  const known = [...GAME_SOURCES].find(([, f]) => f === file);
  if (known) return findGame(known[0])!;
  let game: GameDefinition | undefined;
  if (file.endsWith('.json')) {
    // A manifest naming a referee program in any language (process-referee.ts), checked against its schema.
    game = processGame(readManifest(file, spec), path.dirname(file));
  } else {
    let exported: Record<string, unknown>;
    try {
      exported = require(file) as Record<string, unknown>;
    } catch (e) {
      throw new GameModuleError(`game module '${spec}' (${file}) failed to load: ${(e as Error).message.split('\n')[0]}`);
    }
    game = (exported.game ?? (exported.default as Record<string, unknown> | undefined)?.game ?? exported.default) as GameDefinition | undefined;
  }
  // The shape first (an object with the functions a game needs), then its data (profiles, limits, names).
  const problem = definitionProblem(game) ?? definitionDataProblem(game!);
  if (problem) throw new GameModuleError(`game module '${spec}' (${file}): ${problem}`);
  game = withGameFactory(game!);
  if (findGame(game!.id)) throw new GameModuleError(`game module '${spec}': a game '${game!.id}' is already known (${GAME_SOURCES.get(game!.id) ?? 'built in'})`);
  GAMES.push(game!);
  GAME_SOURCES.set(game!.id, file);
  return game!;
}

/** A scenario names a game no one loaded: try the package `botjury-game-<id>` installed where the scenario is. */
export function findOrLoadGame(id: string, scenarioDir: string): GameDefinition | undefined {
  const known = findGame(id);
  if (known || !GAME_ID.test(id)) return known;
  try {
    return loadGameModule(packageNameFor(id), scenarioDir);
  } catch (e) {
    if (e instanceof GameModuleError && /: not found/.test(e.message)) return undefined;
    throw e;
  }
}

/** What is wrong with an object offered as a game definition (its shape only; behaviour is tested by the game's own suite). */
function definitionProblem(g: unknown): string | null {
  if (!g || typeof g !== 'object') return "exports no game (export the definition as 'game' or as the default export)";
  const d = g as Partial<GameDefinition>;
  if (typeof d.id !== 'string' || !GAME_ID.test(d.id)) return `the game's id must match ${GAME_ID} (got ${JSON.stringify(d.id)?.slice(0, 60)})`;
  if (typeof d.title !== 'string') return 'the game needs a title';
  if (!Array.isArray(d.roles) || d.roles.length === 0 || d.roles.length > 16 || !d.roles.every((r) => typeof r === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(r)))
    return 'roles must be 1 to 16 names of letters, digits, _ or -';
  if (!d.profiles || typeof d.profiles !== 'object' || typeof d.defaultProfile !== 'string' || !Object.hasOwn(d.profiles, d.defaultProfile))
    return 'profiles must be an object that has the defaultProfile';
  const legacy = (d as { createReferee?: unknown }).createReferee;
  if (typeof d.createGame !== 'function' && typeof legacy !== 'function') return 'createGame must be a function (or, botjury 0.1\'s single-seat form, createReferee)';
  return null;
}

/** A 0.1 package's single-seat `createReferee` (and no createGame) becomes a one-bot-seat createGame. */
function withGameFactory(d: GameDefinition): GameDefinition {
  if (typeof d.createGame === 'function') return d;
  const legacy = (d as unknown as { createReferee: (ctx: RefereeContext) => Referee }).createReferee;
  return { ...d, createGame: gameFromReferee(d.id, (ctx) => legacy(ctx)) };
}
