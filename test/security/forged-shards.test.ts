// `botjury merge` reads shard reports from anywhere (CI artifacts): every forged field is exit 2 with
// one line naming the file, never a stack trace or a merged report that is not a match report; and
// four ~60 MB shards merge within bounded memory.
import { execa } from 'execa';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../harness/games/registry.js';
import { mergeReports } from '../../harness/match/merge.js';
import { gameSeed, type MatchReport } from '../../harness/match/match.js';
import { compileSchema, transcriptAjv } from '../../harness/tools/transcript.js';
import { ROOT, runCli } from '../helpers.js';
import { expectRefused } from './hostile.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'botjury-forged-shards-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const BOTS = [['python3', 'examples/alquerque/python/bot.py'], ['node', 'examples/alquerque/js/bot.js']];
const shard = (k: number): string => path.join(tmp, `s${k}.json`);
let shards: [MatchReport, MatchReport];

const schemaErrors = (() => {
  const validate = compileSchema(transcriptAjv(), 'match-report.schema.json');
  return (report: unknown): unknown => (validate(report) ? null : validate.errors);
})();

beforeAll(async () => {
  // Two real shards of one match: game 1 in the first, game 2 (the bots' seats swapped) in the second.
  for (const k of [1, 2]) {
    const r = await runCli(['match', 'alquerque', '--games', '2', '--shard', `${k}/2`, '--reporter', `json=${shard(k)}`, ...BOTS.flatMap((b) => ['--', ...b])]);
    expect(r.code, r.stderr).toBe(0);
  }
  shards = [1, 2].map((k) => JSON.parse(readFileSync(shard(k), 'utf8')) as MatchReport) as [MatchReport, MatchReport];
}, 120_000);

let forgeries = 0;
/** A copy of shard 1 (or `base`) changed by `change`, as a file. */
function forge(change: (r: any) => void, base = 0): string {
  const r = structuredClone(shards[base]!) as any;
  change(r);
  return forgedText(JSON.stringify(r));
}
function forgedText(text: string): string {
  const file = path.join(tmp, `forged-${++forgeries}.json`);
  writeFileSync(file, text);
  return file;
}
const merge = (...files: string[]) => runCli(['merge', ...files], { timeoutMs: 60_000 });
const firstRun = (r: any) => r.games[0].seats.find((s: any) => s.run).run;

