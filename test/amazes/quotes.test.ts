// Every rule sentence a verdict or a scenario cites is quoted verbatim from the rule text; a quote
// may join several passages with " ... ".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DISCOVERY_RULES } from '../../harness/games/amazes/discovery.js';
import { MAZE_RULES } from '../../harness/games/amazes/maze.js';
import { RULES } from '../../harness/games/amazes/rules.js';
import { HAS_SHARED, needsShared, ROOT, SHARED } from '../helpers.js';

const ruleText = !HAS_SHARED ? '' : readFileSync(path.join(SHARED, 'rules', 'amazes.codecup2010.txt'), 'utf8').replace(/\s+/g, ' ');
const quoted = (q: string): boolean => q.split(' ... ').every((part) => ruleText.includes(part.replace(/\s+/g, ' ')));

describe.skipIf(!HAS_SHARED)(needsShared('quotes'), () => {
  it('every rule sentence a verdict cites is verbatim from the rule text', () => {
    for (const q of [...Object.values(RULES), ...Object.values(DISCOVERY_RULES), ...Object.values(MAZE_RULES)]) expect(quoted(q), q).toBe(true);
  });

  it('every built-in scenario quotes its rule verbatim', () => {
    const dir = path.join(ROOT, 'scenarios', 'amazes');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
      const rule = (parse(readFileSync(path.join(dir, file), 'utf8')) as { rule?: string }).rule;
      expect(rule, file).toBeDefined();
      expect(quoted(rule!), `${file}: ${rule}`).toBe(true);
    }
  });
});
