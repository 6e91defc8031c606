// The schemas compiled at build time (dist/validators) judge exactly as the schemas compiled at run
// time: same verdict, same errors, on every scenario botjury ships and on broken ones; a module whose
// schema files changed since the build is not used.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as yamlPackage from 'yaml';
import { parse } from 'yaml';
import { builtValidators, compileNow, validatorSource, validatorsOf, type ValidatorSet } from '../../harness/core/precompiled.js';
import { createAjv, SCENARIO_VALIDATORS, yaml } from '../../harness/core/scenario.js';
import { REFEREE_VALIDATORS } from '../../harness/games/process-referee.js';
import { MANIFEST_VALIDATORS } from '../../harness/games/manifest.js';
import { MATCH_REPORT_VALIDATORS } from '../../harness/match/merge.js';
import { MATCH_TRANSCRIPT_VALIDATORS } from '../../harness/tools/match-transcript.js';
import { TRANSCRIPT_VALIDATORS } from '../../harness/tools/transcript.js';
import { TOURNAMENT_VALIDATORS } from '../../harness/tournament/schemas.js';
import { ROOT, runCli, scratchDir } from '../helpers.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.yaml')).map((e) => path.join(e.parentPath, e.name));
}

/** Each value judged by both: the verdict and the errors, which reports quote. */
function judgedAlike<K extends string>(set: ValidatorSet<K>, kind: K, values: unknown[]): void {
  const built = validatorsOf(set, createAjv)[kind];
  const now = compileNow(set, createAjv)[kind];
  expect(validatorSource(set.name)).toBe('build');
  let failures = 0;
  for (const v of values) {
    const a = built(v);
    const b = now(v);
    expect(a, JSON.stringify(v).slice(0, 200)).toBe(b);
    expect(built.errors ?? null).toEqual(now.errors ?? null);
    if (!a) failures++;
  }
  expect(failures).toBeGreaterThan(0); // the corpus has broken values too: the comparison is not vacuous
}

let scratchFolder: string | undefined;
const scratch = (): string => (scratchFolder ??= scratchDir('botjury-precompiled-'));
afterAll(() => { if (scratchFolder) rmSync(scratchFolder, { recursive: true, force: true }); });

