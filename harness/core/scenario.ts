// Scenario files: YAML, validated against schemas/scenario.schema.json (ajv, JSON Schema 2020-12),
// with every problem reported as file:line:col.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Document, Node as YamlNode } from 'yaml';
import { FILE_CAPS, FileError, readBoundedFile } from './files.js';
import type { GameDefinition } from './game.js';
import { goalNameProblem } from './goals.js';
import { closest, didYouMean } from '../cli/suggest.js';
import { PACKAGE_ROOT, SCHEMA_DIR } from './paths.js';
import type { Limits } from './profile.js';
import { patternProblem } from './safe-regex.js';
import { validatorsOf, type ValidatorSet } from './precompiled.js';
import { builtInScenarioRead } from './built-in-scenarios.js';

export type MoveValue = string | number | (string | number)[];

export type BotExpectation =
  | { any: true }
  | { exact: MoveValue }
  | { oneOf: MoveValue[] }
  | { matches: string };

export type Step = { index: number; /** line in the scenario file */ srcLine: number } & (
  | { kind: 'opponent'; move: MoveValue }
  /** `ruled`: the real jury ruled this (recorded) answer a violation; the dry run demands it be one. */
  | { kind: 'bot'; expect: BotExpectation; withinMs?: number; ruled?: string }
  | { kind: 'play'; until: 'end'; withinMs?: number }
  | { kind: 'play'; plies: number; withinMs?: number }
  | { kind: 'quit' }
  | { kind: 'expect-exit'; withinMs?: number }
  | { kind: 'expect-line'; line?: string; matches?: string; withinMs?: number }
  | { kind: 'send'; lines: string[] }
);

export interface Scenario {
  /** Path as the user should see it (relative to the working directory when inside it). */
  file: string;
  dir: string;
  game: string;
  name: string;
  description?: string;
  rule?: string;
  /** Undefined: run once per role of the game. */
  role?: string;
  seed: number | string;
  profile?: string;
  opponent?: string;
  /** Where `opponent:` is written (line, column of its value): a name the game does not know is reported there. */
  opponentAt?: { line: number; col: number };
  tags: string[];
  /** Outside files the scenario needs (absolute paths); missing ones make it skipped. */
  requires?: string[];
  limits?: Limits;
  setup?: Record<string, unknown>;
  /** Goals the run must reach to prove the scenario's point (else it is inconclusive). */
  reach?: string[];
  /** Undefined: play one full game. */
  steps?: Step[];
}

export interface ScenarioProblem {
  file: string;
  line: number;
  col: number;
  message: string;
}

export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';
  constructor(readonly problems: ScenarioProblem[]) {
    super(problems.map(formatProblem).join('\n'));
  }
}

export const formatProblem = (p: ScenarioProblem): string => `${p.file}:${p.line}:${p.col}: ${p.message}`;


let validator: ValidateFunction | undefined;

/**
 * The yaml package, loaded when the first scenario file is read: it is ~85 files, a fifth of botjury's
 * start-up, which --version, help, usage errors, merge, a match and the replay of a transcript never use
 * (each importer calls yaml() where it parses, never imports the package itself). It is
 * CommonJS, so it loads synchronously where it is needed.
 */
let yamlModule: typeof import('yaml') | undefined;
export const yaml = (): typeof import('yaml') => (yamlModule ??= loadYaml());

/** The build's one-file copy of the package (scripts/bundle-cli.mjs: a third of its load time), else the package. */
function loadYaml(): typeof import('yaml') {
  const require = createRequire(import.meta.url);
  const bundled = path.join(PACKAGE_ROOT, 'dist', 'cli', 'yaml.cjs');
  return (existsSync(bundled) ? require(bundled) : require('yaml')) as typeof import('yaml');
}

