// Fuzzing: seeded games against the built-in opponents find a broken bot's fault, save a scenario that
// reproduces it alone with as few steps as still trigger it, and do so deterministically.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messageKind, violationKey } from '../../harness/tools/fuzz.js';
import { runCli, runJson } from '../helpers.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'botjury-fuzz-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BROKEN = 'examples/alquerque/broken';
const files = (dir: string): string[] => readdirSync(dir).sort();

describe('fuzz', () => {
  it('finds an incomplete capture and saves a scenario that reproduces it alone; same seed, same file', async () => {
    const dirA = path.join(tmp, 'a');
    const r = await runCli(['fuzz', 'alquerque', '--games', '3', '--seed', '1', '--save-dir', dirA, '--', 'python3', `${BROKEN}/incomplete-capture.py`]);
    expect(r.code).toBe(1);
    expect(files(dirA)).toEqual(['alquerque-illegal-move-incomplete-strike-should-have-striked.yaml']);
    const saved = path.join(dirA, files(dirA)[0]!);
    expect(r.stdout.trim()).toBe(saved);
    expect(r.stderr).toMatch(/shrunk to \d+ in \d+ runs; reproduces alone/);
    expect((await runCli(['validate', saved])).code).toBe(0);
    const text = readFileSync(saved, 'utf8');
    expect(text.startsWith('# yaml-language-server: $schema=')).toBe(true);
    expect(text).toMatch(/^rule: If the first capture move puts the piece in a position to capture another piece/m);
    // The saved scenario alone: exactly that verdict, at the ply of its last step, and no other error.
    const { code, report } = await runJson(['run', saved, '--', 'python3', `${BROKEN}/incomplete-capture.py`]);
    expect(code).toBe(1);
    const errors = report.results[0]!.violations.filter((v) => v.severity === 'error');
    expect(errors.map((v) => v.code)).toEqual(['illegal-move']);
    expect(errors[0]!.message).toMatch(/^Incomplete strike '/);
    const lastStep = text.trimEnd().split('\n').pop()!;
    expect(lastStep).toMatch(new RegExp(`^  - \\{ bot: any \\}  # .*\\(ply ${errors[0]!.ply}\\) — the verdict: illegal-move$`));
    // Cut right after the verdict: nothing but the moves that lead to it.
    expect(text).not.toContain('play:');

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
