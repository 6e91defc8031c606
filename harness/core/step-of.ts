// Which scenario step a verdict belongs to, so that reports can point at the line of the scenario file
// where that step is written (a CI annotation, the console, the HTML page). The session stamps every
// verdict it sees while a step is played with that step (table.ts BotSeatRun.step); this places the
// rest, found after the last step: a message that names its step ("step 3 (line 12): …"), and the
// verdicts that belong to one kind of step (no-exit-after-quit: the `quit`; no-self-exit: `expect: exit`).
import type { ScenarioResult } from './result.js';
import type { Step } from './scenario.js';
import type { Violation } from './violations.js';

/** The step a verdict the session did not stamp belongs to, or undefined (a verdict about the whole run). */
export function stepOf(v: Violation, steps: readonly Step[]): Step | undefined {
  if (steps.length === 0) return undefined;
  const named = /^step (\d+)\b/.exec(v.message);
  if (named) return steps[Number(named[1]) - 1];
  const kind = v.code === 'no-exit-after-quit' ? 'quit' : v.code === 'no-self-exit' ? 'expect-exit' : undefined;
  return kind ? [...steps].reverse().find((s) => s.kind === kind) : undefined;
}

/** Marks each verdict of a run with its step number and line (scenarios with steps only). */
export function markSteps(result: ScenarioResult, steps: readonly Step[] | undefined): ScenarioResult {
  if (!steps || steps.length === 0) return result;
  for (const v of result.violations) {
    if (v.step) continue; // the session said so itself
    const step = stepOf(v, steps);
    if (step && step.srcLine > 0) v.step = { number: step.index + 1, line: step.srcLine };
  }
  return result;
}
