// The CodeCup 2010 jury for one Amazes game, for both seats: what it sends each bot seat (wire.ts), how
// it judges a line of steps (rules.ts), and what follows a failure.
//
// A bad line, a crash or a timeout does not end Amazes: the jury plays `T` for that player each turn
// (its score is 0) and the other player still gets its 150 turns. Once a seat is taken over (the core
// stops its bot), the game plays that player's turns itself as `T` and goes on with the other player's,
// so both scores are complete; the taken-over seat's ending is `stopped`.
import { firstLine, scenarioText } from '../../core/answers.js';
import { ScenarioError, type Ending, type FailureCode, type Game, type GameAction, type GameContext, type Judgement, type Outcome } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { CELLS, DIR_LETTERS, colOf, edgeOf, rowOf, SIZE, cellAt, DIRS } from './maze.js';
import { chooseMove, DEFAULT_OPPONENT, OPPONENTS, type OpponentName } from './opponent.js';
import {
  beginTurn, checkMoveText, currentTurn, isOver, other, playerName, PLAYERS, playTurn, RULES, scores, TURNS_EACH, initialState,
  type Disqualification, type GameState, type Player, type TurnRecord, type View,
} from './rules.js';
import { resolveSetup, type ResolvedSetup } from './setup.js';
import { describeMoveProblem, exampleMove, moveRequest, QUIT, visionLines } from './wire.js';

export class AmazesGame implements Game {
  private state: GameState;
  private readonly bots: ReadonlySet<Player>;
  private readonly opponentName: OpponentName;
  private readonly rng: Rng;
  private readonly setup: ResolvedSetup;
  private readonly queue: GameAction[] = [];
  private readonly history: TurnRecord[] = [];
  /** Seats the jury took over (bad line or no answer): it plays `T` for them; their bots are stopped. */
  private readonly takenOver = new Map<Player, Disqualification>();
  /** Set when the scenario ended the game before the rules did. */
  private cutShort = false;
  /** The game's own goals each seat's turns reached so far (what it was told: distance 0, a dead end). */
  private readonly goalsReached = new Map<Player, Set<string>>(PLAYERS.map((p) => [p, new Set<string>()]));

  constructor(ctx: GameContext) {
    for (const seat of ctx.bots) if (seat !== 'red' && seat !== 'blue') throw new ScenarioError(`amazes has roles red and blue, not '${seat}'`);
    const name = ctx.opponent ?? DEFAULT_OPPONENT;
    if (!(OPPONENTS as readonly string[]).includes(name))
      throw new ScenarioError(`amazes has the built-in opponents ${OPPONENTS.join(', ')}, not '${name}'`);
    this.bots = new Set(ctx.bots as Player[]);
    this.opponentName = name as OpponentName;
    // The same forks, in the same order, as the single-seat referee this replaces: seeded games repeat.
    this.rng = ctx.rng.fork('opponent');
    this.setup = resolveSetup(ctx.setup, ctx.scenarioDir, ctx.rng);
    this.state = initialState(this.setup.maze, this.setup.starts);
    this.advance();
  }

  next(): GameAction {
    const action = this.queue.shift();
    if (!action) throw new Error('amazes: next() after the end of the game');
    return action;
  }

