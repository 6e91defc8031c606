// `-t/--grep TEXT`: only the scenario runs whose name or file contains TEXT, ignoring case. A plain
// substring, never a user regular expression, so no pattern can make the selection slow.
import path from 'node:path';
import type { Task } from '../core/runner.js';
import { CommandLineError } from './options.js';
import { closest } from './suggest.js';

const MAX_PATTERN = 200;

export function selectTasks(tasks: Task[], patterns: readonly string[]): Task[] {
  if (patterns.length === 0) return tasks;
  for (const p of patterns) {
    if (p === '') throw new CommandLineError('--grep needs some text');
    if (p.length > MAX_PATTERN) throw new CommandLineError(`--grep text is longer than ${MAX_PATTERN} characters`);
  }
  const wanted = patterns.map((p) => p.toLowerCase());
  const matches = (t: Task): boolean => wanted.some((w) => t.scenario.name.toLowerCase().includes(w) || t.scenario.file.toLowerCase().includes(w));
  const selected = tasks.filter(matches);
  if (selected.length === 0) {
    // Names are sentences: suggest the words of names and file names closest to what was typed.
    const words = new Set(tasks.flatMap((t) => `${t.scenario.name} ${path.basename(t.scenario.file)}`.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3));
    const near = [...new Set(wanted.flatMap((w) => closest(w, words, 2)))];
    const hint = near.length ? `; did you mean ${near.map((n) => `-t ${n}`).join(' or ')}?` : '; botjury list <game> shows the names';
    throw new CommandLineError(`no scenario name or file contains ${patterns.map((p) => `'${p}'`).join(' or ')}${hint}`);
  }
  return selected;
}