/** An Ajv for botjury's schemas (all errors, draft 2020-12 keywords only where they are known). */
export function createAjv(options: Record<string, unknown> = {}): import('ajv/dist/2020.js').default {
  // Loaded when first needed: botjury's own schemas come compiled (precompiled.ts), and the whole of
  // ajv is a fifth of botjury's start-up. ajv is CommonJS: its class is the module's `default`.
  const mod = createRequire(import.meta.url)('ajv/dist/2020.js') as { default: new (o: object) => import('ajv/dist/2020.js').default };
  return new mod.default({ allErrors: true, strict: false, ...options });
}

/** The scenario schema with the setup schemas it refers to; compiled at build time (precompiled.ts). */
export const SCENARIO_VALIDATORS: ValidatorSet<'scenario'> = {
  name: 'scenario',
  files: () => [path.join(SCHEMA_DIR, 'scenario.schema.json'), ...setupSchemaFiles()],
  exports: { scenario: pathToFileURL(path.join(SCHEMA_DIR, 'scenario.schema.json')).href },
  // verbose: each error carries the value and the schema it failed, for "did you mean".
  options: { verbose: true },
  prepare: (ajv) => {
    ajv.addFormat('regex', REGEX_FORMAT);
    for (const f of setupSchemaFiles()) {
      const schema = JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
      // Relative $refs resolve against file URLs, as they do in editors.
      ajv.addSchema({ ...schema, $id: pathToFileURL(f).href });
    }
    const main = JSON.parse(readFileSync(path.join(SCHEMA_DIR, 'scenario.schema.json'), 'utf8')) as Record<string, unknown>;
    ajv.addSchema({ ...main, $id: pathToFileURL(path.join(SCHEMA_DIR, 'scenario.schema.json')).href });
  },
};

/** The `regex` format: a pattern JavaScript can compile (precompiled modules import it from formats.cjs). */
export const REGEX_FORMAT = { validate: (s: string): boolean => { try { new RegExp(s); return true; } catch { return false; } } };
/** The `date-time` format of reports: a date JavaScript can read. */
export const DATE_TIME_FORMAT = { validate: (s: string): boolean => !Number.isNaN(Date.parse(s)) };

/** The setup schemas (schemas/setup/*.json), sorted: the scenario schema and the report schemas refer to them. */
export function setupSchemaFiles(): string[] {
  const setupDir = path.join(SCHEMA_DIR, 'setup');
  return readdirSync(setupDir).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(setupDir, f));
}

function schemaValidator(): ValidateFunction {
  validator ??= validatorsOf(SCENARIO_VALIDATORS, createAjv).scenario;
  return validator;
}

/** How a scenario finds a game that is not loaded yet (the registry installs it: game packages). */
let gameResolver: ((id: string, scenarioDir: string) => GameDefinition | undefined) | undefined;
export function setGameResolver(resolve: (id: string, scenarioDir: string) => GameDefinition | undefined): void {
  gameResolver = resolve;
}

const externalSetupValidators = new WeakMap<GameDefinition, ValidateFunction>();

/** A game package's `setup:` checked against the schema it ships (`setupSchema`). */
function externalSetupProblem(game: GameDefinition, setup: unknown): string | null {
  let validate = externalSetupValidators.get(game);
  if (!validate) {
    validate = createAjv({ verbose: true }).compile(game.setupSchema!);
    externalSetupValidators.set(game, validate);
  }
  if (validate(setup)) return null;
  const errors = validate.errors ?? [];
  const allowed = keysAllowed(errors);
  return simplifyErrors(errors).map((e) => describeError(e, allowed)).join('; ');
}

/** Problems of scenario data that did not come from a file (an imported record's header), as `where: message`. */
export function scenarioDataProblems(data: unknown): string[] {
  const validate = schemaValidator();
  if (validate(data)) return [];
  const errors = validate.errors ?? [];
  const allowed = keysAllowed(errors);
  return simplifyErrors(errors).map((e) => describeError(e, allowed));
}

