// `npm run bench -- [--quick] [--only latency|load|match|isolation] [--late-games N] [--late-jobs N] [--max-load K]`: how close
// botjury's timing is to the truth, quiet and under load (docs/timing.md). It measures what reports measure: the botjury CLI plays real JavaChallenge2015
// games (JSON reporter, --role 0, --jobs 1) against bench/build/benchbot, and the figures come from
// the report's per-reply wallMs and verdicts. Prints figures; exits 1 when a figure cannot be true
// (a measurement bug), 2 when the bench itself could not run.
//   1. latency: the report's reply times against the raw floor: bench/rawfloor.c doing the same
//      exchange (same bot, same messages) over a bare pipe, timed with CLOCK_MONOTONIC, in the same run
//   2. load: at 0x, 1x and 2x oversubscription of the cores (busy loops, bench/spin.c), false verdicts
//      for a correct bot, missed verdicts for bots 1, 5 and 20 ms late, and the error of the reported
//      wallMs against the bot's own clock (benchbot --log)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../harness/core/paths.js';
import { BotProcess } from '../harness/core/bot-process.js';
import { isolationProblem } from '../harness/core/isolation.js';

const BENCH_DIR = path.join(PACKAGE_ROOT, 'bench');
const CLI = path.join(PACKAGE_ROOT, 'bin', 'botjury.js');
const BOT = path.join(BENCH_DIR, 'build', 'benchbot');
const RAW_FLOOR = path.join(BENCH_DIR, 'build', 'rawfloor');
const SPIN = path.join(BENCH_DIR, 'build', 'spin');
/** Player 0 answers 250 turns (T=0..996): the most replies one game gives. */
const LONG_GAME = path.join(BENCH_DIR, 'scenarios', 'idle-250-turns.yaml');
/** Player 0 answers at T=0 and T=4: a late reply ends the bot's game, so late bots play many short games. */
const SHORT_GAME = path.join(BENCH_DIR, 'scenarios', 'two-turns.yaml');
const LIMIT_MS = 100; // the engine profile's per-action limit
const TURNS_PER_LONG_GAME = 250;
const TIMING_CODES = new Set(['move-timeout', 'handshake-timeout', 'total-time-exceeded']);
const CORES = os.availableParallelism();

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const USAGE = 'usage: npm run bench -- [--quick] [--only latency|load|match|isolation] [--late-games N] [--late-jobs N] [--max-load K]';
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const known = new Set(['--quick', '--only', '--late-games', '--late-jobs', '--max-load']);
if ((only !== undefined && only !== 'latency' && only !== 'load' && only !== 'match' && only !== 'isolation') || args.some((a, i) => a.startsWith('-') && !known.has(a) && !(i > 0 && known.has(args[i - 1]!)))) {
  console.error(USAGE);
  process.exit(2);
}
function option(name: string): number | undefined {
  if (!args.includes(name)) return undefined;
  const value = Number(args[args.indexOf(name) + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(USAGE);
    process.exit(2);
  }
  return value;
}
/** Games per section; a late bot's game gives one late reply when caught, so lateGames = late replies per row. */
const SIZES = QUICK
  ? { latencyGames: 1, correctGames: 1, lateGames: option('--late-games') ?? 40 }
  : { latencyGames: 4, correctGames: 4, lateGames: option('--late-games') ?? 1000 };
/**
 * Late bots mostly sleep out the 100 ms limit: run this many short games at once (separate CLI
 * processes, each --jobs 1, so no parallel-verdict reruns), or 1000 late replies per row take too long.
 */
const LATE_CONCURRENCY = option('--late-jobs') ?? 2 * CORES;
/** How late the late bots are: 0.2 ms and up must all be caught on a quiet machine (issue: excuses only with evidence). */
const LATE_BY_MS = [0.2, 0.3, 0.5, 1, 5, 20];
/** Busy loops per core of the load rows (`--max-load 1` stops at 1; a quiet-machine row alone is `--max-load 0`). */
const MAX_LOAD = args.includes('--max-load') ? Number(args[args.indexOf('--max-load') + 1]) : 2;
if (!Number.isInteger(MAX_LOAD) || MAX_LOAD < 0) {
  console.error(USAGE);
  process.exit(2);
}
const LOADS = [0, 1, 2].filter((k) => k <= MAX_LOAD);

// ---- processes the bench starts: tracked by pid, all ended on exit and on SIGINT/SIGTERM ----

const children = new Set<ChildProcess>();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'botjury-bench-'));

function endChildren(): void {
  for (const child of children) if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try { process.kill(child.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
}
process.on('exit', () => {
  endChildren();
  fs.rmSync(tmp, { recursive: true, force: true });
});
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) process.on(signal, () => process.exit(code));

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on('close', () => children.delete(child));
  return child;
}

function startBusyLoops(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => track(spawn(SPIN, [], { stdio: 'ignore' })));
}

async function stopBusyLoops(loops: ChildProcess[]): Promise<void> {
  await Promise.all(loops.map((loop) => new Promise<void>((resolve) => {
    if (loop.exitCode !== null || loop.signalCode !== null) return resolve();
    loop.on('close', () => resolve());
    try { process.kill(loop.pid!, 'SIGKILL'); } catch { /* it ended meanwhile: 'close' follows */ }
  })));
}

class MeasurementBug extends Error {}

// ---- running the CLI ----

interface ReplyTiming { ply: number; wallMs: number; limitMs: number | null }
interface Violation { code: string; severity: string; ply?: number; message: string }
interface Result { status: string; error?: string; violations: Violation[]; timing?: { perReply: ReplyTiming[] }; stderr?: { head: string } }
interface Report { results: Result[] }

let nextRun = 0;

/** Runs `botjury run` on the scenarios against benchbot with botArgs; returns the JSON report. */
async function runBotjury(scenarios: string[], botArgs: string[], transcript?: string, flags: string[] = []): Promise<Report> {
  const output = path.join(tmp, `report-${nextRun++}.json`);
  const argv = [CLI, 'run', ...scenarios, '--role', '0', '--jobs', '1', '--reporter', 'json', '--output', output,
    ...(transcript ? ['--transcript', transcript] : []), ...flags, '--', BOT, ...botArgs];
  const child = track(spawn(process.execPath, argv, { cwd: PACKAGE_ROOT, stdio: ['ignore', 'ignore', 'pipe'] }));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  // 0 passed, 1 the bot failed (expected for late bots); a report is the product either way.
  if (!fs.existsSync(output)) throw new Error(`botjury exited ${code} without a report: ${stderr.trim().slice(0, 500)}`);
  return JSON.parse(fs.readFileSync(output, 'utf8')) as Report;
}

