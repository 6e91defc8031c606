// `botjury replay FILE` reads a file from anywhere (a CI artifact, a dispute's evidence). A document
// that is not a transcript is refused from its first bytes (botjury writes the transcript's `format`
// field first), in one line, at once and in bounded memory (before: a 60 MB JSON document took 1.9 GB,
// 35 s and a 7-line error); a transcript is read a run at a time, each run's long lists a batch of
// elements at a time and never past what a real run holds; a real transcript loads as it was written.
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAN_PART_BYTES, loadTranscript, MAX_RUN_TRANSCRIPT, type TranscriptFile } from '../../harness/tools/transcript.js';
import { runCli, scratchDir } from '../helpers.js';
import { expectRefused, runMeasured } from './hostile.js';

const tmp = scratchDir('botjury-replay-files-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const BOT = ['python3', 'examples/alquerque/python/bot.py'];
/** botjury's own peak resident memory (Node alone takes ~50 MB). */
const MAX_RSS_MB = 300;

let real: TranscriptFile;
let realText: string;
beforeAll(async () => {
  const file = path.join(tmp, 'real.json');
  const r = await runCli(['run', 'scenarios/alquerque/capture-compulsory-white.yaml', 'scenarios/alquerque/capture-compulsory-black.yaml', '--transcript', file, '--reporter', 'json=/dev/null', '--', ...BOT]);
  expect(r.code, r.stderr).toBe(0);
  realText = readFileSync(file, 'utf8');
  real = JSON.parse(realText) as TranscriptFile;
}, 60_000);

/** Writes `before`, then ~`bytes` of `element` repeated as a JSON array, then `after`. */
function writeDense(file: string, before: string, element: unknown, after: string, bytes = 60e6): void {
  const fd = openSync(file, 'w');
  writeSync(fd, `${before}[`);
  const chunk = Array(10_000).fill(JSON.stringify(element)).join(',');
  for (let n = 0; n < bytes; n += chunk.length + 1) writeSync(fd, `${n ? ',' : ''}${chunk}`);
  writeSync(fd, `]${after}`);
  closeSync(fd);
}

/** The real transcript with its first run's `key` (a dotted path) holding `element` repeated to ~60 MB. */
function denseRun(file: string, key: string, element: unknown): void {
  const t = structuredClone(real) as unknown as { runs: Record<string, unknown>[] };
  t.runs = [t.runs[0]!];
  const keys = key.split('.');
  let at: Record<string, unknown> = t.runs[0]!;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys.at(-1)!] = '__DENSE__';
  const [before, after] = JSON.stringify(t).split('"__DENSE__"') as [string, string];
  writeDense(file, before, element, after);
}

