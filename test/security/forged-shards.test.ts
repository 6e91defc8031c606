// `botjury merge` reads shard reports from anywhere (CI artifacts): every forged field is exit 2 with
// one line naming the file, never a stack trace or a merged report that is not a match report; and
// four ~60 MB shards (of many games, or of one game each) merge under 300 MB, a flood of empty games
// is refused under 300 MB (botjury's own peak resident memory, measured).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../harness/games/registry.js';
import { bufferSource } from '../../harness/core/json-parts.js';
import { LEAN_GAME_BYTES, mergeReports, ShardMerger, shardParts } from '../../harness/match/merge.js';
import { clipVerdict, COMPACT_EVIDENCE_CHARS, COMPACT_TEXT_CHARS, compactGame, gameSeed, type MatchReport } from '../../harness/match/match.js';
import { compileSchema, transcriptAjv } from '../../harness/tools/transcript.js';
import { runCli, runInProcess, scratchDir } from '../helpers.js';
import { expectRefused, runMeasured } from './hostile.js';

const tmp = scratchDir('botjury-forged-shards-');
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
// What `merge` says of each forged file is its own code's answer: run in this process (a process start a
// case cost ~0.5 s); the device-and-pipe case and the merged reports go through the real command.
const merge = (...files: string[]) => runInProcess(['merge', ...files]);
const mergeCommand = (...files: string[]) => runCli(['merge', ...files], { timeoutMs: 60_000 });
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
    // A run keeps the first 20 verdicts of a code in full and counts the rest: 21 is no report botjury wrote.
    ['21 verdicts of one code in a run', (r) => (firstRun(r).violations = Array.from({ length: 21 }, (_, i) => ({ code: 'extra-output', severity: 'error', message: 'x', atMs: i }))), /\/games\/0: game 1: seat \w+ keeps more than 20 verdicts of code extra-output in full/],
    ['441 verdicts in a run', (r) => (firstRun(r).violations = Array.from({ length: 441 }, (_, i) => ({ code: 'crash', severity: 'error', message: 'x', atMs: i }))), /\/games\/0\/seats\/\d\/run\/violations: must NOT have more than 440 items/],
    ['100,001 reply times of a seat', (r) => {
      compactGame(r.games[0]);
      r.games[0].seats.find((s: any) => s.replyWallsMs).replyWallsMs = Array(100_001).fill(1);
    }, /\/games\/0\/seats\/\d\/replyWallsMs: must NOT have more than 100000 items/],
    ['100,001 replies counted in a run', (r) => (firstRun(r).timing.replies = 100_001), /\/games\/0\/seats\/\d\/run\/timing\/replies: must be <= 100000/],
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
    expectRefused(await mergeCommand('/dev/zero'), /report \/dev\/zero: not a regular file \(a character device\)/);
    expectRefused(await mergeCommand(fifo), /fifo\.json: not a regular file \(a pipe\)/);
    expectRefused(await mergeCommand(folder), /folder\.json: not a regular file \(a folder\)/);
    expectRefused(await mergeCommand(loop), /loop\.json: too many symbolic links/);
    expectRefused(await mergeCommand(big), /big\.json: 65 MB, more than the 64 MB botjury reads for a report/);
  });
});

