// The CodeCup 2010 jury for one Amazes game, seen from the bot's seat.
//
// A bad line, a crash or a timeout does not end Amazes: the jury plays `T` for that player each turn
// and the other player still gets its 150 turns. Once the bot is out (the core stops its process),
// this referee plays the bot's turns internally as `T` and goes on asking for the opponent's moves
// (the core's drain plays them with the built-in opponent), so both scores are complete; then the
// game ends with `stopped`.
import { firstLine, scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type Judgement, type Outcome } from '../../core/game.js';
import { type JuryAction, type Referee, type RefereeContext } from '../../core/single-seat.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { CELLS, DIR_LETTERS, colOf, edgeOf, rowOf, SIZE, cellAt, DIRS } from './maze.js';
import { chooseMove, DEFAULT_OPPONENT, OPPONENTS, type OpponentName } from './opponent.js';
import {
  beginTurn, checkMoveText, currentTurn, isOver, other, playerName, playTurn, RULES, scores, TURNS_EACH, initialState,
  type GameState, type Player, type TurnRecord, type View,
} from './rules.js';
import { resolveSetup, type ResolvedSetup } from './setup.js';
import { describeMoveProblem, exampleMove, moveRequest, QUIT, visionLines } from './wire.js';

export class AmazesReferee implements Referee {
  private state: GameState;
  private readonly bot: Player;
  private readonly opponentName: OpponentName;
  private readonly rng: Rng;
  private readonly setup: ResolvedSetup;
  private readonly queue: JuryAction[] = [];
  private readonly history: TurnRecord[] = [];
  /** Set once the jury took over the bot's moves (bad line or no answer); its process is stopped. */
  private botOut: { code: string; turn: number } | null = null;
  /** In a match: the jury took over the other player too (its bot failed in its own seat). */
  private opponentOut: { code: string; turn: number } | null = null;
  /** Set when the scenario ended the game before the rules did. */
  private cutShort = false;
  /** The game's own goals the bot's turns reached so far (what it was told: distance 0, a dead end). */
  private readonly goalsReached = new Set<string>();

  constructor(ctx: RefereeContext) {
    if (ctx.role !== 'red' && ctx.role !== 'blue') throw new ScenarioError(`amazes has roles red and blue, not '${ctx.role}'`);
    const name = ctx.opponent ?? DEFAULT_OPPONENT;
    if (!(OPPONENTS as readonly string[]).includes(name))
      throw new ScenarioError(`amazes has the built-in opponents ${OPPONENTS.join(', ')}, not '${name}'`);
    this.bot = ctx.role;
    this.opponentName = name as OpponentName;
    this.rng = ctx.rng.fork('opponent');
    this.setup = resolveSetup(ctx.setup, ctx.scenarioDir, ctx.rng);
    this.state = initialState(this.setup.maze, this.setup.starts);
    this.advance();
  }

  next(): JuryAction {
    const action = this.queue.shift();
    if (!action) throw new Error('amazes referee: next() after the end of the game');
    return action;
  }

  answer(lines: string[]): Judgement {
    const text = lines[0] ?? '';
    const turn = currentTurn(this.state);
    const problem = checkMoveText(text);
    if (problem) {
      const verdict = describeMoveProblem(problem, text);
      this.takeOver(verdict.code, turn);
      return {
        accepted: false,
        played: 'T',
        stopBot: true,
        violations: [{ code: verdict.code, ply: turn, message: `${playerName(this.bot)}'s turn ${turn}: ${verdict.message}`, expected: exampleMove(problem, text), expectedIsExample: true, actual: text, rule: verdict.rule }],
      };
    }
    const record = this.play(text);
    const violations: ViolationDraft[] = [];
    const stop = record.walk.stoppedAt;
    if (stop !== null) {
      const wasted = text.length - stop;
      violations.push({
        code: 'ineffective-action',
        ply: turn,
        message: `${playerName(this.bot)}'s turn ${turn}: step ${stop + 1} ('${text[stop]}') runs into a wall, so ${wasted === 1 ? 'it is' : `it and the ${wasted - 1} step(s) after it are`} not performed but still cost ${wasted} point(s)`,
        actual: text,
        rule: RULES.wall,
        evidence: { stoppedAtStep: stop + 1, wastedSteps: wasted },
      });
    }
    this.advance();
    return { accepted: true, violations, played: text };
  }

