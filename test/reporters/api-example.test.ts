// examples/api is a bot repository whose own vitest tests import { runScenarios } from 'botjury'.
// Here its tests run as its owner would run them (`npm test` in that folder): they pass with its bot
// and fail, naming the verdict, with broken ones. (test/package/ runs it outside this tree.)
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const EXAMPLE = path.join(ROOT, 'examples/api');
const LINK = path.join(EXAMPLE, 'node_modules/botjury');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

/** The example's `npm test`, with vitest from this repository (what `npm install` there would provide). */
function exampleTests(env: Record<string, string> = {}) {
  return execa(process.execPath, [VITEST, 'run', '--root', EXAMPLE], { cwd: EXAMPLE, reject: false, env: { NO_COLOR: '1', CI: '1', ...env }, stdin: 'ignore', timeout: 240_000 });
}

describe('programmatic API example (examples/api)', () => {
  beforeAll(() => {
    // What `npm install` does there for "botjury": "file:../..": a link to this package. It stays
    // (git ignores node_modules/), so that test runs side by side never pull it from under each other.
    if (existsSync(LINK)) return;
    mkdirSync(path.dirname(LINK), { recursive: true });
    try {
      symlinkSync(path.relative(path.dirname(LINK), ROOT), LINK, 'dir');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  });

  it('its bot is self-contained: a copy of the JavaScript example bot, kept identical', () => {
    expect(readFileSync(path.join(EXAMPLE, 'bot.js'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'examples/alquerque/js/bot.js'), 'utf8'));
  });

  it("passes its own tests with its bot, and fails them with a broken bot's verdict", async () => {
    const broken = (name: string) => ({ BOT: `python3 ${path.join(ROOT, 'examples/alquerque/broken', name)}` });
    const [good, movesBack, crash] = await Promise.all([exampleTests(), exampleTests(broken('moves-back.py')), exampleTests(broken('crash.py'))]);
    const out = (r: typeof good) => `${String(r.stdout)}\n${String(r.stderr)}`;
    expect(good.exitCode, out(good)).toBe(0);
    expect(out(good)).toMatch(/Tests\s+3 passed \(3\)/);
    expect(movesBack.exitCode, out(movesBack)).toBe(1);
    expect(out(movesBack)).toMatch(/Tests\s+\d+ failed/);
    expect(out(movesBack)).toContain('illegal-move at ply');
    // A bot that crashes uses little time: every test fails, the 30 s budget test too.
    expect(crash.exitCode, out(crash)).toBe(1);
    expect(out(crash)).toMatch(/Tests\s+3 failed \(3\)/);
    expect(out(crash)).toMatch(/FAIL .*keeps well inside the jury's 30 s budget/);
    expect(out(crash)).toContain('crash at ply');
  });
});
