// botjury installed as its users install it: `npm pack` makes the tarball a release ships (what runs,
// nothing else), it is installed into an empty folder outside this tree with its own package.json,
// and there every command a user runs works: check, run with the user's own scenario, a scenario
// whose outside data is absent, the programmatic API example, and the CI template's install step.
import { execa } from 'execa';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Report } from '../helpers.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'botjury-package-'));
const app = path.join(tmp, 'my-bot');
const PYTHON_BOT = ['python3', 'node_modules/botjury/examples/alquerque/python/bot.py'];
let tarball: string;
let files: string[];

/** A command in the user's folder, as typed there; never throws on a non-zero exit. */
function inApp(command: string, args: string[], env: Record<string, string> = {}) {
  return execa(command, args, { cwd: app, reject: false, stdin: 'ignore', timeout: 90_000, env: { NO_COLOR: '1', ...env } });
}
const npm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  execa('npm', ['--no-audit', '--no-fund', '--loglevel=error', ...args], { cwd, stdin: 'ignore', env, timeout: 90_000 });
const said = (r: { stdout: unknown; stderr: unknown }) => `${String(r.stdout)}\n${String(r.stderr)}`;

beforeAll(async () => {
  // dist/ is built by `pretest`; a release's `npm pack` builds it afresh in `prepack` (clean + tsc),
  // which is too slow to repeat here.
  const packed = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT);
  const info = JSON.parse(String(packed.stdout))[0] as { filename: string; files: { path: string }[] };
  tarball = path.join(tmp, info.filename);
  files = info.files.map((f) => f.path).sort();
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'my-bot', version: '1.0.0', private: true, type: 'module' }, null, 2));
  // From the local npm cache where it has the dependencies, else from the registry.
  await npm(['install', '--prefer-offline', '--save-dev', tarball], app);
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the npm package', () => {
  it('holds what runs and nothing else', () => {
    for (const needed of ['bin/botjury.js', 'dist/harness/cli.js', 'dist/harness/index.js', 'dist/harness/index.d.ts', 'schemas/scenario.schema.json',
      'scenarios/alquerque/capture-continuation.yaml', 'scenarios/amazes/mazes/dead-end-starts.txt', 'examples/alquerque/python/bot.py', 'README.md', 'docs/reports.md'])
      expect(files).toContain(needed);
    const unwanted = files.filter((f) =>
      /^(test|bench|\.ci|dist\/bench|dist\/test)\//.test(f) || /\.(pyc|map|o)$/.test(f) || /(^|\/)build\//.test(f)
      || (f.endsWith('.ts') && !f.endsWith('.d.ts')) || (f.startsWith('examples/') && !f.startsWith('examples/alquerque/python/')));
    expect(unwanted).toEqual([]);
    // Every file the README's commands and links need from the package is there.
    for (const g of ['alquerque', 'amazes', 'on-the-run', 'snakecore', 'javachallenge2015']) expect(files.some((f) => f.startsWith(`scenarios/${g}/`))).toBe(true);
  });

  it('check: the built-in suite against the bundled example bot', async () => {
    const r = await inApp('npx', ['botjury', 'check', 'alquerque', '--jobs', '2', '--', ...PYTHON_BOT]);
    expect(r.exitCode, said(r)).toBe(0);
    expect(String(r.stdout)).toMatch(/\b\d+ passed, 0 failed/);
  });

  it("run: the user's own scenario, checked by the installed schema, against the user's bot", async () => {
    cpSync(path.join(ROOT, 'examples/api/bot.js'), path.join(app, 'bot.js'));
    mkdirSync(path.join(app, 'my-scenarios'));
    writeFileSync(path.join(app, 'my-scenarios', 'mine.yaml'), [
      '# yaml-language-server: $schema=../node_modules/botjury/schemas/scenario.schema.json',
      'game: alquerque',
      'name: my bot takes the compulsory capture',
      'role: black',
      'seed: 5',
      'steps:',
      '  - opponent: c3-d4',
      '  - bot: e5*c3',
      '  - play: { plies: 10 }',
      '',
    ].join('\n'));
    const valid = await inApp('npx', ['botjury', 'validate', 'my-scenarios/mine.yaml']);
    expect(valid.exitCode, said(valid)).toBe(0);
    const r = await inApp('npx', ['botjury', 'run', 'my-scenarios/', '--reporter', 'json', '--', 'node', 'bot.js']);
    expect(r.exitCode, said(r)).toBe(0);
    const report = JSON.parse(String(r.stdout)) as Report;
    expect(report.results.map((x) => [x.name, x.status])).toEqual([['my bot takes the compulsory capture', 'passed']]);
    expect(report.results[0]!.transcript.some((t) => t.dir === 'bot' && t.text === 'e5*c3')).toBe(true);
  });

  it('a built-in scenario that needs data botjury does not ship is skipped, saying why', async () => {
    const r = await inApp('npx', ['botjury', 'run', 'node_modules/botjury/scenarios/amazes/official-maze-01.yaml', '--reporter', 'json', '--', 'node', 'bot.js']);
    expect(r.exitCode, said(r)).toBe(0);
    const [result] = (JSON.parse(String(r.stdout)) as Report).results;
    expect(result!.status).toBe('skipped');
    expect(result!.skipReason).toMatch(/needs .*maze01\.txt, which is not on this machine/);
  });

  it('the programmatic API example passes its own tests there', async () => {
    for (const item of ['bot.js', 'scenarios', 'test', 'vitest.config.js']) cpSync(path.join(ROOT, 'examples/api', item), path.join(app, item), { recursive: true });
    // vitest from this repository: what `npm install --save-dev vitest` would add, without fetching it.
    symlinkSync(path.join(ROOT, 'node_modules/vitest'), path.join(app, 'node_modules/vitest'), 'dir');
    const r = await inApp(process.execPath, [path.join(app, 'node_modules/vitest/vitest.mjs'), 'run'], { CI: '1' });
    expect(r.exitCode, said(r)).toBe(0);
    expect(said(r)).toMatch(/Tests\s+3 passed \(3\)/);
  });

  it("the CI template's install step installs a working botjury from a release tarball", async () => {
    const workflow = parse(readFileSync(path.join(ROOT, 'examples/ci/github/botjury.yml'), 'utf8'));
    const install = (workflow.jobs.conformance.steps as { name?: string; run?: string }[]).find((s) => s.name === 'Install botjury')!.run!;
    // That command, with $BOTJURY a release tarball; "global" means inside the temporary folder here.
    const [command, ...args] = install.split(' ').map((word) => (word === '"$BOTJURY"' ? tarball : word));
    expect([command, args.includes(tarball)]).toEqual(['npm', true]);
    const prefix = path.join(tmp, 'global');
    await execa('npm', [...args, '--prefer-offline'], { cwd: tmp, stdin: 'ignore', timeout: 90_000, env: { npm_config_prefix: prefix } });
    const r = await execa(path.join(prefix, 'bin', 'botjury'), ['run', 'scenarios/', '--', 'node', 'bot.js'], { cwd: app, reject: false, stdin: 'ignore', env: { NO_COLOR: '1' } });
    expect(r.exitCode, said(r)).toBe(0);
  });
});
