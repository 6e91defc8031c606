// Amazes (CodeCup 2010) rules as pure functions of state: turns, what a player sees, moves, points,
// sudden death and the final score. No I/O, no clock, no randomness.

import {
  CELLS, isWall, neighbor, squaredDistance, turnAround, turnLeft, turnRight,
  type Cell, type Dir, type Maze, type Pose,
} from './maze.js';
import { emptyKnowledge, observe, visit, type Discovery, type Knowledge } from './discovery.js';

export type Player = 'red' | 'blue';
export const PLAYERS: readonly Player[] = ['red', 'blue'];
export const other = (p: Player): Player => (p === 'red' ? 'blue' : 'red');
export const playerName = (p: Player): string => (p === 'red' ? 'Red' : 'Blue');

export const TURNS_EACH = 150;
export const MAX_STEPS = 256;
export const CATCH_BONUS = 100;
export const MAX_SCORE = 1000;

export const RULES = {
  line: 'A turn consists of a single line of instructions of moves. A line must have between 1 and 256 (inclusive) characters.',
  letters:
    "F Step into the square that you are facing ... T Turn around and step into the square that you are now facing ... L Turn left and step into the square that you are now facing ... R Turn right and step into the square that you are now facing",
  tooMany:
    "If you attempt to make more than 256 steps in one turn you will be disqualified and you will get a score of 0. The jury will not perform any of your moves and takes over by performing a 'T' for you player the rest of the game.",
  wall: 'If you attempt to step through a wall, you will stop and no further steps will be performed (your player will not move, nor change orientation).',
  sameSquare:
    "If you end your turn in the same square that you started your turn on, regardless of why this happens, an extra 'T' step will be performed by the judging software.",
  takeOver:
    "If your program crashes, runs out of time, outputs too many characters or outputs other characters than 'F', 'T', 'L', or 'R', the jury software will take over and will perform a single 'T' move each time you are expected to move.",
  turns: 'The maximum number of turns for each player is 150.',
  selfExit: "After 150 turns your program is expected to terminate itself. You mustn't wait for a 'Quit'.",
  quit: "If on the first line of input the text 'Quit' is written, the players program must exit normally.",
  start: "The player that starts the game gets an extra first line of input that says 'Start'.",
  vision:
    'The information is given in the form of five lines. The first four lines describe what you see in the corridors respectively ahead of you, to your right, behind you and to your left. The last line is the squared Euclidian distance to your opponent.',
  stepCost: 'For each step you wish to take, you lose 1 point.',
  discover: 'For each square you discover, you earn 1 point.',
  first: 'For each square you discover before your opponent has discovered it, you earn 1 extra point.',
  catch: 'If at the end of your turn you are in the same square as your opponent, and you have not yet discovered all squares, you earn 100 extra points.',
  suddenDeath:
    'Sudden death; one player has discovered all 625 squares of the maze and has ended the turn on the square of the opponent. ... If the game ends because of sudden death, the number of points of the player that made the last move is doubled. The number of points of the losing player is set to 0.',
  score: 'If your program earns less than 0 points, your score is 0. ... If your program earns more than 1000 points, your score is 1000.',
} as const;

/** Why the jury plays `T` for a player for the rest of the game (its final score is 0). */
export type Disqualification = { code: string; turn: number };

export interface PlayerState {
  readonly pose: Pose;
  readonly knowledge: Knowledge;
  readonly points: number;
  /** Turns completed. */
  readonly turns: number;
  readonly disqualified: Disqualification | null;
}

export interface SuddenDeath {
  winner: Player;
  turn: number;
}

export interface GameState {
  readonly maze: Maze;
  readonly red: PlayerState;
  readonly blue: PlayerState;
  readonly toMove: Player;
  /** Set once the information stage of the current turn has been done (it happens once per turn). */
  readonly observed: boolean;
  readonly suddenDeath: SuddenDeath | null;
}

