// The JavaChallenge2015 engine for one game, seen from the seat of the bot under test (player `role`).
// The other three players are botjury's: scripted from the scenario, or built-in seeded opponents.
//
// What the engine does and this referee reproduces (shared/jury-facts.md):
//   - nothing is sent before READY; a bot that fails READY, times out or dies stays on the board doing N;
//   - each turn only the turn player gets a message, and must answer within the limit even when it has
//     fallen or is cooling down (those answers are ignored / replaced by N);
//   - a bad answer plays N and the bot goes on; the game ends by closing the bots' input.
import { scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type Judgement, type Outcome } from '../../core/game.js';
import { type JuryAction, type Referee, type RefereeContext } from '../../core/single-seat.js';
import type { BotLine } from '../../core/lines.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { chooseAction, DEFAULT_OPPONENT, OPPONENT_NAMES, type OpponentName } from './opponents.js';
import {
  applyTurn, isAction, isFinished, PLAYER_COUNT, playersOnBoard, result, RULES, turnPlayer, type Action, type GameState, type TurnReport,
} from './rules.js';
import { buildSetup, parseScriptedAction, type OpponentPlan } from './setup.js';
import { actionRequest, handshakeRequest, parseAnswer, READY, turnMessage } from './wire.js';

type Waiting = 'ready' | 'action' | 'opponent' | null;

export class JavaChallenge2015Referee implements Referee {
  private state: GameState;
  private readonly bot: number;
  private readonly plans: Map<number, OpponentPlan>;
  private readonly rngs = new Map<number, Rng>();
  private readonly placementSource: string;
  private started = false;
  private over = false;
  private waiting: Waiting = null;
  /** The turn whose message the bot has been sent (the next await is for it). */
  private sentTurn = -1;
  /**
   * Players that no longer take part (the engine stopped or ignores their bot), with why and since
   * when; they play N from then on. The bot itself, or in a match another seat's bot (playerFailed).
   */
  private readonly gone = new Map<number, { code: string; turn: number; fallen: boolean }>();
  /** The turn each fallen player fell at. */
  private readonly fellAt = new Map<number, number>();
  private lastTurn: TurnReport | null = null;
  /** The game's own goals reached on the way (what the board went through, what the bot was sent). */
  private readonly goalsReached = new Set<string>();

  constructor(ctx: RefereeContext) {
    if (!/^[0-3]$/.test(ctx.role)) throw new ScenarioError(`javachallenge2015 roles are the player ids 0, 1, 2, 3, not '${ctx.role}'`);
    this.bot = Number(ctx.role);
    const defaultOpponent = ctx.opponent ?? DEFAULT_OPPONENT;
    if (!(OPPONENT_NAMES as readonly string[]).includes(defaultOpponent))
      throw new ScenarioError(`javachallenge2015 has the built-in opponents ${OPPONENT_NAMES.join(', ')}, not '${defaultOpponent}'`);
    const setup = buildSetup(ctx.setup, this.bot, ctx.seed, ctx.rng, defaultOpponent as OpponentName);
    this.state = setup.state;
    this.plans = setup.plans;
    this.placementSource = setup.placementSource;
    for (const id of this.plans.keys()) this.rngs.set(id, ctx.rng.fork(`opponent-${id}`));
  }

