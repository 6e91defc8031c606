// A scenario's scripted steps played through the game's referee without a bot, as far as they do not
// depend on what a bot or a built-in opponent chooses. An illegal scripted opponent move, a bot
// expectation no legal answer can meet, or a step out of turn is the scenario's mistake: found before
// any bot runs (by `validate`, and by `run`/`check` before they start), reported at the step's line,
// and never blamed on a bot.
import { DataUnavailable, ScenarioError, type GameDefinition, type JuryAction, type Referee } from './game.js';
import { createRng, numericSeed } from './rng.js';
import { matchesPattern } from './safe-regex.js';
import type { BotExpectation, MoveValue, Scenario, ScenarioProblem, Step } from './scenario.js';

/** At most this many referee actions between two steps (a referee that never stops is a bug, not a hang). */
const MAX_ACTIONS_PER_STEP = 10_000;

export function dryRunProblems(scenario: Scenario, game: GameDefinition): ScenarioProblem[] {
  const steps = scenario.steps;
  if (!steps || steps.length === 0) return [];
  const roles = scenario.role !== undefined ? [scenario.role] : [...game.roles];
  const problems: ScenarioProblem[] = [];
  for (const role of roles) {
    const problem = dryRunRole(scenario, game, role, steps);

    if (problem) {
      problems.push(problem);
      break; // one role's mistake is the file's; the others would repeat it
    }
  }
  return problems;
}

function dryRunRole(scenario: Scenario, game: GameDefinition, role: string, steps: Step[]): ScenarioProblem | null {
  const at = (step: Step | null, message: string): ScenarioProblem => ({ file: scenario.file, line: step?.srcLine || 1, col: 1, message });
  let referee: Referee | null;
  try {
    referee = createReferee(scenario, game, role);
  } catch (e) {
    if (e instanceof ScenarioError) return at(null, e.message);
    throw e;
  }
  if (!referee) return null;
  try {
    return walkSteps(referee, steps, at, (step) => advance(referee, game, step));
  } finally {
    referee.dispose?.();
  }
}

/** The scenario's referee for one role; null where the loader reports the problem or outside data is missing. */
function createReferee(scenario: Scenario, game: GameDefinition, role: string): Referee | null {
  const profileName = scenario.profile ?? game.defaultProfile;
  if (!Object.hasOwn(game.profiles, profileName)) return null; // reported by the loader
  try {
    return game.createReferee({
      role,
      seed: numericSeed(scenario.seed),
      rng: createRng(scenario.seed),
      setup: scenario.setup,
      scenarioDir: scenario.dir,
      profile: game.profiles[profileName]!,
      ...(scenario.opponent !== undefined ? { opponent: scenario.opponent } : {}),
    });
  } catch (e) {
    if (e instanceof DataUnavailable) return null;
    throw e;
  }
}

/** The next action that needs a decision; the jury's writes are skipped, a handshake the step is not about answered. */
function advance(referee: Referee, game: GameDefinition, step: Step): JuryAction {
  for (let i = 0; i < MAX_ACTIONS_PER_STEP; i++) {
    const a = referee.next();
    if (a.type === 'send') continue;
    if (a.type === 'await' && a.request.handshake && !stepIsAboutHandshake(step, a.request.handshake.token)) {
      referee.answer([a.request.handshake.token]);
      continue;
    }
    return a;
  }
  throw new Error(`${game.id} referee: no decision after ${MAX_ACTIONS_PER_STEP} actions`);
}

/** Actions a shadow play of a scenario's steps takes at most (a whole game for `play: { until: end }`). */
const MAX_SHADOW_ACTIONS = 5000;

/**
 * The plies of the answers the bot owes in each step of a scenario, in one role: the steps played
 * through the referee without a bot, each bot answer the expected one or the first legal one, the
 * opponent scripted or built in. Which moves a real bot chooses changes the game, not how its plies
 * are numbered, so a verdict's ply finds its step here (harness/core/step-of.ts). The list of a step
 * stays short where the shadow game cannot go on (no legal answers listed, the game ended earlier).
 */
