#!/usr/bin/env node
// Thin launcher: the CLI is compiled from TypeScript by `npm ci` in a clone (the `prepare` script),
// on install from a git tag (npm runs `prepare`), and into every tarball (`prepack`); the command runs
// from its bundle (dist/cli, scripts/bundle-cli.mjs), which starts in half the time of dist/harness.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli/botjury.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('botjury: not built (no dist/): in a clone of botjury run `npm ci`; an installed botjury always has it, so reinstall it\n');
  process.exit(2);
}
// A referee program the command will need starts first, while the rest of botjury loads (early-start.ts).
const early = fileURLToPath(new URL('../dist/cli/early-start.js', import.meta.url));
if (existsSync(early)) (await import(pathToFileURL(early).href)).startRefereesEarly(process.argv.slice(2));
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv.slice(2));