describe('forged shard reports: exit 2, one line naming the file', () => {
  const cases: [string, (r: any) => void, RegExp][] = [
    ['a negative count', (r) => (r.standings[0].wins = -1), /\/standings\/0\/wins: must be >= 0/],
    ['a string game index', (r) => (r.games[0].index = '0'), /\/games\/0\/index: must be integer/],
    ['games: null', (r) => (r.games = null), /\/games: must be array/],
    ['games: {}', (r) => (r.games = {}), /\/games: must be array/],
    ['seats: "x"', (r) => (r.games[0].seats = 'x'), /\/games\/0\/seats: must be array/],
    ['no standings', (r) => (r.standings = []), /\/standings: must NOT have fewer than 2 items/],
    ['an invalid date', (r) => (r.startedAt = 'yesterday'), /\/startedAt: must match/],
    ['a result named __proto__', (r) => (r.games[0].seats[0].result = '__proto__'), /\/games\/0\/seats\/0\/result: must be equal to one of the allowed values/],
    ['a violation named __proto__', (r) => firstRun(r).violations.push({ code: '__proto__', severity: 'error', message: 'x', atMs: 1 }), /\/games\/0\/seats\/\d\/run\/violations\/0\/code: must be equal to one of the allowed values/],
    ['run: null', (r) => (r.games[0].seats[0].run = null), /\/games\/0\/seats\/0\/run: must be object/],
    ['a run without timing', (r) => delete firstRun(r).timing, /\/games\/0\/seats\/\d\/run: missing 'timing'/],
    ['a run without memory', (r) => delete firstRun(r).memory, /\/games\/0\/seats\/\d\/run: missing 'memory'/],
    ['a negative reply count', (r) => (firstRun(r).timing.replies = -3), /\/games\/0\/seats\/0\/run\/timing\/replies: must be >= 0/],
    ['a game past the planned ones', (r) => (r.games[0].index = 6), /\/games\/0: game 7 in a match of 2 games/],
    ['the same game twice', (r) => r.games.push(structuredClone(r.games[0])), /\/games\/1: game 1 is in two reports/],
    ["another shard's game", (r) => (r.games[0].index = 1), /\/games\/0: game 2 is not a game of shard 1\/2/],
    ['bots seated otherwise', (r) => { const [a, b] = r.games[0].seats; [a.bot, b.bot] = [b.bot, a.bot]; }, /\/games\/0: game 1: the bots are not seated as the match seats them/],
    ['another seed', (r) => (r.games[0].seed = '7/0'), /\/games\/0: game 1 has another seed than the match gives it/],
    ['a bot index past the bots', (r) => (r.games[0].seats[0].bot = 7), /\/games\/0\/seats\/0\/bot: must be <= 3/],
    ['an unknown game', (r) => (r.game = 'no-such-game'), /game 'no-such-game' is not a game botjury knows/],
    ['a profile named toString', (r) => (r.profile = 'toString'), /profile 'toString' is not a profile of alquerque/],
    ['a profile named constructor', (r) => (r.profile = 'constructor'), /\/profile: a name that is not allowed/],
    ['an unknown top-level field', (r) => (r.extra = 1), /\/: unknown key 'extra'/],
    ['an SPRT alpha of 0.7', (r) => (r.pair.sprt = { llr: 0, lower: -1, upper: 1, result: 'continue', elo0: 0, elo1: 10, alpha: 0.7, beta: 0.05 }), /\/pair\/sprt\/alpha: must be < 0.5/],
    ['a compacted game with detail left in a seat', (r) => (r.games[0].seats[0].replyWallsMs = [1]), /\/games\/0: game 1: seat white keeps detail in a compacted game/],
    ['a shard index past the count', (r) => (r.shard = { index: 3, count: 2 }), /shard 3 of 2/],
  ];
  for (const [label, change, reason] of cases)
    it(label, async () => {
      const file = forge(change);
      expectRefused(await merge(file, shard(2)), new RegExp(`match report ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${reason.source}`), label);
    });

  it('__proto__ as a key, at the top, in a game and in the standings', async () => {
    const text = JSON.stringify(shards[0]);
    expectRefused(await merge(forgedText(text.replace('{', '{"__proto__":{"planned":1},'))), /: \/: unknown key '__proto__'/);
    expectRefused(await merge(forgedText(text.replace('"violations":{}', '"violations":{"__proto__":1}'))), /\/standings\/0\/violations: a key that is not allowed/);
    expectRefused(await merge(forgedText(text.replace('"scores":{', '"scores":{"constructor":1,'))), /\/games\/0\/seats\/0\/run\/outcome\/scores: a key that is not allowed/);
  });

  it('shards of different matches', async () => {
    const otherBot = forge((r) => (r.standings[1].command = ['node', 'other.js']), 1);
    expectRefused(await merge(shard(1), otherBot), /match report .*: not a shard of the same match as match report .*s1\.json \(its bots differs/);
    const otherSeed = forge((r) => (r.seed = '2'), 1);
    expectRefused(await merge(shard(1), otherSeed), /its seed differs/);
  });

  it('text that is not one JSON object', async () => {
    const text = JSON.stringify(shards[0]);
    expectRefused(await merge(forgedText(text.slice(0, text.length / 2))), /not JSON near byte \d+|never ends/);
    expectRefused(await merge(forgedText(`${text} {}`)), /text after the JSON document/);
    expectRefused(await merge(forgedText(text.replace('{', '{"planned":3,'))), /a key given twice in the top-level object/);
    expectRefused(await merge(forgedText('[]')), /a JSON object expected at byte 0/);
    expectRefused(await merge(forgedText(text.replace(/"durationMs":[\d.]+/, '"durationMs":1e999'))), /a number too large for a double/);
    expectRefused(await merge(forgedText(text.replace('"games":[', '"games":[1 2,'))), /not JSON near byte|',' or '\]' expected/);
  });

  it('a device, a pipe, a folder, a symbolic link loop and a file over the cap, at once', async () => {
    const fifo = path.join(tmp, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const loop = path.join(tmp, 'loop.json');
    symlinkSync(loop, loop);
    const folder = path.join(tmp, 'folder.json');
    mkdirSync(folder);
    const big = path.join(tmp, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 65 << 20);
    expectRefused(await merge('/dev/zero'), /report \/dev\/zero: not a regular file \(a character device\)/);
    expectRefused(await merge(fifo), /fifo\.json: not a regular file \(a pipe\)/);
    expectRefused(await merge(folder), /folder\.json: not a regular file \(a folder\)/);
    expectRefused(await merge(loop), /loop\.json: too many symbolic links/);
    expectRefused(await merge(big), /big\.json: 65 MB, more than the 64 MB botjury reads for a report/);
  });
});

describe('the merged report', () => {
  it('is a match report: the real shards, and shards whose games were compacted', async () => {
    const r = await merge(shard(1), shard(2), '--reporter', 'json');
    expect(r.code, r.stderr).toBe(0);
    const merged = JSON.parse(r.stdout) as MatchReport;
    expect(schemaErrors(merged)).toBeNull();
    expect(merged.games.map((g) => g.index)).toEqual([0, 1]);
    // Compacted shards (past the detail budget): still a report, counted as compacted.
    const compact = (r: any) => {
      for (const g of r.games) for (const s of g.seats) if (s.run) [s.replyWallsMs, s.run.timing.perReply, s.run.transcript] = [s.run.timing.perReply.map((p: any) => p.wallMs), [], []];
      r.compactedGames = r.games.length;
    };
    const both = await merge(forge(compact, 0), forge(compact, 1), '--reporter', 'json');
    expect(both.code, both.stderr).toBe(0);
    const report = JSON.parse(both.stdout) as MatchReport;
    expect(schemaErrors(report)).toBeNull();
    expect(report.compactedGames).toBe(2);
    expect(report.standings.map((s) => s.timing)).toEqual(merged.standings.map((s) => s.timing));
  });

  it('mergeReports checks reports in memory as merge checks files', () => {
    const game = GAMES.find((g) => g.id === 'alquerque')!;
    expect(schemaErrors(mergeReports(structuredClone(shards), { game }))).toBeNull();
    const bad = structuredClone(shards);
    (bad[1].games[0] as any).index = 0;
    expect(() => mergeReports(bad, { game })).toThrow(/^match report 2: \/games\/0: game 1 is in two reports \(this one and match report 1\)/);
  });
});

describe('memory', () => {
  it('four ~60 MB shards merge in bounded memory (one game parsed at a time, detail past the budget dropped)', async () => {
    // Made from the real shards: each game repeated with the index, seed and seating the match gives it.
    const games = shards.map((r) => JSON.stringify(r.games[0]));
    const header = JSON.stringify({ ...shards[0], games: [] });
    const perShard = Math.floor(60e6 / games[0]!.length);
    const planned = 4 * perShard;
    const files: string[] = [];
    for (let k = 0; k < 4; k++) {
      const file = path.join(tmp, `big-${k + 1}.json`);
      const fd = openSync(file, 'w');
      const head = JSON.parse(header) as Record<string, unknown>;
      head.planned = planned;
      head.shard = { index: k + 1, count: 4 };
      const [before, after] = JSON.stringify(head).split('"games":[]') as [string, string];
      writeSync(fd, `${before}"games":[`);
      for (let i = k, n = 0; i < planned; i += 4, n++) {
        // Shard 1's game is a first round's (index 0), shard 2's a second seating (index 1): same parity.
        const g = games[i % 2]!.replace(/^\{"index":\d+,"seed":(?:"[^"]*"|-?\d+)/, `{"index":${i},"seed":${JSON.stringify(gameSeed(shards[0].seed, i, 2))}`);
        writeSync(fd, `${n ? ',' : ''}${g}`);
      }
      writeSync(fd, `]${after}`);
      closeSync(fd);
      files.push(file);
    }
    // The CLI in a child that reports its own peak resident memory.
    const child = await execa(process.execPath, ['--input-type=module', '-e', `
      const { main } = await import(${JSON.stringify(new URL(`file://${path.join(ROOT, 'dist', 'harness', 'cli.js')}`).href)});
      const code = await main(process.argv.slice(1));
      process.stderr.write('maxRSS ' + process.resourceUsage().maxRSS + '\\n');
      process.exitCode = code;`, 'merge', ...files, '--reporter', `json=${path.join(tmp, 'merged.json')}`], { cwd: ROOT, reject: false, timeout: 240_000, env: { NO_COLOR: '1' } });
    expect(child.exitCode, String(child.stderr)).toBe(0);
    const maxRssMb = Number(/maxRSS (\d+)/.exec(String(child.stderr))![1]) / 1024;
    // Measured: 746 MB before (all four parsed whole), about 210–250 MB after.
    expect(maxRssMb).toBeLessThan(400);
    const merged = JSON.parse(readFileSync(path.join(tmp, 'merged.json'), 'utf8')) as MatchReport;
    expect(merged.games.length).toBe(planned);
    expect(merged.compactedGames).toBeGreaterThan(planned / 2);
    expect(schemaErrors(merged)).toBeNull();
  }, 300_000);
});
