// The CodeCup 2008 jury for one Alquerque game, for both seats: what it sends each bot seat (wire.ts),
// how it judges a move (rules.ts), and what follows a failure (the irregular loss: 12-0 for the other
// side, Quit to whoever still waits).
import { firstLine, scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type Game, type GameAction, type GameContext, type Judgement, type Outcome } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { chooseMove, OPPONENTS, type OpponentName } from './opponent.js';
import {
  applyMove, barredMoveBack, boardRows, captureMoves, checkMove, countPieces, formatMove, initialState, legalMoves, other, scores, status, WIN_SCORE,
  plainMoves, type Color, type State, type Status,
} from './rules.js';
import { colorName, moveRequest, QUIT, START } from './wire.js';

const COLORS: readonly Color[] = ['white', 'black'];

export class AlquerqueGame implements Game {
  private state: State = initialState();
  private readonly bots: ReadonlySet<Color>;
  private readonly rng: Rng;
  private readonly queue: GameAction[] = [];
  /** Set when the game ended otherwise than by the rules' natural end (a player's irregular loss). */
  private irregular: { loser: Color; reason: string } | null = null;
  /** Bot seats the jury has stopped (a failure or an invalid move): they get no more messages. */
  private readonly out = new Set<Color>();
  private lastMove: string | null = null;
  /** The scenario ended the game before the rules did: no result, no winner. */
  private cutShort = false;
  private readonly opponentName: OpponentName;
  /** The game's own goals each seat reached so far (what it faced at its turns, how the game ended). */
  private readonly goalsReached = new Map<Color, Set<string>>(COLORS.map((c) => [c, new Set<string>()]));

  constructor(ctx: GameContext) {
    for (const seat of ctx.bots) if (seat !== 'white' && seat !== 'black') throw new ScenarioError(`alquerque has roles white and black, not '${seat}'`);
    if (ctx.opponent !== undefined && !OPPONENTS.includes(ctx.opponent as OpponentName))
      throw new ScenarioError(`alquerque's built-in opponents are ${OPPONENTS.join(', ')}; not '${ctx.opponent}'`);
    this.opponentName = (ctx.opponent as OpponentName | undefined) ?? 'random';
    this.bots = new Set(ctx.bots as Color[]);
    this.rng = ctx.rng.fork('opponent');
    if (this.isBot('white')) this.queue.push({ type: 'send', seat: 'white', lines: [START], ply: 1 });
    this.queue.push(this.turnOf('white'));
  }

  next(): GameAction {
    const action = this.queue.shift();
    if (!action) throw new Error('alquerque: next() after the end of the game');
    return action;
  }

  answer(seat: string, lines: string[]): Judgement {
    const color = this.color(seat);
    const text = lines[0] ?? '';
    const check = checkMove(this.state, text);
    const ply = this.state.ply + 1;
    if (!check.ok) {
      // Irregular loss: the opponent wins 12-0; the offender, and the opponent if it waits, receive Quit.
      this.irregular = { loser: color, reason: `${colorName(color)} made an invalid move at ply ${ply}` };
      this.endAll((c) => ({ kind: 'quit', reason: c === color ? `${colorName(color)} made an invalid move: it loses 0-${WIN_SCORE}` : `${colorName(color)} made an invalid move: ${colorName(c)} wins ${WIN_SCORE}-0`, lines: [QUIT] }));
      return { accepted: false, violations: [{ code: check.code, ply, message: check.message, expected: check.expected, expectedIsExample: check.expectedIsExample, actual: text, rule: check.rule }] };
    }
    this.afterMove(formatMove(check.move), check.move);
    return { accepted: true, violations: [], played: formatMove(check.move) };
  }

  failed(seat: string, code: FailureCode): void {
    const color = this.color(seat);
    this.out.add(color);
    this.irregular = { loser: color, reason: `${colorName(color)}: ${code} at ply ${this.state.ply + 1}` };
    this.endAll((c) => (c === color
      ? { kind: 'stopped', reason: `${code}: irregular loss 0-${WIN_SCORE}` }
      : { kind: 'quit', reason: `${colorName(color)}'s ${code}: ${colorName(c)} wins ${WIN_SCORE}-0`, lines: [QUIT] }));
  }

  move(seat: string, scripted: string | undefined): string {
    this.color(seat);
    let text: string;
    if (scripted === undefined) {
      text = formatMove(chooseMove(this.opponentName, this.state, this.rng));
    } else {
      const check = checkMove(this.state, scripted.trim());
      if (!check.ok) throw new ScenarioError(`scripted opponent move at ply ${this.state.ply + 1} is not legal: ${check.message}`);
      text = formatMove(check.move);
    }
    const check = checkMove(this.state, text);
    if (!check.ok) throw new Error(`built-in opponent chose an illegal move ${text}`);
    this.afterMove(text, check.move);
    return text;
  }

