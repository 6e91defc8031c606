// Which scenario step a verdict happened in, so that reports point at the line where that step is
// written: the session stamps the step it was playing; after the last step, a verdict names its step
// or belongs to one kind of step (harness/core/step-of.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../harness/core/scenario.js';
import { stepOf } from '../../harness/core/step-of.js';
import type { Violation } from '../../harness/core/violations.js';
import { GAMES } from '../../harness/games/registry.js';
import { ROOT, runJson } from '../helpers.js';

const scenario = (name: string) => loadScenario(path.join(ROOT, 'scenarios/alquerque', name), ROOT, GAMES);
const v = (code: Violation['code'], ply?: number, message = 'x'): Violation => ({ code, severity: 'error', atMs: 1, message, ...(ply !== undefined ? { ply } : {}) });
const steps = (report: Awaited<ReturnType<typeof runJson>>['report']) =>
  report.results[0]!.violations.map((x) => [x.code, (x as { step?: unknown }).step]);

describe('the step of a verdict', () => {
  it('is the step the session was playing: the bot step that asked, where both players move at ply 1 (SnakeCore)', async () => {
    // bot: any (its name, line 26), opponent: D (line 28), bot: any (python 2's move 1, line 29), play to the end
    const { report } = await runJson(['run', 'scenarios/snakecore/attack.yaml', '--role', '2', '--', 'python3', 'examples/snakecore/broken/bad-action.py']);
    expect(steps(report)).toEqual([['bad-format', { number: 3, line: 29 }]]);
  });

  it('puts a verdict about Quit at the quit step, one about exiting at `expect: exit`, and a named step at that step', () => {
    const s = scenario('quit-handling.yaml');
    expect(stepOf(v('no-exit-after-quit'), s.steps!)).toMatchObject({ kind: 'quit', srcLine: 11 });
    expect(stepOf(v('no-self-exit'), s.steps!)).toMatchObject({ kind: 'expect-exit', srcLine: 12 });
    expect(stepOf(v('expectation-failed', undefined, 'step 1 (line 10): expected the line READY'), s.steps!)?.index).toBe(0);
    expect(stepOf(v('stderr-output'), s.steps!)).toBeUndefined(); // the whole run: no step
  });

  it('marks the verdicts of a run with the step number and its line (in the JSON report)', async () => {
    const { report } = await runJson(['run', 'scenarios/alquerque/quit-handling.yaml', '--role', 'white', '--', 'python3', 'examples/alquerque/broken/ignores-quit.py']);
    expect(steps(report)).toEqual([['no-exit-after-quit', { number: 2, line: 11 }]]);
  });
});
