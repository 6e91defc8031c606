// Names, numbers and paths a user or a file gives: prototype keys are not names, numbers have sane
// bounds, output paths are checked before anything runs, a transcript's command runs only when the
// user trusts it, and --cwd is never shared by parallel runs. Each is exit 2 with one line.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, scratchDir } from '../helpers.js';
import { expectRefused } from './hostile.js';

const tmp = scratchDir('botjury-inputs-test-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const FIX = 'test/fixtures/security';
// Never started: every case here must be refused before the bot runs.
const BOT = ['--', 'python3', 'examples/alquerque/python/bot.py'];

describe('prototype keys are never names', () => {
  it.each([
    [['check', 'alquerque', '--profile', 'constructor', ...BOT], /unknown profile 'constructor'; profiles: codecup2008/],
    [['check', 'alquerque', '--profile', '__proto__', ...BOT], /unknown profile '__proto__'/],
    [['run', `${FIX}/profile-proto.yaml`, ...BOT], /profile-proto\.yaml:3:10: alquerque has profiles codecup2008; not '__proto__'/],
    [['run', `${FIX}/opponent-constructor.yaml`, ...BOT], /built-in opponents are random, feeder, shy; not 'constructor'/],
    [['check', 'constructor', ...BOT], /unknown game 'constructor'/],
    [['check', 'alquerque', '--reporter', 'toString', ...BOT], /unknown reporter 'toString'/],
    [['constructor', '--jobs', '2'], /unknown command 'constructor'/],
    [['fuzz', 'alquerque', '--profile', 'hasOwnProperty', '--games', '1', '--seed', '1', '--save-dir', tmp, ...BOT], /unknown profile 'hasOwnProperty'/],
  ])('%j', async (args, reason) => {
    expectRefused(await runCli(args as string[]), reason as RegExp, (args as string[]).join(' '));
  });
});

describe('numbers have sane bounds', () => {
  it.each([
    [['check', 'alquerque', '--memory-mb', '1e20', ...BOT], /--memory-mb needs a number of megabytes from 1 to 65536, not '1e20'/],
    [['check', 'alquerque', '--memory-mb=-5', ...BOT], /--memory-mb needs/],
    [['check', 'alquerque', '--memory-mb', 'NaN', ...BOT], /--memory-mb needs/],
    [['check', 'alquerque', '--jobs', '1e9', ...BOT], /--jobs needs a whole number from 1 to 256, not '1e9'/],
    [['check', 'alquerque', '--jobs', '2.5', ...BOT], /--jobs needs/],
    [['check', 'alquerque', '--shard', '1/99999999', ...BOT], /--shard needs K\/N/],
    [['fuzz', 'alquerque', '--games', '1e12', '--seed', '1', '--save-dir', tmp, ...BOT], /--games needs a whole number/],
    [['run', `${FIX}/huge-total.yaml`, ...BOT], /huge-total\.yaml:3:20: limits\.totalMs: must be <= 3600000/],
  ])('%j', async (args, reason) => {
    expectRefused(await runCli(args as string[]), reason as RegExp, (args as string[]).join(' '));
  });
});

describe('output paths are checked before the run starts', () => {
  it.each([
    [['check', 'alquerque', '--output', tmp, ...BOT], /--output .*: is a folder; give a file name/],
    [['check', 'alquerque', '--reporter', 'json', '--output', '/proc/nope/r.json', ...BOT], /--output \/proc\/nope\/r\.json: cannot create or write into \/proc\/nope/],
    [['check', 'alquerque', '--transcript', '/proc/nope/t.json', ...BOT], /--transcript \/proc\/nope\/t\.json: cannot create or write into/],
    [['check', 'alquerque', '--reporter', 'html=/proc/x', ...BOT], /--reporter html \/proc\/x: cannot create or write into \/proc/],
    [['fuzz', 'alquerque', '--games', '1', '--seed', '1', '--save-dir', '/proc/nope', ...BOT], /--save-dir \/proc\/nope: cannot create or write into/],
    [['import', 'alquerque', 'test/fixtures/tools/codecup2008-game17340.txt', '--output', '/proc/nope/g.yaml'], /--output \/proc\/nope\/g\.yaml: cannot create/],
  ])('%j', async (args, reason) => {
    const r = await runCli(args as string[], { timeoutMs: 30_000 });
    expectRefused(r, reason as RegExp, (args as string[]).join(' '));
    expect(r.stdout).not.toMatch(/passed|scenario run/);
  });
  it('creates a missing folder for a report', async () => {
    const file = path.join(tmp, 'new', 'deeper', 'r.tap');
    const r = await runCli(['run', 'scenarios/alquerque/capture-compulsory-white.yaml', '--reporter', `tap=${file}`, ...BOT]);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^TAP version 14/);
  });
});

