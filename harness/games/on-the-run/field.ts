// The playing field of an On The Run game: from the scenario's `setup:` (a map file, inline text, or
// generated from the seed), checked against the rule text, and the exact connect.txt every bot reads.
import { FileError, readSetupFile } from '../../core/files.js';
import { ScenarioError } from '../../core/game.js';
import { firstProblems } from '../../core/printable.js';
import type { Rng } from '../../core/rng.js';
import { displayData, generateMap, type GenerateOptions } from './generator.js';
import { formatConnect, MapError, parseConnect, type GameMap } from './map.js';

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