// ---- statistics ----

/** Nearest-rank percentile: always a measured sample, never an interpolation. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

interface Summary { n: number; median: number; p90: number; p99: number; max: number }

function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, median: percentile(s, 0.5), p90: percentile(s, 0.9), p99: percentile(s, 0.99), max: s[s.length - 1]! };
}

/** How many decimals the report gives wallMs (2 = 10 µs steps, 3 = 1 µs steps). */
function reportDecimals(values: number[]): number {
  return Math.max(0, ...values.map((v) => (String(v).split('.')[1] ?? '').length));
}

const resolutionText = (decimals: number): string =>
  `the report gives wallMs with ${decimals} decimal${decimals === 1 ? '' : 's'} (${10 ** (3 - decimals) >= 1 ? `${10 ** (3 - decimals)} µs` : `${10 ** (6 - decimals)} ns`} steps)`;

/** Microseconds with every digit the source has: ns-exact for the bench's own clocks. */
const us = (value: number, decimals = 3): string => value.toFixed(decimals);

// ---- 1. added latency: the report against the raw floor ----

/**
 * The jury's turn messages of one game, from a transcript (each run of consecutive jury lines is one
 * write), and the median pause between a reply's arrival and the next message (botjury's own work).
 */
function juryMessages(transcriptFile: string): { messages: string[][]; pauseUs: number } {
  const transcript = JSON.parse(fs.readFileSync(transcriptFile, 'utf8')) as { runs: { transcript: { t: number; dir: string; text: string }[]; transcriptDropped?: number }[] };
  const run = transcript.runs[0]!;
  if (run.transcriptDropped) throw new Error(`the transcript dropped ${run.transcriptDropped} entries`);
  const messages: string[][] = [];
  const pausesMs: number[] = [];
  let current: string[] | null = null;
  let replyAt: number | null = null;
  for (const entry of run.transcript) {
    if (entry.dir === 'bot') replyAt = entry.t;
    if (entry.dir !== 'jury') { current = null; continue; }
    if (!current) {
      messages.push((current = []));
      if (replyAt !== null && messages.length > 1) pausesMs.push(entry.t - replyAt);
    }
    current.push(entry.text);
  }
  return { messages, pauseUs: Math.round(summarize(pausesMs).median * 1000) };
}

/**
 * One floor's reply times (ns), from a program that makes the same exchange with the same bot and pauses
 * (bench/rawfloor.c, or bench/nodefloor.ts for Node's share of the latency).
 */
function floorNs(command: string[], messagesFile: string, pauseUs: number): Promise<number[]> {
  const child = track(spawn(command[0]!, [...command.slice(1), '--gap-us', String(pauseUs), messagesFile, '--', BOT], { stdio: ['ignore', 'pipe', 'inherit'] }));
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  return new Promise((resolve, reject) => child.on('close', (code) =>
    code === 0 ? resolve(out.trim().split('\n').map(Number)) : reject(new Error(`${path.basename(command[command.length - 1]!)} exited ${code}`))));
}

const NODE_FLOOR = [process.execPath, path.join(PACKAGE_ROOT, 'dist', 'bench', 'nodefloor.js')];

async function latencySection(): Promise<void> {
  const games = SIZES.latencyGames;
  console.log(`1. Added latency: ${games} game${games > 1 ? 's' : ''} of ${path.relative(PACKAGE_ROOT, LONG_GAME)} (role 0, ${TURNS_PER_LONG_GAME} turns each), bot bench/build/benchbot (READY, then N after each EOD)`);
  // The game is deterministic (seeded, idle players), so one recorded game gives every game's messages.
  // A false verdict (a busy machine) cuts the game short: record again, a few times at most.
  const transcriptFile = path.join(tmp, 'messages.transcript.json');
  const recordings: string[] = [];
  for (;;) {
    const result = (await runBotjury([LONG_GAME], [], transcriptFile)).results[0]!;
    if (result.status === 'passed') break;
    recordings.push(result.error ?? result.violations.map((v) => v.message).join('; '));
    if (recordings.length === 3) throw new Error(`the bench bot failed every recording game: ${recordings.join(' | ')}`);
  }
  const { messages, pauseUs } = juryMessages(transcriptFile);
  if (messages.length !== TURNS_PER_LONG_GAME) throw new Error(`expected ${TURNS_PER_LONG_GAME} turn messages, the transcript has ${messages.length}`);
  const messagesFile = path.join(tmp, 'messages.txt');
  fs.writeFileSync(messagesFile, messages.map((m) => `${m.join('\n')}\n`).join('\n'));

  const rawUs: number[] = [];
  const nodeUs: number[] = [];
  const reportMs: number[] = [];
  const discarded: string[] = [];
  for (let g = 0; g < games; g++) { // alternated, so drift in the machine's load hits both alike
    const rawNs = await floorNs([RAW_FLOOR], messagesFile, pauseUs);
    const nodeNs = await floorNs(NODE_FLOOR, messagesFile, pauseUs);
    const report = await runBotjury([LONG_GAME], []);
    const result = report.results[0]!;
    if (result.status === 'passed') {
      rawUs.push(...rawNs.map((ns) => ns / 1000));
      nodeUs.push(...nodeNs.map((ns) => ns / 1000));
      reportMs.push(...result.timing!.perReply.filter((r) => r.ply !== 0).map((r) => r.wallMs));
      continue;
    }
    // A false verdict against this bot is the load section's business; here the game is replayed.
    discarded.push(result.error ?? result.violations.map((v) => v.message).join('; '));
    if (discarded.length > games) throw new Error(`the bench bot failed ${discarded.length} games: ${discarded.join(' | ')}`);
    g--;
  }
  if (discarded.length) console.log(`   ${discarded.length} game(s) replayed: the correct bench bot got a verdict (a false verdict): ${discarded.join(' | ')}`);
  const decimals = reportDecimals(reportMs);
  const raw = summarize(rawUs);
  rawFloorMedianUs = raw.median;
  const jury = summarize(reportMs.map((ms) => ms * 1000));
  const juryDecimals = Math.max(0, decimals - 3);
  console.log(`   raw floor: bench/rawfloor.c sends the same ${messages.length} messages to the same bot over a bare pipe, pausing ${pauseUs} µs before each`);
  console.log(`   (botjury's median pause, so the bot sleeps in read() as it does under botjury); clock from just before write(2) to the read(2)`);
  console.log(`   that brings the reply's newline. ${resolutionText(decimals)}; botjury's figures are printed at that resolution, the floor's to the ns`);
  console.log(`   ${''.padEnd(40)}${'median'.padStart(12)}${'p90'.padStart(12)}${'p99'.padStart(12)}   µs, n = ${raw.n} / ${jury.n}`);
  console.log(`   ${'raw pipe (bench/rawfloor.c, same bot)'.padEnd(40)}${us(raw.median).padStart(12)}${us(raw.p90).padStart(12)}${us(raw.p99).padStart(12)}`);
  const node = summarize(nodeUs);
  console.log(`   ${"node's floor (bench/nodefloor.ts)".padEnd(40)}${us(node.median).padStart(12)}${us(node.p90).padStart(12)}${us(node.p99).padStart(12)}   the same from a bare Node process`);
  console.log(`   ${'botjury (JSON report wallMs)'.padEnd(40)}${us(jury.median, juryDecimals).padStart(12)}${us(jury.p90, juryDecimals).padStart(12)}${us(jury.p99, juryDecimals).padStart(12)}`);
  const bugs: string[] = [];
  const added = (['median', 'p90', 'p99'] as const).map((key) => {
    const diff = jury[key] - raw[key];
    if (diff < 0) bugs.push(`botjury's ${key} (${us(jury[key], juryDecimals)} µs) is below the raw floor's (${us(raw[key])} µs)`);
    return diff < 0 ? 'BUG' : us(diff);
  });
  console.log(`   ${'added by botjury'.padEnd(40)}${added.map((a) => a.padStart(12)).join('')}   goal: ≤ 50 µs at the median`);
  // Node's part of it (libuv, the stream machinery) is there for any jury written in Node.
  const overNode = (['median', 'p90', 'p99'] as const).map((key) => us(jury[key] - node[key]));
  console.log(`   ${"of which over node's floor".padEnd(40)}${overNode.map((a) => a.padStart(12)).join('')}\n`);
  if (bugs.length) throw new MeasurementBug(`MEASUREMENT BUG: nothing can be faster than the raw exchange, yet ${bugs.join('; ')}`);
}

