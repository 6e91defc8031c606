// Where each `--reporter NAME[=FILE]` writes, for every command that reports (run, check, replay,
// match, merge): a file, stdout, or — when a machine-readable report takes stdout — the console on
// stderr. `--output FILE` gives a file to the last reporter named without one.
//
// `github` is different: its workflow commands go into the step's log (stdout beside the console, or
// stderr when a machine-readable report holds stdout), and its =FILE is where its Markdown summary
// goes instead of $GITHUB_STEP_SUMMARY. Under GitHub Actions (GITHUB_ACTIONS=true) it is added when
// not named.
import { prepareOutputFile } from '../core/files.js';
import { guardedOutput } from '../../reporters/github.js';
import { fileOutput, streamOutput, type Output } from '../../reporters/output.js';
import { known } from './lookup.js';
import { CommandLineError } from './options.js';

export interface ReporterTarget {
  name: string;
  out: Output;
  /** `github=FILE`: the file its summary goes to. */
  summaryFile?: string;
}

/** The reporter that speaks GitHub Actions' workflow commands. */
export const GITHUB = 'github';

export function reporterTargets(specs: readonly string[], output: string | undefined, names: readonly string[], env: NodeJS.ProcessEnv = process.env): ReporterTarget[] {
  const parsed = specs.map((spec) => {
    const eq = spec.indexOf('=');
    const name = eq < 0 ? spec : spec.slice(0, eq);
    const file = eq < 0 ? undefined : spec.slice(eq + 1);
    known('reporter', name, names);
    return { name, file, flag: `--reporter ${name}` };
  });
  if (output !== undefined) {
    const target = [...parsed].reverse().find((p) => p.file === undefined && p.name !== GITHUB);
    if (!target) throw new CommandLineError('--output: every reporter already has its own =FILE');
    target.file = output;
    target.flag = '--output';
  }
  if (env.GITHUB_ACTIONS === 'true' && names.includes(GITHUB) && !parsed.some((p) => p.name === GITHUB)) parsed.push({ name: GITHUB, file: undefined, flag: '' });
  if (parsed.filter((p) => p.name === GITHUB).length > 1) throw new CommandLineError('--reporter github: give it once');
  const toStdout = parsed.filter((p) => p.file === undefined && p.name !== GITHUB);
  const machineOnStdout = toStdout.some((p) => p.name !== 'console');
  // github last: reporters end in this order, and it lets the runner read workflow commands again
  // (reporters/github.ts, guardLog) only after every other reporter printed what bots wrote.
  const ordered = [...parsed.filter((p) => p.name !== GITHUB), ...parsed.filter((p) => p.name === GITHUB)];
  return ordered.map((p) => {
    if (p.name === GITHUB) {
      if (p.file !== undefined) prepareOutputFile(p.file, p.flag);
      // Guarded from here on: nothing a bot writes, printed in the step's log, is read as a workflow command.
      return { name: p.name, out: guardedOutput(streamOutput(machineOnStdout ? process.stderr : process.stdout)), ...(p.file !== undefined ? { summaryFile: p.file } : {}) };
    }
    let out: Output;
    if (p.file !== undefined) out = fileOutput(p.file, p.flag);
    // One stdout: when a machine-readable report goes there, the console moves to stderr.
    else if (p.name === 'console' && toStdout.length > 1) out = streamOutput(process.stderr);
    else if (toStdout.filter((q) => q.name !== 'console').length > 1) throw new CommandLineError('only one reporter can write to stdout; give the others =FILE');
    else out = streamOutput(process.stdout);
    return { name: p.name, out };
  });
}
