// Real CodeCup 2008 disqualifications (test/fixtures/alquerque-records/, from archive.codecup.nl):
// scenarios rebuilt from the game records, played by a bot that replays the disqualified player's
// recorded moves, must flag the same ply the jury did, with the jury's reason, and nothing earlier.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runJson } from '../helpers.js';

const DIR = path.join(ROOT, 'test/fixtures/disputes');
const cases = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).map((file) => {
  const record = readFileSync(path.join(ROOT, 'test/fixtures/alquerque-records', file.replace('.yaml', '.txt')), 'utf8');
  const text = readFileSync(path.join(DIR, file), 'utf8');
  return {
    file,
    ply: Number(/# disqualified-ply: (\d+)/.exec(record)![1]),
    juryMessage: /disqualified: (.*)/.exec(record)![1]!,
    botMoves: [...text.matchAll(/- bot: (\S+)/g)].map((m) => m[1]!),
  };
});

describe('real CodeCup 2008 disqualifications', () => {
  it('has the four records', () => expect(cases.length).toBe(4));
  it.each(cases)('$file: illegal-move at ply $ply, as the jury ruled, and no earlier verdict', async ({ file, ply, juryMessage, botMoves }) => {
    const { code, report } = await runJson(['run', `test/fixtures/disputes/${file}`, '--', 'python3', 'test/fixtures/bots/replay.py', ...botMoves]);
    const v = report.results[0]!.violations.filter((x) => x.severity === 'error');
    expect(v.map((x) => [x.code, x.ply])).toEqual([['illegal-move', ply]]);
    // At least as precise as the jury: the jury's own words lead our message.
    expect(v[0]!.message.startsWith(juryMessage.replace(/ \(or some other strike\)\.$|\.$/, ''))).toBe(true);
    expect(v[0]!.actual).toBe(botMoves[botMoves.length - 1]);
    expect(code).toBe(1);
  });
});
