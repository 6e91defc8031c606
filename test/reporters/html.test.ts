// The HTML report as a file: self-contained, everything a bot wrote escaped, snapshots embedded so
// the page can rebuild every position. (The page's drawing is tested in a real browser: browser.test.ts.)
import { describe, expect, it } from 'vitest';
import { runScenarios, type Reporter, type RunReport } from '../../harness/index.js';
import { decodeSnapshots, encodeSnapshots, escapeHtml, htmlPage } from '../../reporters/html.js';
import { CLIENT_SCRIPT } from '../../reporters/html/client.js';
import { ROOT } from '../helpers.js';
import { HOSTILE_BOT, runWithReports } from './reports.js';

/** The page's embedded data, as its script reads it. */
function embeddedData(html: string): { scenarios: { game: string; role: string; snapshots: Parameters<typeof decodeSnapshots>[0]; marks: { ply: number; code: string }[] }[] } {
  const m = /<script type="application\/json" id="botjury-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no embedded data');
  return JSON.parse(m[1]!);
}

const SNAPSHOT_RUNS: [string, string[]][] = [
  ['scenarios/alquerque/capture-continuation.yaml', ['node', 'examples/alquerque/js/bot.js']],
  ['scenarios/amazes/sudden-death.yaml', ['node', 'examples/amazes/js/bot.js']],
  ['scenarios/on-the-run/small-field.yaml', ['node', 'examples/on-the-run/js/bot.js']],
  ['scenarios/snakecore/attack.yaml', ['node', 'examples/snakecore/js/bot.js']],
  ['scenarios/javachallenge2015/first-turns.yaml', ['node', 'examples/javachallenge2015/js/bot.js']],
];

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
    // The verdict with its evidence, and the transcript with timestamps.
    const result = run.report.results[0]!;
    expect(html).toContain('<span class="code">bad-format</span>');
    expect(html).toContain(escapeHtml(result.violations.find((v) => v.code === 'bad-format')!.actual!));
    for (const t of result.transcript) expect(html).toContain(`data-t="${t.t}"`);
    // The bad answer marks a ply the replay can jump to.
    expect(embeddedData(html).scenarios[0]!.marks).toEqual([{ ply: 1, code: 'bad-format' }]);
  });

  it('embeds every snapshot of every game so that the page rebuilds each position exactly', async () => {
    for (const [scenario, bot] of SNAPSHOT_RUNS) {
      let captured: RunReport | undefined;
      const capture: Reporter = { wantsSnapshots: true, onRunEnd: (r) => void (captured = r) };
      await runScenarios([scenario], { bot, invokedFrom: ROOT, reporters: [capture] });
      const report = captured!;
      const data = embeddedData(htmlPage(report));
      expect(data.scenarios).toHaveLength(report.results.length);
      report.results.forEach((r, i) => {
        const snaps = r.snapshots ?? [];
        expect(snaps.length, `${scenario} [${r.role}] recorded snapshots`).toBeGreaterThan(1);
        const decoded = decodeSnapshots(data.scenarios[i]!.snapshots);
        expect(decoded).toEqual(snaps.map((s) => JSON.parse(JSON.stringify(s.state))));
        expect(data.scenarios[i]!.snapshots.map((s) => s.ply)).toEqual(snaps.map((s) => s.ply));
      });
    }
  });

  it('sends only what changed between snapshots (an Amazes maze once per game, not once per ply)', () => {
    const maze = Array.from({ length: 25 }, () => 'f'.repeat(25));
    const snaps = [0, 1, 2].map((ply) => ({ ply, t: ply, move: ply ? 'F' : null, state: { maze, red: { row: ply }, gone: ply === 0 ? 1 : undefined } }));
    const enc = encodeSnapshots(snaps);
    expect(enc[0]).toHaveProperty('full');
    expect(enc[1]).toEqual({ ply: 1, t: 1, move: 'F', set: { red: { row: 1 } }, del: ['gone'] });
    expect(enc[2]).toEqual({ ply: 2, t: 2, move: 'F', set: { red: { row: 2 } } });
    expect(decodeSnapshots(enc)).toEqual([{ maze, red: { row: 0 }, gone: 1 }, { maze, red: { row: 1 } }, { maze, red: { row: 2 } }]);
  });

  it('draws each reply against its limit, and an answer that never came as a bar over the limit', async () => {
    const run = await runWithReports(['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '0'], ['python3', 'examples/javachallenge2015/broken/slow-reply.py'], ['html']);
    expect(run.code).toBe(1);
    const result = run.report.results[0]!;
    expect(result.violations.map((v) => v.code)).toEqual(['move-timeout']);
    const svg = /<div class="timing">([\s\S]*?)<\/div>/.exec(run.files.html)![1]!;
    expect(svg.match(/<rect class="under"/g)).toHaveLength(result.timing.perReply.length);
    expect(svg.match(/<rect class="over timed-out"/g)).toHaveLength(1);
    expect(svg).toContain('no answer within the 100 ms limit');
    expect(svg).toMatch(/<polyline class="limit"/);
  });

  it('ships a drawing script that parses as JavaScript', () => {
    expect(() => new Function(CLIENT_SCRIPT)).not.toThrow();
    expect(CLIENT_SCRIPT).not.toMatch(/\b(fetch|XMLHttpRequest|innerHTML|insertAdjacentHTML|eval)\b/);
  });
});
