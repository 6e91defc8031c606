// The games botjury knows. Adding a game = a folder under harness/games/ plus one line here;
// the core never names a game.
import type { GameDefinition } from '../core/game.js';
import { alquerque } from './alquerque/index.js';
import { amazes } from './amazes/index.js';
import { javachallenge2015 } from './javachallenge2015/index.js';
import { onTheRun } from './on-the-run/index.js';
import { snakecore } from './snakecore/index.js';

export const GAMES: readonly GameDefinition[] = [alquerque, amazes, onTheRun, javachallenge2015, snakecore];

export function findGame(id: string): GameDefinition | undefined {
  return GAMES.find((g) => g.id === id);
}
