// Amazes (CodeCup 2010): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { AmazesReferee } from './referee.js';

export const amazes: GameDefinition = {
  id: 'amazes',
  title: 'Amazes (CodeCup 2010)',
  ruleText: 'rules/amazes.codecup2010.txt',
  roles: ['red', 'blue'],
  profiles: {
    codecup2010: {
      name: 'codecup2010',
      description:
        'CodeCup 2010 jury (Caia): 30 s total per game counted only while waiting for this bot — an assumption: the rule text gives no limit, 30 s is CodeCup 2008\'s budget',
      limits: { totalMs: 30_000, exitGraceMs: 2000 },
    },
  },
  defaultProfile: 'codecup2010',
  createReferee: (ctx) => new AmazesReferee(ctx),
};
