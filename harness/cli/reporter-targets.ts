// Where each `--reporter NAME[=FILE]` writes, for every command that reports (run, check, replay,
// match, merge): a file, stdout, or — when a machine-readable report takes stdout — the console on
// stderr. `--output FILE` gives a file to the last reporter named without one.
import { fileOutput, streamOutput, type Output } from '../../reporters/output.js';
import { known } from './lookup.js';
import { CommandLineError } from './options.js';

export interface ReporterTarget {
  name: string;
  out: Output;
}

export function reporterTargets(specs: readonly string[], output: string | undefined, names: readonly string[]): ReporterTarget[] {
  const parsed = specs.map((spec) => {
    const eq = spec.indexOf('=');
    const name = eq < 0 ? spec : spec.slice(0, eq);
    const file = eq < 0 ? undefined : spec.slice(eq + 1);
    known('reporter', name, names);
    return { name, file, flag: `--reporter ${name}` };
  });
  if (output !== undefined) {
    const target = [...parsed].reverse().find((p) => p.file === undefined);
    if (!target) throw new CommandLineError('--output: every reporter already has its own =FILE');
    target.file = output;
    target.flag = '--output';
  }
  const toStdout = parsed.filter((p) => p.file === undefined);
  return parsed.map((p) => {
    let out: Output;
    if (p.file !== undefined) out = fileOutput(p.file, p.flag);
    // One stdout: when a machine-readable report goes there, the console moves to stderr.
    else if (p.name === 'console' && toStdout.length > 1) out = streamOutput(process.stderr);
    else if (toStdout.filter((q) => q.name !== 'console').length > 1) throw new CommandLineError('only one reporter can write to stdout; give the others =FILE');
    else out = streamOutput(process.stdout);
    return { name: p.name, out };
  });
}
