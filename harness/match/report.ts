// A match report in words: one line per game as it ends, the standings table, the Elo line and the
// SPRT line (as cutechess-cli and fastchess print them), and the match seen as a run of scenario runs
// (one per bot seat and game) for the reporters a CI already reads: JUnit, TAP, HTML.
import { printable } from '../core/printable.js';
import { summarize, type RunReport } from '../core/runner.js';
import type { ScenarioResult } from '../core/result.js';
import type { MatchGame, MatchReport } from './match.js';
import { formatEloLine } from './stats.js';
import { unitLines } from '../tournament/pairs.js';

const RESULT_MARK = { win: '1', draw: '½', loss: '0' } as const;

/** One line for a finished game: who sat where, the result, and any bot's violations. */
export function gameLine(g: MatchGame, names: readonly string[], planned: number): string {
  const seats = g.seats.map((s) => `${s.bot === null ? 'built-in' : names[s.bot]} (${s.role})${s.result ? ` ${RESULT_MARK[s.result]}` : ''}`).join(' · ');
  // Alike verdicts of one bot grouped, as the console groups them elsewhere (20 bad lines are one note).
  const grouped = new Map<string, { count: number; plies: number[] }>();
  for (const s of g.seats)
    if (s.run && s.bot !== null)
      for (const v of s.run.violations.filter((x) => x.severity === 'error')) {
        const key = `${names[s.bot]}: ${v.code}`;
        const seen = grouped.get(key) ?? { count: 0, plies: [] };
        seen.count++;
        if (v.ply !== undefined) seen.plies.push(v.ply);
        grouped.set(key, seen);
      }
  const faults = [...grouped].map(([key, { count, plies }]) => {
    const times = count > 1 ? ` ×${count}` : '';
    if (plies.length === 0) return `${key}${times}`;
    const [low, high] = [Math.min(...plies), Math.max(...plies)];
    return `${key}${times} at ${low === high ? `ply ${low}` : `plies ${low}–${high}`}`;
  });
  const notes = [...faults, ...g.seats.flatMap((s) => (s.run?.error ? [`harness error: ${s.run.error.split('\n')[0]}`] : []))];
  const record = g.record ? recordText(g.record) : '';
  // The outcome's summary is the referee's text (a referee program's, for a game package): escaped.
  return `game ${g.index + 1}/${planned}: ${seats} — ${g.outcome ? printable(g.outcome.summary, 500) : 'no outcome'}${notes.length ? ` [${printable(notes.join('; '), 1000)}]` : ''}${g.rerunAlone ? ' (the replay that confirms or clears a timing verdict or an excused late answer)' : ''}${record}`;
}

/** Where the programs' moves left a disputed game's record. */
export function recordText(r: NonNullable<MatchGame['record']>): string {
  // Both moves come from outside (a record file, a bot): shown on one safe terminal line.
  if (r.left) return `\n  left the record at ply ${r.left.ply}: ${r.left.player} played '${printable(r.left.played)}', the record has '${printable(r.left.recorded)}' (${r.followed} plies as recorded before it)`;
  if (r.endedAt !== undefined) return `\n  followed the record for ${r.followed} of its ${r.plies} plies; the game ended before ply ${r.endedAt} (the verdict above)`;
  return `\n  followed the record to its end: all ${r.plies} plies as recorded`;
}

const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number): string => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const num = (v: number | null, digits = 1): string => (v === null ? '—' : v.toFixed(digits));

/** The standings as a table: a header and a row per bot (the text, HTML and Markdown tables share it). */
export function standingsTable(report: MatchReport): { head: string[]; rows: string[][] } {
  const head = ['bot', 'games', 'W', 'D', 'L', 'points', 'score %', 'median ms', 'worst ms', 'budget max', 'violations'];
  const rows = report.standings.map((s) => [
    printable(s.name, 40),
    String(s.games),
    String(s.wins),
    String(s.draws),
    String(s.losses),
    String(Math.round(s.points * 100) / 100),
    s.games ? num(((s.wins + s.draws / 2) / s.games) * 100) : '—',
    num(s.timing.medianMs, 2),
    num(s.timing.worstMs, 1),
    s.timing.budgetShareMax === null ? '—' : `${num(s.timing.budgetShareMax * 100)} %`,
    Object.entries(s.violations).map(([c, n]) => `${c} ×${n}`).join(', ') || 'none',
  ]);
  return { head, rows };
}

/**
 * What the columns count: points are the game's own scores (as its rules score a game: a draw can score
 * 0, as in JavaChallenge2015), score % counts a draw as half.
 */
