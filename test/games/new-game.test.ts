// `botjury new-game <id>` writes a game package that works at once: its suite passes `check` with its
// example bot, its own tests pass, and a broken answer is judged.
import { execa } from 'execa';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runJson, scratchDir } from '../helpers.js';

describe('botjury new-game', () => {
  it('writes a skeleton that passes check, match and its own tests at once', async () => {
    const dir = scratchDir('botjury-newgame-');
    const made = await runCli(['new-game', 'take-away', '--output', dir]);
    expect(made.code).toBe(0);
    const pkg = path.join(dir, 'take-away');
    const module = ['--game-module', path.join(pkg, 'index.js')];
    const check = await runJson(['check', 'take-away', ...module, '--', 'python3', path.join(pkg, 'bots', 'bot.py')]);
    expect(check.report.results.map((r) => [r.status, r.goals?.missing])).toEqual([['passed', []], ['passed', []]]);
    expect(check.code).toBe(0);
    const own = await execa('node', ['--test', 'test/'], { cwd: pkg, reject: false });
    expect(own.exitCode, own.stdout).toBe(0);
    const match = await runCli(['match', 'take-away', ...module, '--games', '2', '--', 'python3', path.join(pkg, 'bots', 'bot.py'), '--', 'python3', path.join(pkg, 'bots', 'bot.py')]);
    expect(match.code).toBe(0);
    // Its referee judges: a bot that takes 4 breaks the rules.
    const greedy = path.join(dir, 'greedy.py');
    writeFileSync(greedy, 'import sys\nfor line in sys.stdin:\n    if line.strip() == "Quit": break\n    if line.startswith("pile"): continue\n    print(4, flush=True)\n');
    const bad = await runJson(['check', 'take-away', ...module, '--', 'python3', greedy]);
    expect(new Set(bad.report.results.flatMap((r) => r.violations.map((v) => v.code)))).toEqual(new Set(['illegal-move']));
    expect(bad.code).toBe(1);
    // Not over an existing folder, and only a valid id.
    expect((await runCli(['new-game', 'take-away', '--output', dir])).stderr).toMatch(/exists already/);
    const badId = await runCli(['new-game', 'Take Away', '--output', dir]);
    expect(badId.stderr).toMatch(/a game id is lowercase letters/);
    expect(badId.code).toBe(2);
  });

  it("refuses the id of a game botjury knows, built in or loaded, before writing anything", async () => {
    const dir = scratchDir('botjury-newgame-taken-');
    const builtIn = await runCli(['new-game', 'alquerque', '--output', dir]);
    expect(builtIn.code).toBe(2);
    expect(builtIn.stderr).toContain("botjury: the game id 'alquerque' is taken (a built-in game): a package with it could not be loaded beside that game; choose another id, e.g. alquerque-2");
    const loaded = await runCli(['new-game', 'nim', '--game-module', 'examples/games/nim/index.js', '--output', dir]);
    expect(loaded.code).toBe(2);
    expect(loaded.stderr).toContain("the game id 'nim' is taken (loaded from examples/games/nim/index.js)");
    expect(readdirSync(dir)).toEqual([]);
  });
});
