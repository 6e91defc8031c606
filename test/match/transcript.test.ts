// Match transcripts, through the CLI as a user runs them: `match --transcript` keeps every seat of every
// game, two matches of the same deterministic bots and seed are the same bytes, and `replay` plays any
// game of the match again and names the first ply where a seat's bot answers otherwise.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarnessError } from '../../harness/core/bot-process.js';
import { GAMES } from '../../harness/games/registry.js';
import { checkMatchTranscript, matchTranscriptProblems, type MatchTranscriptFile } from '../../harness/tools/match-transcript.js';
import { runCli } from '../helpers.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'botjury-match-transcript-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const C_BOT = ['examples/alquerque/c/build/bot'];
const RANDOM_BOT = ['python3', 'test/fixtures/bots/alquerque-random.py', '3'];
const read = (file: string): MatchTranscriptFile => JSON.parse(readFileSync(file, 'utf8')) as MatchTranscriptFile;

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
  recorded = path.join(tmp, 'match.json');
  data = await recordMatch(recorded, '5');
});

describe('match --transcript', () => {
  it('keeps the match, the bots with their digests, and every seat of every game', () => {
    expect(matchTranscriptProblems(data)).toEqual([]);
    expect(data.format).toBe('botjury-match-transcript');
    expect(data.match).toEqual({ game: 'alquerque', seed: '5', profile: 'codecup2008', games: 2 });
    expect(data.bots.map((b) => [b.name, b.command])).toEqual([['A', C_BOT], ['B', C_BOT]]);
    expect(data.bots[0]!.executable.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.games.map((g) => [g.index, g.seed, g.seats.map((s) => [s.role, s.bot])])).toEqual([
      [0, '5/0', [['white', 0], ['black', 1]]],
      [1, '5/0', [['white', 1], ['black', 0]]],
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
    const again = await recordMatch(path.join(tmp, 'again.json'), '5');
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
    const out = path.join(tmp, 'replayed.json');
    const r = await runCli(['replay', recorded, '--game', '2', '--transcript', out, '--', ...C_BOT, '--', ...C_BOT]);
    expect(r.stdout).not.toMatch(/^game 1\//m);
    expect(r.stdout).toMatch(/^game 2\/2: B \(white\)/m);
    expect(r.stdout.match(/bot output: identical to the recording/g)).toHaveLength(2);
    expect(r.code).toBe(0);
    const again = read(out);
    expect(matchTranscriptProblems(again)).toEqual([]);
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
    // A recorded total budget of 1 ms for White: the replay applies it (the profile has 30 s).
    const t = structuredClone(data);
    t.games[0]!.seats[0]!.run!.limits.totalMs = 1;
    const file = path.join(tmp, 'limits.json');
    writeFileSync(file, JSON.stringify(t));
    const r = await runCli(['replay', file, '--game', '1', '--', ...C_BOT, '--', ...C_BOT]);
    expect(r.stdout).toMatch(/\n {2}A \(white\):\n {4}verdicts: {3}differ — recorded: none; now: total-time-exceeded at ply \d+\n/);
    expect(r.stdout).toMatch(/\n {2}B \(black\):\n {4}verdicts: {3}same as recorded \(none\)\n/);
    expect(r.stdout).toMatch(/ {2}outcome: {4}differs — recorded: tie: both players made 100 moves; now: White: total-time-exceeded/);
    expect(r.code).toBe(1);
  });

  it('a timing verdict confirmed away: the transcript holds the play the match reports, which replays as recorded', async () => {
    // Bot A sleeps past the handshake limit the first time it ever starts only: the game's first play has
    // a handshake-timeout, its replay (the result reported) has none. The transcript must hold the replay.
    const marker = path.join(tmp, 'slow-once.marker');
    const wrapper = path.join(tmp, 'slow-once.py');
    writeFileSync(wrapper, 'import os, sys, time\nif not os.path.exists(sys.argv[1]):\n    open(sys.argv[1], "w").close()\n    time.sleep(1.5)\nos.execv(sys.argv[2], sys.argv[2:])\n');
    const file = path.join(tmp, 'jc.json');
    const bot = 'examples/javachallenge2015/c/build/bot';
    const r = await runCli(['match', 'javachallenge2015', '--games', '1', '--seed', '2', '--transcript', file, '--', 'python3', wrapper, marker, bot, '--', bot]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const t = read(file);
    expect(matchTranscriptProblems(t)).toEqual([]);
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
    await usage(['replay', recorded, '--game', '99', '--trust-transcript-command'], /^botjury: --game 99: .*match\.json holds games 1, 2$/);
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
    expectOneLineFault(await runCli(['replay', deep, '--trust-transcript-command']), /deep\.json is not a usable botjury match transcript: /);

    type Editable = MatchTranscriptFile & Record<string, unknown>;
    const marker = path.join(tmp, 'pwned');
    const hostile = (change: (t: Editable) => void): Editable => {
      const t = structuredClone(data) as Editable;
      // Whatever else is wrong, the recorded command must never run.
      for (const b of t.bots) b.command = ['/bin/sh', '-c', `touch ${marker}`];
      change(t);
      return t;
    };
    const cases: [(t: Editable) => void, RegExp][] = [
      [(t) => { for (const k of Object.keys(t)) if (k !== 'format') delete t[k]; }, /is not a usable botjury match transcript: \/: must have required property '\w+' \(and \d+ more problems\)$/],
      [(t) => { t.games[0]!.index = 1e300; }, /\/games\/0\/index: must be <= 99999$/],
      [(t) => { t.games[0]!.seats[0]!.role = '__proto__'; }, /\/games\/0\/seats: not the roles of alquerque \(white, black\)$/],
      [(t) => { t.match.profile = 'constructor'; }, /alquerque has no jury profile 'constructor'$/],
      [(t) => { t.games[0]!.seats[0]!.bot = 1; t.games[0]!.seats[1]!.bot = 0; }, /\/games\/0\/seats\/0\/bot: not the bot the match seats there$/],
      [(t) => { t.games[1]!.index = 0; t.games[1]!.seats = t.games[0]!.seats; }, /\/games\/1\/index: game 1 is in the file twice$/],
      [(t) => { t.match.games = 1; }, /\/games\/1\/index: game 2 of a match of 1 games$/],
      [(t) => { t.games[0]!.seed = '6/0'; }, /\/games\/0\/seed: not the seed game 1 of this match has$/],
      [(t) => { t.games[0]!.seats[0]!.bot = 7; }, /\/games\/0\/seats\/0\/bot: must be <= 3/],
      [(t) => { delete t.games[0]!.seats[0]!.run; }, /\/games\/0\/seats\/0\/run: a bot seat without its run$/],
      [(t) => { t.games[0]!.seats[0]!.run!.limits.moveMs = 1e12; }, /\/games\/0\/seats\/0\/run\/limits\/moveMs: must be <= 3600000$/],
      [(t) => { t.bots[1]!.invokedFrom = '/'; }, /the bots were recorded from different folders$/],
      [(t) => { t.match.game = '\u001b[2Jgone'; }, /its game '\\x1b\[2Jgone' is not available in this build/],
    ];
    // Each case in-process (the checks the CLI runs first), one through the CLI.
    for (const [change, message] of cases) {
      let error: unknown;
      try {
        checkMatchTranscript(hostile(change), 'hostile.json', GAMES);
      } catch (e) {
        error = e;
      }
      expect(error, String(message)).toBeInstanceOf(HarnessError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
    const file = path.join(tmp, 'hostile.json');
    writeFileSync(file, JSON.stringify(hostile(cases[2]![0])));
    expectOneLineFault(await runCli(['replay', file, '--trust-transcript-command']), /hostile\.json is not a usable botjury match transcript: \/games\/0\/seats: not the roles/);
    expect(() => readFileSync(marker)).toThrow();
  });
});
