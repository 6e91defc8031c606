import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { runJson } from '../helpers.js';

import { readFileSync } from 'node:fs';

/** Running (a zombie left to a non-reaping init in a container counts as ended). */
const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('bot processes', () => {
  it('ends the whole process group: a child the bot started does not survive', async () => {
    const { report } = await runJson(['run', 'test/fixtures/scenarios/black-short.yaml', '--', 'python3', 'test/fixtures/bots/child-leaver.py']);
    const m = /child (\d+)/.exec(report.results[0]!.transcript.filter((e) => e.dir === 'stderr').map((e) => e.text).join(''));
    expect(m).not.toBeNull();
    expect(alive(Number(m![1]))).toBe(false);
  });
  it('ends every bot when botjury itself is interrupted', async () => {
    const run = execa(process.execPath, ['bin/botjury.js', 'run', 'test/fixtures/scenarios/black-short.yaml', '--reporter', 'json', '--', 'python3', 'test/fixtures/bots/child-leaver.py'], { reject: false });
    // Wait until the bot (in a session of its own) has started its child, then interrupt botjury.
    let pids: number[] = [];
    for (let tries = 0; tries < 300 && pids.length === 0; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      const leader = (await execa('pgrep', ['-P', String(run.pid)], { reject: false })).stdout.split('\n').filter(Boolean)[0];
      if (leader) pids = (await execa('pgrep', ['-s', leader, '-f', 'sleep 300'], { reject: false })).stdout.split('\n').filter(Boolean).map(Number);
    }
    run.kill('SIGINT');
    const r = await run;
    expect(r.exitCode).toBe(130);
    expect(pids.length).toBeGreaterThan(0);
    await new Promise((res) => setTimeout(res, 200));
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
  });
  it('gives the bot a minimal environment: PATH, HOME, LANG; never PYTHONUNBUFFERED', async () => {
    // node adds nothing to its environment (a pyenv python3 shim would add PYENV_* itself)
    const dump = 'console.error(JSON.stringify(Object.keys(process.env).sort()))';
    const r = await execa(process.execPath, ['bin/botjury.js', 'run', 'test/fixtures/scenarios/black-short.yaml', '--reporter', 'json', '--', 'node', '-e', dump], {
      reject: false, env: { PYTHONUNBUFFERED: '1', SECRET_TOKEN: 'x' },
    });
    const report = JSON.parse(String(r.stdout));
    const keys = JSON.parse(report.results[0].stderr.head.trim().split('\n')[0]) as string[];
    expect(keys).toEqual(['HOME', 'LANG', 'PATH']);
    expect(keys).not.toContain('PYTHONUNBUFFERED');
    expect(report.results[0].violations.map((v: { code: string }) => v.code)).toContain('early-exit');
  });
  it('bounds its buffers: an endless line is output-flood and the bot is stopped', async () => {
    const { code, report } = await runJson(['run', 'test/fixtures/scenarios/black-short.yaml', '--', 'python3', 'test/fixtures/bots/flood.py']);
    expect(code).toBe(1);
    expect(report.results[0]!.violations.map((v) => v.code)).toEqual(['output-flood']);
  });
});
