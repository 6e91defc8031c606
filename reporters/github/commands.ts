// GitHub Actions workflow commands (`::error file=F,line=L,title=T::message`), as the runner reads them
// from a step's output, and the per-step and per-job limits on the annotations they make.
// Syntax: https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions ("Setting
// an error message"); escaping as @actions/core's command.ts does it; limits as actions/toolkit's
// docs/problem-matchers.md states them ("10 warning annotations and 10 error annotations per step,
// 50 annotations per job").
//
// The runner reads a command from ANY line of a step's output: `::name …::` after leading blanks, and
// the older `##[name …]` anywhere in the line (actions/runner, ActionCommandManager.TryProcessCommand:
// TryParseV2, then TryParse). botjury prints what bots wrote (an answer, a line of stderr), so while
// bots run the runner is told to read no command at all (`::stop-commands::TOKEN`, a random token no
// bot can know) and to read them again (`::TOKEN::`) just before botjury writes its own annotations.
import { randomBytes } from 'node:crypto';

/** Annotations of one kind (error, warning) GitHub shows per step. */
export const PER_STEP = 10;
/** Annotations GitHub shows per job, over all its steps. */
export const PER_JOB = 50;

/** A command's message: `%`, CR and LF escaped, so no text can end the line and start another command. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: as data, and `:` and `,`, which separate properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  title: string;
  message: string;
  file?: string;
  line?: number;
  col?: number;
}

/** One workflow-command line (without its newline). */
export function annotationLine(a: Annotation): string {
  const props: string[] = [];
  if (a.file !== undefined) props.push(`file=${escapeProperty(a.file)}`);
  if (a.file !== undefined && a.line !== undefined) props.push(`line=${a.line}`);
  if (a.file !== undefined && a.line !== undefined && a.col !== undefined) props.push(`col=${a.col}`);
  props.push(`title=${escapeProperty(a.title)}`);
  return `::${a.level} ${props.join(',')}::${escapeData(a.message)}`;
}

/** A token for `::stop-commands::`: random, so no bot can write the line that resumes them. */
export function newStopToken(): string {
  return `botjury-${randomBytes(16).toString('hex')}`;
}

/** From this line on the runner reads no workflow command, until resumeLine(token). */
export const stopLine = (token: string): string => `::stop-commands::${token}`;

/** The runner reads workflow commands again. */
export const resumeLine = (token: string): string => `::${token}::`;

/**
 * `validate`'s problems as error annotations at their file, line and column: at most `room` (GitHub
 * shows PER_STEP per step), the last one counting the rest.
 */
export function problemAnnotations(problems: readonly { file: string; line: number; col: number; message: string }[], room = PER_STEP): Annotation[] {
  if (room <= 0) return [];
  const shown = problems.length > room ? problems.slice(0, room - 1) : problems;
  const out: Annotation[] = shown.map((p) => ({ level: 'error', title: 'botjury validate', message: p.message, file: p.file, line: p.line, col: p.col }));
  if (problems.length > room) {
    const rest = problems.slice(room - 1);
    out.push({ level: 'error', title: `botjury validate: ${rest.length} more problems`, message: `${rest.length} more problems in ${new Set(rest.map((p) => p.file)).size} file(s): the log lists every one.` });
  }
  return out;
}
