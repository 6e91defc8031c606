// `botjury match javachallenge2015` with four bots, end to end: the engine awaits READY of the players
// in id order, each for 1 s from when it starts waiting for that player, and a player whose bot fails
// READY stays on the board doing N, told the same in every seat.
//
// Margins: each bot is a compiled program that prints READY a set time after the four bots of the game
// have started (the fixture counts from the last one's start: the jury starts them one after another,
// which on a loaded machine took up to 0.2 s each). In the first test player 1's READY comes 1.3 - 0.6
// = 0.7 s after player 0's, when the jury has waited for it 0.7 s of its 1 s: 0.3 s to spare; a jury
// whose clock ran from the bots' start would have timed it out 0.3 s before. In the second, player 0
// is 0.3 s past its limit. Both less the jury's own delay in starting to wait, measured at about 0.1 s
// with two busy loops per core. The load-aware clock extends a limit only by the time the bot sat
// runnable, which a sleeping compiled bot hardly does (a Python bot's start-up did: 0.1 s and more).
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchReport } from '../../harness/match/match.js';
import { ROOT, runCli, scratchDir } from '../helpers.js';

const HANDSHAKE = ['handshake-timeout', 'bad-handshake'];

const tmp = scratchDir('botjury-jc-match-');
const READY_AFTER = path.join(tmp, 'jc_ready_after');
// A short game: what is tested happens before T=0.
const SETUP = path.join(tmp, 'setup.yaml');

