// The line printed for each game as it ends (harness/match/report.ts): alike verdicts of one bot are
// grouped, as the console groups them elsewhere — twenty bad lines are one note, not twenty.
import { describe, expect, it } from 'vitest';
import { gameLine } from '../../harness/match/report.js';
import type { MatchGame } from '../../harness/match/match.js';

const verdict = (code: string, ply?: number) => ({ code, severity: 'error', message: code, ...(ply !== undefined ? { ply } : {}) });

describe('a game line', () => {
  it('groups one bot\'s alike verdicts with their count and plies, and keeps the others apart', () => {
    const game = {
      index: 0,
      outcome: { summary: 'White wins' },
      seats: [
        { bot: 0, role: 'white', result: 'win', run: { violations: [] } },
        { bot: 1, role: 'black', result: 'loss', run: { violations: [verdict('bad-format', 3), verdict('bad-format', 9), verdict('bad-format', 41), verdict('crash', 42), verdict('no-self-exit'), verdict('no-self-exit')] } },
      ],
    } as unknown as MatchGame;
    expect(gameLine(game, ['A', 'B'], 2)).toBe('game 1/2: A (white) 1 · B (black) 0 — White wins [B: bad-format ×3 at plies 3–41; B: crash at ply 42; B: no-self-exit ×2]');
  });
});
