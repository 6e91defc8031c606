// Which scenario step a verdict happened in (harness/core/step-of.ts), so that reports point at the line
// where that step is written: by the step a message names, by the kind of step a verdict belongs to,
// and by the plies each step plays counted from the ply of the first step's decision.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstStepPly, stepAnswerPlies } from '../../harness/core/dry-run.js';
import { loadScenario } from '../../harness/core/scenario.js';
import { stepOf } from '../../harness/core/step-of.js';
import type { Violation } from '../../harness/core/violations.js';
import { GAMES } from '../../harness/games/registry.js';
import { ROOT, runJson } from '../helpers.js';

const scenario = (name: string) => loadScenario(path.join(ROOT, 'scenarios/alquerque', name), ROOT, GAMES);
const alquerque = GAMES.find((g) => g.id === 'alquerque')!;
const v = (code: Violation['code'], ply?: number, message = 'x'): Violation => ({ code, severity: 'error', atMs: 1, message, ...(ply !== undefined ? { ply } : {}) });

describe('the step of a verdict', () => {
  it('counts plies from the first decision: one per scripted move, N for play: { plies: N }', () => {
    // bot: any (ply 1), play 1 (ply 2), bot: matches (ply 3), play 6 (plies 4–9)
    const s = scenario('capture-compulsory-white.yaml');
    expect(firstStepPly(s, alquerque, 'white')).toBe(1);
    const at = (ply: number) => stepOf(v('illegal-move', ply), s.steps!, { first: 1 })?.index;
    expect([1, 2, 3, 4, 9, 30].map(at)).toEqual([0, 1, 2, 3, 3, 3]);
    // As Black the opponent's scripted move is ply 1, the bot's ply 2.
    const black = scenario('capture-compulsory-black.yaml');
    expect(firstStepPly(black, alquerque, 'black')).toBe(1);
    expect(stepOf(v('unflushed-output', 2), black.steps!, { first: 1 })?.index).toBe(1);
  });

  it("finds the step that asked for the bot's answer at that ply, where both players move at ply 1 (SnakeCore)", () => {
    const snakecore = GAMES.find((g) => g.id === 'snakecore')!;
    // bot: any (its name), opponent: D (python 1's move 1), bot: any (python 2's move 1), play to the end
    const s = loadScenario(path.join(ROOT, 'scenarios/snakecore/attack.yaml'), ROOT, GAMES);
    const answers = stepAnswerPlies(s, snakecore, '2')!;
    expect(answers.slice(0, 3)).toEqual([[0], [], [1]]);
    expect(stepOf(v('bad-format', 1), s.steps!, { answers, first: 0 })).toMatchObject({ kind: 'bot', srcLine: 29 });
    expect(stepOf(v('bad-format', 0), s.steps!, { answers, first: 0 })).toMatchObject({ kind: 'bot', srcLine: 26 });
    // Counting one ply per scripted move alone would have said the opponent's step.
    expect(stepOf(v('bad-format', 1), s.steps!, { first: 0 })?.srcLine).toBe(28);
  });

  it('puts a verdict about Quit at the quit step, one about exiting at `expect: exit`, and a named step at that step', () => {
    const s = scenario('quit-handling.yaml');
    expect(stepOf(v('no-exit-after-quit'), s.steps!, { first: 1 })).toMatchObject({ kind: 'quit', srcLine: 11 });
    expect(stepOf(v('no-self-exit'), s.steps!, { first: 1 })).toMatchObject({ kind: 'expect-exit', srcLine: 12 });
    expect(stepOf(v('expectation-failed', undefined, 'step 1 (line 10): expected the line READY'), s.steps!, { first: 1 })?.index).toBe(0);
    expect(stepOf(v('stderr-output'), s.steps!, { first: 1 })).toBeUndefined(); // the whole run: no step
  });

  it('marks the verdicts of a run with the step number and its line (in the JSON report)', async () => {
    const { report } = await runJson(['run', 'scenarios/alquerque/quit-handling.yaml', '--role', 'white', '--', 'python3', 'examples/alquerque/broken/ignores-quit.py']);
    expect(report.results[0]!.violations.map((x) => [x.code, (x as { step?: unknown }).step])).toEqual([['no-exit-after-quit', { number: 2, line: 11 }]]);
  });
});
