// A tournament report in words and tables: the headline, the standings, the cross table (CodeCup's
// competition pages: each bot's score against each other bot), every pair's statistics, the voided
// plays; and the tournament seen as a run of scenario runs (one per bot seat and game) for JUnit, TAP
// and HTML. The console prints the tables as aligned text; html.ts the same rows as HTML.
import { printable } from '../core/printable.js';
import { summarize, type RunReport } from '../core/runner.js';
import type { ScenarioResult } from '../core/result.js';
import { formatEloLine } from '../match/stats.js';
import { mdCode, mdLine, mdText } from '../../reporters/github/summary.js';
import { sprtText, unitLines } from './pairs.js';
import type { CrossCell, TournamentReport } from './types.js';

const num = (v: number | null, digits = 1): string => (v === null ? '—' : v.toFixed(digits));
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 3.5 → "3½", 4 → "4", 0.5 → "½". */
export function halves(x: number): string {
  const whole = Math.floor(x + 1e-9);
  const half = x - whole > 0.25;
  return half ? `${whole === 0 ? '' : whole}½` : String(whole);
}

export function tournamentHeadline(report: TournamentReport): string {
  const played = report.games.length;
  const what = `${report.game} ${report.tournament} of ${report.bots.length} bots, ${plural(report.rounds, 'round')}`;
  const shard = report.shard ? ` (shard ${report.shard.index}/${report.shard.count} of ${report.schedule.games})` : '';
  return `${what}: ${played} game${played === 1 ? '' : 's'} played of ${report.planned}${shard}, seed ${report.seed}, profile ${report.profile}${report.isolated ? ', isolated' : ''}${report.stopped ? ` — stopped: ${report.stopped}` : ''}`;
}

/** The standings, ranked: a header and a row per bot. */
export function tournamentStandingsTable(report: TournamentReport): { head: string[]; rows: string[][] } {
  const head = ['#', 'bot', 'games', 'W', 'D', 'L', 'points', 'score %', 'Elo', '+/-', 'median ms', 'worst ms', 'budget max', 'violations'];
  const rows = report.standings.map((s) => [
    String(s.rank),
    s.name,
    String(s.games),
    String(s.wins),
    String(s.draws),
    String(s.losses),
    String(Math.round(s.points * 100) / 100),
    s.score === null ? '—' : num(s.score * 100),
    s.elo === null ? '—' : num(s.elo),
    s.eloError95 === null ? '—' : num(s.eloError95),
    num(s.timing.medianMs, 2),
    num(s.timing.worstMs, 1),
    s.timing.budgetShareMax === null ? '—' : `${num(s.timing.budgetShareMax * 100)} %`,
    Object.entries(s.violations).map(([c, n]) => `${c} ×${n}`).join(', ') || 'none',
  ]);
  return { head, rows };
}

/** A cell of the cross table: the row bot's score against the column bot, of the games between them. */
export function crossCellText(cell: CrossCell | null | undefined): string {
  if (cell === null) return '·';
  if (!cell || cell.games === 0) return '—';
  return `${halves(cell.wins + cell.draws / 2)}/${cell.games}`;
}

/**
 * The cross table in rank order: a header (#, bot, one column per rank, score) and a row per bot. The
 * score column is the row's total, its cells summed: in a two-seat game the bot's own score; in a game
 * of more seats each game counts once for every other bot at the table, and games against the
 * built-in player not at all (the standings' W/D/L are the bot's result at the whole table).
 */
export function crossTableRows(report: TournamentReport): { head: string[]; rows: string[][] } {
  const order = report.standings.map((s) => s.bot);
  const head = ['#', 'bot', ...order.map((_, i) => String(i + 1)), 'score'];
  const rows = order.map((i, r) => {
    const s = report.standings[r]!;
    const cells = (report.crossTable[i] ?? []).filter((c): c is CrossCell => c !== null);
    const total = cells.reduce((n, c) => n + c.wins + c.draws / 2, 0);
    const games = cells.reduce((n, c) => n + c.games, 0);
    return [String(s.rank), s.name, ...order.map((j) => crossCellText(report.crossTable[i]![j])), `${halves(total)}/${games}`];
  });
  return { head, rows };
}

