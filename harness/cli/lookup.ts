// Names a person types that must exist — games, roles, profiles, reporters, commands — looked up in
// own data only (never `obj[userString]`), with "did you mean" when they do not.
import type { GameDefinition } from '../core/game.js';
import { CommandLineError } from './options.js';
import { unknownName } from './suggest.js';

export function findGame(games: readonly GameDefinition[], id: string): GameDefinition {
  const game = games.find((g) => g.id === id);
  if (!game) throw new CommandLineError(unknownName('game', id, games.map((g) => g.id)));
  return game;
}

export function checkRole(game: GameDefinition, role: string): void {
  if (!game.roles.includes(role)) throw new CommandLineError(`${game.id}: ${unknownName('role', role, game.roles)}`);
}

export function checkProfile(game: GameDefinition, profile: string): void {
  if (!Object.hasOwn(game.profiles, profile)) throw new CommandLineError(`${game.id}: ${unknownName('profile', profile, Object.keys(game.profiles))}`);
}

/** A name from `names`, or a usage error naming the closest ones. */
export function known<T extends string>(kind: string, name: string, names: readonly T[]): T {
  const found = names.find((n) => n === name);
  if (found === undefined) throw new CommandLineError(unknownName(kind, name, names));
  return found;
}
