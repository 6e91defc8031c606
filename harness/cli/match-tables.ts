// A match's standings as the HTML page and the GitHub job summary show them: a real table (the
// console prints the same rows as aligned text, harness/match/report.ts).
import { escapeHtml as e } from '../../reporters/html.js';
import { mdCode, mdLine, mdText } from '../../reporters/github/summary.js';
import { matchHeadline, pairLines, standingsTable } from '../match/report.js';
import type { MatchReport } from '../match/match.js';

/** Columns after the bot's name are numbers, except the last (its violations). */
const numeric = (i: number, n: number): boolean => i > 0 && i < n - 1;

export function standingsHtml(report: MatchReport): string {
  const { head, rows } = standingsTable(report);
  const cell = (tag: 'th' | 'td', text: string, i: number): string => `<${tag}${numeric(i, head.length) ? ' class="num"' : ''}>${e(text)}</${tag}>`;
  const commands = report.standings.map((s) => `<li><strong>${e(s.name)}</strong>: <code>${e(s.command.join(' '))}</code></li>`).join('');
  return `<h2>Match</h2>
<p>${e(matchHeadline(report))}</p>
<table class="standings"><thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>
<tbody>
${rows.map((r) => `<tr>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n')}
</tbody></table>
<ul class="muted">${commands}</ul>
${pairLines(report).map((l) => `<p>${e(l)}</p>`).join('\n')}
`;
}

export function standingsMarkdown(report: MatchReport): string {
  const { head, rows } = standingsTable(report);
  const align = head.map((_, i) => (numeric(i, head.length) ? '---:' : '---'));
  const line = (cells: string[]): string => `| ${cells.map((c) => mdText(c, 300)).join(' | ')} |`;
  return `#### Standings

${mdLine(matchHeadline(report), 400)}

${line(head)}
| ${align.join(' | ')} |
${rows.map(line).join('\n')}

${report.standings.map((s) => `- **${mdText(s.name, 20)}**: ${mdCode(s.command.join(' '), 300)}`).join('\n')}
${pairLines(report).map((l) => `\n${mdLine(l, 600)}\n`).join('')}
`;
}
