// Help texts: the overview (`botjury --help`) and one page per command (`botjury run --help`,
// `botjury help run`), each with examples as a user types them in a bot's own repository: botjury
// installed there (its files under node_modules/botjury/), the bot started as `python3 bot.py` or
// `./bot`, files the user makes named as such (run.json, report.html, my-scenarios/).
import { VERSION } from '../core/version.js';
import { COMMAND_NAMES, OPTIONS, optionsOf, type CommandName, type OptionSpec } from './options.js';

interface CommandHelp {
  usage: string;
  /** What the command does, in a few lines. */
  about: string;
  examples: string[];
  /** Extra lines after the examples (exit codes that differ from the usual ones). */
  notes?: string;
}

const BOT = 'python3 bot.py';
/** The Python example bot botjury ships: an opponent for a match. */
const EXAMPLE_BOT = 'python3 node_modules/botjury/examples/alquerque/python/bot.py';
const SUITE = 'node_modules/botjury/scenarios/alquerque';

export const COMMANDS: Record<CommandName, CommandHelp> = {
  check: {
    usage: 'botjury check <game> [options] -- <bot command> [args...]',
    about: "Runs the game's built-in suite (scenarios/<game>/) against the bot given after --. The bot\nruns without a shell, in a fresh temporary folder; relative paths to files that exist are made absolute.",
    examples: [
      `botjury check alquerque -- ${BOT}`,
      `botjury check alquerque --role black -t capture -- ./bot`,
      `botjury check alquerque --bail --reporter html=report.html -- java -cp build Bot`,
    ],
  },
  run: {
    usage: 'botjury run <scenario.yaml | dir>... [options] -- <bot command> [args...]',
    about: 'Runs the given scenario files (and every scenario in the given folders) against the bot.\nA scenario without role: runs once per role.',
    examples: [
      `botjury run ${SUITE}/capture-continuation.yaml --role black -- ${BOT}`,
      `botjury run my-scenarios/ -t tie --reporter junit=junit.xml -- ./bot`,
    ],
  },
  validate: {
    usage: 'botjury validate <scenario.yaml | dir>...',
    about: 'Checks scenario files without running a bot; prints file:line:col: problem for each mistake.',
    examples: [`botjury validate ${SUITE}`, 'botjury validate my-scenarios/'],
    notes: 'Exit codes: 0 every file is valid, 2 some file is not.',
  },
  list: {
    usage: 'botjury list [<game>]',
    about: "Without a game: the games, their roles and jury profiles. With a game: its scenarios, each\nwith what it checks (its name and the rule it rests on).",
    examples: ['botjury list', 'botjury list alquerque'],
    notes: 'Exit code 0.',
  },
  replay: {
    usage: 'botjury replay <transcript.json> [options] [-- <bot command> [args...] [-- <bot B> ...]]',
    about: "Drives the bot through the games of a transcript (written by run or check with --transcript)\nagain and shows the first ply where its output differs. It takes match transcripts too (match\n--transcript, JSON Lines: a header, then a line per game): every game of the match (or --game N)\nis played again, a line at a time, between the bots given after -- (one each, in the recorded\norder) with the same seed, seats, profile, setup and limits, and every bot seat is compared with\nits recording. With --trust-transcript-command instead of bot commands: the recorded ones,\nprinted first.",
    examples: [
      `botjury check alquerque --transcript run.json -- ${BOT}`,
      `botjury replay run.json -- ${BOT}`,
      `botjury replay match.jsonl --game 2 -- ${BOT} -- ${EXAMPLE_BOT}`,
    ],
    notes: "Exit codes: 0 same output and no violation, 1 a violation or a bot's output differs from the\nrecording, 2 the harness could not do its job.",
  },
  import: {
    usage: 'botjury import <game> <record> [--role R] [--exact] [--output FILE]',
    about: "Turns a real game record (a CodeCup game page or a move list) into a scenario: the opponent's\nplies scripted, the bot's plies checked.",
    examples: ['botjury import alquerque game-page.txt --output my-scenarios/game.yaml'],
    notes: 'Exit codes: 0 the scenario was written, 2 the record could not be read.',
  },
  fuzz: {
    usage: 'botjury fuzz <game> [--role R] --games N --seed S --save-dir DIR [options] -- <bot command> [args...]',
    about: 'Plays seeded games against the built-in opponents and saves, per distinct violation, a scenario\nshrunk to the fewest steps that still trigger it.',
    examples: [`botjury fuzz alquerque --games 20 --seed 1 --save-dir found -- ${BOT}`],
    notes: 'Exit codes: 0 nothing found, 1 a violation found (one scenario each saved), 2 harness fault.',
  },
  match: {
    usage: 'botjury match <game> [options] -- <bot A> [args...] -- <bot B> [args...] [-- <bot C> ... -- <bot D> ...]',
    about: "Bots against each other, every seat judged as check judges one (time, flushing, lifecycle, rules),\nwith the real jury's consequence for a violation. Game 1 seats the bots in the order given (bot A\nfirst: White, Red, the fugitive, player 0 …); later games rotate them, and a round of rotations\nshares one seed. Seats without a bot take a built-in opponent. Ends with the standings, and for two\nbots their score, Elo difference and LOS; --sprt stops as soon as the test decides.",
    examples: [
      `botjury match alquerque --games 10 --seed 1 -- ${BOT} -- ${EXAMPLE_BOT}`,
      `botjury match alquerque --games 400 --sprt 0,10,0.05,0.05 --jobs 2 -- ${BOT} -- ./old-bot`,
      `botjury match alquerque --games 100 --shard 1/4 --reporter json=shard-1.json -- ${BOT} -- ${EXAMPLE_BOT}`,
      `botjury match alquerque --games 4 --seed 1 --transcript match.jsonl -- ${BOT} -- ${EXAMPLE_BOT}`,
    ],
    notes: 'Exit codes: 0 no bot broke a rule, 1 a bot broke a rule (see the table), 2 the harness could not do its job.',
  },
  tournament: {
    usage: 'botjury tournament <game> [--format round-robin|gauntlet] [--rounds R] [options] -- <bot 1> [args...] -- <bot 2> [args...] [-- <bot 3> ...]',
    about: "A field of bots, every seat judged as check judges one. round-robin: every bot meets every other\nequally often and plays every seat equally often; gauntlet: the first bot against each of the others.\nEach round plays every table of the schedule on one seed in every rotation of its seats. Ends with\nthe standings (W/D/L, the game's points, score, an Elo for every bot), a cross table, and per pair\nthe score, Elo and pentanomial statistics. A game the judge fails (harness or referee fault) is\nvoided and played again. docs/tournament.md explains the schedule and the statistics.",
    examples: [
      `botjury tournament alquerque --rounds 2 -- ${BOT} -- ./old-bot -- ${EXAMPLE_BOT}`,
      `botjury tournament alquerque --format gauntlet --rounds 10 --sprt 0,50,0.05,0.05 -- ${BOT} -- ./old-bot -- ${EXAMPLE_BOT}`,
      `botjury tournament alquerque --rounds 4 --state tournament.jsonl --live report.html -- ${BOT} -- ./old-bot -- ${EXAMPLE_BOT}`,
      `botjury tournament alquerque --rounds 4 --resume tournament.jsonl --live report.html -- ${BOT} -- ./old-bot -- ${EXAMPLE_BOT}`,
      `botjury tournament alquerque --rounds 40 --shard 1/4 --reporter json=shard-1.json -- ${BOT} -- ./old-bot -- ${EXAMPLE_BOT}`,
    ],
    notes: 'Exit codes: 0 no bot broke a rule, 1 a bot broke a rule (see the table), 2 the harness could not do its job\n(also: a game voided on every play).',
  },
  merge: {
    usage: 'botjury merge <report.json>... [--reporter NAME[=FILE]]',
    about: "Combines the JSON reports of a match's or a tournament's shards (--shard K/N --reporter json=FILE)\ninto one: the games of all shards, the standings and statistics over all of them. Every report is\nchecked against its schema before it is read.",
    examples: ['botjury merge shard-1.json shard-2.json shard-3.json shard-4.json'],
    notes: 'Exit codes as for match and tournament; 2 also when the reports are not shards of one match or tournament.',
  },
  'new-game': {
    usage: 'botjury new-game <id> [--output DIR]',
    about: "Writes a working game package to start a new game from (into DIR/<id>/, default the current\nfolder): rules, wire, referee, definition, one scenario, one example bot and tests. It passes\nbotjury check <id> --game-module DIR/<id>/index.js and its own npm test at once.\nnode_modules/botjury/docs/game-api.md explains the contract.",
    examples: ['botjury new-game take-away', 'botjury check take-away --game-module take-away/index.js -- python3 take-away/bots/bot.py'],
    notes: "Exit codes: 0 written, 2 the id is not valid, is a known game's, or the folder exists.",
  },
  conform: {
    usage: 'botjury conform <game> [--game-module X] -- <deterministic bot command> [args...]',
    about: "The conformance check for a game's referee (a game package's, in any language): its suite\nplayed twice with a deterministic bot must give the same games, a replay of the recording must find\nthe same jury input and verdicts, and every request must be answered.",
    examples: ['botjury conform take-away --game-module take-away/index.js -- python3 take-away/bots/bot.py'],
    notes: 'Exit codes: 0 the referee conforms, 1 a check failed, 2 the harness could not do its job.',
  },
  help: {
    usage: 'botjury help [<command>]',
    about: 'This overview, or the help of one command.',
    examples: ['botjury help run'],
  },
};