/** What the cross table shows, said under its title. */
export function crossTableLegend(report: TournamentReport): string {
  const more = report.schedule.seats > 2
    ? `; in a game of ${report.schedule.seats} seats the better result of the two wins the game between them, each game counting once for every other bot at the table and not at all against the built-in player`
    : '';
  return `the row's score against the column, of the games between them (a win 1, a draw ½); score: the row's total${more}`;
}

export function eloLegend(report: TournamentReport): string {
  const builtIn = report.games.some((g) => g.seats.some((s) => s.bot === null))
    ? `; the built-in player is not rated and its games count only between the bots at its table (so a bot can rank low by W/D/L, which counts the built-in's wins, and high by Elo)`
    : '';
  return `Elo: one scale for the field, fitted to every game between two bots (Bradley–Terry, a draw half a win, with ${report.elo.prior} virtual draws per bot as BayesElo's prior), averaging 0; +/-: its 95 % interval${report.elo.components > 1 ? `; ${report.elo.components} parts of the field never met: compare Elo only within one part` : ''}${builtIn}`;
}

/** The timing columns of the standings. */
export function timingLegend(): string {
  return "median ms, worst ms: the bot's reply times over all its games (as the jury timed them: from its message to the bot's whole answer); budget max: the largest share of a game's total time budget the bot used in any game (— where the game has none)";
}

/** What the pair lines say (console and HTML). */
export function pairLegend(report: TournamentReport): string {
  const seats = report.schedule.seats;
  const units = seats === 2
    ? 'Ptnml(0-2): the same games as pairs (one seed, seats swapped), counted [LL, LD, DD+WL, WD, WW], with their Elo, LOS, DrawRatio, normalized Elo (nElo) and PairsRatio (WW+WD)/(LD+LL)'
    : `Units of ${seats} (0-${seats}): the same games as units (the ${seats} rotations of one seed), counted by the first bot's score in half points 0 … ${2 * seats}, with their Elo, LOS, DrawRatio and normalized Elo (nElo)`;
  return `A vs B: +W =D -L: A's wins, draws and losses against B in the games both played; Elo +/-: from that score, with half its 95 % interval (n/a where unbounded: a score of 0 or 100 %; +/- 0.0 and LOS 0 or 100 % when every game or unit scored alike, as fastchess prints it); LOS: the chance that A is the stronger; DrawRatio: the share of draws. ${units}. Formulas: docs/tournament.md#the-statistics`;
}

export function pointsLegend(report: TournamentReport): string {
  return `points: the game's own score, summed${report.scoring ? ` (${report.game}: ${printable(report.scoring, 200)})` : ''}; score %: (W + D/2) / games, the ranking (then points per game, then Elo); violations: every verdict, warnings included`;
}

/** Every pair that met: A vs B with the game tally and Elo, then its units (pentanomial) and SPRT. */
export function pairSection(report: TournamentReport): string[] {
  const name = (k: number): string => report.bots[k]!.name;
  return report.pairs.flatMap((p) => {
    const t = p.tally;
    const lines = [`${name(p.a)} vs ${name(p.b)}: +${t.wins} =${t.draws} -${t.losses} — ${formatEloLine(p.stats)}`];
    if (p.sprt) lines.push(`  ${sprtText(p.sprt, name(p.a), name(p.b), 'games')}`);
    lines.push(...unitLines(p.units, name(p.a), name(p.b)));
    return lines;
  });
}

/** The voided plays and the games left without a result. */
export function voidedLines(report: TournamentReport): string[] {
  const lines: string[] = [];
  if (report.voided.length > 0) {
    lines.push(`Voided (a fault of the harness or the referee: no result for anyone; the game is played again, same seed and seats):`);
    for (const v of report.voided) lines.push(`  game ${v.index + 1} (round ${v.round + 1}, seed ${v.seed}), play ${v.attempt}: ${printable(v.error.split('\n')[0]!, 300)}`);
  }
  if (report.unresolved.length > 0)
    lines.push(`Without a result (voided on every play, left out of the standings): game${report.unresolved.length === 1 ? '' : 's'} ${report.unresolved.map((i) => i + 1).join(', ')}`);
  return lines;
}

