// The tournament beyond one machine and against hostile files: shards (--shard K/N, a Kubernetes
// Indexed Job's JOB_COMPLETION_INDEX with --shard-count) merged into the standings of the whole run;
// merge checking every report against its schema and against the schedule before using it; a state
// file cut short or tampered with; `match` reporting its seat-swapped pairs; the usage errors.
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaProblems } from '../../harness/tournament/schemas.js';
import type { TournamentReport } from '../../harness/tournament/types.js';
import type { MatchReport } from '../../harness/match/match.js';
import { isolationTestProblem, ROOT, runCli, runInProcess, scratchDir } from '../helpers.js';

const GOOD = [path.join(ROOT, 'examples/alquerque/c/build/bot')];
const WEAK = ['python3', path.join(ROOT, 'test/fixtures/bots/alquerque-random.py')];
const ARGS = ['alquerque', '--rounds', '2', '--seed', 'shards'];
const botArgs = (bots: string[][]): string[] => bots.flatMap((b) => ['--', ...b]);

const scratch = scratchDir('botjury-tournament-cli-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const file = (name: string): string => path.join(scratch, name);
const read = <T>(name: string): T => JSON.parse(readFileSync(file(name), 'utf8')) as T;

/** Exit 2 with one line on stderr (no stack trace) that matches `what`. */
function expectRefused(r: { code: number; stderr: string; stdout: string }, what: RegExp): void {
  expect(r.code, r.stderr + r.stdout).toBe(2);
  const lines = r.stderr.trim().split('\n').filter((l) => !l.startsWith("run 'botjury"));
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(what);
}

function results(report: TournamentReport) {
  return {
    games: report.games.map((g) => [g.index, g.seed, g.seats.map((s) => [s.bot, s.result, s.points])]),
    standings: report.standings.map((s) => [s.bot, s.rank, s.games, s.wins, s.draws, s.losses, s.points, s.elo, s.eloError95, s.violations]),
    crossTable: report.crossTable,
    pairs: report.pairs.map((p) => [p.a, p.b, p.tally, p.units.counts, p.units.unpaired]),
  };
}

describe('tournament shards and merge', () => {
  it('--shard K/N and --shard-count N (JOB_COMPLETION_INDEX) split the schedule; merge gives the standings of the whole run', async () => {
    const whole = await runCli(['tournament', ...ARGS, '--reporter', `json=${file('whole.json')}`, '--state', file('whole.jsonl'), ...botArgs([GOOD, WEAK])]);
    expect(whole.code, whole.stderr).toBe(0);
    // Shard 1 as a Kubernetes Indexed Job's pod 0 sees it; shard 2 as a CI matrix passes it.
    const one = await runCli(['tournament', ...ARGS, '--shard-count', '2', '--reporter', `json=${file('shard-1.json')}`, ...botArgs([GOOD, WEAK])], { env: { JOB_COMPLETION_INDEX: '0' } });
    const two = await runCli(['tournament', ...ARGS, '--shard', '2/2', '--reporter', `json=${file('shard-2.json')}`, ...botArgs([GOOD, WEAK])]);
    expect([one.code, two.code]).toEqual([0, 0]);
    const [s1, s2] = [read<TournamentReport>('shard-1.json'), read<TournamentReport>('shard-2.json')];
    expect(s1.shard).toEqual({ index: 1, count: 2 });
    expect(s1.games.map((g) => g.index)).toEqual([0, 2]);
    expect(s2.games.map((g) => g.index)).toEqual([1, 3]);
    // A shard alone has no whole pair (each pair's games are in two shards): its games are listed unpaired.
    expect(s1.pairs[0]!.units).toMatchObject({ units: 0, unpaired: 2 });

    const merged = await runCli(['merge', file('shard-2.json'), file('shard-1.json'), '--reporter', `json=${file('merged.json')}`, '--reporter', 'console']);
    expect(merged.code, merged.stderr).toBe(0);
    const report = read<TournamentReport>('merged.json');
    expect(schemaProblems('tournament-report', report)).toEqual([]);
    expect(report.planned).toBe(4);
    expect(report.shard).toBeUndefined();
    expect(results(report)).toEqual(results(read<TournamentReport>('whole.json')));
    expect(merged.stdout).toMatch(/^ {2}Ptnml\(0-2\): \[0, 0, 0, 0, 2\], 2 pairs/m);
  }, 120_000);

  it('merge refuses, with one line and before using any field, what is not a shard of the same tournament', async () => {
    const shard1 = read<TournamentReport>('shard-1.json');
    const write = (name: string, value: unknown): string => {
      writeFileSync(file(name), typeof value === 'string' ? value : JSON.stringify(value));
      return file(name);
    };
    expectRefused(await runInProcess(['merge', file('shard-1.json'), file('shard-1.json')]), /shard 1 is given twice/);
    expectRefused(await runInProcess(['merge', file('shard-1.json'), write('other-seed.json', { ...read<TournamentReport>('shard-2.json'), seed: 'another' })]), /other-seed\.json: not a shard of the same tournament as .*shard-1\.json \(its seed differs;/);
    // Valid by the schema, but not the schedule's game: bot B seated where the schedule puts A.
    const swapped = JSON.parse(JSON.stringify(read<TournamentReport>('shard-2.json'))) as TournamentReport;
    const seats = swapped.games[0]!.seats;
    [seats[0]!.bot, seats[1]!.bot] = [seats[1]!.bot, seats[0]!.bot];
    expect(schemaProblems('tournament-report', swapped)).toEqual([]);
    expectRefused(await runInProcess(['merge', file('shard-1.json'), write('swapped.json', swapped)]), /swapped\.json: \/games\/0: game 2 does not seat the bots as the schedule does$/);
    expectRefused(await runInProcess(['merge', file('shard-1.json'), write('bad-field.json', { ...shard1, standings: 'first' })]), /bad-field\.json: \/standings: must be array$/);
    expectRefused(await runInProcess(['merge', write('voided-kept.json', { ...shard1, games: [{ ...shard1.games[0], error: 'kept anyway' }] })]), /voided-kept\.json: \/games\/0: unknown key 'error'$/);
    expectRefused(await runInProcess(['merge', write('not-json.json', '{"format": "botjury-tournament-report", ')]), /not-json\.json: a key expected at byte 40 \(botjury match or tournament --reporter json=FILE writes one\)$/);
    const aMatch = write('a-match.json', { tool: { name: 'botjury', version: '0' }, game: 'alquerque', seed: 1, profile: 'codecup2008', planned: 2, startedAt: '', durationMs: 0, games: [], standings: [] });
    expectRefused(await runInProcess(['merge', file('shard-1.json'), aMatch]), /match report .*a-match\.json: a match report, and .*shard-1\.json a tournament report: merge the shards of one tournament$/);
  }, 60_000);

  it('--shard-count takes its part from JOB_COMPLETION_INDEX, and refuses it when it is missing or out of range', async () => {
    expectRefused(await runCli(['tournament', ...ARGS, '--shard-count', '2', ...botArgs([GOOD, WEAK])]), /--shard-count: JOB_COMPLETION_INDEX is not set/);
    expectRefused(await runCli(['tournament', ...ARGS, '--shard-count', '2', ...botArgs([GOOD, WEAK])], { env: { JOB_COMPLETION_INDEX: '2' } }), /JOB_COMPLETION_INDEX must be a whole number from 0 to 1, not '2'/);
    expectRefused(await runCli(['tournament', ...ARGS, '--shard-count', '2', '--shard', '1/2', ...botArgs([GOOD, WEAK])]), /give one/);
  });
});

describe('the state file', () => {
  it('--resume drops a last line cut short and plays its game again; a line that is not JSON or not the schedule\'s game is refused', async () => {
    const lines = readFileSync(file('whole.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(5);
    writeFileSync(file('cut.jsonl'), `${lines.slice(0, 4).join('\n')}\n${lines[4]!.slice(0, 100)}`);
    const resumed = await runCli(['tournament', ...ARGS, '--resume', file('cut.jsonl'), '--reporter', 'console', '--reporter', `json=${file('resumed.json')}`, ...botArgs([GOOD, WEAK])]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout + resumed.stderr).toMatch(/resuming from .*: 3 of 4 games played, 1 to play\n^game 4\/4: /m);
    expect(readFileSync(file('cut.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown)).toHaveLength(5);
    expect(results(read<TournamentReport>('resumed.json'))).toEqual(results(read<TournamentReport>('whole.json')));

    writeFileSync(file('garbage.jsonl'), `${lines.slice(0, 2).join('\n')}\nnot json\n${lines.slice(2).join('\n')}\n`);
    expectRefused(await runInProcess(['tournament', ...ARGS, '--resume', file('garbage.jsonl'), ...botArgs([GOOD, WEAK])]), /--resume .*: line 3 is not JSON$/);
    const moved = JSON.parse(lines[1]!) as { game: { seed: string } };
    moved.game.seed = 'shards/1/0';
    writeFileSync(file('moved.jsonl'), `${lines[0]}\n${JSON.stringify(moved)}\n`);
    expectRefused(await runInProcess(['tournament', ...ARGS, '--resume', file('moved.jsonl'), ...botArgs([GOOD, WEAK])]), /line 2: game 1 does not have the schedule's seed and place/);
    writeFileSync(file('no-header.jsonl'), `${lines.slice(1).join('\n')}\n`);
    expectRefused(await runInProcess(['tournament', ...ARGS, '--resume', file('no-header.jsonl'), ...botArgs([GOOD, WEAK])]), /line 1 is not a botjury tournament state header/);
  }, 60_000);
});

describe('match counts its seat-swapped games in pairs too', () => {
  it('a two-seat match reports its pentanomial beside the game tally; match shards still merge', async () => {
    const r = await runCli(['match', 'alquerque', '--games', '4', '--seed', '3', '--sprt', '0,400,0.05,0.05', '--reporter', 'console', '--reporter', `json=${file('match.json')}`, ...botArgs([GOOD, WEAK])]);
    expect(r.code, r.stderr).toBe(0);
    const report = read<MatchReport>('match.json');
    expect(schemaProblems('match-report', report)).toEqual([]);
    expect(report.pair!.units).toMatchObject({ seats: 2, units: 2, ptnml: [0, 0, 0, 0, 2], pentanomial: { ll: 0, ld: 0, dd: 0, wl: 0, wd: 0, ww: 2 }, unpaired: 0 });
    expect(report.pair!.units!.sprt).toMatchObject({ result: 'continue' });
    expect(r.stdout).toMatch(/^A vs B: \+4 =0 -0 — Elo: .*\nSPRT .*\n {2}Ptnml\(0-2\): \[0, 0, 0, 0, 2\], 2 pairs — Elo: /m);
    for (const k of [1, 2]) {
      const shard = await runCli(['match', 'alquerque', '--games', '4', '--seed', '3', '--shard', `${k}/2`, '--reporter', `json=${file(`match-${k}.json`)}`, ...botArgs([GOOD, WEAK])]);
      expect(shard.code).toBe(0);
    }
    const merged = await runCli(['merge', file('match-1.json'), file('match-2.json'), '--reporter', `json=${file('match-merged.json')}`]);
    expect(merged.code, merged.stderr).toBe(0);
    const m = read<MatchReport>('match-merged.json');
    expect([m.games.length, m.pair!.units!.units]).toEqual([4, 2]);
    expectRefused(await runInProcess(['merge', file('match-1.json'), file('match-1.json')]), /game 1 is in two reports/);
  }, 120_000);
});

describe('the github reporter', () => {
  it('annotates the faulty bot\'s verdicts and puts the standings and the cross table on the job summary', async () => {
    const summary = file('summary.md');
    const r = await runCli(['tournament', 'alquerque', '--reporter', `github=${summary}`, ...botArgs([GOOD, ['python3', path.join(ROOT, 'examples/alquerque/broken/skips-capture.py')]])]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error title=botjury%3A bot B%3A illegal-move .*: B as (white|black)/m);
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('#### Tournament');
    expect(text).toMatch(/^\| 2 \| B \| 2 \| 0 \| 0 \| 2 \| .* \| illegal-move ×2 \|$/m);
    expect(text).toMatch(/^##### Cross table\n\n\| # \| bot \| 1 \| 2 \| score \|\n.*\n\| 1 \| A \| · \| 2\/2 \| 2\/2 \|$/m);
  }, 60_000);
});

describe('usage', () => {
  it('one line and exit 2 for what cannot be a tournament, before anything runs', async () => {
    const t = (args: string[], bots = [GOOD, WEAK]) => runInProcess(['tournament', 'alquerque', ...args, ...botArgs(bots)]);
    expectRefused(await t(['--format', 'round-robbin']), /unknown tournament format 'round-robbin' \(did you mean round-robin\?\)/);
    expectRefused(await t(['--rounds', '0']), /--rounds needs a whole number/);
    expectRefused(await t([], [GOOD]), /at least two bot commands/);
    expectRefused(await t(['--rounds', '100000'], Array.from({ length: 10 }, () => GOOD)), /9,000,000 games, more than the cap of 1,000,000/);
    expectRefused(await t(['--state', file('a.jsonl'), '--resume', file('a.jsonl')]), /give one of them/);
    expectRefused(await t(['--isolate', '--no-isolate']), /give one/);
    expectRefused(await t(['--games', '4']), /--games does not apply to tournament/);
  });
});

describe('isolation by default', () => {
  // As root botjury hands each sandboxed bot to `nobody`; a bot in a folder closed to others cannot run
  // there. The tournament then plays without isolation and says why; --isolate insists and refuses.
  const canTell = process.getuid?.() === 0 && isolationTestProblem() === null;
  it.skipIf(!canTell)('a bot nobody can reach: played without isolation, with a note saying why; --isolate refuses with the reason', async () => {
    const closed = mkdtempSync(path.join(scratch, 'closed-'));
    chmodSync(closed, 0o700);
    const bot = path.join(closed, 'bot');
    copyFileSync(GOOD[0]!, bot);
    chmodSync(bot, 0o755);
    const played = await runCli(['tournament', 'alquerque', '--seed', '1', '--reporter', 'json', ...botArgs([GOOD, [bot]])]);
    expect(played.code, played.stderr).toBe(0);
    expect(played.stderr).toMatch(/^botjury: the bots run without isolation \(.*nobody cannot run .*closed-.*\); give --no-isolate to say so/m);
    expect((JSON.parse(played.stdout) as TournamentReport).games).toHaveLength(2);
    expectRefused(await runCli(['tournament', 'alquerque', '--seed', '1', '--isolate', ...botArgs([GOOD, [bot]])]), /nobody cannot run .*closed-/);
    // Both bots reachable: isolated, and nothing said.
    const quiet = await runCli(['tournament', 'alquerque', '--seed', '1', '--reporter', 'json', ...botArgs([GOOD, GOOD])]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toMatch(/without isolation/);
    const report = JSON.parse(quiet.stdout) as TournamentReport;
    expect(report.isolated).toBe(true);
    expect(report.games.map((g) => g.isolated)).toEqual([true, true]);
  }, 120_000);

  it.skipIf(isolationTestProblem() !== null)('a tournament resumed with isolation after games without it is not reported isolated: each game says how it was played', async () => {
    const state = file('mixed.jsonl');
    const plain = await runCli(['tournament', ...ARGS, '--no-isolate', '--state', state, ...botArgs([GOOD, GOOD])]);
    expect(plain.code, plain.stderr).toBe(0);
    const lines = readFileSync(state, 'utf8').split('\n').filter(Boolean);
    writeFileSync(state, `${lines.slice(0, 3).join('\n')}\n`); // the header and two games, as an interrupt leaves it
    const resumed = await runCli(['tournament', ...ARGS, '--resume', state, '--reporter', 'console', '--reporter', `json=${file('mixed.json')}`, ...botArgs([GOOD, GOOD])]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const report = read<TournamentReport>('mixed.json');
    expect(schemaProblems('tournament-report', report)).toEqual([]);
    expect(report.games.map((g) => g.isolated ?? false)).toEqual([false, false, true, true]);
    expect(report.isolated).toBe(false);
    expect(resumed.stdout).toMatch(/^alquerque round-robin of 2 bots, 2 rounds: 4 games played of 4, seed shards, profile codecup2008$/m);
  }, 120_000);
});
