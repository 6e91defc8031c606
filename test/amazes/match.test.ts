// Amazes with both seats played by bots: one game, one state. Each move is applied once, each seat
// reads exactly what the CodeCup 2010 jury sent that player (the same bytes as when it plays alone
// against the same moves), and a failure has the jury's consequence once — T for that player to the end
// of the game, score 0 — in the one outcome both seats share.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ending, FailureCode } from '../../harness/core/game.js';
import { createRng } from '../../harness/core/rng.js';
import type { MatchReport } from '../../harness/match/match.js';
import { AmazesGame } from '../../harness/games/amazes/game.js';
import { amazes } from '../../harness/games/amazes/index.js';
import { chaserMove, hunterMove } from '../../harness/games/amazes/opponent.js';
import type { GameState } from '../../harness/games/amazes/rules.js';
import { refereeOf, runCli, scratchDir } from '../helpers.js';

type Bot = (inbox: string[], turn: number) => string | FailureCode;
const SEATS = ['red', 'blue'] as const;

/** A plain left-hand walker on the five vision lines (what the example bots do). */
const leftHand: Bot = (lines) => {
  const [ahead, right, , left] = lines.slice(-5);
  if (left !== 'W') return 'L';
  if (ahead !== 'W') return 'F';
  if (right !== 'W') return 'R';
  return 'T';
};
/** A right-hand walker, so that the two bots play different games. */
const rightHand: Bot = (lines) => {
  const [ahead, right, , left] = lines.slice(-5);
  if (right !== 'W') return 'R';
  if (ahead !== 'W') return 'F';
  if (left !== 'W') return 'L';
  return 'T';
};
const failsAt = (turn: number, what: string | FailureCode, bot: Bot): Bot => (inbox, t) => (t === turn ? what : bot(inbox, t));
const FAILURES: readonly string[] = ['move-timeout', 'crash', 'total-time-exceeded'];

const createGame = (seed: number, bots: readonly string[] = SEATS): AmazesGame =>
  new AmazesGame({ bots, seed, rng: createRng(seed), setup: undefined, scenarioDir: '.', profile: amazes.profiles.codecup2010! });

interface Played {
  /** What each seat read, write by write. */
  sends: Record<string, string[][]>;
  /** The lines each seat wrote, turn by turn (a failure as its code). */
  answers: Record<string, string[]>;
  judgements: Record<string, ReturnType<AmazesGame['answer']>[]>;
  endings: Record<string, Ending>;
}

/** Plays a game whose seats are all bots, as the core's table does: a seat the jury stopped is never written to nor awaited. */
function playMatch(game: AmazesGame, bots: Record<string, Bot>): Played {
  const p: Played = { sends: { red: [], blue: [] }, answers: { red: [], blue: [] }, judgements: { red: [], blue: [] }, endings: {} };
  const inbox: Record<string, string[]> = { red: [], blue: [] };
  const stopped = new Set<string>();
  for (let i = 0; i < 10_000; i++) {
    const a = game.next();
    if (a.type === 'end') {
      p.endings = a.endings;
      return p;
    }
    if (a.type === 'move') throw new Error(`the game moved seat ${a.seat}, which has a bot`);
    if (stopped.has(a.seat)) throw new Error(`${a.type} to seat ${a.seat} after the jury stopped its bot`);
    if (a.type === 'send') {
      p.sends[a.seat]!.push(a.lines);
      inbox[a.seat]!.push(...a.lines);
      continue;
    }
    const reply = bots[a.seat]!(inbox[a.seat]!, a.request.ply);
    inbox[a.seat] = [];
    p.answers[a.seat]!.push(reply);
    if (FAILURES.includes(reply)) {
      game.failed(a.seat, reply as FailureCode);
      stopped.add(a.seat);
      continue;
    }
    const j = game.answer(a.seat, [reply]);
    p.judgements[a.seat]!.push(j);
    if (j.stopBot) stopped.add(a.seat);
  }
  throw new Error('the game did not end');
}

/**
 * The same seed with one bot seat: its answers are the ones it gave in the match, the other player's
 * moves are scripted as that player's bot played them. Returns what the seat read and how it ended.
 */
