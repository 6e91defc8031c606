// Text from a file or a bot, made safe to print on one terminal line. Pure.

/**
 * The one escaping of text a file, a bot or a program wrote, for a terminal: control characters (C0,
 * DEL, C1 — \\x9b starts an escape sequence too), line and paragraph separators and bidirectional
 * overrides shown as \\t \\n \\r, \\xNN or \\uNNNN, never interpreted; length capped (Infinity: not).
 */
export function printable(text: string, maxChars = 80): string {
  const clipped = text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
  // eslint-disable-next-line no-control-regex
  return clipped.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    if (c === '\t') return '\\t';
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

/** The first few problems of a long list, one per line, then how many more there were. */
export function firstProblems(problems: readonly string[], max = 8): string {
  const shown = problems.slice(0, max);
  if (problems.length > max) shown.push(`…and ${problems.length - max} more`);
  return shown.join('\n');
}
