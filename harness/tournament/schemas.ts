// The schemas a tournament's files are checked against before any of their fields is read: reports and
// their games (merge), the state file's lines (resume). A file is from anywhere.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { schemaErrorLine } from '../core/schema-errors.js';
import { reportSchemaSet } from '../tools/transcript.js';
import { validatorsOf } from '../core/precompiled.js';
import { createAjv } from '../core/scenario.js';

export type SchemaKind = 'match-report' | 'tournament-report' | 'tournament-game' | 'state-header' | 'state-line';

/** A tournament's files; compiled at build time (precompiled.ts). */
export const TOURNAMENT_VALIDATORS = reportSchemaSet<SchemaKind>('tournament', ['match-report.schema.json', 'tournament-report.schema.json', 'tournament-state.schema.json'], {
  'match-report': 'match-report.schema.json',
  'tournament-report': 'tournament-report.schema.json',
  'tournament-game': 'tournament-report.schema.json#/$defs/game',
  'state-header': 'tournament-state.schema.json#/$defs/header',
  'state-line': 'tournament-state.schema.json#/$defs/line',
});

function validator(kind: SchemaKind): ValidateFunction {
  return validatorsOf(TOURNAMENT_VALIDATORS, createAjv)[kind];
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