export function stepAnswerPlies(scenario: Scenario, game: GameDefinition, role: string): number[][] | undefined {
  const steps = scenario.steps;
  if (!steps || steps.length === 0) return undefined;
  let referee: Referee | null;
  try {
    referee = createReferee(scenario, game, role);
  } catch {
    return undefined;
  }
  if (!referee) return undefined;
  const plies: number[][] = steps.map(() => []);
  let budget = MAX_SHADOW_ACTIONS;
  try {
    for (const [i, step] of steps.entries()) {
      const decisions = step.kind === 'opponent' || step.kind === 'bot' ? 1 : step.kind === 'play' ? ('plies' in step ? step.plies : Infinity) : 0;
      for (let made = 0; made < decisions && budget > 0; budget--) {
        const a = referee.next();
        if (a.type === 'send') continue;
        if (a.type === 'end') return plies;
        if (a.type === 'opponent') {
          referee.opponent(step.kind === 'opponent' ? referee.canonicalScenarioMove(step.move) : undefined);
          made++;
          continue;
        }
        plies[i]!.push(a.request.ply);
        const handshake = a.request.handshake;
        const answer = handshake ? handshake.token : shadowAnswer(referee, step, a.request.notAMove === true);
        if (answer === undefined) return plies;
        referee.answer([answer]);
        // A handshake the step is not about is answered on the way, as the session does.
        if (!handshake || stepIsAboutHandshake(step, handshake.token)) made++;
      }
    }
    return plies;
  } catch {
    return plies; // the shadow game could not go on: what it found stands
  } finally {
    referee.dispose?.();
  }
}

/** The answer a shadow play gives: the one a step expects, else the first legal one, else any name for a name. */
function shadowAnswer(referee: Referee, step: Step, notAMove: boolean): string | undefined {
  if (step.kind === 'bot' && 'exact' in step.expect) return referee.canonicalScenarioMove(step.expect.exact);
  if (step.kind === 'bot' && 'oneOf' in step.expect) return referee.canonicalScenarioMove(step.expect.oneOf[0]!);
  const legal = referee.legalAnswers?.();
  if (legal && legal.length > 0) return step.kind === 'bot' && 'matches' in step.expect ? legal.find((l) => matchesPattern((step.expect as { matches: string }).matches, l)) : legal[0];
  return notAMove ? 'botjury' : undefined;
}

/**
 * The ply of the first decision of a scenario's first step in one role (the opponent's move or the
 * bot's answer it scripts): where the step plies of a run start counting. Undefined when the
 * scenario has no steps or the game cannot be set up here.
 */
export function firstStepPly(scenario: Scenario, game: GameDefinition, role: string): number | undefined {
  const first = scenario.steps?.[0];
  if (!first) return undefined;
  let referee: Referee | null;
  try {
    referee = createReferee(scenario, game, role);
  } catch {
    return undefined; // a scenario the dry run refuses never runs
  }
  if (!referee) return undefined;
  try {
    const a = advance(referee, game, first);
    return a.type === 'opponent' ? a.ply : a.type === 'await' ? a.request.ply : undefined;
  } catch {
    return undefined;
  } finally {
    referee.dispose?.();
  }
}

function walkSteps(referee: Referee, steps: Step[], at: (step: Step | null, message: string) => ScenarioProblem, advance: (step: Step) => JuryAction): ScenarioProblem | null {
  const canon = (v: MoveValue): string => referee.canonicalScenarioMove(v);
  for (const step of steps) {
    const where = `step ${step.index + 1}`;
    try {
      if (step.kind === 'opponent') {
        const a = advance(step);
        if (a.type !== 'opponent') return at(step, `${where}: the scenario scripts an opponent move, but ${describe(a)}`);
        referee.opponent(canon(step.move));
        continue;
      }
      if (step.kind !== 'bot') return null; // what follows depends on the bot or the built-in opponent
      const expect = step.expect;
      const a = advance(step);
      if (a.type !== 'await') return at(step, `${where}: the scenario expects the bot to answer, but ${describe(a)}`);
      if (a.request.handshake) {
        // The step is about the handshake (advance() answered any other): a correct bot sends the token.
        referee.answer([a.request.handshake.token]);
        continue;
      }
      if (step.ruled) return ruledProblem(step, expect, steps, referee.legalAnswers?.(), canon, a.request.label, (m) => at(step, `${where}: ${m}`));
      const legal = referee.legalAnswers?.();
      if (!legal) return null;
      if ('any' in expect) {
        // A forced answer (one legal move) keeps the game scripted: the dry run follows it.
        if (legal.length !== 1) return null;
        referee.answer([legal[0]!]);
        continue;
      }
      const problem = expectationProblem(expect, canon, legal);
      if (problem) return at(step, `${where}: ${a.request.label}: ${problem}`);
      const reachable = legalMeeting(expect, canon, legal);
      if (reachable.length > 1) return null; // the bot chooses: the game goes on differently
      referee.answer([reachable[0]!]);
    } catch (e) {
      if (e instanceof ScenarioError) return at(step, `${where}: ${e.message}`);
      throw e;
    }
  }
  return null;
}

