// A scenario's `setup:` for JavaChallenge2015 (schemas/setup/javachallenge2015.schema.json), turned into a
// start position and the other players' behaviour. Pure apart from the seeded Rng it is given.
import { ScenarioError } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import {
  ACTIONS, BLOCKS_PER_SIDE, BOARD_SIDE, DEFAULT_TURN_LIMIT, emptyBlocks, FACINGS, FALLEN_LIFE, initialState, isAction,
  manhattan, placementProblem, PLAYER_COUNT, REPULSION_DISTANCE, type Action, type Facing, type GameState, type Placement,
} from './rules.js';
import { enginePlacements, NoStartSquareError } from './engine-placement.js';
import { OPPONENT_NAMES, type OpponentName } from './opponents.js';

/** `engine-seed-N`: the real engine's placement for the Java long N (canonical decimal). */
const ENGINE_SEED_NAME = /^engine-seed-(0|-?[1-9][0-9]{0,18})$/;
const LONG_MIN = -(1n << 63n);
const LONG_MAX = (1n << 63n) - 1n;

function engineSeedOf(name: string): bigint | undefined {
  const match = ENGINE_SEED_NAME.exec(name);
  if (match === null) return undefined;
  const seed = BigInt(match[1]!);
  return seed >= LONG_MIN && seed <= LONG_MAX ? seed : undefined;
}

/**
 * The real engine's start for `seed` (engine-placement.ts), on the scenario's blocks: squares of a
 * fallen block are not spawnable, as in the engine's spawn rule (the engine itself always starts with
 * every block standing).
 */
function engineStart(seed: bigint, blocks: number[][]): { placements: Placement[]; placementSource: string } {
  const someFallen = blocks.some((row) => row.some((life) => life < 0));
  try {
    return { placements: enginePlacements(seed, blocks), placementSource: `engine-seed-${seed}${someFallen ? ' (fallen blocks excluded)' : ''}` };
  } catch (error) {
    if (error instanceof NoStartSquareError) throw new ScenarioError(`setup.placements: engine seed ${seed} on setup.blocks: ${error.message}`);
    throw error;
  }
}

/**
 * botjury's own placement (`placements: seeded`): uniform over the squares more than 3 from the
 * players already placed, drawn from the scenario's seeded Rng. Not the engine's: it ignores blocks and
 * draws differently, so a seed gives another start than `auto`.
 */
export function seededPlacements(rng: Rng): Placement[] {
  const placed: Placement[] = [];
  for (let id = 0; id < PLAYER_COUNT; id++) {
    const free: [number, number][] = [];
    for (let y = 0; y < BOARD_SIDE; y++)
      for (let x = 0; x < BOARD_SIDE; x++)
        if (placed.every((p) => manhattan(x, y, p.x, p.y) > REPULSION_DISTANCE)) free.push([x, y]);
    const [x, y] = rng.pick(free);
    placed.push({ x, y, facing: rng.pick(FACINGS) });
  }
  return placed;
}

export interface OpponentPlan {
  /** Actions played first, one per turn of this player on the board. */
  script: Action[];
  /** Who decides once the script is used up. */
  then: OpponentName;
}

export interface JcSetup {
  state: GameState;
  placementSource: string;
  /** Plans of the players no bot plays, by id. */
  plans: Map<number, OpponentPlan>;
}

interface RawOpponent {
  script?: string | string[];
  then?: string;
}
interface RawSetup {
  placements?: string | { x: number; y: number; facing: string }[];
  turnLimit?: number;
  blocks?: number[][];
  opponents?: Record<string, string | RawOpponent>;
}

export function parseScriptedAction(text: string, where: string): Action {
  const action = text.trim();
  if (!isAction(action)) throw new ScenarioError(`${where}: '${text}' is not an action (one of ${ACTIONS.join(' ')})`);
  return action;
}

function parseScript(value: string | string[], where: string): Action[] {
  const items = Array.isArray(value) ? value : value.replace(/[\s,]+/g, '').split('');
  return items.map((item, i) => parseScriptedAction(String(item), `${where} action ${i + 1}`));
}