function playAlone(seed: number, seat: 'red' | 'blue', match: Played): { sends: string[][]; ending: Ending; outcome: unknown } {
  const r = refereeOf(amazes, { role: seat, seed, rng: createRng(seed), setup: undefined, scenarioDir: '.', profile: amazes.profiles.codecup2010! });
  const own = [...match.answers[seat]!];
  const theirs = [...match.answers[seat === 'red' ? 'blue' : 'red']!];
  const sends: string[][] = [];
  for (;;) {
    const a = r.next();
    if (a.type === 'send') sends.push(a.lines);
    else if (a.type === 'opponent') r.opponent(theirs.shift());
    else if (a.type === 'await') {
      const reply = own.shift()!;
      if (FAILURES.includes(reply)) r.botFailed(reply as FailureCode);
      else r.answer([reply]);
    } else return { sends, ending: a.ending, outcome: r.outcome() };
  }
}

describe('amazes with two bot seats: one game', () => {
  it('each move is applied once; each seat reads the bytes its jury sent it, as when it plays alone against the same moves', () => {
    const game = createGame(7);
    const p = playMatch(game, { red: leftHand, blue: rightHand });
    // 150 turns each, each answered once and played once.
    expect(p.answers.red).toHaveLength(150);
    expect(p.answers.blue).toHaveLength(150);
    expect(p.sends.red).toHaveLength(150);
    expect(p.sends.blue).toHaveLength(150);
    const snapshot = game.snapshot() as { red: { turns: number }; blue: { turns: number } };
    expect([snapshot.red.turns, snapshot.blue.turns]).toEqual([150, 150]);
    // Red's very first input starts with Start; nothing else does.
    expect(p.sends.red[0]![0]).toBe('Start');
    expect(p.sends.red.flat().filter((l) => l === 'Start')).toHaveLength(1);
    expect(p.sends.blue.flat()).not.toContain('Start');
    // Both after their 150th turn end on their own.
    expect(p.endings).toEqual({
      red: { kind: 'self-exit', reason: expect.stringMatching(/^Red has played its 150 turns/) },
      blue: { kind: 'self-exit', reason: expect.stringMatching(/^Blue has played its 150 turns/) },
    });
    const outcome = game.outcome();
    expect(outcome).toMatchObject({ finished: true, summary: expect.stringMatching(/^150 turns each: Red \d+, Blue \d+$/) });
    for (const seat of SEATS) {
      const alone = playAlone(7, seat, p);
      expect(p.sends[seat]).toEqual(alone.sends);
      expect(p.endings[seat]).toEqual(alone.ending);
      expect(outcome).toEqual(alone.outcome); // the outcome does not depend on which seats have bots
    }
  });

  it.each([
    ['red', 'a line of 257 steps', 'T'.repeat(257), 'too-many-steps'],
    ['blue', 'lowercase', 'ffl', 'bad-format'],
    ['red', 'a timeout', 'move-timeout', 'move-timeout'],
    ['blue', 'a crash', 'crash', 'crash'],
  ] as const)('%s fails on its turn 5 (%s): T for it from turn 5 to the end, once, in the one outcome; the other bot plays its 150 turns', (failing, _what, answer, code) => {
    const other = failing === 'red' ? 'blue' : 'red';
    const game = createGame(7);
    const p = playMatch(game, { red: leftHand, blue: rightHand, [failing]: failsAt(5, answer, failing === 'red' ? leftHand : rightHand) });
    expect(p.answers[failing]).toHaveLength(5);
    expect(p.sends[failing]).toHaveLength(5);
    expect(p.answers[other]).toHaveLength(150);
    expect(p.sends[other]).toHaveLength(150);
    if (!FAILURES.includes(answer)) {
      expect(p.judgements[failing]!.at(-1)).toMatchObject({ accepted: false, played: 'T', stopBot: true, violations: [{ code, ply: 5 }] });
    }
    expect(p.judgements[other]!.every((j) => j.accepted)).toBe(true);
    // The jury's T for the failed player is a move the other player sees: from turn 5 on, the
    // squared distance it is told follows the failed player's T, back and forth.
    const snapshot = game.snapshot() as Record<string, { turns: number; takenOver?: { code: string; turn: number } }>;
    expect(snapshot[failing]).toMatchObject({ turns: 150, takenOver: { code, turn: 5 } });
    expect(snapshot[other]!.takenOver).toBeUndefined();
    expect(p.endings[failing]).toMatchObject({ kind: 'stopped' });
    expect(p.endings[other]).toMatchObject({ kind: 'self-exit' });
    const outcome = game.outcome();
    const name = failing === 'red' ? 'Red' : 'Blue';
    expect(outcome.finished).toBe(true);
    expect(outcome.scores[failing]).toBe(0);
    expect(outcome.winner).toBe(other);
    // Said once, for the one player.
    expect(outcome.summary.match(/the jury played T for/g)).toHaveLength(1);
    expect(outcome.summary).toMatch(new RegExp(`^150 turns each: Red \\d+, Blue \\d+; the jury played T for ${name} from turn 5 \\(${code}\\), score 0$`));
    // The failed seat, alone against the other bot's moves, reads the same and ends in the same outcome.
    const alone = playAlone(7, failing, p);
    expect(p.sends[failing]).toEqual(alone.sends);
    expect(alone.ending.kind).toBe('stopped');
    expect(outcome).toEqual(alone.outcome);
  });

  it('both fail: the jury plays T for both to the end of the game', () => {
    const game = createGame(4);
    const p = playMatch(game, { red: failsAt(2, 'crash', leftHand), blue: failsAt(9, 'X', rightHand) });
    expect([p.answers.red.length, p.answers.blue.length]).toEqual([2, 9]);
    expect(p.endings).toEqual({ red: expect.objectContaining({ kind: 'stopped' }), blue: expect.objectContaining({ kind: 'stopped' }) });
    const outcome = game.outcome();
    expect(outcome).toMatchObject({ finished: true, scores: { red: 0, blue: 0 } });
    expect(outcome.winner).toBeUndefined();
    expect(outcome.summary).toMatch(/; the jury played T for Red from turn 2 \(crash\), score 0; the jury played T for Blue from turn 9 \(bad-format\), score 0$/);
  });

  it('sudden death: both players read Quit where their five lines would be, once', () => {
    const game = createGame(2);
    // Blue is the hunter, a bot that reads the real maze (the jury's instrument, played here by a bot seat).
    const hunter: Bot = () => hunterMove((game as unknown as { state: GameState }).state);
    const p = playMatch(game, { red: leftHand, blue: hunter });
    const outcome = game.outcome();
    expect(outcome.summary).toMatch(/^sudden death on Blue's turn \d+: Blue discovered all 625 squares and ended on Red's square/);
    expect(outcome).toMatchObject({ finished: true, winner: 'blue', scores: { red: 0 } });
    expect(p.answers.red.length).toBeLessThan(20);
    expect(p.endings).toEqual({
      red: { kind: 'quit', lines: ['Quit'], reason: expect.stringMatching(/^sudden death on Blue's turn \d+: the game is over before Red's turn \d+$/) },
      blue: { kind: 'quit', lines: ['Quit'], reason: expect.stringMatching(/^sudden death on Blue's turn \d+: the game is over before Blue's turn \d+$/) },
    });
  });

  it('goals are per seat: what that seat was told', () => {
    const game = createGame(5);
    // Blue is the chaser (reads the real maze, ends its turns on Red's square): Red is told 0, Blue never.
    const chaser: Bot = () => chaserMove((game as unknown as { state: GameState }).state);
    const p = playMatch(game, { red: leftHand, blue: chaser });
    expect(p.sends.red.filter((lines) => lines.at(-1) === '0').length).toBeGreaterThan(0);
    expect(p.sends.blue.filter((lines) => lines.at(-1) === '0')).toEqual([]);
    expect(game.reached('red')).toContain('caught');
    expect(game.reached('blue')).not.toContain('caught');
    for (const seat of SEATS) expect(game.reached(seat)).toContain('turn-limit');
  });

  it('quit(): Quit to each bot still playing; a taken-over seat is already stopped', () => {
    const game = createGame(5);
    expect(game.next()).toMatchObject({ type: 'send', seat: 'red' });
    expect(game.next()).toMatchObject({ type: 'await', seat: 'red' });
    game.answer('red', ['x']);
    expect(game.next()).toMatchObject({ type: 'send', seat: 'blue' });
    expect(game.quit()).toEqual({
      red: { kind: 'stopped', reason: 'the jury had already taken over the bot' },
      blue: { kind: 'quit', reason: 'the jury ends the game', lines: ['Quit'] },
    });
    expect(game.outcome().finished).toBe(false);
  });

  it('a seat the jury moves is one without a bot: move() for a bot seat, or answer() for a seat not awaited, is a harness bug', () => {
    const game = createGame(5, ['blue']);
    expect(game.next()).toMatchObject({ type: 'move', seat: 'red', ply: 1 });
    expect(() => game.move('blue', undefined)).toThrow(/not the turn of that seat without a bot/);
    expect(() => game.answer('blue', ['F'])).toThrow(/does not await that seat/);
    expect(game.move('red', 'T')).toBe('T');
  });
});

