#!/usr/bin/env node
// Thin launcher: the CLI is compiled from TypeScript by `npm ci` (the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../dist/harness/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('botjury: not built yet; run `npm ci` (or `npm run build`) in the botjury folder\n');
  process.exit(2);
}
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv.slice(2));
