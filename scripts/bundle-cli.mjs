// The `botjury` command in one file (and its chunks for what only some commands load): every start of
// the command read ~115-190 compiled modules, one at a time, through Node's ESM loader: 55 ms before it
// did anything, against 25 ms for the bundle (a bot's CI and botjury's own tests start it thousands of
// times). The library (dist/harness/index.js) stays as tsc compiled it. Packages stay outside (yaml and
// ajv are loaded where they are needed, as from dist/harness).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/cli';
rmSync(outdir, { recursive: true, force: true }); // chunk names change with their content
await build({
  entryPoints: { botjury: 'dist/harness/cli.js' },
  bundle: true,
  splitting: true, // what a command imports when it runs (match, replay, fuzz...) stays a chunk of its own
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outdir,
  logLevel: 'warning',
});
