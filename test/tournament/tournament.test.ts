// `botjury tournament` with real bots, as issue 25's "done when" lists it: a round robin of a good, a
// weak and a faulty Alquerque bot over two rounds; a gauntlet with pentanomial counts and an SPRT
// decision; a four-seat JavaChallenge2015 round robin of five bots; a voided game replayed; SIGINT then
// --resume ending with the standings of an uninterrupted run; the live page read by chromium after
// each game. Alquerque games are short and the bots deterministic (every seed plays the same game).
import { execa } from 'execa';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import { schemaProblems } from '../../harness/tournament/schemas.js';
import { headToHead } from '../../harness/tournament/pentanomial.js';
import { crossTableRows } from '../../harness/tournament/report.js';
import type { TournamentReport } from '../../harness/tournament/types.js';
import { CLI, ROOT, runCli, scratchDir } from '../helpers.js';

const GOOD = [path.join(ROOT, 'examples/alquerque/c/build/bot')];
const WEAK = ['python3', path.join(ROOT, 'test/fixtures/bots/alquerque-random.py')];
const FAULTY = ['python3', path.join(ROOT, 'examples/alquerque/broken/skips-capture.py')];
const FIELD = [GOOD, WEAK, FAULTY];
const FIELD_ARGS = ['alquerque', '--rounds', '2', '--seed', '25'];
const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);

const scratch = scratchDir('botjury-tournament-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let fileNumber = 0;
const scratchFile = (name: string): string => path.join(scratch, `${++fileNumber}-${name}`);
const botArgs = (bots: string[][]): string[] => bots.flatMap((b) => ['--', ...b]);

interface Run {
  code: number;
  report: TournamentReport;
  out: string;
}

async function tournament(args: string[], bots: string[][], extra: string[] = []): Promise<Run> {
  const file = scratchFile('report.json');
  const r = await runCli(['tournament', ...args, '--reporter', 'console', '--reporter', `json=${file}`, ...extra, ...botArgs(bots)], { timeoutMs: 240_000 });
  let report: TournamentReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as TournamentReport;
  } catch {
    throw new Error(`no tournament report (exit ${r.code}): ${r.stderr}${r.stdout}`);
  }
  return { code: r.code, report, out: `${r.stdout}\n${r.stderr}` };
}

/** The uninterrupted round robin of the field: the first test's run, and what the resumed run must equal. */
let uninterrupted: Promise<Run & { junit: string; tap: string; html: string }> | undefined;
function fieldRun(): Promise<Run & { junit: string; tap: string; html: string }> {
  uninterrupted ??= (async () => {
    const [junit, tap, html] = [scratchFile('field.xml'), scratchFile('field.tap'), scratchFile('field.html')];
    const run = await tournament(FIELD_ARGS, FIELD, ['--reporter', `junit=${junit}`, '--reporter', `tap=${tap}`, '--reporter', `html=${html}`]);
    return { ...run, junit: readFileSync(junit, 'utf8'), tap: readFileSync(tap, 'utf8'), html: readFileSync(html, 'utf8') };
  })();
  return uninterrupted;
}

/** What must be identical between two runs of the same tournament with deterministic bots (timing aside). */
function results(report: TournamentReport) {
  return {
    games: report.games.map((g) => ({ index: g.index, seed: g.seed, seats: g.seats.map((s) => [s.bot, s.result, s.points, s.run?.violations.map((v) => v.code)]) })),
    standings: report.standings.map((s) => ({ bot: s.bot, rank: s.rank, games: s.games, wins: s.wins, draws: s.draws, losses: s.losses, points: s.points, score: s.score, elo: s.elo, eloError95: s.eloError95, violations: s.violations, gamesWithViolations: s.gamesWithViolations })),
    crossTable: report.crossTable,
    pairs: report.pairs.map((p) => ({ a: p.a, b: p.b, tally: p.tally, counts: p.units.counts, pentanomial: p.units.pentanomial })),
  };
}

