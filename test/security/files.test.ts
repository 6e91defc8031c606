// Files botjury reads (scenarios, setup mazes and maps, import records, transcripts) are bounded:
// only regular files, never more than a cap, setup paths only inside the scenario's folder (or the
// shared data, or a folder given with --allow-path), and no error ever quotes what a file holds.
import { mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_CAPS, FileError, readBoundedFile, readSetupFile } from '../../harness/core/files.js';
import { runCli, scratchDir } from '../helpers.js';
import { expectRefused } from './hostile.js';

const tmp = scratchDir('botjury-files-test-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const FIX = 'test/fixtures/security';
const SECRET = 'SECRET-LINE-7f3a9';
const AMAZES_BOT = ['--', 'python3', 'examples/amazes/python/bot.py'];
const OTR_BOT = ['--', 'python3', 'examples/on-the-run/python/bot.py'];

describe('readBoundedFile', () => {
  it('reads a regular file within the cap', () => {
    const f = path.join(tmp, 'ok.txt');
    writeFileSync(f, 'hello\n');
    expect(readBoundedFile(f, 100, 'scenario')).toBe('hello\n');
  });
  it('refuses devices, folders, pipes and files over the cap without reading them', () => {
    expect(() => readBoundedFile('/dev/zero', 100, 'record')).toThrow(/record \/dev\/zero: not a regular file \(a character device\)/);
    expect(() => readBoundedFile(tmp, 100, 'record')).toThrow(/not a regular file \(a folder\)/);
    const big = path.join(tmp, 'big.txt');
    writeFileSync(big, '');
    truncateSync(big, 200);
    expect(() => readBoundedFile(big, 100, 'scenario')).toThrow(/200 bytes, more than the 100 bytes botjury reads for a scenario/);
    expect(() => readBoundedFile(path.join(tmp, 'nope'), 100, 'scenario')).toThrow(/nope: no such file$/);
  });
  it('keeps setup paths inside the scenario folder, symbolic links followed', () => {
    const scen = path.join(tmp, 'scen');
    mkdirSync(scen, { recursive: true });
    writeFileSync(path.join(tmp, 'secret.txt'), `${SECRET}\n`);
    writeFileSync(path.join(scen, 'maze.txt'), 'inside\n');
    expect(readSetupFile(scen, 'maze.txt', 'setup.maze')).toBe('inside\n');
    let error: unknown;
    try {
      readSetupFile(scen, '../secret.txt', 'setup.maze');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FileError);
    expect((error as Error).message).toMatch(/^setup\.maze \.\.\/secret\.txt: outside the scenario's folder.*--allow-path/);
    expect((error as Error).message).not.toContain(SECRET);
  });
});

describe('hostile files through the CLI: exit 2, one line, nothing echoed', () => {
  it('setup: { maze: /dev/zero } is refused at once', async () => {
    expectRefused(await runCli(['run', `${FIX}/maze-dev-zero.yaml`, ...AMAZES_BOT]), /setup\.maze \/dev\/zero: outside the scenario's folder/);
  });
  it('setup paths that leave the scenario folder are refused, for mazes and maps', async () => {
    expectRefused(await runCli(['run', `${FIX}/maze-escape.yaml`, ...AMAZES_BOT]), /setup\.maze \.\.\/.*etc\/passwd: outside the scenario's folder/);
    expectRefused(await runCli(['run', `${FIX}/map-escape.yaml`, ...OTR_BOT]), /setup\.map \.\.\/.*etc\/passwd: outside the scenario's folder/);
  });
  it('--allow-path lets a folder in, and a file there that is no maze is never quoted (stderr, report, transcript)', async () => {
    const dir = path.join(tmp, 'allow');
    mkdirSync(path.join(dir, 'scen'), { recursive: true });
    writeFileSync(path.join(dir, 'data.txt'), `${SECRET}:x:0:0\n${SECRET} second line\n`);
    const scenario = path.join(dir, 'scen', 'm.yaml');
    writeFileSync(scenario, 'game: amazes\nrole: red\nsetup: { maze: ../data.txt }\n');
    const report = path.join(dir, 'r.json');
    const transcript = path.join(dir, 't.json');
    const refused = await runCli(['run', scenario, ...AMAZES_BOT]);
    expectRefused(refused, /outside the scenario's folder/);
    const r = await runCli(['run', scenario, '--allow-path', dir, '--reporter', `json=${report}`, '--transcript', transcript, ...AMAZES_BOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/data\.txt line 1 \(Red's start\): not 'row column orientation'/);
    for (const text of [r.stdout, r.stderr, readFileSync(report, 'utf8'), readFileSync(transcript, 'utf8')]) expect(text).not.toContain(SECRET);
  });
  it('a setup file on the allowed path must still be a small regular file', async () => {
    const scenario = path.join(tmp, 'dev.yaml');
    writeFileSync(scenario, 'game: amazes\nrole: red\nsetup: { maze: /dev/zero }\n');
    expectRefused(await runCli(['run', scenario, '--allow-path', '/dev', ...AMAZES_BOT]), /setup\.maze \/dev\/zero: not a regular file \(a character device\)/);
  });
  it('botjury import alquerque /dev/zero', async () => {
    expectRefused(await runCli(['import', 'alquerque', '/dev/zero']), /^botjury: record \/dev\/zero: not a regular file \(a character device\)$/m);
  });
  it('a 50 MB scenario, a 50 MB record and a 100 MB transcript are refused without being read', async () => {
    const big = (name: string, bytes: number): string => {
      const f = path.join(tmp, name);
      writeFileSync(f, '');
      truncateSync(f, bytes); // sparse: costs no disk
      return f;
    };
    expectRefused(await runCli(['validate', big('big.yaml', 50 << 20)]), /big\.yaml:1:1: 50 MB, more than the 1 MB botjury reads for a scenario/);
    expectRefused(await runCli(['import', 'alquerque', big('big.txt', 50 << 20)]), /record .*big\.txt: 50 MB, more than the 8 MB/);
    expectRefused(await runCli(['replay', big('big.json', 100 << 20), '--', 'true']), /transcript .*big\.json: 100 MB, more than the 64 MB/);
    expect(FILE_CAPS.scenario).toBe(1 << 20);
  });
  it('a scenario folder with a symbolic link loop is walked once', async () => {
    const dir = path.join(tmp, 'loop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.yaml'), 'game: alquerque\n');
    symlinkSync(dir, path.join(dir, 'again'));
    const r = await runCli(['validate', dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('1 of 1 scenario file valid');
  });
  it('import errors show control bytes escaped, never raw', async () => {
    const f = path.join(tmp, 'ctl.txt');
    writeFileSync(f, 'c3-d4\n\x1b]0;pwned\x07zz \x1b[2J\nc3-d4\n');
    const r = await runCli(['import', 'alquerque', f, '--role', 'white']);
    expectRefused(r, /line 2: scripted opponent move at ply 2 is not legal/);
    expect(r.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(r.stderr).toContain('\\x1b');
  });
  it('a transcript that is not JSON is named, not quoted', async () => {
    const f = path.join(tmp, 'not.json');
    writeFileSync(f, `{"format": ${SECRET}}`);
    const r = await runCli(['replay', f, '--', 'true']);
    expectRefused(r, /transcript .*not\.json: not valid JSON/);
    expect(r.stderr).not.toContain(SECRET);
  });
});

describe('hostile YAML', () => {
  it('a billion-laughs file is one line with the file name', async () => {
    expectRefused(await runCli(['validate', `${FIX}/billion-laughs.yaml`]), /^test\/fixtures\/security\/billion-laughs\.yaml:1:1: the YAML aliases/m);
  });
  it('a multi-document file gets a plain message, no library advice', async () => {
    const r = await runCli(['validate', `${FIX}/two-documents.yaml`]);
    expectRefused(r, /two-documents\.yaml:2:1: a scenario file holds one YAML document/);
    expect(r.stdout + r.stderr).not.toMatch(/parseAllDocuments/);
  });
  it('unknown keys are named at their own line:col, inside play, in a step and at the top level together', async () => {
    const r = await runCli(['validate', `${FIX}/unknown-keys.yaml`]);
    expect(r.code).toBe(2);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain("test/fixtures/security/unknown-keys.yaml:3:1: scenario: unknown key 'colour'");
    expect(lines).toContain("test/fixtures/security/unknown-keys.yaml:5:23: steps.0.play: unknown key 'turbo'");
    expect(lines).toContain("test/fixtures/security/unknown-keys.yaml:7:5: steps.1: unknown key 'speed'");
    expect(r.stdout).not.toContain("'plies'");
  });
});