// ---- 2. load: verdicts and timing error, quiet and with busy loops ----

/**
 * One bot process's game from its log. An answer is in the pipe no earlier than beforeWriteNs; the
 * afterWriteNs stamp can be late by however long the reader the write woke ran first.
 */
interface BotGame { turnsRead: number; writes: { readNs: bigint; beforeWriteNs: bigint; afterWriteNs: bigint }[] }

/** benchbot's log, by pid: one game per "S <pid>" line, its turns read ("R") and answers written ("W read before after"). */
function parseBotLog(file: string): Map<number, BotGame> {
  const games = new Map<number, BotGame>();
  let game: BotGame | undefined;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  // A bot killed while it appends its line (its late reply ended the game) can leave a line cut at a page
  // boundary of the file, and the next bot's first line then follows on the same line: split there, and
  // skip what is cut (a W line cut short has fewer fields, or a last stamp cut to fewer digits).
  for (const line of text.replace(/(\d)(?=[SRW] )/g, '$1\n').split('\n')) {
    if (!/^(S \d+ \d+|R \d+|W \d+ \d+ \d+)$/.test(line)) continue;
    const [kind, a, b, c] = line.split(' ');
    if (kind === 'S') games.set(Number(a), (game = { turnsRead: 0, writes: [] }));
    else if (!game) continue; // a game whose first line was cut: its bot's result is unpaired, and the bench says so
    else if (kind === 'R') game.turnsRead++;
    else {
      const w = { readNs: BigInt(a!), beforeWriteNs: BigInt(b!), afterWriteNs: BigInt(c!) };
      if (w.readNs <= w.beforeWriteNs && w.beforeWriteNs <= w.afterWriteNs) game.writes.push(w);
    }
  }
  return games;
}

/** The bot's log of one result, by the pid benchbot printed on stderr; a bot that never reached main() read nothing. */
function gameOf(result: Result, games: Map<number, BotGame>): BotGame {
  const pid = /^benchbot (\d+)$/m.exec(result.stderr?.head ?? '')?.[1];
  if (pid === undefined) return { turnsRead: 0, writes: [] };
  const game = games.get(Number(pid));
  if (!game) throw new Error(`no log for benchbot ${pid}: the bench cannot pair the report with the bot's log`);
  return game;
}

interface Row {
  load: number;
  bot: string;
  /** null: the correct bot, whose every error verdict is false. */
  lateByMs: number | null;
  games: number;
  /** Turns the bot read (its log): for a late bot, every one of them is late. */
  turns: number;
  /** Timing verdicts on turns (what a late bot must get). */
  timingVerdicts: number;
  /** Error verdicts the bot did not earn, by code: every error for the correct bot; anything but a turn's timing verdict for a late one. */
  falseVerdicts: Map<string, number>;
  /** Results botjury gave as its own (or the machine's) fault, exit 2: not a verdict on the bot. */
  harnessErrors: number;
  /** Accepted replies the bot's own clock says took longer than the limit: missed verdicts for a late bot. */
  acceptedLate: number;
  /** Accepted replies whose reported wallMs is over the limit: the report contradicts its own verdict. */
  acceptedOverLimit: number;
  /** Turns the bot read that got neither an accepted reply nor an error verdict. */
  unjudged: number;
  /** Reported wallMs minus the bot's true reply time (write started - read completed), µs. */
  errorUs: number[];
  decimals: number;
}

function emptyRow(load: number, bot: string, lateByMs: number | null): Row {
  return { load, bot, lateByMs, games: 0, turns: 0, timingVerdicts: 0, falseVerdicts: new Map(), harnessErrors: 0, acceptedLate: 0, acceptedOverLimit: 0, unjudged: 0, errorUs: [], decimals: 0 };
}

const countOf = (counts: Map<string, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);

