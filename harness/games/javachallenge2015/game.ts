// The JavaChallenge2015 engine for one game, for all four players at once: one board, the bot seats
// spoken to over the wire (wire.ts), every other player moved by botjury (scripted from the scenario
// or the match, or a built-in seeded opponent).
//
// What the engine does and this game reproduces (shared/jury-facts.md):
//   - it awaits READY of each bot in id order, one after another, before T=0; nothing is sent to a
//     bot before its READY; the player of a bot that fails READY, times out or dies stays on the
//     board doing N, for everyone (one board);
//   - each turn only the turn player gets a message, and must answer within the limit even when it has
//     fallen or is cooling down (those answers are ignored / replaced by N);
//   - a bad answer plays N and the bot goes on; the game ends by closing the bots' input.
import { scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type Game, type GameAction, type GameContext, type Judgement, type Outcome } from '../../core/game.js';
import type { BotLine } from '../../core/lines.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { chooseAction, DEFAULT_OPPONENT, OPPONENT_NAMES, type OpponentName } from './opponents.js';
import {
  applyTurn, isAction, isFinished, PLAYER_COUNT, playersOnBoard, result, RULES, turnPlayer, type Action, type GameState, type TurnReport,
} from './rules.js';
import { buildSetup, parseScriptedAction, type OpponentPlan } from './setup.js';
import { actionRequest, handshakeRequest, parseAnswer, READY, turnMessage } from './wire.js';

const PLAYER_IDS = Array.from({ length: PLAYER_COUNT }, (_, id) => id);

/** What the engine is waiting for now: a bot's READY or action, or botjury's move for a player without a bot. */
type Waiting = { id: number; kind: 'ready' | 'action' | 'move' } | null;

/** Why a player's bot no longer takes part, and since when (the same text in every seat: goneText). */
interface Gone {
  code: string;
  turn: number;
  fallen: boolean;
}

export class JavaChallenge2015Game implements Game {
  private state: GameState;
  /** The players a bot plays (the engine's processes), by id. */
  private readonly bots: ReadonlySet<number>;
  /** Plans of the players without a bot, by id. */
  private readonly plans: Map<number, OpponentPlan>;
  private readonly rngs = new Map<number, Rng>();
  private readonly placementSource: string;
  /** Bot players whose READY the engine has still to await, in id order. */
  private readonly readyDue: number[];
  private over = false;
  private waiting: Waiting = null;
  /** The turn whose message the turn player's bot has been sent (the next await is for it). */
  private sentTurn = -1;
  /** Players whose bot the engine stopped or ignores from then on; they play N. */
  private readonly gone = new Map<number, Gone>();
  /** The turn each fallen player fell at. */
  private readonly fellAt = new Map<number, number>();
  private lastTurn: TurnReport | null = null;
  /** The game's own goals each player's seat reached on the way (what the board went through, what it was sent). */
  private readonly goalsReached = new Map<number, Set<string>>(PLAYER_IDS.map((id) => [id, new Set<string>()]));

  constructor(ctx: GameContext) {
    const bots = new Set<number>();
    for (const seat of ctx.bots) {
      if (!/^[0-3]$/.test(seat)) throw new ScenarioError(`javachallenge2015 roles are the player ids 0, 1, 2, 3, not '${seat}'`);
      if (bots.has(Number(seat))) throw new ScenarioError(`javachallenge2015: two bots for player ${seat}`);
      bots.add(Number(seat));
    }
    this.bots = bots;
    this.readyDue = PLAYER_IDS.filter((id) => bots.has(id));
    const defaultOpponent = ctx.opponent ?? DEFAULT_OPPONENT;
    if (!(OPPONENT_NAMES as readonly string[]).includes(defaultOpponent))
      throw new ScenarioError(`javachallenge2015 has the built-in opponents ${OPPONENT_NAMES.join(', ')}, not '${defaultOpponent}'`);
    const setup = buildSetup(ctx.setup, bots, ctx.seed, ctx.rng, defaultOpponent as OpponentName);
    this.state = setup.state;
    this.plans = setup.plans;
    this.placementSource = setup.placementSource;
    for (const id of this.plans.keys()) this.rngs.set(id, ctx.rng.fork(`opponent-${id}`));
  }

