// Nim as a botjury game package. botjury loads it with `--game-module examples/games/nim/index.js`,
// or finds it as the installed package `botjury-game-nim` when a scenario says `game: nim`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NimGame } from './game.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('botjury').GameDefinition} */
export const game = {
  id: 'nim',
  title: 'Nim (a botjury example game package)',
  ruleText: path.join(HERE, 'README.md'),
  roles: ['first', 'second'],
  profiles: {
    default: {
      name: 'default',
      description: '2 s for the first move, 1 s for each later one; 64 MB',
      limits: { startupMs: 2000, moveMs: 1000, memoryMb: 64, exitGraceMs: 1000 },
    },
  },
  defaultProfile: 'default',
  suiteDir: path.join(HERE, 'scenarios'),
  setupSchema: {
    type: 'object',
    additionalProperties: false,
    properties: { heaps: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'integer', minimum: 1, maximum: 100 } } },
  },
  createGame: (ctx) => new NimGame(ctx),
};

export default game;