describe('--cwd with parallel runs', () => {
  it('is refused with an explicit --jobs above 1, and runs one at a time otherwise', async () => {
    const dir = path.join(tmp, 'cwd');
    mkdirSync(dir, { recursive: true });
    expectRefused(await runCli(['check', 'on-the-run', '--cwd', dir, '--jobs', '4', '--', 'python3', 'examples/on-the-run/python/bot.py']), /--cwd with --jobs 4: parallel runs would share/);
    const r = await runCli(['run', 'scenarios/alquerque/capture-compulsory-white.yaml', 'scenarios/alquerque/capture-compulsory-black.yaml', '--cwd', dir, '--reporter', 'json', ...BOT]);
    expect(r.code).toBe(0);
  });
});

describe('replay never runs a command from the transcript unless trusted', () => {
  it('refuses without -- and runs nothing; with --trust-transcript-command it prints the command first', async () => {
    const transcript = path.join(tmp, 't.json');
    expect((await runCli(['run', 'scenarios/alquerque/capture-compulsory-white.yaml', '--transcript', transcript, ...BOT])).code).toBe(0);
    const data = JSON.parse(readFileSync(transcript, 'utf8')) as { bot: { command: string[] } };
    const marker = path.join(tmp, 'pwned');
    data.bot.command = ['/bin/sh', '-c', `touch ${marker}`];
    const hostile = path.join(tmp, 'hostile.json');
    writeFileSync(hostile, JSON.stringify(data));
    const r = await runCli(['replay', hostile]);
    expectRefused(r, /replay runs the bot you give after --: .*the transcript names \["\/bin\/sh","-c","touch .*pwned"\].*--trust-transcript-command/);
    expect(existsSync(marker)).toBe(false);
    const trusted = await runCli(['replay', hostile, '--trust-transcript-command']);
    expect(trusted.stderr).toContain(`botjury: running the transcript's command ["/bin/sh","-c","touch ${marker}"]`);
    expect(existsSync(marker)).toBe(true);
  });
  it('reads setup files from the transcript\'s folder, not from a folder the transcript names', async () => {
    const transcript = path.join(tmp, 'maze-t.json');
    const scenario = 'scenarios/amazes/dead-end-starts.yaml';
    const amazes = ['--', 'python3', 'examples/amazes/python/bot.py'];
    expect((await runCli(['run', scenario, '--role', 'red', '--transcript', transcript, ...amazes])).code).toBe(0);
    const data = JSON.parse(readFileSync(transcript, 'utf8')) as { runs: { scenario: { dir: string }; setup: { maze: string } }[] };
    for (const run of data.runs) {
      run.scenario.dir = '/';
      run.setup.maze = 'etc/passwd';
    }
    const hostile = path.join(tmp, 'maze-hostile.json');
    writeFileSync(hostile, JSON.stringify(data));
    const r = await runCli(['replay', hostile, ...amazes]);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toMatch(/setup\.maze etc\/passwd: no such file/);
    expect(r.stdout + r.stderr).toMatch(/setup files are read next to the transcript/);
    expect(r.stdout + r.stderr).not.toMatch(/root:/);
  });
});
