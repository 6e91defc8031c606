// Scenario regular expressions cannot hang botjury: checked when the scenario loads (length, nested
// quantifiers, backreferences), subjects capped, and every match run with a hard time bound.
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../harness/core/game.js';
import { MAX_PATTERN_LENGTH, MAX_SUBJECT_LENGTH, matchesPattern, matchPattern, matchesHandedToWorker, patternProblem } from '../../harness/core/safe-regex.js';
import { runCli } from '../helpers.js';
import { expectRefused } from './hostile.js';

describe('patternProblem', () => {
  it('accepts the patterns scenarios use', () => {
    for (const p of ['\\*', '^R', '^[a-g][1-7]-[a-g][1-7]$', '^(READY|Ready)$', '^(?:[a-g][1-7]\\*)+[a-g][1-7]$', '\\d{1,3}', '(ab){2}', '^.*$'])
      expect(patternProblem(p), p).toBeUndefined();
  });
  it('refuses nested quantifiers, backreferences, invalid and over-long patterns', () => {
    expect(patternProblem('^(a+)+$')?.message).toMatch(/nested quantifier at column 6/);
    expect(patternProblem('((a|b)*c)*')?.message).toMatch(/nested quantifier/);
    expect(patternProblem('(x{2,})+')?.message).toMatch(/nested quantifier/);
    expect(patternProblem('(a)\\1')?.message).toMatch(/backreferences are not allowed/);
    expect(patternProblem('(?<n>a)\\k<n>')?.message).toMatch(/backreferences/);
    expect(patternProblem('(a')?.message).toMatch(/not a valid regular expression/);
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))?.message).toMatch(/at most 256/);
    // Escaped and bracketed characters are not groups or quantifiers.
    expect(patternProblem('\\(a+\\)+')).toBeUndefined();
    expect(patternProblem('[(]a+[)]+')).toBeUndefined();
  });
});

describe('matchesPattern', () => {
  it('matches like RegExp.test', () => {
    expect(matchesPattern('^c3-d4$', 'c3-d4')).toBe(true);
    expect(matchesPattern('\\*', 'c3-d4')).toBe(false);
  });
  it('never matches a subject over the cap', () => {
    expect(matchesPattern('a', 'a'.repeat(MAX_SUBJECT_LENGTH + 1))).toBe(false);
  });
  it('matchPattern, for answers while bots run, gives the same results without blocking the event loop', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    // The event loop keeps turning while the worker is stuck in a catastrophic pattern.
    const handed = matchesHandedToWorker();
    await expect(matchPattern('^(a|a)*$', `${'a'.repeat(40)}!`)).rejects.toThrow(ScenarioError);
    expect(matchesHandedToWorker()).toBe(handed + 1); // over 2 ms: handed to the worker
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(100);
    await expect(matchPattern('^c3-d4$', 'c3-d4')).resolves.toBe(true);
    await expect(matchPattern('\\*', 'c3-d4')).resolves.toBe(false);
    await expect(matchPattern('a', 'a'.repeat(MAX_SUBJECT_LENGTH + 1))).resolves.toBe(false);
  });
  it('a quick match starts no thread (a worker costs ~30 ms of CPU; only a match that outlasts 2 ms gets one)', async () => {
    const before = matchesHandedToWorker();
    for (let i = 0; i < 20; i++) await expect(matchPattern('^[a-g][1-7]([-*][a-g][1-7])+$', 'c3*e5*c7')).resolves.toBe(true);
    expect(matchesPattern('^c3-d4$', 'c3-d4')).toBe(true);
    expect(matchesHandedToWorker()).toBe(before);
  });
  it('stops a catastrophic match the load check lets through, as a scenario error, and keeps working', () => {
    expect(patternProblem('^(a|a)*$')).toBeUndefined(); // overlap without nesting: only the time bound catches it
    expect(() => matchesPattern('^(a|a)*$', `${'a'.repeat(40)}!`)).toThrow(ScenarioError);
    expect(matchesPattern('^a+$', 'aaa')).toBe(true);
  });
});

describe('scenario files', () => {
  it('a nested quantifier in bot: { matches } is a one-line file:line:col error', async () => {
    expectRefused(await runCli(['validate', 'test/fixtures/security/regex-nested.yaml']), /^test\/fixtures\/security\/regex-nested\.yaml:4:21: steps\.0\.bot\.matches: nested quantifier/m);
  });
  it('a backreference in expect: { matches } too', async () => {
    expectRefused(await runCli(['validate', 'test/fixtures/security/regex-backreference.yaml']), /regex-backreference\.yaml:4:24: steps\.0\.expect\.matches: backreferences/);
  });
});
