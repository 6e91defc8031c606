// GitHub Actions reporter: when a run ends, one annotation per cause of failure (grouped over all runs,
// with its count, most important first, pointing at the scenario file and the line of the step it
// happened in), within GitHub's limits of 10 error and 10 warning annotations per step and 50 per
// job; and the job summary in Markdown (reporters/github/summary.ts) appended to $GITHUB_STEP_SUMMARY
// (or written to the file of `--reporter github=FILE`). On by itself when GITHUB_ACTIONS=true.
//
// The job's annotation count is carried from step to step in BOTJURY_ANNOTATIONS through $GITHUB_ENV,
// so several botjury steps in one job stay within the 50 together.
//
// While bots run, the runner is told to read no workflow command from the log (guardLog): the console
// prints what bots wrote, and the runner would take `##[error]…` anywhere in a line, or `::…::` at its
// start, for a command — a bot could forge annotations, mask text or stop botjury's own.
import { appendFileSync, existsSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, RunInfo, RunReport } from '../harness/core/runner.js';
import { describeOsError, FileError } from '../harness/core/files.js';
import { groupCauses, pliesText, runsOf, type BotOf, type Cause } from './causes.js';
import { botLanguage, fixHint } from './console/fix-hints.js';
import { rerunCommand } from './console/rerun.js';
import { printable } from './console/verdicts.js';
import { annotationLine, newStopToken, PER_JOB, PER_STEP, problemAnnotations, resumeLine, stopLine, type Annotation } from './github/commands.js';
import { STEP_SUMMARY_LIMIT, summaryMarkdown } from './github/summary.js';
import type { Output } from './output.js';

export interface GithubOptions {
  /** Where the workflow commands go (the step's log: stdout, or stderr when a report holds stdout). */
  annotations: Output;
  /** `--reporter github=FILE`: the summary goes there instead of $GITHUB_STEP_SUMMARY. */
  summaryFile?: string;
  env?: NodeJS.ProcessEnv;
  /** Where scenario paths are relative to (botjury's working directory). */
  cwd?: string;
  rerunFlags?: string[];
  /** The log guard started before the bots ran (guardLog): resumed before the annotations are written. */
  guard?: LogGuard;
}

/** What a run's GitHub output adds for a match: its table, and no re-run commands (seats are not files). */
export interface GithubExtras {
  shard?: { index: number; count: number };
  preface?: string;
  rerunnable?: boolean;
  /**
   * A match or a tournament: the bot each run judged (causes.ts, seatBots), so that each bot's causes
   * are its own, named, with the fix in its language.
   */
  botOf?: BotOf;
}

/** The variable that carries the job's annotation count from one step to the next. */
export const ANNOTATIONS_VAR = 'BOTJURY_ANNOTATIONS';
/** Room left in a step summary for what other tools append in the same step. */
const SUMMARY_MARGIN = 1024;
const MAX_ANNOTATION_MESSAGE = 2000;

export function githubReporter(options: GithubOptions): Reporter {
  let info: RunInfo | undefined;
  let guard: LogGuard | undefined;
  return {
    onRunStart(i) {
      info = i;
      // The command line guards the log from the start (reporterTargets); a reporter made in code does it here.
      guard = guardOf(options.annotations) ?? guardLog(options.annotations);
    },
    async onRunEnd(report: RunReport) {
      await writeGithub(report, { ...options, ...(guard ? { guard } : {}) }, info?.shard ? { shard: info.shard } : {});
    },
  };
}

/** An output whose log is guarded (guardedOutput): writeGithub resumes the guard before its annotations. */
export type GuardedOutput = Output & { guard: LogGuard };

/** The log guard an output carries, if any. */
export function guardOf(out: Output): LogGuard | undefined {
  const g = (out as Partial<GuardedOutput>).guard;
  return g && typeof g.resume === 'function' ? g : undefined;
}

/** `out`, its log guarded from now on (guardLog): for the github reporter's stream, made before any bot runs. */
export function guardedOutput(out: Output): GuardedOutput {
  return { ...out, guard: guardLog(out) };
}

/** The runner reading workflow commands again; idempotent. */
export interface LogGuard {
  resume(): void;
}