/** Expands files and folders (recursively, *.yaml / *.yml, sorted) into scenario file paths. */
export function expandScenarioPaths(inputs: string[], cwd: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (p: string): void => {
    const st = statSync(p);
    if (st.isDirectory()) {
      // A symbolic link back up the tree must not make the walk endless.
      const real = realpathSync(p);
      if (seen.has(real)) return;
      seen.add(real);
      for (const e of readdirSync(p).sort()) {
        const child = path.join(p, e);
        if (statSync(child).isDirectory() || /\.ya?ml$/.test(e)) walk(child);
      }
    } else out.push(p);
  };
  for (const input of inputs) {
    const abs = path.resolve(cwd, input);
    try {
      statSync(abs);
    } catch {
      throw new ScenarioFileError([{ file: input, line: 1, col: 1, message: 'no such file or folder' }]);
    }
    walk(abs);
  }
  return out;
}

export function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
}

/** Loads and validates one scenario file; throws ScenarioFileError with every problem found. */
export function loadScenario(absPath: string, cwd: string, games: readonly GameDefinition[]): Scenario {
  const file = displayPath(absPath, cwd);
  let text: string;
  try {
    text = readBoundedFile(absPath, FILE_CAPS.scenario, 'scenario', file);
  } catch (e) {
    if (e instanceof FileError) throw new ScenarioFileError([{ file, line: 1, col: 1, message: e.reason }]);
    throw e;
  }
  // One of botjury's own scenarios, as the build read it: no YAML to parse (built-in-scenarios.ts).
  const built = builtInScenarioRead(absPath, text);
  if (built) {
    try {
      return checkedScenario(file, absPath, built, games);
    } catch (e) {
      // A problem is reported where the YAML writes it, which only the YAML knows: read it below.
      if (!(e instanceof ScenarioFileError)) throw e;
    }
  }
  return checkedScenario(file, absPath, readScenarioYaml(file, text), games);
}

/** A scenario file's YAML, read: its value, and where its parts are written. */
export interface ScenarioRead {
  data: unknown;
  /** Line and column of the node at a JSON pointer (`/steps/2`); undefined where the read does not know. */
  at(pointer: string): { line: number; col: number } | undefined;
  /** Line and column of a schema error (an unknown key at the key itself); undefined where the read does not know. */
  errorAt(err: ErrorObject): { line: number; col: number } | undefined;
}

/** Reads a scenario file's YAML; throws ScenarioFileError at the YAML's own errors. */
export function readScenarioYaml(file: string, text: string): ScenarioRead {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number): { line: number; col: number } => lineCounter.linePos(offset);
  if (doc.errors.length > 0) {
    throw new ScenarioFileError(doc.errors.slice(0, 8).map((e) => ({ file, ...at(e.pos[0]), message: yamlMessage(e) })));
  }
  let data: unknown;
  try {
    // Aliases are expanded here: a "billion laughs" file is refused instead of filling the memory.
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    throw new ScenarioFileError([{ file, line: 1, col: 1, message: `the YAML aliases (*name) expand too much (${(e as Error).message.split('\n')[0]!.toLowerCase()})` }]);
  }
  const where = (node: YamlNode | undefined) => (node?.range ? at(node.range[0]) : undefined);
  return { data, at: (pointer) => where(nodeAt(doc, pointer)), errorAt: (err) => where(errorNode(doc, err)) };
}

