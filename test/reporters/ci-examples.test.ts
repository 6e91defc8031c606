// The CI examples (examples/ci/) stay true: their structure fits how GitHub and GitLab run them, and the
// exact botjury command each one runs works here against an example bot, every shard of the matrix.
// (test/package/tarball.test.ts runs them whole, from npm ci on, in an installed bot repository.)
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, scratchDir } from '../helpers.js';
import { parseXml, findAll } from './reports.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}

const github = parse(readFileSync(path.join(ROOT, 'examples/ci/github/botjury.yml'), 'utf8'));
const gitlab = parse(readFileSync(path.join(ROOT, 'examples/ci/gitlab/.gitlab-ci.yml'), 'utf8'));
const BOT = path.join(ROOT, 'examples/alquerque/c/build/bot');

/** Splits a command line the way bash does for these simple lines: words, "double quotes", $VARS expanded. */
function shellWords(line: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of line.matchAll(re)) {
    if (m[1] !== undefined) words.push(expand(m[1], vars));
    else words.push(...expand(m[2]!, vars).split(/\s+/).filter(Boolean)); // unquoted: split again, like $BOT
  }
  return words;
}

function expand(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g, (_, name: string) => {
    if (!(name in vars)) throw new Error(`undefined variable $${name} in ${text}`);
    return vars[name]!;
  });
}

/** Runs one shard's command in a fresh folder (reports/ appears there) with `npx botjury` = this repository's CLI. */
async function runShard(command: string[], cwd: string) {
  expect(command.slice(0, 2)).toEqual(['npx', 'botjury']);
  return execa(process.execPath, [CLI, ...command.slice(2)], { cwd, reject: false, env: { NO_COLOR: '1' }, stdin: 'ignore' });
}

describe('CI examples', () => {
  let dir: string;
  beforeAll(() => {
    dir = scratchDir('botjury-ci-');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('GitHub: a matrix of shards that covers the suite, runs as a gate, uploads and publishes the reports', async () => {
    const job = github.jobs.conformance;
    const shards: number[] = job.strategy.matrix.shard;
    expect(shards).toEqual(Array.from({ length: Number(github.env.SHARDS) }, (_, i) => i + 1));
    expect(job.strategy['fail-fast']).toBe(false);
    const steps: Step[] = job.steps;
    const run = steps.find((s) => s.run?.startsWith('npx botjury check'))!;
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(upload.if).toBe('always()');
    // botjury is the repository's devDependency: npm ci installs it, npx runs it.
    expect(steps.findIndex((s) => s.run?.startsWith('npm ci'))).toBeLessThan(steps.indexOf(run));
    expect(steps.some((s) => s.run?.includes('npm install --global'))).toBe(false);
    // The build is optional: it runs only where there is a Makefile.
    const build = steps.find((s) => s.run === 'make')!;
    expect(build.if).toBe("hashFiles('Makefile') != ''");
    expect(steps.indexOf(build)).toBeLessThan(steps.indexOf(run));
    const publish = github.jobs.publish;
    expect(publish.needs).toBe('conformance');
    expect(publish.if).toBe('always()');
    const junit = (publish.steps as Step[]).find((s) => s.uses?.startsWith('mikepenz/action-junit-report'))!;
    expect(junit.with!.report_paths).toBe('reports/junit-*.xml');

    const covered: string[] = [];
    for (const shard of shards) {
      const cwd = path.join(dir, `github-${shard}`);
      const line = run.run!.replace(/\$\{\{ matrix\.shard \}\}/g, String(shard));
      const vars = { ...github.env, BOT } as Record<string, string>;
      mkdirSync(cwd, { recursive: true });
      const r = await runShard(shellWords(line, vars), cwd);
      expect(r.exitCode, String(r.stderr)).toBe(0);
      const xml = path.join(cwd, `reports/junit-${shard}.xml`);
      expect(existsSync(path.join(cwd, `reports/botjury-${shard}.html`))).toBe(true);
      const cases = findAll(await parseXml(readFileSync(xml, 'utf8')), 'testcase');
      expect(cases.length).toBeGreaterThan(0);
      covered.push(...cases.map((c) => `${c.attrib.file} ${c.attrib.name}`));
    }
    // Together the shards ran each scenario run exactly once.
    const full = await execa(process.execPath, [CLI, 'check', 'alquerque', '--reporter', 'json', '--', BOT], { cwd: ROOT, reject: false });
    const all = (JSON.parse(String(full.stdout)).results as { scenario: string; name: string; role: string }[]).map((r) => `${r.scenario.replace(/^.*scenarios\//, 'scenarios/')} ${r.name} [${r.role}]`);
    expect(covered.map((c) => c.replace(/^.*scenarios\//, 'scenarios/')).sort()).toEqual(all.sort());
  });

  it('GitLab: parallel shards numbered by GitLab, a gate, JUnit test report and HTML artifacts kept on failure', async () => {
    const job = gitlab.botjury;
    const total: number = job.parallel;
    expect(total).toBeGreaterThan(1);
    expect(job.artifacts.when).toBe('always');
    expect(job.artifacts.reports.junit).toBe('reports/junit-*.xml');
    expect(job.artifacts.paths).toContain('reports/');
    const scripts: string[] = job.script;
    const line = scripts.find((s) => s.startsWith('npx botjury check'))!;
    expect(scripts.indexOf('if [ -f Makefile ]; then make; fi')).toBeLessThan(scripts.indexOf(line));
    expect(scripts.findIndex((s) => s.startsWith('npm ci'))).toBeLessThan(scripts.indexOf(line));
    // One shard is enough here (the GitHub test covers them all); shard 2 of 4 as GitLab would number it.
    const cwd = path.join(dir, 'gitlab');
    mkdirSync(cwd, { recursive: true });
    const vars = { ...gitlab.variables, BOT, CI_NODE_INDEX: '2', CI_NODE_TOTAL: String(total) } as Record<string, string>;
    const r = await runShard(shellWords(line, vars), cwd);
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(String(r.stdout)).toMatch(/shard 2\/4/);
    const root = await parseXml(readFileSync(path.join(cwd, 'reports/junit-2.xml'), 'utf8'));
    expect(findAll(root, 'failure')).toEqual([]);
    expect(existsSync(path.join(cwd, 'reports/botjury-2.html'))).toBe(true);
  });

  it('fails the gate with a broken bot, and still writes the reports the pipeline uploads', async () => {
    const job = gitlab.botjury;
    const line = (job.script as string[]).find((s) => s.startsWith('npx botjury check'))!;
    const cwd = path.join(dir, 'gitlab-broken');
    mkdirSync(cwd, { recursive: true });
    const vars = { ...gitlab.variables, BOT: `python3 ${path.join(ROOT, 'examples/alquerque/broken/moves-back.py')}`, CI_NODE_INDEX: '1', CI_NODE_TOTAL: '1' } as Record<string, string>;
    const r = await runShard(shellWords(line, vars), cwd);
    expect(r.exitCode).toBe(1);
    const root = await parseXml(readFileSync(path.join(cwd, 'reports/junit-1.xml'), 'utf8'));
    expect(findAll(root, 'failure').length).toBeGreaterThan(0);
    expect(readFileSync(path.join(cwd, 'reports/botjury-1.html'), 'utf8')).toContain('illegal-move');
  });
});