/** Adds one CLI run (its report and the bot log of the same games, in the same order) to a row. */
function addRun(row: Row, report: Report, logFile: string): void {
  const games = parseBotLog(logFile);
  for (const result of report.results) {
    const game = gameOf(result, games);
    row.games++;
    row.turns += game.turnsRead;
    if (result.status === 'error') { row.harnessErrors++; continue; }
    const accepted = (result.timing?.perReply ?? []).filter((r) => r.ply !== 0);
    if (accepted.length > game.writes.length)
      throw new Error(`botjury accepted ${accepted.length} replies, the bot wrote ${game.writes.length}: the bench cannot pair them`);
    row.decimals = Math.max(row.decimals, reportDecimals(accepted.map((r) => r.wallMs)));
    accepted.forEach((reply, k) => {
      const trueUs = Number(game.writes[k]!.beforeWriteNs - game.writes[k]!.readNs) / 1000;
      row.errorUs.push(reply.wallMs * 1000 - trueUs);
      if (trueUs > LIMIT_MS * 1000) row.acceptedLate++;
      if (reply.limitMs !== null && reply.wallMs > reply.limitMs) row.acceptedOverLimit++;
    });
    const errors = result.violations.filter((v) => v.severity === 'error');
    for (const v of errors) {
      if (row.lateByMs !== null && TIMING_CODES.has(v.code) && v.ply !== 0) row.timingVerdicts++;
      else row.falseVerdicts.set(v.code, (row.falseVerdicts.get(v.code) ?? 0) + 1);
    }
    // An error on a turn ends the bot's game there: that turn is judged even without an accepted reply.
    const judgedByError = errors.some((v) => v.ply !== 0) ? 1 : 0;
    row.unjudged += Math.max(0, game.turnsRead - accepted.length - judgedByError);
  }
}

async function measureRow(row: Row, scenario: string, games: number, concurrency: number, botArgs: string[]): Promise<Row> {
  const share = (k: number): number => Math.floor(games / concurrency) + (k < games % concurrency ? 1 : 0);
  await Promise.all(Array.from({ length: concurrency }, async (_, k) => {
    if (share(k) === 0) return;
    const logFile = path.join(tmp, `bot-${nextRun}-${k}.log`);
    const report = await runBotjury(Array.from({ length: share(k) }, () => scenario), ['--log', logFile, ...botArgs]);
    addRun(row, report, logFile);
  }));
  return row;
}

/**
 * Errors that cannot be true: botjury's clock starts before the bot's read completes and stops after
 * its write starts, so it can never measure less than the bot's own clock, beyond the report's rounding.
 */
function undercounted(row: Row): number[] {
  const halfStepUs = 10 ** (3 - row.decimals) / 2;
  return row.errorUs.filter((e) => e < -halfStepUs);
}

const COLUMNS: [string, number][] = [['load', -5], ['bot', -19], ['games', 6], ['turns', 7], ['timing', 8], ['false', 7], ['missed', 8], ['over', 6], ['err p50', 12], ['err p99', 12], ['err max', 12], ['under', 7]];
const tableLine = (cells: string[]): string =>
  `   ${cells.map((cell, i) => { const width = COLUMNS[i]![1]; return width < 0 ? cell.padEnd(-width) : cell.padStart(width); }).join('')}`;

function printRow(row: Row): void {
  const err = row.errorUs.length ? summarize(row.errorUs) : null;
  const notes = [
    countOf(row.falseVerdicts) ? `false: ${[...row.falseVerdicts].map(([code, n]) => `${code} ${n}`).join(', ')}` : '',
    row.lateByMs === null && row.acceptedLate ? `${row.acceptedLate} replies late by the bot's own clock (starved)` : '',
    row.harnessErrors ? `harness errors ${row.harnessErrors}` : '',
    row.unjudged ? `UNJUDGED ${row.unjudged}` : '',
  ].filter(Boolean).join('; ');
  console.log(tableLine([
    `${row.load}x`, row.bot, String(row.games), String(row.turns),
    row.lateByMs === null ? '—' : String(row.timingVerdicts), String(countOf(row.falseVerdicts)),
    row.lateByMs === null ? '—' : String(row.acceptedLate), String(row.acceptedOverLimit),
    ...(err ? [err.median, err.p99, err.max].map((v) => us(v)) : ['—', '—', '—']), String(undercounted(row).length),
  ]) + (notes ? `  ${notes}` : ''));
}

async function loadSection(): Promise<void> {
  console.log(`2. Load: ${CORES} cores; load k = k busy loops per core (bench/build/spin). The correct bot answers 0–10 ms after its read`);
  console.log(`   completes, in ${path.relative(PACKAGE_ROOT, LONG_GAME)}, one game at a time. A late +X bot answers ${LIMIT_MS}+X ms after (clock_nanosleep),`);
  console.log(`   in ${path.relative(PACKAGE_ROOT, SHORT_GAME)} (a caught late reply ends the game), one game at a time without busy loops (a quiet machine), ${LATE_CONCURRENCY} at a time under load.`);
  console.log(`   turns: turns the bot read (its log); timing: timing verdicts on turns; false: error verdicts the bot did not earn;`);
  console.log(`   missed: late replies botjury accepted; over: accepted replies whose reported wallMs is over the limit; err: report wallMs −`);
  console.log(`   the bot's true reply time (write started − read completed, the bot's CLOCK_MONOTONIC) over accepted replies, µs;`);
  console.log(`   under: replies botjury measured shorter than the bot's own clock`);
  console.log(tableLine(COLUMNS.map(([name]) => name)));
  const bugs: string[] = [];
  const decimals = new Set<number>();
  const loadAverages: string[] = [];
  for (const load of LOADS) {
    const loops = startBusyLoops(CORES * load);
    await new Promise((r) => setTimeout(r, 500)); // let the loops reach their cores
    loadAverages.push(`${load}x ${os.loadavg()[0]!.toFixed(2)}`);
    try {
      const rows = [await measureRow(emptyRow(load, 'correct 0–10 ms', null), LONG_GAME, SIZES.correctGames, 1, ['--sleep-ms', '0', '10'])];
      for (const lateBy of LATE_BY_MS)
        // Without busy loops, one game at a time: the quiet machine the goal is stated for (more games at
        // once on 2 cores would be a load of their own).
        rows.push(await measureRow(emptyRow(load, `late +${lateBy} ms`, lateBy), SHORT_GAME, SIZES.lateGames, load === 0 ? 1 : LATE_CONCURRENCY, ['--sleep-ms', String(LIMIT_MS + lateBy), String(LIMIT_MS + lateBy)]));
      for (const row of rows) {
        printRow(row);
        if (row.errorUs.length) decimals.add(row.decimals);
        const under = undercounted(row);
        if (under.length) bugs.push(`${row.load}x ${row.bot}: ${under.length} replies measured shorter than the bot's own clock says (worst by ${us(-Math.min(...under))} µs)`);
        if (row.unjudged) bugs.push(`${row.load}x ${row.bot}: ${row.unjudged} turns got neither a reply nor a verdict`);
      }
    } finally {
      await stopBusyLoops(loops);
    }
  }
  console.log(`   ${[...decimals].sort().map(resolutionText).join('; ')}; the bot's clock is ns-exact. 1-minute load average at the start: ${loadAverages.join(', ')}\n`);
  if (bugs.length) throw new MeasurementBug(`MEASUREMENT BUG (figures that cannot be true):\n     ${bugs.join('\n     ')}`);
}