/**
 * A recorded answer the real jury ruled illegal ends the recorded game: it must be the last step,
 * name the move, and be illegal here (a legal one means the record or the scenario is wrong).
 */
function ruledProblem(step: Step & { kind: 'bot' }, expect: BotExpectation, steps: Step[], legal: readonly string[] | undefined,
  canon: (v: MoveValue) => string, label: string, problem: (m: string) => ScenarioProblem): ScenarioProblem | null {
  if (!('exact' in expect)) return problem(`'ruled: ${step.ruled}' needs the recorded move itself as the expectation`);
  if (step.index !== steps.length - 1) return problem(`'ruled: ${step.ruled}' ends the game, so it must be the last step`);
  const move = canon(expect.exact);
  if (legal?.includes(move)) return problem(`${label}: the scenario says the jury ruled '${move}' ${step.ruled}, but it is legal here`);
  return null;
}

/**
 * Whether a step is about the handshake the jury waits for (READY), or about the first move after it:
 * a `bot:` step that the token meets is the handshake's; any other step finds the handshake done.
 */
export function stepIsAboutHandshake(step: Step, token: string): boolean {
  if (step.kind !== 'bot') return false;
  const e = step.expect;
  const canon = (v: MoveValue): string => String(Array.isArray(v) ? v[0] : v).trim();
  if ('any' in e) return true;
  if ('exact' in e) return canon(e.exact) === token;
  if ('oneOf' in e) return e.oneOf.some((v) => canon(v) === token);
  return matchesPattern(e.matches, token);
}

/** The legal answers that meet a bot expectation. */
function legalMeeting(expect: BotExpectation, canon: (v: MoveValue) => string, legal: readonly string[]): string[] {
  if ('any' in expect) return [...legal];
  if ('matches' in expect) return legal.filter((l) => matchesPattern(expect.matches, l));
  const wanted = 'exact' in expect ? [canon(expect.exact)] : expect.oneOf.map(canon);
  return wanted.filter((w) => legal.includes(w));
}

/**
 * Why no legal answer can meet the expectation (the scenario's mistake, with a suggestion when only
 * the case differs: E5*C3 → e5*c3), or null when some can.
 */
export function expectationProblem(expect: BotExpectation, canon: (v: MoveValue) => string, legal: readonly string[]): string | null {
  if (legalMeeting(expect, canon, legal).length > 0) return null;
  const wanted = 'exact' in expect ? [canon(expect.exact)] : 'oneOf' in expect ? expect.oneOf.map(canon) : null;
  const near = wanted?.map((w) => legal.find((l) => l.toLowerCase() === w.toLowerCase())).find((l) => l !== undefined);
  const shown = legal.length <= 12 ? legal.join(', ') : `${legal.slice(0, 12).join(', ')} … (${legal.length} in all)`;
  const what = wanted ? wanted.map((w) => `'${w}'`).join(' or ') : `an answer matching /${(expect as { matches: string }).matches}/`;
  return `the scenario expects ${what}, but no legal answer here can be that${near ? ` (did you mean '${near}'?)` : ''}; legal here: ${shown}`;
}

function describe(a: JuryAction): string {
  switch (a.type) {
    case 'await': return `the jury is waiting for ${a.request.label}`;
    case 'opponent': return `it is the opponent's turn (${a.player}, ply ${a.ply})`;
    case 'end': return `the game is already over: ${a.ending.reason}`;
    case 'send': return 'the jury is writing to the bot';
  }
}
