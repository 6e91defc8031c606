// `botjury conform`: the conformance check for referee authors. The Python Alquerque referee conforms;
// one that draws its own random numbers (instead of letting botjury choose) is caught.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, scratchDir } from '../helpers.js';

const BOT = ['python3', 'examples/alquerque/python/bot.py'];

describe('botjury conform', () => {
  it('passes a referee that takes its randomness from botjury', async () => {
    const r = await runCli(['conform', 'alquerque-py', '--game-module', 'examples/games/alquerque-py/game.json', '--', ...BOT], { timeoutMs: 300_000 });
    expect(r.stdout).toMatch(/✓ every request answered\n.*\n✓ the same seed gives the same game\n.*\n✓ a replay of the recording is the same/);
    expect(r.code).toBe(0);
  }, 300_000);

  it('fails one that draws its own random numbers: the same seed no longer gives the same game', async () => {
    const dir = scratchDir('botjury-conform-');
    const source = readFileSync(path.join(ROOT, 'examples/games/alquerque-py/referee.py'), 'utf8');
    // No `choose` for botjury to pick from: the referee picks the built-in player's move itself.
    const own = source
      .replace('return {"type": "move", "seat": c, "ply": ply, "choose": list(self.choices)}', 'return {"type": "move", "seat": c, "ply": ply}')
      .replace(
        'return {"choose": [fmt(m) for m in opponent_choices(self.opponent_name, self.state)]}',
        'import random\n            move = fmt(random.choice(opponent_choices(self.opponent_name, self.state)))',
      );
    expect(own).not.toMatch(/"choose": list\(self\.choices\)/); // both changes made
    expect(own).toMatch(/random\.choice/);
    writeFileSync(path.join(dir, 'referee.py'), own);
    copyFileSync(path.join(ROOT, 'examples/games/alquerque-py/run-referee.py'), path.join(dir, 'run-referee.py'));
    copyFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), path.join(dir, 'game.json'));
    // Its suite: two full games against the random opponent.
    const manifest = JSON.parse(readFileSync(path.join(dir, 'game.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...manifest, id: 'alquerque-own-random', suite: 'scenarios' }));
    mkdirSync(path.join(dir, 'scenarios'));
    writeFileSync(path.join(dir, 'scenarios', 'game.yaml'), 'game: alquerque-own-random\nseed: 5\n');
    const r = await runCli(['conform', 'alquerque-own-random', '--game-module', path.join(dir, 'game.json'), '--', ...BOT], { timeoutMs: 300_000 });
    expect(r.stdout).toMatch(/✗ the same seed gives the same game\n\s+played twice, these differ: .*game\.yaml \[white\]/);
    expect(r.code).toBe(1);
  }, 300_000);
  it('fails a reused referee that remembers the game before: played backwards, the games differ', async () => {
    const dir = scratchDir('botjury-conform-');
    const source = readFileSync(path.join(ROOT, 'examples/games/alquerque-py/referee.py'), 'utf8');
    // Its built-in player's choices rotate by the number of games the process has started: a leak.
    const leaky = source
      .replace('def opponent_choices(kind, state):', 'GAMES_STARTED = [0]\n\n\ndef opponent_choices(kind, state):')
      .replace('    moves = legal_moves(state)\n    if kind == "random" or len(moves) == 1:\n        return moves', '    moves = legal_moves(state)\n    k = GAMES_STARTED[0] % max(1, len(moves))\n    moves = moves[k:] + moves[:k]\n    if kind == "random" or len(moves) == 1:\n        return moves')
      .replace('                referee = Game(req)', '                GAMES_STARTED[0] += 1\n                referee = Game(req)');
    expect(leaky.split('GAMES_STARTED').length).toBe(4); // all three changes made
    writeFileSync(path.join(dir, 'referee.py'), leaky);
    copyFileSync(path.join(ROOT, 'examples/games/alquerque-py/run-referee.py'), path.join(dir, 'run-referee.py'));
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...manifest, id: 'alquerque-leaky', suite: 'scenarios', refereeReuse: true }));
    mkdirSync(path.join(dir, 'scenarios'));
    for (const seed of [5, 6]) writeFileSync(path.join(dir, 'scenarios', `game-${seed}.yaml`), `game: alquerque-leaky\nseed: ${seed}\nrole: white\n`);
    const r = await runCli(['conform', 'alquerque-leaky', '--game-module', path.join(dir, 'game.json'), '--', ...BOT], { timeoutMs: 300_000 });
    expect(r.stdout).toMatch(/✗ the same seed gives the same game\n\s+played twice, these differ: .*game-5\.yaml \[white\]/);
    expect(r.code).toBe(1);
  }, 300_000);
});

describe('transcripts of runs of any status', () => {
  /** alquerque-py with a suite of three: a plain game, a `reach: [tie]` the bot never reaches, and a scenario whose data is absent. */
  function suite(): { dir: string; manifest: string } {
    const dir = scratchDir('botjury-conform-status-');
    for (const f of ['referee.py', 'run-referee.py']) copyFileSync(path.join(ROOT, 'examples/games/alquerque-py', f), path.join(dir, f));
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...manifest, id: 'alquerque-status', suite: 'scenarios' }));
    mkdirSync(path.join(dir, 'scenarios'));
    writeFileSync(path.join(dir, 'scenarios', 'plain.yaml'), 'game: alquerque-status\nname: plain\nrole: white\nseed: 4\n');
    // The example bot wins this game as White: the tie is never reached, the run is inconclusive.
    writeFileSync(path.join(dir, 'scenarios', 'tie.yaml'), 'game: alquerque-status\nname: a tie the bot does not reach\nrole: white\nseed: 3\nreach: [tie]\n');
    writeFileSync(path.join(dir, 'scenarios', 'absent.yaml'), 'game: alquerque-status\nname: needs absent data\nrole: white\nseed: 3\nrequires: [/nonexistent/botjury-data]\n');
    return { dir, manifest: path.join(dir, 'game.json') };
  }

  it('an inconclusive and a skipped run are recorded and replay like any other; conform passes the deterministic referee', async () => {
    const { dir, manifest } = suite();
    const transcript = path.join(dir, 'run.json');
    const run = await runCli(['run', path.join(dir, 'scenarios'), '--game-module', manifest, '--transcript', transcript, '--reporter', 'json', '--', ...BOT], { timeoutMs: 120_000 });
    const statuses = (JSON.parse(run.stdout) as { results: { name: string; status: string }[] }).results.map((r) => `${r.name}: ${r.status}`).sort();
    expect(statuses).toEqual(['a tie the bot does not reach: inconclusive', 'needs absent data: skipped', 'plain: passed']);
    expect(run.code).toBe(0);
    const replayed = await runCli(['replay', transcript, '--game-module', manifest, '--', ...BOT], { timeoutMs: 120_000 });
    expect(replayed.stderr).toBe('');
    expect(replayed.stdout).toMatch(/a tie the bot does not reach[^]*identical to the recording/);
    expect(replayed.code).toBe(0);
    const conformed = await runCli(['conform', 'alquerque-status', '--game-module', manifest, '--', ...BOT], { timeoutMs: 300_000 });
    expect(conformed.stdout).toMatch(/✓ every request answered\n.*\n✓ the same seed gives the same game\n.*\n✓ a replay of the recording is the same\n.*3 runs replayed/);
    expect(conformed.code).toBe(0);
  }, 300_000);
});
