// Match transcripts, through the CLI as a user runs them: `match --transcript` keeps every seat of every
// game as JSON Lines (a header, then a line per game as it ends), two matches of the same deterministic
// bots and seed are the same bytes, and `replay` plays any game of the match again, a line at a time,
// and names the first ply where a seat's bot answers otherwise.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarnessError } from '../../harness/core/bot-process.js';
import { FileError } from '../../harness/core/files.js';
import { GAMES } from '../../harness/games/registry.js';
import { gameSeed, runMatch } from '../../harness/match/match.js';
import {
  MATCH_TRANSCRIPT_CAPS, MatchRecorder, matchTranscriptLineProblems, openMatchTranscript, type MatchTranscriptGame, type MatchTranscriptHeader, type MatchTranscriptReadOptions,
} from '../../harness/tools/match-transcript.js';
import { compileSchema, transcriptAjv } from '../../harness/tools/transcript.js';
import { ROOT, runCli, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-match-transcript-test-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const C_BOT = ['examples/alquerque/c/build/bot'];
const RANDOM_BOT = ['python3', 'test/fixtures/bots/alquerque-random.py', '3'];

/** A match transcript's lines, parsed: the header and the games in file order. */
interface MatchTranscriptFile {
  header: MatchTranscriptHeader;
  games: MatchTranscriptGame[];
}

/** Reads a transcript as a test sees it: every line compact JSON ended by \n. */
function read(file: string): MatchTranscriptFile {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const [header, ...games] = text.slice(0, -1).split('\n').map((line) => {
    const value = JSON.parse(line) as unknown;
    expect(line).toBe(JSON.stringify(value));
    return value;
  });
  return { header: header as MatchTranscriptHeader, games: games as MatchTranscriptGame[] };
}

const jsonLines = (t: MatchTranscriptFile): string => [t.header, ...t.games].map((v) => `${JSON.stringify(v)}\n`).join('');

/** Every game of a transcript through botjury's reader, each line checked (as replay reads them). */
async function readGames(file: string, options: MatchTranscriptReadOptions = {}): Promise<MatchTranscriptGame[]> {
  const reader = await openMatchTranscript(file, path.basename(file), GAMES, options);
  const games: MatchTranscriptGame[] = [];
  for await (const g of reader.games) games.push(g);
  return games;
}

/** The error a read throws: one line, what main() prints as exit 2 (a HarnessError, or a FileError for the file's size). */
async function readError(file: string, options: MatchTranscriptReadOptions = {}): Promise<Error> {
  let error: unknown;
  try {
    await readGames(file, options);
  } catch (e) {
    error = e;
  }
  expect(error instanceof HarnessError || error instanceof FileError, String(error)).toBe(true);
  expect((error as Error).message).not.toContain('\n');
  return error as Error;
}

async function recordMatch(file: string, seed: string): Promise<MatchTranscriptFile> {
  const r = await runCli(['match', 'alquerque', '--games', '2', '--seed', seed, '--transcript', file, '--', ...C_BOT, '--', ...C_BOT]);
  expect(r.code, r.stderr).toBe(0);
  return read(file);
}

/** A harness fault: exit 2, one line, never a stack trace. */
function expectOneLineFault(r: { code: number; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
}

let recorded: string;
let data: MatchTranscriptFile;
beforeAll(async () => {
  recorded = path.join(tmp, 'match.jsonl');
  data = await recordMatch(recorded, '5');
});

describe('match --transcript', () => {
  it('keeps the match, the bots with their digests, and every seat of every game, a line each', () => {
    expect(matchTranscriptLineProblems('header', data.header)).toEqual([]);
    for (const g of data.games) expect(matchTranscriptLineProblems('game', g)).toEqual([]);
    // The schema's root describes any line, as a tool checking the file line by line uses it.
    const validateLine = compileSchema(transcriptAjv(['transcript.schema.json']), 'match-transcript.schema.json');
    for (const line of [data.header, ...data.games]) expect(validateLine(line), JSON.stringify(validateLine.errors)).toBe(true);
    expect(validateLine({ ...data.header, games: data.games })).toBe(false);
    expect(data.header.format).toBe('botjury-match-transcript');
    expect(data.header.match).toEqual({ game: 'alquerque', seed: 5, profile: 'codecup2008', games: 2 });
    expect(data.header.bots.map((b) => [b.name, b.command])).toEqual([['A', C_BOT], ['B', C_BOT]]);
    expect(data.header.bots[0]!.executable.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.games.map((g) => [g.index, g.seed, g.seats.map((s) => [s.role, s.bot])])).toEqual([
      [0, 5, [['white', 0], ['black', 1]]],
      [1, 5, [['white', 1], ['black', 0]]],
    ]);
    for (const seat of data.games.flatMap((g) => g.seats)) {
      const run = seat.run!;
      expect(run.limits.totalMs).toBe(30_000);
      // Every answer the jury judged is a bot line on the wire, in order; the other seat's moves were relayed.
      const answers = run.moves.flatMap((m) => (m.by === 'bot' ? [m.lines!.join('\n')] : []));
      expect(answers).toEqual(run.transcript.filter((e) => e.dir === 'bot').map((e) => e.text));
      expect(answers.length).toBeGreaterThan(10);
      expect(run.moves.some((m) => m.by === 'opponent' && m.scripted)).toBe(true);
      expect(run.result.violations).toEqual([]);
    }
  });

  it('is reproducible byte for byte: the same deterministic bots and seed give the same lines and moves', async () => {
    const again = await recordMatch(path.join(tmp, 'again.jsonl'), '5');
    const wire = (t: MatchTranscriptFile) => t.games.map((g) => g.seats.map((s) => ({ lines: s.run!.transcript.filter((e) => e.dir === 'jury' || e.dir === 'bot').map((e) => `${e.dir} ${e.text}`), moves: s.run!.moves })));
    expect(JSON.stringify(wire(again))).toBe(JSON.stringify(wire(data)));
    expect(again.games.map((g) => g.outcome)).toEqual(data.games.map((g) => g.outcome));
  });
});

describe('replay of a match transcript', () => {
  it('plays every game again with the recorded commands (shown first) and finds every seat as recorded (exit 0)', async () => {
    const r = await runCli(['replay', recorded, '--trust-transcript-command']);
    expect(r.stderr).toMatch(/^botjury: running the transcript's commands A \["examples\/alquerque\/c\/build\/bot"\], B \["examples\/alquerque\/c\/build\/bot"\] from /);
    expect(r.stdout).toMatch(/^game 1\/2: A \(white\) .* · B \(black\) /m);
    expect(r.stdout).toMatch(/^game 2\/2: B \(white\) .* · A \(black\) /m);
    expect(r.stdout.match(/bot output: identical to the recording \([1-9]\d* answers\)/g)).toHaveLength(4);
    expect(r.stdout.match(/jury input: identical to the recording/g)).toHaveLength(4);
    expect(r.stdout.match(/verdicts: {3}same as recorded \(none\)/g)).toHaveLength(4);
    expect(r.stdout).toContain('replayed 2 games of 2 in the transcript: every bot seat as recorded (4)');
    expect(r.code).toBe(0);
  });

  it('--game N plays that game only, and --transcript records the replay as a match transcript', async () => {
    const out = path.join(tmp, 'replayed.jsonl');
    const r = await runCli(['replay', recorded, '--game', '2', '--transcript', out, '--', ...C_BOT, '--', ...C_BOT]);
    expect(r.stdout).not.toMatch(/^game 1\//m);
    expect(r.stdout).toMatch(/^game 2\/2: B \(white\)/m);
    expect(r.stdout.match(/bot output: identical to the recording/g)).toHaveLength(2);
    expect(r.stdout).toMatch(/\nreplayed game 2 of the transcript: every bot seat as recorded \(2\)$/);
    expect(r.code).toBe(0);
    const again = read(out);
    expect(await readGames(out)).toHaveLength(1);
    expect(again.header.argv).toEqual(['replay', recorded, '--game', '2', '--transcript', out]);
    expect(again.games.map((g) => g.index)).toEqual([1]);
    expect(again.games[0]!.seats.map((s) => s.run!.moves)).toEqual(data.games[1]!.seats.map((s) => s.run!.moves));
  });

  it('another bot in seat A: names the first ply where its answer differs, and the changed bot (exit 1)', async () => {
    const r = await runCli(['replay', recorded, '--game', '1', '--', ...RANDOM_BOT, '--', ...C_BOT]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("note: bot A: the bot's executable differs from the recorded one: python3 sha256 ");
    expect(r.stdout).toContain('note: bot A: test/fixtures/bots/alquerque-random.py was not part of the recorded command');
    // Bot A is White in game 1: its own output differs first; Black's jury input differs because of it.
    const seatA = /\n {2}A \(white\):\n([^]*?)\n {2}B \(black\):\n([^]*?)\nreplayed/.exec(r.stdout);
    expect(seatA, r.stdout).not.toBeNull();
    const firstPly = /bot output: first differs at ply (\d+) \(White's move \d+ \(ply \1\)\)\n\s+expected "[a-g]\d[-*][a-g]\d\\n"\n\s+actual {3}"[a-g]\d[-*][a-g]\d\\n"/.exec(seatA![1]!);
    expect(firstPly, seatA![1]).not.toBeNull();
    // The answer that differs is the first one that does: every earlier answer of White is the recorded one.
    const whiteMoves = data.games[0]!.seats[0]!.run!.moves.filter((m) => m.by === 'bot');
    expect(whiteMoves.some((m) => m.ply === Number(firstPly![1]))).toBe(true);
    expect(seatA![2]).toMatch(/jury input: (differs at jury line \d+, before this bot's output did: another seat's bot answered otherwise first|identical until)/);
    expect(r.stdout).toMatch(/bot seats? differ from the recording/);
  });

  it("replays each seat with its recorded limits, not the profile's as it is now", async () => {
    // A recorded memory limit of 0.5 MB for White: the replay applies it (the profile has 64 MB) and the
    // C bot, which holds more than that from its start, is over it. (A time limit would not do: a reply of
    // microseconds is within botjury's own busy time after the write, which excuses it whatever the limit.)
    const t = structuredClone(data);
    t.games[0]!.seats[0]!.run!.limits.memoryMb = 0.5;
    const file = path.join(tmp, 'limits.jsonl');
    writeFileSync(file, jsonLines(t));
    const r = await runCli(['replay', file, '--game', '1', '--', ...C_BOT, '--', ...C_BOT]);
    expect(r.stdout).toMatch(/\n {2}A \(white\):\n {4}verdicts: {3}differ — recorded: none; now: memory-limit at ply \d+\n/);
    expect(r.stdout).toMatch(/\n {2}B \(black\):\n {4}verdicts: {3}same as recorded \(none\)\n/);
    expect(r.stdout).toMatch(/ {2}outcome: {4}differs — recorded: tie: both players made 100 moves; now: White: memory-limit/);
    expect(r.code).toBe(1);
  });

  it('a timing verdict confirmed away: the transcript holds the play the match reports, which replays as recorded', async () => {
    // Bot A sleeps past the handshake limit the first time it ever starts only: the game's first play has
    // a handshake-timeout, its replay (the result reported) has none. The transcript must hold the replay.
    const marker = path.join(tmp, 'slow-once.marker');
    const wrapper = path.join(tmp, 'slow-once.py');
    writeFileSync(wrapper, 'import os, sys, time\nif not os.path.exists(sys.argv[1]):\n    open(sys.argv[1], "w").close()\n    time.sleep(1.5)\nos.execv(sys.argv[2], sys.argv[2:])\n');
    const file = path.join(tmp, 'jc.jsonl');
    const bot = 'examples/javachallenge2015/c/build/bot';
    const r = await runCli(['match', 'javachallenge2015', '--games', '1', '--seed', '2', '--transcript', file, '--', 'python3', wrapper, marker, bot, '--', bot]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const t = read(file);
    expect(await readGames(file)).toHaveLength(1);
    expect(t.games[0]!.rerunAlone).toBe(true);
    const seat = t.games[0]!.seats[0]!.run!;
    expect(seat.result.violations).toEqual([]);
    expect(seat.moves.filter((m) => m.by === 'bot' && m.failed !== undefined)).toEqual([]);
    expect(seat.moves[0]).toMatchObject({ by: 'bot', handshake: true, lines: ['READY'] });
    const replay = await runCli(['replay', file, '--trust-transcript-command']);
    expect(replay.stdout).toContain('every bot seat as recorded (2)');
    expect(replay.code).toBe(0);
  });

  it('usage: --game out of range or not in the file, the wrong number of bots, no command (exit 2, one message)', async () => {
    const usage = async (args: string[], message: RegExp): Promise<void> => {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      // A usage error: its one line, then the pointer to the command's help.
      expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(message), "run 'botjury replay --help' for usage"]);
    };
    await usage(['replay', recorded, '--game', '99', '--trust-transcript-command'], /^botjury: --game 99: the match in .*match\.jsonl had 2 games$/);
    // A game of the match that the file does not hold (a shard, an interrupted match): the file is read to its end.
    const shard = path.join(tmp, 'shard.jsonl');
    writeFileSync(shard, jsonLines({ header: { ...data.header, match: { ...data.header.match, games: 4 } }, games: data.games }));
    await usage(['replay', shard, '--game', '3', '--trust-transcript-command'], /^botjury: --game 3: .*shard\.jsonl holds games 1, 2$/);
    await usage(['replay', shard, '--game', '3', '--', ...C_BOT, '--', ...C_BOT], /^botjury: --game 3: .*shard\.jsonl holds games 1, 2$/);
    await usage(['replay', recorded, '--transcript', recorded, '--trust-transcript-command'], /^botjury: --transcript .*match\.jsonl: that is the transcript being replayed; give another file$/);
    await usage(['replay', recorded, '--game', '0', '--trust-transcript-command'], /^botjury: --game needs a whole number from 1 to 100000, not '0'$/);
    await usage(['replay', recorded, '--game', '1e999', '--trust-transcript-command'], /^botjury: --game needs a whole number/);
    await usage(['replay', recorded, '--', ...C_BOT], /^botjury: the match had 2 bots; give 2 commands, each after its own --/);
    await usage(['replay', recorded], /^botjury: replay runs the bots you give, each after its own --: .*the transcript names A \["examples\/alquerque\/c\/build\/bot"\].*--trust-transcript-command/);
    await usage(['replay', recorded, '--reporter', 'json', '--trust-transcript-command'], /^botjury: --reporter does not apply to the replay of a match transcript/);
  });

  it('a garbage or hostile file is refused in one line, nothing run (exit 2)', async () => {
    const garbage = path.join(tmp, 'garbage.json');
    writeFileSync(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)));
    expectOneLineFault(await runCli(['replay', garbage, '--trust-transcript-command']), /^botjury: transcript .*garbage\.json: not valid JSON/);
    const deep = path.join(tmp, 'deep.json');
    writeFileSync(deep, `{"format":"botjury-match-transcript","games":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expectOneLineFault(await runCli(['replay', deep, '--trust-transcript-command']), /deep\.json is not a usable botjury match transcript: line 1 \(the header\): \/: must have required property/);
    // The same document pretty-printed (one JSON document, not a line per game): told apart, refused.
    const document = path.join(tmp, 'document.json');
    writeFileSync(document, JSON.stringify({ ...data.header, games: data.games }, null, 1));
    expectOneLineFault(await runCli(['replay', document, '--trust-transcript-command']), /document\.json is not a usable botjury match transcript: not JSON Lines/);

    type Editable = MatchTranscriptFile & { header: Record<string, unknown> };
    const marker = path.join(tmp, 'pwned');
    const hostile = (change: (t: Editable) => void): Editable => {
      const t = structuredClone(data) as Editable;
      // Whatever else is wrong, the recorded command must never run.
      for (const b of t.header.bots) b.command = ['/bin/sh', '-c', `touch ${marker}`];
      change(t);
      return t;
    };
    const cases: [(t: Editable) => void, RegExp][] = [
      [(t) => { for (const k of Object.keys(t.header)) if (k !== 'format') delete t.header[k]; }, /is not a usable botjury match transcript: line 1 \(the header\): \/: must have required property '\w+' \(and \d+ more problems\)$/],
      [(t) => { t.games[0]!.index = 1e300; }, /: line 2: \/index: must be <= 99999$/],
      [(t) => { t.games[0]!.seats[0]!.role = '__proto__'; }, /: line 2: \/seats: not the roles of alquerque \(white, black\)$/],
      [(t) => { t.header.match.profile = 'constructor'; }, /: line 1 \(the header\): alquerque has no jury profile 'constructor'$/],
      [(t) => { t.games[0]!.seats[0]!.bot = 1; t.games[0]!.seats[1]!.bot = 0; }, /: line 2: \/seats\/0\/bot: not the bot the match seats there$/],
      [(t) => { t.games[1]!.index = 0; t.games[1]!.seats = t.games[0]!.seats; }, /: line 3: \/index: game 1 is in the file twice$/],
      [(t) => { t.header.match.games = 1; }, /: line 3: \/index: game 2 of a match of 1 games$/],
      [(t) => { t.games[0]!.seed = '6/1'; }, /: line 2: \/seed: not the seed game 1 of this match has$/],
      [(t) => { t.games[0]!.seats[0]!.bot = 7; }, /: line 2: \/seats\/0\/bot: must be <= 3/],
      [(t) => { delete t.games[0]!.seats[0]!.run; }, /: line 2: \/seats\/0\/run: a bot seat without its run$/],
      [(t) => { t.games[0]!.seats[0]!.run!.limits.moveMs = 1e12; }, /: line 2: \/seats\/0\/run\/limits\/moveMs: must be <= 3600000$/],
      [(t) => { t.header.bots[1]!.invokedFrom = '/'; }, /: line 1 \(the header\): the bots were recorded from different folders$/],
      [(t) => { t.header.match.game = '\u001b[2Jgone'; }, /its game '\\x1b\[2Jgone' is not available in this build/],
      [(t) => { t.header.games = []; }, /: line 1 \(the header\): \/: must NOT have additional properties$/],
    ];
    // Each case in-process (the checks replay makes as it reads), one through the CLI.
    for (const [change, message] of cases) {
      const file = path.join(tmp, 'hostile.jsonl');
      writeFileSync(file, jsonLines(hostile(change)));
      expect((await readError(file)).message, String(message)).toMatch(message);
    }
    const file = path.join(tmp, 'hostile.jsonl');
    writeFileSync(file, jsonLines(hostile(cases[2]![0])));
    expectOneLineFault(await runCli(['replay', file, '--trust-transcript-command']), /hostile\.jsonl is not a usable botjury match transcript: line 2: \/seats: not the roles/);
    expect(() => readFileSync(marker)).toThrow();
  });

  it('a broken line is refused in one line naming it, its bytes never printed as they are (exit 2)', async () => {
    const text = jsonLines(data);
    const [headerLine, ...gameLines] = text.slice(0, -1).split('\n');
    const refused = async (name: string, content: string | Buffer, message: RegExp): Promise<string> => {
      const file = path.join(tmp, name);
      writeFileSync(file, content);
      const r = await runCli(['replay', file, '--', ...C_BOT, '--', ...C_BOT]);
      expectOneLineFault(r, message);
      return r.stdout;
    };
    // A header that is not JSON, with a terminal escape in it: named by its line, the escape not sent.
    expect(await refused('header.jsonl', `{"format":"botjury-match-transcript", \u001b[2J oops\n${gameLines.join('\n')}\n`, /header\.jsonl is not a usable botjury match transcript: line 1: not valid JSON( \(at character \d+ of the line\))?$/)).toBe('');
    // A last line cut short (a match killed while writing it): named as such, once the games before it
    // are replayed (each game is read when it is its turn).
    const beforeCut = await refused('cut.jsonl', text.slice(0, text.length - 1000), /cut\.jsonl is not a usable botjury match transcript: line 3: not valid JSON.*; the file ends inside it \(cut short while it was written\?\)$/);
    expect(beforeCut).toMatch(/^game 1\/2: /);
    expect(beforeCut).not.toMatch(/^(game 2\/2|replayed)/m);
    expect(await refused('cut-first.jsonl', text.slice(0, headerLine!.length + 1000), /cut-first\.jsonl is not a usable botjury match transcript: line 2: not valid JSON.*; the file ends inside it/)).toBe('');
    await refused('empty-line.jsonl', `${headerLine}\n\n${gameLines.join('\n')}\n`, /empty-line\.jsonl is not a usable botjury match transcript: line 2 is empty$/);
    await refused('empty.jsonl', '', /^botjury: transcript .*empty\.jsonl: not valid JSON/);
    await refused('header-only.jsonl', `${headerLine}\n`, /header-only\.jsonl holds no games$/);
    // A line longer than the 64 MB a line may have: refused when its 64 MB are read, wherever it ends.
    const long = Buffer.alloc(MATCH_TRANSCRIPT_CAPS.lineBytes + 2, 0x20);
    long.write('{"index":0', 0);
    long[long.length - 1] = 0x0a;
    await refused('long.jsonl', Buffer.concat([Buffer.from(`${headerLine}\n`), long]), /long\.jsonl: line 2 is longer than 64 MB, the most botjury reads for a line of a match transcript$/);
    // The reader's own caps, smaller.
    const file = path.join(tmp, 'caps.jsonl');
    writeFileSync(file, text);
    expect((await readError(file, { caps: { lineBytes: 1000, lines: 10 } })).message).toMatch(/caps\.jsonl: line 1 is longer than 1000 bytes/);
    expect((await readError(file, { caps: { lineBytes: 1 << 20, lines: 2 } })).message).toMatch(/caps\.jsonl: more than 2 lines, the most botjury reads in a match transcript$/);
    // A last line without its \n is still a line.
    writeFileSync(file, text.slice(0, -1));
    expect((await readGames(file)).map((g) => g.index)).toEqual([0, 1]);
  });

  it('reads a transcript far larger than 64 MB a line at a time: every line checked, --game N replayed', async () => {
    // A match of 800 games, each line a recorded game renumbered (the seats rotate with the index, the
    // seed is the round's): about 70 MB, more than botjury reads of any whole file.
    const games = 800;
    const header = { ...data.header, match: { ...data.header.match, games } };
    const file = path.join(tmp, 'large.jsonl');
    writeFileSync(file, `${JSON.stringify(header)}\n`);
    const templates = data.games.map((g) => JSON.stringify(g).slice(JSON.stringify({ index: g.index, seed: g.seed }).length - 1));
    const batch: string[] = [];
    for (let i = 0; i < games; i++) {
      batch.push(`${JSON.stringify({ index: i, seed: gameSeed(5, i, 2) }).slice(0, -1)}${templates[i % 2]!}\n`);
      if (batch.length === 100) appendFileSync(file, batch.splice(0).join(''));
    }
    expect(readFileSync(file).length).toBeGreaterThan(64 << 20);
    const read = await readGames(file);
    expect(read.map((g) => g.index)).toEqual(Array.from({ length: games }, (_, i) => i));
    expect(read[games - 1]!.seats.map((s) => s.bot)).toEqual([1, 0]);
    const r = await runCli(['replay', file, '--game', String(games), '--', ...C_BOT, '--', ...C_BOT]);
    expect(r.stdout).toMatch(new RegExp(`^game ${games}/${games}: B \\(white\\)`, 'm'));
    expect(r.stdout).toContain(`replayed game ${games} of the transcript: every bot seat as recorded (2)`);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);
});

describe('a match transcript is written as the games end', () => {
  it("lets a game's recordings go once its line is taken: a long match holds only the games in play", async () => {
    const recorder = new MatchRecorder();
    const held: number[] = [];
    const lines: number[] = [];
    await runMatch({
      game: GAMES.find((g) => g.id === 'alquerque')!,
      bots: [{ name: 'A', command: C_BOT }, { name: 'B', command: C_BOT }],
      games: 3,
      seed: 5,
      invokedFrom: ROOT,
      recordGame: recorder.recordGame,
      onGameEnd: (g) => {
        lines.push(recorder.takeGame(g).seats.filter((s) => s.run!.moves.length > 0).length);
        held.push(recorder.held);
      },
    }, 'test');
    expect(lines).toEqual([2, 2, 2]);
    expect(held).toEqual([0, 0, 0]);
  });

  it('--jobs 2: in the order the games ended, which replay follows (--jobs too)', async () => {
    // The first of bot A's starts (game 1's or game 2's, whichever comes first) is slow: that game ends
    // after a later one.
    const marker = path.join(tmp, 'jobs-slow.marker');
    const wrapper = path.join(tmp, 'jobs-slow.py');
    writeFileSync(wrapper, 'import os, sys, time\ntry:\n    os.close(os.open(sys.argv[1], os.O_CREAT | os.O_EXCL | os.O_WRONLY))\n    time.sleep(3)\nexcept FileExistsError:\n    pass\nos.execv(sys.argv[2], sys.argv[2:])\n');
    const file = path.join(tmp, 'jobs.jsonl');
    const r = await runCli(['match', 'alquerque', '--games', '4', '--jobs', '2', '--seed', '5', '--transcript', file, '--', 'python3', wrapper, marker, ...C_BOT, '--', ...C_BOT]);
    expect(r.code, r.stderr).toBe(0);
    const order = read(file).games.map((g) => g.index);
    // The console's game lines come from the same moment as the transcript's: the same order.
    expect(order).toEqual([...r.stdout.matchAll(/^game (\d+)\/4:/gm)].map((m) => Number(m[1]) - 1));
    expect([...order].sort()).toEqual([0, 1, 2, 3]);
    expect(order).not.toEqual([0, 1, 2, 3]);
    // Replay takes the games in file order, not sorted; with --jobs 2 as they finish.
    const replay = await runCli(['replay', file, '--', ...C_BOT, '--', ...C_BOT]);
    expect([...replay.stdout.matchAll(/^game (\d+)\/4:/gm)].map((m) => Number(m[1]) - 1)).toEqual(order);
    expect(replay.stdout).toContain('replayed 4 games of 4 in the transcript: every bot seat as recorded (8)');
    expect(replay.code).toBe(0);
    const parallel = await runCli(['replay', file, '--jobs', '2', '--', ...C_BOT, '--', ...C_BOT]);
    expect(parallel.stdout).toContain('replayed 4 games of 4 in the transcript: every bot seat as recorded (8)');
    expect(parallel.code).toBe(0);
  });
});