  answer(seat: string, lines: string[]): Judgement {
    const player = this.awaited(seat);
    const text = lines[0] ?? '';
    const turn = currentTurn(this.state);
    const problem = checkMoveText(text);
    if (problem) {
      const verdict = describeMoveProblem(problem, text);
      this.takeOver(player, { code: verdict.code, turn });
      return {
        accepted: false,
        played: 'T',
        stopBot: true,
        violations: [{ code: verdict.code, ply: turn, message: `${playerName(player)}'s turn ${turn}: ${verdict.message}`, expected: exampleMove(problem, text), expectedIsExample: true, actual: text, rule: verdict.rule }],
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
        message: `${playerName(player)}'s turn ${turn}: step ${stop + 1} ('${text[stop]}') runs into a wall, so ${wasted === 1 ? 'it is' : `it and the ${wasted - 1} step(s) after it are`} not performed but still cost ${wasted} point(s)`,
        actual: text,
        rule: RULES.wall,
        evidence: { stoppedAtStep: stop + 1, wastedSteps: wasted },
      });
    }
    this.advance();
    return { accepted: true, violations, played: text };
  }

  failed(seat: string, code: FailureCode): void {
    const player = this.player(seat);
    if (!this.bots.has(player)) throw new Error(`amazes: failed(${seat}) for a seat without a bot`);
    if (this.takenOver.has(player)) return; // the consequence happens once
    // From this turn if it is the player's turn, else from its next (a failure found between answers).
    const turn = this.state.toMove === player ? currentTurn(this.state) : this.state[player].turns + 1;
    this.takeOver(player, { code, turn });
  }

  move(seat: string, scripted: string | undefined): string {
    const player = this.player(seat);
    if (this.state.toMove !== player || isOver(this.state) || this.bots.has(player))
      throw new Error(`amazes: move(${seat}) when it is not the turn of that seat without a bot`);
    this.state = beginTurn(this.state).state;
    let steps: string;
    if (scripted === undefined) steps = chooseMove(this.opponentName, this.state, this.rng);
    else {
      steps = String(scripted).trim();
      const problem = checkMoveText(steps);
      if (problem)
        throw new ScenarioError(`scripted move for ${playerName(player)}'s turn ${currentTurn(this.state)} is not a legal line: ${describeMoveProblem(problem, steps).message.split(';')[0]}`);
    }
    this.play(steps);
    this.advance();
    return steps;
  }

  quit(): Record<string, Ending> {
    this.queue.length = 0;
    if (!isOver(this.state)) this.cutShort = true;
    return this.endings((p) => {
      if (this.takenOver.has(p)) return { kind: 'stopped', reason: 'the jury had already taken over the bot' };
      if (this.state[p].turns >= TURNS_EACH) return { kind: 'self-exit', reason: `${playerName(p)} has played its ${TURNS_EACH} turns` };
      return { kind: 'quit', reason: 'the jury ends the game', lines: [QUIT] };
    });
  }

  canonical(_seat: string, lines: string[]): string {
    return firstLine(lines);
  }

  canonicalScenarioMove(_seat: string, value: string | number | (string | number)[]): string {
    return scenarioText(value);
  }

  outcome(): Outcome {
    const s = this.state;
    const sc = scores(s);
    const winner = sc.red > sc.blue ? 'red' : sc.blue > sc.red ? 'blue' : undefined;
    const points = `Red ${sc.red}, Blue ${sc.blue}`;
    const notes = PLAYERS
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

  reached(seat: string): string[] {
    const s = this.state;
    const ending = s.suddenDeath ? ['sudden-death'] : isOver(s) ? ['turn-limit'] : [];
    return [...this.goalsReached.get(this.player(seat))!, ...ending];
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

  // ---------------------------------------------------------------- the flow of the game

  private player(seat: string): Player {
    if (seat !== 'red' && seat !== 'blue') throw new Error(`amazes: no seat '${seat}'`);
    return seat;
  }

  /** The seat whose answer the game awaits (a bot's, still playing, on its turn). */
  private awaited(seat: string): Player {
    const player = this.player(seat);
    if (this.state.toMove !== player || isOver(this.state) || !this.bots.has(player) || this.takenOver.has(player))
      throw new Error(`amazes: answer(${seat}) while the game does not await that seat`);
    return player;
  }

  private play(steps: string, opts: Parameters<typeof playTurn>[2] = {}): TurnRecord {
    const { state, record } = playTurn(this.state, steps, opts);
    this.state = state;
    this.history.push(record);
    return record;
  }

  /** What the five lines a seat is about to read test: a squared distance of 0, a dead end facing its end wall. */
  private noteGoals(player: Player, view: View): void {
    const goals = this.goalsReached.get(player)!;
    if (view.squaredDistance === 0) goals.add('caught');
    const [ahead, right, , left] = view.corridors;
    if (ahead.length === 0 && right.length === 0 && left.length === 0) goals.add('dead-end');
  }

  /** The jury plays `T` for the player from this turn on (the same for every seat); the core stops its bot. */
  private takeOver(player: Player, why: Disqualification): void {
    this.takenOver.set(player, why);
    if (this.state.toMove === player && !isOver(this.state)) this.play('T', { byJury: true, disqualify: why });
    this.advance();
  }

  /** Queues what the jury does next; plays itself whatever needs no one (a taken-over player's T). */
  private advance(): void {
    this.queue.length = 0;
    while (!isOver(this.state)) {
      const who = this.state.toMove;
      const why = this.takenOver.get(who);
      if (why) {
        this.play('T', { byJury: true, disqualify: why });
        continue;
      }
      const turn = currentTurn(this.state);
      if (!this.bots.has(who)) {
        this.queue.push({ type: 'move', seat: who, ply: turn });
        return;
      }
      const { state, view } = beginTurn(this.state);
      this.state = state;
      this.noteGoals(who, view);
      this.queue.push(
        { type: 'send', seat: who, lines: visionLines(view, who === 'red' && turn === 1), ply: turn },
        { type: 'await', seat: who, request: moveRequest(who, turn) },
      );
      return;
    }
    this.queue.push({ type: 'end', endings: this.endings((p) => this.naturalEnding(p)) });
  }

  private naturalEnding(p: Player): Ending {
    const s = this.state;
    const why = this.takenOver.get(p);
    if (why) return { kind: 'stopped', reason: `the jury played T for ${playerName(p)} to the end of the game (${why.code})` };
    if (s[p].turns >= TURNS_EACH)
      return { kind: 'self-exit', reason: `${playerName(p)} has played its ${TURNS_EACH} turns: ${RULES.selfExit}` };
    const sd = s.suddenDeath!;
    return { kind: 'quit', reason: `sudden death on ${playerName(sd.winner)}'s turn ${sd.turn}: the game is over before ${playerName(p)}'s turn ${s[p].turns + 1}`, lines: [QUIT] };
  }

  /** The ending of every bot seat. */
  private endings(ending: (p: Player) => Ending): Record<string, Ending> {
    const out: Record<string, Ending> = {};
    for (const p of PLAYERS) if (this.bots.has(p)) out[p] = ending(p);
    return out;
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
