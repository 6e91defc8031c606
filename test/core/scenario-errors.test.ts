// A scenario's own mistakes are the harness's fault (exit 2), never the bot's; and a scenario that
// ends a game early reports no invented winner.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../harness/core/rng.js';
import { alquerque } from '../../harness/games/alquerque/index.js';
import { runCli, runJson, refereeOf, scratchDir } from '../helpers.js';

const BOT = ['python3', 'examples/alquerque/python/bot.py'];

describe('an expectation no legal answer can meet', () => {
  it('wrong notation (E5*C3) is found before any bot runs: file:line, a suggestion, exit 2', async () => {
    const r = await runCli(['run', 'test/fixtures/scenarios/expect-wrong-notation.yaml', '--', ...BOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/expect-wrong-notation\.yaml:8:1: step 2: Black's move 1 \(ply 2\): the scenario expects 'E5\*C3', but no legal answer here can be that \(did you mean 'e5\*c3'\?\)/);
    expect(r.stdout).not.toMatch(/expectation-failed/);
  });
  it('validate finds it too: a move the position makes impossible (c4-c3), and an illegal scripted opponent move', async () => {
    const r = await runCli(['validate', 'test/fixtures/scenarios/expect-impossible-move.yaml', 'test/fixtures/scenarios/illegal-opponent-script.yaml']);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/expect-impossible-move\.yaml:8:1: step 2: .*'c4-c3', but no legal answer here can be that; legal here: e5\*c3/);
    expect(r.stdout).toMatch(/illegal-opponent-script\.yaml:9:1: step 3: scripted opponent move at ply 3 is not legal/);
    expect(r.stderr).toMatch(/0 of 2 scenario files valid/);
  });
  it('the built-in suites pass the dry run', async () => {
    const r = await runCli(['validate', 'scenarios']);
    expect(r.stderr).toMatch(/^(\d+) of \1 scenario files valid$/m);
    expect(r.code).toBe(0);
  });
  it('after a free answer the game depends on the bot: the impossible expectation is a scenario error when reached, exit 2', async () => {
    const { code, report } = await runJson(['run', 'test/fixtures/scenarios/expect-impossible-after-any.yaml', '--', ...BOT]);
    const r = report.results[0]!;
    expect(r.status).toBe('error');
    expect(r.error).toMatch(/the scenario expects 'Z9-Z9', but no legal answer here can be that/);
    expect(r.violations.map((v) => v.code)).not.toContain('expectation-failed');
    expect(code).toBe(2);
  });
});

describe('a forced answer', () => {
  it("keeps the dry run going: 'bot: any' where one move is legal, then an illegal scripted move is found", async () => {
    const file = path.join(scratchDir('botjury-forced-'), 'forced.yaml');
    writeFileSync(file, 'game: alquerque\nrole: black\nsteps:\n  - opponent: c3-d4\n  - bot: any\n  - opponent: d4-d5\n');
    const r = await runCli(['validate', file]);
    expect(r.stdout).toMatch(/forced\.yaml:6:1: step 3: scripted opponent move at ply 3 is not legal: Invalid move 'd4-d5': there is no white piece on 'd4'/);
    expect(r.code).toBe(2);
  });
});

describe("a recorded answer the jury ruled illegal ('ruled: illegal-move')", () => {
  const scenario = (steps: string): string => {
    const dir = scratchDir('botjury-ruled-');
    const file = path.join(dir, 'ruled.yaml');
    writeFileSync(file, `game: alquerque\nrole: black\nsteps:\n${steps}`);
    return file;
  };
  it('is accepted when the move is illegal there and ends the steps; the bot that plays it gets the verdict (exit 1)', async () => {
    const file = scenario('  - opponent: c3-d4\n  - bot: c4-c3\n    ruled: illegal-move\n');
    expect((await runCli(['validate', file])).code).toBe(0);
    const { code, report } = await runJson(['run', file, '--', 'python3', 'test/fixtures/bots/replay.py', 'c4-c3']);
    expect(report.results[0]!.violations.filter((v) => v.severity === 'error').map((v) => [v.code, v.actual])).toEqual([['illegal-move', 'c4-c3']]);
    expect(code).toBe(1);
  });
  it('is a scenario error when the move is legal there, or when steps follow it', async () => {
    const legal = await runCli(['validate', scenario('  - opponent: c3-d4\n  - bot: e5*c3\n    ruled: illegal-move\n')]);
    expect(legal.stdout).toMatch(/ruled\.yaml:5:1: step 2: Black's move 1 \(ply 2\): the scenario says the jury ruled 'e5\*c3' illegal-move, but it is legal here/);
    expect(legal.code).toBe(2);
    const notLast = await runCli(['validate', scenario('  - opponent: c3-d4\n  - bot: c4-c3\n    ruled: illegal-move\n  - opponent: b2-b3\n')]);
    expect(notLast.stdout).toMatch(/must be the last step/);
    expect(notLast.code).toBe(2);
  });
});

describe('a game the scenario ends early', () => {
  it('names no winner and says the scenario ended it', () => {
    const profile = alquerque.profiles[alquerque.defaultProfile]!;
    const referee = refereeOf(alquerque, { role: 'black', seed: 1, rng: createRng(1), setup: undefined, scenarioDir: '.', profile });
    referee.next();
    referee.opponent('c3-d4');
    referee.quit();
    const outcome = referee.outcome();
    expect(outcome.finished).toBe(false);
    expect(outcome.winner).toBeUndefined();
    expect(outcome.scores).toEqual({});
    expect(outcome.summary).toMatch(/the scenario ended the game after 1 plies, before the rules did: no result/);
  });
});

describe("the user's own typo in the bot command", () => {
  it('python3 /missing.py is a harness error (exit 2) that says so, not a crash of the bot', async () => {
    const r = await runCli(['check', 'alquerque', '--role', 'white', '--', 'python3', '/missing-bot-file.py']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the bot command failed at once: python3 cannot open the script '\/missing-bot-file\.py'/);
    expect(r.stdout).not.toMatch(/crash/);
  });
});
