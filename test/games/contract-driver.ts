// Plays a Game directly, no processes: every seat chosen as a bot seat answers with what the game's own
// seeded built-in player would play there (asked of a twin of the game in which no seat has a bot, kept
// in step move by move), every other seat is moved by the built-in player or by a script. Records every
// action, so that two plays can be compared byte for byte, and checks the contract of
// harness/core/game.ts as it goes: the OpenSpiel-style random-play test of every game, which a new game
// gets without writing anything (its built-in player is its random legal play).
import type { Game, GameAction, GameDefinition } from '../../harness/core/game.js';
import { createRng, numericSeed } from '../../harness/core/rng.js';

export interface PlayOptions {
  seed: number;
  bots: readonly string[];
  /** A seat that fails (crash) at its n-th await (1-based). */
  failAt?: { seat: string; await: number };
  /** Moves of the seats without a bot, by seat, in order (a replay of an earlier play). */
  scripts?: Record<string, string[]>;
  /** Answers of the bot seats, by seat, in order (a replay of an earlier play). */
  answers?: Record<string, string[][]>;
  setup?: Record<string, unknown>;
}

export interface Play {
  /** Every action, as text: what went to which seat, who answered what, who moved what, the end. */
  log: string[];
  /** Each seat's moves as played (for a replay). */
  moves: Record<string, string[]>;
  answers: Record<string, string[][]>;
  endings: Record<string, string> | null;
  outcome: unknown;
  reached: Record<string, string[]>;
  /** Contract problems found on the way (must be none). */
  problems: string[];
}

const MAX_ACTIONS = 200_000;
const NAME = 'contract';

