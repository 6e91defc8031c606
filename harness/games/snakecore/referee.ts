// The SnakeCore (2008) jury for one game, seen from the seat of one python (the bot's role 1..k).
// Order of a game: getName; then rounds in which pythons 1..k move in turn, the bot being asked with
// getAction on its turn and the others played by built-in or scripted opponents; after the last
// round the jury closes the bot's input and ends it (the program must never end on its own).
// A disqualified bot (bad name, bad answer, time, crash...) is stopped; its python stays on the field
// and simply cannot move ("the number of players stays constant"), and the others play the game out.
import { firstLine, scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type Judgement, type Outcome } from '../../core/game.js';
import { type JuryAction, type Referee, type RefereeContext } from '../../core/single-seat.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { createOpponent, OPPONENTS, type Opponent, type OpponentName } from './opponent.js';
import {
  ACTIONS, applyAction, contentAt, DELTA, describeEffect, inside, isProtected, MOVES, possibleActions, resolveAction, RULES, startTurn,
  type Action, type Effect, type State,
} from './rules.js';
import { buildGame } from './setup.js';
import { actionMessage, actionRequest, checkName, fieldLines, GET_NAME, nameRequest, parseAction, visible } from './wire.js';

export class SnakeCoreReferee implements Referee {
  private state: State;
  private readonly moves: number;
  private readonly emptyChar: string;
  private readonly bot: number;
  private readonly respawnRng: Rng;
  private readonly opponents = new Map<number, Opponent>();
  private readonly queue: JuryAction[] = [];
  private named = false;
  private round = 1;
  private current = 0;
  private botName: string | undefined;
  /** Why the bot was disqualified, if it was. */
  private disqualified: string | undefined;
  /** In a match: other seats' pythons whose bots were disqualified there (playerFailed), and why. */
  private readonly othersOut = new Map<number, string>();
  /** Set when the scenario ended the game before its last move. */
  private quitAt: number | undefined;
  private lastEvent: string | undefined;
  /** The game's own goals reached so far (what the pythons did, what the bot faced at its turns). */
  private readonly goalsReached = new Set<string>();

  constructor(ctx: RefereeContext) {
    const game = buildGame(ctx.setup, ctx.rng.fork('field'));
    this.state = game.state;
    this.moves = game.moves;
    this.emptyChar = game.emptyChar;
    const k = this.state.pythons.length;
    const role = String(ctx.role);
    if (!/^[1-9][0-9]*$/.test(role) || Number(role) > k)
      throw new ScenarioError(`snakecore roles are the python numbers 1..${k} of this setup, not '${role}'`);
    this.bot = Number(role) - 1;
    const opponentName = (ctx.opponent ?? 'greedy') as OpponentName;
    if (!OPPONENTS.includes(opponentName))
      throw new ScenarioError(`snakecore's built-in opponents are ${OPPONENTS.join(', ')}, not '${ctx.opponent}'`);
    for (let i = 0; i < k; i++) if (i !== this.bot) this.opponents.set(i, createOpponent(opponentName, ctx.rng.fork(`python-${i + 1}`)));
    this.respawnRng = ctx.rng.fork('respawn');
    this.queue.push({ type: 'send', lines: [GET_NAME], ply: 0 }, { type: 'await', request: nameRequest() });
  }

  next(): JuryAction {
    const action = this.queue.shift();
    if (!action) throw new Error('snakecore referee: next() after the end of the game');
    return action;
  }

  answer(lines: string[]): Judgement {
    const text = lines[0] ?? '';
    return this.named ? this.judgeAction(text) : this.judgeName(text);
  }

  botFailed(code: FailureCode): void {
    this.disqualify(`${code} at ${this.named ? `move ${this.round}` : 'getName'}`);
  }

  opponent(scripted: string | undefined): string {
    const p = this.current;
    if (p === this.bot || this.round > this.moves) throw new Error(`snakecore referee: no opponent is to move now (python ${p + 1}, move ${this.round})`);
    let action: Action;
    if (scripted === undefined) {
      action = this.opponents.get(p)!.choose(this.state, p);
    } else {
      const text = String(scripted).trim();
      const parsed = parseAction(text);
      if (!parsed) throw new ScenarioError(`scripted move '${text}' for python ${p + 1} (move ${this.round}) is not one of ${ACTIONS.join(' ')}`);
      const effect = resolveAction(this.state, p, parsed);
      if (effect.kind === 'impossible')
        throw new ScenarioError(`scripted move ${text} for python ${p + 1} (move ${this.round}) cannot be carried out: ${effect.reason} (script N to skip)`);
      action = parsed;
    }
    this.play(p, action);
    this.advance();
    return action;
  }

  quit(): Ending {
    this.queue.length = 0;
    if (this.round <= this.moves) this.quitAt = this.round;
    return { kind: 'close', reason: 'the jury ends the game: it closes the input and ends the program', mustBeRunning: true };
  }

