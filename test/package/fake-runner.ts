// A small stand-in for a GitHub Actions runner, enough to run botjury's workflow templates and its
// composite action as a runner would: each `run:` step in bash (`bash -e -o pipefail`, as GitHub's
// default shell) in the workspace, with the job's and the step's env, GITHUB_ACTIONS=true, a fresh
// $GITHUB_STEP_SUMMARY and $GITHUB_OUTPUT file per step, $GITHUB_ENV applied to the later steps,
// `${{ }}` expressions of the contexts the templates use, and `if:` as GitHub reads it (a failed step
// skips the rest unless `always()`). `uses:` steps are emulated: checkout and setup-node do nothing
// here (the workspace is there, and so is Node), upload-artifact records its name and path, and a
// local composite action (`uses: ./node_modules/botjury`) runs its own steps the same way. Any other
// action, or an expression it does not know, fails the test rather than being skipped quietly.
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string | number>;
  with?: Record<string, string | number | boolean>;
  shell?: string;
}

export interface StepRun {
  step: Step;
  /** `skipped`: its `if:` was false. */
  outcome: 'success' | 'failure' | 'skipped';
  exitCode: number | null;
  output: string;
  /** The step's $GITHUB_STEP_SUMMARY as it wrote it ('' when it wrote none). */
  summary: string;
  outputs: Record<string, string>;
  /** Steps of a composite action, run inside this one. */
  inner?: StepRun[];
}

export interface Artifact {
  name: string;
  /** Absolute path of what was uploaded. */
  path: string;
}

export interface Contexts {
  matrix?: Record<string, string | number>;
  inputs?: Record<string, string>;
}

export class FakeRunner {
  readonly artifacts: Artifact[] = [];
  /** What steps appended to $GITHUB_ENV, applied to every later step. */
  private readonly jobEnv: Record<string, string> = {};
  private counter = 0;

  constructor(
    readonly workspace: string,
    /** A folder for the runner's own files (RUNNER_TEMP, the per-step files). */
    readonly runnerDir: string,
    private readonly baseEnv: Record<string, string> = {},
  ) {
    mkdirSync(path.join(runnerDir, 'temp'), { recursive: true });
  }

  /** Runs a job's steps in order with the workflow's and job's env; returns each step's run. */
  async job(steps: Step[], env: Record<string, string | number>, contexts: Contexts, actionPath?: string): Promise<StepRun[]> {
    const runs: StepRun[] = [];
    const outputsOf: StepsContext = {};
    let failed = false;
    for (const step of steps) {
      const ctx = { ...contexts, steps: outputsOf };
      if (!this.condition(step.if, failed, ctx)) {
        runs.push({ step, outcome: 'skipped', exitCode: null, output: '', summary: '', outputs: {} });
        continue;
      }
      const run = step.run !== undefined ? await this.runStep(step, env, ctx, actionPath) : await this.usesStep(step, ctx);
      runs.push(run);
      if (step.id) outputsOf[step.id] = { outputs: run.outputs, outcome: run.outcome };
      if (run.outcome === 'failure') failed = true;
    }
    return runs;
  }

