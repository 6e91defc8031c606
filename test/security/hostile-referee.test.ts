// A referee program is treated like a hostile bot (harness/games/process-referee.ts): whatever it does
// wrong — floods, an endless line, garbage, silence, an orphan holding its pipe, answers or verdicts of
// megabytes, actions and codes the protocol does not have, botjury's own codes — botjury stops with
// exit 2 and one line naming the referee, its last request and what it did, within the referee's time
// limit plus a short grace, under 300 MB, leaving no process; never a bot's verdict, never a hang.
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const HOSTILE = path.join(ROOT, 'test/fixtures/referees/hostile.py');
const BOT = ['python3', 'examples/alquerque/python/bot.py'];
/** The fixture's limits (game.json refereeLimits): a silent referee costs the test one second. */
const LIMITS = { startupMs: 3000, answerMs: 1000 };

function hostileGame(mode: string): { manifest: string; scenario: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'botjury-hostile-ref-'));
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
  const { suite: _suite, ...rest } = manifest;
  writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...rest, id: 'hostile-ref', referee: ['python3', HOSTILE, mode], refereeLimits: LIMITS }));
  writeFileSync(path.join(dir, 's.yaml'), 'game: hostile-ref\nrole: white\n');
  return { manifest: path.join(dir, 'game.json'), scenario: path.join(dir, 's.yaml') };
}

/** Processes of the fixture in this mode that are still alive (none may be). */
async function leftOver(mode: string): Promise<string> {
  const r = await execa('pgrep', ['-af', `hostile.py ${mode}`], { reject: false });
  return r.stdout.split('\n').filter((l) => l && !l.includes('pgrep')).join('\n');
}

async function runHostile(mode: string, args: string[] = ['run']): Promise<{ code: number; stdout: string; stderr: string; ms: number; maxRssMb: number }> {
  const g = hostileGame(mode);
  const timeArgs = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'maxrss=%M'] : [];
  const argv = [...args, ...(args[0] === 'run' ? [g.scenario] : ['hostile-ref', '--games', '2', '--jobs', '2']), '--game-module', g.manifest, '--', ...BOT, ...(args[0] === 'match' ? ['--', ...BOT] : [])];
  const started = Date.now();
  const [file, ...pre] = timeArgs.length ? timeArgs : [process.execPath];
  const r = await execa(file!, [...pre, ...(timeArgs.length ? [process.execPath] : []), 'bin/botjury.js', ...argv], { cwd: ROOT, reject: false, timeout: 60_000 });
  const ms = Date.now() - started;
  const kb = Number(/maxrss=(\d+)/.exec(r.stderr)?.[1] ?? 0);
  // /usr/bin/time's own lines (the peak, and the exit status it reports) are not botjury's.
  const stderr = r.stderr.split('\n').filter((l) => !l.startsWith('maxrss=') && !l.startsWith('Command exited with')).join('\n');
  return { code: r.exitCode ?? -1, stdout: r.stdout, stderr, ms, maxRssMb: kb / 1024 };
}

const FAULTS: [mode: string, what: RegExp][] = [
  // A flood of well-formed lines: its first line is already not the answer asked for.
  ['flood-lines', /answered \{"then": \[\]\}: the answer must have required property 'judgement'|more lines than it was asked for/],
  ['start-flood-lines', /answered \{"then": \[\]\}: the answer must have required property 'ok'|more lines than it was asked for/],
  ['flood-no-newline', /longer than 1048576 bytes/],
  ['huge-line', /longer than 1048576 bytes/],
  ['not-json', /answered 'not json', which is not JSON/],
  ['silent', /did not answer within 1000 ms/],
  ['start-silent', /did not answer within 3000 ms/],
  ['orphan', /exited with status 0 without answering|did not answer within 1000 ms/],
  ['line-3mb', /longer than 1048576 bytes/],
  ['verdict-3mb', /longer than 1048576 bytes/],
  ['unknown-action', /answered .*: \/then\/0/],
  ['proto-code', /answered .*\/judgement\/violations\/0\/code must be equal to one of the allowed values/],
  ['constructor-code', /answered .*\/judgement\/violations\/0\/code must be equal to one of the allowed values/],
  ['reserved-code', /answered .*\/judgement\/violations\/0\/code must be equal to one of the allowed values/],
  ['await-null', /answered .*: \/then\/0/],
];

describe('a hostile referee program is a harness fault: exit 2, one line, no process left, bounded', () => {
  it.each(FAULTS)('%s', async (mode, what) => {
    const r = await runHostile(mode);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^botjury: .*the referee of hostile-ref \(python3 .*hostile\.py/);
    expect(lines[0]).toMatch(what);
    expect(lines[0]).toMatch(/its last request: (start|answer \(seat white\))$/);
    expect(r.stdout).not.toMatch(/illegal-move|crash|timeout/); // no bot verdict
    // Within the referee's limit plus a grace (the start-up limit is the longest: 3 s), on a loaded machine.
    expect(r.ms).toBeLessThan(20_000);
    if (r.maxRssMb > 0) expect(r.maxRssMb).toBeLessThan(300);
    expect(await leftOver(mode)).toBe('');
  }, 60_000);

  it('a referee writing 70 KB of stderr per answer is drained, not deadlocked: the game plays to its end', async () => {
    const r = await runHostile('stderr-chatter');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(await leftOver('stderr-chatter')).toBe('');
  }, 60_000);

  it('a silent referee in a match with --jobs 2: exit 2 within the limit, nothing left', async () => {
    const r = await runHostile('silent', ['match']);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toMatch(/the referee of hostile-ref .* did not answer within 1000 ms/);
    expect(r.ms).toBeLessThan(20_000);
    expect(await leftOver('silent')).toBe('');
  }, 60_000);

  it('SIGTERM during a match whose referee hangs leaves no process', async () => {
    const g = hostileGame('start-silent');
    const child = execa(process.execPath, ['bin/botjury.js', 'match', 'hostile-ref', '--games', '4', '--jobs', '2', '--game-module', g.manifest, '--', ...BOT, '--', ...BOT], { cwd: ROOT, reject: false });
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGTERM');
    const r = await child;
    expect(r.exitCode === 143 || r.exitCode === 130 || r.signal === 'SIGTERM', `${r.exitCode} ${r.signal}`).toBe(true);
    await new Promise((res) => setTimeout(res, 300));
    expect(await leftOver('start-silent')).toBe('');
  }, 60_000);
});
