// The command that re-runs one scenario run exactly, for copy and paste into a POSIX shell.

const SAFE = /^[A-Za-z0-9_/.,:=@%+-]+$/;
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, 'g');

/** One shell word: as it is when safe, in '…' otherwise, and in $'…' when it holds control characters. */
export function shellQuote(word: string): string {
  if (SAFE.test(word)) return word;
  // Control characters (C0, DEL, C1), line separators and bidirectional overrides: never raw on a terminal.
  // eslint-disable-next-line no-control-regex
  if (UNPRINTABLE.test(word))
    return `$'${word.replace(/[\\']/g, (c) => `\\${c}`).replace(UNPRINTABLE_ALL, (c) => {
      const code = c.charCodeAt(0);
      // Past ASCII as \uNNNN: bash writes that character in UTF-8, where \xNN would be one raw byte.
      return code > 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
    })}'`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function rerunCommand(scenarioFile: string, role: string, botArgv: readonly string[], flags: readonly string[] = []): string {
  return ['npx', 'botjury', 'run', scenarioFile, '--role', role, ...flags, '--', ...botArgv].map(shellQuote).join(' ');
}
