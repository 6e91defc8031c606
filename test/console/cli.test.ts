// The command line as a person meets it: per-command help with examples that run, "did you mean",
// list <game>, -t/--grep, --bail, and the console's verdict blocks for real broken bots.
import { execa } from 'execa';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../harness/cli/options.js';
import { expandScenarioPaths, loadScenario } from '../../harness/core/scenario.js';
import { BUILT_IN_GAMES, GAMES } from '../../harness/games/registry.js';
import { checkMove, initialState, stateFromRows } from '../../harness/games/alquerque/rules.js';
import { CLI, ROOT, runCli, runJson, scratchDir } from '../helpers.js';

const BOT = ['python3', 'examples/alquerque/python/bot.py'];
const broken = (name: string): string[] => ['python3', `examples/alquerque/broken/${name}.py`];
const COMMANDS = ['check', 'run', 'validate', 'list', 'replay', 'import', 'fuzz'];
const ALL_COMMANDS = COMMAND_NAMES.filter((c) => c !== 'help');

describe('help', () => {
  it('prints each command its own usage, options and examples', async () => {
    const pages = new Map<string, string>();
    for (const command of COMMANDS) {
      const r = await runCli([command, '--help']);
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toMatch(new RegExp(`^usage: botjury ${command} `));
      expect(r.stdout, command).toMatch(/\nExamples:\n {2}npx botjury /);
      pages.set(command, r.stdout);
    }
    expect(new Set(pages.values()).size).toBe(COMMANDS.length);
    expect(pages.get('run')).toContain('-t, --grep TEXT');
    expect(pages.get('run')).toContain('--bail');
    expect(pages.get('validate')).not.toContain('--reporter'); // only the options that apply
    expect((await runCli(['help', 'run'])).stdout).toBe(pages.get('run'));
    const overview = await runCli(['--help']);
    for (const command of COMMANDS) expect(overview.stdout).toContain(`botjury ${command} `);
  });

  it("gives examples as typed in a bot's repository: botjury's files under node_modules/botjury/, the user's own named as such", async () => {
    const examples = (await Promise.all(ALL_COMMANDS.map(async (c) => (await runCli([c, '--help'])).stdout))).flatMap((page) => page.split('\n').filter((l) => l.startsWith('  npx botjury ')));
    expect(examples.length).toBeGreaterThan(20);
    // Every path in them is botjury's installed package, or a file the user has or makes.
    const USERS = /^(bot\.py|\.\/bot|\.\/old-bot|Bot|run\.json|match\.jsonl|tournament\.jsonl|report\.html|junit\.xml|my-scenarios\/(game\.yaml)?|game-page\.txt|shard-\d\.json|found|take-away\/index\.js|take-away\/bots\/bot\.py|build)$/;
    for (const example of examples)
      for (const word of example.trim().split(/\s+/).flatMap((w) => w.split('=').slice(-1)))
        if (/[/.]/.test(word) && !/^\d|^--|^-t$/.test(word) && !/^[\d.,]+$/.test(word)) expect(word.startsWith('node_modules/botjury/') || USERS.test(word), `${example}: ${word}`).toBe(true);
  });

  it("runs the examples that need no bot or a Python bot.py, as written, in a bot's repository", async () => {
    const repo = scratchDir('botjury-help-');
    try {
      mkdirSync(path.join(repo, 'node_modules'));
      symlinkSync(ROOT, path.join(repo, 'node_modules', 'botjury'), 'dir');
      for (const f of ['bot.py', 'alquerque.py']) cpSync(path.join(ROOT, 'examples/alquerque/python', f), path.join(repo, f));
      mkdirSync(path.join(repo, 'my-scenarios'));
      writeFileSync(path.join(repo, 'my-scenarios', 'mine.yaml'), 'game: alquerque\nrole: black\nsteps:\n  - opponent: c3-d4\n  - bot: e5*c3\n');
      const pages = await Promise.all(['validate', 'list', 'run'].map(async (c) => (await runCli([c, '--help'])).stdout));
      const runnable = pages.flatMap((p) => p.split('\n')).filter((l) => l.startsWith('  npx botjury ') && (!l.includes(' -- ') || l.endsWith(' -- python3 bot.py')) && !l.includes('-t tie'));
      // new-game's examples, then conform's: the package it writes, checked as the examples say.
      const gamePages = await Promise.all(['new-game', 'conform'].map(async (c) => (await runCli([c, '--help'])).stdout));
      const gameExamples = gamePages.flatMap((p) => p.split('\n')).filter((l) => l.startsWith('  npx botjury '));
      expect(gameExamples).toHaveLength(3);
      runnable.push(...gameExamples);
      expect(runnable.length).toBeGreaterThanOrEqual(7);
      for (const example of runnable) {
        const r = await execa(process.execPath, [CLI, ...example.trim().split(/\s+/).slice(2)], { cwd: repo, reject: false, stdin: 'ignore', env: { NO_COLOR: '1' } });
        expect(r.exitCode, `${example}\n${String(r.stdout).slice(-1000)}${String(r.stderr)}`).toBe(0);
      }
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('did you mean', () => {
  const usage = async (args: string[]): Promise<string> => {
    const r = await runCli(args);
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at |To specify a positional/);
    return r.stderr;
  };
  it('names the option, game, command, role and reporter meant', async () => {
    expect(await usage(['check', 'alquerque', '--rol', 'black', '--', 'true'])).toBe("botjury: unknown option '--rol' (did you mean --role?)\nrun 'botjury check --help' for usage");
    expect(await usage(['check', 'alquerqe', '--', 'true'])).toContain("unknown game 'alquerqe' (did you mean alquerque?)");
    expect(await usage(['chek', 'alquerque'])).toContain("unknown command 'chek' (did you mean check?)");
    expect(await usage(['check', 'alquerque', '--role', 'blak', '--', 'true'])).toContain("unknown role 'blak' (did you mean black?)");
    expect(await usage(['run', 'scenarios/alquerque/quit-handling.yaml', '--reporter', 'jsn', '--', 'true'])).toContain("unknown reporter 'jsn' (did you mean json?)");
    expect(await usage(['check', 'alquerque', '--profile', 'codecup2009', '--', 'true'])).toContain("unknown profile 'codecup2009' (did you mean codecup2008?)");
    expect(await usage(['list', 'alquerq'])).toContain('(did you mean alquerque?)');
  });
  it("validate: a built-in opponent the game does not have, at its line, also in a scenario without steps; a key two edits off", async () => {
    const dir = scratchDir('botjury-validate-');
    try {
      writeFileSync(path.join(dir, 'a.yaml'), 'game: alquerque\nname: a whole game\nrole: black\nopponent: randum\n');
      writeFileSync(path.join(dir, 'b.yaml'), 'game: snakecore\nname: steps\nopponent: gredy\n');
      writeFileSync(path.join(dir, 'c.yaml'), 'game: alquerque\nname: c\nsteps:\n  - opponent: c3-d4\n  - play: { plys: 5 }\n');
      const r = await runCli(['validate', dir]);
      expect(r.code).toBe(2);
      expect(r.stdout.split('\n').filter(Boolean).map((l) => l.slice(dir.length + 1))).toEqual([
        "a.yaml:4:11: opponent: alquerque's built-in opponents are random, feeder, shy; not 'randum'",
        "b.yaml:3:11: opponent: snakecore's built-in opponents are greedy, random, idle, not 'gredy'",
        "c.yaml:5:13: steps.1.play: unknown key 'plys' (did you mean 'plies'?)",
      ]);
      expect(r.stderr).toContain('0 of 3 scenario files valid');
      expect(r.stdout).not.toMatch(/^::/m);
      // Under GitHub Actions each problem is also an annotation at its file (relative to the workspace), line and column.
      writeFileSync(path.join(dir, 'env'), '');
      const gh = await runCli(['validate', dir], { env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir, GITHUB_ENV: path.join(dir, 'env'), BOTJURY_ANNOTATIONS: '47' } });
      expect(readFileSync(path.join(dir, 'env'), 'utf8')).toBe('BOTJURY_ANNOTATIONS=50\n'); // the job's count, for later steps
      expect(gh.stdout.split('\n').filter((l) => l.startsWith('::'))).toEqual([
        "::error file=a.yaml,line=4,col=11,title=botjury validate::opponent: alquerque's built-in opponents are random, feeder, shy; not 'randum'",
        "::error file=b.yaml,line=3,col=11,title=botjury validate::opponent: snakecore's built-in opponents are greedy, random, idle, not 'gredy'",
        "::error file=c.yaml,line=5,col=13,title=botjury validate::steps.1.play: unknown key 'plys' (did you mean 'plies'?)",
      ]);
      // run and check: the same words as the run's harness error, exit 2 (the scenario's fault, not the bot's).
      const run = await runCli(['run', path.join(dir, 'a.yaml'), '--', ...BOT]);
      expect(run.code).toBe(2);
      expect(run.stdout).toContain("harness error: alquerque's built-in opponents are random, feeder, shy; not 'randum'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('says which option lacks a value and where an option does not apply', async () => {
    expect(await usage(['check', 'alquerque', '--role'])).toContain('--role needs a value (--role R)');
    expect(await usage(['validate', 'scenarios/alquerque', '--bail'])).toContain('--bail does not apply to validate (it applies to run, check)');
  });
});

describe('list <game>', () => {
  it("names every scenario of the game's suite with what it checks and the rule it rests on", async () => {
    const r = await runCli(['list', 'alquerque']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^alquerque — .*\n {2}roles: +white, black\n {2}profile: +codecup2008 \(default\)/);
    const files = expandScenarioPaths([path.join(ROOT, 'scenarios', 'alquerque')], ROOT);
    expect(r.stdout).toContain(`scenarios: ${files.length} in scenarios/alquerque/`);
    for (const file of files) {
      const s = loadScenario(file, ROOT, GAMES);
      expect(r.stdout).toContain(`    ${path.basename(file)}  [${s.role ?? 'white, black (each)'}]\n      checks: ${s.name}\n`);
      if (s.rule) expect(r.stdout).toContain(`      rule:   "${s.rule}"`);
    }
  });
  it('without a game, lists the games', async () => {
    const r = await runCli(['list']);
    // The built-in games: this test's process may have loaded others (vitest runs test files one after
    // another in the same worker, and the game contract tests load game packages), botjury's has not.
    for (const g of BUILT_IN_GAMES) expect(r.stdout).toContain(`${g.id} — ${g.title}`);
  });
});

describe('-t/--grep and --bail', () => {
  it('runs only the scenarios whose name or file contains the text, in any case', async () => {
    const { code, report } = await runJson(['check', 'alquerque', '--role', 'black', '-t', 'CAPTURE', '--', ...BOT]);
    expect(code).toBe(0);
    const files = report.results.map((r) => path.basename(r.scenario));
    expect(files).toEqual(['capture-compulsory-black.yaml', 'capture-continuation.yaml']);
    const two = await runJson(['check', 'alquerque', '--role', 'black', '--grep', 'tie', '-t', 'quit', '--', ...BOT]);
    expect(two.report.results.map((r) => path.basename(r.scenario))).toEqual(['quit-handling.yaml', 'self-exit-in-tie.yaml']);
  });
  it('is a usage error when nothing matches, with the closest word of the names', async () => {
    const r = await runCli(['check', 'alquerque', '-t', 'tei', '--', ...BOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no scenario name or file contains 'tei'; did you mean -t tie?");
  });
  it('--bail stops after the first failing run, reports what ran and exits 1', async () => {
    const r = await runCli(['check', 'alquerque', '--role', 'black', '--bail', '--jobs', '1', '--', ...broken('crash')]);
    expect(r.code).toBe(1);
    expect(r.stdout.match(/^✗ /gm)).toHaveLength(1);
    expect(r.stdout).toContain('0 passed, 1 failed, 0 skipped');
    expect(r.stdout).toMatch(/stopped after the first failure \(--bail\): 9 scenario runs not started/);
    const json = await runJson(['check', 'alquerque', '--role', 'black', '--bail', '--jobs', '2', '--', ...broken('crash')]);
    expect(json.code).toBe(1);
    expect(json.report.results.length).toBeLessThanOrEqual(2); // the run that failed, and one already under way
    expect(json.report.summary.failed).toBe(json.report.results.length);
  });
});

describe('console verdicts for real broken bots', () => {
  it('groups a debug line after every answer into one block, and recaps it with the command that re-runs it', async () => {
    const r = await runCli(['run', 'scenarios/alquerque/play-as-black.yaml', '--', ...broken('extra-output')]);
    expect(r.code).toBe(1);
    expect(r.stdout.match(/extra-output ×\d+, plies 2–\d+ \(first at/g)).toHaveLength(1);
    expect(r.stdout.match(/actual: {3}debug: played/g)).toHaveLength(1); // one block, the line after the last answer too
    expect(r.stdout).toContain('\nFailed (1):\n  ✗ scenarios/alquerque/play-as-black.yaml [black] plays a full game as Black\n');
    expect(r.stdout).toContain('      npx botjury run scenarios/alquerque/play-as-black.yaml --role black -- python3 examples/alquerque/broken/extra-output.py\n');
    expect(r.stdout.split('\n').length).toBeLessThan(20);
  });

  it('stays short when the bot writes a million debug lines', async () => {
    const r = await runCli(['run', 'scenarios/alquerque/play-as-black.yaml', '--', 'python3', 'test/fixtures/bots/debug-flood.py']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').length).toBeLessThan(60);
    // The flood is read as the next move when it comes before the jury's next message (bad-format,
    // as Caia would), or stops the bot when it is already waiting unread (output-flood).
    expect(r.stdout).toMatch(/output-flood|bad-format/);
  });

  it("shows a crash's stderr once, its lines indented", async () => {
    const r = await runCli(['run', 'scenarios/alquerque/play-as-black.yaml', '--', 'python3', 'test/fixtures/bots/traceback.py']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/ {6}stderr.*:\n( {8}│ .*\n)*? {8}│ {5}return int\(line\).*\n {8}│ .*\^+\n {8}│ ValueError: invalid literal for int\(\) with base 10: 'd3-d4'\n/);
    expect(r.stdout.match(/ValueError/g)).toHaveLength(1);
  });

  it('advises the fix for unflushed output in the language of the bot', async () => {
    const py = await runCli(['run', 'scenarios/alquerque/quit-handling.yaml', '--', ...broken('unflushed')]);
    expect(py.code).toBe(1);
    expect(py.stdout).toContain('      fix (Python): print(move, flush=True) — or sys.stdout.flush() after every answer.');
    const c = await runCli(['run', 'scenarios/on-the-run/detectives-swap.yaml', '--role', 'fugitive', '--', 'examples/on-the-run/broken/build/unflushed']);
    expect(c.code).toBe(1);
    expect(c.stdout).toContain('fix (C): fflush(stdout);');
  });
});

describe('expected: one answer, or an example', () => {
  it('marks an Alquerque expected move as an example when the position has other legal moves', () => {
    const open = checkMove(initialState(), 'a1-a2');
    expect(open.ok).toBe(false);
    if (!open.ok) expect([open.expected, open.expectedIsExample]).toEqual(['c3-d4', true]);
    // One legal move in the position: the expected move is the answer, not an example.
    const forced = checkMove(stateFromRows(['.......', '.......', '.......', '...B...', '.......', '..B....', 'WB.....'], 'white'), 'a1*c1*c3');
    expect(forced.ok).toBe(false);
    if (!forced.ok) expect([forced.expected, forced.expectedIsExample]).toEqual(['a1*c1*c3*e5', false]);
  });
});
