// Referees in any language: examples/games/alquerque-py is the Alquerque jury in Python, spoken to in
// JSON lines (harness/games/process-referee.ts). On the game's whole suite and on seeded games of
// random bots it gives the same verdicts, outcomes, goals and transcripts as the built-in referee.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, runJson, type ReportResult, scratchDir } from '../helpers.js';

const MODULE = ['--game-module', 'examples/games/alquerque-py/game.json'];

/** The same scenarios twice: as written (built-in referee) and with game: alquerque-py. */
function twinFolders(files: Record<string, string>): { builtIn: string; python: string } {
  const builtIn = scratchDir('botjury-twin-a-');
  const python = scratchDir('botjury-twin-b-');
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(builtIn, name), text);
    writeFileSync(path.join(python, name), text.replace(/^game: alquerque$/m, 'game: alquerque-py'));
  }
  return { builtIn, python };
}

/** What must be equal: verdicts, outcome, goals, and every line each way. */
const essence = (r: ReportResult) => ({
  name: r.name,
  role: r.role,
  status: r.status,
  error: r.error, // a harness or referee fault: its message, so that a failure here says what it was
  violations: r.violations.map((v) => ({ code: v.code, ply: v.ply, message: v.message, expected: v.expected, actual: v.actual })),
  outcome: r.outcome,
  goals: r.goals,
  lines: r.transcript.filter((t) => t.dir === 'jury' || t.dir === 'bot').map((t) => `${t.dir} ${t.text}`),
});

async function compare(folders: { builtIn: string; python: string }, bot: string[]): Promise<number> {
  const a = await runJson(['run', folders.builtIn, '--', ...bot], { timeoutMs: 240_000 });
  const b = await runJson(['run', folders.python, ...MODULE, '--', ...bot], { timeoutMs: 240_000 });
  expect(b.report.results.map(essence)).toEqual(a.report.results.map(essence));
  expect(b.code).toBe(a.code);
  return a.report.results.length;
}