  botFailed(code: FailureCode): void {
    this.queue.length = 0;
    if (isOver(this.state) || this.state[this.bot].turns >= TURNS_EACH) {
      this.queue.push({ type: 'end', ending: { kind: 'stopped', reason: `${code} after the bot's last turn` } });
      return;
    }
    this.takeOver(code, this.state.toMove === this.bot ? currentTurn(this.state) : this.state[this.bot].turns + 1);
  }

  playerFailed(player: string, code: string): void {
    const opp = other(this.bot);
    if (player !== opp) throw new Error(`amazes referee: playerFailed for '${player}', not the other player`);
    if (this.opponentOut || isOver(this.state)) return;
    // As takeOver() did in that player's own seat: from this turn if it is its turn, else from its next.
    const turn = this.state.toMove === opp ? currentTurn(this.state) : this.state[opp].turns + 1;
    this.opponentOut = { code, turn };
    if (this.state.toMove === opp) this.play('T', { byJury: true, disqualify: this.opponentOut });
    this.advance();
  }

  opponent(scripted: string | undefined): string {
    const opp = other(this.bot);
    if (this.state.toMove !== opp || isOver(this.state)) throw new Error('amazes referee: opponent() when it is not the opponent\'s turn');
    this.state = beginTurn(this.state).state;
    let steps: string;
    if (scripted === undefined) steps = chooseMove(this.opponentName, this.state, this.rng);
    else {
      steps = String(scripted).trim();
      const problem = checkMoveText(steps);
      if (problem)
        throw new ScenarioError(`scripted move for ${playerName(opp)}'s turn ${currentTurn(this.state)} is not a legal line: ${describeMoveProblem(problem, steps).message.split(';')[0]}`);
    }
    this.play(steps);
    this.advance();
    return steps;
  }

  quit(): Ending {
    this.queue.length = 0;
    if (!isOver(this.state)) this.cutShort = true;
    if (this.botOut) return { kind: 'stopped', reason: 'the jury had already taken over the bot' };
    if (this.state[this.bot].turns >= TURNS_EACH) return { kind: 'self-exit', reason: `${playerName(this.bot)} has played its ${TURNS_EACH} turns` };
    return { kind: 'quit', reason: 'the jury ends the game', lines: [QUIT] };
  }

  canonical(lines: string[]): string {
    return firstLine(lines);
  }

  canonicalScenarioMove(value: string | number | (string | number)[]): string {
    return scenarioText(value);
  }

  outcome(): Outcome {
    const s = this.state;
    const sc = scores(s);
    const winner = sc.red > sc.blue ? 'red' : sc.blue > sc.red ? 'blue' : undefined;
    const points = `Red ${sc.red}, Blue ${sc.blue}`;
    const notes = (['red', 'blue'] as const)
      .filter((p) => s[p].disqualified)
      .map((p) => `; the jury played T for ${playerName(p)} from turn ${s[p].disqualified!.turn} (${s[p].disqualified!.code}), score 0`)
      .join('');
    let summary: string;
    if (s.suddenDeath) {
      const w = s.suddenDeath.winner;
      summary = `sudden death on ${playerName(w)}'s turn ${s.suddenDeath.turn}: ${playerName(w)} discovered all ${CELLS} squares and ended on ${playerName(other(w))}'s square (points doubled, ${playerName(other(w))}'s set to 0): ${points}${notes}`;
    } else if (isOver(s)) summary = `${TURNS_EACH} turns each: ${points}${notes}`;
    else summary = `ended by the scenario after Red ${s.red.turns} and Blue ${s.blue.turns} turn(s): ${points} so far${notes}`;
    return { finished: isOver(s) && !this.cutShort, summary, scores: sc, ...(winner ? { winner } : {}) };
  }

  reached(): string[] {
    const s = this.state;
    const ending = s.suddenDeath ? ['sudden-death'] : isOver(s) ? ['turn-limit'] : [];
    return [...this.goalsReached, ...ending];
  }

