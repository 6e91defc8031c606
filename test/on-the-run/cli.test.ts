// The On The Run suite and setup through the CLI: valid scenario files, scenario mistakes reported as
// the harness's (exit 2, never the bot's), and connect.txt written where the bot runs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runJson, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-otr-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function scenario(name: string, body: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, body);
  return file;
}

describe('on-the-run scenarios and setup', () => {
  it('the built-in suite is valid', async () => {
    const { code, stdout, stderr } = await runCli(['validate', 'scenarios/on-the-run']);
    expect(code).toBe(0);
    expect(stdout + stderr).toMatch(/(\d+) of \1 scenario files valid/);
  });

  it('setup is checked by the schema with a file:line:col', async () => {
    const file = scenario('bad-setup.yaml', 'game: on-the-run\nsetup:\n  generate: { cities: 300 }\n');
    const { code, stdout, stderr } = await runCli(['validate', file]);
    expect(code).toBe(2);
    expect(stdout + stderr).toContain(`${file}:3:`);
    expect(stdout + stderr).toMatch(/setup.generate.cities/);
  });

  it('an invalid map is a harness error (exit 2) naming every problem, never a violation of the bot', async () => {
    const file = scenario('bad-map.yaml', 'game: on-the-run\nrole: fugitive\nsetup:\n  connect: |\n    5\n    C 1-2\n    P 2-3\n    END\n');
    const { code, report } = await runJson(['run', file, '--', 'examples/on-the-run/c/build/bot']);
    expect(code).toBe(2);
    expect(report.results[0]!.status).toBe('error');
    expect(report.results[0]!.violations).toEqual([]);
    expect(report.results[0]!.error).toMatch(/fewer than two car connections/);
    expect(report.results[0]!.error).toMatch(/cannot be reached from city 1 by car/);
    expect(report.results[0]!.error).toMatch(/city 3 has a plane connection but no train connection|cities 2, 3 have a plane connection/);
  });

  it('connect.txt is written into the bot working directory (--cwd) before the bot starts', async () => {
    const cwd = mkdtempSync(path.join(tmp, 'cwd-'));
    const file = scenario('small.yaml', 'game: on-the-run\nrole: detectives\nseed: 3\nsetup:\n  generate: { cities: 12 }\n');
    const { code } = await runJson(['run', file, '--cwd', cwd, '--', path.resolve('examples/on-the-run/c/build/bot')]);
    expect(code).toBe(0);
    const text = readFileSync(path.join(cwd, 'connect.txt'), 'utf8');
    expect(text.split('\n')[0]).toBe('12');
    expect(text.trimEnd().endsWith('END')).toBe(true);
  });

  it('botjury list shows the game, its roles and the CodeCup 2007 profile', async () => {
    const { code, stdout } = await runCli(['list']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/on-the-run/);
    expect(stdout).toMatch(/fugitive/);
    expect(stdout).toMatch(/codecup2007/);
  });
});
