// Which scenario step a verdict belongs to, so that reports can point at the line of the scenario file
// where that step is written (a CI annotation, the console, the HTML page). The session runs the steps
// but does not stamp its verdicts with them; this works it out afterwards from what the result holds:
// a message that names its step ("step 3 (line 12): …"), the verdicts that belong to one kind of step
// (no-exit-after-quit: the `quit`; no-self-exit: `expect: exit`), and the verdict's ply: the step that
// asked for the bot's answer at that ply in a shadow play of the steps (`stepAnswerPlies`), else the
// plies the steps cover, counted from the ply of the first step's decision (`firstStepPly`).
import type { ScenarioResult } from './result.js';
import type { Step } from './scenario.js';
import type { Violation } from './violations.js';

/** How many plies a step plays: a scripted move one, `play: { plies: N }` N, the rest of the game all. */
function pliesOf(step: Step): number {
  switch (step.kind) {
    case 'opponent':
    case 'bot':
      return 1;
    case 'play':
      return 'plies' in step ? step.plies : Infinity;
    default:
      return 0; // quit, expect, send: no move
  }
}

/** Where a run's plies fall among its steps: the plies of the answers each step asks for, and the first step's ply. */
export interface StepPlies {
  /** Per step, the plies of the bot's answers in a shadow play of the steps (harness/core/dry-run.ts). */
  answers?: readonly (readonly number[])[];
  /** The ply of the first step's decision, for counting one ply per scripted move. */
  first?: number;
}

/** The step a verdict happened in, or undefined when nothing tells (a verdict about the whole run). */
export function stepOf(v: Violation, steps: readonly Step[], plies: StepPlies): Step | undefined {
  if (steps.length === 0) return undefined;
  const named = /^step (\d+)\b/.exec(v.message);
  if (named) return steps[Number(named[1]) - 1];
  if (v.ply === undefined) {
    const kind = v.code === 'no-exit-after-quit' ? 'quit' : v.code === 'no-self-exit' ? 'expect-exit' : undefined;
    return kind ? [...steps].reverse().find((s) => s.kind === kind) : undefined;
  }
  // The step that asked for an answer at that ply (in games where both players move at ply 1, the
  // bot's step, not the opponent's).
  const asked = plies.answers?.findIndex((list) => list.includes(v.ply!)) ?? -1;
  if (asked >= 0) return steps[asked];
  const firstPly = plies.first;
  if (firstPly === undefined) return undefined;
  let start = firstPly;
  let last: Step | undefined;
  for (const step of steps) {
    const plies = pliesOf(step);
    if (plies === 0) continue;
    if (v.ply < start) return last ?? step; // before the first scripted ply: the handshake of the first step
    if (v.ply < start + plies) return step;
    start += plies;
    last = step;
  }
  return last; // past the plies the steps script: the game went on in the last step that played
}

/** Marks each verdict of a run with its step number and line (scenarios with steps only). */
export function markSteps(result: ScenarioResult, steps: readonly Step[] | undefined, plies: StepPlies): ScenarioResult {
  if (!steps || steps.length === 0) return result;
  for (const v of result.violations) {
    if (v.step) continue; // the session said so itself
    const step = stepOf(v, steps, plies);
    if (step && step.srcLine > 0) v.step = { number: step.index + 1, line: step.srcLine };
  }
  return result;
}
