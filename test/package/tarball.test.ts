// botjury installed as its users install it: `npm pack` makes the tarball a release ships (what runs,
// nothing else), it is installed into an empty folder outside this tree with its own package.json,
// and there every command a user runs works: check, run with the user's own scenario, a scenario
// whose outside data is absent, and the programmatic API example. Then the README's install block is
// followed in another empty folder with a Python bot, and in that bot repository the CI templates
// (examples/ci/) and the composite action (action.yml) run in a fake GitHub Actions runner
// (fake-runner.ts): their annotations, job summaries and uploaded reports are checked.
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../markdown.js';
import { ROOT, type Report, scratchDir } from '../helpers.js';
import { allRuns, annotations, FakeRunner, workflowCommands, type StepRun, type Step } from './fake-runner.js';

const tmp = scratchDir('botjury-package-');
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
    for (const needed of ['bin/botjury.js', 'dist/cli/botjury.js', 'dist/cli/yaml.cjs', 'dist/parsed/scenarios.json', 'dist/harness/cli.js', 'dist/harness/index.js', 'dist/harness/index.d.ts', 'schemas/scenario.schema.json',
      'scenarios/alquerque/capture-continuation.yaml', 'scenarios/amazes/mazes/dead-end-starts.txt', 'examples/alquerque/python/bot.py', 'README.md', 'docs/reports.md'])
      expect(files).toContain(needed);
    // The README links the CI templates and the action: they ship.
    for (const needed of ['action.yml', 'examples/ci/README.md', 'examples/ci/github/botjury.yml', 'examples/ci/github/botjury-action.yml', 'examples/ci/gitlab/.gitlab-ci.yml'])
      expect(files).toContain(needed);
    const unwanted = files.filter((f) =>
      /^(test|bench|\.ci|dist\/bench|dist\/test)\//.test(f) || /\.(pyc|map|o)$/.test(f) || /(^|\/)build\//.test(f)
      || (f.endsWith('.ts') && !f.endsWith('.d.ts')) || (f.startsWith('examples/') && !f.startsWith('examples/alquerque/python/') && !f.startsWith('examples/ci/')));
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
});

/** The bot repository the README's install block makes: an empty folder with a Python bot. */
const repo = path.join(tmp, 'bot-repo');
const PACK_DIR = path.join(tmp, 'pack');
/** npm from its cache where it has the packages (the README's commands as written, this setting aside). */
const OFFLINE_FIRST = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
const MIB = 1024 * 1024;

/** The lines of the README block that follows "in your bot's repository" and "in the clone of botjury". */
function readmeInstallBlock(): { clone: string[]; bot: string[] } {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf("## Install it in your bot's repository"), readme.indexOf('## Commands'));
  const block = fencedBlocks(section).find((b) => b.text.includes('npm pack'))!;
  const lines = block.text.split('\n').map((l) => l.trim());
  const split = lines.findIndex((l) => l.startsWith("# in your bot's repository"));
  const commands = (ls: string[]) => ls.filter((l) => l !== '' && !l.startsWith('#'));
  return { clone: commands(lines.slice(0, split)), bot: commands(lines.slice(split)) };
}

/** The example Python bot: bot.py and the module it imports. */
function usePythonBot(file = 'examples/alquerque/python/bot.py'): void {
  cpSync(path.join(ROOT, file), path.join(repo, 'bot.py'));
  cpSync(path.join(ROOT, 'examples/alquerque/python/alquerque.py'), path.join(repo, 'alquerque.py'));
}

/** A Python bot that forgets to flush: the same cause fails every scenario run. */
function useBrokenBot(): void {
  usePythonBot('examples/alquerque/broken/unflushed.py');
}

const workflow = (file: string) => parse(readFileSync(path.join(repo, 'node_modules/botjury/examples/ci', file), 'utf8'));
const XML_OR_HTML = /\.(xml|html)$/;