  snapshot(): unknown {
    const s = this.state;
    const last = this.history[this.history.length - 1];
    const player = (p: Player) => ({
      row: rowOf(s[p].pose.cell) + 1,
      column: colOf(s[p].pose.cell) + 1,
      facing: DIR_LETTERS[s[p].pose.facing],
      turns: s[p].turns,
      points: s[p].points,
      discovered: s[p].knowledge.discoveredCount,
      discoveredMap: bitsHex(s[p].knowledge.discovered),
      ...(s[p].disqualified ? { takenOver: s[p].disqualified } : {}),
    });
    return {
      maze: wallRows(s),
      toMove: s.toMove,
      red: player('red'),
      blue: player('blue'),
      ...(last ? { last: { player: last.player, turn: last.turn, steps: last.steps.length > 40 ? `${last.steps.slice(0, 40)}…` : last.steps, byJury: last.byJury, points: last.points } } : {}),
      ...(s.suddenDeath ? { suddenDeath: s.suddenDeath } : {}),
    };
  }

  // ---------------------------------------------------------------- internals

  private play(steps: string, opts: Parameters<typeof playTurn>[2] = {}): TurnRecord {
    const { state, record } = playTurn(this.state, steps, opts);
    this.state = state;
    this.history.push(record);
    return record;
  }

  /** What the five lines the bot is about to read test: a squared distance of 0, a dead end facing its end wall. */
  private noteGoals(view: View): void {
    if (view.squaredDistance === 0) this.goalsReached.add('caught');
    const [ahead, right, , left] = view.corridors;
    if (ahead.length === 0 && right.length === 0 && left.length === 0) this.goalsReached.add('dead-end');
  }

  /** The jury plays `T` for the bot from this turn on; its process is stopped by the core. */
  private takeOver(code: string, turn: number): void {
    this.botOut = { code, turn };
    if (this.state.toMove === this.bot && !isOver(this.state)) this.play('T', { byJury: true, disqualify: { code, turn } });
    this.advance();
  }

  /** Queues what the jury does next; plays internally whatever needs no one (the bot is out). */
  private advance(): void {
    this.queue.length = 0;
    while (!isOver(this.state)) {
      const who = this.state.toMove;
      if (who === this.bot && this.botOut) {
        this.play('T', { byJury: true, disqualify: this.botOut });
        continue;
      }
      if (who !== this.bot && this.opponentOut) {
        this.play('T', { byJury: true, disqualify: this.opponentOut });
        continue;
      }
      if (who === this.bot) {
        const turn = currentTurn(this.state);
        const { state, view } = beginTurn(this.state);
        this.state = state;
        this.noteGoals(view);
        this.queue.push(
          { type: 'send', lines: visionLines(view, this.bot === 'red' && turn === 1), ply: turn },
          { type: 'await', request: moveRequest(this.bot, turn) },
        );
      } else this.queue.push({ type: 'opponent', player: other(this.bot), ply: currentTurn(this.state) });
      return;
    }
    this.queue.push({ type: 'end', ending: this.naturalEnding() });
  }

  private naturalEnding(): Ending {
    const s = this.state;
    if (this.botOut) return { kind: 'stopped', reason: `the jury played T for ${playerName(this.bot)} to the end of the game (${this.botOut.code})` };
    if (s[this.bot].turns >= TURNS_EACH)
      return { kind: 'self-exit', reason: `${playerName(this.bot)} has played its ${TURNS_EACH} turns: ${RULES.selfExit}` };
    const sd = s.suddenDeath!;
    return { kind: 'quit', reason: `sudden death on ${playerName(sd.winner)}'s turn ${sd.turn}: the game is over before ${playerName(this.bot)}'s turn ${s[this.bot].turns + 1}`, lines: [QUIT] };
  }
}

/** The maze as 25 strings of one hex digit per square: walls N=1, E=2, S=4, W=8. */
function wallRows(s: GameState): string[] {
  const rows: string[] = [];
  for (let r = 0; r < SIZE; r++) {
    let row = '';
    for (let c = 0; c < SIZE; c++) {
      let bits = 0;
      for (const d of DIRS) if (s.maze.walls[edgeOf(cellAt(r, c), d)]) bits |= 1 << d;
      row += bits.toString(16);
    }
    rows.push(row);
  }
  return rows;
}

/** 625 flags as hex, 4 squares per digit, row by row. */
function bitsHex(flags: Uint8Array): string {
  let out = '';
  for (let i = 0; i < flags.length; i += 4) out += (flags[i]! | ((flags[i + 1] ?? 0) << 1) | ((flags[i + 2] ?? 0) << 2) | ((flags[i + 3] ?? 0) << 3)).toString(16);
  return out;
}