describe('an out-of-process referee (Alquerque in Python)', () => {
  const suite = Object.fromEntries(readdirSync(path.join(ROOT, 'scenarios/alquerque')).map((f) => [f, readFileSync(path.join(ROOT, 'scenarios/alquerque', f), 'utf8')]));

  it("the whole suite: the same verdicts, outcomes, goals and transcripts as the built-in referee", async () => {
    expect(await compare(twinFolders(suite), ['python3', 'examples/alquerque/python/bot.py'])).toBe(20);
    // Run through its launcher, the referee is an imported module: Python kept its bytecode for the next start.
    expect(readdirSync(path.join(ROOT, 'examples/games/alquerque-py/__pycache__')).some((f) => /^referee\.\S+\.pyc$/.test(f))).toBe(true);
  }, 300_000);

  it('a broken bot: the same verdicts, word for word', async () => {
    const some = Object.fromEntries(Object.entries(suite).filter(([f]) => /capture|move-back/.test(f)));
    await compare(twinFolders(some), ['python3', 'examples/alquerque/broken/incomplete-capture.py']);
    await compare(twinFolders(some), ['python3', 'examples/alquerque/broken/moves-back.py']);
  }, 300_000);

  it('seeded games of a random legal bot against the random opponent: the same games', async () => {
    const games = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [`game-${s}.yaml`, `game: alquerque\nname: seeded ${s}\nseed: ${s * 7}\n`]));
    expect(await compare(twinFolders(games), ['python3', 'test/fixtures/bots/alquerque-random.py', '11'])).toBe(12);
  }, 300_000);

  it("one round trip a ply: the built-in player's reply comes with the bot's answer (draw, proposal, commit); a referee that proposes nothing plays the same games", async () => {
    const games = Object.fromEntries([3, 4].map((s) => [`game-${s}.yaml`, `game: alquerque-py\nname: seeded ${s}\nseed: ${s * 7}\n`]));
    const dir = scratchDir('botjury-proposal-');
    for (const [name, text] of Object.entries(games)) writeFileSync(path.join(dir, name), text);
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
    const play = async (mode: string[]) => {
      const log = path.join(dir, `requests-${mode.length}.log`);
      writeFileSync(path.join(dir, `game-${mode.length}.json`), JSON.stringify({ ...manifest, referee: ['python3', path.join(ROOT, 'test/fixtures/referees/request-log.py'), log, ...mode] }));
      const { code, report } = await runJson(['run', dir, '--game-module', path.join(dir, `game-${mode.length}.json`), '--', 'python3', 'test/fixtures/bots/alquerque-random.py', '5'], { timeoutMs: 240_000 });
      const requests = readFileSync(log, 'utf8').trim().split('\n');
      const count = (re: RegExp) => requests.filter((r) => re.test(r)).length;
      return { code, results: report.results.map(essence), answers: count(/^answer/), moves: count(/^move/), drawn: count(/^answer draw/), commits: count(/ commit$/), plies: report.results.reduce((n, r) => n + r.transcript.filter((t) => t.dir === 'jury' && /^[a-g][1-7][-*]/.test(t.text)).length, 0) };
    };
    const proposing = await play([]);
    const plain = await play(['no-draw']);
    expect(proposing.code).toBe(0);
    expect(proposing.results).toEqual(plain.results);
    // Every answer told the pick ahead; the built-in player's replies (the moves sent to the bot) then
    // cost no request of their own: each was committed by the next request.
    expect(proposing.drawn).toBe(proposing.answers);
    expect(proposing.plies).toBeGreaterThan(20);
    expect(proposing.moves).toBeLessThanOrEqual(2); // the first move of a game where the built-in player opens
    expect(proposing.commits).toBeGreaterThanOrEqual(proposing.plies - 2);
    // Without proposals, a request for each of them.
    expect(plain.moves).toBeGreaterThanOrEqual(plain.plies);
    expect(plain.commits).toBe(0);
  }, 300_000);

  it("the shy opponent's shortcut (whether a plain move gives a capture, from the jumps through its two points) agrees with a full look at the board", async () => {
    // 20,000 random positions, every plain move of the side to move: a mismatch is a built-in player that
    // differs from the built-in game's, which the suite might not reach.
    const check = [
      'import random, runpy',
      "m = runpy.run_path('examples/games/alquerque-py/referee.py', run_name='check')",
      'random.seed(1); n = bad = 0',
      'for _ in range(20000):',
      "    board = [random.choice(['white', 'black', None, None]) for _ in range(49)]",
      "    me = random.choice(['white', 'black'])",
      "    state = {'board': board, 'toMove': me, 'ply': 1, 'lastPlain': {'white': None, 'black': None}}",
      "    threats = m['jumps_of'](board, m['OTHER'][me])",
      "    for move in m['_plain_moves'](state):",
      "        n += 1",
      "        bad += m['gives_capture'](board, threats, move, me) != m['can_capture'](m['board_after'](board, move, me), m['OTHER'][me])",
      "print(n, bad)",
    ].join('\n');
    const r = await execa('python3', ['-c', check], { cwd: ROOT, reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    const [moves, mismatches] = r.stdout.trim().split(' ').map(Number);
    expect(moves).toBeGreaterThan(100_000);
    expect(mismatches).toBe(0);
  }, 60_000);

  it('a referee that breaks the protocol is a harness fault (exit 2), never the bot\'s', async () => {
    const dir = scratchDir('botjury-badref-');
    writeFileSync(path.join(dir, 'referee.py'), 'import sys\nfor line in sys.stdin:\n    sys.stdout.write("not json\\n"); sys.stdout.flush()\n');
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...manifest, id: 'broken-ref', referee: ['python3', '-I', '-S', 'referee.py'] }));
    writeFileSync(path.join(dir, 's.yaml'), 'game: broken-ref\nrole: white\n');
    const r = await runCli(['run', path.join(dir, 's.yaml'), '--game-module', path.join(dir, 'game.json'), '--', 'python3', 'examples/alquerque/python/bot.py']);
    expect(r.stderr).toMatch(/the referee of broken-ref \(python3 -I -S referee\.py\) answered 'not json', which is not JSON; its last request: start/);
    expect(r.stdout + r.stderr).not.toMatch(/illegal-move|crash/);
    expect(r.code).toBe(2);
  });
});
