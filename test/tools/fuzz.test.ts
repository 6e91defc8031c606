// Fuzzing: seeded games against the built-in opponents find a broken bot's fault, save a scenario that
// reproduces it alone with as few steps as still trigger it, and do so deterministically. Shrinking
// (simplify to play segments, then delta-debugging removal) is also tested on its own with predicates.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REMOVAL_RUNS, messageKind, removeSteps, simplify, violationKey, type Reproduces } from '../../harness/tools/fuzz.js';
import type { StepText } from '../../harness/tools/scenario-text.js';
import { runCli, runJson, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-fuzz-test-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BROKEN = 'examples/alquerque/broken';
const files = (dir: string): string[] => readdirSync(dir).sort();

/** "N steps shrunk to M" of a fuzz log line, for the finding with this code. */
function shrunk(stderr: string, code: string): { from: number; to: number } {
  const m = new RegExp(`${code}[^\n]*: (\\d+) steps shrunk to (\\d+) in \\d+ runs; reproduces alone`).exec(stderr);
  if (!m) throw new Error(`no shrink line for ${code} in:\n${stderr}`);
  return { from: Number(m[1]), to: Number(m[2]) };
}

describe('fuzz', () => {
  it('finds an incomplete capture and saves a scenario that reproduces it alone; same seed, same file', async () => {
    const dirA = path.join(tmp, 'a');
    const r = await runCli(['fuzz', 'alquerque', '--games', '3', '--seed', '1', '--save-dir', dirA, '--', 'python3', `${BROKEN}/incomplete-capture.py`]);
    expect(r.code).toBe(1);
    expect(files(dirA)).toEqual(['alquerque-illegal-move-incomplete-strike-should-have-striked.yaml']);
    const saved = path.join(dirA, files(dirA)[0]!);
    expect(r.stdout.trim()).toBe(saved);
    // The whole scripted game shrinks to at most a tenth of its steps.
    const { from, to } = shrunk(r.stderr, 'illegal-move');
    expect(to).toBeLessThanOrEqual(Math.max(1, Math.floor(from / 10)));
    expect((await runCli(['validate', saved])).code).toBe(0);
    const text = readFileSync(saved, 'utf8');
    expect(text.startsWith('# yaml-language-server: $schema=')).toBe(true);
    expect(text).toMatch(/^rule: If the first capture move puts the piece in a position to capture another piece/m);
    // The saved scenario alone: exactly that verdict, at the last ply its one step plays (the fuzz
    // game replayed from its seed), and no other error.
    const { code, report } = await runJson(['run', saved, '--', 'python3', `${BROKEN}/incomplete-capture.py`]);
    expect(code).toBe(1);
    const errors = report.results[0]!.violations.filter((v) => v.severity === 'error');
    expect(errors.map((v) => v.code)).toEqual(['illegal-move']);
    expect(errors[0]!.message).toMatch(/^Incomplete strike '/);
    expect(text.slice(text.indexOf('\nsteps:'))).toBe(`\nsteps:\n  - { play: { plies: ${errors[0]!.ply} } }  # the fuzz game from its seed, both sides played; the verdict: illegal-move at ply ${errors[0]!.ply}\n`);

    const dirB = path.join(tmp, 'b');
    const again = await runCli(['fuzz', 'alquerque', '--games', '3', '--seed', '1', '--save-dir', dirB, '--', 'python3', `${BROKEN}/incomplete-capture.py`]);
    expect(again.code).toBe(1);
    expect(files(dirB)).toEqual(files(dirA));
    expect(readFileSync(path.join(dirB, files(dirB)[0]!), 'utf8')).toBe(text);
  });

  it('finds the move back, and shrinks a fault that needs no long game to one step', async () => {
    const dir = path.join(tmp, 'two');
    const back = await runCli(['fuzz', 'alquerque', '--role', 'black', '--games', '2', '--seed', '7', '--save-dir', dir, '--', 'python3', `${BROKEN}/moves-back.py`]);
    expect(back.code).toBe(1);
    const extra = await runCli(['fuzz', 'alquerque', '--role', 'white', '--games', '1', '--seed', '7', '--save-dir', dir, '--', 'python3', `${BROKEN}/extra-output.py`]);
    expect(extra.code).toBe(1);
    expect(files(dir)).toEqual(['alquerque-extra-output.yaml', 'alquerque-illegal-move-invalid-move-moves-the-piece.yaml']);
    // extra-output shows after the first answer already: the whole game shrinks to one step.
    expect(extra.stderr).toMatch(/extra-output at ply 1: \d+ steps shrunk to 1 in \d+ runs; reproduces alone/);
    // The move back comes at ply 23 of its game: 24 steps, shrunk to at most a tenth.
    const { from, to } = shrunk(back.stderr, 'illegal-move');
    expect(from).toBeGreaterThanOrEqual(20);
    expect(to).toBeLessThanOrEqual(Math.floor(from / 10));
    const { report } = await runJson(['run', path.join(dir, 'alquerque-illegal-move-invalid-move-moves-the-piece.yaml'), '--', 'python3', `${BROKEN}/moves-back.py`]);
    expect(report.results[0]!.role).toBe('black');
    expect(report.results[0]!.violations.map((v) => v.code)).toEqual(['illegal-move']);
    expect(report.results[0]!.violations[0]!.message).toMatch(/moves the piece back/);
  });

  it('is clean for a correct bot (exit 0, nothing saved)', async () => {
    const dir = path.join(tmp, 'clean');
    const r = await runCli(['fuzz', 'alquerque', '--games', '2', '--seed', '3', '--save-dir', dir, '--', 'python3', 'examples/alquerque/python/bot.py']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/game 1\/2 \(white, seed \d+\): clean\ngame 2\/2 \(black, seed \d+\): clean/);
  });

  it('harness faults are exit 2: missing bot, unknown role, missing options', async () => {
    const dir = path.join(tmp, 'faults');
    expect((await runCli(['fuzz', 'alquerque', '--games', '1', '--seed', '1', '--save-dir', dir, '--', './no-such-bot'])).code).toBe(2);
    expect((await runCli(['fuzz', 'alquerque', '--role', 'red', '--games', '1', '--seed', '1', '--save-dir', dir, '--', 'python3', 'x.py'])).code).toBe(2);
    expect((await runCli(['fuzz', 'alquerque', '--games', '1', '--', 'python3', 'x.py'])).code).toBe(2);
  });
});

describe('shrinking, step by step', () => {
  const verdict = { code: 'illegal-move' as const, message: 'm', severity: 'error' as const, atMs: 0, ply: 11 };
  const game = (n: number): StepText[] => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? { bot: 'any' } : { opponent: `m${i}` }));
  /** A predicate with a run counter, as fuzz's bot runs are counted. */
  function counted(test: (steps: StepText[]) => boolean) {
    const seen: StepText[][] = [];
    const reproduces: Reproduces = async (steps) => {
      seen.push(steps);
      return test(steps);
    };
    return { reproduces, runs: () => seen.length };
  }
  const moves = (steps: StepText[]) => steps.map((s) => ('opponent' in s ? s.opponent : 'bot' in s ? 'bot' : 'play' in s ? JSON.stringify(s.play) : 'quit'));

  it('removal: halves, then smaller chunks, then single steps, down to the steps the verdict needs', async () => {
    const needs = (steps: StepText[]) => moves(steps).join(' ').includes('m3') && moves(steps).join(' ').includes('m13') && moves(steps).indexOf('m3') < moves(steps).indexOf('m13');
    const a = counted(needs);
    const result = await removeSteps(game(40), a.reproduces, a.runs);
    expect(moves(result)).toEqual(['m3', 'm13']);
    // The same input, the same result and the same runs.
    const b = counted(needs);
    expect(moves(await removeSteps(game(40), b.reproduces, b.runs))).toEqual(['m3', 'm13']);
    expect(b.runs()).toBe(a.runs());
    expect(a.runs()).toBeLessThanOrEqual(MAX_REMOVAL_RUNS);
  });

  it('removal spends a bounded number of runs when nothing can go', async () => {
    const none = counted(() => false);
    expect(await removeSteps(game(100), none.reproduces, none.runs)).toHaveLength(100);
    expect(none.runs()).toBe(MAX_REMOVAL_RUNS);
  });

  it('simplify: the whole scripted game as one play segment when that reproduces', async () => {
    const c = counted((steps) => steps.length === 1);
    expect(await simplify(game(11), c.reproduces, verdict)).toEqual([{ play: { plies: 11 }, comment: 'the fuzz game from its seed, both sides played; the verdict: illegal-move at ply 11' }]);
    expect(c.runs()).toBe(1);
  });

  it('simplify: else the moves before the verdict as a play segment, the verdict step kept', async () => {
    const c = counted((steps) => moves(steps).at(-1) === 'bot');
    expect(moves(await simplify(game(11), c.reproduces, verdict))).toEqual(['{"plies":10}', 'bot']);
  });

  it('simplify: else runs of scripted steps, the longest first, around a step that must stay', async () => {
    const steps: StepText[] = [...game(6), { play: { plies: 3 } }, ...game(3)];
    // Only the scripted run of six may go; the play step and the last three must stay as they are.
    const c = counted((s) => moves(s).slice(-4).join(' ') === '{"plies":3} bot m1 bot');
    expect(moves(await simplify(steps, c.reproduces, verdict))).toEqual(['{"plies":6}', '{"plies":3}', 'bot', 'm1', 'bot']);
  });

  it('a fault no candidate reproduces keeps its steps', async () => {
    const c = counted(() => false);
    expect(await simplify(game(5), c.reproduces, verdict)).toEqual(game(5));
  });
});

describe('distinct violations', () => {
  const v = (code: 'illegal-move' | 'crash', message: string, rule?: string) => ({ code, message, severity: 'error' as const, atMs: 0, ...(rule ? { rule } : {}) });
  it('illegal moves differ by rule and message shape, not by squares, numbers or colour', () => {
    const roles = ['white', 'black'];
    const a = v('illegal-move', "Invalid move 'c3-c4': there is no white piece on 'c3'", 'R1');
    const b = v('illegal-move', "Invalid move 'e5-e4': there is no black piece on 'e5'", 'R1');
    const c = v('illegal-move', "Invalid move 'c3-c4': 'c4' is occupied", 'R1');
    expect(violationKey(a, roles)).toBe(violationKey(b, roles));
    expect(violationKey(a, roles)).not.toBe(violationKey(c, roles));
    expect(messageKind("Incomplete strike 'a3*a5', should have striked to 'c5' eliminating 'b5' (or some other strike)", roles))
      .toBe("Incomplete strike '_', should have striked to '_' eliminating '_'");
    expect(violationKey(v('crash', 'exited with status 1 at ply 7'), roles)).toBe('crash');
  });
});
