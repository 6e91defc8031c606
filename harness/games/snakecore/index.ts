// SnakeCore (2008 programs tournament): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { SnakeCoreGame } from './game.js';

export const snakecore: GameDefinition = {
  id: 'snakecore',
  title: 'SnakeCore (2008)',
  ruleText: 'rules/snakecore.2008.en.md',
  // The python numbers. The default setup has 4 pythons; setups with fewer set `role`.
  roles: ['1', '2', '3', '4'],
  profiles: {
    tournament2008: {
      name: 'tournament2008',
      description: 'SnakeCore 2008 jury as the rule text states it: 15 s for the first answer (getName), 1 s for each later one, 2 minutes of computing per game',
      limits: { startupMs: 15_000, moveMs: 1_000, totalMs: 120_000 },
      tolerates: {
        exitStatusAfterEnd: "the jury ends every python's program itself after the game (the rules: a program never ends on its own); how it treated an exit status then is not known (its software does not survive), so both readings are accepted",
        outputAfterEnd: 'nothing a program writes after the end of the game can change it',
      },
    },
  },
  scoring: "each python's points by the rules (blocks bitten off, n(n+1)/2 for n blocks delivered to a reactor)",
  defaultProfile: 'tournament2008',
  goals: {
    ate: 'a python ate a free block (it joined the body behind the head)',
    reactor: 'a python dumped its body blocks into a reactor and scored',
    bite: "a python attacked another python's body and bit part of it off",
    bitten: "another python attacked the bot's python and bit part of its body off",
    'self-attack': 'a python attacked its own body',
    'own-tail': 'a python moved onto its own tail (the tail ran away: a plain move, not an attack)',
    protection: 'a python spent an energy block and switched its protection on',
    'protection-off': "a python's protection ran out (its count reached 0 at the start of its turn)",
    'protected-body': "at the bot's turn a protected body block lay next to its head (an attack on it would be skipped)",
    'boxed-in': 'at its turn the bot had no order but N it could carry out',
  },
  createGame: (ctx) => new SnakeCoreGame(ctx),
};
