// On The Run (CodeCup 2007): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { OnTheRunReferee } from './referee.js';

export const onTheRun: GameDefinition = {
  id: 'on-the-run',
  title: 'On The Run (CodeCup 2007)',
  ruleText: 'rules/on-the-run.codecup2007.txt',
  roles: ['fugitive', 'detectives'],
  profiles: {
    codecup2007: {
      name: 'codecup2007',
      description: 'CodeCup 2007 jury (Caia): 5 s total per game, counted only while waiting for this bot; 64 MB (rule text)',
      limits: { totalMs: 5_000, memoryMb: 64, exitGraceMs: 2000 },
    },
  },
  defaultProfile: 'codecup2007',
  createReferee: (ctx) => new OnTheRunReferee(ctx),
};