beforeAll(async () => {
  await execa('cc', ['-O2', '-o', READY_AFTER, path.join(ROOT, 'test/fixtures/bots/timing/jc_ready_after.c')]);
  writeFileSync(SETUP, 'turnLimit: 20\n');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A match of four bots, each printing READY the given seconds after the four started, then answering N. */
async function match(name: string, readyAfter: number[]): Promise<{ code: number; report: MatchReport; output: string }> {
  const file = path.join(tmp, `${name}.json`);
  const started = mkdtempSync(path.join(tmp, `${name}-starts-`));
  const bots = readyAfter.map((seconds) => [READY_AFTER, String(Math.round(seconds * 1000)), started, String(readyAfter.length)]);
  const r = await runCli(['match', 'javachallenge2015', '--games', '1', '--setup', SETUP, '--reporter', 'console', '--reporter', `json=${file}`, ...bots.flatMap((b) => ['--', ...b])], { timeoutMs: 120_000 });
  try {
    return { code: r.code, report: JSON.parse(readFileSync(file, 'utf8')) as MatchReport, output: r.stdout + r.stderr };
  } catch {
    throw new Error(`no match report (exit ${r.code}): ${r.stderr}${r.stdout}`);
  }
}

const seatOf = (report: MatchReport, role: string) => report.games[0]!.seats.find((s) => s.role === role)!;
const codes = (report: MatchReport, role: string, severity = 'error') => seatOf(report, role).run!.violations.filter((v) => v.severity === severity || HANDSHAKE.includes(v.code)).map((v) => v.code);

describe('javachallenge2015 match: READY awaited player by player, in id order', () => {
  it('player 1 may print READY 1.3 s after the bots started when player 0 took 0.6 s: the engine waited for it only from player 0\'s READY', async () => {
    const { code, report, output } = await match('late-1', [0.6, 1.3, 0, 0]);
    for (const role of ['0', '1', '2', '3']) expect([role, codes(report, role)], output).toEqual([role, []]);
    // Every player was sent its turns: READY was accepted for each.
    for (const role of ['0', '1', '2', '3']) expect(seatOf(report, role).run!.transcript.filter((t) => t.dir === 'jury').length).toBe(5 * 13);
    expect(report.games[0]!.outcome).toMatchObject({ finished: true, summary: 'draw: players 0, 1, 2, 3 are still on the board at T=20' });
    expect(code).toBe(0);
  });

  it('player 0 printing READY 1.3 s after the bots started: handshake-timeout, its player does N, the others are fine', async () => {
    const { code, report, output } = await match('late-0', [1.3, 0, 0, 0]);
    expect(codes(report, '0'), output).toEqual(['handshake-timeout']);
    expect(seatOf(report, '0').run!.violations.find((v) => v.code === 'handshake-timeout')).toMatchObject({ ply: 0 });
    for (const role of ['1', '2', '3']) expect([role, codes(report, role)], output).toEqual([role, []]);
    // Nothing was ever sent to player 0's bot; the other three played their five turns each.
    expect(seatOf(report, '0').run!.transcript.filter((t) => t.dir === 'jury')).toEqual([]);
    for (const role of ['1', '2', '3']) expect(seatOf(report, role).run!.transcript.filter((t) => t.dir === 'jury').length).toBe(5 * 13);
    const told = "player 0's bot was terminated at T=0 (handshake-timeout) and its player did N from then on, as in the engine";
    for (const seat of report.games[0]!.seats) expect(seat.run!.outcome!.summary).toBe(`draw: players 0, 1, 2, 3 are still on the board at T=20; ${told}`);
    expect(code).toBe(1);
  });

  it('--script plays a seat no bot takes from the file, then the built-in player; a seat a bot takes ignores it; a forbidden move is the script\'s mistake (exit 2)', async () => {
    const script = path.join(tmp, 'player-3.txt');
    writeFileSync(script, '# player 3 turns left, turns up, pushes\nL\nU\nA\n');
    const setup = path.join(tmp, 'setup-16.yaml');
    writeFileSync(setup, 'turnLimit: 16\n'); // four turns each
    const transcript = path.join(tmp, 'script.jsonl');
    const bot = [READY_AFTER, '0'];
    const r = await runCli(['match', 'javachallenge2015', '--games', '3', '--setup', setup, '--script', `3=${script}`, '--transcript', transcript, '--', ...bot, '--', ...bot], { timeoutMs: 120_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const games = readFileSync(transcript, 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l) as { index: number; seats: { role: string; bot: number | null; run?: { moves: { by: string; player?: string; move?: string; scripted?: boolean }[] } }[] });
    const player3 = (index: number) => {
      const seat = games.find((g) => g.index === index)!.seats.find((s) => s.bot === 0 && s.role !== '3')!;
      return seat.run!.moves.filter((m) => m.player === '3').map((m) => `${m.move}${m.scripted ? '' : ' (built-in)'}`);
    };
    // Games 1 and 2 (bots in seats 0, 1 and 1, 2): the script's three moves, then the built-in player's fourth.
    for (const index of [0, 1]) {
      const moves = player3(index);
      expect(moves.slice(0, 3), `game ${index + 1}`).toEqual(['L', 'U', 'A']);
      expect(moves[3], `game ${index + 1}`).toMatch(/ \(built-in\)$/);
    }
    // Game 3 seats bot B in seat 3: its answers, not the script.
    expect(player3(2)).toEqual(['N', 'N', 'N', 'N']);

    writeFileSync(script, 'L\nX\n');
    const bad = await runCli(['match', 'javachallenge2015', '--games', '1', '--setup', setup, '--script', `3=${script}`, '--', ...bot, '--', ...bot], { timeoutMs: 120_000 });
    expect(bad.stdout + bad.stderr).toMatch(/'X' is not an action/);
    expect(bad.code).toBe(2);
  });

  it("--seed S plays the engine's own seed S in the first round: its start placements, as the engine logged them for seed 1234", async () => {
    const file = path.join(tmp, 'seed-1234.json');
    const bot = [READY_AFTER, '0'];
    const r = await runCli(['match', 'javachallenge2015', '--games', '1', '--seed', '1234', '--setup', SETUP, '--reporter', `json=${file}`, '--', ...bot, '--', ...bot], { timeoutMs: 120_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(file, 'utf8')) as MatchReport;
    const first = seatOf(report, '0').run!.transcript.filter((t) => t.dir === 'jury').map((t) => t.text);
    // Player 0's first message: id, T, 6 rows of blocks, then the four players `x y D S` (jury-facts.md: seed 1234).
    expect(first.slice(0, 2)).toEqual(['0', '0']);
    expect(first.slice(8, 12)).toEqual(['17 2 U 0', '0 15 R 0', '12 14 U 0', '16 14 L 0']);
  });
});
