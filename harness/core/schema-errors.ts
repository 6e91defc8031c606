// Ajv's errors about a file as one line: the most telling error (the deepest path; never the bare
// "a branch of anyOf failed"), and how many more there were. Never a value from the file, only its
// path, the schema's words, and a key name escaped.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { printable } from './printable.js';

const PROTOTYPE_NAMES = '__proto__, constructor or prototype';

/** `where: what (and N more problems)`, `where` prefixed with `prefix` (a path to the part checked). */
export function schemaErrorLine(all: readonly ErrorObject[], prefix = ''): string {
  const telling = all.filter((e) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(e.keyword));
  const errors = telling.length ? telling : all;
  const first = [...errors].sort((a, b) => depth(b) - depth(a))[0];
  if (!first) return `${prefix || '/'}: not valid`;
  const more = errors.length - 1;
  return `${prefix}${printable(first.instancePath, 200) || (prefix ? '' : '/')}: ${describe(first)}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`;
}

const depth = (e: ErrorObject): number => e.instancePath.split('/').length;

function describe(e: ErrorObject): string {
  // propertyNames: Ajv reports the key's own failure (with `propertyName`) and the object's.
  if (e.propertyName !== undefined || e.keyword === 'propertyNames')
    return `a key that is not allowed (${e.keyword === 'not' || e.keyword === 'propertyNames' ? `${PROTOTYPE_NAMES}, or not a name of the form the schema gives` : e.message ?? 'invalid'})`;
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown key '${printable((e.params as { additionalProperty: string }).additionalProperty, 40)}'`;
    case 'required':
      return `missing '${(e.params as { missingProperty: string }).missingProperty}'`;
    case 'not':
      return `a name that is not allowed (${PROTOTYPE_NAMES})`;
    default:
      return e.message ?? 'is not valid';
  }
}
