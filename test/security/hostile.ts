// What every hostile file or input must give: exit 2 and a short reason on stderr — never a stack
// trace, never "internal error", never a line of the file it was pointed at.
import { execa, type ResultPromise } from 'execa';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { ROOT, type CliRun, scratchDir } from '../helpers.js';

export function expectRefused(r: CliRun, reason: RegExp, label = ''): void {
  expect(r.code, `${label}\n${r.stderr}`).toBe(2);
  // `validate` prints its problems on stdout, everything else on stderr.
  const text = `${r.stdout}${r.stderr}`;
  expect(text, label).toMatch(reason);
  expect(text, label).not.toMatch(/internal error|\n\s+at |Unhandled/);
  // One reason, and at most the usage hint or validate's count.
  const lines = r.stderr.trim().split('\n').filter((l) => !/^run 'botjury (\w+ )?--help' for usage$/.test(l) && !/^\d+ of \d+ scenario files? valid$/.test(l));
  expect(lines.length, `${label}\n${r.stderr}`).toBeLessThanOrEqual(1);
}

/** A run of botjury measured from outside: its wall time and its own peak resident memory. */
export interface MeasuredRun extends CliRun {
  ms: number;
  /** botjury's own peak resident set (getrusage maxRSS of its process alone: no bot, no referee), MB. */
  peakRssMb: number;
}

/**
 * Runs `botjury <args>` as bin/botjury.js does, in a child that writes its own peak resident memory
 * (process.resourceUsage().maxRSS, at exit: interrupted runs too) into a file of its own.
 */
export function startMeasured(args: string[], options: { cwd?: string; timeoutMs?: number } = {}): { child: ResultPromise; result: Promise<MeasuredRun> } {
  const rssFile = path.join(scratchDir('botjury-rss-'), 'maxrss');
  const cli = pathToFileURL(path.join(ROOT, 'dist', 'harness', 'cli.js')).href;
  const code = `
    import { writeFileSync } from 'node:fs';
    const [rssFile, ...args] = process.argv.slice(1);
    process.on('exit', () => writeFileSync(rssFile, String(process.resourceUsage().maxRSS)));
    const { main } = await import(${JSON.stringify(cli)});
    process.exitCode = await main(args);`;
  const started = Date.now();
  const child = execa(process.execPath, ['--input-type=module', '-e', code, rssFile, ...args], {
    cwd: options.cwd ?? ROOT, reject: false, timeout: options.timeoutMs ?? 120_000, env: { NO_COLOR: '1' }, stdin: 'ignore',
  });
  const result = child.then((r) => {
    const ms = Date.now() - started;
    let kb = NaN;
    try {
      kb = Number(readFileSync(rssFile, 'utf8'));
    } finally {
      rmSync(path.dirname(rssFile), { recursive: true, force: true });
    }
    return { code: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr), ms, peakRssMb: kb / 1024 };
  });
  return { child, result };
}

export const runMeasured = (args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<MeasuredRun> => startMeasured(args, options).result;