  private async runStep(step: Step, env: Record<string, string | number>, ctx: Ctx, actionPath?: string): Promise<StepRun> {
    if (step.shell !== undefined && step.shell !== 'bash') throw new Error(`fake runner: shell ${step.shell} is not emulated`);
    const n = ++this.counter;
    const summaryFile = path.join(this.runnerDir, `step-${n}-summary.md`);
    const outputFile = path.join(this.runnerDir, `step-${n}-output`);
    const envFile = path.join(this.runnerDir, `step-${n}-env`);
    for (const f of [summaryFile, outputFile, envFile]) writeFileSync(f, '');
    const stepEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...env, ...step.env })) stepEnv[k] = this.expand(String(v), ctx);
    const r = await execa('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', this.expand(step.run!, ctx)], {
      cwd: this.workspace,
      reject: false,
      stdin: 'ignore',
      all: true,
      timeout: 180_000,
      extendEnv: false,
      env: {
        ...this.baseEnv,
        ...this.jobEnv,
        ...stepEnv,
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: this.workspace,
        RUNNER_TEMP: path.join(this.runnerDir, 'temp'),
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_OUTPUT: outputFile,
        GITHUB_ENV: envFile,
        ...(actionPath ? { GITHUB_ACTION_PATH: actionPath } : {}),
      },
    });
    for (const [k, v] of Object.entries(keyValues(readFileSync(envFile, 'utf8')))) this.jobEnv[k] = v;
    return {
      step,
      outcome: r.exitCode === 0 ? 'success' : 'failure',
      exitCode: r.exitCode ?? null,
      output: String(r.all ?? ''),
      summary: readFileSync(summaryFile, 'utf8'),
      outputs: keyValues(readFileSync(outputFile, 'utf8')),
    };
  }

  private async usesStep(step: Step, ctx: Ctx): Promise<StepRun> {
    const uses = step.uses!;
    const done = (outputs: Record<string, string> = {}, inner?: StepRun[]): StepRun => ({
      step,
      outcome: inner?.some((s) => s.outcome === 'failure') ? 'failure' : 'success',
      exitCode: null,
      output: '',
      summary: '',
      outputs,
      ...(inner ? { inner } : {}),
    });
    const input = (name: string): string => this.expand(String(step.with?.[name] ?? ''), ctx);
    if (/^actions\/(checkout|setup-node)@v\d+$/.test(uses)) return done();
    if (/^actions\/upload-artifact@v\d+$/.test(uses)) {
      this.artifacts.push({ name: input('name'), path: path.resolve(this.workspace, input('path')) });
      return done();
    }
    if (uses.startsWith('./')) {
      const actionPath = path.resolve(this.workspace, uses);
      const action = parse(readFileSync(path.join(actionPath, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string; required?: boolean }>; outputs: Record<string, { value: string }>; runs: { using: string; steps: Step[] } };
      if (action.runs.using !== 'composite') throw new Error(`fake runner: ${uses} is not a composite action`);
      const inputs: Record<string, string> = {};
      for (const [name, spec] of Object.entries(action.inputs)) {
        const given = step.with?.[name];
        if (given === undefined && spec.required) throw new Error(`fake runner: ${uses} needs the input ${name}`);
        inputs[name] = given !== undefined ? this.expand(String(given), ctx) : (spec.default ?? '');
      }
      const inner = await this.job(action.runs.steps, {}, { inputs }, actionPath);
      const innerOutputs: StepsContext = {};
      for (const r of inner) if (r.step.id) innerOutputs[r.step.id] = { outputs: r.outputs, outcome: r.outcome };
      const outputs: Record<string, string> = {};
      for (const [name, spec] of Object.entries(action.outputs ?? {})) outputs[name] = this.expand(spec.value, { inputs, steps: innerOutputs });
      return done(outputs, inner);
    }
    throw new Error(`fake runner: the action ${uses} is not emulated`);
  }

  /** `${{ context.path }}` replaced by its value. */
  private expand(text: string, ctx: Ctx): string {
    return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => this.value(expr, ctx));
  }

  private value(expr: string, ctx: Ctx): string {
    const literal = /^'([^']*)'$/.exec(expr);
    if (literal) return literal[1]!;
    const parts = expr.split('.');
    const [root, ...rest] = parts;
    let v: unknown = root === 'matrix' ? ctx.matrix : root === 'inputs' ? ctx.inputs : root === 'steps' ? ctx.steps : undefined;
    if (v === undefined) throw new Error(`fake runner: the expression ${expr} is not emulated`);
    for (const p of rest) v = v && typeof v === 'object' && Object.hasOwn(v, p) ? (v as Record<string, unknown>)[p] : '';
    return v === undefined || v === null ? '' : String(v);
  }

  /** GitHub's `if:`: default success(); `always()`, `hashFiles('F') != ''`, comparisons and `&&`. */
  private condition(cond: string | undefined, failed: boolean, ctx: Ctx): boolean {
    if (cond === undefined) return !failed;
    const text = cond.replace(/^\$\{\{\s*|\s*\}\}$/g, '');
    const terms = text.split('&&').map((t) => t.trim());
    const usesAlways = terms.includes('always()');
    if (failed && !usesAlways) return false;
    return terms.every((t) => {
      if (t === 'always()') return true;
      if (t === 'success()') return !failed;
      const hash = /^hashFiles\('([^']+)'\)\s*(==|!=)\s*''$/.exec(t);
      if (hash) return existsSync(path.join(this.workspace, hash[1]!)) === (hash[2] === '!=');
      const cmp = /^(\S+)\s*(==|!=)\s*('[^']*'|\S+)$/.exec(t);
      if (cmp) return (this.value(cmp[1]!, ctx) === this.value(cmp[3]!, ctx)) === (cmp[2] === '==');
      throw new Error(`fake runner: the condition ${t} is not emulated`);
    });
  }
}