  next(): JuryAction {
    if (this.over) throw new Error('javachallenge2015 referee: next() after the end of the game');
    if (this.waiting) throw new Error(`javachallenge2015 referee: next() while waiting for ${this.waiting}`);
    if (!this.started) {
      this.started = true;
      this.waiting = 'ready';
      return { type: 'await', request: handshakeRequest() };
    }
    for (;;) {
      if (isFinished(this.state)) {
        this.over = true;
        return { type: 'end', ending: this.naturalEnding() };
      }
      const actor = turnPlayer(this.state);
      const turn = this.state.turn;
      if (actor === this.bot) {
        if (this.gone.has(actor)) {
          this.play('N');
          continue;
        }
        if (this.sentTurn !== turn) {
          this.sentTurn = turn;
          if (!this.state.players[actor]!.onBoard) this.goalsReached.add('bot-fallen');
          return { type: 'send', lines: turnMessage(this.state, actor), ply: turn + 1 };
        }
        this.waiting = 'action';
        return { type: 'await', request: actionRequest(turn, actor, this.state.players[actor]!.onBoard ? undefined : this.fellAt.get(actor) ?? turn) };
      }
      // A fallen opponent's answers are ignored by the engine, and a gone one's bot is not asked:
      // nothing for the scenario to script.
      if (!this.state.players[actor]!.onBoard || this.gone.has(actor)) {
        this.play('N');
        continue;
      }
      this.waiting = 'opponent';
      return { type: 'opponent', player: String(actor), ply: turn + 1 };
    }
  }

  /**
   * `read`: the lines as the splitter gave them, when the core passes them. Under the engine profile a
   * long line is kept only in part, and the part not kept can decide what the engine read.
   */
  answer(lines: string[], read?: readonly BotLine[]): Judgement {
    if (this.waiting === 'ready') {
      this.waiting = null;
      return { violations: [], accepted: true, played: 'READY' };
    }
    if (this.waiting !== 'action') throw new Error('javachallenge2015 referee: answer() while no answer was asked for');
    this.waiting = null;

    const line = lines[0] ?? '';
    const omitted = read?.[0]?.omitted;
    const parsed = parseAnswer(line, omitted);
    const turn = this.state.turn;
    const ply = turn + 1;
    const me = this.state.players[this.bot]!;
    const violations: ViolationDraft[] = [];
    const evidence = omitted ? { lineBytes: read![0]!.bytes, keptBytes: read![0]!.bytes - omitted.bytes } : undefined;
    if (!parsed.valid) {
      violations.push({
        code: 'bad-format',
        ply,
        message: parsed.unseen
          ? `player ${this.bot} answered a line of ${read![0]!.bytes} bytes at T=${turn} that starts with more blank bytes than botjury keeps (${line.length}); the engine reads the first word after them, which botjury did not keep, so botjury played N`
          : `player ${this.bot} answered ${describeLine(line, read?.[0]?.bytes)} at T=${turn}: the engine trims the line, takes the text before the first space (${quote(parsed.token)}) and compares it case-sensitively with U, D, L, R, A and N; it matches none, so the engine played N${caseHint(parsed.token)}`,
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
        message: `player ${this.bot} answered ${describeLine(line, read?.[0]?.bytes)} at T=${turn}: the engine reads ${parsed.token} from it (trimmed, text before the first space), but the protocol asks for the letter alone`,
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
        message: `player ${this.bot} answered ${parsed.action} at T=${turn} while cooling down after its attack (S=${me.cooldown}): the engine replaced it with N`,
        expected: 'N',
        actual: line,
        rule: RULES.cooldown,
      });
    }
    const report = this.play(parsed.action);
    const accepted = parsed.valid && (!me.onBoard || report.played === parsed.action);
    return { violations, accepted, played: report.played };
  }

  botFailed(code: FailureCode): void {
    // The engine plays N for the turn it gave up on, and for every later turn of this player.
    if (!this.gone.has(this.bot)) this.gone.set(this.bot, { code, turn: this.state.turn, fallen: !this.state.players[this.bot]!.onBoard });
    if (this.waiting === 'action') this.play('N');
    this.waiting = null;
  }

  playerFailed(player: string, code: string, ply: number): void {
    const id = /^[0-3]$/.test(player) ? Number(player) : -1;
    if (id < 0 || id === this.bot) throw new Error(`javachallenge2015 referee: playerFailed for '${player}', not another player`);
    // The T it failed at in its own seat (ply is T + 1; READY's is 0): every seat tells the same.
    if (!this.gone.has(id)) {
      const turn = Math.max(0, ply - 1);
      const fell = this.fellAt.get(id);
      this.gone.set(id, { code, turn, fallen: fell !== undefined && fell < turn });
    }
    if (this.waiting === 'opponent' && turnPlayer(this.state) === id) {
      this.waiting = null;
      this.play('N');
    }
  }

