// The seat (harness/core/seat.ts), driven by a fake bot (test/fakes/fake-bot.ts): the clock, excuses,
// exits and the start-up order, with arrival stamps that are exact by construction — so these verdicts
// do not depend on how loaded the machine running the tests is.
import { describe, expect, it } from 'vitest';
import type { AnswerRequest } from '../../harness/core/game.js';
import { resolveLimits, type JuryProfile, type Tolerances } from '../../harness/core/profile.js';
import { Seat } from '../../harness/core/seat.js';
import { finishViolation, type Violation, type ViolationDraft } from '../../harness/core/violations.js';
import { FakeBot, type FakeBehaviour } from '../fakes/fake-bot.js';

const request = (over: Partial<AnswerRequest> = {}): AnswerRequest => ({ ply: 1, label: 'the answer', lines: 1, timer: 'move', maxLineBytes: 64, unaskedLines: 'discard', ...over });

function seatWith(behaviour: FakeBehaviour, limits: JuryProfile['limits'], tolerates: Tolerances = {}) {
  const bot = new FakeBot(behaviour);
  const violations: Violation[] = [];
  const report = (draft: ViolationDraft): void => void violations.push(finishViolation(draft, 0));
  const seat = new Seat(bot, { argv: ['fake'] }, resolveLimits({ name: 't', description: '', limits }), false, report, () => undefined, tolerates);
  return { bot, seat, violations };
}

const replyAfter = (ms: number, line = 'N'): FakeBehaviour => () => [{ line, afterMs: ms }];

