// The CodeCup 2008 jury for one Alquerque game, seen from the bot's seat.
import { firstLine, scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type JuryAction, type Judgement, type Outcome, type Referee, type RefereeContext } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { chooseMove, OPPONENTS, type OpponentName } from './opponent.js';
import {
  applyMove, barredMoveBack, boardRows, captureMoves, checkMove, countPieces, formatMove, initialState, legalMoves, other, scores, status, WIN_SCORE,
  plainMoves, type Color, type State, type Status,
} from './rules.js';
import { colorName, moveRequest, QUIT, START } from './wire.js';

export class AlquerqueReferee implements Referee {
  private state: State = initialState();
  private readonly bot: Color;
  private readonly rng: Rng;
  private readonly queue: JuryAction[] = [];
  /** Set when the game ended otherwise than by the rules' natural end (bot disqualified, scenario quit). */
  private irregular: { loser: Color; reason: string } | null = null;
  private lastMove: string | null = null;
  /** The scenario ended the game before the rules did: no result, no winner. */
  private cutShort = false;
  private readonly opponentName: OpponentName;
  /** The game's own goals reached so far (what the bot faced at its turns, how the game ended). */
  private readonly goalsReached = new Set<string>();

  constructor(ctx: RefereeContext) {
    if (ctx.role !== 'white' && ctx.role !== 'black') throw new ScenarioError(`alquerque has roles white and black, not '${ctx.role}'`);
    if (ctx.opponent !== undefined && !OPPONENTS.includes(ctx.opponent as OpponentName))
      throw new ScenarioError(`alquerque's built-in opponents are ${OPPONENTS.join(', ')}; not '${ctx.opponent}'`);
    this.opponentName = (ctx.opponent as OpponentName | undefined) ?? 'random';
    this.bot = ctx.role;
    this.rng = ctx.rng.fork('opponent');
    if (this.bot === 'white') this.queue.push({ type: 'send', lines: [START], ply: 1 }, this.awaitBot());
    else this.queue.push(this.opponentTurn());
  }

  next(): JuryAction {
    const action = this.queue.shift();
    if (!action) throw new Error('alquerque referee: next() after the end of the game');
    return action;
  }

  answer(lines: string[]): Judgement {
    const text = lines[0] ?? '';
    const check = checkMove(this.state, text);
    const ply = this.state.ply + 1;
    if (!check.ok) {
      this.irregular = { loser: this.bot, reason: `${colorName(this.bot)} made an invalid move at ply ${ply}` };
      // Irregular loss: the opponent wins 12-0 and the loser receives Quit.
      this.queue.push({ type: 'end', ending: { kind: 'quit', reason: `${colorName(this.bot)} made an invalid move: it loses 0-${WIN_SCORE}`, lines: [QUIT] } });
      return { accepted: false, violations: [{ code: check.code, ply, message: check.message, expected: check.expected, expectedIsExample: check.expectedIsExample, actual: text, rule: check.rule }] };
    }
    this.play(check.move);
    const st = status(this.state);
    if (st.over) this.queue.push({ type: 'end', ending: this.naturalEnding(st) });
    else this.queue.push(this.opponentTurn());
    return { accepted: true, violations: [], played: formatMove(check.move) };
  }

  botFailed(code: FailureCode): void {
    this.irregular = { loser: this.bot, reason: `${colorName(this.bot)}: ${code} at ply ${this.state.ply + 1}` };
    this.queue.length = 0;
    this.queue.push({ type: 'end', ending: { kind: 'stopped', reason: `${code}: irregular loss 0-${WIN_SCORE}` } });
  }

  opponent(scripted: string | undefined): string {
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
    const ply = this.state.ply + 1;
    this.play(check.move);
    const st = status(this.state);
    if (!st.over) {
      this.queue.push({ type: 'send', lines: [text], ply }, this.awaitBot());
    } else if (st.winner === null) {
      // Tie after Black's 100th move: White may already have exited after its own 100th move, or may
      // read this last move first; both readings are accepted (the send is allowed to find a closed pipe).
      this.queue.push({ type: 'send', lines: [text], ply }, { type: 'end', ending: this.naturalEnding(st) });
    } else {
      this.queue.push({ type: 'end', ending: this.naturalEnding(st) });
    }
    return text;
  }

  quit(): Ending {
    this.queue.length = 0;
    if (!this.irregular && !status(this.state).over) this.cutShort = true;
    return { kind: 'quit', reason: 'the jury ends the game', lines: [QUIT] };
  }

  canonical(lines: string[]): string {
    return firstLine(lines);
  }

  legalAnswers(): string[] {
    return legalMoves(this.state).map(formatMove);
  }

  canonicalScenarioMove(value: string | number | (string | number)[]): string {
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

  snapshot(): unknown {
    return {
      ply: this.state.ply,
      toMove: this.state.toMove,
      rows: boardRows(this.state),
      lastMove: this.lastMove,
      pieces: { white: countPieces(this.state.board, 'white'), black: countPieces(this.state.board, 'black') },
    };
  }

  private play(move: Parameters<typeof applyMove>[1]): void {
    this.state = applyMove(this.state, move);
    this.lastMove = formatMove(move);
  }

  private awaitBot(): JuryAction {
    this.noteGoals();
    return { type: 'await', request: moveRequest(this.bot, this.state.ply + 1) };
  }

  reached(): string[] {
    const st = status(this.state);
    return [...this.goalsReached, ...(st.over && st.winner === null ? ['tie'] : [])];
  }

  /** What the position in front of the bot tests: a compulsory capture, a capture that must go on, a barred move back. */
  private noteGoals(): void {
    const captures = captureMoves(this.state);
    if (captures.length > 0 && plainMoves(this.state).length > 0) this.goalsReached.add('capture-due');
    if (captures.some((c) => c.kind === 'capture' && c.landings.length > 1)) this.goalsReached.add('capture-chain');
    if (captures.length === 0 && barredMoveBack(this.state)) this.goalsReached.add('move-back-barred');
  }

  private opponentTurn(): JuryAction {
    return { type: 'opponent', player: other(this.bot), ply: this.state.ply + 1 };
  }

  private naturalEnding(st: Status & { over: true }): Ending {
    if (st.winner === this.bot || st.winner === null)
      return { kind: 'self-exit', reason: `${st.reason}: the ${st.winner ? 'winner' : 'players in a tie'} must terminate on its own` };
    return { kind: 'quit', reason: `${st.reason}: the loser receives Quit`, lines: [QUIT] };
  }
}
