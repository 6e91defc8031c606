// Causes over a whole run (reporters/causes.ts): one bug that fails every run is one cause, however
// its messages differ in plies, sides and measurements; different bugs stay apart; the most important
// come first; an excused late reply is put in words with its figures.
import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../harness/core/result.js';
import type { Violation } from '../../harness/core/violations.js';
import { causeShape, excusedLate, excusedSentence, groupCauses, pliesText, runsOf, sameCause, seatBots } from '../../reporters/causes.js';
import { syntheticResult } from './reports.js';

/** The unflushed-output message as the jury words it, for one side, ply and process. */
function unflushed(side: 'White' | 'Black', ply: number, pid: number): Violation {
  return {
    code: 'unflushed-output', severity: 'error', ply, atMs: 500 + pid % 100,
    message: `${side}'s move 1 (ply ${ply}): the bot wrote its answer into its own output buffer and went back to reading input (pid ${pid} tid ${pid} sleeps in read(0, ...) on socket:[${pid * 7}]); nothing reached the jury in ${503 + (pid % 5)} ms. When the jury closed its input, the bot exited and 6 bytes arrived with the exit ('${side === 'White' ? 'd3-d4' : 'e5*c3'}'): flush stdout after every answer`,
  };
}

const run = (i: number, violations: Violation[], extra: Partial<ScenarioResult> = {}): ScenarioResult =>
  syntheticResult({ scenario: `scenarios/alquerque/s${i}.yaml`, name: `scenario ${i}`, role: i % 2 ? 'black' : 'white', status: violations.some((v) => v.severity === 'error') ? 'failed' : 'passed', violations, ...extra });

const illegal = (ply: number, message: string): Violation => ({ code: 'illegal-move', severity: 'error', ply, atMs: ply * 10, message });
const stderrWarning: Violation = { code: 'stderr-output', severity: 'warning', atMs: 5, message: 'wrote 215 bytes to stderr (allowed)' };

describe('causes over a run', () => {
  it('twenty runs failed by one missing flush are one cause, in 20 of 20 runs, at plies 1–2', () => {
    const results = Array.from({ length: 20 }, (_, i) => run(i, [i % 2 ? unflushed('Black', 2, 1000 + i) : unflushed('White', 1, 1000 + i)]));
    const causes = groupCauses(results);
    expect(causes).toHaveLength(1);
    expect(causes[0]!.runs).toHaveLength(20);
    expect(causes[0]!.code).toBe('unflushed-output');
    expect(pliesText(causes[0]!)).toBe(' at plies 1–2');
    expect(causes[0]!.first.result).toBe(results[0]);
    expect(sameCause(causes, results)).toBe(true);
  });

  it('keeps different faults apart, most runs first, warnings after failures, harness errors on top', () => {
    const results = [
      run(0, [illegal(7, "Incomplete strike 'd4*b4', should have striked to 'd6' eliminating 'c5'"), stderrWarning]),
      run(1, [illegal(4, "'c3-d4' moves the piece back to the space it left in the previous turn")]),
      run(2, [illegal(9, "'a1-a2' moves the piece back to the space it left in the previous turn"), stderrWarning]),
      run(3, [], { status: 'error', error: 'internal error: something broke\n    at stack' }),
      run(4, [], { status: 'inconclusive', inconclusive: 'did not reach tie' }),
    ];
    const causes = groupCauses(results);
    expect(causes.map((c) => [c.kind, c.code, c.runs.length, c.fails])).toEqual([
      ['harness-error', 'harness-error', 1, true],
      ['verdict', 'illegal-move', 2, true], // moved back: twice
      ['verdict', 'illegal-move', 1, true], // incomplete strike: once
      ['verdict', 'stderr-output', 2, false],
      ['inconclusive', 'inconclusive', 1, false],
    ]);
    expect(causes[0]!.message).toBe('internal error: something broke');
    expect(sameCause(causes, results)).toBe(false);
  });

  it('under --strict warnings and inconclusive runs fail too', () => {
    const causes = groupCauses([run(0, [stderrWarning]), run(1, [], { status: 'inconclusive', inconclusive: 'x' })], true);
    expect(causes.map((c) => c.fails)).toEqual([true, true]);
  });

  it("a message's shape leaves out where (the label), quoted bot text, numbers and measurements in parentheses", () => {
    expect(causeShape(unflushed('White', 1, 17346).message)).toBe(causeShape(unflushed('Black', 2, 9).message));
    expect(causeShape("Red's turn 12: moved into a wall")).toBe('moved into a wall');
    expect(causeShape('step 3 (line 12): expected the line READY')).toBe('expected the line READY');
    expect(causeShape("Incomplete strike 'd4*b4'")).not.toBe(causeShape("Invalid move 'd4*b4'"));
  });
});

describe("a match's or tournament's causes", () => {
  it('are each bot\'s own: one bug in two bots is two causes, each counted over that bot\'s runs', () => {
    const bots = [{ name: 'A', command: ['./a'] }, { name: 'B', command: ['python3', 'b.py'] }, { name: 'C', command: ['node', 'c.js'] }];
    // Three games, two seats each; C also sits out one seat for a built-in player.
    const games = [[0, 1], [1, 2], [2, null]].map((seats, g) => ({
      seats: seats.map((bot, k) => ({ bot, run: run(g * 2 + k, bot === 1 || bot === 2 ? [unflushed(k ? 'Black' : 'White', k + 1, 100 + g * 2 + k)] : []) })),
    }));
    const results = games.flatMap((g) => g.seats.map((s) => s.run));
    const botOf = seatBots(games, bots);
    expect(botOf(results[5]!)).toBeUndefined(); // the built-in player's seat
    expect(botOf(results[2]!)?.name).toBe('B');
    // Without owners, one cause; with them, B's and C's.
    expect(groupCauses(results)).toHaveLength(1);
    const causes = groupCauses(results, false, (r) => botOf(r)?.name);
    expect(causes.map((c) => [c.owner, c.runs.length, runsOf(results, c, botOf)])).toEqual([['B', 2, 2], ['C', 2, 2]]);
    expect(sameCause(causes, results)).toBe(false);
  });
});

describe('late replies excused by measured load', () => {
  const excused: Violation = {
    code: 'late-excused', severity: 'warning', ply: 7, atMs: 812,
    message: "White's move 4 (ply 7): 100.3 ms against 100 ms, excused: the machine's load explains it",
    evidence: { measuredMs: 100.3, limitMs: 100, lateByMachineMs: 2.1, botQueuedMs: 1.5, harnessLagMs: 0.6 },
  };
  it('are found in every run and put in words with their figures', () => {
    const results = [run(0, [excused]), run(1, [])];
    expect(excusedLate(results).map((e) => e.result)).toEqual([results[0]]);
    expect(excusedSentence(excused)).toBe(
      '100.3 ms against a limit of 100 ms (0.3 ms over by the wall clock); the machine took 2.1 ms of it (the bot waited 1.5 ms for a CPU, botjury was 0.6 ms late to read); without it 98.2 ms, 1.8 ms under the limit — a real jury does not excuse load: make this reply faster',
    );
  });
  it('fall back to the message when the evidence lacks the figures (or holds something else)', () => {
    expect(excusedSentence({ ...excused, evidence: { measuredMs: 'x', toString: 5 } })).toBe(excused.message);
  });
});
