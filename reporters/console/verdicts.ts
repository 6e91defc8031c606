// A scenario run's verdicts as console lines: alike verdicts grouped with a count and their plies, a
// verdict already shown in full earlier in the run shortened to one line, every field bounded, the bot's
// stderr shown once as indented lines, and "e.g." where `expected` is one legal answer of several.
// Whatever the bot does, one scenario run prints a bounded number of lines.
import type { Violation } from '../../harness/core/violations.js';
import { printable as terminalSafe } from '../../harness/core/printable.js';
import { fixHint, type BotLanguage } from './fix-hints.js';

export type Style = 'red' | 'green' | 'yellow' | 'dim' | 'bold' | 'cyan';
export type Paint = (style: Style, text: string) => string;

/** Verdict groups shown in full per scenario run; the rest are counted in one line. */
export const MAX_GROUPS = 8;
const MAX_MESSAGE = 400;
const MAX_FIELD = 200;
const MAX_EVIDENCE = 300;
/** Lines of a stderr excerpt shown: a Java stack trace's exception line and the bot's frames, a Python traceback's last frames. */
const STDERR_LINES = 16;
const STDERR_LINE_CHARS = 160;
/** Keys of `evidence` that hold the bot's stderr: shown as indented lines, not squashed into one. */
const STDERR_KEYS = new Set(['stderrTail', 'head']);

/** Bot bytes shown as they are, with control characters made visible (never interpreted by a terminal): core printable(), unclipped. */
export function printable(text: string): string {
  return terminalSafe(text, Infinity);
}

/** printable() of at most `max` characters of `text`, saying how much was left out. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return printable(text);
  return `${printable(text.slice(0, max))}… (${text.length - max} more characters)`;
}

export interface VerdictGroup {
  key: string;
  first: Violation;
  count: number;
  plies: number[];
}

/**
 * What makes two verdicts "the same bug": code, severity and the message's shape — its words, with
 * quoted bot text and numbers (plies, moves, times, pids) left out.
 */
export function verdictKey(v: Violation): string {
  // A quote opens only after a non-letter, so the apostrophe of "Black's" is not taken for one.
  const shape = v.message.slice(0, MAX_MESSAGE).replace(/(^|[^A-Za-z])'[^']*'/g, "$1'…'").replace(/"[^"]*"/g, '"…"').replace(/\d+(\.\d+)?/g, '#');
  return `${v.severity}|${v.code}|${shape}|${v.expectedIsExample ? 'e.g.' : ''}`;
}

/** Groups in the order of their first verdict. */
export function groupVerdicts(violations: readonly Violation[]): VerdictGroup[] {
  const groups = new Map<string, VerdictGroup>();
  for (const v of violations) {
    const key = verdictKey(v);
    const group = groups.get(key);
    if (!group) groups.set(key, { key, first: v, count: 1, plies: v.ply !== undefined ? [v.ply] : [] });
    else {
      group.count++;
      if (v.ply !== undefined) {
        // Only the smallest and largest ply are ever shown; keep two numbers, not a million.
        if (group.plies.length < 2) group.plies.push(v.ply);
        else group.plies = [Math.min(group.plies[0]!, v.ply), Math.max(group.plies[1]!, v.ply)];
        group.plies.sort((a, b) => a - b);
      }
    }
  }
  return [...groups.values()];
}

/** "illegal-move at ply 3", "extra-output ×20, plies 3–41". */
export function groupTitle(group: VerdictGroup): string {
  return `${group.first.code}${where(group)}`;
}

function where(group: VerdictGroup): string {
  const { count, plies } = group;
  if (count === 1) return plies.length ? ` at ply ${plies[0]}` : '';
  const lo = plies[0];
  const hi = plies[plies.length - 1];
  const range = lo === undefined ? '' : lo === hi ? `, ply ${lo}` : `, plies ${lo}–${hi}`;
  return ` ×${count}${range}`;
}

export interface VerdictContext {
  paint: Paint;
  language: BotLanguage;
  /** Verdict keys already shown in full in this run, and where: later ones are shortened. */
  shownIn: Map<string, string>;
  /** Where this scenario run is, for shownIn. */
  label: string;
  /** All the bytes the bot wrote to stderr: tells whether a stderr excerpt is cut. */
  stderrBytes?: number;
}

