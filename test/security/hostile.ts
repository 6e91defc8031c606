// What every hostile file or input must give: exit 2 and a short reason on stderr — never a stack
// trace, never "internal error", never a line of the file it was pointed at.
import { expect } from 'vitest';
import type { CliRun } from '../helpers.js';

export function expectRefused(r: CliRun, reason: RegExp, label = ''): void {
  expect(r.code, `${label}\n${r.stderr}`).toBe(2);
  // `validate` prints its problems on stdout, everything else on stderr.
  const text = `${r.stdout}${r.stderr}`;
  expect(text, label).toMatch(reason);
  expect(text, label).not.toMatch(/internal error|\n\s+at |Unhandled/);
  // One reason, and at most the usage hint or validate's count.
  const lines = r.stderr.trim().split('\n').filter((l) => !/^run 'botjury (\w+ )?--help' for usage$/.test(l) && !/^\d+ of \d+ scenario files? valid$/.test(l));
  expect(lines.length, `${label}\n${r.stderr}`).toBeLessThanOrEqual(1);
}
