// A scenario's scripted steps played through the game's referee without a bot, as far as they do not
// depend on what a bot or a built-in opponent chooses. An illegal scripted opponent move, a bot
// expectation no legal answer can meet, or a step out of turn is the scenario's mistake: found before
// any bot runs (by `validate`, and by `run`/`check` before they start), reported at the step's line,
// and never blamed on a bot.
import { DataUnavailable, ScenarioError, type Game, type GameAction, type GameDefinition, type MaybePromise } from './game.js';
import { createRng, numericSeed } from './rng.js';
import { matchesPattern } from './safe-regex.js';
import type { BotExpectation, MoveValue, Scenario, ScenarioProblem, Step } from './scenario.js';

/** At most this many game actions between two steps (a game that never stops is a bug, not a hang). */
const MAX_ACTIONS_PER_STEP = 10_000;

type Decision = Exclude<GameAction, { type: 'send' }>;

/**
 * `checkOpponent` (validate): a scenario without steps has nothing to play through, but its game is
 * still made once per role, so that a built-in opponent the game does not know is reported at its
 * line. run and check skip that (a game made for nothing costs up to tens of ms) and report such a
 * name as each run's harness error, exit 2 as well.
 */
export async function dryRunProblems(scenario: Scenario, game: GameDefinition, options: { checkOpponent?: boolean } = {}): Promise<ScenarioProblem[]> {
  const steps = scenario.steps ?? [];
  if (steps.length === 0 && !(options.checkOpponent && scenario.opponent !== undefined)) return [];
  const roles = scenario.role !== undefined ? [scenario.role] : [...game.roles];
  for (const role of roles) {
    const problem = await dryRunRole(scenario, game, role, steps);
    // one role's mistake is the file's; the others would repeat it
    if (problem) return [problem];
  }
  return [];
}

async function dryRunRole(scenario: Scenario, game: GameDefinition, role: string, steps: Step[]): Promise<ScenarioProblem | null> {
  const profileName = scenario.profile ?? game.defaultProfile;
  if (!Object.hasOwn(game.profiles, profileName)) return null; // reported by the loader
  const at = (step: Step | null, message: string): ScenarioProblem => ({ file: scenario.file, line: step?.srcLine || 1, col: 1, message });
  const create = (opponent: string | undefined): Game =>
    game.createGame({
      bots: [role],
      seed: numericSeed(scenario.seed),
      rng: createRng(scenario.seed),
      setup: scenario.setup,
      scenarioDir: scenario.dir,
      profile: game.profiles[profileName]!,
      ...(opponent !== undefined ? { opponent } : {}),
    });
  let jury: Game;
  try {
    jury = create(scenario.opponent);
  } catch (e) {
    if (e instanceof DataUnavailable) return null;
    if (e instanceof ScenarioError) return (await opponentProblem(scenario, create, e.message)) ?? at(null, e.message);
    throw e;
  }
  if (steps.length === 0) {
    await jury.dispose?.();
    return null;
  }
  /** The next decision; the jury's writes are skipped, a handshake the step is not about answered. */
  const advance = async (step: Step): Promise<Decision> => {
    for (let i = 0; i < MAX_ACTIONS_PER_STEP; i++) {
      const a = await jury.next();
      if (a.type === 'send') continue;
      if (a.type === 'await' && a.request.handshake && !stepIsAboutHandshake(step, a.request.handshake.token)) {
        await jury.answer(role, [a.request.handshake.token]);
        continue;
      }
      return a;
    }
    throw new Error(`${game.id}: no decision after ${MAX_ACTIONS_PER_STEP} actions`);
  };
  try {
    return await walkSteps(jury, role, steps, at, advance);
  } catch (e) {
    if (e instanceof DataUnavailable) return null;
    if (e instanceof ScenarioError) return at(null, e.message);
    throw e;
  } finally {
    await jury.dispose?.();
  }
}

/**
 * A game that refuses to start with the scenario's `opponent:` but starts without it: the name is the
 * mistake, reported where it is written.
 */
async function opponentProblem(scenario: Scenario, create: (opponent: string | undefined) => Game, message: string): Promise<ScenarioProblem | null> {
  if (scenario.opponent === undefined) return null;
  try {
    await create(undefined).dispose?.();
  } catch {
    return null; // something else is wrong too: the message as the game gave it
  }
  const pos = scenario.opponentAt ?? { line: 1, col: 1 };
  return { file: scenario.file, ...pos, message: `opponent: ${message}` };
}

/** The canonical texts of a step's expectation values, looked up synchronously by the helpers below. */
async function canonicalsOf(values: readonly MoveValue[], canonical: (v: MoveValue) => MaybePromise<string>): Promise<(v: MoveValue) => string> {
  const known = new Map<MoveValue, string>();
  for (const v of values) known.set(v, await canonical(v));
  return (v) => known.get(v) ?? String(v);
}

const expectationValues = (e: BotExpectation): MoveValue[] => ('exact' in e ? [e.exact] : 'oneOf' in e ? e.oneOf : []);

async function walkSteps(jury: Game, role: string, steps: Step[], at: (step: Step | null, message: string) => ScenarioProblem, advance: (step: Step) => Promise<Decision>): Promise<ScenarioProblem | null> {
  for (const step of steps) {
    const where = `step ${step.index + 1}`;
    try {
      if (step.kind === 'opponent') {
        const a = await advance(step);
        if (a.type !== 'move') return at(step, `${where}: the scenario scripts an opponent move, but ${describe(a)}`);
        await jury.move(a.seat, await jury.canonicalScenarioMove(a.seat, step.move));
        continue;
      }
      if (step.kind !== 'bot') return null; // what follows depends on the bot or the built-in opponent
      const expect = step.expect;
      const a = await advance(step);
      if (a.type !== 'await') return at(step, `${where}: the scenario expects the bot to answer, but ${describe(a)}`);
      if (a.request.handshake) {
        // The step is about the handshake (advance() answered any other): a correct bot sends the token.
        await jury.answer(role, [a.request.handshake.token]);
        continue;
      }
      const canon = await canonicalsOf(expectationValues(expect), (v) => jury.canonicalScenarioMove(role, v));
      const legal = jury.legalAnswers ? await jury.legalAnswers(role) : undefined;
      if (step.ruled) return ruledProblem(step, expect, steps, legal, canon, a.request.label, (m) => at(step, `${where}: ${m}`));
      if (!legal) return null;
      if ('any' in expect) {
        // A forced answer (one legal move) keeps the game scripted: the dry run follows it.
        if (legal.length !== 1) return null;
        await jury.answer(role, [legal[0]!]);
        continue;
      }
      const problem = expectationProblem(expect, canon, legal);
      if (problem) return at(step, `${where}: ${a.request.label}: ${problem}`);
      const reachable = legalMeeting(expect, canon, legal);
      if (reachable.length > 1) return null; // the bot chooses: the game goes on differently
      await jury.answer(role, [reachable[0]!]);
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

function describe(a: Decision): string {
  switch (a.type) {
    case 'await': return `the jury is waiting for ${a.request.label}`;
    case 'move': return `it is the opponent's turn (${a.seat}, ply ${a.ply})`;
    case 'end': return `the game is already over: ${Object.values(a.endings)[0]?.reason ?? ''}`;
  }
}