/** The raw pipe exchange's median reply (section 1), µs, for the per-reply figures of section 3. */
let rawFloorMedianUs: number | null = null;

/** Wall time of one botjury command, in seconds. */
function timedCli(args: string[], env?: NodeJS.ProcessEnv): number {
  const t0 = process.hrtime.bigint();
  try {
    execFileSync(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'inherit'], cwd: PACKAGE_ROOT, ...(env ? { env } : {}) });
  } catch (e) {
    // 1 is a verdict on a bot (a broken example bot): the time still counts; 2 is not a run.
    if ((e as { status?: number }).status !== 1) throw e;
  }
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

/**
 * The folder of the interpreter that `python3` on PATH runs, when `python3` is not that interpreter (a
 * version manager's shim, e.g. pyenv's), else null.
 */
function pythonBehindShim(tmp: string): string | null {
  try {
    const exe = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    const onPath = (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'python3')).find((f) => fs.existsSync(f));
    if (!onPath || !path.isAbsolute(exe) || fs.realpathSync(onPath) === fs.realpathSync(exe)) return null;
    // Only python3 first: a folder holding a link to the interpreter, not everything beside it.
    const dir = path.join(tmp, 'python');
    fs.mkdirSync(dir);
    fs.symlinkSync(exe, path.join(dir, 'python3'));
    return dir;
  } catch {
    return null;
  }
}

/** Bot replies in a JSON report (a match's or a run's). */
function repliesIn(file: string): number {
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { games?: { seats: { run?: { timing: { replies: number } } }[] }[]; results?: { timing: { replies: number } }[] };
  if (r.games) return r.games.reduce((n, g) => n + g.seats.reduce((m, s) => m + (s.run?.timing.replies ?? 0), 0), 0);
  return (r.results ?? []).reduce((n, x) => n + x.timing.replies, 0);
}

/**
 * µs per bot reply with node's start excluded: the time of `many` games minus that of `few` (the first
 * games of a seeded command are the same games), over the replies in between. The pair is measured
 * three times (once with --quick) and the median kept: one pair moved by up to 40 % from run to run on
 * this 2-core VM (the kernel's cgroup moves and the machine's other work).
 */
function perReplyUs(command: (games: number, report: string) => string[], few: number, many: number, dir: string, env?: NodeJS.ProcessEnv): { us: number; replies: number; all: number[] } {
  const pairs: { us: number; replies: number }[] = [];
  for (let i = 0; i < (QUICK ? 1 : 3); i++) {
    const [a, b] = [few, many].map((n) => {
      const report = path.join(dir, `per-reply-${n}.json`);
      const s = timedCli(command(n, report), env);
      return { s, replies: repliesIn(report) };
    }) as [{ s: number; replies: number }, { s: number; replies: number }];
    const replies = b.replies - a.replies;
    pairs.push({ us: ((b.s - a.s) * 1e6) / replies, replies });
  }
  const all = pairs.map((p) => p.us).sort((x, y) => x - y);
  return { us: all[all.length >> 1]!, replies: pairs[0]!.replies, all };
}

/**
 * 3. throughput: µs per bot reply of `botjury match` (Alquerque, two C bots) and of one-candidate runs
 *    (one C bot against the built-in opponent), node's start excluded, beside the raw exchange; a suite
 *    judged by a referee program against the same suite judged by the built-in game; a JavaChallenge2015
 *    game of 1000 turns with four C bots against the real engine's figures.
 */