  canonical(lines: string[]): string {
    return firstLine(lines);
  }

  canonicalScenarioMove(value: string | number | (string | number)[]): string {
    return scenarioText(value);
  }

  outcome(): Outcome {
    const scores: Record<string, number> = {};
    this.state.pythons.forEach((p, i) => (scores[String(i + 1)] = p.score));
    const best = Math.max(...this.state.pythons.map((p) => p.score));
    const leaders = this.state.pythons.map((p, i) => (p.score === best ? i + 1 : 0)).filter((i) => i > 0);
    // Each disqualified python, in order (in a match, other seats' too).
    const out = new Map(this.othersOut);
    if (this.disqualified) out.set(this.bot, this.disqualified);
    const dq = [...out.entries()].sort(([a], [b]) => a - b).map(([p, why]) => ` (python ${p + 1} disqualified: ${why})`).join('');
    if (this.quitAt !== undefined || this.round <= this.moves) {
      const standing = leaders.length === 1 ? `python ${leaders[0]} leads with ${best} point(s)` : `pythons ${leaders.join(', ')} share the lead with ${best} point(s)`;
      return { finished: false, summary: `the game was ended at move ${this.quitAt ?? this.round} of ${this.moves}; ${standing}${dq}`, scores };
    }
    const summary = leaders.length === 1
      ? `after ${this.moves} moves each python ${leaders[0]} wins with ${best} point(s)${dq}`
      : `after ${this.moves} moves each pythons ${leaders.join(', ')} tie with ${best} point(s)${dq}`;
    return { finished: true, summary, scores, ...(leaders.length === 1 ? { winner: String(leaders[0]) } : {}) };
  }

  /** The goals of index.ts this game reached (what the pythons did, what the bot faced at its turns). */
  reached(): string[] {
    return [...this.goalsReached];
  }

  snapshot(): unknown {
    return {
      ply: Math.min(this.round, this.moves),
      toMove: this.round > this.moves ? null : this.current + 1,
      rows: fieldLines(this.state, '.'),
      pythons: this.state.pythons.map((p, i) => ({
        python: i + 1,
        cells: [p.head, ...p.body].map((c) => [c.x, c.y]),
        protection: p.protection,
        score: p.score,
        ...(p.disqualified ? { disqualified: true } : {}),
      })),
      ...(this.lastEvent ? { last: this.lastEvent } : {}),
      ...(this.botName !== undefined ? { botName: this.botName } : {}),
    };
  }

  // ---- the bot's answers ----

  private judgeName(name: string): Judgement {
    const check = checkName(name);
    if (!check.ok) {
      this.disqualify('invalid-name at getName');
      return {
        accepted: false,
        stopBot: true,
        violations: [{
          code: 'invalid-name',
          ply: 0,
          message: `the name ${visible(name)} is not allowed: ${check.reason}; the jury disqualifies the program (it violates the interaction protocol)`,
          expected: 'a name of at most 32 bytes without control characters, e.g. "SnakeBot"',
          actual: name,
          rule: RULES.name,
        }],
      };
    }
    this.named = true;
    this.botName = name;
    this.beginTurn();
    return { accepted: true, violations: [], played: name };
  }

  private judgeAction(text: string): Judgement {
    const p = this.bot;
    const move = this.round;
    const action = parseAction(text);
    if (!action) {
      this.disqualify(`bad-format at move ${move}`);
      const hint = /^[uldrna]$/.test(text) ? ' (the letters are capitals)' : '';
      return {
        accepted: false,
        stopBot: true,
        violations: [{
          code: 'bad-format',
          ply: move,
          message: `python ${p + 1}'s move ${move}: the answer ${visible(text)} is not one of U L D R N A${hint}, one character on a line of its own; the jury disqualifies the program (it violates the interaction protocol), its python stays on the field and cannot move`,
          expected: this.suggestion(p),
          expectedIsExample: true,
          actual: text,
          rule: `${RULES.answer} ${RULES.protocol}`,
        }],
      };
    }
    const effect = this.play(p, action);
    const violations: ViolationDraft[] = [];
    if (effect.kind === 'impossible')
      violations.push({
        code: 'ineffective-action',
        ply: move,
        message: `python ${p + 1}'s move ${move}: ${action} cannot be carried out: ${effect.reason}; the jury skips the move (as N)`,
        expected: this.suggestion(p),
        expectedIsExample: true,
        actual: text,
        rule: effect.rule,
      });
    this.advance();
    // An impossible order is still a correct answer (the rules turn it into a skip), so scenario
    // expectations are checked against what the bot wrote.
    return { accepted: true, violations, played: effect.kind === 'impossible' ? 'N' : action };
  }

  /** One order the python can carry out now that moves it (or N when boxed in), for `expected`. */
  private suggestion(p: number): string {
    for (const a of MOVES) {
      const k = resolveAction(this.state, p, a).kind;
      if (k === 'move' || k === 'eat') return a;
    }
    return 'N';
  }