/**
 * What a failing gate step left: exit 1; error annotations grouped by cause (one for the flush bug in
 * every run), at most 10, each at a file and line of the workspace; a Markdown job summary under 1 MiB
 * naming the cause, its fix and the command that re-runs it.
 */
function expectFailingGate(run: StepRun, runsInShard: number): { errors: string[]; summaryBytes: number } {
  expect(run.exitCode, run.output.slice(-3000)).toBe(1);
  const runs = `${runsInShard} of ${runsInShard} run${runsInShard === 1 ? '' : 's'}`;
  // The runner reads botjury's annotations (after it resumed commands), and no other command.
  const commands = workflowCommands(run.output);
  expect(commands[0]?.command).toBe('stop-commands');
  expect(commands.slice(2).every((c) => ['error', 'warning', 'notice'].includes(c.command) && c.properties.title?.startsWith('botjury: ')), run.output.slice(-3000)).toBe(true);
  const errors = annotations(run.output, 'error');
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.length).toBeLessThanOrEqual(10);
  expect(errors).toHaveLength(1); // one cause, however many runs it failed
  for (const line of errors) {
    const m = /^::error file=([^,]+),line=(\d+),title=([^:]+)::/.exec(line);
    expect(m, line).not.toBeNull();
    const file = path.join(repo, decodeURIComponent(m![1]!.replace(/%3A/g, ':').replace(/%2C/g, ',')));
    expect(existsSync(file), file).toBe(true);
    // The line is where the step it happened in is written (`- bot: …`, `- play: …`), or 1 for a whole-game scenario.
    const at = readFileSync(file, 'utf8').split('\n')[Number(m![2]) - 1]!;
    expect(Number(m![2]) === 1 || /^\s*- (bot|play|opponent|quit|expect|send)\b/.test(at), `${line}\n${at}`).toBe(true);
    expect(decodeURIComponent(m![3]!)).toMatch(new RegExp(`^botjury: unflushed-output at (?:ply|plies) [\\d–]+ in ${runs}$`));
  }
  expect(errors[0]).toMatch(/%0Afix \(Python\): print\(move, flush=True\)/);
  const summary = run.summary;
  const summaryBytes = Buffer.byteLength(summary);
  expect(summaryBytes).toBeGreaterThan(0);
  expect(summaryBytes).toBeLessThan(MIB);
  expect(summary).toMatch(new RegExp(`^### ❌ botjury: ${runsInShard} of ${runsInShard} scenario runs? failed — alquerque\\n`));
  expect(summary).toMatch(/\n#### Causes of failure \(1\)\n/);
  expect(summary).toMatch(new RegExp(`\\*\\*1\\. <code>unflushed-output</code> at (?:ply|plies) [\\d–]+ — ${runs}${runsInShard > 1 ? ' — the same cause' : ''}\\*\\*`));
  expect(summary).toContain('**Fix (Python):** print(move, flush=True)');
  expect(summary).toMatch(/```sh\nnpx botjury run node_modules\/botjury\/scenarios\/alquerque\/\S+\.yaml --role \w+ -- python3 bot\.py\n```/);
  expect(summary).toContain('#### Reply times');
  return { errors, summaryBytes };
}