  quit(): Record<string, Ending> {
    this.queue.length = 0;
    if (!this.irregular && !status(this.state).over) this.cutShort = true;
    return this.endings((c) => (this.out.has(c) ? { kind: 'stopped', reason: 'the jury had already stopped the bot' } : { kind: 'quit', reason: 'the jury ends the game', lines: [QUIT] }));
  }

  canonical(_seat: string, lines: string[]): string {
    return firstLine(lines);
  }

  legalAnswers(seat: string): string[] {
    return this.state.toMove === this.color(seat) ? legalMoves(this.state).map(formatMove) : [];
  }

  canonicalScenarioMove(_seat: string, value: string | number | (string | number)[]): string {
    return scenarioText(value);
  }

  outcome(): Outcome {
    const st = status(this.state);
    if (this.irregular && !st.over) {
      const winner = other(this.irregular.loser);
      return { finished: false, summary: this.irregular.reason, scores: { [winner]: WIN_SCORE, [this.irregular.loser]: 0 }, winner };
    }
    if (!st.over)
      return { finished: false, summary: this.cutShort ? `the scenario ended the game after ${this.state.ply} plies, before the rules did: no result` : `game not finished after ${this.state.ply} plies`, scores: {} };
    return { finished: true, summary: st.reason, scores: scores(this.state, st), ...(st.winner ? { winner: st.winner } : {}) };
  }

  reached(seat: string): string[] {
    const st = status(this.state);
    return [...this.goalsReached.get(this.color(seat))!, ...(st.over && st.winner === null ? ['tie'] : [])];
  }

  snapshot(): unknown {
    return {
      ply: this.state.ply,
      toMove: this.state.toMove,
      rows: boardRows(this.state),
      lastMove: this.lastMove,
      pieces: { white: countPieces(this.state.board, 'white'), black: countPieces(this.state.board, 'black') },
    };
  }

  // ---- the flow of the game ----

  private isBot(c: Color): boolean {
    return this.bots.has(c) && !this.out.has(c);
  }

  private color(seat: string): Color {
    if (seat !== 'white' && seat !== 'black') throw new Error(`alquerque: no seat '${seat}'`);
    return seat;
  }

  /** A move was played (by a bot or for a seat without one): relay it and go on, or end the game. */
  private afterMove(text: string, move: Parameters<typeof applyMove>[1]): void {
    const ply = this.state.ply + 1;
    this.state = applyMove(this.state, move);
    this.lastMove = text;
    const next = this.state.toMove;
    const st = status(this.state);
    // Tie after Black's 100th move: White may already have exited after its own 100th move, or may read
    // this last move first; both readings are accepted (the send is allowed to find a closed pipe).
    if (this.isBot(next) && (!st.over || st.winner === null)) this.queue.push({ type: 'send', seat: next, lines: [text], ply });
    if (st.over) this.endAll((c) => this.naturalEnding(c, st), true);
    else this.queue.push(this.turnOf(next));
  }

  private turnOf(c: Color): GameAction {
    if (!this.isBot(c)) return { type: 'move', seat: c, ply: this.state.ply + 1 };
    this.noteGoals(c);
    return { type: 'await', seat: c, request: moveRequest(c, this.state.ply + 1) };
  }

  /** What the position in front of a seat tests: a compulsory capture, a capture that must go on, a barred move back. */
  private noteGoals(c: Color): void {
    const goals = this.goalsReached.get(c)!;
    const captures = captureMoves(this.state);
    if (captures.length > 0 && plainMoves(this.state).length > 0) goals.add('capture-due');
    if (captures.some((m) => m.kind === 'capture' && m.landings.length > 1)) goals.add('capture-chain');
    if (captures.length === 0 && barredMoveBack(this.state)) goals.add('move-back-barred');
  }

  private naturalEnding(c: Color, st: Status & { over: true }): Ending {
    if (st.winner === c || st.winner === null)
      return { kind: 'self-exit', reason: `${st.reason}: the ${st.winner ? 'winner' : 'players in a tie'} must terminate on its own` };
    return { kind: 'quit', reason: `${st.reason}: the loser receives Quit`, lines: [QUIT] };
  }

  /** The ending of every bot seat, a stopped one's included. */
  private endings(ending: (c: Color) => Ending): Record<string, Ending> {
    const out: Record<string, Ending> = {};
    for (const c of COLORS) if (this.bots.has(c)) out[c] = this.out.has(c) ? { kind: 'stopped', reason: 'the jury had stopped the bot' } : ending(c);
    return out;
  }

  /** Ends the game for every bot seat; `afterSends`: after what is already queued (the last move's relay). */
  private endAll(ending: (c: Color) => Ending, afterSends = false): void {
    if (!afterSends) this.queue.length = 0;
    const all: Record<string, Ending> = {};
    for (const c of COLORS) if (this.bots.has(c)) all[c] = ending(c);
    this.queue.push({ type: 'end', endings: all });
  }
}
