// A referee program is treated like a hostile bot (harness/games/process-referee.ts): whatever it does
// wrong — floods, an endless line, garbage, silence, an orphan holding its pipe, answers or verdicts of
// megabytes, actions and codes the protocol does not have, botjury's own codes, keys that hold terminal
// escapes, pictures of the game of a megabyte — botjury stops with exit 2 and one line naming the
// referee, its last request and what it did, within the referee's time limit plus a grace, its own peak
// memory under 300 MB, leaving no process (neither the referee's nor a bot's); never a bot's verdict,
// never a hang. A referee that only costs botjury (70 KB of stderr per answer, every answer as large as
// allowed) plays the game to its end within the same bounds.
import { execa } from 'execa';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../harness/core/rng.js';
import { closeIdleReferees, processGame, REFEREE_DEFAULT_LIMITS, REFEREE_SNAPSHOT_BUDGET_BYTES, type RefereeManifest } from '../../harness/games/process-referee.js';
import type { RunReport } from '../../harness/core/runner.js';
import type { MatchReport } from '../../harness/match/match.js';
import { compileSchema, transcriptAjv } from '../../harness/tools/transcript.js';
import { ROOT, scratchDir } from '../helpers.js';
import { runMeasured, startMeasured, type MeasuredRun } from './hostile.js';

const HOSTILE = path.join(ROOT, 'test/fixtures/referees/hostile.py');
/** The fixture's limits (game.json refereeLimits): a silent referee costs the test one second. */
const LIMITS = { startupMs: 3000, answerMs: 1000 };
/**
 * What a run may take beyond the referee's limit: starting botjury, the referee and the bots (~0.6 s
 * alone), ending them, on a machine the other test files load. A hang is what this catches (27–35 s
 * before the referee was bounded).
 */
const GRACE_MS = 5000;
/** botjury's own peak resident memory, whatever the referee does (1.0–1.2 GB before). */
const MAX_RSS_MB = 300;

interface HostileGame {
  dir: string;
  manifest: string;
  scenario: string;
  /** The bot: a copy of the Python example inside `dir`, so that its processes are found by `dir`. */
  bot: string[];
}

/**
 * A game package whose referee is hostile.py in `mode`, in a folder of its own; `dir` is in the command
 * line of the referee, of everything it forks, and of the bots.
 */
function hostileGame(mode: string, options: { limits?: { startupMs: number; answerMs: number }; fromGame?: number; referee?: string[] } = {}): HostileGame {
  const dir = scratchDir('botjury-hostile-ref-');
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
  const { suite: _suite, ...rest } = manifest;
  const referee = options.referee ?? ['python3', HOSTILE, mode, dir, ...(options.fromGame ? [String(options.fromGame)] : [])];
  writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ ...rest, id: 'hostile-ref', referee, refereeLimits: options.limits ?? LIMITS }));
  writeFileSync(path.join(dir, 's.yaml'), 'game: hostile-ref\nrole: white\n');
  mkdirSync(path.join(dir, 'bot'));
  for (const f of ['bot.py', 'alquerque.py']) copyFileSync(path.join(ROOT, 'examples/alquerque/python', f), path.join(dir, 'bot', f));
  return { dir, manifest: path.join(dir, 'game.json'), scenario: path.join(dir, 's.yaml'), bot: ['python3', path.join(dir, 'bot', 'bot.py')] };
}

/** Live processes whose command line names `dir`: the game's referee, what it forked, its bots (none may be left). */
async function leftOver(dir: string): Promise<string> {
  const r = await execa('pgrep', ['-af', dir], { reject: false });
  return r.stdout.split('\n').filter((l) => l && !l.includes('pgrep')).join('\n');
}

const runArgs = (g: HostileGame, extra: string[] = []) => ['run', g.scenario, '--game-module', g.manifest, ...extra, '--', ...g.bot];
const matchArgs = (g: HostileGame, games: number) => ['match', 'hostile-ref', '--games', String(games), '--jobs', '2', '--game-module', g.manifest, '--', ...g.bot, '--', ...g.bot];

