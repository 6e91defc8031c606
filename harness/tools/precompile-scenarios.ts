// `node dist/harness/tools/precompile-scenarios.js` (part of `npm run build`): reads botjury's own
// scenarios (scenarios/**/*.yaml) as loadScenario reads YAML, and writes their values and the places
// loadScenario asks for to dist/parsed/scenarios.json (harness/core/built-in-scenarios.ts uses it).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { BUILT_IN_SCENARIOS_FILE, BUILT_IN_SCENARIOS_FORMAT, builtInScenarioKey, type BuiltInScenario } from '../core/built-in-scenarios.js';
import { SCENARIO_DIR } from '../core/paths.js';
import { expandScenarioPaths, readScenarioYaml, ScenarioFileError } from '../core/scenario.js';

/** Every built-in scenario file the YAML reads without error, and whose value JSON keeps exactly. */
export function builtInScenarioTable(): Record<string, BuiltInScenario> {
  const files: Record<string, BuiltInScenario> = {};
  for (const file of expandScenarioPaths([SCENARIO_DIR], SCENARIO_DIR)) {
    const key = builtInScenarioKey(file);
    if (key === null) continue;
    const text = readFileSync(file, 'utf8');
    let read;
    try {
      read = readScenarioYaml(key, text);
    } catch (e) {
      if (e instanceof ScenarioFileError) continue; // read as YAML at run time, to report the error there
      throw e;
    }
    const json = JSON.stringify(read.data);
    // A value JSON cannot carry (.inf, .nan, -0) is left to the YAML at run time.
    if (json === undefined || !isDeepStrictEqual(JSON.parse(json), read.data)) continue;
    const at: Record<string, [number, number]> = {};
    const place = (pointer: string): void => {
      const pos = read.at(pointer);
      if (pos) at[pointer] = [pos.line, pos.col];
    };
    const data = read.data as { opponent?: unknown; steps?: unknown } | null;
    if (data !== null && typeof data === 'object') {
      if (data.opponent !== undefined) place('/opponent');
      if (Array.isArray(data.steps)) data.steps.forEach((_, i) => place(`/steps/${i}`));
    }
    files[key] = { text, json, at };
  }
  return files;
}

// Run as the build's step (imported by a test, it only reads).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(path.dirname(BUILT_IN_SCENARIOS_FILE), { recursive: true });
  writeFileSync(BUILT_IN_SCENARIOS_FILE, `${JSON.stringify({ format: BUILT_IN_SCENARIOS_FORMAT, files: builtInScenarioTable() })}\n`);
}
