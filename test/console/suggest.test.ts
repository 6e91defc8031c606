// The "did you mean" helper everyone uses for names people type.
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance, unknownName } from '../../harness/cli/suggest.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('alquerque', 'alquerque')).toBe(0);
    expect(editDistance('alquerqe', 'alquerque')).toBe(1);
    expect(editDistance('rloe', 'role')).toBe(1);
    expect(editDistance('jsn', 'json')).toBe(1);
    expect(editDistance('E3-D4', 'e3-d4')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('stays cheap on hostile input', () => {
    expect(editDistance('x'.repeat(1_000_000), 'y'.repeat(1_000_000))).toBe(64);
  });
});

describe('closest', () => {
  it('prefers an exact match ignoring case, then a prefix, then the fewest edits', () => {
    expect(closest('E3-D4', ['e3-d4', 'e3-e4'])).toEqual(['e3-d4', 'e3-e4']);
    expect(closest('rol', ['reporter', 'role', 'profile'])).toEqual(['role']);
    expect(closest('jsn', ['console', 'json', 'tap', 'junit', 'html'])).toEqual(['json']);
    expect(closest('chess', ['alquerque', 'amazes', 'snakecore'])).toEqual([]);
    // When nothing is that close, a third of the length rounded: two edits in five letters, one in four.
    expect(closest('plys', ['until', 'plies', 'withinMs'])).toEqual(['plies']);
    expect(closest('tye', ['end', 'tie', 'quit'])).toEqual(['tie']);
    expect(closest('abcd', ['abxy'])).toEqual([]);
    // ...never beside a nearer one.
    expect(closest('rolle', ['role', 'rule', 'seed'])).toEqual(['role']);
    expect(closest('tei', ['tie', 'their'])).toEqual(['tie']);
    // ...and only with the same first two letters.
    expect(closest('speed', ['send', 'bot', 'play'])).toEqual([]);
  });
  it('phrases the suggestion', () => {
    expect(didYouMean('--rol'.slice(2), ['role', 'reporter'], (n) => `--${n}`)).toBe(' (did you mean --role?)');
    expect(didYouMean('zzz', ['role'])).toBe('');
    expect(unknownName('game', 'alquerqe', ['alquerque', 'amazes'])).toBe("unknown game 'alquerqe' (did you mean alquerque?); games: alquerque, amazes");
  });
});
