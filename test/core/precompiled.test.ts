// The schemas compiled at build time (dist/validators) judge exactly as the schemas compiled at run
// time: same verdict, same errors, on every scenario botjury ships and on broken ones; a module whose
// schema files changed since the build is not used.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { builtValidators, compileNow, validatorSource, validatorsOf, type ValidatorSet } from '../../harness/core/precompiled.js';
import { createAjv, SCENARIO_VALIDATORS } from '../../harness/core/scenario.js';
import { REFEREE_VALIDATORS } from '../../harness/games/process-referee.js';
import { MANIFEST_VALIDATORS } from '../../harness/games/manifest.js';
import { ROOT } from '../helpers.js';

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

  it('a module whose schema files changed since the build is not used', () => {
    const changed: ValidatorSet<'scenario'> = { ...SCENARIO_VALIDATORS, files: () => [...SCENARIO_VALIDATORS.files(), path.join(ROOT, 'package.json')] };
    expect(builtValidators(SCENARIO_VALIDATORS)).not.toBeNull();
    expect(builtValidators(changed)).toBeNull();
  });
});