  next(): GameAction {
    if (this.over) throw new Error('javachallenge2015: next() after the end of the game');
    if (this.waiting) throw new Error(`javachallenge2015: next() while waiting for player ${this.waiting.id}'s ${this.waiting.kind}`);
    // The engine awaits each bot's READY in id order, 1 s each from when it starts waiting for it.
    for (let id = this.readyDue.shift(); id !== undefined; id = this.readyDue.shift()) {
      if (this.gone.has(id)) continue;
      this.waiting = { id, kind: 'ready' };
      return { type: 'await', seat: String(id), request: handshakeRequest() };
    }
    for (;;) {
      if (isFinished(this.state)) {
        this.over = true;
        return { type: 'end', endings: this.endings((id) => this.naturalEnding(id)) };
      }
      const actor = turnPlayer(this.state);
      const turn = this.state.turn;
      const onBoard = this.state.players[actor]!.onBoard;
      if (this.bots.has(actor)) {
        // A gone player's bot is not asked: the engine plays N for it.
        if (this.gone.has(actor)) {
          this.play('N');
          continue;
        }
        if (this.sentTurn !== turn) {
          this.sentTurn = turn;
          if (!onBoard) this.goalsReached.get(actor)!.add('bot-fallen');
          return { type: 'send', seat: String(actor), lines: turnMessage(this.state, actor), ply: turn + 1 };
        }
        this.waiting = { id: actor, kind: 'action' };
        return { type: 'await', seat: String(actor), request: actionRequest(turn, actor, onBoard ? undefined : this.fellAt.get(actor) ?? turn) };
      }
      // The engine ignores a fallen player's answers: nothing for a script or a built-in player to choose.
      if (!onBoard) {
        this.play('N');
        continue;
      }
      this.waiting = { id: actor, kind: 'move' };
      return { type: 'move', seat: String(actor), ply: turn + 1 };
    }
  }

  /**
   * `read`: the lines as the splitter gave them, when the core passes them. Under the engine profile a
   * long line is kept only in part, and the part not kept can decide what the engine read.
   */
  answer(seat: string, lines: string[], read?: readonly BotLine[]): Judgement {
    const id = this.playerOf(seat);
    const waiting = this.waiting;
    if (waiting?.id !== id || waiting.kind === 'move') throw new Error(`javachallenge2015: answer() from player ${id}, whose answer was not asked for`);
    this.waiting = null;
    if (waiting.kind === 'ready') return { violations: [], accepted: true, played: READY };

    const line = lines[0] ?? '';
    const omitted = read?.[0]?.omitted;
    const parsed = parseAnswer(line, omitted);
    const turn = this.state.turn;
    const ply = turn + 1;
    const me = this.state.players[id]!;
    const violations: ViolationDraft[] = [];
    const evidence = omitted ? { lineBytes: read![0]!.bytes, keptBytes: read![0]!.bytes - omitted.bytes } : undefined;
    if (!parsed.valid) {
      violations.push({
        code: 'bad-format',
        ply,
        message: parsed.unseen
          ? `player ${id} answered a line of ${read![0]!.bytes} bytes at T=${turn} that starts with more blank bytes than botjury keeps (${line.length}); the engine reads the first word after them, which botjury did not keep, so botjury played N`
          : `player ${id} answered ${describeLine(line, read?.[0]?.bytes)} at T=${turn}: the engine trims the line, takes the text before the first space (${quote(parsed.token)}) and compares it case-sensitively with U, D, L, R, A and N; it matches none, so the engine played N${caseHint(parsed.token)}`,
        expected: 'one line holding one of U D L R A N, e.g. N',
        actual: line,
        rule: RULES.output,
        ...(evidence ? { evidence } : {}),
      });
    } else if (!parsed.exact) {
      violations.push({
        code: 'bad-format',
        severity: 'warning',
        ply,
        message: `player ${id} answered ${describeLine(line, read?.[0]?.bytes)} at T=${turn}: the engine reads ${parsed.token} from it (trimmed, text before the first space), but the protocol asks for the letter alone`,
        expected: parsed.token,
        actual: line,
        rule: RULES.output,
        ...(evidence ? { evidence } : {}),
      });
    }
    if (parsed.valid && me.onBoard && me.cooldown > 0 && parsed.action !== 'N') {
      violations.push({
        code: 'ineffective-action',
        ply,
        message: `player ${id} answered ${parsed.action} at T=${turn} while cooling down after its attack (S=${me.cooldown}): the engine replaced it with N`,
        expected: 'N',
        actual: line,
        rule: RULES.cooldown,
      });
    }
    const report = this.play(parsed.action);
    const accepted = parsed.valid && (!me.onBoard || report.played === parsed.action);
    return { violations, accepted, played: report.played };
  }

