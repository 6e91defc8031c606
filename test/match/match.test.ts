// `botjury match`: bots against each other, every seat judged as in `check`.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameSeed, pairResult, playGame, runMatch, seating, type MatchGame, type MatchReport } from '../../harness/match/match.js';
import { fakeJc2015Player } from '../fakes/fake-bot.js';
import { mergeReports } from '../../harness/match/merge.js';
import { GAMES } from '../../harness/games/registry.js';
import Ajv2020 from 'ajv/dist/2020.js';
import { ROOT, runCli, scratchDir } from '../helpers.js';
import { expectRefused } from '../security/hostile.js';

const PY = (game: string) => ['python3', `examples/${game}/python/bot.py`];
const JS = (game: string) => ['node', `examples/${game}/js/bot.js`];

async function match(args: string[], bots: string[][]): Promise<{ code: number; report: MatchReport; stderr: string }> {
  const file = path.join(scratchDir('botjury-match-'), 'match.json');
  const r = await runCli(['match', ...args, '--reporter', 'console', '--reporter', `json=${file}`, ...bots.flatMap((b) => ['--', ...b])], { timeoutMs: 240_000 });
  let report: MatchReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as MatchReport;
  } catch {
    throw new Error(`no match report (exit ${r.code}): ${r.stderr}${r.stdout}`);
  }
  return { code: r.code, report, stderr: r.stdout + r.stderr };
}

function matchReportSchemaErrors(report: unknown): unknown {
  const Ajv = (Ajv2020 as unknown as { default: typeof Ajv2020 }).default ?? Ajv2020;
  const ajv = new (Ajv as unknown as new (o: object) => { addSchema(s: object): void; validate(s: object, d: unknown): boolean; errors: unknown })({ strict: false, validateFormats: false });
  const schema = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'schemas', name), 'utf8')) as Record<string, unknown>;
  ajv.addSchema({ ...schema('report.schema.json'), $id: 'https://botjury.dev/schemas/report.schema.json' });
  return ajv.validate(schema('match-report.schema.json'), report) ? null : ajv.errors;
}

const runsOf = (report: MatchReport, bot: number) => report.games.flatMap((g) => g.seats.filter((s) => s.bot === bot).map((s) => s.run!));
const errorCodes = (report: MatchReport, bot: number) => [...new Set(runsOf(report, bot).flatMap((r) => r.violations.filter((v) => v.severity === 'error').map((v) => v.code)))].sort();

describe('results come from the one game', () => {
  it("a bot's failure decides nothing by itself: a game that names no winner after it is a draw for both (the rules' consequence is the game's to apply)", async () => {
    const dir = scratchDir('botjury-match-nowinner-');
    for (const f of ['index.js', 'game.js', 'rules.js', 'package.json']) copyFileSync(path.join(ROOT, 'examples/games/nim', f), path.join(dir, f));
    const source = readFileSync(path.join(dir, 'game.js'), 'utf8');
    // Nim names the winner of a player's failure; this one does not.
    const silent = source.replace("scores: { [winner]: 1, [ROLES[this.loser]]: 0 }, winner };", 'scores: {} };');
    expect(silent).not.toBe(source);
    writeFileSync(path.join(dir, 'game.js'), silent);
    const crasher = ['python3', '-c', 'import sys; sys.exit(3)'];
    const { code, report, stderr } = await match(['nim', '--game-module', path.join(dir, 'index.js'), '--games', '2'], [crasher, ['python3', 'examples/games/nim/bots/bot.py']]);
    for (const g of report.games) {
      expect(g.outcome, stderr).toMatchObject({ finished: false });
      expect(g.outcome!.winner).toBeUndefined();
      expect(g.seats.map((s) => s.result)).toEqual(['draw', 'draw']);
    }
    expect(errorCodes(report, 0)).toEqual(['crash']);
    expect(code).toBe(1);
  });
});

