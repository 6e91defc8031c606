// The reply-time chart: each reply's wall time against the limit that applied to it, on a log scale
// (replies span 0.1 ms to seconds). Drawn as SVG on the server so it reads without JavaScript; replies
// under their limit share one path (a suite has thousands), the few over it are shapes of their own
// with a tooltip. The page adds a readout of the reply under the pointer.
import type { ReplyTiming, ScenarioResult } from '../../harness/core/result.js';
import { escapeHtml as e, fmt } from './escape.js';

type Bar = Pick<ReplyTiming, 'ply' | 'wallMs' | 'cpuMs' | 'limitMs'> & { timedOut?: true };

const TIMEOUT_CODES = new Set(['handshake-timeout', 'move-timeout', 'total-time-exceeded']);

const W = 720;
const H = 170;
const LEFT = 46;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 22;
/** Least distance between two x-axis labels, in the chart's units (a four-digit number is ~24). */
export const MIN_LABEL_GAP = 32;

/** Reply numbers (1-based) that get an x-axis label: the first, then every k-th, k chosen so they never overlap. */
export function xLabelReplies(count: number, step: number): number[] {
  const every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000].find((k) => k * step >= MIN_LABEL_GAP) ?? Math.ceil(MIN_LABEL_GAP / step);
  const labels = [1];
  for (let n = every; n <= count; n += every) if ((n - labels[labels.length - 1]!) * step >= MIN_LABEL_GAP) labels.push(n);
  return labels;
}