  failed(seat: string, code: FailureCode): void {
    const id = this.playerOf(seat);
    if (!this.bots.has(id)) throw new Error(`javachallenge2015: failed() for player ${id}, which has no bot`);
    // The engine plays N for the turn it gave up on, and for every later turn of this player. One
    // state: the turn it failed at is this game's turn, whoever looks (READY's is T=0).
    if (!this.gone.has(id)) this.gone.set(id, { code, turn: this.state.turn, fallen: !this.state.players[id]!.onBoard });
    if (this.waiting?.id !== id) return;
    const kind = this.waiting.kind;
    this.waiting = null;
    if (kind === 'action') this.play('N');
  }

  move(seat: string, scripted: string | undefined): string {
    const id = this.playerOf(seat);
    if (this.waiting?.id !== id || this.waiting.kind !== 'move') throw new Error(`javachallenge2015: move() for player ${id}, which is not to move`);
    let requested: Action;
    if (scripted !== undefined) requested = parseScriptedAction(scripted, `scripted action of player ${id} at T=${this.state.turn}`);
    else {
      const plan = this.plans.get(id)!;
      requested = plan.script.shift() ?? chooseAction(plan.then, this.state, id, this.rngs.get(id)!);
    }
    this.waiting = null;
    return this.play(requested).played;
  }

  quit(): Record<string, Ending> {
    this.over = true;
    this.waiting = null;
    const turn = this.state.turn;
    return this.endings((id) => {
      const gone = this.gone.get(id);
      if (gone) return { kind: 'stopped', reason: `the scenario ends at T=${turn}; the bot was already stopped (${gone.code})` };
      return { kind: 'close', reason: `the scenario ends at T=${turn}: the jury closes the bot's input, as the engine does at the end of a game`, mustBeRunning: false };
    });
  }

  canonical(_seat: string, lines: string[]): string {
    return parseAnswer(lines[0] ?? '').token;
  }

  canonicalScenarioMove(_seat: string, value: string | number | (string | number)[]): string {
    const text = scenarioText(value);
    // READY: the bot's first answer (the handshake), which a scripted scenario starts with.
    if (!isAction(text) && text !== READY) throw new ScenarioError(`'${text}' is not a javachallenge2015 action (one of U D L R A N, or READY for the handshake)`);
    return text;
  }

  outcome(): Outcome {
    const finished = isFinished(this.state);
    const res = result(this.state);
    const scores: Record<string, number> = {};
    for (const id of PLAYER_IDS) scores[String(id)] = res.winner === id && finished ? 1 : 0;
    // Every seat tells the same: each gone player, in id order.
    const gone = [...this.gone.entries()].sort(([a], [b]) => a - b).map(([id, g]) => `; ${goneText(id, g)}`).join('');
    if (!finished) {
      const alive = this.state.players.flatMap((p, id) => (p.onBoard ? [id] : []));
      return { finished, summary: `game cut short at T=${this.state.turn} with players ${alive.join(', ') || 'none'} on the board${gone}`, scores };
    }
    return { finished, summary: `${res.reason}${gone}`, scores, ...(res.winner !== undefined ? { winner: String(res.winner) } : {}) };
  }