/** The scenario a file's read value makes, checked against the schema and the game; throws ScenarioFileError. */
function checkedScenario(file: string, absPath: string, read: ScenarioRead, games: readonly GameDefinition[]): Scenario {
  const { data } = read;
  // Every mistake of the file in one pass — the schema's, then the game's (roles, profiles, goals,
  // patterns) as far as the parts they need are valid — sorted by line, each with a suggestion where
  // one is near.
  const problems: ScenarioProblem[] = [];
  const problem = (instancePath: string, message: string): void => {
    problems.push({ file, ...(read.at(instancePath) ?? { line: 1, col: 1 }), message });
  };
  const validate = schemaValidator();
  const schemaErrors = validate(data) ? [] : (validate.errors ?? []);
  const allowedKeys = keysAllowed(schemaErrors);
  for (const err of simplifyErrors(schemaErrors)) problems.push({ file, ...(read.errorAt(err) ?? { line: 1, col: 1 }), message: describeError(err, allowedKeys) });
  const raw = (data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  const wrongAt = (p: string): boolean => schemaErrors.some((e) => e.instancePath === p || e.instancePath.startsWith(`${p}/`));
  // A game id the schema refused is not looked up (nor searched for as an installed package).
  const gameId = typeof raw.game === 'string' && !wrongAt('/game') ? raw.game : undefined;
  const game = gameId === undefined ? undefined : (games.find((g) => g.id === gameId) ?? gameResolver?.(gameId, path.dirname(absPath)));
  if (gameId !== undefined && !game) {
    const near = closest(gameId, games.map((g) => g.id), 1)[0];
    problem('/game', `game '${gameId}' is not known${near ? ` (did you mean '${near}'?)` : ''}: not built in, not loaded with --game-module, and no package botjury-game-${gameId} is installed where the scenario is`);
  }
  const role = (typeof raw.role === 'string' || typeof raw.role === 'number') && !wrongAt('/role') ? String(raw.role) : undefined;
  const reach = Array.isArray(raw.reach) && !wrongAt('/reach') ? (raw.reach as string[]) : undefined;
  if (game) {
    const setupProblem = raw.setup !== undefined && game.setupSchema ? externalSetupProblem(game, raw.setup) : null;
    if (setupProblem) problem('/setup', `setup: ${setupProblem}`);
    if (role !== undefined && !game.roles.includes(role))
      problem('/role', `${game.id} has roles ${game.roles.join(', ')}; '${role}' is not one of them${didYouMean(role, game.roles, (r) => `'${r}'`)}`);
    // Own properties only: `profile: __proto__` or `constructor` must not find Object.prototype.
    if (typeof raw.profile === 'string' && !wrongAt('/profile') && !Object.hasOwn(game.profiles, raw.profile))
      problem('/profile', `${game.id} has profiles ${Object.keys(game.profiles).join(', ')}; not '${raw.profile}'${didYouMean(raw.profile, Object.keys(game.profiles), (n) => `'${n}'`)}`);
    reach?.forEach((g, i) => {
      const why = goalNameProblem(g, game);
      if (why) problem(`/reach/${i}`, `reach: ${why}`);
    });
  }
  const patterns = (Array.isArray(raw.steps) ? (raw.steps as unknown[]) : []).flatMap((s, i) => {
    const o = s as { bot?: { matches?: unknown }; expect?: { matches?: unknown } };
    if (typeof o?.bot?.matches === 'string') return [{ path: `/steps/${i}/bot/matches`, pattern: o.bot.matches }];
    if (typeof o?.expect?.matches === 'string') return [{ path: `/steps/${i}/expect/matches`, pattern: o.expect.matches }];
    return [];
  });
  for (const { path: p, pattern } of patterns) {
    const bad = patternProblem(pattern);
    if (bad) problem(p, `${p.slice(1).replace(/\//g, '.')}: ${bad.message}`);
  }
  if (problems.length > 0) throw new ScenarioFileError(sortProblems(problems));
  if (!game) throw new ScenarioFileError([{ file, line: 1, col: 1, message: 'scenario: missing \'game\'' }]); // the schema requires it

  const opponentAt = raw.opponent !== undefined ? read.at('/opponent') : undefined;
  const steps = Array.isArray(raw.steps)
    ? (raw.steps as unknown[]).map((s, i) => toStep(s, i, read.at(`/steps/${i}`)?.line ?? 0))
    : undefined;
  return {
    file,
    dir: path.dirname(absPath),
    game: game.id,
    name: typeof raw.name === 'string' ? raw.name : path.basename(absPath).replace(/\.ya?ml$/, ''),
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    ...(typeof raw.rule === 'string' ? { rule: raw.rule } : {}),
    ...(role !== undefined ? { role } : {}),
    seed: (raw.seed as number | string | undefined) ?? 0,
    ...(raw.profile !== undefined ? { profile: String(raw.profile) } : {}),
    ...(raw.opponent !== undefined ? { opponent: String(raw.opponent) } : {}),
    ...(opponentAt ? { opponentAt } : {}),
    tags: (raw.tags as string[] | undefined) ?? [],
    requires: ((raw.requires as string[] | undefined) ?? []).map((r) => path.resolve(path.dirname(absPath), r)),
    ...(raw.limits ? { limits: raw.limits as Limits } : {}),
    ...(raw.setup ? { setup: raw.setup as Record<string, unknown> } : {}),
    ...(reach ? { reach } : {}),
    ...(steps ? { steps } : {}),
  };
}

function toStep(s: unknown, index: number, srcLine: number): Step {
  const base = { index, srcLine };
  if (s === 'quit') return { ...base, kind: 'quit' };
  const o = s as Record<string, unknown>;
  const within = typeof o.withinMs === 'number' ? { withinMs: o.withinMs } : {};
  if ('opponent' in o) return { ...base, kind: 'opponent', move: o.opponent as MoveValue };
  if ('bot' in o) {
    const b = o.bot;
    const expect: BotExpectation =
      b === 'any' ? { any: true }
      : b && typeof b === 'object' && !Array.isArray(b) && 'oneOf' in b ? { oneOf: (b as { oneOf: MoveValue[] }).oneOf }
      : b && typeof b === 'object' && !Array.isArray(b) && 'matches' in b ? { matches: (b as { matches: string }).matches }
      : { exact: b as MoveValue };
    return { ...base, kind: 'bot', expect, ...within, ...(typeof o.ruled === 'string' ? { ruled: o.ruled } : {}) };
  }
  if ('play' in o) {
    const p = o.play as { until?: 'end'; plies?: number };
    return p.until ? { ...base, kind: 'play', until: 'end', ...within } : { ...base, kind: 'play', plies: p.plies!, ...within };
  }
  if ('quit' in o) return { ...base, kind: 'quit' };
  if ('send' in o) return { ...base, kind: 'send', lines: Array.isArray(o.send) ? (o.send as string[]) : [String(o.send)] };
  const e = o.expect;
  if (e === 'exit') return { ...base, kind: 'expect-exit', ...within };
  const eo = e as { line?: string; matches?: string };
  return { ...base, kind: 'expect-line', ...(eo.line !== undefined ? { line: eo.line } : {}), ...(eo.matches !== undefined ? { matches: eo.matches } : {}), ...within };
}

/** More aliases than any hand-written scenario uses; far fewer than an expansion attack needs. */
const MAX_ALIAS_COUNT = 100;

/** The YAML library's message, first line, without its advice about its own API. */
function yamlMessage(e: { code: string; message: string }): string {
  if (e.code === 'MULTIPLE_DOCS') return 'a scenario file holds one YAML document; this one has a second (after a --- line)';
  return e.message.split('\n')[0]!.replace(/^(.*?)( at line \d+, column \d+)?:?$/, '$1');
}

/** Where an error belongs: an unknown key at the key itself, everything else at the value. */
function errorNode(doc: Document, err: ErrorObject): YamlNode | undefined {
  const parent = nodeAt(doc, err.instancePath);
  if (err.keyword !== 'additionalProperties' || !yaml().isMap(parent)) return parent;
  const key = (err.params as { additionalProperty: string }).additionalProperty;
  const pair = parent.items.find((it) => (it.key as { value?: unknown })?.value === key);
  return (pair?.key as YamlNode | undefined) ?? parent;
}

function nodeAt(doc: Document, instancePath: string): YamlNode | undefined {
  const { isMap, isSeq } = yaml();
  let node: unknown = doc.contents;
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const part of parts) {
    if (isMap(node)) {
      const pair = node.items.find((it) => (it.key as { value?: unknown })?.value === part);
      if (!pair) return node as YamlNode;
      node = pair.value ?? pair.key;
    } else if (isSeq(node)) {
      const item = node.items[Number(part)];
      if (item === undefined) return node as YamlNode;
      node = item;
    } else break;
  }
  return node as YamlNode | undefined;
}