describe('seating and seeds', () => {
  it('game 1 seats the bots in the order given; later games rotate them over every seat equally', () => {
    expect(seating(0, ['white', 'black'], 2)).toEqual([0, 1]);
    expect(seating(1, ['white', 'black'], 2)).toEqual([1, 0]);
    const four = Array.from({ length: 4 }, (_, i) => seating(i, ['0', '1', '2', '3'], 2));
    expect(four).toEqual([[0, 1, null, null], [null, 0, 1, null], [null, null, 0, 1], [1, null, null, 0]]);
    for (const seat of [0, 1, 2, 3]) expect(four.filter((s) => s[seat] === 0)).toHaveLength(1);
    // A round of rotations shares one seed: each bot meets the same game from each seat.
    expect([0, 1, 2, 3].map((i) => gameSeed(7, i, 2))).toEqual([7, 7, '7/1', '7/1']);
  });

  it('the pair result: the winner decides; with built-in seats the better score of the two', () => {
    const g = (seats: [number | null, 'win' | 'draw' | 'loss', number | null][]): MatchGame => ({ index: 0, seed: '1/0', outcome: null, durationMs: 0, seats: seats.map(([bot, result, points], i) => ({ role: String(i), bot, result, points })) });
    expect(pairResult(g([[0, 'win', 12], [1, 'loss', 0]]))).toBe('win');
    expect(pairResult(g([[0, 'draw', 3], [1, 'draw', 5]]))).toBe('draw'); // two players: the rules' tie
    expect(pairResult(g([[0, 'loss', 40], [1, 'loss', 30], [null, 'win', 90], [null, 'loss', 10]]))).toBe('win');
    expect(pairResult(g([[0, 'loss', 0], [1, 'draw', 0]]))).toBe('loss'); // a forfeit
  });
});

