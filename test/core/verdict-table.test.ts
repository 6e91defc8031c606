// docs/verdicts.md, the table of every violation code under every jury profile, held against the code:
// a row per code, limit-dependent cells as the profiles' limits say, tolerated warnings as the profiles'
// `tolerates` say, and a test that fires each code.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameDefinition } from '../../harness/core/game.js';
import type { JuryProfile } from '../../harness/core/profile.js';
import { VIOLATION_CODES } from '../../harness/core/violations.js';
import { BUILT_IN_GAMES } from '../../harness/games/registry.js';
import { ROOT } from '../helpers.js';

const COLUMNS: [game: string, profile: string][] = [
  ['alquerque', 'codecup2008'], ['amazes', 'codecup2010'], ['on-the-run', 'codecup2007'], ['snakecore', 'tournament2008'], ['javachallenge2015', 'engine'], ['javachallenge2015', 'rules'],
];

interface Row { code: string; cells: string[]; provenBy: string }

function rows(): Row[] {
  const text = readFileSync(path.join(ROOT, 'docs/verdicts.md'), 'utf8');
  return text.split('\n').filter((l) => /^\| `[a-z-]+` \|/.test(l)).map((l) => {
    const cells = l.split('|').slice(1, -1).map((c) => c.trim());
    return { code: cells[0]!.replace(/`/g, ''), cells: cells.slice(1, 1 + COLUMNS.length), provenBy: cells[cells.length - 1]! };
  });
}

const profileOf = ([game, name]: [string, string]): JuryProfile => {
  const g = BUILT_IN_GAMES.find((x) => x.id === game) as GameDefinition;
  const p = g.profiles[name];
  if (!p) throw new Error(`${game} has no profile ${name}`);
  return p;
};

/** The severity word of a cell ('error ³' → 'error'). */
const word = (cell: string): string => cell.split(/\s/)[0]!;

describe('docs/verdicts.md', () => {
  const table = rows();
  const cell = (code: string, column: number): string => word(table.find((r) => r.code === code)!.cells[column]!);

  it('has one row per violation code, and a column per built-in profile', () => {
    expect(table.map((r) => r.code).sort()).toEqual(Object.keys(VIOLATION_CODES).sort());
    for (const r of table) expect(r.cells.map(word).every((w) => ['error', 'warning', '—'].includes(w)), r.code).toBe(true);
    for (const c of COLUMNS) expect(() => profileOf(c)).not.toThrow();
  });

  it('checks a limit exactly where the profile sets it', () => {
    COLUMNS.forEach((column, i) => {
      const limits = profileOf(column).limits;
      expect(cell('handshake-timeout', i) === '—', `${column} startupMs`).toBe(limits.startupMs === undefined);
      expect(cell('move-timeout', i) === '—', `${column} moveMs`).toBe(limits.moveMs === undefined);
      expect(cell('total-time-exceeded', i) === '—', `${column} totalMs`).toBe(limits.totalMs === undefined);
      expect(cell('memory-limit', i) === '—', `${column} memoryMb`).toBe(!limits.memoryMb);
      expect(cell('output-flood', i) === '—', `${column} never stops a bot for writing`).toBe(limits.unreadLines === 'block' && limits.longLines === 'keep-head');
      expect(cell('stderr-output', i), `${column} stderr per turn`).toBe(limits.stderrTurnLimitBytes !== undefined ? 'error' : 'warning');
    });
  });

  it('says warning where, and only where, the profile tolerates it (the notes of the table)', () => {
    COLUMNS.forEach((column) => {
      const t = profileOf(column).tolerates ?? {};
      // Notes 3 and 5: output and exit status after the end are warnings under every profile.
      expect(t.outputAfterEnd, `${column} outputAfterEnd`).toBeTruthy();
      expect(t.exitStatusAfterEnd, `${column} exitStatusAfterEnd`).toBeTruthy();
      // Note 4: only JavaChallenge2015 has players that are out of the game while their bot still plays.
      expect(Boolean(t.exitWhenOut), `${column} exitWhenOut`).toBe(column[0] === 'javachallenge2015');
    });
  });

  it("has each row proven by a test that exists and fires that code", () => {
    for (const r of table) {
      const file = path.join(ROOT, r.provenBy);
      expect(existsSync(file), `${r.code}: ${r.provenBy}`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${r.code} in ${r.provenBy}`).toContain(`'${r.code}'`);
    }
  });
});