/** Processes whose command line names `marker` (a zombie aside), after waiting up to `waitMs` for them to end. */
async function processesUsing(marker: string, waitMs: number): Promise<number[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
      try {
        return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    }).map(Number);
    if (pids.length === 0 || Date.now() > deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const seatOf = (g: TournamentReport['games'][number], bot: number): number => g.seats.findIndex((s) => s.bot === bot);

/** The cross table as printed: each row's score column is its cells summed, over `games` games. */
function expectRowTotals(report: TournamentReport, games: number): void {
  const value = (cell: string): [number, number] => {
    const [score, n] = cell.split('/') as [string, string];
    return [score === '½' ? 0.5 : Number(score.replace('½', '')) + (score.endsWith('½') ? 0.5 : 0), Number(n)];
  };
  for (const row of crossTableRows(report).rows) {
    const cells = row.slice(2, -1).filter((c) => c !== '·').map(value);
    const [total, n] = value(row[row.length - 1]!);
    expect(n, row.join(' ')).toBe(games);
    expect(cells.reduce((sum, [x]) => sum + x, 0), row.join(' ')).toBeCloseTo(total, 9);
    expect(cells.reduce((sum, [, m]) => sum + m, 0), row.join(' ')).toBe(n);
  }
}

describe('botjury tournament', () => {
  it('a round robin of three Alquerque bots over two rounds: both colours on one seed, the faulty bot last with its violations, the cross table as the games', async () => {
    const { code, report, out, junit, tap, html } = await fieldRun();
    expect(schemaProblems('tournament-report', report)).toEqual([]);
    expect(report.games).toHaveLength(12);
    expect(report.voided).toEqual([]);
    // Every pair met in both colours on each round's seed: two games per pair and round, one seed, seats swapped.
    for (const [a, b] of [[0, 1], [0, 2], [1, 2]] as const) {
      const met = report.games.filter((g) => seatOf(g, a) >= 0 && seatOf(g, b) >= 0);
      expect(met).toHaveLength(4);
      for (const round of [0, 1]) {
        const pair = met.filter((g) => g.round === round);
        expect(pair).toHaveLength(2);
        expect(pair[0]!.seed).toBe(pair[1]!.seed);
        expect(pair.map((g) => seatOf(g, a)).sort()).toEqual([0, 1]);
        expect(pair.map((g) => seatOf(g, b)).sort()).toEqual([0, 1]);
      }
      expect(new Set(met.map((g) => g.seed)).size).toBe(2);
    }
    // The good bot first, the weak one second, the faulty bot last, with its verdicts and only it.
    expect(report.standings.map((s) => [s.rank, s.name])).toEqual([[1, 'A'], [2, 'B'], [3, 'C']]);
    const [good, weak, faulty] = report.standings;
    expect(faulty!.violations['illegal-move']).toBeGreaterThan(0);
    expect(faulty!.gamesWithViolations).toBe(8);
    expect([good!.gamesWithViolations, weak!.gamesWithViolations]).toEqual([0, 0]);
    expect(good!.elo!).toBeGreaterThan(weak!.elo!);
    expect(weak!.elo!).toBeGreaterThan(faulty!.elo!);
    for (const s of report.standings) expect(s.eloError95!).toBeGreaterThan(0);
    // The cross table, cell by cell, is what the games say; and each row sums to the bot's standing.
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        if (i === j) {
          expect(report.crossTable[i]![j]).toBeNull();
          continue;
        }
        const results = report.games.filter((g) => seatOf(g, i) >= 0 && seatOf(g, j) >= 0).map((g) => headToHead(g.seats, i, j));
        const cell = report.crossTable[i]![j]!;
        expect([cell.games, cell.wins, cell.draws, cell.losses]).toEqual([results.length, ...(['win', 'draw', 'loss'] as const).map((r) => results.filter((x) => x === r).length)]);
        expect([cell.wins, cell.draws, cell.losses]).toEqual([report.crossTable[j]![i]!.losses, report.crossTable[j]![i]!.draws, report.crossTable[j]![i]!.wins]);
      }
      const row = report.crossTable[i]!.filter((c) => c !== null);
      const s = report.standings.find((x) => x.bot === i)!;
      expect([s.games, s.wins, s.draws, s.losses]).toEqual(['games', 'wins', 'draws', 'losses'].map((k) => row.reduce((n, c) => n + c![k as 'games'], 0)));
    }
    // Per pair: the game tally and the pentanomial pairs (one per round), as match reports them.
    for (const p of report.pairs) {
      expect(p.tally.wins + p.tally.draws + p.tally.losses).toBe(4);
      expect(p.units.units).toBe(2);
      expect(p.units.ptnml!.reduce((n, c) => n + c, 0)).toBe(2);
    }
    expect(out).toMatch(/^1 {2}A .* none$/m);
    expect(out).toMatch(/^3 {2}C .* illegal-move ×\d+$/m);
    expect(out).toMatch(/^\s+1\s+A\s+·\s+4\/4\s+4\/4\s+8\/8$/m);
    expect(out).toMatch(/^A vs C: \+4 =0 -0 — Elo: /m);
    expect(out).toMatch(/^ {2}Ptnml\(0-2\): \[0, 0, 0, 0, 2\], 2 pairs — /m);
    // Every column and every figure of the console is said in words under its table.
    expect(out).toMatch(/^ {2}points: the game's own score, summed .*; score %: \(W \+ D\/2\) \/ games, the ranking .*; violations: /m);
    expect(out).toMatch(/^ {2}Elo: one scale for the field, .*; \+\/-: its 95 % interval$/m);
    expect(out).toMatch(/^ {2}median ms, worst ms: the bot's reply times over all its games .*; budget max: the largest share of a game's total time budget/m);
    expect(out).toMatch(/^Cross table — the row's score against the column, of the games between them \(a win 1, a draw ½\); score: the row's total:$/m);
    expect(out).toMatch(/^ {2}\(A vs B: \+W =D -L: A's wins, draws and losses against B .*LOS: .*DrawRatio: .*Ptnml\(0-2\): .*\[LL, LD, DD\+WL, WD, WW\].*nElo.*PairsRatio.*docs\/tournament\.md#the-statistics\)$/m);
    expect(code).toBe(1);
    // JUnit and TAP: a test case per bot seat; the faulty bot's fail, the others' pass.
    const cases = [...junit.matchAll(/<testcase name="([^"]*)"[^>]*?(\/>|>[\s\S]*?<\/testcase>)/g)];
    expect(cases).toHaveLength(24);
    for (const [, name, body] of cases) expect(body!.includes('<failure'), name).toBe(/: C as /.test(name!));
    const tapLines = tap.split('\n').filter((l) => /^(not )?ok \d+/.test(l));
    expect(tapLines).toHaveLength(24);
    for (const l of tapLines) expect(l.startsWith('not ok'), l).toBe(/: C as /.test(l));
    // HTML: the tournament's tables above every game's seats.
    expect(html).toContain('<table class="standings cross-table">');
    expect(html.match(/<tr data-game="\d+">/g)).toHaveLength(12);
    for (const legend of ['points: the game&#39;s own score', 'Elo: one scale for the field', 'median ms, worst ms: the bot', 'The row&#39;s score against the column', 'A vs B: +W =D -L:']) expect(html, legend).toContain(legend);
  }, 180_000);

  it('a gauntlet: the first bot against each other one; pentanomial counts sum to the pairs played, and the SPRT decides on a one-sided field', async () => {
    const { code, report, out } = await tournament(['alquerque', '--format', 'gauntlet', '--rounds', '5', '--seed', 'g', '--sprt', '0,400,0.05,0.05', '--jobs', '2'], FIELD);
    expect(schemaProblems('tournament-report', report)).toEqual([]);
    expect(report.tournament).toBe('gauntlet');
    expect(report.games).toHaveLength(20);
    for (const g of report.games) expect(seatOf(g, 0)).toBeGreaterThanOrEqual(0);
    expect(report.games.filter((g) => seatOf(g, 0) === 0)).toHaveLength(10);
    expect(report.crossTable[1]![2]!.games).toBe(0); // the others never meet
    expect(report.pairs.map((p) => [p.a, p.b])).toEqual([[0, 1], [0, 2]]);
    for (const p of report.pairs) {
      const u = p.units;
      expect(u.units).toBe(5); // a pair per round
      expect(u.ptnml!.reduce((n, c) => n + c, 0)).toBe(u.units);
      expect(Object.values(u.pentanomial!).reduce((n, c) => n + c, 0)).toBe(u.units);
      expect(u.counts.reduce((n, c) => n + c, 0) * 2 + u.unpaired).toBe(p.tally.wins + p.tally.draws + p.tally.losses);
      // The good bot wins every pair: fishtest's LLR on five WW pairs passes the H1 bound for 0,400.
      expect(u.ptnml).toEqual([0, 0, 0, 0, 5]);
      expect(u.sprt!.result).toBe('H1');
      expect(u.sprt!.llr).toBeGreaterThan(u.sprt!.upper);
    }
    expect(report.standings[0]!.name).toBe('A');
    expect(out).toMatch(/^ {2}SPRT \(elo0 0, elo1 400, alpha 0\.05, beta 0\.05, pentanomial\): LLR [\d.]+ \(bounds -2\.94, 2\.94\) — H1 accepted \(A is at least 400 Elo stronger than B\)$/m);
    expect(code).toBe(1); // the faulty bot broke a rule
  }, 180_000);

  // Needs a four-seat game on the one game core (one game holding all four seats): with a single-seat
  // game every play would be voided and this fails.
  it('a four-seat JavaChallenge2015 round robin of five bots: every bot plays every seat equally often and meets every other equally often', async () => {
    const setup = scratchFile('jc-setup.yaml');
    writeFileSync(setup, 'setup:\n  turnLimit: 12\n');
    const JC = (p: string): string => path.join(ROOT, 'examples/javachallenge2015', p);
    const bots = [[JC('c/build/bot')], ['node', JC('js/bot.js')], ['python3', JC('python/bot.py')], ['python3', path.join(ROOT, 'test/fixtures/bots/javachallenge2015-random.py'), '1'], ['python3', path.join(ROOT, 'test/fixtures/bots/javachallenge2015-random.py'), '2']];
    const { code, report } = await tournament(['javachallenge2015', '--profile', 'rules', '--setup', setup, '--seed', '2015', '--jobs', '2'], bots);
    expect(report.voided, report.voided[0]?.error).toEqual([]);
    expect(code).not.toBe(2);
    expect(schemaProblems('tournament-report', report)).toEqual([]);
    // Every 4-subset of five bots is a table, each played in its four rotations on one seed.
    expect(report.schedule).toMatchObject({ seats: 4, tables: 5, gamesPerRound: 20, construction: 'all-subsets' });
    expect(report.games).toHaveLength(20);
    for (let bot = 0; bot < 5; bot++) {
      const seats = [0, 1, 2, 3].map((seat) => report.games.filter((g) => g.seats[seat]!.bot === bot).length);
      expect(seats, `bot ${bot} by seat`).toEqual([4, 4, 4, 4]);
      for (let other = 0; other < 5; other++) if (other !== bot) expect(report.crossTable[bot]![other]!.games).toBe(12);
    }
    // Each pair shares three tables, so three units of four games.
    for (const p of report.pairs) expect([p.units.seats, p.units.units, p.units.unpaired]).toEqual([4, 3, 0]);
    // The cross table's score is its row summed (each game counts once per other bot at the table):
    // 4 × 12 = 48 games a row, not the bot's 16 games at the whole table.
    expectRowTotals(report, 48);
  }, 240_000);

  it('a field smaller than the game\'s seats: the built-in player takes the free seat, is not rated, and the cross table sums the games between bots', async () => {
    const SC = (p: string): string => path.join(ROOT, 'examples/snakecore', p);
    const { report, out } = await tournament(['snakecore', '--seed', '2008'], [[SC('c/build/bot')], [process.execPath, SC('js/bot.js')], [SC('c/build/bot')]]);
    expect(schemaProblems('tournament-report', report)).toEqual([]);
    expect(report.games).toHaveLength(4);
    for (const g of report.games) expect(g.seats.filter((s) => s.bot === null)).toHaveLength(1);
    expectRowTotals(report, 8);
    expect(out).toMatch(/^ {2}Elo: .*; the built-in player is not rated and its games count only between the bots at its table/m);
    expect(out).toMatch(/^Cross table — .*; score: the row's total; in a game of 4 seats the better result of the two wins the game between them, each game counting once for every other bot at the table and not at all against the built-in player:$/m);
    expect(out).toMatch(/^ {2}\(A vs B: .*Units of 4 \(0-4\): the same games as units \(the 4 rotations of one seed\), counted by the first bot's score in half points 0 … 8/m);
  }, 120_000);

  it('a game that ends in a referee fault is voided, played again, and listed; a fault on every play leaves the game without a result (exit 2)', async () => {
    const manifest = (name: string, mode: string[]): string => {
      const dir = mkdtempSync(path.join(scratch, 'game-'));
      const game = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
      delete game.suite;
      const file = path.join(dir, 'game.json');
      writeFileSync(file, JSON.stringify({ ...game, id: name, referee: ['python3', path.join(ROOT, 'test/tournament/fixtures/fault-once-referee.py'), path.join(dir, 'marker'), ...mode], refereeLimits: { startupMs: 5000, answerMs: 5000 } }));
      return file;
    };
    const once = await tournament(['faults-once', '--game-module', manifest('faults-once', []), '--seed', '1'], [GOOD, WEAK]);
    expect(once.report.voided).toHaveLength(1);
    const [v] = once.report.voided;
    expect(v!.attempt).toBe(1);
    expect(v!.error).toMatch(/the referee of faults-once .* which is not JSON/);
    // The voided game was played again on its seed and seats: both games have a result, the pair is whole.
    expect(once.report.games.map((g) => g.index)).toEqual([0, 1]);
    expect(once.report.games[v!.index]!.seats.map((s) => s.bot)).toEqual(v!.seats);
    expect(once.report.standings.map((s) => s.games)).toEqual([2, 2]);
    expect([once.report.pairs[0]!.units.units, once.report.pairs[0]!.units.unpaired]).toEqual([1, 0]);
    expect(once.report.unresolved).toEqual([]);
    expect(once.out).toMatch(/^game \d\/2: voided, play 1 \(no result for anyone: the referee of faults-once/m);
    expect(once.out).toMatch(/^Voided \(/m);
    expect(once.code).toBe(0);
    expect(schemaProblems('tournament-report', once.report)).toEqual([]);

    const always = await tournament(['faults-always', '--game-module', manifest('faults-always', ['always']), '--seed', '1'], [GOOD, WEAK]);
    expect(always.report.games).toEqual([]);
    expect(always.report.voided.map((p) => [p.index, p.attempt])).toEqual([[0, 1], [0, 2], [0, 3], [1, 1], [1, 2], [1, 3]]);
    expect(always.report.unresolved).toEqual([0, 1]);
    expect(always.report.standings.map((s) => s.games)).toEqual([0, 0]);
    expect(always.out).toMatch(/^Without a result \(voided on every play, left out of the standings\): games 1, 2$/m);
    expect(always.code).toBe(2);

    // A bot that cannot start at all is no judge's fault to replay: exit 2, one line, nothing played.
    const missing = await runCli(['tournament', 'alquerque', ...botArgs([GOOD, ['./no-such-bot']])]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stdout).toBe('');
  }, 180_000);

  it('SIGINT after a few games, then --resume: the standings of an uninterrupted run', async () => {
    const state = scratchFile('state.jsonl');
    const gameLines = (): number => {
      try {
        return readFileSync(state, 'utf8').split('\n').filter((l) => l.startsWith('{"game"')).length;
      } catch {
        return 0; // not written yet (it appears between a look and a read on a busy machine)
      }
    };
    const child = execa(process.execPath, [CLI, 'tournament', ...FIELD_ARGS, '--state', state, ...botArgs(FIELD)], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' }, stdin: 'ignore' });
    const started = Date.now();
    while (gameLines() < 3 && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    const interrupted = await child;
    expect(interrupted.exitCode).toBe(130);
    expect(String(interrupted.stderr)).toMatch(/continue with --resume /);
    const kept = gameLines();
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThan(12);

    const resumed = await tournament([...FIELD_ARGS, '--resume', state], FIELD);
    expect(resumed.out).toContain(`resuming from ${state}: ${kept} of 12 games played, ${12 - kept} to play`);
    expect(resumed.out.match(/^game \d+\/12: /gm)).toHaveLength(12 - kept);
    expect(gameLines()).toBe(12);
    expect(resumed.code).toBe(1);
    expect(results(resumed.report)).toEqual(results((await fieldRun()).report));
    // The same command line with another bot is another tournament: refused, nothing played.
    const other = await runCli(['tournament', ...FIELD_ARGS, '--resume', state, ...botArgs([GOOD, WEAK, GOOD])]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^botjury: --resume .*: it is the state of another tournament: bot C .* in the file, .* on the command line/m);
  }, 240_000);

  it.skipIf(!HAVE_CHROMIUM)(`the live page, read by chromium after each game${HAVE_CHROMIUM ? '' : ` [skipped: ${CHROMIUM} is missing (apt-get install chromium)]`}`, async () => {
    const gates = mkdtempSync(path.join(scratch, 'gates-'));
    const live = path.join(scratch, 'live.html');
    const gated = (bot: string[]): string[] => ['python3', path.join(ROOT, 'test/tournament/fixtures/gate.py'), gates, ...bot];
    const child = execa(process.execPath, [CLI, 'tournament', 'alquerque', '--seed', '7', '--jobs', '1', '--live', live, ...botArgs(FIELD.map(gated))], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' }, stdin: 'ignore' });
    let exited = false;
    void child.then(() => (exited = true));
    const profile = mkdtempSync(path.join(scratch, 'chromium-'));
    let context: BrowserContext | undefined;
    const seen: number[] = [];
    try {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      // No page yet: no file, or the empty one botjury creates and removes at its start to prove it can
      // write there (prepareOutputFile; CI once read it in that instant). A page that never shows its
      // headline still fails below: the page would not move on.
      const gamesOnPage = (): number | null => {
        if (!existsSync(live)) return null;
        const headline = /<p id="tournament-headline">[^<]*?: (\d+) games? played of 6/.exec(readFileSync(live, 'utf8'));
        return headline ? Number(headline[1]) : null;
      };
      const deadline = Date.now() + 150_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error(`the live page did not move on (seen ${seen.join(', ')})`);
        const shown = gamesOnPage();
        if (shown !== null && shown !== seen[seen.length - 1]) {
          // Read as a person opens it: the headline, a row per bot, a row per game so far; the last game replayable.
          await page.goto(`file://${live}`);
          const headline = await page.locator('#tournament-headline').textContent();
          const games = Number(/: (\d+) games? played/.exec(headline ?? '')?.[1]);
          expect(games).toBeGreaterThanOrEqual(shown);
          expect(await page.locator('table.tournament-standings tbody tr').count()).toBe(3);
          expect(await page.locator('table.cross-table tbody tr').count()).toBe(3);
          expect(await page.locator('table.games tbody tr').count()).toBe(games);
          if (games > 0) {
            await page.locator('table.games tbody tr').last().locator('a.open-scenario').click();
            await expect.poll(() => page.locator('details.scenario[open] input.ply-slider').count(), { timeout: 10_000 }).toBeGreaterThan(0);
          }
          seen.push(games);
          continue;
        }
        if (exited) break;
        // The next game's bots wait for the test: let them go only once the page of the last game was read.
        const waiting = readdirSync(gates).filter((f) => f.startsWith('waiting-'));
        if (waiting.length > 0 && gamesOnPage() === seen[seen.length - 1]) for (const f of waiting) renameSync(path.join(gates, f), path.join(gates, f.replace('waiting-', 'go-')));
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(problems).toEqual([]);
    } finally {
      await context?.close();
      child.kill();
      await child;
    }
    // Chromium's helper processes exit a moment after the browser; none may outlive the test.
    const left = await processesUsing(profile, 5000);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left, 'chromium processes left behind').toEqual([]);
    // Every game's page when the machine is quiet; on a loaded one the live page may skip a game (it is
    // rewritten only once ten times its last rewrite's time has passed: docs/tournament.md), never the last.
    expect(seen[0]).toBe(0);
    expect(seen[seen.length - 1]).toBe(6);
    expect(seen.every((n, i) => i === 0 || n > seen[i - 1]!), seen.join(', ')).toBe(true);
    expect(seen.length, seen.join(', ')).toBeGreaterThanOrEqual(4);
    expect((await child).exitCode).toBe(1);
    // The last version is final: no reload.
    expect(readFileSync(live, 'utf8')).not.toContain('http-equiv="refresh"');
  }, 200_000);
});
