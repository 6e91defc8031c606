// `botjury list [game]`: the games botjury knows, or what the built-in suite of one game checks — each
// scenario's file, roles, name, the rule it rests on and what it must reach — with the game's roles,
// jury profiles and goals. A game package's title, descriptions, goals and scenarios come from files
// botjury did not write: every such text is shown through printable() (no terminal escapes reach it).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { GameDefinition } from '../core/game.js';
import { goalsOf } from '../core/goals.js';
import { SCENARIO_DIR } from '../core/paths.js';
import { printable } from '../core/printable.js';
import { displayPath, expandScenarioPaths, loadScenario, ScenarioFileError, type Scenario } from '../core/scenario.js';

/** Rule sentences are quoted whole up to this length; longer ones end in "…". */
const MAX_RULE = 240;
/** A name, a title, a line of description or a path is shown whole up to these lengths. */
const MAX_NAME = 60;
const MAX_LINE = 1000;
const MAX_PATH = 500;

const shown = (text: string, max = MAX_LINE): string => printable(text, max);

/** Every game: title, roles, profiles, suite and where it came from (`sources`: the game packages loaded). */
export function listGames(games: readonly GameDefinition[], sources: ReadonlyMap<string, string>, cwd: string): string {
  const lines: string[] = [];
  for (const g of games) {
    const suite = g.suiteDir ?? path.join(SCENARIO_DIR, g.id);
    let count = 0;
    try {
      count = expandScenarioPaths([suite], cwd).length;
    } catch {
      count = 0;
    }
    lines.push(`${shown(g.id, MAX_NAME)} — ${shown(g.title)}`);
    lines.push(`  roles:    ${g.roles.map((r) => shown(r, MAX_NAME)).join(', ')}`);
    for (const [name, p] of Object.entries(g.profiles))
      lines.push(`  profile:  ${shown(name, MAX_NAME)}${name === g.defaultProfile ? ' (default)' : ''} — ${shown(p.description)}`);
    const source = sources.get(g.id);
    lines.push(`  suite:    ${g.suiteDir ? shown(displayPath(g.suiteDir, cwd), MAX_PATH) : `scenarios/${g.id}`}/ (${count} scenario${count === 1 ? '' : 's'})`);
    lines.push(source ? `  from:     game package ${shown(displayPath(source, cwd), MAX_PATH)}` : `  rules:    the official rule text (${shown(path.basename(g.ruleText), MAX_PATH)}; not shipped with botjury)`);
  }
  return `${lines.join('\n')}\n`;
}

export function listGame(game: GameDefinition, games: readonly GameDefinition[], cwd: string): string {
  const lines = [`${shown(game.id, MAX_NAME)} — ${shown(game.title)}`, `  roles:     ${game.roles.map((r) => shown(r, MAX_NAME)).join(', ')}`];
  for (const [name, p] of Object.entries(game.profiles))
    lines.push(`  profile:   ${shown(name, MAX_NAME)}${name === game.defaultProfile ? ' (default)' : ''} — ${shown(p.description)}`);
  const suite = game.suiteDir ?? path.join(SCENARIO_DIR, game.id);
  const files = existsSync(suite) ? expandScenarioPaths([suite], cwd) : [];
  lines.push(`  scenarios: ${files.length} in ${shown(displaySuite(suite, cwd), MAX_PATH)} (botjury check ${shown(game.id, MAX_NAME)} runs them all; -t TEXT selects by name or file)`);
  for (const file of files) {
    let scenario: Scenario;
    try {
      scenario = loadScenario(file, cwd, games);
    } catch (e) {
      if (!(e instanceof ScenarioFileError)) throw e;
      lines.push(`    ${shown(path.basename(file), MAX_PATH)}: invalid (${shown(e.problems[0]!.message)})`);
      continue;
    }
    const roles = scenario.role !== undefined ? shown(scenario.role, MAX_NAME) : `${game.roles.map((r) => shown(r, MAX_NAME)).join(', ')} (each)`;
    lines.push('', `    ${shown(path.basename(file), MAX_PATH)}  [${roles}]`, `      checks: ${shown(scenario.name)}`);
    if (scenario.rule) lines.push(`      rule:   "${shown(scenario.rule, MAX_RULE)}"`);
    if (scenario.reach) lines.push(`      reach:  ${scenario.reach.map((r) => shown(r, MAX_NAME)).join(', ')}`);
    if (scenario.profile) lines.push(`      profile: ${shown(scenario.profile, MAX_NAME)}`);
    if (scenario.requires?.length) lines.push(`      needs:  ${scenario.requires.length} outside file(s); skipped where they are absent`);
  }
  lines.push('', '  goals a scenario can state (reach:):');
  for (const [name, what] of Object.entries(goalsOf(game))) lines.push(`    ${shown(name, MAX_NAME).padEnd(18)} ${shown(what)}`);
  return `${lines.join('\n')}\n`;
}

function displaySuite(suite: string, cwd: string): string {
  const rel = path.relative(cwd, suite);
  return `${rel.startsWith('..') || path.isAbsolute(rel) ? suite : rel}/`;
}
