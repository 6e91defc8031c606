// The command line's one table: every option, what it takes, which commands understand it and what it
// means. Parsing, "does not apply to", "did you mean" and every help text are derived from it.
import { parseArgs } from 'node:util';
import { didYouMean } from './suggest.js';

export const COMMAND_NAMES = ['check', 'run', 'validate', 'list', 'replay', 'import', 'fuzz', 'match', 'tournament', 'merge', 'new-game', 'conform', 'help'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export interface OptionSpec {
  name: string;
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The value's placeholder in help, e.g. FILE. */
  value?: string;
  /** One or more lines of help. */
  help: string;
  /** The commands that understand it (all commands when absent). */
  commands?: readonly CommandName[];
}

const RUNS = ['run', 'check'] as const;

export const OPTIONS: readonly OptionSpec[] = [
  { name: 'reporter', type: 'string', multiple: true, value: 'NAME[=FILE]', help: 'console (the default), json, tap, junit, html, github; repeatable\n(github: annotations and a job summary; on by itself when GITHUB_ACTIONS=true)', commands: [...RUNS, 'replay', 'match', 'tournament', 'merge'] },
  { name: 'output', type: 'string', value: 'FILE', help: 'write the (last) reporter given without =FILE to FILE (new-game: the folder to write into)', commands: [...RUNS, 'replay', 'import', 'match', 'tournament', 'merge', 'new-game'] },
  { name: 'profile', type: 'string', value: 'NAME', help: "jury profile (default: the game's real jury; see botjury list <game>)", commands: [...RUNS, 'fuzz', 'match', 'tournament'] },
  { name: 'role', type: 'string', value: 'R', help: 'only this role (e.g. white, black, detectives, 2)', commands: [...RUNS, 'import', 'fuzz'] },
  { name: 'grep', type: 'string', short: 't', multiple: true, value: 'TEXT', help: 'only scenarios whose name or file contains TEXT (any case); repeatable: any of them', commands: RUNS },
  { name: 'bail', type: 'boolean', help: 'stop after the first failing scenario run (report what ran, exit 1)', commands: RUNS },
  { name: 'jobs', type: 'string', value: 'N', help: 'scenarios in parallel (run, check: default the number of cores;\nreplay, match, tournament: games in parallel, default 1); a timing verdict\n(or a late answer excused) from a parallel run is judged again by\nrerunning that scenario (game) alone', commands: [...RUNS, 'replay', 'match', 'tournament'] },
  { name: 'shard', type: 'string', value: 'K/N', help: 'run part K of N of the scenarios (match, tournament: of the games) (CI matrices)', commands: [...RUNS, 'match', 'tournament'] },
  { name: 'shard-count', type: 'string', value: 'N', help: 'tournament: part K of N with K from JOB_COMPLETION_INDEX + 1 (a Kubernetes\nIndexed Job)', commands: ['tournament'] },
  { name: 'strict', type: 'boolean', help: 'warnings count as failures', commands: [...RUNS, 'replay', 'fuzz', 'match', 'tournament'] },
  { name: 'cwd', type: 'string', value: 'DIR', help: "the bot's working directory (default: a fresh temporary folder)", commands: [...RUNS, 'replay', 'fuzz'] },
  { name: 'memory-mb', type: 'string', value: 'N', help: 'hard memory limit for the bot (prlimit data limit) and verdict memory-limit', commands: [...RUNS, 'replay', 'fuzz', 'match', 'tournament'] },
  { name: 'isolate', type: 'boolean', help: 'run every bot in a sandbox of its own (bubblewrap): no network, no view of\nbotjury, the other bots or their folders, nothing writable but its folder and\n/tmp (docs/security.md)', commands: [...RUNS, 'replay', 'fuzz', 'match', 'tournament'] },
  { name: 'transcript', type: 'string', value: 'FILE', help: 'record every run (lines both ways, moves, seed, setup, limits, bot digest,\nmachine) for botjury replay; match: every seat of every game', commands: [...RUNS, 'replay', 'match'] },
  { name: 'allow-path', type: 'string', multiple: true, value: 'DIR', help: "let setup: files (mazes, maps) come from DIR too (default: only the scenario's\nfolder and ../shared/data); repeatable", commands: [...RUNS, 'replay'] },
  { name: 'trust-transcript-command', type: 'boolean', help: 'run the bot command(s) stored in the transcript (printed first)', commands: ['replay'] },
  { name: 'game', type: 'string', value: 'N', help: 'a match transcript: replay only game N (default: every game in it)', commands: ['replay'] },
  { name: 'exact', type: 'boolean', help: 'demand the recorded moves of the bot (default: any legal move)', commands: ['import'] },
  { name: 'games', type: 'string', value: 'N', help: 'how many seeded games to play (match: at most, with --sprt)', commands: ['fuzz', 'match'] },
  { name: 'seed', type: 'string', value: 'S', help: 'the seed the games derive from', commands: ['fuzz', 'match', 'tournament'] },
  { name: 'opponent', type: 'string', value: 'NAME', help: "built-in opponent for the seats no bot takes (see botjury list <game>)", commands: ['match', 'tournament'] },
  { name: 'sprt', type: 'string', value: 'E0,E1,A,B', help: 'stop as soon as a sequential test decides between elo0 and elo1\n(e.g. 0,10,0.05,0.05): is the first bot stronger than the second?\n(tournament: the test of every pair, reported; the schedule is played whole)', commands: ['match', 'tournament'] },
  { name: 'record', type: 'string', value: 'FILE', help: "a real game's record (as botjury import reads it): play that one game between\nthe bots (in its seats' order) and show where their moves leave it", commands: ['match'] },
  { name: 'setup', type: 'string', value: 'FILE', help: "a YAML file with the game's setup: (a maze, a map, a field) for every game", commands: ['match', 'tournament'] },
  { name: 'script', type: 'string', multiple: true, value: 'SEAT=FILE', help: "moves for a seat no bot takes, one per line, played in order in every game\n(then the built-in opponent); repeatable", commands: ['match'] },
  { name: 'format', type: 'string', value: 'F', help: 'round-robin (every bot against every other; the default) or gauntlet\n(the first bot against each of the others)', commands: ['tournament'] },
  { name: 'rounds', type: 'string', value: 'R', help: 'rounds (default 1): each plays every table of the schedule on a new seed,\nin every rotation of its seats', commands: ['tournament'] },
  { name: 'state', type: 'string', value: 'FILE', help: 'write the state as JSON Lines as each game ends (for --resume)', commands: ['tournament'] },
  { name: 'resume', type: 'string', value: 'FILE', help: 'continue the tournament whose state is in FILE (the same command line,\n--state FILE replaced by --resume FILE); the games it lacks are played', commands: ['tournament'] },
  { name: 'live', type: 'string', value: 'FILE', help: 'keep a self-contained HTML page with the standings, the cross table and\nthe games so far in FILE, replaced after each game', commands: ['tournament'] },
  { name: 'no-isolate', type: 'boolean', help: 'run the bots without the sandbox', commands: ['tournament'] },
  { name: 'save-dir', type: 'string', value: 'DIR', help: 'where to save one shrunk scenario per distinct violation', commands: ['fuzz'] },
  { name: 'game-module', type: 'string', multiple: true, value: 'PATH|PACKAGE', help: 'load a game package (its main file, or an installed package name); repeatable.\nA scenario\'s game: <id> also finds the installed package botjury-game-<id>' },
  { name: 'help', type: 'boolean', short: 'h', help: 'this text (botjury <command> --help: that command)' },
  { name: 'version', type: 'boolean', short: 'v', help: "botjury's version" },
];

export class CommandLineError extends Error {}

/** What parseCommandLine returns: the options of the table above, typed. */
export interface OptionValues {
  reporter?: string[];
  output?: string;
  profile?: string;
  role?: string;
  grep?: string[];
  bail?: boolean;
  jobs?: string;
  shard?: string;
  strict?: boolean;
  cwd?: string;
  'memory-mb'?: string;
  isolate?: boolean;
  transcript?: string;
  'allow-path'?: string[];
  'trust-transcript-command'?: boolean;
  game?: string;
  exact?: boolean;
  games?: string;
  seed?: string;
  opponent?: string;
  sprt?: string;
  record?: string;
  setup?: string;
  script?: string[];
  format?: string;
  rounds?: string;
  state?: string;
  resume?: string;
  live?: string;
  'shard-count'?: string;
  'no-isolate'?: boolean;
  'save-dir'?: string;
  'game-module'?: string[];
  help?: boolean;
  version?: boolean;
}

/** The option spelled `--name`/`-s` in `token` (before any `=value`), or undefined. */
function optionOf(token: string): OptionSpec | undefined {
  if (token.startsWith('--')) {
    const name = token.slice(2).split('=')[0]!;
    return OPTIONS.find((o) => o.name === name);
  }
  // A short option, alone (-t) or with its value attached (-tcapture).
  return OPTIONS.find((o) => o.short !== undefined && (token === `-${o.short}` || (o.type === 'string' && token.startsWith(`-${o.short}`) && !token.startsWith('--'))));
}

const valueAttached = (token: string): boolean => token.includes('=') || /^-[^-]./.test(token);

const spell = (o: OptionSpec): string => `--${o.name}`;

/**
 * Parses botjury's own arguments (those before `--`). Errors are sentences a person can act on:
 * "unknown option '--rol' (did you mean --role?)", "--role needs a value", never the parser's own text.
 */
export function parseCommandLine(args: string[]): { values: OptionValues; positionals: string[] } {
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (!token.startsWith('-') || token === '-') continue;
    const option = optionOf(token);
    if (!option) {
      const typed = token.split('=')[0]!;
      const long = typed.replace(/^-+/, '');
      throw new CommandLineError(`unknown option '${typed.slice(0, 64)}'${didYouMean(long, OPTIONS.map((o) => o.name), (n) => `--${n}`)}`);
    }
    if (option.type === 'string' && !valueAttached(token)) {
      const next = args[i + 1];
      if (next === undefined || optionOf(next)) throw new CommandLineError(`${spell(option)} needs a value (${spell(option)} ${option.value ?? 'VALUE'})`);
      i++;
    }
    if (option.type === 'boolean' && token.includes('=')) throw new CommandLineError(`${spell(option)} takes no value`);
  }
  const config = Object.fromEntries(
    OPTIONS.map((o) => [o.name, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]),
  );
  try {
    return parseArgs({ args, allowPositionals: true, options: config }) as { values: OptionValues; positionals: string[] };
  } catch (e) {
    // Anything the pre-check did not foresee: still one line, without the parser's advice about '--'.
    throw new CommandLineError((e as Error).message.split('. ')[0]!);
  }
}

/** The options `command` understands, in table order. */
export function optionsOf(command: CommandName): OptionSpec[] {
  return OPTIONS.filter((o) => !o.commands || o.commands.includes(command));
}

/** A misplaced option is a usage error, never silently ignored. */
export function checkOptionsFit(command: CommandName, values: OptionValues): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const option = OPTIONS.find((o) => o.name === name)!;
    if (option.commands && !option.commands.includes(command))
      throw new CommandLineError(`${spell(option)} does not apply to ${command} (it applies to ${option.commands.join(', ')})`);
  }
}