describe('replay FILE: a file that is not a transcript', () => {
  it('a 60 MB JSON document is refused from its first bytes: exit 2, one line, at once, bounded', async () => {
    const file = path.join(tmp, 'document.json');
    writeDense(file, '', { a: 1, b: 'x', c: [1, 2] }, '');
    const r = await runMeasured(['replay', file, '--', ...BOT]);
    expectRefused(r, /^botjury: .*document\.json is not a botjury transcript: it does not start with \{"format": "botjury-transcript"/);
    // Measured: 0.2 s and 65 MB (before: 1.9 GB, 35 s and a 7-line error for such a document).
    expect(r.peakRssMb).toBeLessThan(MAX_RSS_MB);
    expect(r.ms).toBeLessThan(10_000);
  }, 60_000);

  it('an object whose format field is not first, a match transcript as one document, a file that is not JSON', async () => {
    const moved = path.join(tmp, 'moved.json');
    const { format: _format, ...rest } = real;
    writeFileSync(moved, JSON.stringify({ ...rest, format: real.format }));
    expectRefused(await runCli(['replay', moved, '--', ...BOT]), /moved\.json is not a botjury transcript: it does not start with/);
    const match = path.join(tmp, 'match-doc.json');
    writeFileSync(match, JSON.stringify({ format: 'botjury-match-transcript', games: [] }, null, 1));
    expectRefused(await runCli(['replay', match, '--', ...BOT]), /match-doc\.json is not a usable botjury match transcript: not JSON Lines/);
    const garbage = path.join(tmp, 'garbage.json');
    writeFileSync(garbage, '{"format": \u001b[2J nope');
    expectRefused(await runCli(['replay', garbage, '--', ...BOT]), /transcript .*garbage\.json: not valid JSON( \(at byte \d+\))?$/m);
  }, 60_000);

  it('a transcript head that does not fit the schema is one line', async () => {
    const file = path.join(tmp, 'head.json');
    writeFileSync(file, JSON.stringify({ format: 'botjury-transcript', version: 1 }));
    expectRefused(await runCli(['replay', file, '--', ...BOT]), /head\.json is not a botjury transcript: \/: missing '\w+' \(and \d+ more problems\)$/m);
  });
});

describe('replay FILE: a forged transcript is read a run at a time, bounded', () => {
  const cases: [label: string, key: string, element: unknown, reason: RegExp][] = [
    ['60 MB of transcript entries in one run', 'transcript', { t: 1, dir: 'bot', text: 'a' }, new RegExp(`/runs/0/transcript: more than ${MAX_RUN_TRANSCRIPT} items, more than a real run holds`)],
    ['60 MB of verdicts in one run', 'result.violations', { code: 'crash', severity: 'error', message: 'm', atMs: 1 }, /\/runs\/0\/result\/violations: more than 440 items/],
    ['60 MB of moves in one run', 'moves', { by: 'opponent', ply: 1, player: 'black', move: 'a', scripted: false }, /\/runs\/0\/moves: more than 400000 items/],
    ['60 MB of runs', 'never', null, /more than 100000 elements in 'runs'/],
  ];
  for (const [label, key, element, reason] of cases)
    it(`${label}: exit 2, one line, under ${MAX_RSS_MB} MB`, async () => {
      const file = path.join(tmp, `dense-${key}.json`);
      if (key === 'never') {
        const [before, after] = JSON.stringify({ ...real, runs: '__DENSE__' }).split('"__DENSE__"') as [string, string];
        writeDense(file, before, {}, after);
      } else denseRun(file, key, element);
      const r = await runMeasured(['replay', file, '--', ...BOT]);
      expectRefused(r, reason, label);
      expect(r.peakRssMb, label).toBeLessThan(MAX_RSS_MB);
    }, 60_000);

  it('a member no run has (60 MB) is left unread: the run loads as it was written', () => {
    const file = path.join(tmp, 'extra.json');
    denseRun(file, 'result.padding', { a: 1 });
    const t = loadTranscript(file);
    const expected = structuredClone(real.runs[0]!);
    expect(t.runs).toEqual([expected]);
  });
});

describe('replay FILE: a real transcript', () => {
  it('loads exactly as written, its runs read whole or, when large, member by member', () => {
    expect(loadTranscript(path.join(tmp, 'real.json'))).toEqual(real);
    // Runs past LEAN_PART_BYTES (a transcript of 20,000 entries of 100 characters) are read lean.
    const large = structuredClone(real);
    for (const run of large.runs) run.transcript = Array.from({ length: MAX_RUN_TRANSCRIPT }, (_, i) => ({ t: i, dir: 'bot' as const, text: `${i}`.padEnd(100, 'x') }));
    const file = path.join(tmp, 'large.json');
    writeFileSync(file, JSON.stringify(large, null, 1));
    expect(readFileSync(file).length / large.runs.length).toBeGreaterThan(LEAN_PART_BYTES);
    expect(loadTranscript(file)).toEqual(large);
  });

  it('replays', async () => {
    const r = await runCli(['replay', path.join(tmp, 'real.json'), '--', ...BOT]);
    expect(r.code, r.stderr).toBe(0);
    expect(realText.startsWith('{\n "format": "botjury-transcript",')).toBe(true);
  }, 60_000);
});