/**
 * fault-beside-slow: how long the slow referee was still asked after the other one's fault (ms). It is
 * asked every ~100 ms while its game runs: the game was stopped at once when this is well under a second
 * (waited for, it ran on to the end, or for the 5 s botjury gives games in progress to end).
 */
function askedAfterFault(dir: string): number {
  const at = (name: string): number => Number(readFileSync(path.join(dir, name), 'utf8')) * 1000;
  return at('slow-last') - at('fault-at');
}

/** Exit 2 with one line naming the referee, no stack trace, no bot verdict, within the limit plus grace, bounded, nothing left. */
async function expectRefereeFault(g: HostileGame, r: MeasuredRun, what: RegExp, limitMs: number): Promise<void> {
  expect(r.code, r.stdout + r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^botjury: the referee of hostile-ref \((python3 .*hostile\.py |\/nonexistent|python3 -c)/);
  expect(lines[0]).toMatch(what);
  if (!/cannot start/.test(lines[0]!)) expect(lines[0]).toMatch(/; its last request: (start|answer \(seat (white|black)\)|snapshot)$/);
  expect(lines[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/); // escaped
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  // No bot verdict: what stdout says of the fault (the faulted run, a harness error quoting the referee's
  // answer) aside, no verdict code appears, and no run failed.
  const verdicts = r.stdout.split('\n').filter((l) => !/harness error|the referee of/.test(l)).join('\n');
  expect(verdicts).not.toMatch(/illegal-move|crash|timeout/);
  expect(r.stdout).not.toMatch(/✗|\b[1-9]\d* failed\b/);
  expect(r.ms).toBeLessThan(limitMs + GRACE_MS);
  expect(r.peakRssMb).toBeGreaterThan(20); // measured (node alone takes ~40 MB)
  expect(r.peakRssMb).toBeLessThan(MAX_RSS_MB);
  expect(await leftOver(g.dir)).toBe('');
}

const FAULTS: [mode: string, what: RegExp, limitMs: number, extra?: string[]][] = [
  // A flood of well-formed lines: its first line is already not the answer asked for.
  ['flood-lines', /answered \{"then": \[\]\}: the answer must have required property 'judgement'|more lines than it was asked for/, LIMITS.answerMs],
  ['start-flood-lines', /answered \{"then": \[\]\}: the answer must have required property 'ok'|more lines than it was asked for/, LIMITS.startupMs],
  ['flood-no-newline', /longer than 1048576 bytes/, LIMITS.answerMs],
  ['huge-line', /longer than 1048576 bytes/, LIMITS.answerMs],
  ['not-json', /answered 'not json', which is not JSON/, LIMITS.answerMs],
  ['silent', /did not answer within 1000 ms/, LIMITS.answerMs],
  ['start-silent', /did not answer within 3000 ms/, LIMITS.startupMs],
  ['orphan', /exited with status 0 without answering|did not answer within 1000 ms/, LIMITS.answerMs],
  ['line-3mb', /longer than 1048576 bytes/, LIMITS.answerMs],
  ['verdict-3mb', /longer than 1048576 bytes/, LIMITS.answerMs],
  ['unknown-action', /answered .*: \/then\/0 value of tag "type" must be in oneOf \('teleport'\)/, LIMITS.answerMs],
  ['proto-code', /answered .*\/judgement\/violations\/0\/code must be equal to one of the allowed values/, LIMITS.answerMs],
  ['constructor-code', /answered .*\/judgement\/violations\/0\/code must be equal to one of the allowed values/, LIMITS.answerMs],
  ['reserved-code', /answered .*\/judgement\/violations\/0\/code must be equal to one of the allowed values/, LIMITS.answerMs],
  ['await-null', /answered .*: \/then\/0/, LIMITS.answerMs],
  // It played the built-in player's reply ahead, botjury took it, and the referee did not keep it.
  ['drops-proposal', /did not say it kept the move it had proposed, '[a-g][1-7][-*][a-g][1-7].*' \(its answer to a request with "commit" has no "committed" naming it\)/, LIMITS.answerMs],
  // The key's line break and escapes would otherwise split the line or reach the terminal.
  ['escaped-key', /must NOT have additional properties \('\\x1b\[2J\\nx\\u202e'\)/, LIMITS.answerMs],
  // A picture of the game is asked after every ply for the HTML report: one of a megabyte is a fault.
  ['snapshot-1mb', /answered a snapshot of 10\d{5} bytes, more than the 65536 a picture of the game may take/, LIMITS.answerMs, ['--reporter', 'html=/dev/null']],
];

describe('a hostile referee program is a harness fault: exit 2, one line, no process left, bounded', () => {
  it.each(FAULTS)('%s', async (mode, what, limitMs, extra = []) => {
    const g = hostileGame(mode);
    await expectRefereeFault(g, await runMeasured(runArgs(g, extra), { timeoutMs: 60_000 }), what, limitMs);
  }, 60_000);

  it('a referee command that cannot start, and one that exits at once: exit 2, one line, escaped', async () => {
    const missing = hostileGame('', { referee: ['/nonexistent/referee\u001b[2J'] });
    await expectRefereeFault(missing, await runMeasured(runArgs(missing)), /cannot start \/nonexistent\/referee\\x1b\[2J: .*not found/, LIMITS.startupMs);
    const exits = hostileGame('', { referee: ['python3', '-c', 'import sys; sys.exit(3)'] });
    // Gone before its start request is written, or before it answers it: either is the fault.
    await expectRefereeFault(exits, await runMeasured(runArgs(exits)), /exited with status 3 without answering|does not read its input any more/, LIMITS.startupMs);
  }, 60_000);

  it('a silent referee in a match with --jobs 2: exit 2 within the limit, one line, bounded, nothing left', async () => {
    const g = hostileGame('silent');
    await expectRefereeFault(g, await runMeasured(matchArgs(g, 4), { timeoutMs: 60_000 }), /did not answer within 1000 ms/, LIMITS.answerMs);
  }, 60_000);

  it('a fault in the second game of a match: exit 2, one line; the first game was played and is in the transcript', async () => {
    const g = hostileGame('not-json', { fromGame: 2 });
    const transcript = path.join(g.dir, 'match.jsonl');
    const r = await runMeasured(['match', 'hostile-ref', '--games', '3', '--jobs', '1', '--game-module', g.manifest, '--transcript', transcript, '--', ...g.bot, '--', ...g.bot], { timeoutMs: 60_000 });
    await expectRefereeFault(g, r, /answered 'not json', which is not JSON/, LIMITS.answerMs + 10_000);
    expect(r.stdout).toMatch(/^game 1\/3: /m);
    const lines = readFileSync(transcript, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2); // the header and game 1
    expect((JSON.parse(lines[1]!) as { index: number }).index).toBe(0);
  }, 60_000);

  it('SIGTERM during a match whose referees hang while the bots run leaves no process', async () => {
    // A referee silent for up to a minute: only the signal ends this match.
    const g = hostileGame('silent', { limits: { startupMs: 60_000, answerMs: 60_000 } });
    const { child, result } = startMeasured(matchArgs(g, 4), { timeoutMs: 60_000 });
    // Until both games of the first two are under way: two referees waiting, four bots running.
    const started = Date.now();
    while (Date.now() - started < 20_000) {
      const live = (await leftOver(g.dir)).split('\n');
      if (live.filter((l) => l.includes('hostile.py')).length >= 2 && live.filter((l) => l.includes('bot.py')).length >= 4) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const signalled = Date.now();
    child.kill('SIGTERM');
    const r = await result;
    expect(r.code === 143 || r.code === 130, `${r.code}\n${r.stderr}`).toBe(true);
    expect(r.stderr).toMatch(/interrupted \(SIGTERM\)/);
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS);
    expect(await leftOver(g.dir)).toBe('');
  }, 60_000);
});

describe('a referee fault writes the reports of what finished, then exits 2 with its one line', () => {
  const REPORT_SCHEMA = transcriptAjv().getSchema(pathToFileURL(path.join(ROOT, 'schemas/report.schema.json')).href)!;
  const MATCH_SCHEMA = compileSchema(transcriptAjv(), 'match-report.schema.json');

  it('a run of three scenarios whose third faults: every reporter holds the first two results and the fault', async () => {
    const g = hostileGame('not-json', { fromGame: 3 });
    const scenarios = [g.scenario, ...[2, 3].map((k) => path.join(g.dir, `s${k}.yaml`))];
    for (const [k, file] of scenarios.entries()) writeFileSync(file, `game: hostile-ref\nrole: white\nname: scenario ${k + 1}\n`);
    const out = (ext: string) => path.join(g.dir, `report.${ext}`);
    const r = await runMeasured(['run', ...scenarios, '--jobs', '1', '--game-module', g.manifest,
      '--reporter', 'console', '--reporter', `json=${out('json')}`, '--reporter', `junit=${out('xml')}`, '--reporter', `tap=${out('tap')}`, '--reporter', `html=${out('html')}`, '--transcript', out('transcript.json'), '--', ...g.bot], { timeoutMs: 60_000 });
    await expectRefereeFault(g, r, /answered 'not json', which is not JSON/, 3 * LIMITS.answerMs + 10_000);
    const report = JSON.parse(readFileSync(out('json'), 'utf8')) as RunReport;
    expect(REPORT_SCHEMA(report), JSON.stringify(REPORT_SCHEMA.errors)).toBe(true);
    expect(report.results.map((x) => [x.name, x.status])).toEqual([['scenario 1', 'passed'], ['scenario 2', 'passed'], ['scenario 3', 'error']]);
    expect(report.results[2]!.error).toMatch(/^the referee of hostile-ref .*answered 'not json', which is not JSON; its last request: answer/);
    expect(report.results[2]!.error).toBe(r.stderr.trim().replace(/^botjury: /, ''));
    expect(report.summary).toMatchObject({ passed: 2, errors: 1 });
    expect(report.harnessFault).toEqual({ planned: 3 });
    // Every other reporter was written too, with the same three runs.
    expect(readFileSync(out('xml'), 'utf8')).toMatch(/<testsuites name="botjury" tests="3" failures="0" errors="1"/);
    expect(readFileSync(out('tap'), 'utf8')).toMatch(/^ok 1 - [^\n]*\nok 2 - [^\n]*\nnot ok 3 - [\s\S]*Bail out! stopped by a harness error: 3 of 3/m);
    expect(readFileSync(out('html'), 'utf8')).toContain('scenario 3');
    expect(r.stdout).toMatch(/✓ .*scenario 1[\s\S]*✓ .*scenario 2[\s\S]*! .*scenario 3\n\s+harness error: the referee of hostile-ref/);
    // ...and the transcript records the runs that finished.
    const transcript = JSON.parse(readFileSync(out('transcript.json'), 'utf8')) as { runs: { result: { status: string } }[] };
    expect(transcript.runs.map((x) => x.result.status).slice(0, 2)).toEqual(['passed', 'passed']);
  }, 90_000);

  it('a run with --jobs 2: a fault beside a slow run stops that run at once; the finished runs are in the report', async () => {
    const g = hostileGame('fault-beside-slow', { fromGame: 3 });
    const scenarios = [g.scenario, ...[2, 3, 4].map((k) => path.join(g.dir, `s${k}.yaml`))];
    for (const [k, file] of scenarios.entries()) writeFileSync(file, `game: hostile-ref\nrole: white\nname: scenario ${k + 1}\n`);
    const json = path.join(g.dir, 'report.json');
    const r = await runMeasured(['run', ...scenarios, '--jobs', '2', '--game-module', g.manifest, '--reporter', `json=${json}`, '--', ...g.bot], { timeoutMs: 90_000 });
    await expectRefereeFault(g, r, /answered 'not json', which is not JSON/, LIMITS.answerMs + 10_000);
    const report = JSON.parse(readFileSync(json, 'utf8')) as RunReport;
    expect(REPORT_SCHEMA(report), JSON.stringify(REPORT_SCHEMA.errors)).toBe(true);
    // Which scenario plays the slow game and which the faulty one depends on the order the referees are
    // asked to start (two runs at a time, the first one's referee started ahead and reused), which botjury
    // does not promise: the games counted 1 and 2 passed, the faulty one is the error, the slow one is not
    // in the report (stopped, not finished).
    const statuses = report.results.map((x) => [x.name, x.status]);
    expect(statuses).toHaveLength(3);
    expect(new Set(statuses.map((x) => x[0])).size).toBe(3);
    expect(statuses.filter((x) => x[1] === 'passed')).toHaveLength(2);
    expect(statuses.filter((x) => x[1] === 'error')).toHaveLength(1);
    expect(readFileSync(path.join(g.dir, 'starts'), 'utf8')).toBe('xxxx');
    expect(askedAfterFault(g.dir)).toBeLessThan(1000);
  }, 120_000);

  it('a match with --jobs 2: a fault beside a slow game stops that game at once; the finished games are in the report', async () => {
    // Games 1 and 2 are played properly; of the next two, one is slow (its referee waits 100 ms before
    // each of ~600 answers: about a minute) and the other faults at its first answer while the slow one runs.
    const g = hostileGame('fault-beside-slow', { fromGame: 3 });
    const json = path.join(g.dir, 'match.json');
    const r = await runMeasured(['match', 'hostile-ref', '--games', '4', '--jobs', '2', '--game-module', g.manifest, '--reporter', 'console', '--reporter', `json=${json}`, '--', ...g.bot, '--', ...g.bot], { timeoutMs: 90_000 });
    // Two games of ~1 s each side by side, then the fault: far less than the slow game alone would take
    // (before, the match waited for it to end).
    await expectRefereeFault(g, r, /answered 'not json', which is not JSON/, LIMITS.answerMs + 10_000);
    const report = JSON.parse(readFileSync(json, 'utf8')) as MatchReport;
    expect(MATCH_SCHEMA(report), JSON.stringify(MATCH_SCHEMA.errors)).toBe(true);
    // Which game plays which referee game depends on the order their referees are asked to start, which
    // botjury does not promise (games 1 and 2 begin together): two games passed, one faulted, the slow one
    // is nowhere (stopped, not finished).
    const played = report.games.filter((x) => !x.error);
    const faulted = report.games.filter((x) => x.error);
    expect(played).toHaveLength(2);
    for (const x of played) expect(x.seats.every((s) => s.result !== null && s.run?.status !== 'error')).toBe(true);
    expect(faulted).toHaveLength(1);
    expect(faulted[0]!.error).toMatch(/^the referee of hostile-ref .*answered 'not json'/);
    expect(faulted[0]!.seats.map((s) => s.run?.status)).toEqual(['error', 'error']);
    expect(report.stopped).toMatch(new RegExp(`^a harness error in game ${faulted[0]!.index + 1}: the referee of hostile-ref`));
    const slow = [0, 1, 2, 3].filter((i) => !report.games.some((x) => x.index === i));
    expect(slow).toHaveLength(1);
    for (const x of played) expect(r.stdout).toMatch(new RegExp(`^game ${x.index + 1}/4: `, 'm'));
    // The slow game had started (four games began) and was stopped: no result of it anywhere.
    expect(readFileSync(path.join(g.dir, 'starts'), 'utf8')).toBe('xxxx');
    expect(askedAfterFault(g.dir)).toBeLessThan(1000);
    for (const i of [faulted[0]!.index, slow[0]!]) expect(r.stdout).not.toMatch(new RegExp(`^game ${i + 1}/4: `, 'm'));
  }, 120_000);
});

describe('a referee that only costs botjury plays to the end, bounded', () => {
  it('70 KB of stderr per answer is drained, not deadlocked', async () => {
    const g = hostileGame('stderr-chatter');
    const r = await runMeasured(runArgs(g), { timeoutMs: 60_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.ms).toBeLessThan(20_000);
    expect(r.peakRssMb).toBeLessThan(MAX_RSS_MB);
    expect(await leftOver(g.dir)).toBe('');
  }, 60_000);

  it('every answer as large as allowed (just under 1 MiB, padded JSON), with the HTML report', async () => {
    const g = hostileGame('fat-answers');
    const r = await runMeasured(runArgs(g, ['--reporter', 'html=/dev/null']), { timeoutMs: 60_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.peakRssMb).toBeLessThan(MAX_RSS_MB);
    expect(await leftOver(g.dir)).toBe('');
  }, 60_000);

  it(`pictures of the game: one game keeps at most ${REFEREE_SNAPSHOT_BUDGET_BYTES >> 20} MiB of them, later ones are not asked for`, async () => {
    const g = hostileGame('snapshots-60k');
    const manifest = JSON.parse(readFileSync(g.manifest, 'utf8')) as RefereeManifest;
    const profile = manifest.profiles[manifest.defaultProfile]!;
    const game = processGame(manifest, g.dir).createGame({ bots: ['white'], seed: 1, rng: createRng(1), setup: undefined, scenarioDir: g.dir, profile });
    try {
      await game.start?.();
      let kept = 0;
      let asked = 0;
      for (; asked < 1000; asked++) {
        const state = await game.snapshot!();
        if (state === undefined) break;
        kept++;
      }
      // 60 kB each: about 280 fit the budget; the rest are neither asked for nor kept.
      expect(kept).toBeGreaterThan(REFEREE_SNAPSHOT_BUDGET_BYTES / 61_000);
      expect(kept).toBeLessThan(REFEREE_SNAPSHOT_BUDGET_BYTES / 59_000 + 2);
      expect(asked).toBe(kept);
    } finally {
      await game.dispose?.();
      await closeIdleReferees();
    }
    expect(await leftOver(g.dir)).toBe('');
  }, 60_000);
});

describe('what a referee says reaches the terminal escaped', () => {
  // The console's `outcome:` line printed the referee's outcome summary raw (ESC, BEL, C1, a line break
  // and U+202E reached the terminal): it goes through core/printable.ts as its verdicts do.
  it('an outcome summary and verdict messages with terminal escapes and line breaks, in the console, TAP and JUnit', async () => {
    const g = hostileGame('escapes');
    const tap = path.join(g.dir, 'r.tap');
    const junit = path.join(g.dir, 'r.xml');
    const r = await runMeasured([...runArgs(g, ['--strict', '--reporter', 'console', '--reporter', `tap=${tap}`, '--reporter', `junit=${junit}`])], { timeoutMs: 60_000 });
    expect(r.code, r.stdout + r.stderr).toBe(1); // --strict: the referee's warnings fail the run
    expect(r.stdout).toContain('m \\x1b[31mred\\nsecond line \\x9b2J');
    expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(r.stdout).toContain('over \\x1b[2J\\x1b]0;pwned\\x07 \\x9b31m\\n\\u202eevil');
    // TAP's YAML and JUnit's XML keep the texts, escaped: nothing a terminal or a viewer acts on.
    for (const file of [tap, junit]) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      expect(text, file).toMatch(/over \\(x1b|u001b)\[2J/);
      expect(text, file).toMatch(/\\(x9b|u009b)31m/);
      expect(text, file).toMatch(/\\u202eevil/);
    }
  }, 60_000);
});

afterAll(async () => {
  await closeIdleReferees();
  expect(REFEREE_DEFAULT_LIMITS).toEqual({ startupMs: 10_000, answerMs: 10_000 }); // as docs/security.md and docs/game-api.md say
});
