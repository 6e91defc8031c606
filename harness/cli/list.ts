// `botjury list <game>`: what the built-in suite of one game checks — each scenario's file, roles,
// name, the rule it rests on and what it must reach — with the game's roles, jury profiles and goals.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { GameDefinition } from '../core/game.js';
import { goalsOf } from '../core/goals.js';
import { SCENARIO_DIR } from '../core/paths.js';
import { expandScenarioPaths, loadScenario, ScenarioFileError, type Scenario } from '../core/scenario.js';

/** Rule sentences are quoted whole up to this length; longer ones end in "…". */
const MAX_RULE = 240;

export function listGame(game: GameDefinition, games: readonly GameDefinition[], cwd: string): string {
  const lines = [`${game.id} — ${game.title}`, `  roles:     ${game.roles.join(', ')}`];
  for (const [name, p] of Object.entries(game.profiles))
    lines.push(`  profile:   ${name}${name === game.defaultProfile ? ' (default)' : ''} — ${p.description}`);
  const suite = game.suiteDir ?? path.join(SCENARIO_DIR, game.id);
  const files = existsSync(suite) ? expandScenarioPaths([suite], cwd) : [];
  lines.push(`  scenarios: ${files.length} in ${displaySuite(suite, cwd)} (botjury check ${game.id} runs them all; -t TEXT selects by name or file)`);
  for (const file of files) {
    let scenario: Scenario;
    try {
      scenario = loadScenario(file, cwd, games);
    } catch (e) {
      if (!(e instanceof ScenarioFileError)) throw e;
      lines.push(`    ${path.basename(file)}: invalid (${e.problems[0]!.message})`);
      continue;
    }
    const roles = scenario.role !== undefined ? scenario.role : `${game.roles.join(', ')} (each)`;
    lines.push('', `    ${path.basename(file)}  [${roles}]`, `      checks: ${scenario.name}`);
    if (scenario.rule) lines.push(`      rule:   "${scenario.rule.length > MAX_RULE ? `${scenario.rule.slice(0, MAX_RULE)}…` : scenario.rule}"`);
    if (scenario.reach) lines.push(`      reach:  ${scenario.reach.join(', ')}`);
    if (scenario.profile) lines.push(`      profile: ${scenario.profile}`);
    if (scenario.requires?.length) lines.push(`      needs:  ${scenario.requires.length} outside file(s); skipped where they are absent`);
  }
  lines.push('', '  goals a scenario can state (reach:):');
  for (const [name, what] of Object.entries(goalsOf(game))) lines.push(`    ${name.padEnd(18)} ${what}`);
  return `${lines.join('\n')}\n`;
}

function displaySuite(suite: string, cwd: string): string {
  const rel = path.relative(cwd, suite);
  return `${rel.startsWith('..') || path.isAbsolute(rel) ? suite : rel}/`;
}
