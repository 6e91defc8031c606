// `npm run bench`: the figures behind "timing is the product". Prints, does not assert.
//   1. the runner's added latency per exchange against a raw child_process round trip (same bot: cat)
//   2. timing error against a bot that sleeps known times
//   3. full Alquerque games per second against the C example bot
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BotProcess } from '../harness/core/bot-process.js';
import { PACKAGE_ROOT } from '../harness/core/paths.js';
import { planTasks, runTasks } from '../harness/core/runner.js';
import { GAMES } from '../harness/games/registry.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

function stats(samples: number[]): { median: number; p99: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p99: s[Math.floor(s.length * 0.99)]!, max: s[s.length - 1]! };
}
const f = (n: number): string => `${(n * 1000).toFixed(0)} µs`;

async function rawRoundTrips(): Promise<number[]> {
  const child = spawn('cat', [], { stdio: ['pipe', 'pipe', 'ignore'] });
  const samples: number[] = [];
  let resolveLine: (() => void) | null = null;
  let buf = '';
  let arrived = 0n;
  child.stdout.on('data', (chunk: Buffer) => {
    arrived = process.hrtime.bigint();
    buf += chunk.toString();
    if (buf.includes('\n')) {
      buf = '';
      resolveLine?.();
    }
  });
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = 0n;
    await new Promise<void>((r) => {
      resolveLine = r;
      child.stdin.write('c3-d4\n');
      t0 = process.hrtime.bigint();
    });
    // Same measure as the runner's: arrival stamp minus the stamp taken right after the write.
    samples.push(Number(arrived - t0) / 1e6);
  }
  child.kill();
  return samples;
}

async function runnerRoundTrips(argv: string[], replyDelay = 0): Promise<number[]> {
  const bot = BotProcess.start({ argv }, { cwd: PACKAGE_ROOT, invokedFrom: PACKAGE_ROOT }, () => undefined);
  const samples: number[] = [];
  const rounds = replyDelay > 0 ? 40 : ROUNDS;
  for (let i = 0; i < rounds; i++) {
    const { atNs } = bot.write(['c3-d4']);
    while (bot.lines.length === 0) await bot.waitForChange(atNs + 10_000_000_000n);
    const line = bot.lines.shift()!;
    // What the session records as the reply's wall time: arrival stamp minus the write stamp.
    if (i > 0) samples.push(Number(line.arrivedNs - atNs) / 1e6 - replyDelay); // the first includes the bot's start-up
  }
  await bot.stop();
  return samples;
}

async function gamesPerSecond(): Promise<{ games: number; seconds: number; replies: number }> {
  const scenario = path.join(PACKAGE_ROOT, 'scenarios', 'alquerque', 'seeded-game-10.yaml');
  const tasks = planTasks(Array.from({ length: 20 }, () => scenario), GAMES, { cwd: PACKAGE_ROOT });
  const t0 = Date.now();
  const report = await runTasks(tasks, GAMES, {
    bot: { argv: [path.join(PACKAGE_ROOT, 'examples', 'alquerque', 'c', 'build', 'bot')] },
    invokedFrom: PACKAGE_ROOT,
  });
  const seconds = (Date.now() - t0) / 1000;
  if (report.summary.failed + report.summary.errors > 0) throw new Error('the C example failed a game during the benchmark');
  return { games: report.results.length, seconds, replies: report.results.reduce((n, r) => n + r.timing.replies, 0) };
}

async function main(): Promise<void> {
  console.log(`botjury benchmark — node ${process.version}, ${process.arch}, ${ROUNDS} round trips\n`);
  // Each measured after a warm-up run of its own, so neither pays for the JIT.
  await rawRoundTrips();
  const raw = stats(await rawRoundTrips());
  await runnerRoundTrips(['cat']);
  const runner = stats(await runnerRoundTrips(['cat']));
  console.log('1. round trip with `cat` as the bot (write a line, receive it back)');
  console.log(`   raw child_process:  median ${f(raw.median)}, p99 ${f(raw.p99)}, max ${f(raw.max)}`);
  console.log(`   botjury runner:     median ${f(runner.median)}, p99 ${f(runner.p99)}, max ${f(runner.max)}`);
  console.log(`   added by botjury:   median ${f(runner.median - raw.median)}, p99 ${f(runner.p99 - raw.p99)}\n`);

  console.log('2. timing error against a bot that sleeps a known time before each answer (python3 time.sleep)');
  for (const ms of [10, 50, 100]) {
    const sleeper = ['python3', '-c', `import sys,time\nfor l in sys.stdin:\n    time.sleep(${ms / 1000})\n    sys.stdout.write(l)\n    sys.stdout.flush()`];
    const err = stats(await runnerRoundTrips(sleeper, ms));
    console.log(`   sleep ${String(ms).padStart(3)} ms: measured minus sleep: median ${f(err.median)}, p99 ${f(err.p99)}, max ${f(err.max)}`);
  }
  console.log('');
  const g = await gamesPerSecond();
  console.log('3. full Alquerque games against the C example (seeded-game-10 x 20, both colours, one at a time, all checks on)');
  console.log(`   ${g.games} games, ${g.replies} replies in ${g.seconds.toFixed(2)} s: ${(g.games / g.seconds).toFixed(1)} games/s, ${(g.replies / g.seconds).toFixed(0)} replies/s`);
}

await main();
