// Amazes (CodeCup 2010): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { AmazesGame } from './game.js';

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
    tolerates: {
      exitStatusAfterEnd: "CodeCup's Caia records a player's exit status without judging it, and does not judge a player it no longer waits for",
      outputAfterEnd: 'Caia reads nothing more from a player once its game is over',
    },
    },
  },
  scoring: 'the points the rules give for discovering the maze, 0 to 1000; 0 for a player the jury took over (disqualified)',
  defaultProfile: 'codecup2010',
  goals: {
    caught: "the bot began a turn on its opponent's square (the opponent ended its turn there): it was told a squared distance of 0",
    'dead-end': 'the bot began a turn in a dead end facing its end wall: nothing ahead, right or left, every way out begins with a turn',
    'sudden-death': 'the game ended by sudden death: a player who had discovered all 625 squares ended its turn on the other',
    'turn-limit': 'the game went the full 150 turns each (no sudden death): after its 150th the bot ends on its own',
  },
  createGame: (ctx) => new AmazesGame(ctx),
};