/** The `steps` context: each step with an id, its outputs and outcome. */
type StepsContext = Record<string, { outputs: Record<string, string>; outcome: string }>;
type Ctx = Contexts & { steps?: StepsContext };

/** NAME=value lines (and NAME<<DELIMITER blocks) of $GITHUB_OUTPUT and $GITHUB_ENV. */
export function keyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) body.push(lines[i]!);
      out[heredoc[1]!] = body.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

/** Every step run, composite actions' steps included, in order. */
export function allRuns(runs: StepRun[]): StepRun[] {
  return runs.flatMap((r) => [r, ...allRuns(r.inner ?? [])]);
}

/** Workflow-command lines of one kind in a step's output, as the runner reads them (workflowCommands). */
export function annotations(output: string, level: 'error' | 'warning' | 'notice'): string[] {
  return workflowCommands(output).filter((c) => c.command === level).map((c) => c.line);
}

/** A workflow command the runner took from a line of a step's output. */
export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
  /** The output line it came from. */
  line: string;
}

/** The commands of actions/runner's ActionCommandManager (its registered extensions), lowercase. */
const RUNNER_COMMANDS = ['error', 'warning', 'notice', 'debug', 'group', 'endgroup', 'echo', 'add-mask', 'add-path', 'set-env', 'set-output', 'save-state', 'add-matcher', 'remove-matcher', 'stop-commands'];

/**
 * The commands a GitHub runner reads from a step's output, line by line, as actions/runner's
 * ActionCommandManager.TryProcessCommand does: `::name props::data` after leading blanks
 * (ActionCommand.TryParseV2), else `##[name props]data` anywhere in the line (TryParse), names of
 * registered commands only, in any case; `::stop-commands::TOKEN` reads nothing more until a line
 * that is the command TOKEN.
 */
export function workflowCommands(output: string): WorkflowCommand[] {
  const registered = new Set(RUNNER_COMMANDS);
  let stopToken: string | null = null;
  const found: WorkflowCommand[] = [];
  for (const line of output.split(/\r?\n/)) {
    const c = parseV2(line, registered) ?? parseV1(line, registered);
    if (!c) continue;
    if (stopToken !== null) {
      if (c.command === stopToken) {
        registered.delete(stopToken);
        stopToken = null;
        found.push(c);
      }
      continue;
    }
    if (c.command === 'stop-commands') {
      stopToken = c.data.toLowerCase();
      registered.add(stopToken);
    }
    found.push(c);
  }
  return found;
}

const unescape = (text: string, pairs: [string, string][]): string => pairs.reduce((t, [from, to]) => t.split(from).join(to), text);
const DATA: [string, string][] = [['%0D', '\r'], ['%0A', '\n'], ['%25', '%']];
const PROPERTY: [string, string][] = [['%0D', '\r'], ['%0A', '\n'], ['%3A', ':'], ['%2C', ','], ['%25', '%']];
const V1: [string, string][] = [['%3B', ';'], ['%0D', '\r'], ['%0A', '\n'], ['%5D', ']'], ['%25', '%']];

function parseV2(line: string, registered: ReadonlySet<string>): WorkflowCommand | null {
  const text = line.trimStart();
  if (!text.startsWith('::')) return null;
  const end = text.indexOf('::', 2);
  if (end < 0) return null;
  const info = text.slice(2, end);
  const space = info.indexOf(' ');
  const command = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  if (!registered.has(command)) return null;
  const properties: Record<string, string> = {};
  if (space > 0)
    for (const pair of info.slice(space + 1).trim().split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq > 0 && eq < pair.length - 1) properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1), PROPERTY);
    }
  return { command, properties, data: unescape(text.slice(end + 2), DATA), line };
}

function parseV1(line: string, registered: ReadonlySet<string>): WorkflowCommand | null {
  const start = line.indexOf('##[');
  if (start < 0) return null;
  const rb = line.indexOf(']', start);
  if (rb < 0) return null;
  const info = line.slice(start + 3, rb);
  const space = info.indexOf(' ');
  const command = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  if (!registered.has(command)) return null;
  const properties: Record<string, string> = {};
  if (space > 0)
    for (const pair of info.slice(space + 1).split(';').filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq > 0 && eq < pair.length - 1) properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1), V1);
    }
  return { command, properties, data: unescape(line.slice(rb + 1), V1), line };
}