export function pointsLegend(report: MatchReport): string {
  return `points: the game's own score, summed over the bot's games${report.scoring ? ` (${report.game}: ${printable(report.scoring, 200)})` : ''}; score %: (W + D/2) / games; violations: every verdict, warnings included`;
}

/** The match's first line: game, games played, shard, seed, profile, why it stopped. */
export function matchHeadline(report: MatchReport): string {
  const played = report.games.length;
  // A merged report's fields come from shard files: seeds, profiles and commands are shown escaped.
  return `${report.game}: ${played} game${played === 1 ? '' : 's'} played of ${report.planned}${report.shard ? ` (shard ${report.shard.index}/${report.shard.count})` : ''}, seed ${printable(String(report.seed), 200)}, profile ${printable(report.profile, 60)}${report.stopped ? ` — stopped: ${printable(report.stopped, 500)}` : ''}`;
}

/** The pair's score, Elo and SPRT lines (two bots), else none. */
export function pairLines(report: MatchReport): string[] {
  const lines: string[] = [];
  if (report.pair) {
    const t = report.pair.tally;
    lines.push(`${report.standings[0]!.name} vs ${report.standings[1]!.name}: +${t.wins} =${t.draws} -${t.losses} — ${formatEloLine(report.pair.stats)}`);
    const sprt = report.pair.sprt;
    if (sprt) {
      const verdict = sprt.result === 'continue' ? 'no decision yet' : `${sprt.result} accepted (${sprt.result === 'H1' ? `${report.standings[0]!.name} is at least ${sprt.elo1} Elo stronger` : `${report.standings[0]!.name} is not ${sprt.elo1} Elo stronger; at most ${sprt.elo0}`})`;
      lines.push(`SPRT (elo0 ${sprt.elo0}, elo1 ${sprt.elo1}, alpha ${sprt.alpha}, beta ${sprt.beta}): LLR ${sprt.llr.toFixed(2)} (bounds ${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)}) — ${verdict}`);
    }
    if (report.pair.units) lines.push(...unitLines(report.pair.units, report.standings[0]!.name, report.standings[1]!.name));
  }
  return lines;
}

/** The standings table, the pair's Elo line and SPRT line. */
export function matchSummary(report: MatchReport): string {
  const lines: string[] = [matchHeadline(report)];
  const played = report.games.length;
  const { head, rows } = standingsTable(report);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmtRow = (r: string[]): string => r.map((c, i) => (i === 0 || i === r.length - 1 ? pad(c, widths[i]!) : lpad(c, widths[i]!))).join('  ').trimEnd();
  lines.push(fmtRow(head), ...rows.map(fmtRow));
  for (const s of report.standings) lines.push(`  ${printable(s.name, 40)}: ${printable(s.command.join(' '), 1000)}`);
  lines.push(`  ${pointsLegend(report)}`);
  if (report.compactedGames)
    lines.push(`  (transcripts, per-reply timing and replays are kept for the first ${played - report.compactedGames} games to end; the other ${report.compactedGames} keep results, verdicts and reply times — --transcript FILE records every game)`);
  lines.push(...pairLines(report));
  return `${lines.join('\n')}\n`;
}

/** Each seat run's result in its game, as the match tables write it: "win (1)", "draw (½)", "loss (0)". */
export function seatResults(report: MatchReport): Map<ScenarioResult, string> {
  const out = new Map<ScenarioResult, string>();
  for (const g of report.games)
    for (const s of g.seats) if (s.run) out.set(s.run, s.result ? `${s.result} (${RESULT_MARK[s.result]})` : g.outcome ? 'no result' : 'not finished');
  return out;
}

/** The match as a run of scenario runs (one per bot seat and game), for JUnit, TAP and HTML. */
export function matchAsRunReport(report: MatchReport): RunReport {
  const results: ScenarioResult[] = report.games.flatMap((g) => g.seats.flatMap((s) => (s.run ? [s.run] : [])));
  return {
    tool: report.tool,
    bot: { command: report.standings.flatMap((s, i) => (i ? ['--', ...s.command] : s.command)) },
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    results,
    summary: summarize(results),
  };
}

/** 2: a harness fault in any game; 1: a bot broke a rule (a gate fails on it); 0 otherwise. */
export function matchExitCode(report: MatchReport): 0 | 1 | 2 {
  const runs = report.games.flatMap((g) => g.seats.flatMap((s) => (s.run ? [s.run] : [])));
  if (runs.some((r) => r.status === 'error')) return 2;
  return runs.some((r) => r.status === 'failed') ? 1 : 0;
}