  // ---- the flow of the game ----

  private play(p: number, action: Action): Effect {
    const before = this.state;
    const applied = applyAction(this.state, p, action, (cells) => this.respawnRng.int(cells.length));
    this.state = applied.state;
    this.lastEvent = describeEffect(before, p, action, applied.effect);
    this.noteEffect(p, applied.effect);
    return applied.effect;
  }

  /** What a carried-out order shows: a block eaten or dumped, a bite, a python biting itself, its tail running away, protection. */
  private noteEffect(p: number, effect: Effect): void {
    if (effect.kind === 'eat') this.goalsReached.add('ate');
    else if (effect.kind === 'dump' && effect.blocks > 0) this.goalsReached.add('reactor');
    else if (effect.kind === 'protect') this.goalsReached.add('protection');
    else if (effect.kind === 'move' && effect.ownTail) this.goalsReached.add('own-tail');
    else if (effect.kind === 'attack' && effect.victim === p) this.goalsReached.add('self-attack');
    else if (effect.kind === 'attack') {
      this.goalsReached.add('bite');
      if (effect.victim === this.bot) this.goalsReached.add('bitten');
    }
  }

  /** What the position in front of the bot tests: nothing to do but N, a protected body next to its head. */
  private noteBotTurn(): void {
    const p = this.bot;
    if (possibleActions(this.state, p).every((a) => a === 'N')) this.goalsReached.add('boxed-in');
    const head = this.state.pythons[p]!.head;
    for (const d of MOVES) {
      const to = { x: head.x + DELTA[d][0], y: head.y + DELTA[d][1] };
      if (!inside(this.state, to)) continue;
      const c = contentAt(this.state, to);
      if (c.kind !== 'linked') continue;
      const owner = this.state.pythons[c.python]!;
      if (c.index < owner.body.length - 1 && isProtected(owner)) this.goalsReached.add('protected-body');
    }
  }

  /** To the next python's turn (after the last python, the next round); the game ends after `moves` rounds. */
  private advance(): void {
    this.current++;
    if (this.current === this.state.pythons.length) {
      this.current = 0;
      this.round++;
    }
    this.beginTurn();
  }

  private beginTurn(): void {
    // A disqualified bot's turns pass without a move (iteratively: k may be 1).
    for (;;) {
      if (this.round > this.moves) {
        const over = `the game is over after ${this.moves} moves each`;
        this.queue.push({
          type: 'end',
          ending: this.disqualified
            ? { kind: 'stopped', reason: `${over}; the program was disqualified and stopped earlier (${this.disqualified})` }
            : { kind: 'close', reason: `${over}: the jury closes the input and ends the program`, mustBeRunning: true },
        });
        return;
      }
      const wasProtected = isProtected(this.state.pythons[this.current]!);
      this.state = startTurn(this.state, this.current);
      if (wasProtected && !isProtected(this.state.pythons[this.current]!)) this.goalsReached.add('protection-off');
      if (!this.state.pythons[this.current]!.disqualified) break;
      this.current++;
      if (this.current === this.state.pythons.length) {
        this.current = 0;
        this.round++;
      }
    }
    const p = this.current;
    if (p === this.bot) {
      this.noteBotTurn();
      this.queue.push(
        { type: 'send', lines: actionMessage(this.state, p, this.emptyChar), ply: this.round },
        { type: 'await', request: actionRequest(p, this.round) },
      );
    } else {
      this.queue.push({ type: 'opponent', player: String(p + 1), ply: this.round });
    }
  }

  playerFailed(player: string, code: string, ply: number): void {
    const p = /^[1-9][0-9]*$/.test(player) ? Number(player) - 1 : -1;
    if (p < 0 || p >= this.state.pythons.length || p === this.bot) throw new Error(`snakecore referee: playerFailed for '${player}', not another python`);
    if (this.state.pythons[p]!.disqualified) return;
    this.othersOut.set(p, `${code} at ${ply > 0 ? `move ${ply}` : 'getName'}`);
    this.markDisqualified(p);
    // Its bot was lost while the jury waited for it (this seat is at that python's turn): the turn
    // passes, as it did in its own seat.
    if (this.current === p && this.named && this.round <= this.moves) {
      this.queue.length = 0;
      this.advance();
    }
  }

  private markDisqualified(p: number): void {
    const pythons = this.state.pythons.slice();
    pythons[p] = { ...pythons[p]!, disqualified: true };
    this.state = { ...this.state, pythons };
  }

  /** The jury stops the program; its python stays where it is and its turns pass without a move. */
  private disqualify(why: string): void {
    this.queue.length = 0;
    this.markDisqualified(this.bot);
    this.disqualified = why;
    // The jury only loses a bot while waiting for it: at getName the game has not started yet; during
    // the bot's turn, that turn passes.
    if (this.named) this.advance();
    else this.beginTurn();
  }
}