/**
 * ajv reports every branch of an anyOf; keep the most specific message per location. Where no
 * alternatives are involved (the top level), every error is definite and every unknown key is kept.
 */
function simplifyErrors(errors: ErrorObject[]): ErrorObject[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    const list = byPath.get(e.instancePath) ?? [];
    list.push(e);
    byPath.set(e.instancePath, list);
  }
  // Deepest paths first: a problem inside a step explains the step's anyOf failure.
  const paths = [...byPath.keys()].sort((a, b) => b.split('/').length - a.split('/').length);
  const kept: ErrorObject[] = [];
  const covered = new Set<string>();
  for (const p of paths) {
    const list = byPath.get(p)!;
    const alternatives = list.some((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
    if (!alternatives) {
      const unknownKeys = list.filter((e) => e.keyword === 'additionalProperties');
      kept.push(...unknownKeys);
      if (unknownKeys.length > 0 && unknownKeys.length === list.length) continue;
    }
    if ([...covered].some((c) => c.startsWith(`${p}/`))) continue;
    const specific = list.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && !(!alternatives && e.keyword === 'additionalProperties'));
    const pick = mostCommonUnknownKey(specific) ?? specific.find((e) => e.keyword === 'enum') ?? specific[0] ?? (alternatives ? list[0]! : undefined);
    if (pick) kept.push(pick);
    covered.add(p);
  }
  return kept;
}

