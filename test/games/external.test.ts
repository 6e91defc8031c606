// A sixth game from outside botjury: examples/games/nim is a game package (rules, referee, suite,
// example bots) that nothing in harness/ names. It works through --game-module, and as the installed
// package botjury-game-nim when a scenario says `game: nim`.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, runJson, scratchDir } from '../helpers.js';

const MODULE = ['--game-module', 'examples/games/nim/index.js'];
const BOT = ['python3', 'examples/games/nim/bots/bot.py'];

describe('a game package (examples/games/nim)', () => {
  it('check runs its own suite: the example bot passes, the broken one gets illegal-move', async () => {
    const good = await runJson(['check', 'nim', ...MODULE, '--', ...BOT]);
    expect(good.report.results.map((r) => r.status)).toEqual(good.report.results.map(() => 'passed'));
    expect(good.report.results.length).toBe(5);
    expect(good.code).toBe(0);
    const bad = await runJson(['check', 'nim', ...MODULE, '--', 'python3', 'examples/games/nim/bots/broken/takes-too-many.py']);
    expect(new Set(bad.report.results.flatMap((r) => r.violations.filter((v) => v.severity === 'error').map((v) => v.code)))).toEqual(new Set(['illegal-move']));
    expect(bad.code).toBe(1);
  });

  it('list names it and where it came from; match plays it', async () => {
    const list = await runCli(['list', ...MODULE]);
    expect(list.stdout).toMatch(/^nim — Nim \(a botjury example game package\)$/m);
    expect(list.stdout).toMatch(/from:\s+game package examples\/games\/nim\/index\.js/);
    const match = await runCli(['match', 'nim', ...MODULE, '--games', '2', '--', ...BOT, '--', ...BOT]);
    expect(match.stdout).toMatch(/^A vs B: \+\d+ =\d+ -\d+/m);
    expect(match.code).toBe(0);
  });

  it("is found as the installed package botjury-game-<id> when a scenario says game: nim", async () => {
    const dir = scratchDir('botjury-pkg-');
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(path.join(ROOT, 'examples/games/nim'), path.join(dir, 'node_modules', 'botjury-game-nim'));
    const file = path.join(dir, 'mine.yaml');
    writeFileSync(file, 'game: nim\nrole: first\nseed: 4\nsetup: { heaps: [1, 2] }\n');
    expect((await runCli(['validate', file])).code).toBe(0);
    const run = await runJson(['run', file, '--', ...BOT]);
    expect(run.report.results[0]!.status).toBe('passed');
    // Its setup: is checked against the schema the package ships, its moves by its referee.
    writeFileSync(file, 'game: nim\nrole: first\nsetup: { heaps: [0] }\n');
    const setup = await runCli(['validate', file]);
    expect(setup.stdout).toMatch(/mine\.yaml:3:\d+: setup: heaps\.0: must be >= 1/);
    expect(setup.code).toBe(2);
    writeFileSync(file, 'game: nim\nrole: second\nsteps:\n  - opponent: 4 1\n');
    const move = await runCli(['validate', file]);
    expect(move.stdout).toMatch(/mine\.yaml:4:1: step 1: scripted opponent move at ply 1 is not legal: there is no heap 4/);
  });

  it('replay and fuzz work with it', async () => {
    const dir = scratchDir('botjury-pkg-tools-');
    const transcript = path.join(dir, 't.json');
    expect((await runCli(['run', 'examples/games/nim/scenarios/full-game.yaml', ...MODULE, '--transcript', transcript, '--', ...BOT])).code).toBe(0);
    const replay = await runCli(['replay', transcript, ...MODULE, '--', ...BOT]);
    expect(replay.stdout + replay.stderr).toMatch(/bot output: identical to the recording/);
    expect(replay.code).toBe(0);
    const fuzz = await runCli(['fuzz', 'nim', ...MODULE, '--games', '3', '--seed', '1', '--save-dir', path.join(dir, 'found'), '--', 'python3', 'examples/games/nim/bots/broken/takes-too-many.py']);
    expect(fuzz.stdout + fuzz.stderr).toMatch(/1 distinct violation/);
    expect(fuzz.code).toBe(1);
  });

  it('an unknown game or a module that is not a game is exit 2 with one line', async () => {
    const dir = scratchDir('botjury-nogame-');
    const file = path.join(dir, 'x.yaml');
    writeFileSync(file, 'game: alquerqe\n');
    const unknown = await runCli(['validate', file]);
    expect(unknown.stdout).toMatch(/game 'alquerqe' is not known \(did you mean 'alquerque'\?\)/);
    expect(unknown.code).toBe(2);
    const notAGame = path.join(dir, 'not-a-game.mjs');
    writeFileSync(notAGame, 'export const something = 1;\n');
    const bad = await runCli(['list', '--game-module', notAGame]);
    expect(bad.stderr).toMatch(/^botjury: game module .*: exports no game/m);
    expect(bad.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);
    expect(bad.code).toBe(2);
  });
});
