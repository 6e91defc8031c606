#!/usr/bin/env node
// Measures whether parallel runs (--jobs) change timing verdicts: runs a game's built-in suite with
// each --jobs value and compares the reply times the jury measured and the timing verdicts it gave.
// Usage (after `npm run build` and `make -C examples`):
//   node test/reporters/measure-jobs.mjs <game> <jobs,jobs,...> [repeats] -- <bot command...>
//   node test/reporters/measure-jobs.mjs javachallenge2015 1,4,8 3 -- examples/javachallenge2015/c/build/bot
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dash = process.argv.indexOf('--');
const [game, jobsList, repeats = '1'] = process.argv.slice(2, dash);
const bot = process.argv.slice(dash + 1);
if (dash < 0 || !game || !jobsList || bot.length === 0) {
  console.error('usage: measure-jobs.mjs <game> <jobs,jobs,...> [repeats] -- <bot command...>');
  process.exit(2);
}
const TIMING = new Set(['handshake-timeout', 'move-timeout', 'total-time-exceeded']);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'botjury-jobs-'));
const rows = [];
try {
  for (let rep = 1; rep <= Number(repeats); rep++)
    for (const jobs of jobsList.split(',')) {
      const file = path.join(dir, `r-${jobs}-${rep}.json`);
      const started = Date.now();
      let code = 0;
      try {
        execFileSync(process.execPath, [path.join(ROOT, 'bin/botjury.js'), 'check', game, '--jobs', jobs, '--reporter', `json=${file}`, '--', ...bot], { cwd: ROOT, stdio: 'ignore' });
      } catch (e) {
        code = e.status ?? -1;
      }
      const wallS = (Date.now() - started) / 1000;
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const replies = report.results.flatMap((r) => r.timing.perReply.map((p) => ({ ...p, where: `${r.scenario} [${r.role}] ply ${p.ply}` })));
      const walls = replies.map((p) => p.wallMs).sort((a, b) => a - b);
      const limited = replies.filter((p) => p.limitMs !== null);
      const minMargin = limited.length ? Math.min(...limited.map((p) => p.limitMs - p.wallMs)) : null;
      const closest = limited.reduce((a, p) => (!a || p.wallMs / p.limitMs > a.wallMs / a.limitMs ? p : a), null);
      const tightest = closest ? closest.wallMs / closest.limitMs : null;
      const timingVerdicts = report.results.flatMap((r) => r.violations.filter((v) => TIMING.has(v.code)).map((v) => `${r.scenario}[${r.role}]:${v.code}`));
      rows.push({
        jobs: Number(jobs),
        run: rep,
        exit: code,
        runs: report.results.length,
        replies: walls.length,
        'p50 ms': pct(walls, 50),
        'p99 ms': pct(walls, 99),
        'max ms': walls.at(-1) ?? 0,
        'min margin ms': minMargin === null ? '-' : Math.round(minMargin * 100) / 100,
        'max % of limit': tightest === null ? '-' : `${(tightest * 100).toFixed(1)}%`,
        'timing verdicts': timingVerdicts.length,
        'suite s': wallS.toFixed(1),
      });
      if (closest) console.error(`jobs ${jobs}, run ${rep}: closest to its limit: ${closest.where}: ${closest.wallMs} of ${closest.limitMs} ms (CPU ${closest.cpuMs} ms)`);
      if (timingVerdicts.length) console.error(`jobs ${jobs}: ${timingVerdicts.join(', ')}`);
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${game} — bot: ${bot.join(' ')} — ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.table(rows);