describe("the README's install block, then CI in a fake GitHub Actions runner", () => {
  /** Figures for the report: annotation lines and summary bytes per step. */
  const figures: string[] = [];
  afterAll(() => console.log(`fake runner figures:\n  ${figures.join('\n  ')}`));

  it("installs the tarball into an empty folder with a Python bot, as the README's first install block says", { timeout: 180_000 }, async () => {
    const { clone, bot } = readmeInstallBlock();
    // In the clone: `npm ci` is what runs these tests; `npm pack` would rebuild dist/ (prepack) under the
    // other tests, so the same pack runs without scripts into a folder of its own (dist/ is built by pretest).
    expect(clone).toEqual(['npm ci', 'npm pack']);
    mkdirSync(PACK_DIR);
    await npm(['pack', '--ignore-scripts', '--pack-destination', PACK_DIR], ROOT);
    mkdirSync(repo);
    usePythonBot();
    for (const line of bot) {
      const command = line.replace('/path/to/botjury/', `${PACK_DIR}/`);
      const r = await execa('bash', ['-e', '-o', 'pipefail', '-c', command], { cwd: repo, reject: false, stdin: 'ignore', timeout: 120_000, env: { NO_COLOR: '1', ...OFFLINE_FIRST } });
      expect(r.exitCode, `${line}\n${said(r)}`).toBe(0);
      if (line.startsWith('npx botjury check')) expect(String(r.stdout)).toMatch(/\b\d+ passed, 0 failed/);
    }
    const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
    expect(pkg.devDependencies.botjury).toBe('file:botjury-0.1.0.tgz');
    expect(existsSync(path.join(repo, 'package-lock.json'))).toBe(true);
  });

  it('examples/ci/github/botjury.yml: npm ci, npx botjury check as a gate, annotations, job summary, reports uploaded', { timeout: 240_000 }, async () => {
    useBrokenBot();
    const wf = workflow('github/botjury.yml');
    const job = wf.jobs.conformance;
    const runner = new FakeRunner(repo, path.join(tmp, 'runner-workflow'), { PATH: process.env.PATH!, HOME: os.homedir(), ...OFFLINE_FIRST });
    const runs = await runner.job(job.steps as Step[], wf.env, { matrix: { shard: 1 } });
    const byName = (name: string) => runs.find((r) => r.step.name?.startsWith(name))!;
    expect(byName('Build the bot').outcome).toBe('skipped'); // no Makefile: the optional build is skipped
    expect(byName('Install botjury').outcome, byName('Install botjury').output).toBe('success');
    const gate = byName('Run the conformance suite');
    // Shard 1 of 4 of the 20 Alquerque runs: runs 1, 5, 9, 13, 17.
    const { errors, summaryBytes } = expectFailingGate(gate, 5);
    figures.push(`botjury.yml shard 1/4: ${errors.length} error annotation(s) for 5 failing runs, summary ${summaryBytes} bytes`);
    expect(byName('Upload the reports').outcome).toBe('success'); // if: always()
    expect(runner.artifacts.map((a) => a.name)).toEqual(['botjury-1']);
    expect(readdirSync(runner.artifacts[0]!.path).sort()).toEqual(['botjury-1.html', 'junit-1.xml']);
    // The publish job reads exactly what the shards uploaded.
    const junit = (wf.jobs.publish.steps as Step[]).find((s) => s.uses?.startsWith('mikepenz/action-junit-report'))!;
    expect(junit.with!.report_paths).toBe('reports/junit-*.xml');
    expect(readFileSync(path.join(runner.artifacts[0]!.path, 'junit-1.xml'), 'utf8')).toMatch(/<failure [^>]*type="unflushed-output"/);
  });

  it('action.yml, from the installed package (uses: ./node_modules/botjury), with every input', { timeout: 240_000 }, async () => {
    useBrokenBot();
    const runner = new FakeRunner(repo, path.join(tmp, 'runner-action'), { PATH: process.env.PATH!, HOME: os.homedir(), ...OFFLINE_FIRST });
    const [action] = await runner.job([{ uses: './node_modules/botjury', with: { game: 'alquerque', bot: 'python3 bot.py', role: 'black', shard: '1/2', args: '--jobs 1 --bail' } }], {}, {});
    const inner = action!.inner!;
    const named = (name: string) => inner.find((r) => r.step.name === name)!;
    expect(named('Set up Node.js 20').outcome).toBe('skipped'); // this Node is >= 20.19
    expect(named('Install botjury').output).toMatch(/^0\.1\.0$/m);
    const check = named('Run the conformance suite');
    // --role black --shard 1/2 --bail: the first black run fails and stops the rest.
    const { errors, summaryBytes } = expectFailingGate(check, 1);
    figures.push(`action.yml: ${errors.length} error annotation(s), summary ${summaryBytes} bytes`);
    expect(check.output).toContain('stopped after the first failure (--bail)');
    expect(action!.outcome).toBe('failure');
    expect(action!.outputs['exit-code']).toBe('1');
    expect(named('Upload the reports').outcome).toBe('success'); // always()
    expect(runner.artifacts).toHaveLength(1);
    const artifact = runner.artifacts[0]!;
    expect(artifact.name).toBe('botjury-alquerque-black-1-of-2');
    expect(artifact.path).toBe(action!.outputs.reports);
    expect(readdirSync(artifact.path).filter((f) => XML_OR_HTML.test(f)).sort()).toEqual(['botjury.html', 'junit.xml']);
    expect(readFileSync(path.join(artifact.path, 'botjury.html'), 'utf8')).toContain('unflushed-output');
  });

  it('examples/ci/github/botjury-action.yml: the action inside a workflow job', { timeout: 240_000 }, async () => {
    useBrokenBot();
    const wf = workflow('github/botjury-action.yml');
    const runner = new FakeRunner(repo, path.join(tmp, 'runner-action-workflow'), { PATH: process.env.PATH!, HOME: os.homedir(), ...OFFLINE_FIRST });
    const runs = await runner.job(wf.jobs.conformance.steps as Step[], wf.env ?? {}, { matrix: { shard: 2 } });
    const all = allRuns(runs);
    expect(all.find((r) => r.step.name === 'Install botjury (the version package-lock.json pins)')!.outcome).toBe('success');
    const check = all.find((r) => r.step.name === 'Run the conformance suite')!;
    // Shard 2 of 2 of the 20 runs: 10 of them, all failing for the one reason.
    const { errors, summaryBytes } = expectFailingGate(check, 10);
    figures.push(`botjury-action.yml shard 2/2: ${errors.length} error annotation(s) for 10 failing runs, summary ${summaryBytes} bytes`);
    expect(runner.artifacts.map((a) => a.name)).toEqual(['botjury-alquerque-2-of-2']);
    expect(readdirSync(runner.artifacts[0]!.path).sort()).toEqual(['botjury.html', 'junit.xml']);
  });

  it("examples/ci/gitlab/.gitlab-ci.yml: the job's script as GitLab runs it (no GitHub output there)", { timeout: 240_000 }, async () => {
    useBrokenBot();
    const ci = workflow('gitlab/.gitlab-ci.yml');
    const job = ci.botjury;
    const env = { PATH: process.env.PATH!, HOME: os.homedir(), ...OFFLINE_FIRST, ...ci.variables, CI: 'true', GITLAB_CI: 'true', CI_NODE_INDEX: '3', CI_NODE_TOTAL: String(job.parallel) };
    let last = { exitCode: 0, output: '' };
    for (const line of job.script as string[]) {
      const r = await execa('bash', ['-e', '-o', 'pipefail', '-c', line], { cwd: repo, reject: false, stdin: 'ignore', all: true, timeout: 180_000, extendEnv: false, env });
      last = { exitCode: r.exitCode ?? -1, output: String(r.all) };
      if (!line.startsWith('npx botjury check')) expect(r.exitCode, `${line}\n${last.output}`).toBe(0);
    }
    expect(last.exitCode).toBe(1);
    expect(annotations(last.output, 'error')).toEqual([]);
    expect(last.output).toMatch(/5 of 5 runs: unflushed-output at (?:ply|plies) [\d–]+ — the same cause; fix \(Python\)/);
    expect(job.artifacts.paths).toEqual(['reports/']);
    expect(readdirSync(path.join(repo, 'reports')).filter((f) => f.includes('-3.')).sort()).toEqual(['botjury-3.html', 'junit-3.xml']);
  });
});
