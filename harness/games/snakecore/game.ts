// The SnakeCore (2008) jury for one game, for every python's seat at once (seats are the python
// numbers 1..k). Order of a game: getName to each bot seat, one after the other in python order; then
// rounds in which pythons 1..k move in turn, a bot seat being asked with getAction on its turn and the
// other pythons played by built-in or scripted players; after the last round the jury closes every
// bot's input and ends it (the program must never end on its own).
// The order of the getName requests is botjury's choice: the rule text only says getName is usually
// the first request, and the jury software does not survive (docs/snakecore.md).
// A disqualified bot (bad name, bad answer, time, crash...) is stopped; its python stays on the field
// and simply cannot move ("the number of players stays constant"), and the others play the game out.
import { firstLine, scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type Game, type GameAction, type GameContext, type Judgement, type Outcome } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { createOpponent, OPPONENTS, type Opponent, type OpponentName } from './opponent.js';
import {
  ACTIONS, applyAction, contentAt, DELTA, describeEffect, inside, isProtected, MOVES, possibleActions, resolveAction, RULES, startTurn,
  type Action, type Effect, type State,
} from './rules.js';
import { buildGame } from './setup.js';
import { actionMessage, actionRequest, checkName, fieldLines, GET_NAME, nameRequest, parseAction, visible } from './wire.js';

const seatOf = (p: number): string => String(p + 1);

export class SnakeCoreGame implements Game {
  private state: State;
  private readonly moves: number;
  private readonly emptyChar: string;
  /** Pythons (0-based) whose seat a bot plays. */
  private readonly bots: ReadonlySet<number>;
  private readonly respawnRng: Rng;
  /** The built-in player of every python without a bot. */
  private readonly opponents = new Map<number, Opponent>();
  private readonly queue: GameAction[] = [];
  /** Bot seats still to be asked getName, in python order. */
  private readonly toName: number[];
  /** The moves have begun (every bot seat has answered getName or was disqualified). */
  private started = false;
  /** The python whose bot's answer the jury waits for (from the moment its request is queued). */
  private awaiting: number | null = null;
  private round = 1;
  private current = 0;
  private readonly names = new Map<number, string>();
  /** Why each disqualified python's bot was disqualified. */
  private readonly disqualified = new Map<number, string>();
  /** Set when the jury ended the game before its last move. */
  private quitAt: number | undefined;
  private lastEvent: string | undefined;
  /**
   * The game's own goals each python's seat reached so far, in the order they happened: what the
   * pythons did (every seat saw it), what that python suffered (bitten) and what its bot faced at its turns.
   */
  private readonly goalsReached: Set<string>[];

  constructor(ctx: GameContext) {
    const game = buildGame(ctx.setup, ctx.rng.fork('field'));
    this.state = game.state;
    this.moves = game.moves;
    this.emptyChar = game.emptyChar;
    const k = this.state.pythons.length;
    const bots = new Set<number>();
    for (const seat of ctx.bots) {
      if (!/^[1-9][0-9]*$/.test(seat) || Number(seat) > k)
        throw new ScenarioError(`snakecore roles are the python numbers 1..${k} of this setup, not '${seat}'`);
      bots.add(Number(seat) - 1);
    }
    this.bots = bots;
    const opponentName = (ctx.opponent ?? 'greedy') as OpponentName;
    if (!OPPONENTS.includes(opponentName))
      throw new ScenarioError(`snakecore's built-in opponents are ${OPPONENTS.join(', ')}, not '${ctx.opponent}'`);
    // Each python's own fork, whatever the other seats are: a seeded game is the same game from every seat.
    for (let i = 0; i < k; i++) if (!bots.has(i)) this.opponents.set(i, createOpponent(opponentName, ctx.rng.fork(`python-${i + 1}`)));
    this.respawnRng = ctx.rng.fork('respawn');
    this.goalsReached = this.state.pythons.map(() => new Set<string>());
    this.toName = [...bots].sort((a, b) => a - b);
    this.askNextName();
  }

  next(): GameAction {
    const action = this.queue.shift();
    if (!action) throw new Error('snakecore: next() after the end of the game');
    return action;
  }

  answer(seat: string, lines: string[]): Judgement {
    const p = this.python(seat);
    if (this.awaiting !== p) throw new Error(`snakecore: an answer from seat ${seat}, whom the jury is not waiting for`);
    this.awaiting = null;
    const text = lines[0] ?? '';
    return this.started ? this.judgeAction(p, text) : this.judgeName(p, text);
  }

  failed(seat: string, code: FailureCode): void {
    const p = this.python(seat);
    if (!this.bots.has(p)) throw new Error(`snakecore: seat ${seat} has no bot to fail`);
    if (this.disqualified.has(p)) return;
    this.disqualify(p, `${code} at ${this.started ? `move ${this.round}` : 'getName'}`, this.awaiting === p);
  }

