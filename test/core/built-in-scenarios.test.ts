// botjury's own scenarios, read at build time (dist/parsed/scenarios.json): each one loads exactly as
// its YAML reads, a text changed since the build is read as YAML, and a problem is placed where the
// YAML writes it.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtInScenarioRead, builtInScenarios, parseBuiltInScenarios } from '../../harness/core/built-in-scenarios.js';
import { SCENARIO_DIR } from '../../harness/core/paths.js';
import { loadScenario, ScenarioFileError, type Scenario } from '../../harness/core/scenario.js';
import { GAMES } from '../../harness/games/registry.js';
import { builtInScenarioTable } from '../../harness/tools/precompile-scenarios.js';
import { ROOT, scratchDir } from '../helpers.js';

const files = readdirSync(SCENARIO_DIR, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
  .map((e) => path.join(e.parentPath, e.name))
  .sort();

let scratch: string | undefined;
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The scenario without where it was loaded from (its folder, and the outside files it names, relative to it). */
function placeless(s: Scenario): unknown {
  const { file: _file, dir, requires, ...rest } = s;
  return { ...rest, requires: (requires ?? []).map((r) => path.relative(dir, r)) };
}

describe('built-in scenarios read at build time', () => {
  it('the build read every one of them, and its table is what the YAML reads now', () => {
    const table = builtInScenarios();
    expect(table, 'dist/parsed/scenarios.json: run `npm run build`').not.toBeNull();
    expect([...table!.keys()].sort()).toEqual(files.map((f) => path.relative(SCENARIO_DIR, f).split(path.sep).join('/')));
    expect(Object.fromEntries(table!)).toEqual(builtInScenarioTable());
  });

  it('each loads from the table exactly as its YAML, read from a copy elsewhere, loads', () => {
    scratch = scratchDir('botjury-built-in-');
    for (const file of files) {
      expect(builtInScenarioRead(file, readFileSync(file, 'utf8')), file).toBeDefined();
      // A copy outside scenarios/ at the same depth (its `requires` then point to the same places).
      const copy = path.join(scratch, 'scenarios', path.relative(SCENARIO_DIR, file));
      mkdirSync(path.dirname(copy), { recursive: true });
      copyFileSync(file, copy);
      const fromTable = loadScenario(file, ROOT, GAMES);
      const fromYaml = loadScenario(copy, ROOT, GAMES);
      expect(placeless(fromTable), file).toEqual(placeless(fromYaml));
      expect(fromTable.steps?.every((s) => s.srcLine > 0) ?? true).toBe(true);
    }
  });

  it('each load has objects of its own (a game that changed its setup would not change the next load)', () => {
    const withSetup = files.find((f) => loadScenario(f, ROOT, GAMES).setup !== undefined)!;
    const a = loadScenario(withSetup, ROOT, GAMES);
    const b = loadScenario(withSetup, ROOT, GAMES);
    expect(a.setup).toEqual(b.setup);
    expect(a.setup).not.toBe(b.setup);
  });

  it('a text that differs from the build\'s by one byte is read as YAML', () => {
    const file = path.join(SCENARIO_DIR, 'alquerque', 'capture-continuation.yaml');
    const text = readFileSync(file, 'utf8');
    expect(builtInScenarioRead(file, text)).toBeDefined();
    expect(builtInScenarioRead(file, `${text}\n`)).toBeUndefined();
    expect(builtInScenarioRead(file, text.replace('seed: 5', 'seed: 6'))).toBeUndefined();
    // The same text under another name is not in the table either.
    expect(builtInScenarioRead(path.join(SCENARIO_DIR, 'alquerque', 'other.yaml'), text)).toBeUndefined();
    expect(builtInScenarioRead(path.join(ROOT, 'elsewhere', 'alquerque', 'capture-continuation.yaml'), text)).toBeUndefined();
  });

  it('a problem found in a built-in scenario is placed where its YAML writes it, not at 1:1', () => {
    const file = path.join(SCENARIO_DIR, 'alquerque', 'capture-continuation.yaml');
    const line = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.startsWith('reach: [capture-chain]')) + 1;
    expect(line).toBeGreaterThan(1);
    expect(builtInScenarioRead(file, readFileSync(file, 'utf8'))).toBeDefined();
    // Loaded with an Alquerque that has none of its own goals: `reach: [capture-chain]` is the problem, at its place.
    const alquerque = GAMES.find((g) => g.id === 'alquerque')!;
    const games = GAMES.map((g) => (g === alquerque ? { ...g, goals: {} } : g));
    let error: unknown;
    try {
      loadScenario(file, ROOT, games);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioFileError);
    expect((error as ScenarioFileError).problems).toEqual([expect.objectContaining({ line, col: 9, message: expect.stringMatching(/^reach: 'capture-chain' is not a goal of alquerque/) })]);
  });

  it('a damaged table is not used, and a damaged entry is left out (its file is read as YAML)', () => {
    const good = { text: 'game: alquerque\n', json: '{"game":"alquerque"}', at: { '/steps/0': [3, 3] } };
    const table = (files: unknown, format: unknown = 1) => JSON.stringify({ format, files });
    for (const text of ['', 'not json', '[]', 'null', '"text"', table(null), table([]), table({ 'a.yaml': good }, 2), table({ 'a.yaml': good }, '1')])
      expect(parseBuiltInScenarios(text), text).toBeNull();
    const entries = parseBuiltInScenarios(table({
      'good.yaml': good,
      'no-text.yaml': { ...good, text: undefined },
      'bad-json.yaml': { ...good, json: '{"game":' },
      'at-list.yaml': { ...good, at: [] },
      'at-zero.yaml': { ...good, at: { '/opponent': [0, 1] } },
      'at-float.yaml': { ...good, at: { '/opponent': [1.5, 1] } },
      'at-text.yaml': { ...good, at: { '/opponent': ['1', 1] } },
      'at-three.yaml': { ...good, at: { '/opponent': [1, 1, 1] } },
      'at-huge.yaml': { ...good, at: { '/opponent': [2 ** 60, 1] } },
      'null.yaml': null,
    }));
    expect([...entries!.keys()]).toEqual(['good.yaml']);
    // JSON's own `__proto__` key is a file name like any other: no prototype is touched.
    const proto = parseBuiltInScenarios(`{"format":1,"files":{"__proto__":${JSON.stringify(good)}}}`);
    expect([...proto!.keys()]).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).text).toBeUndefined();
  });
});
