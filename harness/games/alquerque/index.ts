// Alquerque (CodeCup 2008): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { AlquerqueGame } from './game.js';

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
    tolerates: {
      exitStatusAfterEnd: "CodeCup's Caia records a player's exit status without judging it, and does not judge a player it no longer waits for",
      outputAfterEnd: 'Caia reads nothing more from a player once its game is over',
    },
    },
  },
  defaultProfile: 'codecup2008',
  scoring: "12-0 for a win (also an irregular one); in a tie after 100 moves each, 7 minus the opponent's pieces left, at least 0",
  goals: {
    tie: 'the game ended in a tie: both players made 100 moves',
    'capture-due': 'the bot had a capture and plain moves to choose from: the capture was compulsory',
    'capture-chain': 'the bot had a capture that had to go on (a multi-capture)',
    'move-back-barred': 'the bot could have moved a piece back to the space it left last turn, which the rules forbid',
  },
  createGame: (ctx) => new AlquerqueGame(ctx),
};
