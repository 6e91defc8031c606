// `botjury conform <game> -- <deterministic bot>`: the conformance check for a game's referee (a
// game package's, in any language): the game's suite played twice, the second time backwards, must
// give the same games (the same seed, the same game, whatever game came before), a replay of the recording must find the same jury input and verdicts,
// and every request must have been answered (a referee fault is a harness error, exit 2 elsewhere).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GameDefinition } from '../core/game.js';
import { SCENARIO_DIR } from '../core/paths.js';
import type { ScenarioResult } from '../core/result.js';
import { planTasks, runTasks } from '../core/runner.js';
import { replay } from '../tools/replay.js';
import { botInfo, readTranscript, TranscriptRecorder } from '../tools/transcript.js';

export interface ConformCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** What must be the same from one play to the next: verdicts, outcome, goals, and every line each way. */
function essence(r: ScenarioResult): string {
  return JSON.stringify({
    status: r.status,
    error: r.error,
    violations: r.violations.filter((v) => !TIMING.has(v.code)).map((v) => [v.code, v.ply, v.message]),
    outcome: r.outcome,
    goals: r.goals,
    lines: r.transcript.filter((t) => t.dir === 'jury' || t.dir === 'bot').map((t) => `${t.dir} ${t.text}`),
  });
}
/** The clock is the machine's, not the referee's: left out of the comparison. */
const TIMING = new Set(['near-limit', 'late-excused', 'move-timeout', 'total-time-exceeded', 'handshake-timeout']);

export async function conform(game: GameDefinition, games: readonly GameDefinition[], bot: string[], cwd: string, version: string): Promise<ConformCheck[]> {
  const suite = game.suiteDir ?? path.join(SCENARIO_DIR, game.id);
  const tasks = await planTasks([suite], games, { cwd, game: game.id });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'botjury-conform-'));
  try {
    const play = async (n: number, order: typeof tasks) => {
      const recorder = new TranscriptRecorder({});
      const report = await runTasks(order, games, { bot: { argv: bot }, invokedFrom: cwd, version, jobs: 1, gameFor: recorder.gameFor });
      const file = path.join(dir, `play-${n}.json`);
      recorder.write(file, ['conform'], botInfo(bot, cwd), order, report);
      return { report, file };
    };
    const first = await play(1, tasks);
    // The second time in the opposite order: a referee kept from game to game (refereeReuse) that
    // remembers anything of the game before gives other games then.
    const backwards = await play(2, [...tasks].reverse());
    const second = { report: { ...backwards.report, results: [...backwards.report.results].reverse() } };
    const checks: ConformCheck[] = [];
    const errors = first.report.results.filter((r) => r.status === 'error');
    checks.push({
      name: 'every request answered',
      ok: errors.length === 0,
      detail: errors.length === 0 ? `${first.report.results.length} runs, no referee or scenario fault` : errors.map((r) => `${r.scenario} [${r.role}]: ${r.error}`).join('\n      '),
    });
    const differing = first.report.results.filter((r, i) => essence(r) !== essence(second.report.results[i]!));
    checks.push({
      name: 'the same seed gives the same game',
      ok: differing.length === 0,
      detail: differing.length === 0 ? `${first.report.results.length} runs played twice: the same lines, verdicts and outcomes` : `played twice, these differ: ${differing.map((r) => `${r.scenario} [${r.role}]`).join(', ')} (a referee must take its randomness from botjury: {"choose": [...]}, docs/game-api.md, and with refereeReuse forget every game at the next start; or the bot is not deterministic)`,
    });
    const replayed = await replay(readTranscript(first.file), games, { bot: { argv: bot }, invokedFrom: cwd, reporters: [], version, jobs: 1, transcriptPath: first.file });
    const unequal = replayed.comparisons.filter((c) => c.firstDifference !== null || c.jury.firstDifference !== null || !c.verdicts.same);
    checks.push({
      name: 'a replay of the recording is the same',
      ok: unequal.length === 0,
      detail: unequal.length === 0 ? `${replayed.comparisons.length} runs replayed: the same jury input, answers and verdicts` : `differs: ${unequal.map((c) => `${c.scenario} [${c.role}]`).join(', ')}`,
    });
    return checks;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatChecks(game: string, checks: ConformCheck[]): string {
  const lines = checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name}\n      ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  return `${game}: referee conformance\n${lines.join('\n')}\n${failed === 0 ? 'conforms' : `${failed} of ${checks.length} checks failed`}\n`;
}