const EXIT_CODES = 'Exit codes: 0 every scenario passed, 1 the bot violated something, 2 the harness could not do its job.';

function optionLines(options: readonly OptionSpec[]): string[] {
  const rows = options.map((o) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${o.name}${o.value ? ` ${o.value}` : ''}`;
    return { flag, help: o.help.split('\n') };
  });
  const width = Math.max(...rows.map((r) => r.flag.length)) + 2;
  return rows.flatMap((r) => r.help.map((line, i) => `  ${(i === 0 ? r.flag : '').padEnd(width)}${line}`));
}

export function globalHelp(): string {
  const usages = COMMAND_NAMES.filter((c) => c !== 'help').map((c) => `  ${COMMANDS[c].usage}`);
  return [
    `botjury ${VERSION} — conformance checks for competition game bots`,
    '',
    ...usages,
    '',
    'Options:',
    ...optionLines(OPTIONS),
    '',
    EXIT_CODES,
    "'botjury <command> --help' shows a command's options and examples.",
  ].join('\n');
}

export function commandHelp(command: CommandName): string {
  const h = COMMANDS[command];
  const options = optionsOf(command);
  return [
    `usage: ${h.usage}`,
    '',
    h.about,
    '',
    'Options:',
    ...optionLines(options),
    '',
    'Examples:',
    ...h.examples.map((e) => `  npx ${e}`),
    '',
    h.notes ?? (command === 'check' || command === 'run' ? EXIT_CODES : ''),
  ].join('\n').trimEnd();
}
