// A fast bot's answer is often in the pipe before botjury is back in its event loop (it arrives while
// the write's system call wakes the bot). The seat reads the pipe once before its first sleep, so such
// an answer is stamped then, not a loop turn later (~15 µs on a 2-core VM: docs/timing.md).
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BotProcess } from '../../harness/core/bot-process.js';
import type { AnswerRequest } from '../../harness/core/game.js';
import { resolveLimits } from '../../harness/core/profile.js';
import { Seat } from '../../harness/core/seat.js';
import { ROOT, scratchDir } from '../helpers.js';

const cwd = scratchDir('botjury-early-look-');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const request: AnswerRequest = { ply: 1, label: 'the answer', lines: 1, timer: 'move', maxLineBytes: 64, unaskedLines: 'discard' };

describe('the first look before sleeping', () => {
  it('an answer already in the pipe is taken and stamped without a turn of the event loop', async () => {
    // cat answers each line at once with read(2)/write(2); it is back in read() only after writing.
    const bot = await BotProcess.start({ argv: ['cat'] }, { cwd, invokedFrom: ROOT }, () => undefined);
    const seat = new Seat(bot, { argv: ['cat'] }, resolveLimits({ name: 't', description: '', limits: { moveMs: 60_000 } }), false, () => undefined, () => undefined);
    try {
      for (let i = 0; i < 5; i++) {
        seat.write([`ping ${i}`]);
        // Without returning to the event loop: wait until cat reads again, so its answer is in the pipe.
        const giveUp = process.hrtime.bigint() + 10_000_000_000n;
        let answered = false;
        while (!answered && process.hrtime.bigint() < giveUp) answered = bot.stdinWait()?.waitingOnStdin === true;
        expect(answered, 'cat did not answer within 10 s').toBe(true);
        let loopTurned = false;
        const timer = setTimeout(() => (loopTurned = true), 0); // due at once: the next loop turn runs it first
        const got = await seat.collect(request, undefined);
        clearTimeout(timer);
        expect(got).toMatchObject({ lines: [`ping ${i}`] });
        expect(loopTurned, `answer ${i} waited for the event loop`).toBe(false);
      }
    } finally {
      await seat.stop();
    }
  });
});