describe('precompiled schemas', () => {
  it('scenario: every shipped scenario and broken ones, same verdict and errors', () => {
    const files = [...yamlFiles(path.join(ROOT, 'scenarios')), ...yamlFiles(path.join(ROOT, 'test/fixtures/scenarios'))];
    const docs = files.map((f) => parse(readFileSync(f, 'utf8')) as Record<string, unknown>);
    expect(docs.length).toBeGreaterThan(40);
    const broken = [
      { game: 'alquerque', steps: [{ bot: { matches: '(' } }] },
      { game: 'alquerque', stpes: [] },
      { game: 'javachallenge2015', setup: { placements: 7 } },
      { game: 'amazes', limits: { moveMs: -1 } },
      'not a scenario',
    ];
    judgedAlike(SCENARIO_VALIDATORS, 'scenario', [...docs, ...broken]);
  });

  it('referee protocol and game manifest: same verdict and errors', () => {
    judgedAlike(REFEREE_VALIDATORS, 'startAnswer', [{ ok: true }, { ok: true, then: [{ type: 'await', seat: 'a' }] }, { ok: 1 }, { then: 'x' }, { ok: true, extra: 1 }]);
    judgedAlike(REFEREE_VALIDATORS, 'answerAnswer', [{ accepted: true }, { accepted: 'yes' }, { accepted: true, violations: [{ code: 'crash', message: 'x' }] }]);
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'examples/games/alquerque-py/game.json'), 'utf8')) as Record<string, unknown>;
    judgedAlike(MANIFEST_VALIDATORS, 'manifest', [manifest, { ...manifest, protocol: 1 }, { ...manifest, id: 'Bad Id' }, {}]);
  });

  it('referee answers: an action or an ending of a kind the protocol does not have is refused by its tag, whatever the tag (a name of Object.prototype, a number, none); every kind it has passes', () => {
    const answer = (action: unknown) => ({ judgement: { accepted: true, violations: [] }, then: [action] });
    const end = (ending: unknown) => answer({ type: 'end', endings: { white: ending } });
    const good = [
      answer({ type: 'send', seat: 'white', lines: ['Start'], ply: 1 }),
      answer({ type: 'await', seat: 'white', request: { ply: 1, label: 'move 1', lines: 1, timer: 'move', maxLineBytes: 256, unaskedLines: 'discard' } }),
      answer({ type: 'move', seat: 'black', ply: 2, choose: ['d5-d4'], proposal: { played: 'd5-d4', then: [{ type: 'send', seat: 'white', lines: ['d5-d4'] }] } }),
      ...['self-exit', 'stopped'].map((kind) => end({ kind, reason: 'r' })),
      end({ kind: 'quit', reason: 'r', lines: ['Quit'] }),
      end({ kind: 'close', reason: 'r', mustBeRunning: false }),
    ];
    const bad = [
      ...['teleport', '__proto__', 'constructor', 'toString', 5, null].map((type) => answer({ type, seat: 'white', lines: [] })),
      answer({ seat: 'white', lines: [] }),
      ...['constructor', '__proto__', 'exit'].map((kind) => end({ kind, reason: 'r' })),
    ];
    const validate = validatorsOf(REFEREE_VALIDATORS, createAjv).answerAnswer;
    for (const v of good) expect(validate(v), JSON.stringify(validate.errors)).toBe(true);
    for (const v of bad) {
      expect(validate(v), JSON.stringify(v)).toBe(false);
      // Judged by the one branch the tag names (the discriminator), not by trying every branch.
      expect(validate.errors?.[0]).toMatchObject({ keyword: 'discriminator' });
    }
    judgedAlike(REFEREE_VALIDATORS, 'answerAnswer', [...good, ...bad]);
  });

  it('reports, transcripts and tournament files (merge, replay, resume read them from anywhere): same verdict and errors on real files and broken copies', async () => {
    const dir = scratch();
    const file = (name: string): string => path.join(dir, name);
    const bots = ['--', 'node', 'examples/alquerque/js/bot.js', '--', 'python3', 'test/fixtures/bots/alquerque-random.py'];
    for (const args of [
      ['match', 'alquerque', '--games', '2', '--reporter', `json=${file('match.json')}`, '--transcript', file('match.jsonl'), ...bots],
      ['tournament', 'alquerque', '--rounds', '1', '--reporter', `json=${file('tournament.json')}`, '--state', file('state.jsonl'), ...bots],
      ['check', 'alquerque', '--transcript', file('check.json'), '--', 'node', 'examples/alquerque/js/bot.js'],
    ]) {
      const r = await runCli(args);
      expect(r.code, r.stderr + r.stdout).toBeLessThan(2);
    }
    const json = (name: string): any => JSON.parse(readFileSync(file(name), 'utf8'));
    const lines = (name: string): any[] => readFileSync(file(name), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    /** The value and copies of it each broken in one place. */
    const brokenCopies = (value: any, breaks: ((v: any) => void)[]): unknown[] => [value, ...breaks.map((b) => { const v = structuredClone(value); b(v); return v; })];
    const anyValue: ((v: any) => void)[] = [(v) => (v.extra = 1), (v) => { for (const k of Object.keys(v).slice(0, 2)) delete v[k]; }, (v) => { const k = Object.keys(v)[0]!; v[k] = { wrong: [1] }; }];

    const match = json('match.json');
    judgedAlike(MATCH_REPORT_VALIDATORS, 'report', brokenCopies(match, [...anyValue, (v) => (v.games[0].index = '0'), (v) => (v.startedAt = 'yesterday'), (v) => (v.standings = [])]));
    judgedAlike(MATCH_REPORT_VALIDATORS, 'game', brokenCopies(match.games[0], [...anyValue, (g) => (g.seats[0].result = '__proto__')]));
    const transcript = json('check.json');
    const run = transcript.runs[0];
    judgedAlike(MATCH_REPORT_VALIDATORS, 'transcriptEntry', brokenCopies(run.transcript[0], anyValue));
    judgedAlike(TRANSCRIPT_VALIDATORS, 'transcript', brokenCopies(transcript, [...anyValue, (t) => (t.runs[0].transcript[0].atMs = -1)]));
    judgedAlike(TRANSCRIPT_VALIDATORS, 'run', brokenCopies(run, anyValue));
    const [header, ...games] = lines('match.jsonl');
    judgedAlike(MATCH_TRANSCRIPT_VALIDATORS, 'header', brokenCopies(header, anyValue));
    judgedAlike(MATCH_TRANSCRIPT_VALIDATORS, 'game', brokenCopies(games[0], anyValue));
    const tournament = json('tournament.json');
    judgedAlike(TOURNAMENT_VALIDATORS, 'tournament-report', brokenCopies(tournament, [...anyValue, (t) => (t.standings[0].wins = -1)]));
    judgedAlike(TOURNAMENT_VALIDATORS, 'tournament-game', brokenCopies(tournament.games[0], anyValue));
    judgedAlike(TOURNAMENT_VALIDATORS, 'match-report', brokenCopies(match, anyValue));
    const [stateHeader, ...stateLines] = lines('state.jsonl');
    judgedAlike(TOURNAMENT_VALIDATORS, 'state-header', brokenCopies(stateHeader, anyValue));
    judgedAlike(TOURNAMENT_VALIDATORS, 'state-line', brokenCopies(stateLines[0], anyValue));
  }, 120_000);

  it('a module whose schema files changed since the build is not used', () => {
    const changed: ValidatorSet<'scenario'> = { ...SCENARIO_VALIDATORS, files: () => [...SCENARIO_VALIDATORS.files(), path.join(ROOT, 'package.json')] };
    expect(builtValidators(SCENARIO_VALIDATORS)).not.toBeNull();
    expect(builtValidators(changed)).toBeNull();
  });
});

