// The games botjury knows. Adding a game = a folder under harness/games/ plus one line here;
// the core never names a game.
import type { GameDefinition } from '../core/game.js';
import { alquerque } from './alquerque/index.js';

export const GAMES: readonly GameDefinition[] = [alquerque];

export function findGame(id: string): GameDefinition | undefined {
  return GAMES.find((g) => g.id === id);
}
