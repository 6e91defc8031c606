// The playing field of an On The Run game: from the scenario's `setup:` (a map file, inline text, or
// generated from the seed), checked against the rule text, and the exact connect.txt every bot reads.
import { FileError, readSetupFile } from '../../core/files.js';
import { ScenarioError } from '../../core/game.js';
import { firstProblems } from '../../core/printable.js';
import type { Rng } from '../../core/rng.js';
import { displayData, generateMap, type GenerateOptions } from './generator.js';
import { distanceTable, formatConnect, MapError, parseConnect, type GameMap } from './map.js';

export interface OnTheRunSetup {
  map?: string;
  connect?: string;
  generate?: GenerateOptions & { displayData?: boolean };
}

/** The playing field of a scenario and the exact connect.txt the bot will find. */
export function loadField(
  setup: OnTheRunSetup | undefined,
  scenarioDir: string,
  rng: Rng,
): { map: GameMap; text: string; positions?: readonly (readonly [number, number])[] } {
  const given = [setup?.map !== undefined && 'map', setup?.connect !== undefined && 'connect', setup?.generate !== undefined && 'generate'].filter(Boolean);
  if (given.length > 1) throw new ScenarioError(`on-the-run setup: give one of map, connect and generate, not ${given.join(' and ')}`);
  let text: string;
  let origin: string;
  if (setup?.map !== undefined) {
    try {
      text = readSetupFile(scenarioDir, setup.map, 'setup.map');
    } catch (e) {
      if (e instanceof FileError) throw new ScenarioError(`on-the-run ${e.message}`);
      throw e;
    }
    origin = `setup.map ${setup.map}`;
  } else if (setup?.connect !== undefined) {
    text = setup.connect;
    origin = 'setup.connect';
  } else {
    const { displayData: withDisplay, ...options } = setup?.generate ?? {};
    let generated;
    try {
      generated = generateMap(rng, options);
    } catch (e) {
      throw new ScenarioError(`on-the-run setup.generate: ${(e as Error).message}`);
    }
    return {
      map: generated.map,
      text: formatConnect(generated.map, withDisplay ? displayData(generated.positions) : ''),
      positions: generated.positions,
    };
  }
  try {
    return { map: parseConnect(text), text };
  } catch (e) {
    if (e instanceof MapError) throw new ScenarioError(`${origin} is not a valid On The Run playing field:\n  ${firstProblems(e.problems).split('\n').join('\n  ')}`);
    throw e;
  }
}

/** A playing field with the distance table of its cities (dist[a][b]: fewest connections between a and b). */
export interface FieldAndDistances {
  field: ReturnType<typeof loadField>;
  dist: readonly (readonly number[])[];
}

/**
 * Generated fields, by the stream they were drawn from and the options: a `check` makes each scenario's
 * game once to check the scenario before any bot starts, and again for each role it is played in (a
 * 200-city field and its table: ~3 ms each time, more before the code is warm). Few: a tournament of many
 * seeds reuses none, and must not hold them all.
 */
const shared = new Map<string, FieldAndDistances>();
const SHARED_MAX = 16;

/**
 * loadField and the distance table, shared by the games of this process that generate the same field:
 * `rng` must be fresh (nothing drawn from it yet: its stream then names every number it will draw). A
 * field from a file or from text is made anew each time (the file may have changed). What is shared is
 * frozen: no game can change another's field.
 */
export function fieldAndDistances(setup: OnTheRunSetup | undefined, scenarioDir: string, rng: Rng): FieldAndDistances {
  const generated = setup?.map === undefined && setup?.connect === undefined;
  const key = generated && rng.stream !== undefined ? `${rng.stream}\0${JSON.stringify(setup?.generate ?? null)}` : null;
  const known = key === null ? undefined : shared.get(key);
  if (known) return known;
  const field = loadField(setup, scenarioDir, rng);
  const made = { field, dist: distanceTable(field.map) };
  if (key === null) return made;
  if (shared.size >= SHARED_MAX) shared.delete(shared.keys().next().value!);
  shared.set(key, deepFreeze(made));
  return made;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