export function initialState(maze: Maze, starts: { red: Pose; blue: Pose }): GameState {
  const fresh = (pose: Pose): PlayerState => ({ pose, knowledge: emptyKnowledge(), points: 0, turns: 0, disqualified: null });
  return { maze, red: fresh(starts.red), blue: fresh(starts.blue), toMove: 'red', observed: false, suddenDeath: null };
}

export const isOver = (s: GameState): boolean => s.suddenDeath !== null || s.blue.turns >= TURNS_EACH;

/** The turn number (1..150) the player to move is playing. */
export const currentTurn = (s: GameState): number => s[s.toMove].turns + 1;

// ---------------------------------------------------------------- what a player sees

/** One corridor: per visible square, whether it opens to the left / right of the looking direction. */
export type Corridor = { left: boolean; right: boolean }[];

export interface View {
  /** Ahead, right, behind, left. */
  corridors: [Corridor, Corridor, Corridor, Corridor];
  squaredDistance: number;
}

export function look(maze: Maze, pose: Pose, opponent: Cell): View {
  const corridor = (d: Dir): Corridor => {
    const out: Corridor = [];
    let cell = pose.cell;
    while (!isWall(maze, cell, d)) {
      cell = neighbor(cell, d);
      out.push({ left: !isWall(maze, cell, turnLeft(d)), right: !isWall(maze, cell, turnRight(d)) });
    }
    return out;
  };
  const f = pose.facing;
  return {
    corridors: [corridor(f), corridor(turnRight(f)), corridor(turnAround(f)), corridor(turnLeft(f))],
    squaredDistance: squaredDistance(pose.cell, opponent),
  };
}

// ---------------------------------------------------------------- moves

export type Step = 'F' | 'T' | 'L' | 'R';

export function stepDirection(facing: Dir, step: Step): Dir {
  switch (step) {
    case 'F': return facing;
    case 'T': return turnAround(facing);
    case 'L': return turnLeft(facing);
    default: return turnRight(facing);
  }
}

export interface Walk {
  /** Squares entered, in order (the extra `T` included). */
  visited: Cell[];
  end: Pose;
  /** Index (0-based) of the step that hit a wall, or null when every step was performed. */
  stoppedAt: number | null;
  /** True when the judging software added a `T` because the turn ended on its starting square. */
  extraT: boolean;
}

/** Performs the steps from `start`: a step into a wall ends the turn there; ending where it began adds a T. */
export function walk(maze: Maze, start: Pose, steps: string): Walk {
  const visited: Cell[] = [];
  let pose = start;
  let stoppedAt: number | null = null;
  for (let i = 0; i < steps.length; i++) {
    const d = stepDirection(pose.facing, steps[i] as Step);
    if (isWall(maze, pose.cell, d)) {
      stoppedAt = i;
      break;
    }
    pose = { cell: neighbor(pose.cell, d), facing: d };
    visited.push(pose.cell);
  }
  let extraT = false;
  if (pose.cell === start.cell) {
    extraT = true;
    const d = turnAround(pose.facing);
    // Always open: a player faces away from the square it came from, and starts with no wall behind.
    if (!isWall(maze, pose.cell, d)) {
      pose = { cell: neighbor(pose.cell, d), facing: d };
      visited.push(pose.cell);
    }
  }
  return { visited, end: pose, stoppedAt, extraT };
}

/** A move line's problems: null when it is 1..256 of F/T/L/R. */
export type MoveProblem =
  | { kind: 'empty' }
  | { kind: 'characters'; index: number; char: string; allLowercase: boolean }
  | { kind: 'too-many'; length: number };

export function checkMoveText(text: string): MoveProblem | null {
  if (text.length === 0) return { kind: 'empty' };
  const bad = /[^FTLR]/.exec(text);
  if (bad) return { kind: 'characters', index: bad.index, char: bad[0], allLowercase: /^[ftlr]+$/.test(text) };
  if (text.length > MAX_STEPS) return { kind: 'too-many', length: text.length };
  return null;
}

// ---------------------------------------------------------------- turns

