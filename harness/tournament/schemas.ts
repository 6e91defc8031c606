// The schemas a tournament's files are checked against before any of their fields is read: reports and
// their games (merge), the state file's lines (resume). A file is from anywhere.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SCHEMA_DIR } from '../core/paths.js';
import { schemaErrorLine } from '../core/schema-errors.js';
import { transcriptAjv } from '../tools/transcript.js';

export type SchemaKind = 'match-report' | 'tournament-report' | 'tournament-game' | 'state-header' | 'state-line';

const WHERE: Record<SchemaKind, string> = {
  'match-report': 'match-report.schema.json',
  'tournament-report': 'tournament-report.schema.json',
  'tournament-game': 'tournament-report.schema.json#/$defs/game',
  'state-header': 'tournament-state.schema.json#/$defs/header',
  'state-line': 'tournament-state.schema.json#/$defs/line',
};

let compiled: Map<SchemaKind, ValidateFunction> | undefined;

function validator(kind: SchemaKind): ValidateFunction {
  if (!compiled) {
    const ajv = transcriptAjv(['match-report.schema.json', 'tournament-report.schema.json', 'tournament-state.schema.json']);
    compiled = new Map();
    for (const [k, where] of Object.entries(WHERE) as [SchemaKind, string][]) {
      const [file, pointer] = where.split('#');
      const validate = ajv.getSchema(`${pathToFileURL(path.join(SCHEMA_DIR, file!)).href}${pointer ? `#${pointer}` : ''}`);
      if (!validate) throw new Error(`no schema at ${where}`);
      compiled.set(k, validate);
    }
  }
  return compiled.get(kind)!;
}

/** What is wrong with `data` as a `kind`, as `path: message` lines (empty when it is valid). */
export function schemaProblems(kind: SchemaKind, data: unknown): string[] {
  const validate = validator(kind);
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}`);
}

/** The first problem as one line (`where: what (and N more problems)`), paths prefixed with `prefix`; null when valid. */
export function schemaProblem(kind: SchemaKind, data: unknown, prefix = ''): string | null {
  const validate = validator(kind);
  return validate(data) ? null : schemaErrorLine(validate.errors ?? [], prefix);
}