function aligned(head: string[], rows: string[][], leftColumns: ReadonlySet<number>): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string => r.map((c, i) => (leftColumns.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [fmt(head), ...rows.map(fmt)];
}

export function tournamentSummary(report: TournamentReport): string {
  const lines: string[] = [tournamentHeadline(report)];
  const standings = tournamentStandingsTable(report);
  lines.push(...aligned(standings.head, standings.rows, new Set([1, standings.head.length - 1])));
  for (const b of report.bots) lines.push(`  ${b.name}: ${b.command.join(' ')}`);
  lines.push(`  ${pointsLegend(report)}`, `  ${eloLegend(report)}`, `  ${timingLegend()}`);
  if (report.compactedGames)
    lines.push(`  (transcripts, per-reply timing and replays are kept for the first ${report.games.length - report.compactedGames} games to end; the other ${report.compactedGames} keep results, verdicts and reply times)`);
  const cross = crossTableRows(report);
  lines.push('', `Cross table — ${crossTableLegend(report)}:`);
  lines.push(...aligned(cross.head, cross.rows, new Set([1])).map((l) => `  ${l}`));
  const pairs = pairSection(report);
  if (pairs.length) lines.push('', ...pairs, `  (${pairLegend(report)})`);
  const voided = voidedLines(report);
  if (voided.length) lines.push('', ...voided);
  return `${lines.join('\n')}\n`;
}

/** The tournament as a run of scenario runs (one per bot seat and game), for JUnit, TAP and HTML. */
export function tournamentAsRunReport(report: TournamentReport): RunReport {
  const results: ScenarioResult[] = report.games.flatMap((g) => g.seats.flatMap((s) => (s.run ? [s.run] : [])));
  return {
    tool: report.tool,
    bot: { command: report.bots.flatMap((b, i) => (i ? ['--', ...b.command] : b.command)) },
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    results,
    summary: summarize(results),
    ...(report.strict ? { strict: true } : {}),
  };
}

/** 2: a game without a result (the judge failed it on every play); 1: a bot broke a rule; 0 otherwise. */
export function tournamentExitCode(report: TournamentReport): 0 | 1 | 2 {
  const runs = report.games.flatMap((g) => g.seats.flatMap((s) => (s.run ? [s.run] : [])));
  if (report.unresolved.length > 0 || runs.some((r) => r.status === 'error')) return 2;
  return runs.some((r) => r.status === 'failed') ? 1 : 0;
}

/** The standings and the cross table for a GitHub job summary (Markdown tables). */
export function tournamentMarkdown(report: TournamentReport): string {
  const table = (head: string[], rows: string[][], left: ReadonlySet<number>): string => {
    const line = (cells: string[]): string => `| ${cells.map((c) => mdText(c, 300)).join(' | ')} |`;
    return [line(head), `| ${head.map((_, i) => (left.has(i) ? '---' : '---:')).join(' | ')} |`, ...rows.map(line)].join('\n');
  };
  const standings = tournamentStandingsTable(report);
  const cross = crossTableRows(report);
  return `#### Tournament

${mdLine(tournamentHeadline(report), 400)}

${table(standings.head, standings.rows, new Set([1, standings.head.length - 1]))}

${report.bots.map((b) => `- **${mdText(b.name, 20)}**: ${mdCode(b.command.join(' '), 300)}`).join('\n')}

${[pointsLegend(report), eloLegend(report), timingLegend()].map((l) => mdLine(l, 1000)).join('  \n')}

##### Cross table

${table(cross.head, cross.rows, new Set([1]))}

${mdLine(`${crossTableLegend(report).replace(/^t/, 'T')}.`, 1000)}
${[...pairSection(report), ...(report.pairs.length ? [`(${pairLegend(report)})`] : []), ...voidedLines(report)].map((l) => `\n${mdLine(l.trim(), 1000)}  `).join('')}
`;
}