/**
 * From now until resume(), the GitHub runner reads no workflow command from the step's log
 * (`::stop-commands::` with a random token): whatever a bot wrote that botjury prints stays text. Start
 * it before the first bot runs, on the stream the annotations go to (the console's). When botjury
 * exits without resuming (a harness fault mid-run), the exit resumes it, so that the rest of the step
 * reads commands again.
 */
export function guardLog(out: Output): LogGuard {
  const token = newStopToken();
  out.write(`${stopLine(token)}\n`);
  let resumed = false;
  const fd = (out.stream as { fd?: unknown }).fd;
  const atExit = (): void => {
    if (resumed) return;
    resumed = true;
    // Writes to a pipe, a file or a terminal are synchronous on Linux: this line comes after the rest.
    if (typeof fd === 'number') {
      try {
        writeSync(fd, `${resumeLine(token)}\n`);
      } catch {
        // the log is gone: nothing reads it any more
      }
    }
  };
  process.once('exit', atExit);
  return {
    resume() {
      if (resumed) return;
      resumed = true;
      process.removeListener('exit', atExit);
      out.write(`${resumeLine(token)}\n`);
    },
  };
}

/** Writes the annotations and the summary of a finished run. */
export async function writeGithub(report: RunReport, options: GithubOptions, extras: GithubExtras = {}): Promise<void> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const used = Math.min(PER_JOB, Math.max(0, Number.parseInt(env[ANNOTATIONS_VAR] ?? '0', 10) || 0));
  const annotations = annotationsFor(report, { cwd, env, used, rerunFlags: options.rerunFlags ?? [], rerunnable: extras.rerunnable !== false, ...(extras.botOf ? { botOf: extras.botOf } : {}) });
  (options.guard ?? guardOf(options.annotations))?.resume();
  for (const a of annotations) options.annotations.write(`${annotationLine(a)}\n`);
  await options.annotations.close();
  if (annotations.length > 0 && env.GITHUB_ENV) appendQuietly(env.GITHUB_ENV, `${ANNOTATIONS_VAR}=${used + annotations.length}\n`);
  const target = options.summaryFile ?? env.GITHUB_STEP_SUMMARY;
  if (!target) return;
  const append = options.summaryFile === undefined;
  const before = append && existsSync(target) ? statSync(target).size : 0;
  const markdown = summaryMarkdown(report, {
    language: botLanguage(report.bot.command, cwd),
    rerunFlags: options.rerunFlags ?? [],
    budget: Math.max(0, STEP_SUMMARY_LIMIT - SUMMARY_MARGIN - before),
    cwd,
    ...extras,
  });
  try {
    if (append) appendFileSync(target, markdown);
    else writeFileSync(target, markdown);
  } catch (e) {
    throw new FileError(`${append ? 'GITHUB_STEP_SUMMARY' : '--reporter github='}${append ? ` ${target}` : target}`, `cannot write it (${describeOsError(e)})`);
  }
}

/**
 * `validate`'s problems under GitHub Actions: an error annotation at each one's file (as GitHub names
 * it), line and column, within what is left of the step's 10 and the job's 50.
 */
export function writeProblemAnnotations(problems: readonly { file: string; line: number; col: number; message: string }[], out: Output, cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const used = Math.min(PER_JOB, Math.max(0, Number.parseInt(env[ANNOTATIONS_VAR] ?? '0', 10) || 0));
  const annotations = problemAnnotations(problems.map((p) => ({ ...p, file: workspaceFile(p.file, cwd, env) })), Math.min(PER_STEP, PER_JOB - used));
  for (const a of annotations) out.write(`${annotationLine(a)}\n`);
  if (annotations.length > 0 && env.GITHUB_ENV) appendQuietly(env.GITHUB_ENV, `${ANNOTATIONS_VAR}=${used + annotations.length}\n`);
}

/** $GITHUB_ENV is the runner's; a failure to note the count there costs only the job-wide limit. */
function appendQuietly(file: string, text: string): void {
  try {
    appendFileSync(file, text);
  } catch {
    // the count is a courtesy to later steps
  }
}

interface Context {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Annotations earlier steps of the job wrote. */
  used: number;
  rerunFlags: readonly string[];
  rerunnable: boolean;
  botOf?: BotOf;
}

/** The level a cause is annotated at: what fails the gate is an error. */
const levelOf = (c: Cause): Annotation['level'] => (c.fails ? 'error' : c.kind === 'inconclusive' ? 'notice' : 'warning');