/** What happened in one turn (for reports, tests and the built-in opponents). */
export interface TurnRecord {
  player: Player;
  turn: number;
  /** The line as played: the bot's, or `T` when the jury played for it. */
  steps: string;
  byJury: boolean;
  walk: Walk;
  found: Discovery[];
  /** Points this turn: -steps, +1 per discovery, +1 per first discovery, +100 for a catch. */
  points: { steps: number; discovered: number; first: number; caught: number };
  suddenDeath: boolean;
}

function score(found: readonly Discovery[], opponent: Knowledge): { discovered: number; first: number } {
  let first = 0;
  for (const f of found) if (!opponent.discovered[f.cell]) first++;
  return { discovered: found.length, first };
}

/**
 * The information stage of the player to move: it looks around, discovers, and is told what it sees.
 * Happens once per turn, before the player writes its move.
 */
export function beginTurn(s: GameState): { state: GameState; view: View; found: Discovery[]; gained: { discovered: number; first: number } } {
  if (isOver(s)) throw new Error('beginTurn: the game is over');
  const me = s[s.toMove];
  const opp = s[other(s.toMove)];
  const view = look(s.maze, me.pose, opp.pose.cell);
  if (s.observed) return { state: s, view, found: [], gained: { discovered: 0, first: 0 } };
  const { knowledge, found } = observe(me.knowledge, s.maze, me.pose);
  const gained = score(found, opp.knowledge);
  const updated: PlayerState = { ...me, knowledge, points: me.points + gained.discovered + gained.first };
  return { state: { ...s, [s.toMove]: updated, observed: true }, view, found, gained };
}

/**
 * Plays the move of the player to move. `steps` must be a valid line (checkMoveText) or, when the jury
 * plays for a player, `T` with `byJury`. `disqualify` marks the player as taken over from now on.
 */
export function playTurn(s: GameState, steps: string, opts: { byJury?: boolean; disqualify?: Disqualification } = {}): { state: GameState; record: TurnRecord } {
  if (isOver(s)) throw new Error('playTurn: the game is over');
  if (!s.observed) s = beginTurn(s).state;
  const who = s.toMove;
  const me = s[who];
  const opp = s[other(who)];
  const w = walk(s.maze, me.pose, steps);
  const { knowledge, found } = visit(me.knowledge, w.visited);
  const gained = score(found, opp.knowledge);
  let points = me.points - steps.length + gained.discovered + gained.first;
  let caught = 0;
  let suddenDeath = false;
  if (w.end.cell === opp.pose.cell) {
    if (knowledge.discoveredCount >= CELLS) suddenDeath = true;
    else caught = CATCH_BONUS;
  }
  points += caught;
  const turn = me.turns + 1;
  let meNext: PlayerState = {
    pose: w.end,
    knowledge,
    points,
    turns: turn,
    disqualified: me.disqualified ?? opts.disqualify ?? null,
  };
  let oppNext = opp;
  if (suddenDeath) {
    meNext = { ...meNext, points: meNext.points * 2 };
    oppNext = { ...opp, points: 0 };
  }
  const state: GameState = {
    ...s,
    [who]: meNext,
    [other(who)]: oppNext,
    toMove: other(who),
    observed: false,
    suddenDeath: suddenDeath ? { winner: who, turn } : null,
  };
  return {
    state,
    record: {
      player: who,
      turn,
      steps,
      byJury: opts.byJury ?? false,
      walk: w,
      found,
      points: { steps: -steps.length, discovered: gained.discovered, first: gained.first, caught },
      suddenDeath,
    },
  };
}

/** Final (or so far) score: 0 when taken over by the jury, else the points clamped to 0..1000. */
export function finalScore(p: PlayerState): number {
  if (p.disqualified) return 0;
  return Math.max(0, Math.min(MAX_SCORE, p.points));
}

export function scores(s: GameState): Record<Player, number> {
  return { red: finalScore(s.red), blue: finalScore(s.blue) };
}

/** Squared distance between the players now. */
export const distance2 = (s: GameState): number => squaredDistance(s.red.pose.cell, s.blue.pose.cell);