export async function play(def: GameDefinition, options: PlayOptions): Promise<Play> {
  const game: Game = def.createGame({
    bots: options.bots, seed: numericSeed(options.seed), rng: createRng(options.seed), setup: options.setup, scenarioDir: '.', profile: def.profiles[def.defaultProfile]!,
  });
  // The twin: the same game and seed with no bot seat; a bot seat's answer is the twin's built-in move.
  const createTwin = (bots: string[]): Game => def.createGame({ bots, seed: numericSeed(options.seed), rng: createRng(options.seed), setup: options.setup, scenarioDir: '.', profile: def.profiles[def.defaultProfile]! });
  let twin = createTwin([]);
  const twins: Game[] = [twin];
  let twinInStep = true;
  /** Every move the twin made, by seat, in order: the game so far, for a twin rebuilt after a failure. */
  const history: Record<string, string[]> = {};
  const twinMove = async (seat: string, move?: string): Promise<string | undefined> => {
    if (!twinInStep) return undefined;
    for (let i = 0; i < MAX_ACTIONS; i++) {
      const t = await twin.next();
      // A rebuilt twin keeps its failed seat as a bot seat: what it is sent is not our business.
      if (t.type === 'send' && t.seat === twinFailed) continue;
      if (t.type === 'send' || t.type === 'await') {
        problem(`with no bot seat the game still ${t.type === 'send' ? 'writes to' : 'awaits'} seat ${t.seat}`);
        twinInStep = false;
        return undefined;
      }
      if (t.type === 'end' || t.seat !== seat) {
        problem(`the game's turn order depends on which seats have bots: with none, the next mover is ${t.type === 'end' ? 'nobody (the end)' : t.seat}, with bots ${seat}`);
        twinInStep = false;
        return undefined;
      }
      const played = await twin.move(seat, move);
      (history[seat] ??= []).push(played);
      return played;
    }
    return undefined;
  };
  let twinFailed: string | null = null;
  /**
   * A seat failed: from here the jury plays on for it as its rules say (N, T, …), which the twin would
   * not. A new twin in which only that seat has a bot is walked through the game so far (the failed
   * seat's answers as given, every other seat's moves as played) and fails it at the same answer: the
   * other bot seats then go on playing the built-in player's moves of the game as it really is.
   */
  const rebuildTwin = async (seat: string, failedAwait: number, given: string[][]): Promise<void> => {
    if (!twinInStep) return;
    const next = createTwin([seat]);
    twins.push(next);
    const used = new Map<string, number>();
    let awaits = 0;
    for (let i = 0; i < MAX_ACTIONS; i++) {
      const t = await next.next();
      if (t.type === 'send') continue;
      if (t.type === 'end' || (t.type === 'await' && t.seat !== seat)) break;
      if (t.type === 'await') {
        if (++awaits === failedAwait) {
          await next.failed(seat, 'crash', t.request.ply);
          twin = next;
          twinFailed = seat;
          return;
        }
        await next.answer(seat, given[awaits - 1] ?? []);
        continue;
      }
      const n = used.get(t.seat) ?? 0;
      used.set(t.seat, n + 1);
      await next.move(t.seat, history[t.seat]?.[n]);
    }
    problem(`a game in which only seat ${seat} has a bot does not reach that seat's answer ${failedAwait} with the same moves`);
    twinInStep = false;
  };
  const log: string[] = [];
  const problems: string[] = [];
  const moves: Record<string, string[]> = {};
  const answers: Record<string, string[][]> = {};
  const awaits = new Map<string, number>();
  const failed = new Set<string>();
  const scriptUsed = new Map<string, number>();
  const answerUsed = new Map<string, number>();
  const bots = new Set(options.bots);
  let endings: Record<string, string> | null = null;
  const problem = (text: string): void => void problems.push(`${def.id} seed ${options.seed} bots [${options.bots.join(',')}]: ${text}`);
  try {
    await game.start?.();
    for (const seat of options.bots) log.push(`files ${seat} ${JSON.stringify(game.files ? await game.files(seat) : {})}`);
    for (let i = 0; i < MAX_ACTIONS && !endings; i++) {
      const a: GameAction = await game.next();
      if (!def.roles.includes(a.type === 'end' ? def.roles[0]! : a.seat)) problem(`an action names seat ${JSON.stringify((a as { seat?: string }).seat)}, not a seat of the game`);
      switch (a.type) {
        case 'send':
          if (!bots.has(a.seat)) problem(`wrote to seat ${a.seat}, which has no bot`);
          if (failed.has(a.seat)) problem(`wrote to seat ${a.seat} after it failed`);
          log.push(`send ${a.seat} ${JSON.stringify(a.lines)}`);
          break;
        case 'await': {
          if (!bots.has(a.seat)) problem(`awaited seat ${a.seat}, which has no bot`);
          if (failed.has(a.seat)) problem(`awaited seat ${a.seat} after it failed`);
          const n = (awaits.get(a.seat) ?? 0) + 1;
          awaits.set(a.seat, n);
          log.push(`await ${a.seat} ply ${a.request.ply}`);
          if (options.failAt && options.failAt.seat === a.seat && options.failAt.await === n) {
            failed.add(a.seat);
            await game.failed(a.seat, 'crash', a.request.ply);
            await rebuildTwin(a.seat, n, answers[a.seat] ?? []);
            log.push(`failed ${a.seat}`);
            break;
          }
          // A seat whose player is out of the game is still asked, but nothing it answers counts (the
          // twin never moves it): its last answer again will do.
          const last = answers[a.seat]?.[answers[a.seat]!.length - 1];
          const lines = a.request.outOfGame !== undefined && last ? last : await answerFor(game, a, options.answers?.[a.seat], answerUsed, twinMove, problem);
          (answers[a.seat] ??= []).push(lines);
          const judgement = await game.answer(a.seat, lines);
          const errors = judgement.violations.filter((v) => (v.severity ?? 'error') === 'error');
          if (!a.request.handshake && errors.length > 0) problem(`a legal answer ${JSON.stringify(lines)} of seat ${a.seat} got ${errors.map((v) => v.code).join(', ')}: ${errors[0]!.message}`);
          log.push(`answer ${a.seat} ${JSON.stringify(lines)} → ${judgement.accepted ? 'accepted' : 'refused'} ${judgement.played ?? ''}`);
          if (judgement.stopBot) failed.add(a.seat);
          break;
        }
        case 'move': {
          if (bots.has(a.seat) && !failed.has(a.seat)) problem(`asked bot seat ${a.seat} to move itself`);
          const script = options.scripts?.[a.seat];
          const used = scriptUsed.get(a.seat) ?? 0;
          const scripted = script && used < script.length ? script[used] : undefined;
          if (scripted !== undefined) scriptUsed.set(a.seat, used + 1);
          const played = await game.move(a.seat, scripted);
          await twinMove(a.seat, played);
          (moves[a.seat] ??= []).push(played);
          log.push(`move ${a.seat} ply ${a.ply} ${played}`);
          break;
        }
        case 'end':
          endings = Object.fromEntries(Object.entries(a.endings).map(([seat, e]) => [seat, e.kind]));
          for (const seat of options.bots) if (!Object.hasOwn(a.endings, seat)) problem(`the game ended with no ending for bot seat ${seat}`);
          for (const seat of Object.keys(a.endings)) if (!bots.has(seat)) problem(`the game ended seat ${seat}, which has no bot`);
          for (const seat of failed) if (a.endings[seat] && a.endings[seat]!.kind !== 'stopped') problem(`seat ${seat} failed, but its ending is ${a.endings[seat]!.kind}, not stopped`);
          log.push(`end ${JSON.stringify(endings)}`);
          break;
      }
    }
    if (!endings) problem(`no end after ${MAX_ACTIONS} actions`);
    const outcome = await game.outcome();
    for (const seat of Object.keys(outcome.scores)) if (!def.roles.includes(seat)) problem(`the outcome scores ${seat}, not a seat`);
    if (outcome.winner !== undefined && !def.roles.includes(outcome.winner)) problem(`the winner ${outcome.winner} is not a seat`);
    const reached: Record<string, string[]> = {};
    for (const seat of options.bots) {
      reached[seat] = game.reached ? [...(await game.reached(seat))].sort() : [];
      const unknown = reached[seat]!.filter((g) => !Object.hasOwn(def.goals ?? {}, g));
      if (unknown.length) problem(`seat ${seat} reached goals the game does not declare: ${unknown.join(', ')}`);
    }
    return { log, moves, answers, endings, outcome, reached, problems };
  } finally {
    await game.dispose?.();
    for (const t of twins) await t.dispose?.();
  }
}