/** One annotation per cause, most important first, at most 10 of a level and what is left of the job's 50. */
export function annotationsFor(report: RunReport, ctx: Context): Annotation[] {
  const botOf = ctx.botOf;
  const causes = groupCauses(report.results, report.strict, botOf && ((r) => botOf(r)?.name));
  let left = PER_JOB - ctx.used;
  const out: Annotation[] = [];
  for (const level of ['error', 'warning', 'notice'] as const) {
    const mine = causes.filter((c) => levelOf(c) === level);
    const room = Math.min(PER_STEP, left);
    if (mine.length === 0 || room <= 0) continue;
    const shown = mine.length > room ? mine.slice(0, room - 1) : mine;
    for (const c of shown) out.push(causeAnnotation(c, level, report, ctx));
    if (mine.length > room) {
      const rest = mine.slice(room - 1);
      const runs = new Set(rest.flatMap((c) => c.runs)).size;
      out.push({
        level,
        title: `botjury: ${rest.length} more cause${rest.length === 1 ? '' : 's'} (${runs} run${runs === 1 ? '' : 's'})`,
        message: `${rest.slice(0, 20).map((c) => `${c.owner !== undefined ? `${printable(c.owner)}: ` : ''}${c.code}${pliesText(c)} in ${c.runs.length} run${c.runs.length === 1 ? '' : 's'}`).join('\n')}${rest.length > 20 ? '\n…' : ''}\nGitHub shows ${PER_STEP} ${level} annotations per step: the job summary and the log have every cause.`,
      });
    }
    left -= Math.min(mine.length, room);
  }
  return out;
}

function causeAnnotation(c: Cause, level: Annotation['level'], report: RunReport, ctx: Context): Annotation {
  const r = c.first.result;
  const step = c.first.violation?.step;
  const what = c.kind === 'harness-error' ? 'harness error' : c.code;
  // A match's or tournament's cause is one bot's: named, counted over its runs, fixed in its language.
  const owner = c.owner !== undefined ? ctx.botOf?.(r) : undefined;
  const bot = owner?.command ?? report.bot.command;
  const language = botLanguage(bot, ctx.cwd);
  const total = runsOf(report.results, c, ctx.botOf);
  const lines = [...(owner ? [`bot ${printable(owner.name)}: ${printable(owner.command.join(' ').slice(0, 300))}`] : []), printable(c.message.slice(0, MAX_ANNOTATION_MESSAGE))];
  const hint = c.kind === 'verdict' ? fixHint(c.code, language) : null;
  if (hint) lines.push(`fix (${hint.language}): ${hint.lines.join(' ')}`);
  lines.push(`first in ${printable(r.scenario)}${step ? ` line ${step.line} (step ${step.number})` : ''} [${printable(r.role)}] ${printable(r.name)}${c.runs.length > 1 ? `, then ${c.runs.length - 1} more run${c.runs.length === 2 ? '' : 's'}` : ''}`);
  if (ctx.rerunnable) lines.push(`re-run: ${rerunCommand(r.scenario, r.role, bot, ctx.rerunFlags)}`);
  const file = ctx.rerunnable ? annotationFile(r.scenario, ctx) : undefined;
  return {
    level,
    title: `botjury: ${owner ? `bot ${printable(owner.name).slice(0, 40)}: ` : ''}${what}${pliesText(c)} in ${c.runs.length} of ${owner ? 'its ' : ''}${total} run${total === 1 ? '' : 's'}`,
    message: lines.join('\n'),
    ...(file !== undefined ? { file, line: step?.line ?? 1 } : {}),
  };
}

/** The scenario file as GitHub names files: relative to the workspace (the repository) when inside it. */
function annotationFile(scenario: string, ctx: Context): string | undefined {
  if (!existsSync(path.resolve(ctx.cwd, scenario))) return undefined;
  return workspaceFile(scenario, ctx.cwd, ctx.env);
}

/** A file as GitHub names files in annotations: relative to $GITHUB_WORKSPACE when inside it, else absolute. */
export function workspaceFile(file: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const workspace = env.GITHUB_WORKSPACE;
  if (!workspace) return file;
  const rel = path.relative(workspace, path.resolve(cwd, file));
  return rel.startsWith('..') || path.isAbsolute(rel) ? path.resolve(cwd, file) : rel;
}
