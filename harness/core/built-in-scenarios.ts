// botjury's own scenarios (scenarios/<game>/*.yaml), read at build time: `npm run build` writes each
// one's text, value and the places loadScenario asks for (harness/tools/precompile-scenarios.ts).
//
// Reading the YAML was 21–35 ms of every `check` (the yaml package runs cold in a command that reads a
// dozen files once), where the whole check of a fast bot takes 0.5 s. A file whose text is exactly the
// build's is taken from the table; any other text (a scenario edited since the build, a user's file)
// is read as YAML, as is every file with a problem to report (only the YAML knows where each part is).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isInside } from './files.js';
import { PACKAGE_ROOT, SCENARIO_DIR } from './paths.js';
import type { ScenarioRead } from './scenario.js';

export const BUILT_IN_SCENARIOS_FILE = path.join(PACKAGE_ROOT, 'dist', 'parsed', 'scenarios.json');

/** One file as the build read it. */
export interface BuiltInScenario {
  /** The file's text: the entry is used only for exactly this text. */
  text: string;
  /** Its YAML's value, as JSON (parsed anew for each load: no two loads share an object). */
  json: string;
  /** [line, column] of the nodes loadScenario places: each step (`/steps/N`) and `/opponent`. */
  at: Record<string, [number, number]>;
}

/** The table file's shape: { format: 1, files: { "<game>/<name>.yaml": BuiltInScenario } }. */
export const BUILT_IN_SCENARIOS_FORMAT = 1;

let table: ReadonlyMap<string, BuiltInScenario> | null | undefined;

/** The build's table, read once; null without a build (or a damaged one: the YAML is read instead). */
export function builtInScenarios(): ReadonlyMap<string, BuiltInScenario> | null {
  if (table === undefined) table = existsSync(BUILT_IN_SCENARIOS_FILE) ? parseBuiltInScenarios(readFileSync(BUILT_IN_SCENARIOS_FILE, 'utf8')) : null;
  return table;
}

/** A table file's entries that have the shape of one, or null for a file that is not a table. */
export function parseBuiltInScenarios(text: string): ReadonlyMap<string, BuiltInScenario> | null {
  let parsed: { format?: unknown; files?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || parsed.format !== BUILT_IN_SCENARIOS_FORMAT || typeof parsed.files !== 'object' || parsed.files === null || Array.isArray(parsed.files)) return null;
  return new Map(Object.entries(parsed.files as Record<string, unknown>).filter((pair): pair is [string, BuiltInScenario] => isEntry(pair[1])));
}

function isEntry(e: unknown): e is BuiltInScenario {
  if (typeof e !== 'object' || e === null) return false;
  const o = e as Record<string, unknown>;
  if (typeof o.text !== 'string' || typeof o.json !== 'string' || typeof o.at !== 'object' || o.at === null || Array.isArray(o.at)) return false;
  try {
    JSON.parse(o.json); // a damaged value is read from the YAML instead
  } catch {
    return false;
  }
  return Object.values(o.at).every((p) => Array.isArray(p) && p.length === 2 && p.every((n) => Number.isSafeInteger(n) && (n as number) > 0));
}

/** The table's key of a file under scenarios/ (forward slashes), or null for a file elsewhere. */
export function builtInScenarioKey(absPath: string): string | null {
  const rel = path.relative(SCENARIO_DIR, absPath);
  return rel !== '' && isInside(absPath, SCENARIO_DIR) ? rel.split(path.sep).join('/') : null;
}

/** The build's read of a file under scenarios/ whose text is exactly `text`, or undefined. */
export function builtInScenarioRead(absPath: string, text: string): ScenarioRead | undefined {
  const key = builtInScenarioKey(absPath);
  // A user's file never loads the table.
  const entry = key === null ? undefined : builtInScenarios()?.get(key);
  if (!entry || entry.text !== text) return undefined;
  const at = (pointer: string) => {
    const pos = Object.hasOwn(entry.at, pointer) ? entry.at[pointer] : undefined;
    return pos ? { line: pos[0], col: pos[1] } : undefined;
  };
  return { data: JSON.parse(entry.json) as unknown, at, errorAt: () => undefined };
}
