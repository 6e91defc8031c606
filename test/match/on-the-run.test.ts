// `botjury match on-the-run`: two programs in one game, a bot on each side. Every move is applied
// once and relayed once, in the form that side's jury sent it; a fault is the irregular loss (20-0)
// in every seat's outcome, and the side still waiting reads Quit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatchReport } from '../../harness/match/match.js';
import { runCli, scratchDir } from '../helpers.js';

const PY = ['python3', 'examples/on-the-run/python/bot.py'];
const JS = ['node', 'examples/on-the-run/js/bot.js'];

async function match(args: string[], bots: string[][]): Promise<{ code: number; report: MatchReport; output: string }> {
  const file = path.join(scratchDir('botjury-otr-match-'), 'match.json');
  const r = await runCli(['match', 'on-the-run', ...args, '--reporter', 'console', '--reporter', `json=${file}`, ...bots.flatMap((b) => ['--', ...b])], { timeoutMs: 240_000 });
  try {
    return { code: r.code, report: JSON.parse(readFileSync(file, 'utf8')) as MatchReport, output: r.stdout + r.stderr };
  } catch {
    throw new Error(`no match report (exit ${r.code}): ${r.stderr}${r.stdout}`);
  }
}

type Seat = MatchReport['games'][number]['seats'][number];
const said = (seat: Seat, dir: 'jury' | 'bot') => seat.run!.transcript.filter((t) => t.dir === dir).map((t) => t.text);
const seatOf = (seats: Seat[], role: string) => seats.find((s) => s.role === role)!;

describe('botjury match on-the-run', () => {
  it('the example bots: one game per pairing, each move relayed once, as each side\'s jury sends it', async () => {
    const { code, report, output } = await match(['--games', '2', '--seed', '2'], [PY, JS]);
    expect(report.games.map((g) => g.seats.map((s) => s.bot))).toEqual([[0, 1], [1, 0]]);
    for (const g of report.games) {
      const [fugitive, detectives] = [seatOf(g.seats, 'fugitive'), seatOf(g.seats, 'detectives')];
      for (const s of g.seats) expect(s.run!.violations).toEqual([]);
      // One game: every seat tells the same story.
      expect(fugitive.run!.outcome).toEqual(detectives.run!.outcome);
      expect(g.outcome!.finished).toBe(true);
      const winner = g.outcome!.winner!;
      expect(seatOf(g.seats, winner).result).toBe('win');
      expect(fugitive.points! + detectives.points!).toBe(20);

      const [fugitiveWrote, fugitiveRead] = [said(fugitive, 'bot'), said(fugitive, 'jury')];
      const [detectivesWrote, detectivesRead] = [said(detectives, 'bot'), said(detectives, 'jury')];
      expect(fugitiveRead[0]).toBe('Fugitive');
      expect(detectivesRead[0]).toBe('Detectives');
      // The detectives read the fugitive's start city as it wrote it, then the mode only, and on every
      // fifth turn the mode and the city; the fugitive reads the detectives' four lines as they wrote them.
      const toDetectives = detectivesRead.slice(1).filter((l) => l !== 'Quit');
      const toFugitive = fugitiveRead.slice(1).filter((l) => l !== 'Quit');
      const asTold = [fugitiveWrote[0]!, ...fugitiveWrote.slice(1).map((move, i) => ((i + 1) % 5 === 0 ? move : move.split(' ')[0]!))];
      expect(toDetectives).toEqual(asTold.slice(0, toDetectives.length));
      expect(toFugitive).toEqual(detectivesWrote.slice(0, toFugitive.length));
      // Every move but the one that ended the game is relayed, once: after turn 50, or a detective's
      // catch, the detectives' last move is not; after the fugitive walked into a detective, its move is not.
      const endedByDetectives = !/the fugitive moved into city/.test(g.outcome!.summary);
      expect(detectivesWrote.length - toFugitive.length).toBe(endedByDetectives ? 4 : 0);
      expect(fugitiveWrote.length - toDetectives.length).toBe(endedByDetectives ? 0 : 1);
      expect(fugitiveWrote.length).toBe(1 + (g.outcome!.summary.startsWith('the fugitive was not caught') ? 50 : Number(/^caught in turn (\d+)/.exec(g.outcome!.summary)![1])));
    }
    expect(output).toMatch(/^game 2\/2: B \(fugitive\) .* · A \(detectives\) /m);
    expect(code).toBe(0);
  });

  it.each([
    ['a failure', 'unflushed-output', ['examples/on-the-run/broken/build/unflushed'], ['fugitive', 'detectives']],
    ['an invalid move', 'illegal-move', ['python3', 'examples/on-the-run/broken/non_adjacent.py'], ['detectives']],
  ])('%s (%s): the irregular loss in every seat\'s outcome; the other bot wins 20-0, reads Quit, and has no verdict', async (_what, verdict, broken, failingRoles) => {
    const { code, report } = await match(['--games', '2'], [broken, PY]);
    const failed = report.games.filter((g) => g.seats.some((s) => s.bot === 0 && s.run!.status === 'failed'));
    expect(failed.map((g) => g.seats.find((s) => s.bot === 0)!.role)).toEqual(failingRoles);
    for (const g of failed) {
      const bad = g.seats.find((s) => s.bot === 0)!;
      const good = g.seats.find((s) => s.bot === 1)!;
      expect([...new Set(bad.run!.violations.filter((v) => v.severity === 'error').map((v) => v.code))]).toEqual([verdict]);
      expect(good.run!.violations.filter((v) => v.severity === 'error')).toEqual([]);
      for (const s of [bad, good]) expect(s.run!.outcome).toMatchObject({ finished: true, winner: good.role, scores: { [good.role]: 20, [bad.role]: 0 }, summary: expect.stringMatching(new RegExp(`irregular loss, 20-0 for the ${good.role}$`)) });
      expect([bad.result, bad.points, good.result, good.points]).toEqual(['loss', 0, 'win', 20]);
      expect(said(good, 'jury').at(-1)).toBe('Quit');
    }
    expect(code).toBe(1);
  });
});
