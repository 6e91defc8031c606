// SnakeCore (2008 programs tournament): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { SnakeCoreReferee } from './referee.js';

export const snakecore: GameDefinition = {
  id: 'snakecore',
  title: 'SnakeCore (2008)',
  ruleText: 'rules/snakecore.2008.en.md',
  // The bot's python number. The default setup has 4 pythons; setups with fewer set `role`.
  roles: ['1', '2', '3', '4'],
  profiles: {
    tournament2008: {
      name: 'tournament2008',
      description: 'SnakeCore 2008 jury as the rule text states it: 15 s for the first answer (getName), 1 s for each later one, 2 minutes of computing per game',
      limits: { startupMs: 15_000, moveMs: 1_000, totalMs: 120_000 },
    },
  },
  defaultProfile: 'tournament2008',
  createReferee: (ctx) => new SnakeCoreReferee(ctx),
};