async function matchSection(): Promise<void> {
  const [few, many] = QUICK ? [2, 8] : [2, 22];
  const cBot = (game: string) => path.join(PACKAGE_ROOT, 'examples', game, 'c', 'build', 'bot');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'botjury-bench-'));
  try {
    console.log(`3. Throughput: µs per bot reply, node's start excluded (${many} games minus ${few} for the match, ${few + (many - few) * 4} minus ${few} for one-candidate runs), --jobs 1`);
    const matchCommand = (n: number, report: string) => ['match', 'alquerque', '--games', String(n), '--seed', '1', '--reporter', `json=${report}`, '--', cBot('alquerque'), '1', '--', cBot('alquerque'), '2'];
    const match = perReplyUs(matchCommand, few, many, dir);
    // The same without a cgroup per bot: what containment's moves cost a match (docs/timing.md, stop 40).
    const matchBare = perReplyUs(matchCommand, few, many, dir, { ...process.env, BOTJURY_NO_CGROUP: '1' });
    const scenarios = path.join(dir, 'games');
    fs.mkdirSync(scenarios);
    const candidate = perReplyUs((n, report) => {
      fs.rmSync(scenarios, { recursive: true, force: true });
      fs.mkdirSync(scenarios);
      for (let i = 0; i < n; i++) fs.writeFileSync(path.join(scenarios, `game-${String(i).padStart(3, '0')}.yaml`), `game: alquerque\nrole: ${i % 2 ? 'black' : 'white'}\nseed: ${i}\n`);
      return ['run', scenarios, '--jobs', '1', '--reporter', `json=${report}`, '--', cBot('alquerque'), '1'];
    }, few, few + (many - few) * 4, dir); // one bot's replies only: four times the games for as many replies as the match
    const floor = rawFloorMedianUs === null ? 'run the bench without --only to measure it' : `${us(rawFloorMedianUs, 1)} µs`;
    const spread = (r: { all: number[] }) => (r.all.length > 1 ? `; runs ${r.all.map((u) => u.toFixed(0)).join(', ')}` : '');
    console.log(`   ${'match, two C bots (Alquerque)'.padEnd(52)}${match.us.toFixed(0).padStart(7)} µs per reply (${match.replies} replies${spread(match)})`);
    console.log(`   ${'  the same with no cgroup per bot'.padEnd(52)}${matchBare.us.toFixed(0).padStart(7)} µs per reply (BOTJURY_NO_CGROUP=1${spread(matchBare)})`);
    console.log(`   ${'one-candidate runs, one C bot vs the built-in'.padEnd(52)}${candidate.us.toFixed(0).padStart(7)} µs per reply (${candidate.replies} replies${spread(candidate)})`);
    console.log(`   ${'the raw pipe exchange (section 1, median)'.padEnd(52)}${floor.padStart(7)}   goal: ≤ 250 µs per reply for both, a match no dearer than one-candidate runs`);

    // The same suite judged by the built-in game and by the referee program (Python, protocol 2).
    const twin = path.join(dir, 'twin');
    // The built-in side runs a copy too: botjury's own scenarios come read from the build
    // (dist/parsed), a copy's YAML is read as the twin's is; the figure is the referee's, not the loading's.
    const builtInSuite = path.join(dir, 'built-in');
    fs.mkdirSync(twin);
    fs.mkdirSync(builtInSuite);
    for (const f of fs.readdirSync(path.join(PACKAGE_ROOT, 'scenarios', 'alquerque'))) {
      const text = fs.readFileSync(path.join(PACKAGE_ROOT, 'scenarios', 'alquerque', f), 'utf8');
      fs.writeFileSync(path.join(twin, f), text.replace(/^game: alquerque$/m, 'game: alquerque-py'));
      fs.writeFileSync(path.join(builtInSuite, f), text);
    }
    // Alternated, three of each (one pair moved by 20 % from run to run): the medians compared. The
    // referee's `python3` as PATH finds it, and, where that is a version manager's shim (pyenv's execs
    // bash scripts first: ~80 ms a start here), the interpreter it runs, first on PATH.
    const python = pythonBehindShim(dir);
    const direct = python ? { ...process.env, PATH: `${python}${path.delimiter}${process.env.PATH ?? ''}` } : undefined;
    const builtIns: number[] = [];
    const programs: number[] = [];
    const directs: number[] = [];
    // Every run writes its JSON report (the same work on both sides): the referee's runs are read for
    // their jury time, the time botjury waited for the referee's answers (from its write of a request
    // to the answer checked), which is where a program's suite can differ from the built-in's.
    const suiteReport = path.join(dir, 'suite.json');
    const juryTimes: number[] = [];
    const durations: { builtIn: number[]; program: number[] } = { builtIn: [], program: [] };
    /** The last run's games in all: their time, and the time botjury waited for the game's answers (ms). */
    const gamesTotals = () => {
      const games = (JSON.parse(fs.readFileSync(suiteReport, 'utf8')) as { results: { durationMs: number; jury?: { totalMs: number } }[] }).results;
      return { durationMs: games.reduce((sum, g) => sum + g.durationMs, 0), juryMs: games.reduce((sum, g) => sum + (g.jury?.totalMs ?? 0), 0) };
    };
    const referee = (env?: NodeJS.ProcessEnv) => timedCli(['run', twin, '--jobs', '1', '--game-module', path.join(PACKAGE_ROOT, 'examples', 'games', 'alquerque-py', 'game.json'), '--reporter', `json=${suiteReport}`, '--', cBot('alquerque')], env);
    for (let i = 0; i < (QUICK ? 1 : 7); i++) {
      builtIns.push(timedCli(['run', builtInSuite, '--jobs', '1', '--reporter', `json=${suiteReport}`, '--', cBot('alquerque')]));
      durations.builtIn.push(gamesTotals().durationMs);
      programs.push(referee());
      if (direct) directs.push(referee(direct));
      const byReferee = gamesTotals(); // the last referee run's (direct where there is one)
      durations.program.push(byReferee.durationMs);
      juryTimes.push(byReferee.juryMs);
    }
    // Each round's ratio (its three runs side by side, under the same load), the median of the rounds':
    // a run moved by 20 % from one to the next here, the machine's drift moves a round's three together.
    const ratio = (times: number[]) => summarize(times.map((t, i) => t / builtIns[i]!)).median;
    const builtIn = summarize(builtIns).median;
    const program = summarize(programs).median;
    console.log(`   the Alquerque suite, C bot (${builtIns.length} rounds, alternated; medians): built-in game ${builtIn.toFixed(2)} s, referee program (Python) ${program.toFixed(2)} s: ${ratio(programs).toFixed(2)}× (median of the rounds' ratios; goal ≤ 1.5×)`);
    if (direct) {
      // What the shim alone costs a start, beside: the referee's command (python3 -I -S) through PATH and direct.
      const start = (env?: NodeJS.ProcessEnv) => {
        const t0 = process.hrtime.bigint();
        execFileSync('python3', ['-I', '-S', '-c', 'pass'], { stdio: 'ignore', ...(env ? { env } : {}) });
        return Number(process.hrtime.bigint() - t0) / 1e6;
      };
      const viaShim: number[] = [];
      const straight: number[] = [];
      for (let i = 0; i < 5; i++) {
        viaShim.push(start());
        straight.push(start(direct));
      }
      console.log(`   the same with python3 run directly (${python}), not through the shim PATH finds first: ${summarize(directs).median.toFixed(2)} s: ${ratio(directs).toFixed(2)}×`);
      console.log(`   (python3 -I -S starts in ${summarize(viaShim).median.toFixed(0)} ms through the shim, ${summarize(straight).median.toFixed(0)} ms direct: the shim's bash scripts, once a run)`);
    }
    // Like with like: the games' own time (the reports' durations, start-up and planning excluded) and
    // how much of the program's extra is the referee's answers.
    const gamesBuiltIn = summarize(durations.builtIn).median;
    const gamesProgram = summarize(durations.program).median;
    console.log(`   the games alone (the reports' durations, medians): built-in ${gamesBuiltIn.toFixed(0)} ms, referee program ${gamesProgram.toFixed(0)} ms (+${(gamesProgram - gamesBuiltIn).toFixed(0)} ms), of which botjury waited ${summarize(juryTimes).median.toFixed(0)} ms for the referee's answers (jury time: from each request's write to its answer checked)`);
    // A referee adds two wake-ups after a wait a ply (the referee's, then botjury's): what one costs is the
    // machine's (docs/timing.md, stop 37: ~40 µs here, where an idle CPU halts at once).
    const idle = idlePolicy();
    if (idle) console.log(`   (idle CPUs here: ${idle}; a referee program adds two wake-ups after a wait a ply)`);

    // JavaChallenge2015, four C bots, seeds 1-5: games of 1000 turns, as the engine played them.
    const wholes: number[] = [];
    const gameTimes: number[] = [];
    for (const seed of QUICK ? [1] : [1, 2, 3, 4, 5]) {
      const report = path.join(dir, `jc-${seed}.json`);
      wholes.push(timedCli(['match', 'javachallenge2015', '--games', '1', '--seed', String(seed), '--reporter', `json=${report}`, ...[1, 2, 3, 4].flatMap((k) => ['--', cBot('javachallenge2015'), String(k)])]));
      const g = (JSON.parse(fs.readFileSync(report, 'utf8')) as { games: { durationMs: number; outcome: { summary: string } | null }[] }).games[0]!;
      if (/T=1000/.test(g.outcome?.summary ?? '')) gameTimes.push(g.durationMs / 1000);
    }
    const whole = summarize(wholes).median;
    const game = gameTimes.length ? summarize(gameTimes).median : null;
    // The real engine, rebuilt from its sources, same four C bots and start placements, seeds 1-5, every
    // game 1000 turns (measured for the issue on this machine, load 0.3-1.4): 2.79 s for the whole command, 2.53 s of game.
    console.log(`   javachallenge2015, four C bots, a 1000-turn game (median of ${wholes.length}): the whole command ${whole.toFixed(2)} s against the engine's 2.79 s: ${(2.79 / whole).toFixed(1)}× faster (goal ≥ 5×);`);
    console.log(`   the game alone ${game === null ? 'n/a (no 1000-turn game)' : `${game.toFixed(2)} s against the engine's 2.53 s: ${(2.53 / game).toFixed(1)}× faster`}\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How this machine's idle CPUs wait (a VM's haltpoll driver, and how long it polls before halting), or null. */
function idlePolicy(): string | null {
  const read = (file: string): string | null => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const driver = read('/sys/devices/system/cpu/cpuidle/current_driver');
  if (!driver) return null;
  const pollNs = driver === 'haltpoll' ? read('/sys/module/haltpoll/parameters/guest_halt_poll_ns') : null;
  if (pollNs === null) return `cpuidle ${driver}`;
  return Number(pollNs) === 0 ? `cpuidle haltpoll without polling (guest_halt_poll_ns 0): an idle CPU halts at once` : `cpuidle haltpoll, polling up to ${Number(pollNs) / 1000} µs before it halts`;
}

/**
 * What a cgroup move costs here: where the kernel's rcu_sync is idle (no move in the last grace period),
 * a move waits for a grace period (7–20 ms on the 2-core VM of docs/timing.md) unless cgroup2 is mounted
 * with favordynmods or grace periods are expedited (/sys/kernel/rcu_expedited). The throughput rows pay
 * it about once a game (docs/timing.md, stop 39): printed so that runs on differently set machines are
 * not compared as like.
 */
function cgroupMovePolicy(): string {
  let mounts = '';
  try {
    mounts = fs.readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return 'unknown (no /proc/self/mountinfo)';
  }
  const cgroup2 = mounts.split('\n').find((line) => line.split(' - ')[1]?.startsWith('cgroup2 '));
  if (!cgroup2) return 'no cgroup2 mounted';
  const favordynmods = cgroup2.split(' - ')[1]!.split(' ')[2]?.split(',').includes('favordynmods') ?? false;
  let expedited = '?';
  try {
    expedited = fs.readFileSync('/sys/kernel/rcu_expedited', 'utf8').trim();
  } catch {
    // not exposed here
  }
  const waits = !favordynmods && expedited !== '1';
  return `cgroup2 ${favordynmods ? 'with' : 'without'} favordynmods, /sys/kernel/rcu_expedited ${expedited}: ${waits ? 'a move after a quiet spell waits for an RCU grace period' : 'no grace-period wait'}`;
}

// ---- 4. --isolate: what the sandbox costs ----

/**
 * One start of benchbot: how long start() took to resolve, the longest the event loop was held up
 * meanwhile (other bots' replies wait that long to be stamped: the sandbox's pid 2 is looked for
 * without yielding), and how long until its READY arrived (µs).
 */
async function timedStart(isolate: boolean): Promise<{ blockedUs: number; heldUs: number; readyUs: number }> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'botjury-'));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  try {
    const t0 = process.hrtime.bigint();
    loop.enable();
    const bot = await BotProcess.start({ argv: [BOT] }, { cwd, invokedFrom: PACKAGE_ROOT, ...(isolate ? { isolate: { freshCwd: true } } : {}) }, () => undefined);
    const blockedUs = Number(process.hrtime.bigint() - t0) / 1000;
    loop.disable();
    // The histogram's delay beyond its 1 ms timer, so a start that never held the loop reads about 0.
    const heldUs = loop.count > 0 ? Math.max(0, loop.max / 1000 - 1000) : 0;
    const until = process.hrtime.bigint() + 10_000_000_000n;
    while (bot.unreadCount === 0 && !bot.exit && process.hrtime.bigint() < until) await bot.waitForChange(until);
    const ready = bot.takeLine();
    await bot.stop();
    if (ready?.text !== 'READY') throw new Error(`benchbot did not say READY${isolate ? ' in its sandbox' : ''}: ${bot.stderrTail.trim().slice(0, 300)}`);
    return { blockedUs, heldUs, readyUs: Number(ready.arrivedNs - t0) / 1000 };
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

async function isolationSection(): Promise<void> {
  const starts = QUICK ? 10 : 50;
  const games = SIZES.latencyGames;
  console.log(`4. --isolate (bubblewrap): the added start-up per bot and the added reply latency, each measured side by side with the same`);
  console.log(`   without it, alternated (goals: under 20 ms per start, under 20 µs per reply)`);
  const problem = isolationProblem();
  if (problem) {
    console.log(`   not measured: ${problem}
`);
    return;
  }
  for (const isolate of [false, true]) await timedStart(isolate); // the first of each pays for loading code and the one-time probe
  const blocked: Record<'plain' | 'isolated', number[]> = { plain: [], isolated: [] };
  const held: Record<'plain' | 'isolated', number[]> = { plain: [], isolated: [] };
  const ready: Record<'plain' | 'isolated', number[]> = { plain: [], isolated: [] };
  for (let i = 0; i < starts; i++) {
    for (const isolate of i % 2 ? [true, false] : [false, true]) {
      const t = await timedStart(isolate);
      blocked[isolate ? 'isolated' : 'plain'].push(t.blockedUs);
      held[isolate ? 'isolated' : 'plain'].push(t.heldUs);
      ready[isolate ? 'isolated' : 'plain'].push(t.readyUs);
    }
  }
  const ms = (value: number): string => (value / 1000).toFixed(2);
  const header = `   ${''.padEnd(58)}${'median'.padStart(10)}${'p90'.padStart(10)}${'max'.padStart(10)}`;
  console.log(`   start-up: ${starts} starts of bench/build/benchbot each way, in botjury's process (BotProcess.start; a fresh folder each)`);
  console.log(`${header}   ms`);
  for (const [label, samples] of [
    ['start() resolved, without --isolate', blocked.plain], ['start() resolved, with --isolate', blocked.isolated],
    ['longest hold of the event loop in start(), without', held.plain], ['longest hold of the event loop in start(), with', held.isolated],
    ['start to the bot\'s READY arriving, without --isolate', ready.plain], ['start to the bot\'s READY arriving, with --isolate', ready.isolated],
  ] as const) {
    const s = summarize([...samples]);
    console.log(`   ${label.padEnd(58)}${ms(s.median).padStart(10)}${ms(s.p90).padStart(10)}${ms(s.max).padStart(10)}`);
  }
  const addedStart = summarize(ready.isolated).median - summarize(ready.plain).median;
  console.log(`   ${'added start-up per bot (median of READY, isolated − plain)'.padEnd(58)}${ms(addedStart).padStart(10)}   goal: under 20 ms\n`);

  console.log(`   replies: ${games} game${games > 1 ? 's' : ''} of ${path.relative(PACKAGE_ROOT, LONG_GAME)} each way (role 0, ${TURNS_PER_LONG_GAME} turns each), the JSON report's wallMs`);
  const wallUs: Record<'plain' | 'isolated', number[]> = { plain: [], isolated: [] };
  const failures: string[] = [];
  for (let g = 0; g < games; g++) {
    for (const isolate of g % 2 ? [true, false] : [false, true]) {
      const result = (await runBotjury([LONG_GAME], [], undefined, isolate ? ['--isolate'] : [])).results[0]!;
      if (result.status !== 'passed') {
        failures.push(`${isolate ? 'isolated' : 'plain'}: ${result.error ?? result.violations.map((v) => v.message).join('; ')}`);
        continue;
      }
      wallUs[isolate ? 'isolated' : 'plain'].push(...result.timing!.perReply.filter((r) => r.ply !== 0).map((r) => r.wallMs * 1000));
    }
  }
  if (failures.length) console.log(`   ${failures.length} game(s) left out (the correct bench bot got a verdict: a busy machine): ${failures.join(' | ')}`);
  if (!wallUs.plain.length || !wallUs.isolated.length) throw new Error('no game passed both ways');
  const plain = summarize(wallUs.plain);
  const isolated = summarize(wallUs.isolated);
  console.log(`   ${''.padEnd(40)}${'median'.padStart(12)}${'p90'.padStart(12)}${'p99'.padStart(12)}   µs, n = ${plain.n} / ${isolated.n}`);
  console.log(`   ${'without --isolate'.padEnd(40)}${us(plain.median, 0).padStart(12)}${us(plain.p90, 0).padStart(12)}${us(plain.p99, 0).padStart(12)}`);
  console.log(`   ${'with --isolate'.padEnd(40)}${us(isolated.median, 0).padStart(12)}${us(isolated.p90, 0).padStart(12)}${us(isolated.p99, 0).padStart(12)}`);
  const added = (['median', 'p90', 'p99'] as const).map((key) => us(isolated[key] - plain[key], 0));
  console.log(`   ${'added by --isolate'.padEnd(40)}${added.map((a) => a.padStart(12)).join('')}   goal: under 20 µs (median)\n`);
}

/** The share of all cores' time spent busy (not idle or waiting for I/O) since the previous call, from /proc/stat. */
function busyShare(): () => number {
  const read = (): [number, number] => {
    const f = fs.readFileSync('/proc/stat', 'latin1').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    return [f.reduce((a, b) => a + b, 0) - idle, idle];
  };
  let [busy, idle] = read();
  return () => {
    const [b, i] = read();
    const share = b - busy + (i - idle) > 0 ? (b - busy) / (b - busy + (i - idle)) : 0;
    [busy, idle] = [b, i];
    return share;
  };
}

/**
 * After the load rows, the throughput rows wait for 30 quiet seconds in a row (under 5 % busy, at most
 * 2 minutes): right after a minute of busy loops this VM ran them ~8 % slower for a while with nothing
 * busy on it (one-candidate runs 270–293 µs a reply at once, 254–267 µs 30 s later), so figures taken
 * at once would compare a tired machine with a rested one.
 */
async function settle(): Promise<void> {
  const share = busyShare();
  const started = Date.now();
  let quiet = 0;
  while (quiet < 30 && Date.now() - started < 120_000) {
    await new Promise((r) => setTimeout(r, 1000));
    quiet = share() < 0.05 ? quiet + 1 : 0;
  }
  console.log(`(waited ${((Date.now() - started) / 1000).toFixed(0)} s for ${quiet} quiet seconds in a row after the load rows; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})\n`);
}

async function main(): Promise<void> {
  execFileSync('make', ['-s', '-C', BENCH_DIR], { stdio: 'inherit' });
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`botjury benchmark${QUICK ? ' (--quick)' : ''} — ${new Date().toISOString().slice(0, 10)}, ${CORES} cores (${cpu}), node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`cgroup moves (a bot's spawn, ~1 a game; botjury keeps them quick while bots are still to start): ${cgroupMovePolicy()}\n`);
  const started = Date.now();
  let failed = false;
  for (const [name, section] of [['latency', latencySection], ['load', loadSection], ['match', matchSection], ['isolation', isolationSection]] as const) {
    if (only && only !== name) continue;
    if (name === 'match' && !only) await settle();
    try {
      await section();
    } catch (e) {
      if (!(e instanceof MeasurementBug)) throw e;
      console.log(`   ${e.message}\n`);
      failed = true;
    }
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failed) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
});
