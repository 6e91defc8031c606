// The `botjury` command in one file (and its chunks for what only some commands load): every start of
// the command read ~115-190 compiled modules, one at a time, through Node's ESM loader: 55 ms before it
// did anything, against 25 ms for the bundle (a bot's CI and botjury's own tests start it thousands of
// times). The library (dist/harness/index.js) stays as tsc compiled it. Packages stay outside (yaml and
// ajv are loaded where they are needed, as from dist/harness).
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/cli';
rmSync(outdir, { recursive: true, force: true }); // chunk names change with their content
await build({
  // early-start: what bin/botjury.js runs before the command loads (a referee program started ahead).
  entryPoints: { botjury: 'dist/harness/cli.js', 'early-start': 'dist/harness/early-start.js' },
  bundle: true,
  splitting: true, // what a command imports when it runs (match, replay, fuzz...) stays a chunk of its own
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outdir,
  logLevel: 'warning',
});

// yaml, loaded (synchronously, when a command first reads YAML) from one file: the package is ~40
// CommonJS files, 17–28 ms to require here, the same code as one file 5.5 ms (harness/core/scenario.ts
// falls back to the package where this file is missing). Its licence travels with it.
const yamlLicence = readFileSync('node_modules/yaml/LICENSE', 'utf8').trim().replaceAll('*/', '* /');
await build({
  entryPoints: ['node_modules/yaml/dist/index.js'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: `${outdir}/yaml.cjs`,
  banner: { js: `/*! yaml ${JSON.parse(readFileSync('node_modules/yaml/package.json', 'utf8')).version}, bundled by scripts/bundle-cli.mjs from node_modules/yaml.\n${yamlLicence}\n*/` },
  logLevel: 'warning',
});
