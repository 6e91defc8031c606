// The command that re-runs one scenario run exactly, for copy and paste into a POSIX shell.

const SAFE = /^[A-Za-z0-9_/.,:=@%+-]+$/;

/** One shell word: as it is when safe, in '…' otherwise, and in $'…' when it holds control characters. */
export function shellQuote(word: string): string {
  if (SAFE.test(word)) return word;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(word))
    return `$'${word.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}'`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function rerunCommand(scenarioFile: string, role: string, botArgv: readonly string[], flags: readonly string[] = []): string {
  return ['npx', 'botjury', 'run', scenarioFile, '--role', role, ...flags, '--', ...botArgv].map(shellQuote).join(' ');
}