describe("the build's one-file copy of yaml (dist/cli/yaml.cjs)", () => {
  it('is the yaml botjury loads, and reads every shipped scenario and broken YAML as the package does', () => {
    const bundled = createRequire(import.meta.url)(path.join(ROOT, 'dist', 'cli', 'yaml.cjs')) as typeof yamlPackage;
    expect(yaml()).toBe(bundled);
    const texts = [...yamlFiles(path.join(ROOT, 'scenarios')), ...yamlFiles(path.join(ROOT, 'test/fixtures/scenarios'))].map((f) => readFileSync(f, 'utf8'));
    texts.push('a: [1, 2', 'a: 1\na: 2', '- x\ny: 1', 'k: "unterminated', '\t- tab', '&a x: *b');
    let broken = 0;
    const read = (y: typeof yamlPackage, text: string) => {
      const doc = y.parseDocument(text, { uniqueKeys: true, prettyErrors: true });
      let value: unknown;
      try {
        value = doc.errors.length ? null : doc.toJS();
      } catch (e) {
        value = `throws: ${(e as Error).message}`; // an alias to no anchor
      }
      return { value, errors: doc.errors.map((e) => [e.code, e.message, e.linePos]), warnings: doc.warnings.map((e) => e.message) };
    };
    for (const text of texts) {
      const a = read(bundled, text);
      expect(a, text.slice(0, 80)).toEqual(read(yamlPackage, text));
      if (a.errors.length) broken++;
    }
    expect(broken).toBeGreaterThan(3); // broken texts too: the comparison is not vacuous
  });
});
