// The HTML report as a file: self-contained, everything a bot wrote escaped, failures first with
// filters, one verdict card per bug with its evidence in words, readable charts, and the positions
// packed small enough that a whole suite's report stays under 2 MB. (The page's behaviour is tested in
// a real browser: browser.test.ts.)
import { execa } from 'execa';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios, type Reporter, type RunReport, type ScenarioResult } from '../../harness/index.js';
import { escapeHtml, htmlPage, htmlReporter, timingSvg } from '../../reporters/html.js';
import { MIN_LABEL_GAP } from '../../reporters/html/chart.js';
import { CLIENT_SCRIPT } from '../../reporters/html/client.js';
import { applyPatch, diff } from '../../reporters/html/delta.js';
import { decodeFrames, unpackScenario } from '../../reporters/html/pack.js';
import { groupVerdicts } from '../../reporters/html/verdicts.js';
import type { Output } from '../../reporters/output.js';
import { CLI, ROOT, SHARED, scratchDir } from '../helpers.js';
import { HOSTILE_BOT, runWithReports, syntheticResult } from './reports.js';

interface EmbeddedScenario {
  game: string;
  role: string;
  pack: string;
  marks: { ply: number; code: string; atMs: number; rejected?: string }[];
}

/** The page's embedded data, as its script reads it. */
function embeddedData(html: string): { dirs: string[]; scenarios: EmbeddedScenario[] } {
  const m = /<script type="application\/json" id="botjury-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no embedded data');
  return JSON.parse(m[1]!);
}

/** Runs scenarios in this process and keeps the full report (snapshots included). */
async function capture(scenarios: string[], bot: string[], role?: string): Promise<RunReport> {
  let captured: RunReport | undefined;
  const reporter: Reporter = { wantsSnapshots: true, onRunEnd: (r) => void (captured = r) };
  await runScenarios(scenarios, { bot, invokedFrom: ROOT, reporters: [reporter], ...(role ? { role } : {}) });
  return captured!;
}

const SNAPSHOT_RUNS: [string, string[]][] = [
  ['scenarios/alquerque/capture-continuation.yaml', ['node', 'examples/alquerque/js/bot.js']],
  ['scenarios/amazes/sudden-death.yaml', ['node', 'examples/amazes/js/bot.js']],
  ['scenarios/on-the-run/small-field.yaml', ['node', 'examples/on-the-run/js/bot.js']],
  ['scenarios/snakecore/attack.yaml', ['node', 'examples/snakecore/js/bot.js']],
  ['scenarios/javachallenge2015/first-turns.yaml', ['node', 'examples/javachallenge2015/js/bot.js']],
];

/** A debug line written just before the move: the jury reads it as the move, the move comes after. */
const DEBUG_FIRST_BOT = ['python3', '-c', `import sys; sys.dont_write_bytecode = True; sys.path.insert(0, ${JSON.stringify(path.join(ROOT, 'examples/alquerque/python'))}); import alquerque
def send(text):
    sys.stdout.write('debug: thinking\\n' + text + '\\n'); sys.stdout.flush()
alquerque.run(alquerque.random_legal_move, send=send)`];