function parseOpponentName(name: string, where: string): OpponentName {
  if (!(OPPONENT_NAMES as readonly string[]).includes(name))
    throw new ScenarioError(`${where}: unknown opponent '${name}' (built-in: ${OPPONENT_NAMES.join(', ')})`);
  return name as OpponentName;
}

/** `bots`: the players bots play; every other player gets a plan (setup.opponents, else `defaultOpponent`). */
export function buildSetup(raw: Record<string, unknown> | undefined, bots: ReadonlySet<number>, seed: number, rng: Rng, defaultOpponent: OpponentName): JcSetup {
  const setup = (raw ?? {}) as RawSetup;

  const turnLimit = setup.turnLimit ?? DEFAULT_TURN_LIMIT;
  if (!Number.isInteger(turnLimit) || turnLimit < 1 || turnLimit > DEFAULT_TURN_LIMIT)
    throw new ScenarioError(`setup.turnLimit must be an integer from 1 to ${DEFAULT_TURN_LIMIT}, got ${turnLimit}`);

  let blocks = emptyBlocks();
  if (setup.blocks !== undefined) {
    const rows = setup.blocks;
    const shapeOk = rows.length === BLOCKS_PER_SIDE && rows.every((row) => row.length === BLOCKS_PER_SIDE);
    if (!shapeOk) throw new ScenarioError(`setup.blocks must be ${BLOCKS_PER_SIDE} rows of ${BLOCKS_PER_SIDE} block values`);
    for (const row of rows)
      for (const life of row)
        if (!Number.isInteger(life) || life < FALLEN_LIFE)
          throw new ScenarioError(`setup.blocks: ${life} is not a block value (an integer from ${FALLEN_LIFE} up)`);
    blocks = rows.map((row) => [...row]);
  }

  let placements: readonly Placement[];
  let placementSource: string;
  const choice = setup.placements ?? 'auto';
  if (Array.isArray(choice)) {
    placements = choice.map((p) => ({ x: p.x, y: p.y, facing: p.facing as Facing }));
    placementSource = 'setup.placements';
  } else if (choice === 'auto') {
    // The referee's seed is the scenario's integer seed itself, or the hash of a text seed (numericSeed).
    if (!Number.isSafeInteger(seed)) throw new ScenarioError(`the seed ${seed} is not an integer the engine can take`);
    ({ placements, placementSource } = engineStart(BigInt(seed), blocks));
  } else if (choice === 'seeded') {
    placements = seededPlacements(rng.fork('placement'));
    placementSource = 'seeded';
  } else {
    const engineSeed = engineSeedOf(choice);
    if (engineSeed === undefined)
      throw new ScenarioError(`setup.placements: '${choice}' is not one of auto, seeded, engine-seed-N (N a Java long, in decimal) or a list of 4 placements`);
    ({ placements, placementSource } = engineStart(engineSeed, blocks));
  }
  const problem = placementProblem(placements, blocks);
  if (problem) throw new ScenarioError(`setup.placements: ${problem}`);

  const plans = new Map<number, OpponentPlan>();
  for (let id = 0; id < PLAYER_COUNT; id++) if (!bots.has(id)) plans.set(id, { script: [], then: defaultOpponent });
  for (const [key, value] of Object.entries(setup.opponents ?? {})) {
    const id = Number(key);
    const where = `setup.opponents.${key}`;
    if (!/^[0-3]$/.test(key)) throw new ScenarioError(`${where}: players are 0 to 3`);
    if (bots.has(id)) continue; // a bot plays this player in this game
    const plan =
      typeof value === 'string'
        ? { script: [], then: parseOpponentName(value, where) }
        : { script: parseScript(value.script ?? [], where), then: parseOpponentName(value.then ?? defaultOpponent, where) };
    plans.set(id, plan);
  }

  return { state: initialState(placements, { turnLimit, blocks }), placementSource, plans };
}