/**
 * A bot seat's answer (as lines): the recorded one in a replay; else the token of a handshake, a name
 * where the answer is not a move, or the move the game's built-in player makes there (checked against
 * the game's legal answers when it lists them).
 */
async function answerFor(game: Game, a: Extract<GameAction, { type: 'await' }>, recorded: string[][] | undefined, used: Map<string, number>,
  twinMove: (seat: string) => Promise<string | undefined>, problem: (text: string) => void): Promise<string[]> {
  const n = used.get(a.seat) ?? 0;
  used.set(a.seat, n + 1);
  const replayed = recorded && n < recorded.length ? recorded[n] : undefined;
  if (a.request.handshake) return replayed ?? [a.request.handshake.token];
  if (a.request.notAMove) return replayed ?? [NAME];
  // The twin moves the seat whatever the answer is, to stay in step.
  const builtIn = await twinMove(a.seat);
  if (replayed) return replayed;
  if (builtIn === undefined) throw new Error(`no answer for seat ${a.seat} at ply ${a.request.ply} (the twin game left the play)`);
  const legal = game.legalAnswers ? await game.legalAnswers(a.seat) : undefined;
  if (legal && !legal.includes(await game.canonical(a.seat, splitAnswer(builtIn, a.request.lines))))
    problem(`the built-in player's move '${builtIn}' for seat ${a.seat} is not among the legal answers the game lists`);
  return splitAnswer(builtIn, a.request.lines);
}

/** A move as the answer's lines: a multi-line answer is its lines joined by spaces (On The Run's four detective cities). */
const splitAnswer = (text: string, lines: number): string[] => (lines === 1 ? [text] : text.split(/\s+/));
