// JavaChallenge2015 ("drop the block"): the game definition the registry lists.
import type { GameDefinition } from '../../core/game.js';
import { JavaChallenge2015Game } from './game.js';

/** The engine reads a bot's stderr only after its answer: more than the pipe holds blocks the bot. */
const STDERR_PIPE_BYTES = 65_536;

/** What the engine never looked at (shared/jury-facts.md: measured with the organizers' own sample AIs). */
const ENGINE_TOLERATES = {
  exitStatusAfterEnd: 'the JavaChallenge2015 engine never reads a bot\'s exit status (it calls System.exit(0) at the end of the game; --strict fails it)',
  outputAfterEnd: 'the engine has exited by then and reads nothing more; the bot\'s writes fail with SIGPIPE, as under the real engine (--strict fails it)',
  exitWhenOut: 'the engine reads nothing more from it (null, played as N) and ignores a fallen player\'s answers anyway (--strict fails it)',
};

export const javachallenge2015: GameDefinition = {
  id: 'javachallenge2015',
  title: 'JavaChallenge2015 "drop the block"',
  ruleText: 'rules/drop-block.javachallenge2015.txt',
  roles: ['0', '1', '2', '3'],
  profiles: {
    engine: {
      name: 'engine',
      description:
        'the real engine (D4prog/JavaChallenge2015): READY within 1 s, 100 ms per action from the flush of the turn message (ACTION_TIME_LIMIT, commit f4a33e9); lines read by Java readLine (a lone \\r ends one, any length), one line per turn however many the bot writes (it is never stopped for writing); over 64 KiB of stderr in one turn times the bot out; exit status, exiting once fallen and output after the game are not judged (warnings)',
      limits: {
        startupMs: 1000, moveMs: 100, closeGraceMs: 1000,
        stderrTurnLimitBytes: STDERR_PIPE_BYTES, crEndsLine: true, longLines: 'keep-head', unreadLines: 'block', endClosesOutput: true, startupClockFrom: 'await',
      },
      tolerates: ENGINE_TOLERATES,
    },
    rules: {
      name: 'rules',
      description:
        'the English rule text (Rule.en.md): READY within 1 s, 1 s per action; lines end at \\n only and a line over the bound is output-flood; over 64 KiB of stderr in one turn is a warning; the game itself as the engine',
      limits: { startupMs: 1000, moveMs: 1000, closeGraceMs: 1000, stderrTurnWarnBytes: STDERR_PIPE_BYTES, endClosesOutput: true, startupClockFrom: 'await' },
      tolerates: ENGINE_TOLERATES,
    },
  },
  defaultProfile: 'engine',
  scoring: '1 for the last player on the board, 0 for every other player; a draw (two or more left after T=999, or none) scores 0 for all',
  goals: {
    'last-survivor': 'one player was left on the board: the engine ended the game there, that player the winner',
    'turn-limit': "the engine's turn limit (T=1000, or the scenario's turnLimit) ended the game with no single player left",
    'all-fallen': 'every player fell (the engine runs the game on to its turn limit as a draw)',
    'bot-fallen': "the bot's player fell and the engine still sent it its turn (\"-1 -1\" for its position)",
    'block-restored': 'a block that had dropped was restored (walkable again 20 turns after it fell)',
  },
  createGame: (ctx) => new JavaChallenge2015Game(ctx),
};
