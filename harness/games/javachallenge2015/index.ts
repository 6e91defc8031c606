// JavaChallenge2015 ("drop the block"): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { JavaChallenge2015Referee } from './referee.js';

/** The engine reads a bot's stderr only after its answer; more than its pipe holds blocks the bot. */
const STDERR_TURN_WARN_BYTES = 65_536;

export const javachallenge2015: GameDefinition = {
  id: 'javachallenge2015',
  title: 'JavaChallenge2015 "drop the block"',
  ruleText: 'rules/drop-block.javachallenge2015.txt',
  roles: ['0', '1', '2', '3'],
  profiles: {
    engine: {
      name: 'engine',
      description:
        'the real engine (D4prog/JavaChallenge2015): READY within 1 s, 100 ms per action from the flush of the turn message (ACTION_TIME_LIMIT, commit f4a33e9)',
      limits: { startupMs: 1000, moveMs: 100, closeGraceMs: 1000, stderrTurnLimitBytes: STDERR_TURN_WARN_BYTES },
    },
    rules: {
      name: 'rules',
      description: 'the English rule text (Rule.en.md): READY within 1 s, 1 s per action; everything else as the engine',
      limits: { startupMs: 1000, moveMs: 1000, closeGraceMs: 1000, stderrTurnWarnBytes: STDERR_TURN_WARN_BYTES },
    },
  },
  defaultProfile: 'engine',
  createReferee: (ctx) => new JavaChallenge2015Referee(ctx),
};