describe('botjury match', () => {
  it('alquerque: two example bots, four games, colours rotated, the table and the Elo line, exit 0', async () => {
    const { code, report, stderr } = await match(['alquerque', '--games', '4', '--seed', '3'], [PY('alquerque'), JS('alquerque')]);
    expect(report.games.map((g) => g.seats.map((s) => s.bot))).toEqual([[0, 1], [1, 0], [0, 1], [1, 0]]);
    expect(report.standings.map((s) => s.games)).toEqual([4, 4]);
    expect(report.games.every((g) => g.outcome?.finished)).toBe(true);
    expect([0, 1].map((b) => errorCodes(report, b))).toEqual([[], []]);
    const t = report.pair!.tally;
    expect(t.wins + t.draws + t.losses).toBe(4);
    expect(stderr).toMatch(/^game 2\/4: B \(white\) .* · A \(black\) /m);
    expect(stderr).toMatch(/^A vs B: \+\d+ =\d+ -\d+ — Elo: /m);
    expect(code).toBe(0);
    // The JSON follows schemas/match-report.schema.json (whose seat runs are report.schema.json results).
    expect(matchReportSchemaErrors(report)).toBeNull();
  });

  it('a broken bot gets exactly its verdict, with the jury\'s consequence; the other bot none (exit 1)', async () => {
    const { code, report } = await match(['alquerque', '--games', '2'], [PY('alquerque'), ['python3', 'examples/alquerque/broken/skips-capture.py']]);
    expect(errorCodes(report, 1)).toEqual(['illegal-move']);
    expect(errorCodes(report, 0)).toEqual([]);
    // The invalid move loses the game 0-12, and both programs read Quit, as the rule text says.
    for (const g of report.games.filter((g) => g.seats.some((s) => s.bot === 1 && s.run!.status === 'failed'))) {
      expect(g.seats.find((s) => s.bot === 1)!.result).toBe('loss');
      expect(g.seats.find((s) => s.bot === 0)!.result).toBe('win');
      expect(g.seats.find((s) => s.bot === 0)!.run!.transcript.some((t) => t.dir === 'jury' && t.text === 'Quit')).toBe(true);
    }
    expect(report.standings[1]!.violations['illegal-move']).toBeGreaterThan(0);
    expect(code).toBe(1);
  });

  it('JUnit fails the broken bot\'s seats only; the HTML shows the table above every seat\'s replay', async () => {
    const dir = scratchDir('botjury-match-reports-');
    const [junit, html] = [path.join(dir, 'm.xml'), path.join(dir, 'm.html')];
    const r = await runCli(['match', 'alquerque', '--games', '2', '--reporter', `junit=${junit}`, '--reporter', `html=${html}`, '--', ...PY('alquerque'), '--', 'python3', 'examples/alquerque/broken/skips-capture.py']);
    expect(r.code).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(4);
    expect(xml.match(/<failure [^>]*type="illegal-move"/g)!.length).toBeGreaterThan(0);
    const failing = [...xml.matchAll(/<testcase name="([^"]*)"[^>]*>\s*<failure/g)].map((m) => m[1]!);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.every((name) => /^game \d+: B as /.test(name))).toBe(true);
    const page = readFileSync(html, 'utf8');
    // The standings as a real table, a row per bot; the summary has a result column, a row per seat.
    expect(page).toMatch(/<h2>Match<\/h2>\n<p>alquerque: 2 games played of 2/);
    const standings = /<table class="standings">([\s\S]*?)<\/table>/.exec(page)![1]!;
    expect([...standings.matchAll(/<tr><td>([AB])<\/td>/g)].map((m) => m[1])).toEqual(['A', 'B']);
    expect(standings).toContain('<th class="num">points</th>');
    expect(page).toContain('<th>result</th>');
    const seatRows = [...page.matchAll(/<tr class="(\w+)" data-status[^>]*>.*?<td>(\w+) \(([01½])\)<\/td>/g)].map((m) => [m[1], m[2], m[3]]);
    expect(seatRows).toHaveLength(4);
    // B's illegal move loses its game: a failed seat is a loss; every seat has its game's result.
    expect(seatRows.filter(([status]) => status === 'failed').length).toBeGreaterThan(0);
    expect(seatRows.filter(([status]) => status === 'failed').every(([, result, mark]) => result === 'loss' && mark === '0')).toBe(true);
    expect(seatRows.every(([, result]) => ['win', 'draw', 'loss'].includes(result!))).toBe(true);
    expect(page.match(/<details class="scenario /g)).toHaveLength(4);
  });

  it('--record re-runs a disputed game between the two programs and shows where they leave the record', async () => {
    const record = 'test/fixtures/alquerque-records/codecup2008-e17340-incomplete-strike.txt';
    const white = ['python3', 'test/fixtures/bots/replay.py', 'c3-d4', 'b2*d4', 'a1*c3', 'a3*a5', 'c3*a5'];
    const black = ['python3', 'test/fixtures/bots/replay.py', 'e5*c3', 'b4*b2', 'a5-b4', 'a6*a4'];
    // The programs as they played: the record is followed up to the jury's verdict, which botjury repeats.
    const same = await match(['alquerque', '--record', record], [white, black]);
    expect(same.report.games).toHaveLength(1);
    expect(same.report.games[0]!.record).toEqual({ plies: 9, followed: 8, endedAt: 9 });
    expect(errorCodes(same.report, 0)).toEqual(['illegal-move']);
    expect(same.stderr).toMatch(/followed the record for 8 of its 9 plies; the game ended before ply 9/);
    expect(same.code).toBe(1);
    // Another White: the report names the first ply where the game left the record.
    const other = await match(['alquerque', '--record', record], [PY('alquerque'), black]);
    expect(other.report.games[0]!.record!.left).toMatchObject({ ply: 1, player: 'white', recorded: 'c3-d4' });
    expect(other.stderr).toMatch(/left the record at ply 1: white played '[a-g]\d-[a-g]\d', the record has 'c3-d4'/);
  });

  it('--sprt stops early between a strong and a random bot', async () => {
    const { report, stderr } = await match(['alquerque', '--games', '60', '--sprt', '0,50,0.05,0.05'], [PY('alquerque'), ['python3', 'test/fixtures/bots/alquerque-random.py', '5']]);
    expect(report.games.length).toBeLessThan(20);
    expect(report.pair!.sprt!.result).toBe('H1');
    expect(report.stopped).toMatch(/^SPRT: H1 accepted after \d+ games/);
    expect(stderr).toMatch(/SPRT \(elo0 0, elo1 50, alpha 0.05, beta 0.05\): LLR .* — H1 accepted/);
  });

  it('--shard K/N and merge: the shards together are the match run at once', async () => {
    const bots = [PY('alquerque'), JS('alquerque')];
    const whole = await match(['alquerque', '--games', '4'], bots);
    const dir = scratchDir('botjury-shards-');
    for (const k of [1, 2]) {
      const r = await runCli(['match', 'alquerque', '--games', '4', '--shard', `${k}/2`, '--reporter', `json=${path.join(dir, `s${k}.json`)}`, ...bots.flatMap((b) => ['--', ...b])], { timeoutMs: 120_000 });
      expect(r.code).toBe(0);
    }
    const merged = await runCli(['merge', path.join(dir, 's1.json'), path.join(dir, 's2.json'), '--reporter', 'json']);
    expect(merged.code).toBe(0);
    const report = JSON.parse(merged.stdout) as MatchReport;
    expect(report.games.map((g) => g.index)).toEqual([0, 1, 2, 3]);
    const strip = (r: MatchReport) => r.standings.map(({ name, games, wins, draws, losses, points }) => ({ name, games, wins, draws, losses, points }));
    expect(strip(report)).toEqual(strip(whole.report));
    expect(report.pair!.tally).toEqual(whole.report.pair!.tally);
    const twice = await runCli(['merge', path.join(dir, 's1.json'), path.join(dir, 's1.json')]);
    expect(twice.stderr).toMatch(/game 1 is in two reports/);
    expect(twice.code).toBe(2);
  });

  it('is reproducible byte for byte: the same deterministic bots and seed play the same games', async () => {
    const bots = [PY('alquerque'), ['python3', 'test/fixtures/bots/alquerque-random.py', '3']];
    const lines = (r: MatchReport) => r.games.map((g) => g.seats.map((s) => s.run!.transcript.filter((t) => t.dir === 'jury' || t.dir === 'bot').map((t) => `${t.dir} ${t.text}`)));
    const [one, two] = [await match(['alquerque', '--games', '2', '--seed', '9'], bots), await match(['alquerque', '--games', '2', '--seed', '9'], bots)];
    expect(lines(one.report)).toEqual(lines(two.report));
    expect(lines(one.report)[0]![0]!.length).toBeGreaterThan(10);
  });

  // A failure in a game the real jury plays on (it takes over the failed player): the other bots play
  // the whole game, and every seat ends with the same outcome, the failed player's consequence in it.
  it.each([
    ['javachallenge2015', 'bad-handshake', 'examples/javachallenge2015/broken/ready-wrong-case.py', (seat: string) => new RegExp(`player ${seat}'s bot was terminated at T=0 \\(bad-handshake\\) and its player did N from then on`)],
    ['snakecore', 'early-exit', 'examples/snakecore/broken/exits-early.py', (seat: string) => new RegExp(`python ${seat} disqualified: early-exit at move 2\\)`)],
    ['amazes', 'too-many-steps', 'examples/amazes/broken/too-many-steps.py', (seat: string) => new RegExp(`the jury played T for ${seat === 'red' ? 'Red' : 'Blue'} from turn \\d+ \\(too-many-steps\\), score 0`)],
  ])('%s: a broken bot gets exactly %s, the jury plays on for it, and the other bots play the whole game', async (game, verdict, broken, consequence) => {
    const others = game === 'amazes' ? [PY(game)] : [PY(game), JS(game), PY(game)];
    // Two games: the broken bot fails in the first seat, then in the second (the others learn of it later in the game).
    const { code, report } = await match([game, '--games', '2', '--seed', '2'], [['python3', broken], ...others]);
    expect(errorCodes(report, 0)).toEqual([verdict]);
    for (const b of others.keys()) expect(errorCodes(report, b + 1)).toEqual([]);
    for (const g of report.games) {
      const brokenSeat = g.seats.find((s) => s.bot === 0)!.role;
      for (const s of g.seats.filter((s) => s.run)) {
        expect(s.run!.outcome!.finished).toBe(true); // played to the rules' end, not cut short by the failure
        expect(s.run!.outcome!.summary).toMatch(consequence(brokenSeat));
      }
      expect(new Set(g.seats.flatMap((s) => (s.run ? [s.run.outcome!.summary] : []))).size).toBe(1); // every seat saw the same game
      if (game === 'amazes') expect(g.seats.find((s) => s.bot === 1)!.run!.timing.replies).toBe(150); // all its turns
    }
    expect(code).toBe(1);
  });

  it('on-the-run: an illegal move of the detectives is an irregular loss; the fugitive\'s bot wins, with no verdict', async () => {
    const { code, report } = await match(['on-the-run', '--games', '2'], [PY('on-the-run'), ['python3', 'examples/on-the-run/broken/non_adjacent.py']]);
    expect(errorCodes(report, 1)).toEqual(['illegal-move']);
    expect(errorCodes(report, 0)).toEqual([]);
    const failed = report.games.filter((g) => g.seats.some((s) => s.bot === 1 && s.run!.status === 'failed'));
    expect(failed.map((g) => g.seats.find((s) => s.bot === 1)!.role)).toEqual(['detectives']);
    expect(failed[0]!.seats.find((s) => s.bot === 1)!.result).toBe('loss');
    expect(failed[0]!.seats.find((s) => s.bot === 0)!.result).toBe('win');
    expect(code).toBe(1);
  });

  it('javachallenge2015 with four bots: player 0 reads exactly what the engine sends it, byte for byte as in a one-bot run', async () => {
    const bots = [PY('javachallenge2015'), JS('javachallenge2015'), PY('javachallenge2015'), JS('javachallenge2015')];
    const { report } = await match(['javachallenge2015', '--games', '1', '--seed', '4'], bots);
    const seat = report.games[0]!.seats.find((s) => s.role === '0')!;
    // Player 0 alone, same seed (READY counts as a ply): everything the jury sends before its first action is the same bytes
    // (the start map and positions; later turns differ, as the other players are bots now).
    const file = path.join(scratchDir('botjury-jc-'), 'seat-0.yaml');
    writeFileSync(file, 'game: javachallenge2015\nrole: "0"\nseed: 4\nsteps:\n  - play: { plies: 2 }\n');
    const alone = await runCli(['run', file, '--reporter', 'json', '--', ...bots[seat.bot!]!]);
    const aloneRun = (JSON.parse(alone.stdout) as { results: { transcript: { dir: string; text: string }[] }[] }).results[0]!;
    const beforeFirstAction = (t: { dir: string; text: string }[]) => {
      const answers = t.map((e, i) => (e.dir === 'bot' ? i : -1)).filter((i) => i >= 0);
      return t.slice(0, answers[1]).filter((e) => e.dir === 'jury').map((e) => e.text);
    };
    expect(beforeFirstAction(seat.run!.transcript)).toEqual(beforeFirstAction(aloneRun.transcript));
    expect(beforeFirstAction(seat.run!.transcript).length).toBeGreaterThan(3);
  });

  it.each([
    ['amazes', [PY('amazes'), JS('amazes')]],
    ['on-the-run', [PY('on-the-run'), JS('on-the-run')]],
    ['javachallenge2015', [PY('javachallenge2015'), JS('javachallenge2015'), PY('javachallenge2015'), JS('javachallenge2015')]],
    ['snakecore', [PY('snakecore'), JS('snakecore'), PY('snakecore'), JS('snakecore')]],
  ])('%s: the example bots play a match with no violation, every seat a bot where the game has four', async (game, bots) => {
    const { code, report } = await match([game, '--games', '2'], bots);
    expect(report.games).toHaveLength(2);
    for (const g of report.games) {
      expect(g.seats.filter((s) => s.bot !== null)).toHaveLength(bots.length);
      expect(g.outcome).not.toBeNull();
    }
    for (const b of bots.keys()) expect(errorCodes(report, b)).toEqual([]);
    expect(code).toBe(0);
  });

  it('hostile --record and --setup files: exit 2, one line, nothing run; a record\'s move is shown escaped', async () => {
    const dir = scratchDir('botjury-match-hostile-');
    const bots = ['--', ...PY('alquerque'), '--', ...PY('alquerque')];
    const file = (name: string, content: string | Buffer) => {
      writeFileSync(path.join(dir, name), content);
      return path.join(dir, name);
    };
    const garbage = file('garbage.txt', Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256)));
    expectRefused(await runCli(['match', 'alquerque', '--record', garbage, ...bots]), /--record .*garbage\.txt: line \d+: /, 'binary garbage');
    expectRefused(await runCli(['match', 'alquerque', '--record', file('moves.txt', 'd3-d4\nzz\nb4-c4\n'), ...bots]), /--record .*: line 2: .*'zz' is not a move/, 'an illegal move inside');
    expectRefused(await runCli(['match', 'alquerque', '--record', '/dev/zero', ...bots]), /not a regular file/, 'a device');
    expectRefused(await runCli(['match', 'alquerque', '--setup', file('alias.yaml', 'a: &a [*a, *a]\n'), ...bots]), /--setup .*: setup: unknown key 'a'/, 'alquerque has no setup');
    expectRefused(await runCli(['match', 'amazes', '--setup', file('maze.yaml', 'maze: ../../../../etc/passwd\n'), '--', ...PY('amazes'), '--', ...PY('amazes')]), /outside the scenario's folder/, 'a path out of the folder');
    expectRefused(await runCli(['match', 'snakecore', '--setup', file('proto.yaml', 'setup:\n  __proto__: {moves: 1}\n'), '--', ...PY('snakecore'), '--', ...PY('snakecore')]), /--setup .*: setup: unknown key '__proto__'/, 'a prototype key');
    // A one-move record whose move is illegal is a disputed record: played, and its move shown escaped.
    const r = await runCli(['match', 'alquerque', '--record', file('one.txt', 'c3-d4\u001b[31m\n'), ...bots]);
    expect(r.stdout).toMatch(/the record has 'c3-d4\\x1b\[31m'/);
    expect(r.stdout).not.toContain('\u001b');
  });

  it("each seat's positions (for the HTML replay) are timed on that seat's own clock, as its transcript is", async () => {
    const game = GAMES.find((g) => g.id === 'alquerque')!;
    const report = await runMatch({ game, games: 1, seed: 3, invokedFrom: ROOT, snapshots: true, bots: [{ name: 'A', command: ['examples/alquerque/c/build/bot'] }, { name: 'B', command: PY('alquerque') }] }, 'test');
    for (const seat of report.games[0]!.seats) {
      const run = seat.run!;
      const snaps = run.snapshots!;
      expect(snaps.length).toBeGreaterThan(5);
      // A move is snapshotted after it was judged and before it is sent on: between the line that
      // brought it and the line that passed it to the other bot, in this seat's clock.
      // The moves in order: each is this bot's answer or a line the jury relayed to it.
      const lines = run.transcript.filter((e) => e.dir === 'bot' || e.dir === 'jury');
      let at = 0;
      let checked = 0;
      for (const snap of snaps.slice(1)) {
        while (at < lines.length && lines[at]!.text !== snap.move) at++;
        if (at === lines.length) break;
        const line = lines[at++]!;
        if (line.dir === 'bot') expect(snap.t, `${seat.role}: ${snap.move}`).toBeGreaterThanOrEqual(line.t - 0.01);
        else expect(snap.t, `${seat.role}: ${snap.move}`).toBeLessThanOrEqual(line.t + 0.01);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
    }
  });

  it('bounds what the report keeps: past the detail budget a game keeps results, verdicts and reply times, and the standings are the same', async () => {
    const game = GAMES.find((g) => g.id === 'alquerque')!;
    const options = {
      game, games: 4, seed: 11, invokedFrom: ROOT,
      bots: [{ name: 'A', command: PY('alquerque') }, { name: 'B', command: ['python3', 'examples/alquerque/broken/skips-capture.py'] }],
    };
    const [whole, bounded] = [await runMatch(options, 'test'), await runMatch({ ...options, detailBudgetChars: 1 }, 'test')];
    expect(whole.compactedGames).toBeUndefined();
    expect(bounded.compactedGames).toBe(4);
    expect(matchReportSchemaErrors(JSON.parse(JSON.stringify(bounded)))).toBeNull();
    for (const g of bounded.games)
      for (const s of g.seats) {
        expect(s.run!.transcript).toEqual([]);
        expect(s.run!.timing.perReply).toEqual([]);
        expect(s.replyWallsMs!.length).toBe(s.run!.timing.replies);
        expect(s.run!.transcriptDropped).toBeGreaterThan(0);
      }
    // Verdicts keep their evidence; the table is computed from the reply times kept.
    const table = (r: MatchReport) => r.standings.map((s) => ({ ...s, timing: { ...s.timing, medianMs: null, worstMs: null, budgetShareMax: null }, peakMemoryMb: null }));
    expect(table(bounded)).toEqual(table(whole));
    expect(bounded.games.flatMap((g) => g.seats.flatMap((s) => s.run!.violations.map((v) => v.code)))).toEqual(whole.games.flatMap((g) => g.seats.flatMap((s) => s.run!.violations.map((v) => v.code))));
    expect(bounded.standings.map((s) => s.timing.replies)).toEqual(whole.standings.map((s) => s.timing.replies));
    expect(bounded.standings.every((s) => s.timing.medianMs !== null && s.timing.worstMs !== null)).toBe(true);
    // merge keeps a compacted shard as it is and bounds what it adds.
    const merged = mergeReports([JSON.parse(JSON.stringify(bounded)) as MatchReport], { game });
    expect(merged.compactedGames).toBe(4);
    expect(merged.standings.map((s) => s.timing)).toEqual(bounded.standings.map((s) => s.timing));
  });
});


describe('a timing verdict in a game is believed only when a replay repeats it', () => {
  it('a replay whose own evidence shows the machine busy is replayed once more, and that play reported', async () => {
    const javachallenge2015 = GAMES.find((g) => g.id === 'javachallenge2015')!;
    // Four fake bots a play: READY at once, every action after 1 ms, but for player 0's first action in
    // the first `latePlays` plays: 150 ms, 30 ms of it waiting for a CPU (late by its own time, busy machine).
    const play = async (latePlays: number) => {
      let starts = 0;
      const game = await playGame(0, {
        game: javachallenge2015, bots: [0, 1, 2, 3].map((i) => ({ name: `fake${i}`, command: ['fake'] })),
        games: 1, seed: 1, setup: { turnLimit: 4 }, invokedFrom: ROOT,
        startBot: () => fakeJc2015Player(starts++ % 4 === 0 && starts <= latePlays * 4),
      });
      const errors = game.seats.flatMap((s) => s.run!.violations.filter((v) => v.severity === 'error').map((v) => `${s.role}: ${v.code}`));
      return { plays: starts / 4, errors, rerunAlone: game.rerunAlone };
    };
    // The first play and its replay late on a busy machine, the third in time: the third is the game.
    expect(await play(2)).toEqual({ plays: 3, errors: [], rerunAlone: true });
    // Late every time: the verdict stands.
    expect(await play(99)).toEqual({ plays: 3, errors: ['0: move-timeout'], rerunAlone: true });
  }, 30_000);
});

describe('a bot that fails at once in a later game', () => {
  it("is that bot's crash, not a harness fault: the command started properly in games 1 and 2", async () => {
    const counter = path.join(scratchDir('botjury-third-'), 'starts');
    const flaky = ['python3', 'test/fixtures/bots/fails-third-start.py', counter, 'examples/alquerque/c/build/bot'];
    const { code, report } = await match(['alquerque', '--games', '3'], [flaky, ['examples/alquerque/c/build/bot']]);
    expect(code).toBe(1);
    const third = report.games.find((g) => g.index === 2)!;
    const seat = third.seats.find((s) => s.bot === 0)!;
    expect(seat.run!.violations.filter((v) => v.severity === 'error').map((v) => v.code)).toEqual(['crash']);
    expect(seat.run!.violations[0]!.evidence).toMatchObject({ exitCode: 127 });
    expect(report.games.filter((g) => g.index < 2).every((g) => g.seats.every((s) => s.run!.violations.every((v) => v.severity !== 'error')))).toBe(true);
  });
});