// ---- the CLI: botjury match amazes, processes and all ----

async function match(args: string[], bots: string[][]): Promise<{ code: number; report: MatchReport; out: string }> {
  const file = path.join(scratchDir('botjury-amazes-match-'), 'match.json');
  const r = await runCli(['match', 'amazes', ...args, '--reporter', 'console', '--reporter', `json=${file}`, ...bots.flatMap((b) => ['--', ...b])], { timeoutMs: 240_000 });
  try {
    return { code: r.code, report: JSON.parse(readFileSync(file, 'utf8')) as MatchReport, out: r.stdout + r.stderr };
  } catch {
    throw new Error(`no match report (exit ${r.code}): ${r.stderr}${r.stdout}`);
  }
}
const PY = ['python3', 'examples/amazes/python/bot.py'];
const JS = ['node', 'examples/amazes/js/bot.js'];
const jury = (t: { dir: string; text: string }[]) => t.filter((e) => e.dir === 'jury').map((e) => e.text);
const answers = (t: { dir: string; text: string }[]) => t.filter((e) => e.dir === 'bot').map((e) => e.text);

describe('botjury match amazes', () => {
  it('the example bots: one game of 150 turns each; Red reads Start first; each seat reads what it would read alone against the same moves', async () => {
    const { code, report } = await match(['--games', '1', '--seed', '6'], [PY, JS]);
    expect(code).toBe(0);
    const g = report.games[0]!;
    const [red, blue] = ['red', 'blue'].map((role) => g.seats.find((s) => s.role === role)!.run!);
    expect([red!.violations, blue!.violations]).toEqual([[], []]);
    expect([red!.timing.replies, blue!.timing.replies]).toEqual([150, 150]);
    expect(red!.outcome).toEqual(blue!.outcome);
    expect(g.outcome!.summary).toMatch(/^150 turns each: Red \d+, Blue \d+$/);
    expect(jury(red!.transcript)[0]).toBe('Start');
    expect(jury(red!.transcript)).toHaveLength(1 + 150 * 5);
    expect(jury(blue!.transcript)).toHaveLength(150 * 5);
    expect(jury(blue!.transcript)).not.toContain('Start');
    // Blue's seat alone (`run`, same seed), Red's moves scripted as Red's bot played them in the match:
    // the same bytes, turn for turn.
    const steps = answers(red!.transcript).flatMap((move) => [`  - opponent: ${move}`, '  - bot: any']);
    const file = path.join(scratchDir('botjury-amazes-alone-'), 'blue.yaml');
    writeFileSync(file, ['game: amazes', 'role: blue', `seed: "${g.seed}"`, 'steps:', ...steps, ''].join('\n'));
    const alone = await runCli(['run', file, '--reporter', 'json', '--', ...JS], { timeoutMs: 120_000 });
    const run = (JSON.parse(alone.stdout) as { results: { status: string; transcript: { dir: string; text: string }[]; outcome: unknown }[] }).results[0]!;
    expect(run.status).toBe('passed');
    expect(jury(run.transcript)).toEqual(jury(blue!.transcript));
    expect(answers(run.transcript)).toEqual(answers(blue!.transcript));
    expect(run.outcome).toEqual(g.outcome);
  });

  it('a broken bot: its verdict, T for its player to the end, the same outcome from both seats, the other bot all 150 turns', async () => {
    const { code, report } = await match(['--games', '2', '--seed', '2'], [['python3', 'examples/amazes/broken/too-many-steps.py'], PY]);
    expect(code).toBe(1);
    for (const g of report.games) {
      const broken = g.seats.find((s) => s.bot === 0)!;
      const good = g.seats.find((s) => s.bot === 1)!;
      const name = broken.role === 'red' ? 'Red' : 'Blue';
      expect(broken.run!.violations.map((v) => [v.code, v.ply])).toEqual([['too-many-steps', 3]]);
      expect(good.run!.violations).toEqual([]);
      expect(broken.run!.timing.replies).toBe(3);
      expect(good.run!.timing.replies).toBe(150);
      // The jury wrote nothing more to the broken bot after its third turn.
      expect(jury(broken.run!.transcript)).toHaveLength((broken.role === 'red' ? 1 : 0) + 3 * 5);
      for (const s of [broken, good]) {
        expect(s.run!.outcome).toEqual(g.outcome);
      }
      expect(g.outcome!.finished).toBe(true);
      expect(g.outcome!.summary).toMatch(new RegExp(`^150 turns each: Red \\d+, Blue \\d+; the jury played T for ${name} from turn 3 \\(too-many-steps\\), score 0$`));
      expect([broken.points, broken.result, good.result]).toEqual([0, 'loss', 'win']);
    }
  });
});
