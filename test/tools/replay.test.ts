// Transcripts and replay, through the CLI as a user runs them: a recorded run holds everything needed
// to drive the bot again, replays to the same verdicts, and a different bot is caught at the first ply
// where its output differs.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transcriptProblems, type TranscriptFile } from '../../harness/tools/transcript.js';
import { ROOT, runCli, runJson, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-replay-test-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BOT = 'examples/alquerque/python/bot.py';
const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
const read = (file: string): TranscriptFile => JSON.parse(readFileSync(file, 'utf8')) as TranscriptFile;

describe('--transcript', () => {
  it('records everything needed to drive the bot again, for every run of a check', async () => {
    const file = path.join(tmp, 'check.json');
    const run = await runCli(['check', 'alquerque', '--role', 'black', '--jobs', '2', '--transcript', file, '--', 'python3', BOT, '5']);
    expect(run.code).toBe(0);
    const t = read(file);
    expect(transcriptProblems(t)).toEqual([]);
    expect(t.runs.length).toBeGreaterThan(3);
    expect(t.runs.every((r) => r.role === 'black' && r.game === 'alquerque' && r.profile === 'codecup2008')).toBe(true);
    // The bot, byte for byte: the interpreter that ran and the script it ran.
    expect(t.bot.command).toEqual(['python3', BOT, '5']);
    expect(t.bot.executable.sha256).toBe(sha256(t.bot.executable.path));
    expect(t.bot.files).toEqual([expect.objectContaining({ given: BOT, path: path.join(ROOT, BOT), sha256: sha256(path.join(ROOT, BOT)) })]);
    expect(t.machine.node).toBe(process.version);
    expect(t.machine.cpuModel).toBe(os.cpus()[0]!.model.trim());
    // Runs in report order (also with --jobs 2), each with its scenario, limits, moves and lines.
    const files = t.runs.map((r) => r.scenario.file);
    expect(files).toEqual([...files].sort());
    for (const r of t.runs) {
      expect(r.limits.totalMs).toBe(30_000);
      expect(r.scenario.definition.game).toBe('alquerque');
      const jury = r.transcript.filter((e) => e.dir === 'jury');
      const bot = r.transcript.filter((e) => e.dir === 'bot');
      expect(jury.length).toBeGreaterThan(0);
      expect(bot.length).toBeGreaterThan(0);
      const times = r.transcript.map((e) => e.t);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // Every opponent move as played, and every answer, in the order of the lines on the wire.
      const opponentMoves = r.moves.filter((m) => m.by === 'opponent').map((m) => (m as { move: string }).move);
      const announced = r.transcript.filter((e) => e.text.startsWith('opponent plays ')).map((e) => e.text.slice('opponent plays '.length));
      expect(opponentMoves).toEqual(announced);
      expect(r.moves.filter((m) => m.by === 'bot').map((m) => (m as { lines: string[] }).lines[0])).toEqual(bot.map((e) => e.text));
    }
    const seeded = t.runs.find((r) => r.scenario.file.endsWith('seeded-game-10.yaml'))!;
    expect(seeded.seed).toBe(10);
    expect(seeded.scenario.definition.steps).toBeUndefined();
  });

  it('is a usage error on commands that do not run a bot', async () => {
    const r = await runCli(['validate', 'scenarios/alquerque', '--transcript', path.join(tmp, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--transcript does not apply to validate');
  });
});

describe('replay', () => {
  const recordBroken = async (): Promise<string> => {
    const file = path.join(tmp, 'broken.json');
    const run = await runCli(['run', 'scenarios/alquerque/capture-compulsory-white.yaml', 'scenarios/alquerque/play-as-black.yaml', '--transcript', file, '--', 'python3', 'examples/alquerque/broken/skips-capture.py']);
    expect(run.code).toBe(1);
    return file;
  };

  it('replays a recorded run to the same verdicts, with identical output and jury input', async () => {
    const file = await recordBroken();
    const recorded = read(file);
    const verdicts = (vs: { code: string; ply?: number }[]) => vs.map((v) => `${v.code}@${v.ply}`);
    const { code, report, stderr } = await runJson(['replay', file, '--', 'python3', 'examples/alquerque/broken/skips-capture.py']);
    expect(code).toBe(1);
    expect(report.results.map((r) => verdicts(r.violations))).toEqual(recorded.runs.map((r) => verdicts(r.result.violations)));
    expect(report.results.map((r) => verdicts(r.violations))).toEqual([['illegal-move@3'], ['illegal-move@4']]);
    // With the JSON report on stdout, the comparison goes to stderr.
    expect(stderr.match(/verdicts: {3}same as recorded/g)).toHaveLength(2);
    expect(stderr.match(/bot output: identical to the recording/g)).toHaveLength(2);
    expect(stderr.match(/jury input: identical to the recording/g)).toHaveLength(2);
  });

  it('replays a game whose profile has limits of its own (the JavaChallenge2015 engine: crEndsLine, longLines, stderr per turn)', async () => {
    const file = path.join(tmp, 'jc.json');
    const bot = ['python3', 'examples/javachallenge2015/python/bot.py'];
    expect((await runCli(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--transcript', file, '--', ...bot])).code).toBe(0);
    expect(read(file).runs[0]!.limits).toMatchObject({ crEndsLine: true, longLines: 'keep-head' });
    expect(transcriptProblems(read(file))).toEqual([]);
    const r = await runCli(['replay', file, '--', ...bot]);
    expect(r.stdout + r.stderr).toMatch(/bot output: identical to the recording/);
    expect(r.code).toBe(0);
  });

  it('without a bot command, replays the recorded one only when trusted, and shows it first', async () => {
    const file = await recordBroken();
    const refused = await runCli(['replay', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--trust-transcript-command');
    const r = await runCli(['replay', file, '--trust-transcript-command']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`running the transcript's command ["python3","examples/alquerque/broken/skips-capture.py"]`);
    expect(r.stdout.match(/bot output: identical to the recording/g)).toHaveLength(2);
  });

  it('scripts the recorded opponent moves: a changed seed does not change the game', async () => {
    const file = path.join(tmp, 'seeded.json');
    expect((await runCli(['run', 'scenarios/alquerque/seeded-game-11.yaml', '--transcript', file, '--', 'python3', BOT, '3'])).code).toBe(0);
    const t = read(file);
    // The built-in opponent would play other moves for another seed; the replay must not ask it.
    const tampered = path.join(tmp, 'seeded-tampered.json');
    for (const r of t.runs) r.seed = 999_999;
    writeFileSync(tampered, JSON.stringify(t));
    const again = path.join(tmp, 'seeded-again.json');
    const r = await runCli(['replay', tampered, '--transcript', again, '--', 'python3', BOT, '3']);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/bot output: identical to the recording/g)).toHaveLength(t.runs.length);
    const replayed = read(again);
    expect(transcriptProblems(replayed)).toEqual([]);
    expect(replayed.runs.map((x) => x.moves)).toEqual(t.runs.map((x) => x.moves.map((m) => (m.by === 'opponent' ? { ...m, scripted: true } : m))));
  });

  it('does not count a late-excused warning, the machine\'s load, as a difference: shown, not compared', async () => {
    const file = path.join(tmp, 'excused.json');
    expect((await runCli(['run', 'scenarios/alquerque/seeded-game-11.yaml', '--transcript', file, '--', 'python3', BOT, '3'])).code).toBe(0);
    const t = read(file);
    // As a loaded machine records it: one reply excused by the bot's measured wait for a CPU.
    t.runs[0]!.result.violations.push({ code: 'late-excused', severity: 'warning', ply: 2, message: 'the machine made it late', atMs: 12.5 } as (typeof t.runs)[number]['result']['violations'][number]);
    const tampered = path.join(tmp, 'excused-recorded.json');
    writeFileSync(tampered, JSON.stringify(t));
    const r = await runCli(['replay', tampered, '--', 'python3', BOT, '3']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain("verdicts:   same as recorded but for the machine's load (late-excused is not compared) — recorded: warning late-excused at ply 2; now: none");
  });

  it('scripts each recorded move at its own ply when the scenario scripts some opponent moves itself', async () => {
    // Plies 1 and 3 come from the scenario, 5 to 9 from the built-in opponent: the replay must give
    // ply 5 the recorded move of ply 5, not the first recorded opponent move.
    const scenario = path.join(tmp, 'mixed.yaml');
    writeFileSync(scenario, [
      'game: alquerque', 'name: mixed', 'role: black', 'seed: 3', 'opponent: random',
      'steps:', '  - opponent: c3-d4', '  - bot: any', '  - opponent: b2*d4', '  - bot: any', '  - play: { plies: 5 }', '  - quit', '',
    ].join('\n'));
    const file = path.join(tmp, 'mixed.json');
    expect((await runCli(['run', scenario, '--transcript', file, '--', 'python3', BOT])).code).toBe(0);
    const t = read(file);
    for (const r of t.runs) r.seed = 999_999; // the built-in opponent must not be asked
    const tampered = path.join(tmp, 'mixed-tampered.json');
    writeFileSync(tampered, JSON.stringify(t));
    const r = await runCli(['replay', tampered, '--', 'python3', BOT]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/bot output: identical to the recording \(4 answers\)/);
  });

  it('shows where a different bot first differs: ply, expected bytes, actual bytes', async () => {
    const file = path.join(tmp, 'seed3.json');
    expect((await runCli(['run', 'scenarios/alquerque/seeded-game-12.yaml', '--role', 'white', '--transcript', file, '--', 'python3', BOT, '3'])).code).toBe(0);
    const otherSeed = path.join(tmp, 'seed4.json');
    const r = await runCli(['replay', file, '--transcript', otherSeed, '--', 'python3', BOT, '4']);
    // Legal answers, no violation, but not the recorded ones: a replay is a regression check.
    expect(r.code).toBe(1);
    // Where the two bots really part: the first answer that differs in the two transcripts.
    const answers = (t: TranscriptFile) => t.runs[0]!.moves.filter((m) => m.by === 'bot') as { ply: number; lines: string[] }[];
    const before = answers(read(file));
    const after = answers(read(otherSeed));
    const i = before.findIndex((a, k) => a.lines[0] !== after[k]?.lines[0]);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(r.stdout).toContain(`bot output: first differs at ply ${before[i]!.ply} `);
    expect(r.stdout).toContain(`expected ${JSON.stringify(`${before[i]!.lines[0]}\n`)}`);
    expect(r.stdout).toContain(`actual   ${JSON.stringify(`${after[i]!.lines[0]}\n`)}`);
    expect(r.stdout).toMatch(/jury input: identical until the bot's output differed/);
  });

  it('names a changed bot file, and shows the answer a broken version gives instead', async () => {
    const file = path.join(tmp, 'capture.json');
    expect((await runCli(['run', 'scenarios/alquerque/capture-compulsory-white.yaml', '--transcript', file, '--', 'python3', BOT])).code).toBe(0);
    const r = await runCli(['replay', file, '--', 'python3', 'examples/alquerque/broken/skips-capture.py']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/verdicts: {3}differ — recorded: none; now: illegal-move at ply 3/);
    expect(r.stdout).toMatch(/bot output: first differs at ply 3 \(White's move 2 \(ply 3\)\)\n\s+expected "d2\*d4\\n"\n\s+actual {3}"e4-d4\\n"/);
    expect(r.stdout).toContain('examples/alquerque/broken/skips-capture.py was not part of the recorded command');
  });

  it('rejects a file that is not a transcript (exit 2)', async () => {
    const bad = path.join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'botjury-transcript', version: 1 }));
    const r = await runCli(['replay', bad, '--', 'python3', BOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a botjury transcript');
  });
});

