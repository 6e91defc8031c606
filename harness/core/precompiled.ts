// botjury's own JSON schemas, compiled once at build time rather than at every start.
//
// Compiling the scenario schema with ajv costs 50–100 ms of CPU each time botjury starts (a third of
// a short `run`), and a test suite or a tournament starts botjury hundreds of times. `npm run build`
// writes each set as an ajv standalone module (dist/validators/<name>.cjs) with the digest of the
// schema files it came from; at run time the module is used only while the schema files still have
// that digest, and otherwise (a schema edited since the build, or no build) the set is compiled as
// before. Either way the same schema text gives the same validation and the same errors.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from './paths.js';

export type Ajv = import('ajv/dist/2020.js').default;

/** A set of validators compiled together from some of botjury's schema files. */
export interface ValidatorSet<K extends string> {
  /** The module's name: dist/validators/<name>.cjs. */
  name: string;
  /** The schema files it is compiled from (absolute): their digest decides whether the module is current. */
  files: () => string[];
  /** The exported validators: name → the $id or $ref ajv knows it by, after `prepare`. */
  exports: Record<K, string>;
  /** Adds the schemas (and formats) to an ajv made with `options`. */
  prepare: (ajv: Ajv) => void;
  /** ajv options of this set besides the common ones (createAjv's). */
  options?: Record<string, unknown>;
}

export const VALIDATOR_DIR = path.join(PACKAGE_ROOT, 'dist', 'validators');

/** The digest of the schema texts a module was compiled from. */
export function schemaDigest(files: string[]): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(path.basename(f)).update('\0').update(readFileSync(f)).update('\0');
  return hash.digest('hex');
}

const loaded = new Map<string, Record<string, ValidateFunction>>();
const sources = new Map<string, 'build' | 'compiled'>();

/** Where a set's validators came from once loaded: the build's module, or compiled at run time. */
export function validatorSource(name: string): 'build' | 'compiled' | undefined {
  return sources.get(name);
}

/**
 * The validators of `set`: the build's compiled module when it matches the schema files on disk,
 * else compiled now with `makeAjv`.
 */
export function validatorsOf<K extends string>(set: ValidatorSet<K>, makeAjv: (options: Record<string, unknown>) => Ajv): Record<K, ValidateFunction> {
  const cached = loaded.get(set.name);
  if (cached) return cached as Record<K, ValidateFunction>;
  const built = builtValidators(set);
  const result = built ?? compileNow(set, makeAjv);
  loaded.set(set.name, result);
  sources.set(set.name, built ? 'build' : 'compiled');
  return result;
}

/** The build's validators of `set`, or null when there is no module or its schema files changed since. */
export function builtValidators<K extends string>(set: ValidatorSet<K>): Record<K, ValidateFunction> | null {
  const file = path.join(VALIDATOR_DIR, `${set.name}.cjs`);
  if (!existsSync(file)) return null;
  try {
    const mod = createRequire(import.meta.url)(file) as Record<string, unknown>;
    if (mod.digest !== schemaDigest(set.files())) return null;
    const out: Record<string, ValidateFunction> = {};
    for (const k of Object.keys(set.exports)) {
      if (typeof mod[k] !== 'function') return null;
      out[k] = mod[k] as ValidateFunction;
    }
    return out as Record<K, ValidateFunction>;
  } catch {
    return null; // a damaged build: compile instead
  }
}

export function compileNow<K extends string>(set: ValidatorSet<K>, makeAjv: (options: Record<string, unknown>) => Ajv): Record<K, ValidateFunction> {
  const ajv = makeAjv(set.options ?? {});
  set.prepare(ajv);
  const out: Record<string, ValidateFunction> = {};
  for (const [k, ref] of Object.entries(set.exports) as [K, string][]) {
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`botjury: schema ${ref} not found`);
    out[k] = validate as ValidateFunction;
  }
  return out as Record<K, ValidateFunction>;
}
