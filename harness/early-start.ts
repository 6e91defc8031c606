// What bin/botjury.js runs before it loads the rest of botjury: a `check` or `run` of a game whose
// manifest names a referee program that may be reused (`refereeReuse`) starts that referee now, so
// that its start (~20 ms for the example's Python, ~90 ms through pyenv's shim) overlaps the ~30 ms
// in which Node loads botjury's bundle, as well as the reading of the scenarios (process-referee.ts,
// warmUpReferee). The command itself loads the manifest again and finds the referee started: it is
// the same module (scripts/bundle-cli.mjs makes this file an entry point beside the command, sharing
// their chunks). Whatever is wrong (the command line, the manifest) is left for the command to report:
// nothing is started then, and a referee started for a command that fails is closed at its end.
import path from 'node:path';
import { parseCommandLine } from './cli/options.js';
import { readManifest, resolveGamePackage } from './games/manifest.js';
import { processGame } from './games/process-referee.js';
import { expectBotSpawnsUntilRun } from './core/bot-process.js';

export function startRefereesEarly(argv: readonly string[]): void {
  try {
    const dash = argv.indexOf('--');
    if (dash < 0 || dash === argv.length - 1) return; // no bot: the command stops at once
    const { values, positionals } = parseCommandLine(argv.slice(0, dash));
    const [command, gameId] = positionals;
    if ((command !== 'check' && command !== 'run') || values.help || values.version) return;
    for (const spec of (values['game-module'] as string[] | undefined) ?? []) {
      const file = resolveGamePackage(spec, process.cwd());
      if (!file.endsWith('.json')) continue;
      const manifest = readManifest(file, spec);
      // As the command warms up (cli.ts): for `check`, the game checked; for `run`, every module given;
      // the game's definition says whether its referee starts ahead (refereeReuse).
      if (command === 'check' && manifest.id !== gameId) continue;
      const warmUp = processGame(manifest, path.dirname(file)).warmUp;
      if (!warmUp) continue;
      // After the referee's spawn botjury moves straight into the cgroup of the run's first bot.
      expectBotSpawnsUntilRun();
      void warmUp();
    }
  } catch {
    // found and reported again by the command
  }
}