  /**
   * The goals of index.ts a seat reached: how the game ended (last-survivor, turn-limit), everyone
   * fallen (all-fallen), a block restored, and this seat's bot sent its turn after its player fell
   * (bot-fallen).
   */
  reached(seat: string): string[] {
    const alive = playersOnBoard(this.state).length;
    const out = [...this.goalsReached.get(this.playerOf(seat))!];
    if (alive === 0) out.push('all-fallen');
    if (alive === 1) out.push('last-survivor');
    else if (this.state.turn >= this.state.turnLimit) out.push('turn-limit');
    return out;
  }

  snapshot(): unknown {
    return {
      ply: this.state.turn,
      T: this.state.turn,
      placement: this.placementSource,
      blocks: this.state.blocks.map((row) => [...row]),
      players: this.state.players.map((p, id) => ({ id, x: p.x, y: p.y, D: p.facing, S: p.cooldown, onBoard: p.onBoard })),
      last: this.lastTurn,
    };
  }

  private playerOf(seat: string): number {
    if (!/^[0-3]$/.test(seat)) throw new Error(`javachallenge2015: no player '${seat}'`);
    return Number(seat);
  }

  private play(requested: Action): TurnReport {
    const { state, report } = applyTurn(this.state, requested);
    for (const id of report.fell) this.fellAt.set(id, report.turn);
    if (this.state.blocks.some((row, r) => row.some((life, c) => life < 0 && state.blocks[r]![c] === 0)))
      for (const goals of this.goalsReached.values()) goals.add('block-restored');
    this.state = state;
    this.lastTurn = report;
    return report;
  }

  /** The ending of every bot seat. */
  private endings(ending: (id: number) => Ending): Record<string, Ending> {
    const out: Record<string, Ending> = {};
    for (const id of this.bots) out[String(id)] = ending(id);
    return out;
  }

  private naturalEnding(id: number): Ending {
    const res = result(this.state);
    const gone = this.gone.get(id);
    if (gone) return { kind: 'stopped', reason: `${res.reason}; the bot had been stopped (${gone.code})` };
    return { kind: 'close', reason: `${res.reason}; the engine just closes the bots' input`, mustBeRunning: false };
  }
}

/** What the engine did about a player whose bot stopped answering, said the same in every seat. */
function goneText(id: number, g: Gone): string {
  if (g.fallen) return `player ${id}'s bot ended at T=${g.turn} after its player had fallen (${g.code}); the engine reads nothing more from it`;
  switch (g.code) {
    case 'early-exit':
    case 'crash':
      return `player ${id}'s bot ended at T=${g.turn} (${g.code}); the engine read null from it, played as N, for every later turn`;
    case 'move-timeout':
    case 'handshake-timeout':
    case 'bad-handshake':
    case 'unflushed-output':
      return `player ${id}'s bot was terminated at T=${g.turn} (${g.code}) and its player did N from then on, as in the engine`;
    default:
      return `player ${id}'s bot was stopped at T=${g.turn} (${g.code}) and its player did N from then on`;
  }
}

/** Longest stretch of an answer quoted in a message (the whole line stays in `actual`). */
const QUOTE_CHARS = 60;

/** The line for a message: short lines quoted whole, long ones by their start and their length. */
function describeLine(line: string, bytes = Buffer.byteLength(line)): string {
  if (line === '' && bytes === 0) return 'an empty line';
  return bytes > QUOTE_CHARS || line.length > QUOTE_CHARS ? `a line of ${bytes} bytes starting ${quote(line)}` : JSON.stringify(line);
}

function quote(text: string): string {
  return text.length > QUOTE_CHARS ? `${JSON.stringify(text.slice(0, QUOTE_CHARS))}...` : JSON.stringify(text);
}

function caseHint(token: string): string {
  return token !== token.toUpperCase() && isAction(token.toUpperCase()) ? ` (actions are upper case: ${token.toUpperCase()})` : '';
}
