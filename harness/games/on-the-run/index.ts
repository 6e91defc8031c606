// On The Run (CodeCup 2007): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { OnTheRunGame } from './game.js';

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
    tolerates: {
      exitStatusAfterEnd: "CodeCup's Caia records a player's exit status without judging it, and does not judge a player it no longer waits for",
      outputAfterEnd: 'Caia reads nothing more from a player once its game is over',
    },
    },
  },
  scoring: 'out of 20: an escape is 20-0; caught, the detectives get 10 plus their unused announcements; an irregular loss is 20-0',
  defaultProfile: 'codecup2007',
  goals: {
    caught: 'the fugitive was caught: it moved into a detective, or a detective moved into its city',
    'turn-limit': 'the game went the full 50 turns: the detectives made their move of turn 50, after which each side ends on its own',
    'into-vacated-city': 'a detective moved into the city another detective left in the same move (legal: only the end of the turn counts), and the game went on',
  },
  createGame: (ctx) => new OnTheRunGame(ctx),
};