/**
 * Among alternatives (`play: { until }` or `{ plies }`), each branch calls the others' keys unknown; the
 * key that is really unknown is the one every branch complains about.
 */
function mostCommonUnknownKey(errors: ErrorObject[]): ErrorObject | undefined {
  const unknown = errors.filter((e) => e.keyword === 'additionalProperties');
  const count = (e: ErrorObject): number =>
    unknown.filter((u) => (u.params as { additionalProperty: string }).additionalProperty === (e.params as { additionalProperty: string }).additionalProperty).length;
  return [...unknown].sort((a, b) => count(b) - count(a))[0];
}

/** In line order (then column); problems on one line keep the order they were found in. */
export function sortProblems(problems: readonly ScenarioProblem[]): ScenarioProblem[] {
  return problems.map((p, i) => ({ p, i })).sort((a, b) => a.p.line - b.p.line || a.p.col - b.p.col || a.i - b.i).map(({ p }) => p);
}

/** The keys the schema allows where it found an unknown one, by place (all alternatives of a step together). */
function keysAllowed(errors: readonly ErrorObject[]): Map<string, Set<string>> {
  const allowed = new Map<string, Set<string>>();
  for (const e of errors) {
    if (e.keyword !== 'additionalProperties') continue;
    const properties = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
    if (!properties || typeof properties !== 'object') continue;
    const set = allowed.get(e.instancePath) ?? new Set<string>();
    for (const key of Object.keys(properties)) set.add(key);
    allowed.set(e.instancePath, set);
  }
  return allowed;
}

function describeError(e: ErrorObject, allowedKeys: ReadonlyMap<string, ReadonlySet<string>> = new Map()): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'scenario';
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      return `${where}: unknown key '${key}'${didYouMean(key, allowedKeys.get(e.instancePath) ?? [], (k) => `'${k}'`)}`;
    }
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      const typed = typeof e.data === 'string' || typeof e.data === 'number' ? String(e.data) : '';
      // One character is one edit from every other: only its other case is a suggestion.
      const candidates = typed.length < 2 ? allowed.map(String).filter((a) => a.toLowerCase() === typed.toLowerCase()) : allowed.map(String);
      const near = typed ? didYouMean(typed, candidates, (v) => JSON.stringify(allowed.find((a) => String(a) === v))) : '';
      return `${where}: must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}${near}`;
    }
    case 'required':
      return `${where}: missing '${(e.params as { missingProperty: string }).missingProperty}'`;
    case 'const':
      return `${where}: must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    default:
      return `${where}: ${e.message ?? 'is not valid'}`;
  }
}
