// `node dist/harness/tools/precompile-schemas.js` (part of `npm run build`): writes each validator set
// of harness/core/precompiled.ts as an ajv standalone module in dist/validators/, stamped with the
// digest of its schema files. botjury then starts without compiling its schemas.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { _ } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { schemaDigest, VALIDATOR_DIR, type ValidatorSet } from '../core/precompiled.js';
import { createAjv, DATE_TIME_FORMAT, REGEX_FORMAT, SCENARIO_VALIDATORS } from '../core/scenario.js';
import { REFEREE_VALIDATORS } from '../games/process-referee.js';
import { MANIFEST_VALIDATORS } from '../games/manifest.js';
import { MATCH_REPORT_VALIDATORS } from '../match/merge.js';
import { TOURNAMENT_VALIDATORS } from '../tournament/schemas.js';
import { MATCH_TRANSCRIPT_VALIDATORS } from './match-transcript.js';
import { TRANSCRIPT_VALIDATORS } from './transcript.js';

// ajv is CommonJS: under NodeNext the function is the default export's `default`.
const standaloneCode = ((standaloneModule as unknown as { default?: typeof standaloneModule }).default ?? standaloneModule) as unknown as (ajv: unknown, refs: Record<string, string>) => string;

const SETS: ValidatorSet<string>[] = [SCENARIO_VALIDATORS, REFEREE_VALIDATORS, MANIFEST_VALIDATORS, TRANSCRIPT_VALIDATORS, MATCH_REPORT_VALIDATORS, MATCH_TRANSCRIPT_VALIDATORS, TOURNAMENT_VALIDATORS];

mkdirSync(VALIDATOR_DIR, { recursive: true });
// The formats the schemas use, for the modules to require (a function cannot be written as data).
writeFileSync(path.join(VALIDATOR_DIR, 'formats.cjs'), `'use strict';\n// Written by precompile-schemas: the formats of botjury's schemas.\nexports.regex = { validate: ${REGEX_FORMAT.validate.toString()} };\nexports['date-time'] = { validate: ${DATE_TIME_FORMAT.validate.toString()} };\n`);
for (const set of SETS) {
  const ajv = createAjv({ ...(set.options ?? {}), code: { source: true, formats: _`require("./formats.cjs")` } });
  set.prepare(ajv);
  const code = standaloneCode(ajv, set.exports);
  const digest = schemaDigest(set.files());
  writeFileSync(path.join(VALIDATOR_DIR, `${set.name}.cjs`), `// Written by precompile-schemas from ${set.files().map((f) => path.basename(f)).join(', ')}: do not edit.\n${code}\nmodule.exports.digest = ${JSON.stringify(digest)};\n`);
}