export function timingSvg(r: ScenarioResult): string {
  // Answers that never came are drawn too: a timeout verdict's wait, against the limit it broke.
  const timeouts: Bar[] = r.violations
    .filter((v) => TIMEOUT_CODES.has(v.code) && typeof v.evidence?.limitMs === 'number')
    .map((v) => ({ ply: v.ply ?? -1, wallMs: typeof v.evidence?.measuredMs === 'number' ? v.evidence.measuredMs : (v.evidence!.limitMs as number), cpuMs: typeof v.evidence?.cpuMs === 'number' ? v.evidence.cpuMs : null, limitMs: v.evidence!.limitMs as number, timedOut: true }));
  const replies: Bar[] = [...r.timing.perReply, ...timeouts];
  if (replies.length === 0) return `<p class="no-replies">${e(noRepliesText(r))}</p>`;
  const values = replies.flatMap((p) => [p.wallMs, p.limitMs ?? 0]);
  const hi = Math.max(1, ...values) * 1.3;
  const lo = 0.01;
  const y = (ms: number): number => {
    const v = Math.log10(Math.max(lo, ms));
    return TOP + (H - TOP - BOTTOM) * (1 - (v - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)));
  };
  const step = Math.min(24, (W - LEFT - RIGHT) / replies.length);
  const x = (i: number): number => LEFT + i * step;
  const barWidth = Math.max(0.8, step * 0.8);
  const parts: string[] = [];
  parts.push(`<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="reply times against limits" data-step="${step.toFixed(3)}" data-left="${LEFT}">`);
  for (let p = -2; 10 ** p <= hi; p++) {
    const ms = 10 ** p;
    parts.push(`<line x1="${LEFT}" x2="${W - RIGHT}" y1="${y(ms).toFixed(1)}" y2="${y(ms).toFixed(1)}" stroke="#eee"/><text x="${LEFT - 4}" y="${(y(ms) + 3).toFixed(1)}" text-anchor="end">${ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}</text>`);
  }
  let under = '';
  replies.forEach((p, i) => {
    const over = p.timedOut || (p.limitMs !== null && p.wallMs > p.limitMs);
    const yTop = y(p.wallMs);
    const height = Math.max(0.5, H - BOTTOM - yTop);
    if (!over) {
      under += `M${x(i).toFixed(1)} ${(H - BOTTOM).toFixed(1)}v-${height.toFixed(1)}h${barWidth.toFixed(1)}v${height.toFixed(1)}z`;
      return;
    }
    const title = p.timedOut
      ? `ply ${p.ply}: no answer within the ${fmt(p.limitMs!)} ms limit (waited ${fmt(p.wallMs)} ms)`
      : `ply ${p.ply}: ${fmt(p.wallMs)} ms wall${p.cpuMs !== null ? `, ${fmt(p.cpuMs)} ms CPU` : ''}, limit ${fmt(p.limitMs!)} ms`;
    parts.push(`<rect class="over${p.timedOut ? ' timed-out' : ''}" x="${x(i).toFixed(1)}" y="${yTop.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${height.toFixed(1)}"><title>${e(title)}</title></rect>`);
  });
  if (under) parts.push(`<path class="under" d="${under}"/>`);
  // The limit as a step line (per-answer limits are flat; a total budget shrinks as it is used), labelled.
  const limitPts: string[] = [];
  replies.forEach((p, i) => {
    if (p.limitMs === null) return;
    limitPts.push(`${x(i).toFixed(1)},${y(p.limitMs).toFixed(1)}`, `${x(i + 1).toFixed(1)},${y(p.limitMs).toFixed(1)}`);
  });
  const limits = replies.map((p) => p.limitMs).filter((l): l is number => l !== null);
  if (limitPts.length) {
    parts.push(`<polyline class="limit" points="${limitPts.join(' ')}"><title>limit per reply</title></polyline>`);
    const last = limits[limits.length - 1]!;
    // The label sits at the right end: the last limit, or what a shrinking total budget had left.
    const shrinking = r.timing.totalBudgetMs !== null && limits.some((l) => l !== limits[0]);
    const text = shrinking ? `limit: what was left of the ${fmt(r.timing.totalBudgetMs!)} ms budget` : `limit ${fmt(last)} ms`;
    // Next to where the line ends when there is room, else at the right edge.
    const end = x(replies.length) + 4;
    const room = W - RIGHT - end >= text.length * 5.5;
    parts.push(`<text class="limit-label" x="${(room ? end : W - RIGHT).toFixed(1)}" y="${Math.max(TOP + 9, y(last) - 3).toFixed(1)}" text-anchor="${room ? 'start' : 'end'}">${e(text)}</text>`);
  }
  parts.push(`<line x1="${LEFT}" x2="${W - RIGHT}" y1="${H - BOTTOM}" y2="${H - BOTTOM}" stroke="#999"/>`);
  for (const n of xLabelReplies(replies.length, step)) parts.push(`<text class="x-label" x="${(x(n - 1) + barWidth / 2).toFixed(1)}" y="${H - 8}" text-anchor="middle">${n}</text>`);
  parts.push('</svg>');
  const t = r.timing;
  const timedOut = replies.filter((p) => p.timedOut).length;
  // An answer measured over its limit yet accepted: it was already waiting when the jury looked, which
  // only happens when botjury itself did not get the CPU in time (an overloaded machine; see docs/reports.md).
  const lateButAccepted = replies.filter((p) => !p.timedOut && p.limitMs !== null && p.wallMs > p.limitMs).length;
  const budget = t.totalBudgetMs !== null ? `; total ${fmt(t.totalMs)} of a ${fmt(t.totalBudgetMs)} ms budget` : `; total ${fmt(t.totalMs)} ms`;
  const notes = [
    timedOut ? `<strong>${timedOut} not answered within the limit</strong>` : '',
    lateButAccepted ? `<strong>${lateButAccepted} measured over the limit but accepted</strong> (the answer had arrived before the jury could look: the machine running botjury was overloaded, so these times overstate the bot's)` : '',
  ].filter(Boolean);
  parts.push(`<p class="readout muted" aria-live="polite"></p><p class="muted">${t.replies} repl${t.replies === 1 ? 'y' : 'ies'}, slowest ${fmt(t.maxMs)} ms, mean ${fmt(t.meanMs)} ms${budget}${notes.length ? `; ${notes.join('; ')}` : ''}. Bars: wall time per reply, numbered along the bottom (log scale); dashed line: the limit that applied.</p>`);
  return parts.join('');
}

/** Why a scenario has no timed reply, from what happened instead. */
export function noRepliesText(r: ScenarioResult): string {
  if (r.status === 'skipped') return 'Not run, so no reply was timed.';
  const first = r.violations.find((v) => v.severity === 'error') ?? r.violations[0];
  if (first) return `No reply was timed: the first answer ended in ${first.code}${first.ply !== undefined ? ` at ply ${first.ply}` : ''} (${fmt(first.atMs)} ms after the start): ${first.message}`;
  if (r.error) return 'No reply was timed: the harness stopped the scenario (see the harness error above).';
  if (r.exit && !r.exit.byJury) return `No reply was timed: the bot ${r.exit.signal ? `was killed by ${r.exit.signal}` : `exited with status ${r.exit.code}`} ${fmt(r.exit.atMs)} ms after the start, before its first answer.`;
  return 'The scenario asked the bot for no timed answer.';
}