describe('the merged report', () => {
  it('is a match report: the real shards, and shards whose games were compacted', async () => {
    const r = await mergeCommand(shard(1), shard(2), '--reporter', 'json');
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

  it('a forged bot command, run name and verdict with terminal escapes and bidi overrides: escaped in TAP and JUnit', async () => {
    const evil = 'x\u009b2J\u202eyp.\u001b]0;t\u0007\u2066z';
    const file = forge((r) => {
      r.standings[0].command = ['python3', `bot${evil}.py`];
      const run = firstRun(r);
      run.name = `game 1 ${evil}`;
      run.violations.push({ code: 'illegal-move', severity: 'error', message: `m ${evil}`, actual: evil, atMs: 1 });
      run.status = 'failed';
    });
    const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
    const tap = await merge(file, '--reporter', 'tap');
    expect(tap.code, tap.stderr).toBe(1);
    expect(tap.stdout).not.toMatch(raw);
    expect(tap.stdout).toMatch(/^# botjury [^\n]*bot: python3 [^\n]*botx\\x9b2J\\u202eyp\.\\x1b\]0;t\\x07\\u2066z\.py/m);
    expect(tap.stdout).toMatch(/^not ok \d+ - [^\n]*game 1 x\\\\x9b2J\\\\u202eyp/m);
    expect(tap.stdout).toContain('message: "m x\\u009b2J\\u202eyp.\\u001b]0;t\\u0007\\u2066z"');
    const junit = await merge(file, '--reporter', 'junit');
    expect(junit.code, junit.stderr).toBe(1);
    expect(junit.stdout).not.toMatch(raw);
    expect(junit.stdout).toContain('game 1 x\\x9b2J\\u202eyp.\\x1b]0;t\\x07\\u2066z');
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
  /** Writes a shard of a match of `planned` games: its header, then each game text `gameText(i)` of its shard's indexes. */
  function writeShard(file: string, k: number, count: number, planned: number, gameText: (i: number) => string): void {
    const fd = openSync(file, 'w');
    const head = JSON.parse(JSON.stringify({ ...shards[0], games: [] })) as Record<string, unknown>;
    head.planned = planned;
    head.shard = { index: k + 1, count };
    const [before, after] = JSON.stringify(head).split('"games":[]') as [string, string];
    writeSync(fd, `${before}"games":[`);
    for (let i = k, n = 0; i < planned; i += count, n++) writeSync(fd, `${n ? ',' : ''}${gameText(i)}`);
    writeSync(fd, `]${after}`);
    closeSync(fd);
  }
  /** Game `i` of the match: a real game of the same parity (shard 1's game is a first round's, shard 2's a second seating's), reindexed and reseeded. */
  const gameAt = (i: number, games: string[]): string =>
    games[i % 2]!.replace(/^\{"index":\d+,"seed":(?:"[^"]*"|-?\d+)/, `{"index":${i},"seed":${JSON.stringify(gameSeed(shards[0].seed, i, 2))}`);

  it('four ~60 MB shards of many games merge under 300 MB (one game parsed at a time, detail past the budget dropped)', async () => {
    const games = shards.map((r) => JSON.stringify(r.games[0]));
    const perShard = Math.floor(60e6 / games[0]!.length);
    const planned = 4 * perShard;
    const files = [0, 1, 2, 3].map((k) => path.join(tmp, `big-${k + 1}.json`));
    files.forEach((file, k) => writeShard(file, k, 4, planned, (i) => gameAt(i, games)));
    const out = path.join(tmp, 'merged.json');
    const r = await runMeasured(['merge', ...files, '--reporter', `json=${out}`], { timeoutMs: 240_000 });
    expect(r.code, r.stderr).toBe(0);
    // Measured: 746 MB before (all four parsed whole), about 200–250 MB after.
    expect(r.peakRssMb).toBeLessThan(300);
    const merged = JSON.parse(readFileSync(out, 'utf8')) as MatchReport;
    expect(merged.games.length).toBe(planned);
    expect(merged.compactedGames).toBeGreaterThan(planned / 2);
    expect(schemaErrors(merged)).toBeNull();
  }, 300_000);

  it('four ~60 MB shards of one game each merge under 300 MB (the games read lean: their transcripts never whole)', async () => {
    // One game per shard whose first bot seat's transcript is repeated to 1.3 million entries (~60 MB).
    const entries = 1_300_000;
    const files = [0, 1, 2, 3].map((k) => path.join(tmp, `one-game-${k + 1}.json`));
    files.forEach((file, k) => {
      const g = structuredClone(shards[k % 2].games[0]!) as any;
      const run = g.seats.find((s: any) => s.run).run;
      const fd = openSync(`${file}.game`, 'w');
      const [before, after] = JSON.stringify({ ...g, index: k, seed: gameSeed(shards[0].seed, k, 2) }).split(JSON.stringify(run.transcript)) as [string, string];
      writeSync(fd, `${before}[`);
      // Entry j is the transcript's entry j modulo its length, written a block of whole transcripts at a time.
      const one = (run.transcript as unknown[]).map((e) => JSON.stringify(e));
      const perBlock = one.length * Math.ceil(10_000 / one.length);
      const block = Array(perBlock / one.length).fill(one.join(',')).join(',');
      let j = 0;
      for (; j + perBlock <= entries; j += perBlock) writeSync(fd, `${j ? ',' : ''}${block}`);
      if (j < entries) writeSync(fd, `${j ? ',' : ''}${Array.from({ length: entries - j }, (_, n) => one[(j + n) % one.length]).join(',')}`);
      writeSync(fd, `]${after}`);
      closeSync(fd);
      writeShard(file, k, 4, 4, () => readFileSync(`${file}.game`, 'utf8'));
      rmSync(`${file}.game`);
    });
    const out = path.join(tmp, 'merged-one-game.json');
    const r = await runMeasured(['merge', ...files, '--reporter', `json=${out}`], { timeoutMs: 240_000 });
    expect(r.code, r.stderr).toBe(0);
    // Measured: 727 MB before (each game parsed whole), about 180 MB after.
    expect(r.peakRssMb).toBeLessThan(300);
    const merged = JSON.parse(readFileSync(out, 'utf8')) as MatchReport;
    expect(schemaErrors(merged)).toBeNull();
    expect(merged.compactedGames).toBe(4);
    for (const g of merged.games) expect(Math.max(...g.seats.map((s) => s.run?.transcriptDropped ?? 0))).toBe(entries);
  }, 300_000);

  /** `count` shards of one game each (game k of a match of `count`), its seat runs' `key` (violations, or replyWallsMs of a compacted game) written by `write`. */
  function denseShards(prefix: string, count: number, compacted: boolean, write: (fd: number, role: string) => void): string[] {
    return Array.from({ length: count }, (_, k) => {
      const file = path.join(tmp, `${prefix}-${k + 1}.json`);
      const g = structuredClone(shards[k % 2].games[0]!) as any;
      g.index = k;
      g.seed = gameSeed(shards[0].seed, k, 2);
      for (const seat of g.seats) {
        if (!seat.run) continue;
        if (compacted) {
          compactGame({ ...g, seats: [seat] });
          seat.replyWallsMs = `__DENSE_${seat.role}__`;
        } else seat.run.violations = `__DENSE_${seat.role}__`;
      }
      const parts = JSON.stringify(g).split(/"__DENSE_(\w+)__"/);
      const fd = openSync(`${file}.game`, 'w');
      for (let j = 0; j < parts.length; j++) {
        if (j % 2 === 0) writeSync(fd, parts[j]!);
        else write(fd, parts[j]!);
      }
      closeSync(fd);
      writeShard(file, k, count, count, () => readFileSync(`${file}.game`, 'utf8'));
      rmSync(`${file}.game`);
      return file;
    });
  }
  const verdict = (code: string, chars: number) => JSON.stringify({ code, severity: 'error', message: 'm'.repeat(chars), actual: 'a'.repeat(chars), evidence: { stderrTail: 'e'.repeat(chars) }, atMs: 1 });

  it('6,000 verdicts of 10 kB in one game (four 60 MB shards): refused at the 21st of a code, one line, under 300 MB', async () => {
    const files = denseShards('verdicts', 4, false, (fd) => writeSync(fd, `[${Array(3000).fill(verdict('extra-output', 3300)).join(',')}]`));
    expect(readFileSync(files[0]!).length).toBeGreaterThan(55e6);
    const r = await runMeasured(['merge', ...files], { timeoutMs: 120_000 });
    expectRefused(r, /match report .*verdicts-1\.json: \/games\/0\/seats\/0\/run\/violations\/20: the run keeps more than 20 verdicts of code extra-output in full \(a report keeps 20 of a code and counts the rest in omittedViolations\)$/m);
    // Measured: 1.06–1.09 GB before (every verdict kept, and merged), 92–97 MB after.
    expect(r.peakRssMb).toBeLessThan(300);
    for (const f of files) rmSync(f);
  }, 180_000);

  it('15 million reply times in one compacted game (four 30 MB shards): refused past 100,000 a seat, one line, under 300 MB', async () => {
    const walls = `[${Array(100_000).fill('1').join(',')}]`;
    const files = denseShards('walls', 4, true, (fd) => {
      writeSync(fd, '[');
      for (let n = 0; n < 75; n++) writeSync(fd, `${n ? ',' : ''}${walls.slice(1, -1)}`);
      writeSync(fd, ']');
    });
    expect(readFileSync(files[0]!).length).toBeGreaterThan(29e6);
    const r = await runMeasured(['merge', ...files], { timeoutMs: 120_000 });
    expectRefused(r, /match report .*walls-1\.json: \/games\/0\/seats\/0\/replyWallsMs: more than 100000 reply times, more than a seat's replies can be$/m);
    // Measured: 2.7–3.4 GB before (merged, most of it computing the standings), 92–108 MB after.
    expect(r.peakRssMb).toBeLessThan(300);
    for (const f of files) rmSync(f);
  }, 180_000);

  it('every verdict a run may keep, each of 10 kB (four ~53 MB shards): merged with the texts clipped, under 300 MB', async () => {
    const codes = ['handshake-timeout', 'bad-handshake', 'move-timeout', 'total-time-exceeded', 'unflushed-output', 'bad-format', 'illegal-move', 'too-many-steps', 'invalid-name', 'extra-output', 'no-exit-after-quit', 'no-self-exit', 'early-exit', 'crash', 'memory-limit', 'output-flood', 'expectation-failed', 'crlf-line-ending', 'stderr-output', 'ineffective-action', 'near-limit', 'late-excused'];
    const all = `[${codes.flatMap((code) => Array(20).fill(verdict(code, 3300))).join(',')}]`;
    // Six games a shard, each of 2 × 440 verdicts (~9 MB: read lean).
    const files = [0, 1, 2, 3].map((k) => path.join(tmp, `all-verdicts-${k + 1}.json`));
    const gameText = (i: number): string => {
      const g = structuredClone(shards[i % 2].games[0]!) as any;
      for (const seat of g.seats) if (seat.run) [seat.run.violations, seat.run.status] = ['__ALL__', 'failed'];
      return JSON.stringify({ ...g, index: i, seed: gameSeed(shards[0].seed, i, 2) }).split('"__ALL__"').join(all);
    };
    files.forEach((file, k) => writeShard(file, k, 4, 24, gameText));
    expect(readFileSync(files[0]!).length).toBeGreaterThan(50e6);
    const out = path.join(tmp, 'merged-all-verdicts.json');
    const r = await runMeasured(['merge', ...files, '--reporter', `json=${out}`], { timeoutMs: 180_000 });
    expect(r.code, r.stderr).toBe(1); // the bots' verdicts
    // Measured: 974 MB before (the texts kept whole), 207–220 MB after.
    expect(r.peakRssMb).toBeLessThan(300);
    const merged = JSON.parse(readFileSync(out, 'utf8')) as MatchReport;
    expect(schemaErrors(merged)).toBeNull();
    const run = merged.games[0]!.seats.find((x) => x.run)!.run!;
    expect(run.violations).toHaveLength(440);
    expect(run.violations[0]!.message).toMatch(/^m{400,}\.\.\. \(3300 characters in all\)$/);
    expect(run.violations[0]!.message.length).toBeLessThanOrEqual(COMPACT_TEXT_CHARS);
    expect(run.violations[0]!.actual!.length).toBeLessThanOrEqual(COMPACT_TEXT_CHARS);
    expect(JSON.stringify(run.violations[0]!.evidence).length).toBeLessThanOrEqual(COMPACT_EVIDENCE_CHARS);
    // The standings still count every verdict.
    expect(merged.standings[0]!.violations['crash']).toBe(20 * 24);
    for (const f of [...files, out]) rmSync(f);
  }, 240_000);

  it('a shard of 20 million empty games is refused while it is scanned, under 300 MB', async () => {
    const file = path.join(tmp, 'empties.json');
    writeFileSync(file, JSON.stringify({ ...shards[0], games: [] }).replace('"games":[]', `"games":[${'{},'.repeat(20e6)}{}]`));
    const r = await runMeasured(['merge', file], { timeoutMs: 120_000 });
    expectRefused(r, /empties\.json: more than 2000000 elements in 'games' \(at byte \d+\)/);
    // Measured: 756 MB before (every span kept, then the first game refused), about 190 MB after.
    expect(r.peakRssMb).toBeLessThan(300);
  }, 150_000);
});

describe('a large game read lean', () => {
  const source = (text: string) => bufferSource(Buffer.from(text, 'utf8'));
  const findGame = (id: string) => GAMES.find((g) => g.id === id);
  /** Every game of the shard read lean (leanGameBytes 0), as the merger gets it. */
  const leanGames = (report: unknown): unknown[] => [...shardParts(source(JSON.stringify(report)), 'match report x', undefined, 0).games];

  it('is exactly the game parsed whole and compacted', () => {
    for (const shard of shards) {
      const lean = leanGames(shard);
      const whole = structuredClone(shard.games);
      whole.forEach((g) => compactGame(g));
      expect(lean).toEqual(whole);
      // A game compacted in its shard stays as it is.
      const compacted = structuredClone(shard);
      compacted.games.forEach((g) => compactGame(g));
      expect(leanGames(compacted)).toEqual(compacted.games);
    }
  });

  it('clips long verdict texts and evidence exactly as compacting a whole game does, once', () => {
    const r = structuredClone(shards[0]) as any;
    const run = r.games[0].seats.find((s: any) => s.run).run;
    const evidence = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'.repeat(300)]));
    run.violations = [{ code: 'crash', severity: 'error', message: 'm'.repeat(5000), actual: '\u202e'.repeat(600), rule: 'short', evidence, atMs: 1 }];
    const lean = leanGames(r);
    const whole = structuredClone(r.games) as MatchReport['games'];
    whole.forEach((g) => compactGame(g));
    expect(lean).toEqual(whole);
    const v = whole[0]!.seats.find((s) => s.run)!.run!.violations[0]!;
    expect(v.message).toMatch(/^m+\.\.\. \(5000 characters in all\)$/);
    expect(v.message.length).toBeLessThanOrEqual(COMPACT_TEXT_CHARS);
    expect(v.actual!.length).toBeLessThanOrEqual(COMPACT_TEXT_CHARS);
    expect(v.rule).toBe('short');
    expect(JSON.stringify(v.evidence).length).toBeLessThanOrEqual(COMPACT_EVIDENCE_CHARS);
    expect(v.evidence!['...']).toMatch(/^\d+ more keys not kept$/);
    // Clipped once: a compacted game merged again keeps the same texts.
    const again = structuredClone(v);
    clipVerdict(again);
    expect(again).toEqual(v);
  });

  it('checks every transcript entry and reply timing against the schema, naming where', () => {
    const merge = (report: unknown) => new ShardMerger(findGame).add(shardParts(source(JSON.stringify(report)), 'match report x', undefined, 0));
    const bad = (change: (run: any) => void) => {
      const r = structuredClone(shards[0]) as any;
      change(r.games[0].seats[0].run);
      return r;
    };
    expect(() => merge(bad((run) => (run.transcript[3] = { t: 1, dir: 'sideways', text: 'x' })))).toThrow(/^match report x: \/games\/0\/seats\/0\/run\/transcript\/3\/dir: must be equal to one of the allowed values/);
    expect(() => merge(bad((run) => delete run.transcript[5].text))).toThrow(/^match report x: \/games\/0\/seats\/0\/run\/transcript\/5: missing 'text'/);
    expect(() => merge(bad((run) => (run.timing.perReply[2].wallMs = -1)))).toThrow(/^match report x: \/games\/0\/seats\/0\/run\/timing\/perReply\/2\/wallMs: must be >= 0/);
    expect(() => merge(bad((run) => (run.transcript = 'x')))).toThrow(/^match report x: \/games\/0\/seats\/0\/run\/transcript: must be array/);
    expect(() => merge(bad((run) => (run.timing = null)))).toThrow(/^match report x: \/games\/0\/seats\/0\/run\/timing: must be object/);
    // Compacted in its shard (reply times) and still holding a transcript: not a report botjury writes.
    const mixed = structuredClone(shards[0]) as any;
    mixed.games[0].seats[0].replyWallsMs = [1];
    expect(() => merge(mixed)).toThrow(/^match report x: \/games\/0: a compacted game \(reply times in place of detail\) keeps a transcript or per-reply timings/);
    // A game of 17 seats is refused by the schema without the 17th being read.
    const many = structuredClone(shards[0]) as any;
    many.games[0].seats = Array.from({ length: 17 }, () => many.games[0].seats[0]);
    expect(() => merge(many)).toThrow(/^match report x: \/games\/0\/seats: must NOT have more than 16 items/);
    merge(structuredClone(shards[0]));
  });

  it('through the CLI: a 5 MB game with a bad entry near its end is one line, exit 2', async () => {
    const r = structuredClone(shards[0]) as any;
    const run = r.games[0].seats[0].run;
    run.transcript = Array.from({ length: 100_000 }, (_, j) => run.transcript[j % run.transcript.length]);
    run.transcript[99_990] = { t: 1, dir: 'bot' };
    const file = forgedText(JSON.stringify(r));
    expect(readFileSync(file).length).toBeGreaterThan(LEAN_GAME_BYTES);
    expectRefused(await mergeCommand(file, shard(2)), /\/games\/0\/seats\/0\/run\/transcript\/99990: missing 'text'/);
  });
});
