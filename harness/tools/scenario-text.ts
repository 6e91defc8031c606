// Writing scenario files from tools (import, fuzz) and loading scenario data that has no file of its
// own (replay). Written scenarios are ordinary scenario files: they start with the schema line and are
// validated by the same loader as any other.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GameDefinition } from '../core/game.js';
import { SCHEMA_DIR } from '../core/paths.js';
import { loadScenario, yaml, type MoveValue, type Scenario } from '../core/scenario.js';

/** A step as a scenario file writes it, with an optional comment for the reader. */
export type StepText =
  | { opponent: MoveValue; note?: string; comment?: string }
  | { bot: 'any' | MoveValue; ruled?: string; note?: string; comment?: string }
  | { play: { until: 'end' } | { plies: number }; comment?: string }
  | { quit: true; comment?: string };

export interface ScenarioText {
  game: string;
  name: string;
  description?: string;
  rule?: string;
  role?: string;
  seed?: number | string;
  profile?: string;
  opponent?: string;
  tags?: string[];
  limits?: Record<string, number>;
  setup?: Record<string, unknown>;
  steps?: StepText[];
}

/** The `$schema` line, relative to where the file will live (stdout: relative to the working folder). */
export function schemaLine(targetDir: string): string {
  let rel = path.relative(targetDir, path.join(SCHEMA_DIR, 'scenario.schema.json')).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return `# yaml-language-server: $schema=${rel}`;
}

const scalar = (v: unknown): string => yaml().stringify(v, { lineWidth: 0 }).trimEnd();

/** The scenario as YAML text: header keys, then one step per line with its comment. */
export function scenarioYaml(s: ScenarioText, targetDir: string, headerComments: string[] = []): string {
  const { steps, ...head } = s;
  const out: string[] = [schemaLine(targetDir), ...headerComments.map((c) => `# ${c}`)];
  const ordered: Record<string, unknown> = {};
  for (const key of ['game', 'name', 'description', 'rule', 'role', 'seed', 'profile', 'opponent', 'tags', 'limits', 'setup'] as const)
    if (head[key] !== undefined) ordered[key] = head[key];
  out.push(yaml().stringify(ordered, { lineWidth: 100 }).trimEnd());
  if (steps !== undefined) {
    if (steps.length === 0) out.push('steps: []');
    else {
      out.push('steps:');
      for (const step of steps) out.push(`  - ${stepLine(step)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

function stepLine(step: StepText): string {
  const comment = step.comment ? `  # ${step.comment}` : '';
  const note = 'note' in step && step.note !== undefined ? `, note: ${scalar(step.note)}` : '';
  if ('opponent' in step) return `{ opponent: ${flow(step.opponent)}${note} }${comment}`;
  if ('bot' in step) return `{ bot: ${flow(step.bot)}${step.ruled ? `, ruled: ${step.ruled}` : ''}${note} }${comment}`;
  if ('play' in step) return `{ play: ${'until' in step.play ? '{ until: end }' : `{ plies: ${step.play.plies} }`} }${comment}`;
  return `quit${comment}`;
}

function flow(v: MoveValue): string {
  if (Array.isArray(v)) return `[${v.map((x) => scalar(x)).join(', ')}]`;
  return scalar(v);
}

/**
 * Loads scenario data (a scenario file's content) as if it were a file in `dir`: validated by the
 * schema and the loader like any scenario, then placed in `dir` so paths in `setup:` resolve there.
 */
export function loadScenarioData(definition: Record<string, unknown>, display: string, dir: string, games: readonly GameDefinition[]): Scenario {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'botjury-scenario-'));
  try {
    const file = path.join(tmp, path.basename(display).replace(/\.ya?ml$/, '') + '.yaml');
    writeFileSync(file, yaml().stringify(definition, { lineWidth: 0 }));
    const scenario = loadScenario(file, tmp, games);
    return { ...scenario, file: display, dir };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