describe('HTML report', () => {
  it('is one self-contained file that shows everything a hostile bot wrote as text', async () => {
    const run = await runWithReports(['run', 'scenarios/alquerque/play-as-white.yaml'], HOSTILE_BOT, ['html']);
    expect(run.code).toBe(1);
    const html = run.files.html;
    // Exactly our two scripts (the data and the drawing code); the bot's <script> and <img> are text.
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__pwned=2&quot;&gt; ]]&gt; &amp; &amp;amp;');
    // Control bytes shown the way the console shows them, never raw.
    expect(html).toContain('\\x01\\x02\\x08\\x0b\\x0c\\x1b[31m\\x7f');
    expect(html).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u2028]/);
    // Nothing is loaded from anywhere: a CSP forbids it, and there is no reference to fetch.
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:|\/\/)/i);
    expect(html).not.toMatch(/@import|url\(/i);
    for (const m of html.matchAll(/\bhref="([^"]*)"/g)) expect(m[1]).toMatch(/^#/);
    // The verdict with its evidence; the transcript, with its timestamps, is packed for the page.
    const result = run.report.results[0]!;
    expect(html).toContain('<span class="code">bad-format</span>');
    expect(html).toContain(escapeHtml(result.violations.find((v) => v.code === 'bad-format')!.actual!));
    const data = embeddedData(html);
    const pack = unpackScenario(data.scenarios[0]!.pack);
    expect(pack.transcript.map(([t, dir, text]) => ({ t, dir: data.dirs[dir], text }))).toEqual(result.transcript);
    // The bad answer marks a ply the replay jumps to, with the answer to draw as rejected.
    const bad = result.violations.find((v) => v.code === 'bad-format')!;
    expect(data.scenarios[0]!.marks).toEqual([{ ply: 1, code: 'bad-format', atMs: bad.atMs, rejected: bad.actual }]);
  });

  it('packs every position of every game as differences that rebuild each one exactly', async () => {
    for (const [scenario, bot] of SNAPSHOT_RUNS) {
      const report = await capture([scenario], bot);
      const data = embeddedData(htmlPage(report));
      expect(data.scenarios).toHaveLength(report.results.length);
      report.results.forEach((r, i) => {
        const snaps = r.snapshots ?? [];
        expect(snaps.length, `${scenario} [${r.role}] recorded snapshots`).toBeGreaterThan(1);
        const pack = unpackScenario(data.scenarios[i]!.pack);
        expect(decodeFrames(pack.frames)).toEqual(snaps.map((s) => JSON.parse(JSON.stringify(s.state))));
        expect(pack.frames.map((f) => [f.ply, f.t, f.move])).toEqual(snaps.map((s) => [s.ply, s.t, s.move]));
        // After the first, no frame repeats the whole position.
        expect(pack.frames.slice(1).every((f) => !('full' in f))).toBe(true);
        expect(JSON.stringify(pack.frames).length, `${scenario} [${r.role}]: differences vs snapshots`).toBeLessThan(JSON.stringify(snaps).length * (r.game === 'amazes' ? 0.5 : 0.8));
      });
    }
  });

  it('stores a position as what changed: runs of a string, items of an array, keys of an object', () => {
    const maze = Array.from({ length: 25 }, () => 'f'.repeat(25));
    const a = { maze, map: '0'.repeat(160), red: { row: 1, facing: 'N' }, gone: 1, ['__proto__']: { polluted: true } };
    const b = { maze, map: `${'0'.repeat(70)}c3${'0'.repeat(88)}`, red: { row: 2, facing: 'N' }, cells: [[1, 2]], ['__proto__']: { polluted: true } };
    const plainA = JSON.parse(JSON.stringify(a));
    const plainB = JSON.parse(JSON.stringify(b));
    const patch = diff(plainA, plainB);
    expect(patch).toEqual({ map: { 70: 'c3' }, red: { row: [2] }, cells: [[[1, 2]]], gone: 0 });
    expect(applyPatch(plainA, patch)).toEqual(plainB);
    expect(diff(plainB, JSON.parse(JSON.stringify(b)))).toBeUndefined();
    // A key named __proto__ in a position stays an ordinary key.
    const odd = JSON.parse('{"__proto__": {"polluted": 1}, "x": 1}');
    const rebuilt = applyPatch(odd, { x: [2] }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
    expect(Object.hasOwn(rebuilt, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('packs each scenario as it ends and drops its snapshots, so a suite never holds them all', async () => {
    const report = await capture(['scenarios/javachallenge2015/first-turns.yaml'], ['node', 'examples/javachallenge2015/js/bot.js'], '1');
    const expected = htmlPage(report);
    const written: string[] = [];
    const out: Output = { write: (t) => void written.push(t), close: () => Promise.resolve(), isTTY: false, stream: process.stdout };
    const reporters = [htmlReporter(out), htmlReporter(out)];
    const result = report.results[0]!;
    // A fresh result object, as the runner hands it over (the one above was packed by htmlPage already).
    const fresh: ScenarioResult = { ...result, snapshots: [...result.snapshots!] };
    for (const r of reporters) r.onScenarioEnd!(fresh, 0, 1);
    expect(fresh.snapshots).toBeUndefined();
    for (const r of reporters) await r.onRunEnd!({ ...report, results: [fresh] });
    expect(written).toHaveLength(2);
    for (const page of written) expect(embeddedData(page).scenarios[0]!.pack).toBe(embeddedData(expected).scenarios[0]!.pack);
  });

  it('lists failures first and offers filters by status and verdict, with counts', () => {
    const base = syntheticResult();
    const results: ScenarioResult[] = [
      { ...base, name: 'p1', status: 'passed' },
      { ...base, name: 'f1', status: 'failed', violations: [violation('bad-format', 1), violation('extra-output', 1)] },
      { ...base, name: 's1', status: 'skipped', skipReason: 'no mazes' },
      { ...base, name: 'e1', status: 'error', error: 'boom' },
      { ...base, name: 'f2', status: 'failed', violations: [violation('move-timeout', 3)] },
      { ...base, name: 'p2', status: 'passed' },
    ];
    const html = htmlPage(syntheticReport(results));
    const sectionOrder = [...html.matchAll(/<details class="scenario [a-z]+" id="scenario-(\d+)"/g)].map((m) => results[Number(m[1])]!.name);
    expect(sectionOrder).toEqual(['f1', 'f2', 'e1', 's1', 'p1', 'p2']);
    const rowOrder = [...html.matchAll(/<tr class="[a-z]+" data-status="[a-z]+" data-codes="[^"]*" data-scenario="(\d+)"/g)].map((m) => results[Number(m[1])]!.name);
    expect(rowOrder).toEqual(sectionOrder);
    const count = (kind: string, value: string): number => Number(new RegExp(`data-filter="${kind}" data-value="${value}"[^>]*>[^<]*<span class="n">(\\d+)</span>`).exec(html)?.[1]);
    expect([count('status', ''), count('status', 'failed'), count('status', 'error'), count('status', 'skipped'), count('status', 'passed')]).toEqual([6, 2, 1, 1, 2]);
    expect([count('code', 'bad-format'), count('code', 'extra-output'), count('code', 'move-timeout')]).toEqual([1, 1, 1]);
    expect(html).toContain('data-status="failed" data-codes="bad-format extra-output"');
  });

  it("names each failure's verdict, ply and message in the summary table, and the causes over all runs above it", () => {
    const base = syntheticResult();
    const incomplete = { code: 'illegal-move' as const, ply: 7, severity: 'error' as const, atMs: 70, message: "Incomplete strike 'd4*b4', should have striked to 'd6' eliminating 'c5'" };
    const results: ScenarioResult[] = [
      { ...base, name: 'p1', status: 'passed', violations: [{ code: 'stderr-output', severity: 'warning', atMs: 1, message: 'wrote 3 bytes to stderr' }] },
      { ...base, name: 'f1', status: 'failed', violations: [incomplete, { ...incomplete, ply: 9 }, violation('extra-output', 3)] },
      { ...base, name: 'f2', status: 'failed', violations: [{ ...incomplete, ply: 11 }] },
      { ...base, name: 'e1', status: 'error', error: 'internal error: boom\n    at x' },
    ];
    const html = htmlPage(syntheticReport(results));
    const row = (name: string) => new RegExp(`<tr [^>]*data-scenario="${results.findIndex((r) => r.name === name)}">.*?</tr>`).exec(html)![0];
    expect(row('f1')).toContain('<div class="verdict-line error"><span class="code">illegal-move</span> ×2, plies 7–9: <span class="verdict-message">Incomplete strike &#39;d4*b4&#39;, should have striked to &#39;d6&#39; eliminating &#39;c5&#39;</span></div>');
    expect(row('f1')).toContain('<span class="code">extra-output</span> at ply 3: <span class="verdict-message">extra-output here</span>');
    expect(row('f2')).toContain('<span class="code">illegal-move</span> at ply 11: <span class="verdict-message">Incomplete strike');
    expect(row('e1')).toContain('<span class="code">harness error</span>: internal error: boom</td>');
    expect(row('p1')).toContain('<span class="code">stderr-output</span> (warning)</div>'); // a passing run's warning: no message needed
    // Above the table: the causes, most runs first, each linking its first run.
    const causes = html.slice(html.indexOf('<section class="causes"'), html.indexOf('</section>'));
    expect(html.indexOf('<section class="causes"')).toBeLessThan(html.indexOf('<table class="summary">'));
    expect([...causes.matchAll(/<li class="cause (\w+)"><span class="code">([^<]+)<\/span>([^<]*)— <strong>([^<]+)<\/strong>/g)].map((m) => [m[1], m[2], m[3]!.trim(), m[4]])).toEqual([
      ['error', 'harness error', '', '1 of 4 runs'],
      ['failed', 'illegal-move', 'at plies 7–11', '2 of 4 runs'],
      ['failed', 'extra-output', 'at ply 3', '1 of 4 runs'],
    ]);
    expect(causes).toContain(`first in <a href="#scenario-1" class="open-scenario">f1 [white]</a>`);
  });

  it('shows one card for one debug-print bug: the verdicts of one answer together, with what the bot wrote', async () => {
    const run = await runWithReports(['run', 'scenarios/alquerque/play-as-white.yaml'], DEBUG_FIRST_BOT, ['html']);
    expect(run.code).toBe(1);
    const codes = run.report.results[0]!.violations.map((v) => v.code);
    expect(codes).toEqual(['bad-format', 'extra-output']);
    const verdicts = /<h3>Verdicts<\/h3>\n([\s\S]*?)<h3>Reply times/.exec(run.files.html)![1]!;
    expect(verdicts.match(/<div class="violation error" data-codes=/g)).toHaveLength(1);
    expect(verdicts).toContain('data-codes="bad-format extra-output"');
    expect(verdicts).toContain('The same answer also drew');
    expect(verdicts).toMatch(/<p class="hint">One answer, 2 verdicts: where one line was due the bot wrote <code>debug: thinking<\/code> and <code>[a-g][1-7]-[a-g][1-7]<\/code>; the jury took <code>debug: thinking<\/code> as the answer/);
  });

  it('counts a verdict repeated at every answer once, with a table of where', async () => {
    const report = await capture(['scenarios/alquerque/capture-compulsory-white.yaml'], ['python3', 'examples/alquerque/broken/extra-output.py']);
    const result = report.results[0]!;
    expect(result.violations.length).toBeGreaterThan(2);
    expect(result.violations.every((v) => v.code === 'extra-output')).toBe(true);
    expect(groupVerdicts(result.violations).map((g) => g.occurrences.length)).toEqual([result.violations.length]);
    const html = htmlPage(report);
    expect(html.match(/<div class="violation error" data-codes="extra-output">/g)).toHaveLength(1);
    expect(html).toContain(`<span class="count">× ${result.violations.length}</span>`);
    const table = /<table class="occurrences">([\s\S]*?)<\/table>/.exec(html)![1]!;
    expect(table.match(/<tr><td class="num">/g)).toHaveLength(result.violations.length);
    for (const v of result.violations) expect(table).toContain(escapeHtml(v.actual!));
  });

  it('writes evidence out in words and a table, and keeps the raw JSON one click away', async () => {
    const run = await runWithReports(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '0'], ['python3', 'examples/javachallenge2015/broken/slow-reply.py'], ['html']);
    expect(run.code).toBe(1);
    const v = run.report.results[0]!.violations.find((x) => x.code === 'move-timeout')!;
    const ev = v.evidence as { measuredMs: number; limitMs: number };
    const html = run.files.html;
    const shown = (ms: number): string => (Number.isInteger(ms) ? String(ms) : ms.toFixed(2));
    const over = ev.measuredMs - 100;
    // A timeout by less than the µs the figures keep (seen on a loaded CI runner) shows the limit itself.
    const words = over === 0 ? 'at the limit, to the µs' : `${over < 0.01 ? over.toFixed(3) : shown(Math.round(over * 100) / 100)} ms over`;
    expect(html).toContain(`<p class="evidence-words">Waited ${shown(ev.measuredMs)} ms against a limit of 100 ms: ${words}`);
    expect(html).toMatch(/<table class="evidence"><tbody><tr><th>measured wait<\/th><td>[\d.]+ ms<\/td><\/tr><tr><th>limit<\/th><td>100 ms<\/td><\/tr><tr><th>margin<\/th><td>-?[\d.]+ ms<\/td><\/tr>(<tr><th>[^<]+<\/th><td>[^<]+<\/td><\/tr>)*?<tr><th>CPU time of the bot meanwhile<\/th>/);
    expect(html).toContain('<details class="raw-evidence"><summary>raw evidence (JSON)</summary><pre>{\n &quot;measuredMs&quot;');
    expect(html).not.toMatch(/<dd><pre>\{/); // the JSON blob is no longer the evidence itself
  });

  it('draws each reply against its labelled limit, and an answer that never came as a bar over the limit', async () => {
    const run = await runWithReports(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '0'], ['python3', 'examples/javachallenge2015/broken/slow-reply.py'], ['html']);
    expect(run.code).toBe(1);
    const result = run.report.results[0]!;
    expect(result.violations.map((v) => v.code)).toEqual(['move-timeout']);
    const svg = /<div class="timing">([\s\S]*?)<\/div>/.exec(run.files.html)![1]!;
    // Replies under their limit share one path (one M per bar); any over it (a loaded machine) are rects.
    const underBars = svg.match(/<path class="under" d="[^"]*"/)?.[0].match(/M/g)?.length ?? 0;
    expect(underBars + (svg.match(/<rect class="over"/g)?.length ?? 0)).toBe(result.timing.perReply.length);
    expect(svg.match(/<rect class="over timed-out"/g)).toHaveLength(1);
    expect(svg).toContain('no answer within the 100 ms limit');
    expect(svg).toMatch(/<polyline class="limit"/);
    expect(svg).toMatch(/<text class="limit-label" x="[\d.]+" y="[\d.]+" text-anchor="start">/);
    expect(svg).toContain('>limit 100 ms</text>');
  });

  it('thins the x-axis labels of a long game so that they never overlap', () => {
    for (const replies of [1, 7, 30, 31, 150, 300, 1000, 5000]) {
      const r = syntheticResult();
      r.timing = { ...r.timing, replies, perReply: Array.from({ length: replies }, (_, i) => ({ ply: 2 * i + 1, wallMs: 1 + (i % 7), cpuMs: 1, limitMs: 1000, peakMb: null })) };
      const xs = [...timingSvg(r).matchAll(/<text class="x-label" x="([\d.]+)"[^>]*>(\d+)<\/text>/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(xs[0]![1], `${replies} replies: first label`).toBe(1);
      expect(xs.length, `${replies} replies: labels`).toBeGreaterThanOrEqual(Math.min(replies, 3));
      expect(xs[xs.length - 1]![1], `${replies} replies: the last label is near the end`).toBeGreaterThanOrEqual(replies * 0.75);
      for (let i = 1; i < xs.length; i++) {
        expect(xs[i]![0] - xs[i - 1]![0], `${replies} replies: labels ${xs[i - 1]![1]} and ${xs[i]![1]}`).toBeGreaterThanOrEqual(MIN_LABEL_GAP - 0.01);
        expect(xs[i]![1]).toBeLessThanOrEqual(replies);
      }
    }
  });

  it('says what happened instead of "no replies were timed" when the first answer was the failure', async () => {
    const run = await runWithReports(['run', 'scenarios/alquerque/play-as-white.yaml'], ['python3', 'examples/alquerque/broken/unflushed.py'], ['html']);
    expect(run.code).toBe(1);
    const result = run.report.results[0]!;
    expect(result.timing.replies).toBe(0);
    expect(result.violations[0]!.code).toBe('unflushed-output');
    const chart = /<div class="timing">([\s\S]*?)<\/div>/.exec(run.files.html)![1]!;
    expect(chart).not.toContain('no replies were timed');
    expect(chart).toContain('<p class="no-replies">No reply was timed: the first answer ended in unflushed-output at ply 1 (');
    expect(chart).toContain('flush stdout after every answer');
  });

  it('ships a drawing script that parses as JavaScript', () => {
    expect(() => new Function(CLIENT_SCRIPT)).not.toThrow();
    expect(CLIENT_SCRIPT).not.toMatch(/\b(fetch|XMLHttpRequest|innerHTML|insertAdjacentHTML|eval)\b/);
  });
});

function violation(code: 'bad-format' | 'extra-output' | 'move-timeout', ply: number) {
  return { code, ply, severity: 'error' as const, message: `${code} here`, atMs: ply * 10 };
}


describe('HTML: fixes and examples', () => {
  it("gives the console's fix in the bot's language, and says when an expected move is only an example", () => {
    const v = (code: string, more: object = {}) => ({ code, severity: 'error', message: 'm', atMs: 1, ply: 2, ...more }) as ScenarioResult['violations'][number];
    const r = syntheticResult({ status: 'failed', violations: [v('unflushed-output'), v('illegal-move', { expected: 'e5*c3', expectedIsExample: true, actual: 'a1-a2' })] });
    const html = htmlPage({ ...syntheticReport([r]), bot: { command: ['python3', 'bot.py'] } });
    expect(html).toContain('How to fix it (Python):');
    expect(html).toContain('print(move, flush=True)');
    expect(html).toContain('<dt>expected, e.g.</dt>');
  });
});

describe('HTML: an inconclusive run', () => {
  it('is listed after the failures with its reason and goals, and can be filtered', () => {
    const results = [
      syntheticResult({ name: 'fine' }),
      syntheticResult({ name: 'unproven', status: 'inconclusive', inconclusive: "did not reach 'tie'", goals: { wanted: ['tie'], reached: ['end'], missing: ['tie'] } }),
    ];
    const html = htmlPage({ ...syntheticReport(results), summary: { passed: 1, failed: 0, errors: 0, skipped: 0, inconclusive: 1 } });
    expect(html).toContain('data-status="inconclusive"');
    expect(html).toContain('1 inconclusive');
    expect(html.indexOf('unproven')).toBeLessThan(html.indexOf('>fine<'));
    expect(html).toContain('<h3>Inconclusive</h3><p>did not reach &#39;tie&#39;</p>');
  });
});

function syntheticReport(results: ScenarioResult[]): RunReport {
  return {
    tool: { name: 'botjury', version: 'test' },
    bot: { command: ['bot'] },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    results,
    summary: {
      passed: results.filter((r) => r.status === 'passed').length,
      failed: results.filter((r) => r.status === 'failed').length,
      errors: results.filter((r) => r.status === 'error').length,
      skipped: results.filter((r) => r.status === 'skipped').length,
      inconclusive: results.filter((r) => r.status === 'inconclusive').length,
    },
  };
}

/** The whole Amazes suite (its official-maze scenarios need the shared mazes) with an HTML report. */
describe.skipIf(!existsSync(path.join(SHARED, 'data', 'amazes')))('HTML report of a whole suite', () => {
  let suite: Promise<{ html: string; peakMb: number }> | undefined;
  const runSuite = (): Promise<{ html: string; peakMb: number }> =>
    (suite ??= (async () => {
      const dir = scratchDir('botjury-html-size-');
      try {
        const file = path.join(dir, 'amazes.html');
        // Python reports the peak resident memory of its largest child: botjury (the C bot is a few MB).
        const measure = 'import resource, subprocess, sys\nrc = subprocess.run(sys.argv[1:]).returncode\nprint(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)';
        const r = await execa('python3', ['-c', measure, process.execPath, CLI, 'check', 'amazes', '--reporter', `html=${file}`, '--', 'examples/amazes/c/build/bot'], { cwd: ROOT, reject: false, stdin: 'ignore', env: { NO_COLOR: '1' } });
        const [code, peakKb] = String(r.stdout).trim().split('\n').pop()!.split(' ').map(Number);
        if (code !== 0) throw new Error(`botjury check amazes: exit ${code}\n${String(r.stderr)}`);
        return { html: readFileSync(file, 'utf8'), peakMb: peakKb! / 1024 };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })());

  it('stays under 2 MB for the whole Amazes suite', async () => {
    const { html } = await runSuite();
    expect(embeddedData(html).scenarios.length).toBeGreaterThanOrEqual(30);
    expect(Buffer.byteLength(html), 'report size').toBeLessThan(2 * 1024 * 1024);
  }, 240_000);

  // Needs the session to keep snapshots as plain copies (see harness/core/session.ts snapshot()):
  // a referee's strings built character by character otherwise hold ~20 KB each while the game runs.
  it('keeps botjury under 150 MB while it writes that report', async () => {
    const { peakMb } = await runSuite();
    expect(peakMb, 'botjury peak RSS, MB').toBeLessThan(150);
  }, 240_000);
});
