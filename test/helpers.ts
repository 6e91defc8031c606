// Shared test helpers: run the built CLI (dist/, built by `pretest`) as a user would, and read its JSON report.
import { execa } from 'execa';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { GameDefinition } from '../harness/core/game.js';
import type { ScenarioResult } from '../harness/core/result.js';
import type { Violation } from '../harness/core/violations.js';
import type { RunReport } from '../harness/core/runner.js';
import { seatView, type Referee, type RefereeContext } from '../harness/core/single-seat.js';
import { isolationProblem, sandboxCommandProblem } from '../harness/core/isolation.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SCRATCH_PREFIX = 'botjury-tests-';
let scratchRoot: string | undefined;
/**
 * A fresh folder for a test's files, inside one folder per test process, /tmp/botjury-tests-<the vitest
 * run's pid>-*, which test/global-setup.ts removes when the run ends: the suite used to leave ~100
 * folders in /tmp a run (13,000 after a few days slowed every mkdtemp there). Readable by all down to
 * the folder, as /tmp is: a sandboxed bot runs as another user. (The --isolate tests keep their folders
 * directly under /tmp: what the sandbox shows depends on it.)
 */
export function scratchDir(prefix: string): string {
  if (scratchRoot === undefined) {
    scratchRoot = mkdtempSync(path.join(tmpdir(), `${SCRATCH_PREFIX}${process.ppid}-`));
    chmodSync(scratchRoot, 0o755);
  }
  return mkdtempSync(path.join(scratchRoot, prefix));
}
/**
 * The project's shared folder: the official rule texts and data, which the public repository does not
 * hold. BOTJURY_SHARED_DIR points elsewhere (`BOTJURY_SHARED_DIR=/nonexistent npx vitest run` shows
 * what a fresh clone runs).
 */
export const SHARED = path.resolve(ROOT, process.env.BOTJURY_SHARED_DIR ?? path.join('..', 'shared'));
export const HAS_SHARED = existsSync(SHARED);
/** A test's name, with the reason it is skipped where the shared folder is absent (use with skipIf(!HAS_SHARED)). */
export function needsShared(name: string): string {
  return HAS_SHARED ? name : `${name} [skipped: needs the official rule texts and data in ${SHARED}, not in the public repository]`;
}
export const CLI = path.join(ROOT, 'bin', 'botjury.js');

/**
 * Why --isolate cannot be tested from this checkout, or null: isolation does not work on this machine,
 * or botjury runs as root (the sandbox then runs as `nobody`) and the checkout lies in a folder closed
 * to others, as a clone under /root does. Tests of isolation skip with this reason (fail where CI is set).
 */
export function isolationTestProblem(): string | null {
  return isolationProblem() ?? sandboxCommandProblem(path.join(ROOT, 'examples', 'alquerque', 'c', 'build', 'bot'), []);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `botjury <args>` from the repository root (or `cwd`); never throws on a non-zero exit.
 * Without NODE_EXTRA_CA_CERTS (unless the test gives it): botjury makes no TLS connection, and with the
 * variable set every node start reads and parses that CA bundle first (~25 ms of CPU; the suite starts
 * botjury about a thousand times).
 */
export async function runCli(args: string[], options: { timeoutMs?: number; env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  const r = await execa(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    reject: false,
    timeout: options.timeoutMs ?? 120_000,
    env: { NO_COLOR: '1', NODE_EXTRA_CA_CERTS: undefined, ...options.env },
    stdin: 'ignore',
  });
  return { code: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/**
 * The command's own `main` in this process, its output captured: for tests of what a command says about
 * many inputs (a forged file each), where a process start per case would prove nothing more. Tests of
 * the process itself (its exit, its signals, its memory) use runCli. One at a time: stdout and stderr
 * are this process's while it runs.
 */
export async function runInProcess(args: string[]): Promise<CliRun> {
  const { main } = await import('../harness/cli.js');
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r): r is () => void => typeof r === 'function');
      done?.();
      return true;
    }) as typeof process.stdout.write;
  // The command's interrupt and exit handlers are the command's process's: not left on the test worker.
  const emitter: NodeJS.EventEmitter = process;
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit'];
  const listening = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const [out, err, noColor] = [process.stdout.write, process.stderr.write, process.env.NO_COLOR];
  process.stdout.write = capture((t) => (stdout += t));
  process.stderr.write = capture((t) => (stderr += t));
  process.env.NO_COLOR = '1';
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    if (noColor === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = noColor;
    for (const e of events) for (const l of emitter.listeners(e)) if (!listening.get(e)!.has(l)) emitter.off(e, l as () => void);
  }
}

/**
 * The JSON report as the harness types it (the JSON reporter writes the RunReport as is): a test that
 * reads a field the report does not have fails to type-check (tsconfig.test.json, run by `npm test`)
 * instead of comparing `undefined`.
 */
export type Report = RunReport;
export type ReportResult = ScenarioResult;
export type ReportViolation = Violation;

/** Runs botjury with the JSON reporter on stdout and parses it. */
export async function runJson(args: string[], options: { timeoutMs?: number } = {}): Promise<CliRun & { report: Report }> {
  const run = await runCli([...args.slice(0, args.indexOf('--') < 0 ? args.length : args.indexOf('--')), '--reporter', 'json', ...(args.indexOf('--') < 0 ? [] : args.slice(args.indexOf('--')))], options);
  let report: Report;
  try {
    report = JSON.parse(run.stdout) as Report;
  } catch {
    throw new Error(`no JSON report (exit ${run.code}); stderr:\n${run.stderr}\nstdout:\n${run.stdout.slice(0, 2000)}`);
  }
  return { ...run, report };
}

/** The distinct error-severity violation codes of a report, sorted. */
export function errorCodes(report: Report): string[] {
  return [...new Set(report.results.flatMap((r) => r.violations.filter((v) => v.severity === 'error').map((v) => v.code)))].sort();
}

/**
 * The distinct violation codes of any severity, sorted; without `late-excused`, which says only that
 * the machine was loaded (a reply over its limit by the wall clock, excused by measured load).
 */
export function allCodes(report: Report): string[] {
  return [...new Set(report.results.flatMap((r) => botVerdicts(r).map((v) => v.code)))].sort();
}

/** A run's violations without `late-excused` (the machine's load, with its evidence: see allCodes), in order. */
export function botVerdicts<V extends { code: string }>(result: { violations: V[] }): V[] {
  return result.violations.filter((v) => v.code !== 'late-excused');
}

/**
 * A game seen from one bot seat, as botjury 0.1's single-seat Referee: the handiest way for a test to
 * walk a game from one seat (sends and awaits of that seat, every other seat's move as `opponent`).
 */
export function refereeOf(def: GameDefinition, ctx: RefereeContext): Referee {
  const { role, ...rest } = ctx;
  return seatView(def.createGame({ ...rest, bots: [role] }), role);
}

/** The process is running (a zombie, ended but not yet reaped — or left to a non-reaping init in a container — counts as ended). */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
