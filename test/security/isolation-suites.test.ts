// --isolate changes where a bot runs, never how it is judged: every game's built-in suite gives the
// same verdicts with and without it, for the correct example bot and for a broken one (a verdict
// that rests on /proc — unflushed output, peak memory — or on the bot's exit), and JavaChallenge2015
// bots read the same bytes.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isolationTestProblem, runJson, type Report } from '../helpers.js';

const IN_CI = !!process.env.CI;
const PROBLEM = isolationTestProblem();
if (PROBLEM && !IN_CI) console.warn(`isolation suite tests skipped: ${PROBLEM} (.ci/run installs bubblewrap; in CI these tests fail instead)`);
/**
 * The system's Python: botjury as root runs a sandboxed bot as nobody, who cannot run a python3 that
 * lives in root's home (a pyenv shim); --isolate says so and exits 2.
 */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/**
 * Per scenario run: its status and verdicts (code, severity, ply). Timing warnings aside, which depend
 * on the machine's load; and the ply of memory-limit, which depends on when a 50 ms sample first saw
 * the peak (with or without --isolate).
 */
function verdicts(report: Report): string[] {
  return report.results.map((r) => {
    const found = r.violations.filter((v) => v.code !== 'near-limit' && v.code !== 'late-excused').map((v) => `${v.severity} ${v.code}@${v.code === 'memory-limit' ? 'sampled' : v.ply ?? '-'}`);
    return `${r.scenario} [${r.role}] ${r.status}: ${found.join(', ')}`;
  });
}

const SUITES: { game: string; correct: string[]; broken: string[]; brokenCodes: string[] }[] = [
  { game: 'alquerque', correct: ['examples/alquerque/c/build/bot'], broken: ['examples/alquerque/broken/build/memory-hog'], brokenCodes: ['memory-limit'] },
  { game: 'amazes', correct: ['examples/amazes/c/build/bot'], broken: [PYTHON, 'examples/amazes/broken/unflushed.py'], brokenCodes: ['unflushed-output'] },
  { game: 'javachallenge2015', correct: ['examples/javachallenge2015/c/build/bot'], broken: [PYTHON, 'examples/javachallenge2015/broken/unflushed-ready.py'], brokenCodes: ['unflushed-output'] },
  { game: 'on-the-run', correct: ['examples/on-the-run/c/build/bot'], broken: ['examples/on-the-run/broken/build/unflushed'], brokenCodes: ['unflushed-output'] },
  { game: 'snakecore', correct: ['examples/snakecore/c/build/bot'], broken: [PYTHON, 'examples/snakecore/broken/exits-early.py'], brokenCodes: ['early-exit'] },
];

describe.skipIf(PROBLEM !== null && !IN_CI)('every suite judges a bot alike with and without --isolate', () => {
  for (const s of SUITES) {
    for (const kind of ['correct', 'broken'] as const) {
      it(`${s.game}: the ${kind} example bot`, async () => {
        const bot = s[kind];
        // Side by side: the broken bots mostly wait out timeouts.
        const [plain, isolated] = await Promise.all([runJson(['check', s.game, '--', ...bot]), runJson(['check', s.game, '--isolate', '--', ...bot])]);
        expect(plain.code, plain.stderr).toBe(kind === 'correct' ? 0 : 1);
        expect(isolated.code, isolated.stderr).toBe(plain.code);
        expect(verdicts(isolated.report)).toEqual(verdicts(plain.report));
        if (kind === 'broken') for (const code of s.brokenCodes) expect(verdicts(isolated.report).join('\n')).toContain(` ${code}@`);
        if (kind === 'correct') expect(isolated.report.summary.failed).toBe(0);
      });
    }
  }

  it('javachallenge2015: a bot reads the same bytes in every scenario', async () => {
    const bot = [PYTHON, 'test/fixtures/bots/javachallenge2015-reads.py'];
    const reads = (report: Report): string[] => report.results.map((r) => `${r.scenario} [${r.role}]: ${/read \d+ bytes, sha256 [0-9a-f]{64}/.exec((r as { stderr?: { head?: string } }).stderr?.head ?? '')?.[0] ?? 'nothing recorded'}`);
    const [plain, isolated] = await Promise.all([runJson(['check', 'javachallenge2015', '--', ...bot]), runJson(['check', 'javachallenge2015', '--isolate', '--', ...bot])]);
    expect(reads(plain.report).join('\n')).not.toContain('nothing recorded');
    expect(reads(isolated.report)).toEqual(reads(plain.report));
  });
});