  opponent(scripted: string | undefined): string {
    if (this.waiting !== 'opponent') throw new Error('javachallenge2015 referee: opponent() while no opponent is to move');
    this.waiting = null;
    const actor = turnPlayer(this.state);
    const plan = this.plans.get(actor)!;
    let requested: Action;
    if (scripted !== undefined) requested = parseScriptedAction(scripted, `scripted action of player ${actor} at T=${this.state.turn}`);
    else requested = plan.script.shift() ?? chooseAction(plan.then, this.state, actor, this.rngs.get(actor)!);
    return this.play(requested).played;
  }

  quit(): Ending {
    this.over = true;
    this.waiting = null;
    const botGone = this.gone.get(this.bot);
    if (botGone) return { kind: 'stopped', reason: `the scenario ends at T=${this.state.turn}; the bot was already stopped (${botGone.code})` };
    return { kind: 'close', reason: `the scenario ends at T=${this.state.turn}: the jury closes the bot's input, as the engine does at the end of a game`, mustBeRunning: false };
  }

  canonical(lines: string[]): string {
    return parseAnswer(lines[0] ?? '').token;
  }

  canonicalScenarioMove(value: string | number | (string | number)[]): string {
    const text = scenarioText(value);
    // READY: the bot's first answer (the handshake), which a scripted scenario starts with.
    if (!isAction(text) && text !== READY) throw new ScenarioError(`'${text}' is not a javachallenge2015 action (one of U D L R A N, or READY for the handshake)`);
    return text;
  }

  outcome(): Outcome {
    const finished = isFinished(this.state);
    const res = result(this.state);
    const scores: Record<string, number> = {};
    for (let id = 0; id < PLAYER_COUNT; id++) scores[String(id)] = res.winner === id && finished ? 1 : 0;
    // Every seat of a match tells the same: each gone player, in id order.
    const gone = [...this.gone.entries()].sort(([a], [b]) => a - b).map(([id, g]) => `; ${goneText(id, g)}`).join('');
    if (!finished) {
      const alive = this.state.players.flatMap((p, id) => (p.onBoard ? [id] : []));
      return { finished, summary: `game cut short at T=${this.state.turn} with players ${alive.join(', ') || 'none'} on the board${gone}`, scores };
    }
    return { finished, summary: `${res.reason}${gone}`, scores, ...(res.winner !== undefined ? { winner: String(res.winner) } : {}) };
  }

  /**
   * The goals of index.ts this game reached: how it ended (last-survivor, turn-limit), everyone
   * fallen (all-fallen), a block restored, and the bot sent its turn after it fell (bot-fallen).
   */
  reached(): string[] {
    const alive = playersOnBoard(this.state).length;
    const out = [...this.goalsReached];
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

  private play(requested: Action): TurnReport {
    const { state, report } = applyTurn(this.state, requested);
    for (const id of report.fell) this.fellAt.set(id, report.turn);
    if (this.state.blocks.some((row, r) => row.some((life, c) => life < 0 && state.blocks[r]![c] === 0))) this.goalsReached.add('block-restored');
    this.state = state;
    this.lastTurn = report;
    return report;
  }

  private naturalEnding(): Ending {
    const res = result(this.state);
    const botGone = this.gone.get(this.bot);
    if (botGone) return { kind: 'stopped', reason: `${res.reason}; the bot had been stopped (${botGone.code})` };
    return { kind: 'close', reason: `${res.reason}; the engine just closes the bots' input`, mustBeRunning: false };
  }
}

/** What the engine did about a player whose bot stopped answering, said the same in every seat. */
function goneText(id: number, g: { code: string; turn: number; fallen: boolean }): string {
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
