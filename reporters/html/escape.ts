// Escaping for the HTML report: everything a bot wrote is hostile text.
import { printable } from '../console/verdicts.js';

/**
 * Bot text for HTML: control characters made visible as the console shows them (line breaks and tabs
 * kept: our own messages use them), then entity-escaped.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/[^\n\t]+/g, (run) => printable(run))
    .replace(/[\u0080-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside <script type="application/json">: no `<` (so no `</script>`), no raw DEL, C1 controls or line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\x7f-\x9f\u2028\u2029\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Milliseconds as the report prints them: integers as they are, others to two decimals. */
export function fmt(ms: number): string {
  return Number.isInteger(ms) ? String(ms) : ms.toFixed(2);
}
