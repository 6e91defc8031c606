// The JUnit XML reporter, read back with a strict XML parser and compared with the JSON report of the same run.
import { describe, expect, it } from 'vitest';
import { attr, junitXml, text, xmlSafe } from '../../reporters/junit.js';
import type { RunReport } from '../../harness/core/runner.js';
import { findAll, HOSTILE_BOT, parseXml, runWithReports } from './reports.js';

describe('JUnit reporter', () => {
  it('writes a testsuite per game, a testcase per scenario run and a failure per violation', async () => {
    const run = await runWithReports(['check', 'alquerque', '--jobs', '2'], ['python3', 'examples/alquerque/broken/moves-back.py'], ['junit']);
    expect(run.code).toBe(1);
    const results = run.report.results;
    const root = await parseXml(run.files.junit);
    expect(root.tag).toBe('testsuites');
    expect(root.attrib).toMatchObject({ tests: String(results.length), failures: String(run.report.summary.failed), errors: '0' });
    const suites = findAll(root, 'testsuite');
    expect(suites.map((s) => s.attrib.name)).toEqual(['botjury.alquerque']);
    const cases = findAll(root, 'testcase');
    expect(cases).toHaveLength(results.length);
    expect(results.some((r) => r.status === 'failed') && results.some((r) => r.status === 'passed')).toBe(true);
    results.forEach((r, i) => {
      const c = cases[i]!;
      expect(c.attrib.name).toBe(`${r.name} [${r.role}]`);
      expect(c.attrib.file).toBe(r.scenario);
      const failures = findAll(c, 'failure');
      const errors = r.violations.filter((v) => v.severity === 'error');
      expect(failures.map((f) => f.attrib.type)).toEqual(r.status === 'failed' ? errors.map((v) => v.code) : []);
      failures.forEach((f, k) => {
        const v = errors[k]!;
        expect(f.attrib.message).toBe(xmlSafe(`${v.code}${v.ply !== undefined ? ` at ply ${v.ply}` : ''}: ${v.message}`));
        // One legal answer of several is marked as an example (e.g.), never as the one required.
        if (v.expected !== undefined) expect(f.text).toContain(`expected: ${(v as { expectedIsExample?: boolean }).expectedIsExample ? 'e.g. ' : ''}${xmlSafe(v.expected)}`);
        if (v.actual !== undefined) expect(f.text).toContain(`actual:   ${xmlSafe(v.actual)}`);
      });
    });
    expect(new Set(cases.flatMap((c) => findAll(c, 'failure').map((f) => f.attrib.type)))).toEqual(new Set(['illegal-move']));
  });

  it('stays valid XML whatever bytes the bot wrote: markup, ]]>, control bytes, U+FFFE, invalid UTF-8', async () => {
    const run = await runWithReports(['run', 'scenarios/alquerque/play-as-white.yaml', 'scenarios/snakecore/get-name.yaml'], HOSTILE_BOT, ['junit']);
    expect(run.code).toBe(1);
    const root = await parseXml(run.files.junit); // throws unless well-formed
    // Two games in one run: one testsuite each.
    expect(findAll(root, 'testsuite').map((s) => s.attrib.name)).toEqual(['botjury.alquerque', 'botjury.snakecore']);
    const alq = run.report.results.find((r) => r.game === 'alquerque')!;
    const bad = alq.violations.find((v) => v.code === 'bad-format')!;
    const failure = findAll(findAll(root, 'testsuite')[0]!, 'failure')[0]!;
    expect(failure.attrib.type).toBe('bad-format');
    // What the bot wrote comes back as text: markup and ]]> intact, forbidden characters visible.
    const shown = failure.text.split('\n').find((l) => l.startsWith('actual:'))!;
    expect(shown).toContain('<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> ]]> & &amp;');
    expect(shown).toContain('\\x01\\x02\\x08\\x0b\\x0c\\x1b[31m\\x7f');
    expect(shown).toContain('\\ufffe');
    expect(shown).toBe(`actual:   ${xmlSafe(bad.actual!)}`);
    // The stderr bytes and the transcript go to system-err / system-out, equally escaped.
    const syserr = findAll(root, 'system-err')[0]!;
    expect(syserr.text).toContain('stderr: <script>');
    const sysout = findAll(findAll(root, 'testsuite')[0]!, 'system-out')[0]!;
    expect(sysout.text).toContain('← bot <script>window.__pwned=1</script>');
  });

  it("reports the harness's own fault as an <error>, not a <failure>", async () => {
    const run = await runWithReports(['run', 'test/fixtures/scenarios/expect-impossible-after-any.yaml', 'scenarios/alquerque/capture-compulsory-black.yaml'], ['node', 'examples/alquerque/js/bot.js'], ['junit']);
    expect(run.code).toBe(2);
    const root = await parseXml(run.files.junit);
    expect(root.attrib).toMatchObject({ tests: '2', failures: '0', errors: '1' });
    const errors = findAll(root, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.attrib).toEqual({ type: 'harness-error', message: run.report.results.find((r) => r.status === 'error')!.error });
    expect(findAll(root, 'failure')).toEqual([]);
  });

  it('marks a scenario skipped for missing data as <skipped> with its reason', async () => {
    const skipped = { scenario: 'scenarios/amazes/official-maze-01.yaml', name: 'official maze 1', game: 'amazes', role: 'red', profile: 'codecup2010', seed: 1, status: 'skipped', skipReason: 'sample maze <maze01.txt> not found', violations: [], timing: { replies: 0, maxMs: 0, totalMs: 0 }, stderr: { bytes: 0, head: '' }, transcript: [], durationMs: 0 };
    const report = { tool: { name: 'botjury', version: 't' }, bot: { command: ['bot'] }, startedAt: '', durationMs: 1, results: [skipped], summary: { passed: 0, failed: 0, errors: 0, skipped: 1 } } as unknown as RunReport;
    const root = await parseXml(junitXml(report));
    expect(root.attrib).toMatchObject({ tests: '1', failures: '0', errors: '0', skipped: '1' });
    expect(findAll(root, 'skipped').map((s) => s.attrib.message)).toEqual(['sample maze <maze01.txt> not found']);
  });

  it('escapes every UTF-16 code unit into something a conforming parser accepts, in text and attributes', async () => {
    let all = '';
    for (let c = 0; c <= 0xffff; c++) all += String.fromCharCode(c);
    all += '\ud83d\ude00 \ud800 x \udc00 ]]> \r\n\t';
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<t a="${attr(all)}">${text(all)}</t>\n`;
    const root = await parseXml(xml);
    // Round trip: the parser gives back exactly the safe form (CR, LF, tab preserved in both places).
    expect(root.attrib.a).toBe(xmlSafe(all));
    expect(root.text).toBe(xmlSafe(all));
    expect(xmlSafe('\x00\x1f\ufffe\ud800')).toBe('\\x00\\x1f\\ufffe\\ud800');
    expect(xmlSafe('ok é 😀 \t\n\r')).toBe('ok é 😀 \t\n\r');
  });
});

describe('JUnit: an inconclusive run', () => {
  it('is <skipped> with its reason, and a <failure> under --strict', async () => {
    const { syntheticResult } = await import('./reports.js');
    const r = syntheticResult({ status: 'inconclusive', inconclusive: "did not reach 'tie'", goals: { wanted: ['tie'], reached: ['end'], missing: ['tie'] } });
    const report = { tool: { name: 'botjury', version: 't' }, bot: { command: ['bot'] }, startedAt: '', durationMs: 1, results: [r], summary: { passed: 0, failed: 0, errors: 0, skipped: 0, inconclusive: 1 } } as RunReport;
    const plain = await parseXml(junitXml(report));
    expect(plain.attrib).toMatchObject({ tests: '1', failures: '0', skipped: '1' });
    expect(findAll(plain, 'skipped')[0]!.attrib.message).toBe("inconclusive: did not reach 'tie'");
    const strict = await parseXml(junitXml({ ...report, strict: true }));
    expect(strict.attrib).toMatchObject({ tests: '1', failures: '1', skipped: '0' });
    expect(findAll(strict, 'failure')[0]!.attrib.type).toBe('inconclusive');
  });
});
