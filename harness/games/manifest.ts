// A game package checked before botjury uses it: its files (the module or game.json a path or package
// name resolves to: a regular file within a cap, never a device, a pipe or a link loop), and its data
// (schemas/game-manifest.schema.json: names, bounded strings, limits within their maxima, a referee
// command of non-empty words) — for a game.json and for the definition a JavaScript package exports.
// A game package is code (its module or its referee program runs with the user's rights): these
// checks turn its mistakes into one line naming the file, exit 2, not a crash or a hang.
import { validatorsOf, type ValidatorSet } from '../core/precompiled.js';
import { closeSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { describeOsError, FILE_CAPS, FileError, openBoundedFile, readBoundedFile } from '../core/files.js';
import type { GameDefinition } from '../core/game.js';
import { printable } from '../core/printable.js';
import { SCHEMA_DIR } from '../core/paths.js';
import { schemaErrorLine } from '../core/schema-errors.js';
import { createAjv } from '../core/scenario.js';
import type { RefereeManifest } from './process-referee.js';

export class GameModuleError extends Error {
  override name = 'GameModuleError';
}

/**
 * The file `spec` names, as Node resolves it from `fromDir` (a path, or an installed package name),
 * checked to be a regular file botjury may read: the path itself (before Node opens anything: a pipe
 * would hang it, /dev/zero exhaust its memory), a folder's package.json, and the file resolved.
 */
export function resolveGamePackage(spec: string, fromDir: string): string {
  const require = createRequire(path.join(fromDir, 'noop.js'));
  const asPath = spec.startsWith('.') || path.isAbsolute(spec) || exists(path.resolve(fromDir, spec));
  if (asPath) checkPath(path.resolve(fromDir, spec), spec);
  let file: string;
  try {
    file = require.resolve(asPath ? path.resolve(fromDir, spec) : spec);
  } catch {
    throw new GameModuleError(`game module '${spec}': not found (a path to its main file, or an installed package name)`);
  }
  checkFile(file, 'game module', spec);
  return file;
}

/** True when something is at `p` (a link loop too: it is then refused by name, not looked up as a package). */
function exists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ELOOP';
  }
}

function checkPath(abs: string, spec: string): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(abs).isDirectory();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // './game' may name './game.js'
    throw new FileError(`game module ${spec}`, describeOsError(e));
  }
  if (!isFolder) return checkFile(abs, 'game module', spec);
  // Node reads a folder's package.json to find its main file.
  const manifest = path.join(abs, 'package.json');
  if (exists(manifest)) checkFile(manifest, 'game module', path.join(spec, 'package.json'));
}

/** A regular file within the cap (a module of a few MB at most), or a FileError naming it. */
function checkFile(file: string, what: string, shown: string): void {
  closeSync(openBoundedFile(file, FILE_CAPS.gameModule, what, shown).fd);
}

/** A game.json read (bounded), parsed and checked against its schema and itself; errors name the file. */
export function readManifest(file: string, spec: string): RefereeManifest {
  const fail = (reason: string): GameModuleError => new GameModuleError(`game manifest '${spec}': ${reason}`);
  let data: unknown;
  try {
    data = JSON.parse(readBoundedFile(file, FILE_CAPS.scenario, 'game manifest', spec));
  } catch (e) {
    if (e instanceof FileError) throw e;
    // JSON.parse quotes the text around the error: say where only.
    const at = /position (\d+)/.exec((e as Error).message);
    throw fail(`not JSON${at ? ` (at character ${at[1]})` : ''}`);
  }
  const validate = validators().manifest;
  if (!validate(data)) throw fail(schemaErrorLine(validate.errors ?? []));
  const manifest = data as RefereeManifest;
  const problem = crossFieldProblem(manifest) ?? setupSchemaProblem(manifest.setupSchema);
  if (problem) throw fail(problem);
  return manifest;
}

/**
 * What is wrong with the data of a game definition a JavaScript package exports (its profiles, limits,
 * names, goals), or null. Its shape (functions) is the registry's to check.
 */
export function definitionDataProblem(game: GameDefinition): string | null {
  const { id, title, ruleText, roles, profiles, defaultProfile, suiteDir, goals } = game;
  const data = { id, title, ruleText, roles, profiles, defaultProfile, ...(suiteDir !== undefined ? { suiteDir } : {}), ...(goals !== undefined ? { goals } : {}) };
  const validate = validators().definition;
  if (!validate(data)) return schemaErrorLine(validate.errors ?? []);
  return crossFieldProblem(data) ?? (game.setupSchema !== undefined ? setupSchemaProblem(game.setupSchema) : null);
}

function crossFieldProblem(d: Pick<GameDefinition, 'profiles' | 'defaultProfile'>): string | null {
  if (!Object.hasOwn(d.profiles, d.defaultProfile)) return `defaultProfile '${d.defaultProfile}' is not one of its profiles (${Object.keys(d.profiles).join(', ')})`;
  // Names the schema checked (safe to show): a profile is known by its key, and says the same name.
  for (const [key, profile] of Object.entries(d.profiles)) if (profile.name !== key) return `/profiles/${key}/name: '${profile.name}', not its key '${key}'`;
  return null;
}

/** A setupSchema must compile: a scenario's setup is checked against it. */
function setupSchemaProblem(schema: unknown): string | null {
  if (schema === undefined) return null;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return '/setupSchema: must be object';
  try {
    createAjv().compile(schema as object);
    return null;
  } catch (e) {
    return `/setupSchema: not a JSON schema botjury can use (${printable((e as Error).message.split('\n')[0]!, 200)})`;
  }
}

const MANIFEST_ID = 'https://botjury.dev/schemas/game-manifest.schema.json';

/** game.json's schema and its game definition; compiled at build time (precompiled.ts). */
export const MANIFEST_VALIDATORS: ValidatorSet<'manifest' | 'definition'> = {
  name: 'game-manifest',
  files: () => [path.join(SCHEMA_DIR, 'game-manifest.schema.json')],
  exports: { manifest: MANIFEST_ID, definition: `${MANIFEST_ID}#/$defs/definition` },
  prepare: (ajv) => {
    const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, 'game-manifest.schema.json'), 'utf8')) as { $id: string };
    if (schema.$id !== MANIFEST_ID) throw new Error(`game-manifest.schema.json: $id is not ${MANIFEST_ID}`);
    ajv.addSchema(schema);
  },
};

function validators(): { manifest: ValidateFunction; definition: ValidateFunction } {
  return validatorsOf(MANIFEST_VALIDATORS, createAjv);
}
