// `botjury match snakecore` with a bot in every seat: one game for the four pythons. A bot that fails
// is disqualified once, for everyone: its python stays on the field and cannot move, every seat's
// outcome names it, and the other bots play the game out.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatchReport } from '../../harness/match/match.js';
import { runCli, scratchDir } from '../helpers.js';

const PY = ['python3', 'examples/snakecore/python/bot.py'];
const JS = ['node', 'examples/snakecore/js/bot.js'];
const C = ['examples/snakecore/c/build/bot'];
const QUITTER = ['python3', 'examples/snakecore/broken/exits-early.py'];

async function match(args: string[], bots: string[][]): Promise<{ code: number; report: MatchReport }> {
  const file = path.join(scratchDir('botjury-snakecore-match-'), 'match.json');
  const r = await runCli(['match', 'snakecore', ...args, '--reporter', `json=${file}`, ...bots.flatMap((b) => ['--', ...b])], { timeoutMs: 240_000 });
  try {
    return { code: r.code, report: JSON.parse(readFileSync(file, 'utf8')) as MatchReport };
  } catch {
    throw new Error(`no match report (exit ${r.code}): ${r.stderr}${r.stdout}`);
  }
}

type Transcript = { dir: string; text: string }[];
/** The getAction messages a seat received, each as its lines. */
function messages(transcript: Transcript): string[][] {
  const out: string[][] = [];
  for (const t of transcript) {
    if (t.dir !== 'jury') continue;
    if (t.text === 'getAction' || t.text === 'getName') out.push([t.text]);
    else out.at(-1)!.push(t.text);
  }
  return out.filter((m) => m[0] === 'getAction');
}

describe('botjury match snakecore: four bot seats', () => {
  it('one python\'s bot fails: it alone gets the verdict, every seat\'s outcome names that python disqualified, the others play the game out', async () => {
    // Four games: the quitter sits at python 3, 4, 1 and 2 in turn, so it fails before, between and after the others' turns.
    const { code, report } = await match(['--games', '4', '--seed', '2'], [PY, JS, QUITTER, C]);
    expect(report.games).toHaveLength(4);
    const codes = (bot: number) => [...new Set(report.games.flatMap((g) => g.seats.filter((s) => s.bot === bot).flatMap((s) => s.run!.violations.filter((v) => v.severity === 'error').map((v) => v.code))))];
    expect([0, 1, 2, 3].map(codes)).toEqual([[], [], ['early-exit'], []]);
    expect(report.games.map((g) => g.seats.find((s) => s.bot === 2)!.role)).toEqual(['3', '4', '1', '2']);
    for (const g of report.games) {
      const quitter = g.seats.find((s) => s.bot === 2)!;
      const summaries = g.seats.map((s) => s.run!.outcome!.summary);
      expect(new Set(summaries).size).toBe(1); // every seat saw the same game
      expect(summaries[0]).toMatch(new RegExp(`^after 100 moves each .*\\(python ${quitter.role} disqualified: early-exit at move 2\\)$`));
      expect(g.seats.every((s) => s.run!.outcome!.finished)).toBe(true);
      // The quitter answered getName and its first move; the others every request of the game.
      expect(quitter.run!.timing.replies).toBe(2);
      for (const s of g.seats.filter((s) => s !== quitter)) {
        expect(s.run!.timing.replies).toBe(101);
        const got = messages(s.run!.transcript);
        expect(got).toHaveLength(100);
        // Its own python first, then the others: four python lines, four heads on the field, every time.
        for (const m of got) {
          const n = Number(m[1]);
          expect(m).toHaveLength(2 + n + 4);
          expect(m.slice(2, 2 + n).join('').split('p')).toHaveLength(5);
        }
        // The quitter's python stays where its first move left it, in what every other seat reads.
        const others = ['1', '2', '3', '4'].filter((r) => r !== s.role);
        const line = 2 + Number(got[0]![1]) + 1 + others.indexOf(quitter.role);
        const heads = new Set(got.slice(2).map((m) => m[line]!.split(' ').slice(2, 4).join(' ')));
        expect(heads.size).toBe(1);
      }
    }
    expect(code).toBe(1);
  }, 240_000);

  it('a match transcript replays: every seat the same verdicts, bot output and jury input (a name is recorded as not a move)', async () => {
    const dir = scratchDir('botjury-snakecore-replay-');
    const [setup, transcript] = [path.join(dir, 'small.yaml'), path.join(dir, 'match.jsonl')];
    writeFileSync(setup, 'setup:\n  size: 8\n  moves: 5\n  walls: 2\n  blocks: 6\n  energy: 2\n');
    const played = await runCli(['match', 'snakecore', '--games', '1', '--seed', '3', '--setup', setup, '--transcript', transcript, '--', ...PY, '--', 'python3', 'examples/snakecore/broken/bad-action.py', '--', ...JS]);
    expect(played.code).toBe(1);
    const names = readFileSync(transcript, 'utf8').split('\n').filter(Boolean).flatMap((l) => ((JSON.parse(l) as { seats?: { run?: { moves: { label?: string; notAMove?: boolean }[] } }[] }).seats ?? []).flatMap((s) => s.run?.moves ?? []))
      .filter((m) => m.label?.startsWith('getName'));
    expect(names.map((m) => m.notAMove)).toEqual([true, true, true]);
    const again = await runCli(['replay', transcript, '--trust-transcript-command']);
    expect(again.stdout).toMatch(/python 2 disqualified: bad-format at move 1/);
    expect(again.stdout.match(/verdicts: {3}same as recorded/g)).toHaveLength(3);
    expect(again.stdout.match(/jury input: identical to the recording/g)).toHaveLength(3);
    expect(again.stdout).toContain('every bot seat as recorded (3)');
  });

  it('python 1 reads the same bytes before its first move as a bot checked alone in seat 1 with the same seed', async () => {
    const { report } = await match(['--games', '1', '--seed', '7'], [PY, JS, PY, JS]);
    const seat = report.games[0]!.seats.find((s) => s.role === '1')!;
    const file = path.join(scratchDir('botjury-snakecore-seat-'), 'seat-1.yaml');
    writeFileSync(file, 'game: snakecore\nrole: "1"\nseed: 7\nsteps:\n  - play: { plies: 2 }\n');
    const alone = await runCli(['run', file, '--reporter', 'json', '--', ...PY]);
    const aloneRun = (JSON.parse(alone.stdout) as { results: { transcript: Transcript }[] }).results[0]!;
    expect(messages(aloneRun.transcript)[0]).toEqual(messages(seat.run!.transcript)[0]);
    expect(messages(aloneRun.transcript)[0]!.length).toBeGreaterThan(20);
  });
});
