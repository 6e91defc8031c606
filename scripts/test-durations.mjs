// Writes test/durations.json (each test file's duration, seconds) from a vitest JSON report, for
// test/sequencer.ts, which starts the longest files first. On a 2-core machine:
//   npx vitest run --reporter=json --outputFile=/tmp/vitest.json && node scripts/test-durations.mjs /tmp/vitest.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [report] = process.argv.slice(2);
if (!report) {
  console.error('usage: node scripts/test-durations.mjs <vitest JSON report>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const durations = {};
for (const file of [...testResults].sort((a, b) => (a.name < b.name ? -1 : 1))) {
  // From this clone or another (a fresh clone in /tmp, as CI runs): the path from its test/ folder on.
  const slashed = file.name.split(path.sep).join('/');
  const at = slashed.lastIndexOf('/test/');
  if (at < 0) continue;
  const name = slashed.slice(at + 1);
  durations[name] = Math.round((file.endTime - file.startTime) / 100) / 10;
}
writeFileSync(path.join(root, 'test', 'durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`test/durations.json: ${Object.keys(durations).length} files`);
