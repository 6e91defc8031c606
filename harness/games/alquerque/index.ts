// Alquerque (CodeCup 2008): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { AlquerqueReferee } from './referee.js';

export const alquerque: GameDefinition = {
  id: 'alquerque',
  title: 'Alquerque (CodeCup 2008)',
  ruleText: 'rules/alquerque.codecup2008.txt',
  roles: ['white', 'black'],
  profiles: {
    codecup2008: {
      name: 'codecup2008',
      description: 'CodeCup 2008 jury (Caia): 30 s total per game, counted only while waiting for this bot; 64 MB',
      limits: { totalMs: 30_000, memoryMb: 64, exitGraceMs: 2000 },
    },
  },
  defaultProfile: 'codecup2008',
  createReferee: (ctx) => new AlquerqueReferee(ctx),
};
