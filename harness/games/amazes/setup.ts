// A scenario's `setup:` for Amazes (schemas/setup/amazes.schema.json) turned into a maze and two
// starting positions. The only file reading of the game: the maze file named by the scenario.
import { FileError, readSetupFile } from '../../core/files.js';
import { firstProblems } from '../../core/printable.js';
import { ScenarioError } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { generateMaze } from './generator.js';
import { assertValid, chooseStarts, MazeError, parseMazeText, poseFrom, startProblems, type Maze, type Pose } from './maze.js';

export interface StartSpec {
  row: number;
  column: number;
  facing: string;
}

export interface AmazesSetup {
  /** Maze file (official format, with or without the two start lines), relative to the scenario file. */
  maze?: string;
  starts?: { red: StartSpec; blue: StartSpec };
}

export interface ResolvedSetup {
  maze: Maze;
  starts: { red: Pose; blue: Pose };
  /** Where the maze came from, for reports: a path, or `generated`. */
  source: string;
  startsFrom: 'setup' | 'file' | 'rules';
}

export function resolveSetup(setup: Record<string, unknown> | undefined, scenarioDir: string, rng: Rng): ResolvedSetup {
  const s = (setup ?? {}) as AmazesSetup;
  try {
    let maze: Maze;
    let fileStarts: { red: Pose; blue: Pose } | undefined;
    let source = 'generated';
    if (s.maze !== undefined) {
      let text: string;
      try {
        text = readSetupFile(scenarioDir, s.maze, 'setup.maze');
      } catch (e) {
        if (e instanceof FileError) throw new ScenarioError(e.message);
        throw e;
      }
      source = s.maze;
      const parsed = parseMazeText(text, s.maze);
      maze = parsed.maze;
      fileStarts = parsed.starts;
    } else {
      maze = generateMaze(rng.fork('maze'));
    }
    let starts: { red: Pose; blue: Pose };
    let startsFrom: ResolvedSetup['startsFrom'];
    if (s.starts) {
      const problems: string[] = [];
      const red = poseFrom(s.starts.red.row, s.starts.red.column, s.starts.red.facing, 'setup.starts.red', problems);
      const blue = poseFrom(s.starts.blue.row, s.starts.blue.column, s.starts.blue.facing, 'setup.starts.blue', problems);
      if (!red || !blue) throw new MazeError(problems);
      starts = { red, blue };
      startsFrom = 'setup';
    } else if (fileStarts) {
      starts = fileStarts;
      startsFrom = 'file';
    } else {
      starts = chooseStarts(maze, rng.fork('starts'));
      startsFrom = 'rules';
    }
    assertValid(maze, undefined, source);
    const where = startsFrom === 'setup' ? 'setup.starts' : startsFrom === 'file' ? `${source} start lines` : 'starts chosen from the seed';
    const problems = startProblems(maze, starts);
    if (problems.length > 0) throw new MazeError(problems.map((p) => `${where}: ${p}`));
    return { maze, starts, source, startsFrom };
  } catch (e) {
    if (e instanceof MazeError) throw new ScenarioError(firstProblems(e.problems));
    throw e;
  }
}
