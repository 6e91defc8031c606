// Importing real game records: a CodeCup 2008 game page becomes a scenario in which a bot that plays
// the recorded moves gets the jury's verdict at the jury's ply (and nothing earlier); the generic
// one-move-per-line format does the same for every game, through the game's own Referee.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alquerque } from '../../harness/games/alquerque/index.js';
import { parseCodeCup2008, parseRecord, RecordError } from '../../harness/tools/import.js';
import type { TranscriptFile } from '../../harness/tools/transcript.js';
import { ROOT, runCli, runJson, scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-import-test-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PLAYS_MOVES = 'test/fixtures/tools/plays-moves.py';

/** Real CodeCup 2008 game pages: ours, and any another engineer saved in alquerque-records/. */
const RECORDS = [
  ...['codecup2008-game17340.txt', 'codecup2008-game19801.txt'].map((f) => path.join('test/fixtures/tools', f)),
  ...(existsSync(path.join(ROOT, 'test/fixtures/alquerque-records'))
    ? readdirSync(path.join(ROOT, 'test/fixtures/alquerque-records')).filter((f) => !f.startsWith('.') && !/\.(md|ya?ml)$/.test(f)).map((f) => path.join('test/fixtures/alquerque-records', f))
    : []),
];

describe('CodeCup 2008 game pages', () => {
  it('parses the numbered ply list, several plies per line, and the verdict sentence', () => {
    const r = parseCodeCup2008([
      'Moves',
      '  1.c3-d4  2.e5*c3',
      '  3.b2*d4  4.a6*a4*a2',
      "The white player has been disqualified: Incomplete strike 'c3*a5', should have striked to 'a3' eliminating 'a4' (or some other strike).",
    ].join('\n'))!;
    expect(r.moves.map((m) => m.value)).toEqual(['c3-d4', 'e5*c3', 'b2*d4', 'a6*a4*a2', 'c3*a5']);
    expect(r.moves[4]!.fromVerdict).toBe(true);
    expect(r.meta.verdict).toEqual({ text: "Incomplete strike 'c3*a5', should have striked to 'a3' eliminating 'a4' (or some other strike).", player: 'white', ply: 5 });
  });

  it('rejects a list that skips a ply, and a verdict on the wrong player', () => {
    expect(() => parseCodeCup2008('1.c3-d4\n3.b2*d4')).toThrow(RecordError);
    expect(() => parseCodeCup2008("1.c3-d4\nThe white player has been disqualified: Invalid move 'a1-a2'")).toThrow(/ply 2 .* black's/);
  });

  it('reads the page as saved HTML too', () => {
    const html = '<html><body><pre>  1.c3-d4<br>  2.e5*c3<br></pre><p>The white player has been disqualified: Invalid strike &#39;d1-c1&#39;, unexpected &#39;-&#39;</p></body></html>';
    const r = parseRecord(alquerque, html);
    expect(r.moves.map((m) => m.value)).toEqual(['c3-d4', 'e5*c3', 'd1-c1']);
  });

  for (const record of RECORDS) {
    it(`${path.basename(record)}: a bot playing the recorded moves gets the jury's verdict at the jury's ply`, async () => {
      const parsed = parseRecord(alquerque, readFileSync(path.join(ROOT, record), 'utf8'));
      const jury = parsed.meta.verdict!;
      expect(jury.player).toMatch(/^(white|black)$/);
      // Records that state the disqualified ply in a comment must agree with the numbered list.
      const stated = /^# disqualified-ply: (\d+)/m.exec(readFileSync(path.join(ROOT, record), 'utf8'));
      if (stated) expect(jury.ply).toBe(Number(stated[1]));
      const out = path.join(tmp, `${path.basename(record)}.yaml`);
      const imported = await runCli(['import', 'alquerque', record, '--output', out]);
      expect(imported.code).toBe(0);
      // A verdict that names no move (a time-out) has no move to reproduce: the import is all we check.
      if (!parsed.moves.some((m) => m.fromVerdict)) return;
      expect(imported.stderr).toContain(`botjury's verdict on the recorded move: illegal-move at ply ${jury.ply}`);
      expect((await runCli(['validate', out])).code).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text.startsWith('# yaml-language-server: $schema=')).toBe(true);
      expect(text).toMatch(/^rule: /m);
      expect(text).toContain(`role: ${jury.player}`);
      // The disqualified player's program, as a stand-in: exactly its recorded moves.
      const mine = parsed.moves.filter((_, i) => (i % 2 === 0) === (jury.player === 'white')).map((m) => String(m.value));
      const { code, report } = await runJson(['run', out, '--', 'python3', PLAYS_MOVES, ...mine]);
      expect(code).toBe(1);
      const errors = report.results[0]!.violations.filter((v) => v.severity === 'error');
      expect(errors.map((v) => [v.code, v.ply])).toEqual([['illegal-move', jury.ply]]);
      expect(errors[0]!.actual).toBe(mine[mine.length - 1]);
    });
  }

  it('the same game from the opponent\'s seat: all recorded moves scripted, the bot passes', async () => {
    const out = path.join(tmp, 'black.yaml');
    const r = await runCli(['import', 'alquerque', 'test/fixtures/tools/codecup2008-game17340.txt', '--role', 'black', '--exact', '--output', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/note: the opponent's last move 'c3\*a5' .* is not legal/);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('- { bot: e5*c3 }');
    expect(text).toContain('- { opponent: a3*a5 }');
    const black = ['e5*c3', 'b4*b2', 'a5-b4', 'a6*a4'];
    expect((await runJson(['run', out, '--', 'python3', PLAYS_MOVES, ...black])).code).toBe(0);
    // --exact: another legal answer is reported as not what the record played (Black's last
    // recorded move in game 19801 is g6-f6; g7-f6 is legal too).
    const out19801 = path.join(tmp, 'black-19801.yaml');
    expect((await runCli(['import', 'alquerque', 'test/fixtures/tools/codecup2008-game19801.txt', '--role', 'black', '--exact', '--output', out19801])).code).toBe(0);
    const moves19801 = ['e5*c3', 'b4*b2', 'e6-e5', 'b5*b3', 'e7*e5', 'a4*a2', 'b3-b2', 'a5-b4', 'b6*b4', 'a6*a4*a2', 'c5-d4', 'g5*e3*c3*c1*a1'];
    expect((await runJson(['run', out19801, '--', 'python3', PLAYS_MOVES, ...moves19801, 'g6-f6'])).code).toBe(0);
    const { code, report } = await runJson(['run', out19801, '--', 'python3', PLAYS_MOVES, ...moves19801, 'g7-f6']);
    expect(code).toBe(1);
    expect(report.results[0]!.violations.map((v) => [v.code, v.ply, v.actual])).toEqual([['expectation-failed', 26, 'g7-f6']]);
  });

  it('writes to stdout without --output, and refuses a record the rules reject (exit 2)', async () => {
    const r = await runCli(['import', 'alquerque', 'test/fixtures/tools/codecup2008-game17340.txt']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('- { bot: any }');
    const bad = path.join(tmp, 'bad.txt');
    writeFileSync(bad, '1.c3-d4\n2.e5-d5\n3.b2*d4\n');
    const b = await runCli(['import', 'alquerque', bad, '--role', 'white']);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/line 2 \(ply 2\): scripted opponent move at ply 2 is not legal/);
  });
});

describe('the generic one-move-per-line record', () => {
  /** A record in the documented format, from a recorded run: every move in the order the jury asked. */
  const recordFrom = (t: TranscriptFile, run = 0): string => {
    const r = t.runs[run]!;
    const lines = [`# ${r.game}: recorded by botjury`, `role: ${r.role}`, `seed: ${JSON.stringify(r.seed)}`];
    if (r.setup) lines.push(`setup: ${JSON.stringify(r.setup)}`);
    for (const m of r.moves) {
      if (m.by === 'opponent') lines.push(m.move);
      else if (!m.handshake) lines.push(m.lines!.join(' / '));
    }
    return `${lines.join('\n')}\n`;
  };

  const games: [game: string, bot: string[], role: string][] = [
    ['on-the-run', ['python3', 'examples/on-the-run/python/bot.py'], 'detectives'], // four-line answers
    ['javachallenge2015', ['python3', 'examples/javachallenge2015/python/bot.py'], '2'], // READY handshake, three opponents
    ['alquerque', ['python3', 'examples/alquerque/python/bot.py'], 'black'],
  ];
  for (const [game, bot, role] of games) {
    it(`${game}: a recorded game imported back plays the same game`, async () => {
      const scenario = path.join(tmp, `${game}-game.yaml`);
      writeFileSync(scenario, `game: ${game}\nrole: "${role}"\nseed: 21\nsteps:\n  - play: { plies: 30 }\n`);
      const t1 = path.join(tmp, `${game}-1.json`);
      expect((await runCli(['run', scenario, '--transcript', t1, '--', ...bot])).code).toBe(0);
      const recorded = JSON.parse(readFileSync(t1, 'utf8')) as TranscriptFile;
      const record = path.join(tmp, `${game}.record`);
      writeFileSync(record, recordFrom(recorded));
      const out = path.join(tmp, `${game}-imported.yaml`);
      const imp = await runCli(['import', game, record, '--exact', '--output', out]);
      expect(imp.code, imp.stderr).toBe(0);
      // The same bot against the imported scenario: the same answers, all as recorded (--exact).
      const t2 = path.join(tmp, `${game}-2.json`);
      const run = await runCli(['run', out, '--transcript', t2, '--', ...bot]);
      expect(run.code, run.stdout).toBe(0);
      const answers = (t: TranscriptFile) => t.runs[0]!.moves.filter((m) => m.by === 'bot').map((m) => (m as { lines: string[] }).lines);
      const again = JSON.parse(readFileSync(t2, 'utf8')) as TranscriptFile;
      expect(answers(again)).toEqual(answers(recorded));
      expect(again.runs[0]!.moves.filter((m) => m.by === 'opponent').every((m) => (m as { scripted: boolean }).scripted)).toBe(true);
    });
  }

  it('a rejected last move of the bot is the verdict, at its ply', async () => {
    const record = path.join(tmp, 'jc.record');
    writeFileSync(record, 'role: 0\nseed: 4\nverdict: the engine read "X" as no action\nN\nN\nN\nN\nX\n');
    const out = path.join(tmp, 'jc.yaml');
    const r = await runCli(['import', 'javachallenge2015', record, '--output', out]);
    // Player 0's second action comes at T=4 (ply 5); the engine reads an unknown action as N.
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("botjury's verdict on the recorded move: bad-format at ply 5");
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('The jury\'s verdict: the engine read "X" as no action');
    expect(text).toMatch(/- \{ bot: any, note: "the record's move here is 'X': bad-format" \}/);
    const { code, report } = await runJson(['run', out, '--', 'python3', 'examples/javachallenge2015/broken/bad-action.py']);
    expect(code).toBe(1);
    // It answers words from the first action on: the recorded ply is among its verdicts.
    expect(report.results[0]!.violations.map((v) => [v.code, v.ply])).toContainEqual(['bad-format', 5]);
  });
});
