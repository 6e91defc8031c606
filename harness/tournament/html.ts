// The tournament as an HTML page: the HTML reporter's page (reporters/html.ts: every seat of every
// game with its verdicts, reply times and replay) with the tournament's tables above it — the
// standings, the cross table, the pairs' statistics, the voided plays and the games so far. The same
// page is the --reporter html file and the --live page, which is replaced whole after each game (a
// temporary file in the same folder, then a rename: a reader never sees half a page).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeOsError, FileError } from '../core/files.js';
import type { ScenarioResult } from '../core/result.js';
import { escapeHtml as e, htmlPage } from '../../reporters/html.js';
import { seatBots } from '../../reporters/causes.js';
import { gameLine } from '../match/report.js';
import { crossTableLegend, crossTableRows, eloLegend, pairLegend, pairSection, pointsLegend, timingLegend, tournamentAsRunReport, tournamentHeadline, tournamentStandingsTable, voidedLines } from './report.js';
import type { TournamentReport } from './types.js';

/** A live page keeps the replays of this many most recent games (the JSON report has every game). */
export const LIVE_REPLAY_GAMES = 200;
/** …and lists this many most recent games. */
export const LIVE_LISTED_GAMES = 2000;
/** How often a browser showing the live page reloads it. */
export const LIVE_REFRESH_SECONDS = 30;

const RESULT_MARK = { win: '1', draw: '½', loss: '0' } as const;

function table(head: string[], rows: string[][], className: string, numeric: (i: number) => boolean): string {
  const cell = (tag: 'th' | 'td', text: string, i: number): string => `<${tag}${numeric(i) ? ' class="num"' : ''}>${e(text)}</${tag}>`;
  return `<table class="${className}"><thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>
<tbody>
${rows.map((r) => `<tr>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n')}
</tbody></table>`;
}

/** The tournament's tables, put above the HTML reporter's list of seat runs. `firstRun[i]`: game i's first seat run's number on the page. */
export function tournamentPreface(report: TournamentReport, firstRun: ReadonlyMap<number, number> = new Map(), listed = LIVE_LISTED_GAMES): string {
  const standings = tournamentStandingsTable(report);
  const cross = crossTableRows(report);
  const names = report.bots.map((b) => b.name);
  const shown = report.games.slice(-listed);
  const gameRows = shown.map((g) => {
    const run = firstRun.get(g.index);
    const text = e(gameLine(g, names, report.schedule.games).replace(/^game \d+\/\d+: /, ''));
    const link = run === undefined ? String(g.index + 1) : `<a href="#scenario-${run}" class="open-scenario">${g.index + 1}</a>`;
    return `<tr data-game="${g.index}"><td class="num">${link}</td><td class="num">${g.round + 1}</td><td class="mono">${e(g.seed)}</td><td>${text}</td></tr>`;
  });
  const voided = voidedLines(report);
  return `<h2>Tournament</h2>
<p id="tournament-headline">${e(tournamentHeadline(report))}</p>
<h3>Standings</h3>
${table(standings.head, standings.rows, 'standings tournament-standings', (i) => i !== 1 && i < standings.head.length - 1)}
<ul class="muted">${report.bots.map((b) => `<li><strong>${e(b.name)}</strong>: <code>${e(b.command.join(' '))}</code></li>`).join('')}</ul>
<p class="muted">${e(pointsLegend(report))}</p>
<p class="muted">${e(eloLegend(report))}</p>
<p class="muted">${e(timingLegend())}</p>
<h3>Cross table</h3>
<p class="muted">${e(crossTableLegend(report).replace(/^t/, 'T'))}.</p>
${table(cross.head, cross.rows, 'standings cross-table', (i) => i !== 1)}
${report.pairs.length ? `<h3>Pairs</h3>\n<pre class="pairs">${e(pairSection(report).join('\n'))}</pre>\n<p class="muted">${e(pairLegend(report))}</p>` : ''}
${voided.length ? `<h3>Voided</h3>\n<pre class="voided">${e(voided.join('\n'))}</pre>` : ''}
<h3>Games (${report.games.length} of ${report.planned})</h3>
${shown.length < report.games.length ? `<p class="muted">The ${shown.length} most recent; the JSON report has all ${report.games.length}.</p>\n` : ''}<table class="games"><thead><tr><th class="num">game</th><th class="num">round</th><th>seed</th><th>seats and result</th></tr></thead>
<tbody>
${gameRows.join('\n')}
</tbody></table>
`;
}

/** The page: the tournament's tables, then the seat runs of its games (the `replayGames` most recent, when given). */
export function tournamentPage(report: TournamentReport, options: { replayGames?: number; refreshSeconds?: number } = {}): string {
  const replayed = options.replayGames === undefined ? report : { ...report, games: report.games.slice(-options.replayGames) };
  const run = tournamentAsRunReport(replayed);
  const firstRun = new Map<number, number>();
  const resultOf = new Map<ScenarioResult, string>();
  let n = 0;
  for (const g of replayed.games) {
    for (const s of g.seats) {
      if (!s.run) continue;
      if (!firstRun.has(g.index)) firstRun.set(g.index, n);
      resultOf.set(s.run, s.result ? `${s.result} (${RESULT_MARK[s.result]})` : 'no result');
      n++;
    }
  }
  return htmlPage(run, undefined, tournamentPreface(report, firstRun), { resultOf, botOf: seatBots(report.games, report.bots), ...(options.refreshSeconds ? { refreshSeconds: options.refreshSeconds } : {}) });
}

/**
 * --live FILE: the page rewritten as the tournament goes (before the first game, after each game, and
 * once more at the end without the reload). Building the page costs time in proportion to the games
 * so far, so in a long tournament it is rewritten only when at least ten times the last rewrite's time
 * has passed: the page never takes more than about a tenth of the run.
 */
export class LivePage {
  private lastWriteMs = 0;
  private nextAt = 0;

  constructor(private readonly file: string, private readonly flag = '--live') {}

  update(report: () => TournamentReport): void {
    if (Date.now() < this.nextAt) return;
    this.write(report(), true);
  }

  finish(report: TournamentReport): void {
    this.write(report, false);
  }

  private write(report: TournamentReport, live: boolean): void {
    const started = Date.now();
    const html = tournamentPage(report, { replayGames: LIVE_REPLAY_GAMES, ...(live ? { refreshSeconds: LIVE_REFRESH_SECONDS } : {}) });
    writeAtomically(this.file, html, this.flag);
    // The page holds these games' replays now (reporters/html.ts packs each run once): their positions can go.
    for (const g of report.games.slice(-LIVE_REPLAY_GAMES)) for (const s of g.seats) if (s.run) delete s.run.snapshots;
    this.lastWriteMs = Date.now() - started;
    this.nextAt = Date.now() + 9 * this.lastWriteMs;
  }
}

/** Replaces `file` whole: a temporary file in its folder, then a rename (atomic on one file system). */
export function writeAtomically(file: string, text: string, flag: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw new FileError(`${flag} ${file}`, `cannot write it (${describeOsError(err)})`);
  }
}