/** The console lines (without newlines) for one scenario run's verdicts. */
export function verdictLines(violations: readonly Violation[], ctx: VerdictContext): string[] {
  const { paint } = ctx;
  const groups = groupVerdicts(violations);
  const stderrShown = violations.some((v) => typeof v.evidence?.stderrTail === 'string' && v.evidence.stderrTail !== '');
  const lines: string[] = [];
  for (const group of groups.slice(0, MAX_GROUPS)) {
    const v = group.first;
    const code = v.severity === 'error' ? paint('red', v.code) : paint('yellow', `${v.code} (warning)`);
    const time = group.count === 1 ? ` [${v.atMs} ms]` : ` (first at ${v.atMs} ms)`;
    const headline = `    ${code}${where(group)}${time}: ${bounded(v.message, MAX_MESSAGE)}`;
    const seen = ctx.shownIn.get(group.key);
    if (seen !== undefined) {
      lines.push(headline, paint('dim', `      (details as shown for ${seen})`));
      continue;
    }
    ctx.shownIn.set(group.key, ctx.label);
    lines.push(headline);
    if (group.count > 1) lines.push(paint('dim', `      (the first of ${group.count} alike; every one is in the JSON and HTML reports)`));
    if (v.expected !== undefined)
      lines.push(v.expectedIsExample ? `      expected: e.g. ${bounded(v.expected, MAX_FIELD)} ${paint('dim', '(one legal answer of several)')}` : `      expected: ${bounded(v.expected, MAX_FIELD)}`);
    if (v.actual !== undefined) lines.push(`      actual:   ${bounded(v.actual, MAX_FIELD)}`);
    if (v.rule) lines.push(paint('dim', `      rule:     "${bounded(v.rule, MAX_MESSAGE)}"`));
    lines.push(...evidenceLines(v, stderrShown, ctx));
    const hint = fixHint(v.code, ctx.language);
    if (hint) hint.lines.forEach((l, i) => lines.push(`      ${i === 0 ? paint('green', `fix (${hint.language}):`) : ' '.repeat(`fix (${hint.language}):`.length)} ${l}`));
  }
  const rest = groups.slice(MAX_GROUPS);
  if (rest.length > 0) {
    const n = rest.reduce((sum, g) => sum + g.count, 0);
    const codes = [...new Set(rest.map((g) => g.first.code))];
    lines.push(paint('dim', `    … and ${n} more verdict${n === 1 ? '' : 's'} of ${rest.length} other kind${rest.length === 1 ? '' : 's'} (${bounded(codes.join(', '), MAX_FIELD)}); every one is in the JSON and HTML reports`));
  }
  return lines;
}

function evidenceLines(v: Violation, stderrShown: boolean, ctx: VerdictContext): string[] {
  const { paint } = ctx;
  if (!v.evidence) return [];
  const lines: string[] = [];
  const pairs: string[] = [];
  for (const [k, val] of Object.entries(v.evidence)) {
    if (val === null || val === undefined) continue;
    if (STDERR_KEYS.has(k) && typeof val === 'string') {
      // The stderr-output warning repeats what a crash already showed: say so instead.
      if (k === 'head' && stderrShown) continue;
      lines.push(...stderrBlock(k === 'head' ? 'start' : 'end', val, ctx.stderrBytes ?? 0, paint));
      continue;
    }
    pairs.push(`${k}=${printable(typeof val === 'string' ? val : JSON.stringify(val))}`);
  }
  const joined = pairs.join(', ');
  if (joined) lines.unshift(paint('dim', `      evidence: ${joined.length > MAX_EVIDENCE ? `${joined.slice(0, MAX_EVIDENCE)}…` : joined}`));
  return lines;
}

/**
 * The bot's stderr as it wrote it: its lines indented, at most STDERR_LINES of them, from the start or
 * the end of what it wrote; a line cut by the excerpt is marked with "…".
 */
export function stderrBlock(part: 'start' | 'end', excerpt: string, totalBytes: number, paint: Paint): string[] {
  const cut = totalBytes > Buffer.byteLength(excerpt);
  const all = excerpt.replace(/\r?\n$/, '').split(/\r?\n/);
  if (cut && part === 'end') all[0] = `…${all[0]}`;
  if (cut && part === 'start' && !/\n$/.test(excerpt)) all[all.length - 1] = `${all[all.length - 1]}…`;
  const shown = part === 'end' ? all.slice(-STDERR_LINES) : all.slice(0, STDERR_LINES);
  const hidden = all.length - shown.length;
  const lines = [paint('dim', `      stderr${cut ? ` (${part === 'end' ? 'the last' : 'the first'} ${Buffer.byteLength(excerpt)} of ${totalBytes} bytes)` : ''}:`)];
  // A tab is harmless on a terminal: shown as spaces (a stack trace's indent), not as \t.
  const body = shown.map((l) => `        ${paint('dim', '│')} ${bounded(l.replace(/\t/g, '    '), STDERR_LINE_CHARS)}`);
  const more = hidden > 0 ? [paint('dim', `        … ${hidden} ${part === 'end' ? 'earlier' : 'more'} line${hidden === 1 ? '' : 's'}`)] : [];
  return part === 'end' ? [...lines, ...more, ...body] : [...lines, ...body, ...more];
}