describe('a seat, against a fake bot', () => {
  it('an answer in time: the lines, and its wall time from the write to the stamp', async () => {
    const { seat, violations } = seatWith(replyAfter(20), { moveMs: 100 });
    seat.write(['go']);
    const got = await seat.collect(request(), undefined);
    expect(got).toMatchObject({ lines: ['N'] });
    expect(violations).toEqual([]);
    expect(seat.replies[0]!.wallMs).toBeGreaterThanOrEqual(20);
    expect(seat.replies[0]!.wallMs).toBeLessThan(21);
    await seat.stop();
  });

  it('the sample that closes an answer lists the bot\'s threads anew when the answer came near a threshold (its evidence may decide), not otherwise', async () => {
    // moveMs 100: watched from 80 ms (a close call's share of the limit).
    for (const [ms, reused] of [[20, true], [79, true], [85, false], [120, false]] as const) {
      const { bot, seat } = seatWith(replyAfter(ms), { moveMs: 100 });
      seat.write(['go']);
      await seat.collect(request(), undefined);
      expect(bot.schedReuse[bot.schedReuse.length - 1], `an answer after ${ms} ms`).toBe(reused);
      await seat.stop();
    }
  });

  it('a bot running one line behind (queue) whose last answer comes after the end: its one spare line is one verdict, not a second after the end', async () => {
    let turn = 0;
    // Two lines to the first message (N, then a spare L); one to each after, the last after the game's end.
    const { bot, seat, violations } = seatWith(() => (turn++ === 0 ? [{ line: 'N', afterMs: 1 }, { line: 'L', afterMs: 2 }] : [{ line: 'N', afterMs: 40 }]), { moveMs: 1000 });
    const queued = request({ unaskedLines: 'queue' });
    seat.write(['turn 1']);
    await seat.collect(queued, undefined);
    await new Promise((r) => setTimeout(r, 20));
    seat.reportUnaskedLines('before the jury wrote its next message', false);
    seat.write(['turn 2']);
    await seat.collect({ ...queued, ply: 2 }, undefined); // the stale L, at once
    seat.reportUnaskedLines('after its last answer', true);
    seat.endOfGame(false);
    await new Promise((r) => setTimeout(r, 60)); // the bot's answer to turn 2 arrives after the end
    expect(bot.afterEnd.lines).toBe(1);
    await seat.expectExit({ code: null, sinceNs: process.hrtime.bigint(), reason: 'the game ended', graceMs: 10 });
    expect(violations.map((v) => [v.code, v.severity, v.ply])).toEqual([['extra-output', 'error', 1]]);
    await seat.stop();
  });

  it('an answer stamped 0.3 ms after the deadline, with nothing measured to excuse it: move-timeout', async () => {
    const { seat, violations } = seatWith(replyAfter(100.3), { moveMs: 100 });
    seat.write(['go']);
    const got = await seat.collect(request(), undefined);
    expect(got).toEqual({ failed: 'move-timeout' });
    expect(violations.map((v) => [v.code, v.severity])).toEqual([['move-timeout', 'error']]);
    await seat.stop();
  });

  it('...but with the bot shown to have waited 0.5 ms for a CPU, it is accepted and warned as late-excused, with the figures', async () => {
    const { bot, seat, violations } = seatWith(replyAfter(100.3), { moveMs: 100 });
    seat.write(['go']);
    bot.queuedNs = 500_000n; // what /proc/<bot>/task/*/schedstat would show: 0.5 ms runnable, not running
    const got = await seat.collect(request(), undefined);
    expect(got).toMatchObject({ lines: ['N'] });
    expect(violations.map((v) => [v.code, v.severity])).toEqual([['late-excused', 'warning']]);
    expect(violations[0]!.evidence).toMatchObject({ limitMs: 100, botQueuedMs: 0.5 });
    expect(violations[0]!.message).toMatch(/over the limit of 100 ms; .* measured as the machine's/);
    expect(seat.replies[0]).toMatchObject({ excusedByLoad: true });
    await seat.stop();
  });

  it('an answer 0.3 ms late that botjury, busy, stamped 0.6 ms later still: move-timeout (the busy time moves the stamp back to the arrival, no further)', async () => {
    const { bot, seat, violations } = seatWith(replyAfter(100.3), { moveMs: 100 });
    bot.stampLateByMs = 0.6;
    seat.write(['go']);
    expect(await seat.collect(request(), undefined)).toEqual({ failed: 'move-timeout' });
    expect(violations.map((v) => v.code)).toEqual(['move-timeout']);
    await seat.stop();
  });

  it('an answer in time that botjury, busy, stamped after the deadline: accepted, warned as late-excused with the stamp delay', async () => {
    const { bot, seat, violations } = seatWith(replyAfter(99.5), { moveMs: 100 });
    bot.stampLateByMs = 0.8;
    seat.write(['go']);
    expect(await seat.collect(request(), undefined)).toMatchObject({ lines: ['N'] });
    expect(violations.map((v) => [v.code, v.severity])).toEqual([['late-excused', 'warning']]);
    const evidence = violations[0]!.evidence as { ownMs: number; stampDelayMs: number };
    expect(evidence.ownMs).toBeLessThanOrEqual(100);
    expect(evidence.stampDelayMs).toBeGreaterThan(0);
    await seat.stop();
  });

  it("an answer in time, not yet stamped by the busy thread when the jury's deadline look comes (the loop ran the deadline's timer first): the look reads it, accepted as late-excused", async () => {
    // CI, stop 46: under load the deadline's timer ran in the same loop turn as, and before, the
    // answer's arrival; the fake's look then found the line waiting for the busy thread and answered
    // "nothing there" (move-timeout). A real look reads the pipe and stamps what is in it.
    const { bot, seat, violations } = seatWith(replyAfter(99.5), { moveMs: 100 });
    bot.stampLateByMs = 5;
    bot.timersLateByMs = 3; // the answer's arrival is still due at 99.5 ms: the jury's first look after it finds it
    seat.write(['go']);
    expect(await seat.collect(request(), undefined)).toMatchObject({ lines: ['N'] });
    // Usually the deadline's look finds it (late-excused); a jury woken late before the deadline finds it
    // in time (no verdict). Never a timeout.
    expect(violations.map((v) => [v.code, v.severity])).toEqual(seat.replies[0]!.wallMs > 100 ? [['late-excused', 'warning']] : []);
    if (violations.length > 0) expect((violations[0]!.evidence as { ownMs: number }).ownMs).toBeLessThanOrEqual(100);
    await seat.stop();
  });

  it('a jury held up past the deadline (its event loop blocked) judges the answer by its stamp: in time is in time', async () => {
    const { seat, violations } = seatWith(replyAfter(99.5), { moveMs: 100 });
    seat.write(['go']);
    const until = process.hrtime.bigint() + 105_000_000n;
    while (process.hrtime.bigint() < until); // botjury busy elsewhere past the deadline (GC, another seat)
    expect(await seat.collect(request(), undefined)).toMatchObject({ lines: ['N'] });
    expect(violations.filter((v) => v.severity === 'error')).toEqual([]);
    await seat.stop();
  });

  it("withinMs is judged on the same evidence: a stamp over it by botjury's busy time alone is no verdict, a late answer is", async () => {
    for (const [afterMs, verdicts] of [[49.5, []], [50.3, ['move-timeout']]] as const) {
      const { bot, seat, violations } = seatWith(replyAfter(afterMs), { moveMs: 1000 });
      bot.stampLateByMs = 0.8;
      seat.write(['go']);
      await seat.collect(request(), 50);
      expect(violations.map((v) => v.code)).toEqual([...verdicts]);
      await seat.stop();
    }
  });

  it('a bot that sleeps past the limit gets its verdict whatever it was excused for: the excuse never exceeds what was measured', async () => {
    const { bot, seat, violations } = seatWith(replyAfter(130), { moveMs: 100 });
    seat.write(['go']);
    bot.queuedNs = 5_000_000n; // 5 ms in the run queue excuses 5 ms, not 30
    expect(await seat.collect(request(), undefined)).toEqual({ failed: 'move-timeout' });
    expect(violations.map((v) => v.code)).toEqual(['move-timeout']);
    await seat.stop();
  });

  it('a bot that exits while its answer is due: early-exit (status 0) or crash (status 1)', async () => {
    for (const [code, verdict] of [[0, 'early-exit'], [1, 'crash']] as const) {
      const { seat, violations } = seatWith(() => ({ exitAfterMs: 5, code }), { moveMs: 100 });
      seat.write(['go']);
      expect(await seat.collect(request(), undefined)).toEqual({ failed: verdict });
      expect(violations.map((v) => [v.code, v.severity])).toEqual([[verdict, 'error']]);
      await seat.stop();
    }
  });

  it("...a warning, saying why, where the profile's jury let a player that is out of the game leave", async () => {
    const tolerates = { exitWhenOut: 'the engine reads nothing more from it' };
    const { seat, violations } = seatWith(() => ({ exitAfterMs: 5, code: 0 }), { moveMs: 100 }, tolerates);
    seat.write(['go']);
    expect(await seat.collect(request({ outOfGame: 'its player fell (by T=4)' }), undefined)).toEqual({ failed: 'early-exit' });
    expect(violations.map((v) => [v.code, v.severity])).toEqual([['early-exit', 'warning']]);
    expect(violations[0]!.message).toMatch(/after its player fell \(by T=4\): the engine reads nothing more from it/);
    await seat.stop();
  });

  it("start-up awaited in turn (JavaChallenge2015's READY): the clock starts when the jury starts waiting for this bot", async () => {
    // The bot prints READY 1.3 s after its own start; the jury started waiting for it 0.6 s after that
    // start (it waited for player 0 first): 0.7 s into this wait, within 1 s.
    const inTurn = seatWith(() => 'silent', { startupMs: 1000, startupClockFrom: 'await' });
    const fromStart = seatWith(() => 'silent', { startupMs: 1000 });
    for (const { bot } of [inTurn, fromStart]) bot.sayAt('READY', 1300);
    await new Promise((r) => setTimeout(r, 600));
    const handshake = request({ timer: 'startup', handshake: { token: 'READY' }, ply: 0 });
    const [a, b] = await Promise.all([inTurn.seat.collect(handshake, undefined), fromStart.seat.collect(handshake, undefined)]);
    expect(a).toMatchObject({ lines: ['READY'] });
    expect(inTurn.violations).toEqual([]);
    // Counted from its own start, the same READY is 1.3 s late by 0.3 s.
    expect(b).toEqual({ failed: 'handshake-timeout' });
    await inTurn.seat.stop();
    await fromStart.seat.stop();
  });
});