  move(seat: string, scripted: string | undefined): string {
    const p = this.python(seat);
    if (!this.started || p !== this.current || this.bots.has(p) || this.round > this.moves)
      throw new Error(`snakecore: python ${p + 1} is not to be moved by the jury now (python ${this.current + 1}'s turn, move ${this.round})`);
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

  quit(): Record<string, Ending> {
    this.queue.length = 0;
    this.awaiting = null;
    if (this.round <= this.moves) this.quitAt = this.round;
    return this.endings(
      () => ({ kind: 'close', reason: 'the jury ends the game: it closes the input and ends the program', mustBeRunning: true }),
      (why) => `the jury ends the game; the program was disqualified and stopped earlier (${why})`,
    );
  }

  canonical(_seat: string, lines: string[]): string {
    return firstLine(lines);
  }

  canonicalScenarioMove(_seat: string, value: string | number | (string | number)[]): string {
    return scenarioText(value);
  }

  outcome(): Outcome {
    const scores: Record<string, number> = {};
    this.state.pythons.forEach((p, i) => (scores[seatOf(i)] = p.score));
    const best = Math.max(...this.state.pythons.map((p) => p.score));
    const leaders = this.state.pythons.map((p, i) => (p.score === best ? i + 1 : 0)).filter((i) => i > 0);
    const dq = [...this.disqualified.entries()].sort(([a], [b]) => a - b).map(([p, why]) => ` (python ${p + 1} disqualified: ${why})`).join('');
    if (this.quitAt !== undefined || this.round <= this.moves) {
      const standing = leaders.length === 1 ? `python ${leaders[0]} leads with ${best} point(s)` : `pythons ${leaders.join(', ')} share the lead with ${best} point(s)`;
      return { finished: false, summary: `the game was ended at move ${this.quitAt ?? this.round} of ${this.moves}; ${standing}${dq}`, scores };
    }
    const summary = leaders.length === 1
      ? `after ${this.moves} moves each python ${leaders[0]} wins with ${best} point(s)${dq}`
      : `after ${this.moves} moves each pythons ${leaders.join(', ')} tie with ${best} point(s)${dq}`;
    return { finished: true, summary, scores, ...(leaders.length === 1 ? { winner: String(leaders[0]) } : {}) };
  }

  /** The goals of index.ts this seat's game reached (what the pythons did, what its bot faced at its turns). */
  reached(seat: string): string[] {
    return [...this.goalsReached[this.python(seat)]!];
  }

  snapshot(): unknown {
    const only = this.bots.size === 1 ? this.names.get([...this.bots][0]!) : undefined;
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
        ...(this.names.has(i) ? { name: this.names.get(i) } : {}),
      })),
      ...(this.lastEvent ? { last: this.lastEvent } : {}),
      ...(only !== undefined ? { botName: only } : {}),
    };
  }

  // ---- the bots' answers ----

  private judgeName(p: number, name: string): Judgement {
    const check = checkName(name);
    if (!check.ok) {
      this.disqualify(p, 'invalid-name at getName', true);
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
    this.names.set(p, name);
    this.askNextName();
    return { accepted: true, violations: [], played: name };
  }

  private judgeAction(p: number, text: string): Judgement {
    const move = this.round;
    const action = parseAction(text);
    if (!action) {
      // What a python could do is judged before the disqualification changes the flow.
      const expected = this.suggestion(p);
      this.disqualify(p, `bad-format at move ${move}`, true);
      const hint = /^[uldrna]$/.test(text) ? ' (the letters are capitals)' : '';
      return {
        accepted: false,
        stopBot: true,
        violations: [{
          code: 'bad-format',
          ply: move,
          message: `python ${p + 1}'s move ${move}: the answer ${visible(text)} is not one of U L D R N A${hint}, one character on a line of its own; the jury disqualifies the program (it violates the interaction protocol), its python stays on the field and cannot move`,
          expected,
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

  private python(seat: string): number {
    const p = /^[1-9][0-9]*$/.test(seat) ? Number(seat) - 1 : -1;
    if (p < 0 || p >= this.state.pythons.length) throw new Error(`snakecore: no seat '${seat}' (pythons 1..${this.state.pythons.length})`);
    return p;
  }

  /** getName to the next bot seat still in the game; once every one has answered, the first round. */
  private askNextName(): void {
    let p = this.toName.shift();
    while (p !== undefined && this.disqualified.has(p)) p = this.toName.shift();
    if (p === undefined) {
      this.started = true;
      this.beginTurn();
      return;
    }
    this.awaiting = p;
    this.queue.push({ type: 'send', seat: seatOf(p), lines: [GET_NAME], ply: 0 }, { type: 'await', seat: seatOf(p), request: nameRequest() });
  }

  private play(p: number, action: Action): Effect {
    const before = this.state;
    const applied = applyAction(this.state, p, action, (cells) => this.respawnRng.int(cells.length));
    this.state = applied.state;
    this.lastEvent = describeEffect(before, p, action, applied.effect);
    this.noteEffect(p, applied.effect);
    return applied.effect;
  }

  /** Every seat saw it happen. */
  private noteForAll(goal: string): void {
    for (const goals of this.goalsReached) goals.add(goal);
  }

  /** What a carried-out order shows: a block eaten or dumped, a bite, a python biting itself, its tail running away, protection. */
  private noteEffect(p: number, effect: Effect): void {
    if (effect.kind === 'eat') this.noteForAll('ate');
    else if (effect.kind === 'dump' && effect.blocks > 0) this.noteForAll('reactor');
    else if (effect.kind === 'protect') this.noteForAll('protection');
    else if (effect.kind === 'move' && effect.ownTail) this.noteForAll('own-tail');
    else if (effect.kind === 'attack' && effect.victim === p) this.noteForAll('self-attack');
    else if (effect.kind === 'attack') {
      this.noteForAll('bite');
      this.goalsReached[effect.victim]!.add('bitten');
    }
  }

  /** What the position in front of a bot tests: nothing to do but N, a protected body next to its head. */
  private noteBotTurn(p: number): void {
    const goals = this.goalsReached[p]!;
    if (possibleActions(this.state, p).every((a) => a === 'N')) goals.add('boxed-in');
    const head = this.state.pythons[p]!.head;
    for (const d of MOVES) {
      const to = { x: head.x + DELTA[d][0], y: head.y + DELTA[d][1] };
      if (!inside(this.state, to)) continue;
      const c = contentAt(this.state, to);
      if (c.kind !== 'linked') continue;
      const owner = this.state.pythons[c.python]!;
      if (c.index < owner.body.length - 1 && isProtected(owner)) goals.add('protected-body');
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
    // A disqualified python's turns pass without a move (iteratively: k may be 1).
    for (;;) {
      if (this.round > this.moves) {
        const over = `the game is over after ${this.moves} moves each`;
        this.queue.push({
          type: 'end',
          endings: this.endings(
            () => ({ kind: 'close', reason: `${over}: the jury closes the input and ends the program`, mustBeRunning: true }),
            (why) => `${over}; the program was disqualified and stopped earlier (${why})`,
          ),
        });
        return;
      }
      const wasProtected = isProtected(this.state.pythons[this.current]!);
      this.state = startTurn(this.state, this.current);
      if (wasProtected && !isProtected(this.state.pythons[this.current]!)) this.noteForAll('protection-off');
      if (!this.state.pythons[this.current]!.disqualified) break;
      this.current++;
      if (this.current === this.state.pythons.length) {
        this.current = 0;
        this.round++;
      }
    }
    const p = this.current;
    const seat = seatOf(p);
    if (this.bots.has(p)) {
      this.noteBotTurn(p);
      this.awaiting = p;
      this.queue.push(
        { type: 'send', seat, lines: actionMessage(this.state, p, this.emptyChar), ply: this.round },
        { type: 'await', seat, request: actionRequest(p, this.round) },
      );
    } else {
      this.queue.push({ type: 'move', seat, ply: this.round });
    }
  }

  /** The ending of every bot seat: `running` for a bot still in the game, `stopped` with `why` for a disqualified one. */
  private endings(running: () => Ending, stoppedReason: (why: string) => string): Record<string, Ending> {
    const out: Record<string, Ending> = {};
    for (const p of [...this.bots].sort((a, b) => a - b)) {
      const why = this.disqualified.get(p);
      out[seatOf(p)] = why === undefined ? running() : { kind: 'stopped', reason: stoppedReason(why) };
    }
    return out;
  }

  /**
   * The jury stops the program; its python stays where it is and its turns pass without a move.
   * `awaited`: the jury lost the bot while waiting for its answer; at getName the next seat is asked
   * (or the game begins), during its turn the turn passes.
   */
  private disqualify(p: number, why: string, awaited: boolean): void {
    this.disqualified.set(p, why);
    const pythons = this.state.pythons.slice();
    pythons[p] = { ...pythons[p]!, disqualified: true };
    this.state = { ...this.state, pythons };
    const seat = seatOf(p);
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const a = this.queue[i]!;
      if ((a.type === 'send' || a.type === 'await') && a.seat === seat) this.queue.splice(i, 1);
    }
    if (!awaited) return;
    this.awaiting = null;
    if (this.started) this.advance();
    else this.askNextName();
  }
}
