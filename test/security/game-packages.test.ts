// Game packages (`--game-module`) are files from outside: the module or game.json must be a regular
// file of bounded size (never a device, a pipe or a link loop: no hang, no abort), a manifest and a
// JavaScript definition must hold data within the schema (limits, names, strings, the referee command),
// and what they say reaches the terminal escaped. Every problem: exit 2, one line naming the file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { definitionDataProblem } from '../../harness/games/manifest.js';
import { BUILT_IN_GAMES } from '../../harness/games/registry.js';
import { ROOT, runCli, scratchDir } from '../helpers.js';
import { expectRefused, runMeasured } from './hostile.js';

const tmp = scratchDir('botjury-game-packages-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const list = (module: string, ...rest: string[]) => runCli(['list', ...rest, '--game-module', module], { timeoutMs: 30_000 });
const BASE = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, any>;

let packages = 0;
/** A game.json in a folder of its own, from the example's manifest changed by `change` (or this text). */
function manifest(change: ((m: any) => void) | string): string {
  const dir = path.join(tmp, `package-${++packages}`);
  mkdirSync(dir);
  const file = path.join(dir, 'game.json');
  if (typeof change === 'string') writeFileSync(file, change);
  else {
    const m = structuredClone(BASE);
    change(m);
    writeFileSync(file, JSON.stringify(m));
  }
  return file;
}
const escaped = (file: string) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('--game-module names a file botjury may read', () => {
  it('a device, a pipe, a symbolic link loop, a folder: refused at once', async () => {
    const fifo = path.join(tmp, 'fifo.js');
    execFileSync('mkfifo', [fifo]);
    const loop = path.join(tmp, 'loop.js');
    symlinkSync(loop, loop);
    const empty = path.join(tmp, 'empty-folder');
    mkdirSync(empty);
    const piped = path.join(tmp, 'piped-package');
    mkdirSync(piped);
    execFileSync('mkfifo', [path.join(piped, 'package.json')]);
    const big = path.join(tmp, 'big.js');
    writeFileSync(big, '');
    truncateSync(big, 17 << 20);
    // Before: an abort of Node's allocator (/dev/zero), a hang (the pipe). Now refused at once, in little memory.
    for (const [file, reason] of [['/dev/zero', /game module \/dev\/zero: not a regular file \(a character device\)/], [fifo, /fifo\.js: not a regular file \(a pipe\)/]] as const) {
      const r = await runMeasured(['list', '--game-module', file], { timeoutMs: 30_000 });
      expectRefused(r, reason);
      expect(r.ms).toBeLessThan(10_000);
      expect(r.peakRssMb).toBeLessThan(300);
    }
    expectRefused(await list(loop), /loop\.js: too many symbolic links/);
    expectRefused(await list(empty), /game module '.*empty-folder': not found/);
    expectRefused(await list(piped), /piped-package\/package\.json: not a regular file \(a pipe\)/);
    expectRefused(await list(big), /big\.js: 17 MB, more than the 16 MB botjury reads for a game module/);
    expectRefused(await list(manifest('{"id": "x", ')), /game manifest '.*game\.json': not JSON/);
  });
});

describe('game.json is checked against schemas/game-manifest.schema.json', () => {
  const limits = (m: any) => m.profiles.codecup2008.limits;
  const cases: [string, (m: any) => void, RegExp][] = [
    ['a negative limit', (m) => (limits(m).moveMs = -1), /\/profiles\/codecup2008\/limits\/moveMs: must be >= 1/],
    ['a huge limit', (m) => (limits(m).totalMs = 1e12), /\/profiles\/codecup2008\/limits\/totalMs: must be <= 3600000/],
    ['a limit as a string', (m) => (limits(m).memoryMb = '64'), /\/profiles\/codecup2008\/limits\/memoryMb: must be integer/],
    ['a fraction of a millisecond', (m) => (limits(m).exitGraceMs = 1.5), /\/profiles\/codecup2008\/limits\/exitGraceMs: must be integer/],
    ['memory past 64 GB', (m) => (limits(m).memoryMb = 70000), /\/profiles\/codecup2008\/limits\/memoryMb: must be <= 65536/],
    ['an unknown limit', (m) => (limits(m).fooMs = 1), /\/profiles\/codecup2008\/limits: unknown key 'fooMs'/],
    ['an empty referee command', (m) => (m.referee = []), /\/referee: must NOT have fewer than 1 items/],
    ['a referee answer limit under 10 ms', (m) => (m.refereeLimits = { answerMs: 5 }), /\/refereeLimits\/answerMs: must be >= 10/],
    ['a referee start-up limit over 120 s', (m) => (m.refereeLimits = { startupMs: 200_000 }), /\/refereeLimits\/startupMs: must be <= 120000/],
    ['a referee limit as a string', (m) => (m.refereeLimits = { answerMs: '100' }), /\/refereeLimits\/answerMs: must be integer/],
    ['a negative referee limit', (m) => (m.refereeLimits = { startupMs: -1 }), /\/refereeLimits\/startupMs: must be >= 100/],
    ['an unknown referee limit', (m) => (m.refereeLimits = { stderrMs: 1 }), /\/refereeLimits: unknown key 'stderrMs'/],
    ['an empty word in the referee command', (m) => (m.referee = ['']), /\/referee\/0: must NOT have fewer than 1 characters/],
    ['the referee command as one string', (m) => (m.referee = 'python3 referee.py'), /\/referee: must be array/],
    ['a NUL in the referee command', (m) => (m.referee = ['python3', 'ref\u0000eree.py']), /\/referee\/1: must match pattern/],
    ['no profiles', (m) => (m.profiles = {}), /\/profiles: must NOT have fewer than 1 properties/],
    ['a default profile that is not one', (m) => (m.defaultProfile = 'toString'), /defaultProfile 'toString' is not one of its profiles/],
    ['a profile named otherwise than its key', (m) => (m.profiles.codecup2008.name = 'other'), /\/profiles\/codecup2008\/name: 'other', not its key 'codecup2008'/],
    ['a role named constructor', (m) => (m.roles = ['white', 'constructor']), /\/roles\/1: a name that is not allowed/],
    ['a role twice', (m) => (m.roles = ['white', 'white']), /\/roles: must NOT have duplicate items/],
    ['a title of 300 characters', (m) => (m.title = 't'.repeat(300)), /\/title: must NOT have more than 200 characters/],
    ['a description of 2000 characters', (m) => (m.profiles.codecup2008.description = 'd'.repeat(2000)), /\/profiles\/codecup2008\/description: must NOT have more than 1000 characters/],
    ['a goal named prototype', (m) => (m.goals.prototype = 'x'), /\/goals: a key that is not allowed/],
    ['an unknown field', (m) => (m.refere = ['python3']), /\/: unknown key 'refere'/],
    ['a setupSchema that is no schema', (m) => (m.setupSchema = { type: 5 }), /\/setupSchema: not a JSON schema botjury can use/],
    ['a suite path with a NUL', (m) => (m.suite = 'scen\u0000arios'), /\/suite: must match pattern/],
    ['an id that is no name', (m) => (m.id = '../x'), /\/id: must match pattern/],
  ];
  for (const [label, change, reason] of cases)
    it(label, async () => {
      const file = manifest(change);
      expectRefused(await list(file), new RegExp(`game manifest '${escaped(file)}': ${reason.source}`), label);
    });

  it('__proto__ as a profile name (a key of the JSON text)', async () => {
    const text = JSON.stringify(BASE).replace('"profiles":{', '"profiles":{"__proto__":{"name":"x","description":"d","limits":{}},');
    expectRefused(await list(manifest(text)), /\/profiles: a (key|name) that is not allowed/);
  });
});

describe('a JavaScript game package: its definition\'s data is checked too', () => {
  const module = (profiles: unknown, extra = '') => {
    const file = path.join(tmp, `game-${++packages}.cjs`);
    writeFileSync(file, `module.exports = { game: { id: 'js-game-${packages}', title: 'A game', ruleText: '/nowhere', roles: ['a', 'b'], profiles: ${JSON.stringify(profiles)}, defaultProfile: 'p', createReferee() { throw new Error('not played'); }${extra} } };\n`);
    return file;
  };
  it('refuses bad limits, names and goals as a manifest\'s', async () => {
    const bad = module({ p: { name: 'p', description: 'd', limits: { moveMs: -5 } } });
    expectRefused(await list(bad), new RegExp(`game module '${escaped(bad)}' \\(.*\\): /profiles/p/limits/moveMs: must be >= 1`));
    const huge = module({ p: { name: 'p', description: 'd', limits: { totalMs: 'forever' } } });
    expectRefused(await list(huge), /\/profiles\/p\/limits\/totalMs: must be integer/);
    const goal = module({ p: { name: 'p', description: 'd', limits: {} } }, ", goals: { constructor: 'x' }");
    expectRefused(await list(goal), /\/goals: a key that is not allowed/);
    const good = module({ p: { name: 'p', description: 'd', limits: { moveMs: 100 } } });
    const r = await list(good);
    expect(r.code, r.stderr).toBe(0);
  });
  it('the built-in games and the example packages pass the same check', async () => {
    for (const g of BUILT_IN_GAMES) expect(definitionDataProblem(g), g.id).toBeNull();
    for (const example of ['examples/games/nim/index.js', 'examples/games/alquerque-py/game.json']) {
      const r = await list(example);
      expect(r.code, r.stderr).toBe(0);
    }
  });
});

describe('what a game package says reaches the terminal escaped', () => {
  it('titles, descriptions, goals and scenario names in `list` and `list <game>`', async () => {
    const file = manifest((m) => {
      m.id = 'escapes';
      m.title = 'Title \u001b[2J\u001b]0;pwned\u0007 and \u009b31m and \u202eevil';
      m.profiles.codecup2008.description = 'desc \u001b[31mred';
      m.goals.tie = 'a tie \u001b[5mblink';
      m.suite = 'suite';
    });
    mkdirSync(path.join(path.dirname(file), 'suite'));
    writeFileSync(path.join(path.dirname(file), 'suite', 's.yaml'), 'game: escapes\nname: "scenario \\e[1mbold"\nrole: white\n');
    for (const args of [[], ['escapes']]) {
      const r = await list(file, ...args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(r.stdout).toContain('Title \\x1b[2J\\x1b]0;pwned\\x07 and \\x9b31m and \\u202eevil');
      expect(r.stdout).toContain('desc \\x1b[31mred');
      if (args.length) expect(r.stdout).toContain('a tie \\x1b[5mblink');
      if (args.length) expect(r.stdout).toContain('checks: scenario \\x1b[1mbold');
    }
  });
});
