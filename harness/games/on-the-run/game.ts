// The CodeCup 2007 jury for one On The Run game, for both seats (fugitive and detectives): what it sends
// each bot seat (wire.ts), how it judges a move (rules.ts), what the built-in players play for a seat
// without a bot (opponent.ts), and what follows a fault (the irregular loss: 20-0 for the other side,
// Quit to whoever still waits).
import { ScenarioError, type Ending, type FailureCode, type Game, type GameAction, type GameContext, type Judgement, type Outcome } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { fieldAndDistances, type OnTheRunSetup } from './field.js';
import {
  closeInMove, closeInStart, keepAwayMove, keepAwayStart, keepOffMove, INSTRUMENTS, NoDetectivesMove, OPPONENTS, randomDetectivesMove, randomDetectivesStart,
  randomFugitiveMove, randomFugitiveStart, type Board,
} from './opponent.js';
import {
  checkDetectivesMove, checkDetectivesStart, checkFugitiveMove, checkFugitiveStart, formatFugitiveMove, initialState, moveDetectives,
  moveFugitive, otherSide, placeDetectives, someDetectivesMove, placeFugitive, result, TOTAL_POINTS, TURNS, type Check, type FugitiveMove, type Side, type State,
} from './rules.js';
import {
  CONNECT_FILE, detectiveLines, detectivesMoveRequest, detectivesStartRequest, fugitiveMoveRequest, fugitiveStartRequest, modeLine,
  parseCityLines, parseMoveLine, parseStartLine, QUIT, ROLE_LINE, scenarioTokens, startLine, type Parse,
} from './wire.js';

const SIDES: readonly Side[] = ['fugitive', 'detectives'];

type Rejection = { code: 'bad-format' | 'illegal-move'; message: string; expected: string; rule: string };

export class OnTheRunGame implements Game {
  private state: State = initialState();
  private readonly bots: ReadonlySet<Side>;
  /** Bot seats the jury has stopped (a failure): they get no more messages. */
  private readonly out = new Set<Side>();
  /** The built-in player of each side, for a seat without a bot. */
  private readonly styles: Readonly<Record<Side, string>>;
  private readonly board: Board;
  private readonly connectText: string;
  /** Where the generator put the cities (for drawing); absent for given maps. */
  private readonly positions: readonly (readonly [number, number])[] | undefined;
  private readonly rng: Rng;
  private readonly queue: GameAction[] = [];
  /** Set when the game ended otherwise than by catch or escape (a side's irregular loss, or the scenario). */
  private irregular: { loser: Side | null; reason: string } | null = null;
  /** The bot seat whose answer the game awaits (the last `await` it returned). */
  private awaiting: Side | null = null;
  /** After a rejected start city the fugitive's turn-1 line is already on its way; it is read and ignored. */
  private swallowNext = false;
  /** The game's own goals reached by a move so far (a detective into a city another one left). */
  private readonly goalsReached = new Set<string>();

  constructor(ctx: GameContext) {
    for (const seat of ctx.bots) if (!isSide(seat)) throw new ScenarioError(`on-the-run has roles fugitive and detectives, not '${seat}'`);
    this.bots = new Set(ctx.bots as Side[]);
    this.styles = builtInPlayers(this.bots, ctx.opponent);
    const { field, dist } = fieldAndDistances(ctx.setup as OnTheRunSetup | undefined, ctx.scenarioDir, ctx.rng.fork('map'));
    this.board = { map: field.map, dist };
    this.connectText = field.text;
    this.positions = field.positions;
    this.rng = ctx.rng.fork('opponent');

    for (const side of SIDES) if (this.bots.has(side)) this.queue.push({ type: 'send', seat: side, lines: [ROLE_LINE[side]], ply: 0 });
    this.queue.push(this.turn());
  }

  files(seat: string): Record<string, string> {
    this.side(seat);
    return { [CONNECT_FILE]: this.connectText };
  }

  next(): GameAction {
    const action = this.queue.shift();
    if (!action) throw new Error('on-the-run: next() after the end of the game');
    if (action.type === 'await') this.awaiting = action.seat as Side;
    return action;
  }

  answer(seat: string, lines: string[]): Judgement {
    const side = this.side(seat);
    if (this.awaiting !== side) throw new Error(`on-the-run: answer() from the ${side}, whom the game does not await (${this.where()})`);
    this.awaiting = null;
    if (this.swallowNext) {
      this.swallowNext = false;
      return { accepted: false, violations: [] };
    }
    const { map } = this.board;
    const s = this.state;
    switch (s.phase) {
      case 'detectives-start': {
        const checked = this.judge(parseCityLines(lines, (i) => `detective ${i + 1}'s start city`, '1 2 3 4'), (v) => checkDetectivesStart(map, s, v));
        if (!checked.ok) return this.reject(side, checked, 0, lines);
        this.applyDetectivesStart(checked.value);
        return accept(checked.value.join(' '));
      }
      case 'fugitive-start': {
        const checked = this.judge(parseStartLine(lines[0] ?? '', this.freeCity()), (v) => checkFugitiveStart(map, s, v));
        if (!checked.ok) {
          // The fugitive writes its turn-1 move right after its start city, before the jury can answer.
          this.swallowNext = true;
          this.queue.push({ type: 'await', seat: 'fugitive', request: fugitiveMoveRequest(1) });
          return this.reject(side, checked, 0, lines);
        }
        this.applyFugitiveStart(checked.value);
        return accept(String(checked.value));
      }
      case 'fugitive': {
        const checked = this.judge(parseMoveLine(lines[0] ?? '', this.someFugitiveMove()), (v) => checkFugitiveMove(map, s, v));
        if (!checked.ok) return this.reject(side, checked, s.turn, lines);
        this.applyFugitive(checked.value);
        return accept(formatFugitiveMove(checked.value));
      }
      case 'detectives': {
        const checked = this.judge(parseCityLines(lines, (i) => `detective ${i + 1}'s move in turn ${s.turn}`, this.someDetectivesMove()), (v) => checkDetectivesMove(map, s, v));
        if (!checked.ok) return this.reject(side, checked, s.turn, lines);
        this.applyDetectives(checked.value);
        return accept(checked.value.join(' '));
      }
      case 'over':
        throw new Error('on-the-run: answer() after the end of the game');
    }
  }

  failed(seat: string, code: FailureCode): void {
    const side = this.side(seat);
    const winner = otherSide(side);
    this.out.add(side);
    this.awaiting = null;
    this.irregular = { loser: side, reason: `${side}: ${code} (${this.where()}): irregular loss, ${TOTAL_POINTS}-0 for the ${winner}` };
    this.swallowNext = false;
    this.queue.length = 0;
    this.endAll((c) => (c === side
      ? { kind: 'stopped', reason: `${code}: irregular loss, ${TOTAL_POINTS}-0 for the ${winner}` }
      : this.afterIrregular(c, `the ${side}'s ${code}: irregular loss, ${TOTAL_POINTS}-0 for the ${c}`)));
  }

  move(seat: string, scripted: string | undefined): string {
    const side = this.side(seat);
    if (this.isBot(side)) throw new Error(`on-the-run: move() for the ${side}, which has a bot`);
    const mover = this.mover();
    if (mover !== side) throw new Error(`on-the-run: move() for the ${side} while ${mover ? `the ${mover} are to move` : 'the game is over'} (${this.where()})`);
    const { map } = this.board;
    const s = this.state;
    const tokens = scripted === undefined ? undefined : scenarioTokens(scripted);
    const illegal = (message: string) => new ScenarioError(`scripted ${side} move '${scripted}' (${this.where()}) is not legal: ${message}`);
    const numbers = (t: string[], count: number): number[] => {
      if (t.length !== count || !t.every((x) => /^[0-9]+$/.test(x))) throw illegal(`expected ${count} city number${count === 1 ? '' : 's'}`);
      return t.map(Number);
    };
    const ensure = <T>(c: Check<T>): T => {
      if (!c.ok) throw illegal(c.message);
      return c.value;
    };
    switch (s.phase) {
      case 'detectives-start': {
        const cities = ensure(checkDetectivesStart(map, s, tokens ? numbers(tokens, 4) : this.builtInDetectivesStart()));
        this.applyDetectivesStart(cities);
        return cities.join(' ');
      }
      case 'fugitive-start': {
        const city = ensure(checkFugitiveStart(map, s, tokens ? numbers(tokens, 1)[0]! : this.builtInFugitiveStart()));
        this.applyFugitiveStart(city);
        return String(city);
      }
      case 'fugitive': {
        let move: FugitiveMove;
        if (tokens) {
          const parsed = parseMoveLine(tokens.join(' '), '');
          if (!parsed.ok) throw illegal(parsed.message);
          move = ensure(checkFugitiveMove(map, s, parsed.value));
        } else {
          move = ensure(checkFugitiveMove(map, s, this.builtInFugitiveMove()));
        }
        this.applyFugitive(move);
        return formatFugitiveMove(move);
      }
      case 'detectives': {
        const cities = ensure(checkDetectivesMove(map, s, tokens ? numbers(tokens, 4) : this.builtInDetectivesMove()));
        this.applyDetectives(cities);
        return cities.join(' ');
      }
      case 'over':
        throw new Error('on-the-run: move() after the end of the game');
    }
  }

  quit(): Record<string, Ending> {
    this.queue.length = 0;
    if (this.state.phase !== 'over' && !this.irregular) this.irregular = { loser: null, reason: `the scenario ended the game (${this.where()})` };
    return this.endings(() => ({ kind: 'quit', reason: 'the jury ends the game', lines: [QUIT] }));
  }

  canonical(seat: string, lines: string[]): string {
    this.side(seat);
    return scenarioTokens(lines.join(' ')).join(' ');
  }

  canonicalScenarioMove(seat: string, value: string | number | (string | number)[]): string {
    this.side(seat);
    return scenarioTokens(value).join(' ');
  }

  outcome(): Outcome {
    if (this.state.phase === 'over') {
      const r = result(this.state);
      return { finished: true, summary: r.reason, scores: r.scores, winner: r.winner };
    }
    if (this.irregular?.loser) {
      const winner = otherSide(this.irregular.loser);
      return { finished: true, summary: this.irregular.reason, scores: { [winner]: TOTAL_POINTS, [this.irregular.loser]: 0 }, winner };
    }
    return { finished: false, summary: this.irregular?.reason ?? `game in progress (${this.where()})`, scores: {} };
  }

  /** Both sides face the same goals: a catch and the full length end the game for both, and a detective's move into a vacated city is what the detectives wrote and the fugitive read. */
  reached(seat: string): string[] {
    this.side(seat);
    const s = this.state;
    const out = [...this.goalsReached];
    if (s.caught) out.push('caught');
    // The detectives made their move of turn 50 (a catch by it included): the game went the full length.
    if (s.phase === 'over' && s.turn >= TURNS && s.caught?.by !== 'fugitive') out.push('turn-limit');
    return out;
  }

  snapshot(): unknown {
    const s = this.state;
    return {
      ply: s.turn,
      phase: s.phase,
      cities: this.board.map.cities,
      fugitive: s.fugitive || null,
      detectives: s.detectives,
      lastMode: s.lastMode,
      detectivesKnow: s.lastAnnounced || null,
      caught: s.caught,
      // The map never changes; reports store unchanged fields once.
      connections: this.board.map.connections,
      ...(this.positions ? { positions: this.positions.slice(1) } : {}),
    };
  }

  // ---- the flow of the game ----

  private side(seat: string): Side {
    if (!isSide(seat)) throw new Error(`on-the-run: no seat '${seat}'`);
    return seat;
  }

  private isBot(side: Side): boolean {
    return this.bots.has(side) && !this.out.has(side);
  }

  /** The side whose move the rules wait for now. */
  private mover(): Side | null {
    const phase = this.state.phase;
    if (phase === 'over') return null;
    return phase === 'detectives-start' || phase === 'detectives' ? 'detectives' : 'fugitive';
  }

  /** The next move the rules wait for: a bot's answer, or a move the jury makes for a seat without one. */
  private turn(): GameAction {
    const s = this.state;
    const side = this.mover()!;
    if (!this.isBot(side)) return { type: 'move', seat: side, ply: s.turn };
    const request =
      s.phase === 'detectives-start' ? detectivesStartRequest()
      : s.phase === 'fugitive-start' ? fugitiveStartRequest()
      : s.phase === 'fugitive' ? fugitiveMoveRequest(s.turn)
      : detectivesMoveRequest(s.turn);
    return { type: 'await', seat: side, request };
  }

  private applyDetectivesStart(cities: number[]): void {
    this.state = placeDetectives(this.state, cities);
    if (this.isBot('fugitive')) this.queue.push({ type: 'send', seat: 'fugitive', lines: detectiveLines(cities), ply: 0 });
    this.queue.push(this.turn());
  }

  private applyFugitiveStart(city: number): void {
    this.state = placeFugitive(this.state, city);
    if (this.isBot('detectives')) this.queue.push({ type: 'send', seat: 'detectives', lines: [startLine(city)], ply: 0 });
    this.queue.push(this.turn());
  }

  private applyFugitive(move: FugitiveMove): void {
    const turn = this.state.turn;
    this.state = moveFugitive(this.state, move);
    // Caught by the fugitive's own move: the detectives do not move this turn.
    if (this.state.phase === 'over') return this.endByRules('the fugitive moved into a detective');
    if (this.isBot('detectives')) this.queue.push({ type: 'send', seat: 'detectives', lines: [modeLine(turn, move)], ply: turn });
    this.queue.push(this.turn());
  }

  private applyDetectives(cities: number[]): void {
    const turn = this.state.turn;
    const from = this.state.detectives;
    this.state = moveDetectives(this.state, cities);
    // The game goes on, so the fugitive reads (or the detectives wrote) positions where one detective took another's city.
    if (this.state.phase !== 'over' && cities.some((c, i) => from.some((f, j) => j !== i && f === c))) this.goalsReached.add('into-vacated-city');
    if (this.state.phase === 'over') return this.endByRules(this.state.caught ? 'a detective caught the fugitive' : 'the game is over');
    if (this.isBot('fugitive')) this.queue.push({ type: 'send', seat: 'fugitive', lines: detectiveLines(cities), ply: turn });
    this.queue.push(this.turn());
  }

  /**
   * The side has made its move of turn 50, after which it ends on its own: the fugitive from its move in
   * turn 50 on (the detectives still move), the detectives once they have made theirs.
   */
  private madeLastMove(side: Side): boolean {
    const s = this.state;
    if (s.turn < TURNS) return false;
    return side === 'fugitive' ? s.phase !== 'fugitive' : s.phase === 'over' && s.caught?.by !== 'fugitive';
  }

  /** A catch or turn 50: a side past its move of turn 50 ends on its own; whoever still waits gets Quit. */
  private endByRules(what: string): void {
    const reason = result(this.state).reason;
    this.endAll((c) => (this.madeLastMove(c)
      ? { kind: 'self-exit', reason: `${reason}; after its move in turn ${TURNS} each side ends on its own, no Quit comes` }
      : { kind: 'quit', reason: `${what}: ${reason}`, lines: [QUIT] }));
  }

  /** How the side that did not fault learns of the other's irregular loss: Quit, unless it already ended on its own after turn 50. */
  private afterIrregular(side: Side, reason: string): Ending {
    if (this.madeLastMove(side)) return { kind: 'self-exit', reason: `after its move in turn ${TURNS} the ${side} ends on its own, no Quit comes (${reason})` };
    return { kind: 'quit', reason, lines: [QUIT] };
  }

  /** The ending of every bot seat, a stopped one's included. */
  private endings(ending: (side: Side) => Ending): Record<string, Ending> {
    const all: Record<string, Ending> = {};
    for (const side of SIDES) if (this.bots.has(side)) all[side] = this.out.has(side) ? { kind: 'stopped', reason: 'the jury had stopped the bot' } : ending(side);
    return all;
  }

  private endAll(ending: (side: Side) => Ending): void {
    const all: Record<string, Ending> = {};
    for (const side of SIDES) if (this.bots.has(side)) all[side] = ending(side);
    this.queue.push({ type: 'end', endings: all });
  }

  private judge<T, U>(parsed: Parse<T>, check: (value: T) => Check<U>): { ok: true; value: U } | ({ ok: false } & Rejection) {
    if (!parsed.ok) return { ...parsed, code: 'bad-format' };
    const c = check(parsed.value);
    return c.ok ? c : { ...c, code: 'illegal-move' };
  }

  /** An invalid move: irregular loss, 20-0 for the other side; the offender receives Quit, and so does the other side if it waits. */
  private reject(side: Side, v: Rejection, ply: number, lines: string[]): Judgement {
    const winner = otherSide(side);
    this.irregular = { loser: side, reason: `the ${side} made an invalid move (${this.where()}): irregular loss, ${TOTAL_POINTS}-0 for the ${winner}` };
    this.endAll((c) => (c === side
      ? { kind: 'quit', reason: `invalid move: irregular loss, ${TOTAL_POINTS}-0 for the ${winner}`, lines: [QUIT] }
      : this.afterIrregular(c, `the ${side} made an invalid move: irregular loss, ${TOTAL_POINTS}-0 for the ${c}`)));
    // `expected` is one legal answer the rules module found, or a parenthesised note when there is none.
    const violation: ViolationDraft = { code: v.code, ply, message: v.message, expected: v.expected, expectedIsExample: !v.expected.startsWith('('), actual: lines.join('\n'), rule: v.rule };
    return { accepted: false, violations: [violation] };
  }

  private where(): string {
    const s = this.state;
    if (s.phase === 'detectives-start') return 'placing the detectives';
    if (s.phase === 'fugitive-start') return 'placing the fugitive';
    return `turn ${s.turn}`;
  }

  private freeCity(): string {
    for (let c = 1; c <= this.board.map.cities; c++) if (!this.state.detectives.includes(c)) return String(c);
    return '1';
  }

  private someFugitiveMove(): string {
    const m = this.board.map.links[this.state.fugitive]![0]!;
    return `${m.mode} ${m.to}`;
  }

  private someDetectivesMove(): string {
    return someDetectivesMove(this.board.map, this.state.detectives)?.join(' ') ?? '(none)';
  }

  // ---- the built-in players ----

  private builtInDetectivesStart(): number[] {
    return this.styles.detectives === 'close-in' ? closeInStart(this.board, this.rng) : randomDetectivesStart(this.board, this.rng);
  }

  private builtInFugitiveStart(): number {
    return this.styles.fugitive === 'random' ? randomFugitiveStart(this.board, this.state.detectives, this.rng) : keepAwayStart(this.board, this.state.detectives, this.rng);
  }

  private builtInFugitiveMove(): FugitiveMove {
    return this.styles.fugitive === 'random' ? randomFugitiveMove(this.board, this.state, this.rng) : keepAwayMove(this.board, this.state, this.rng);
  }

  private builtInDetectivesMove(): number[] {
    try {
      if (this.styles.detectives === 'keep-off') return keepOffMove(this.board, this.state, this.rng);
      return this.styles.detectives === 'random' ? randomDetectivesMove(this.board, this.state, this.rng) : closeInMove(this.board, this.state, this.rng);
    } catch (e) {
      if (e instanceof NoDetectivesMove) throw new ScenarioError(`on-the-run (${this.where()}): ${e.message}; choose another map or seed`);
      throw e;
    }
  }
}

function isSide(seat: string): seat is Side {
  return seat === 'fugitive' || seat === 'detectives';
}

const accept = (played: string): Judgement => ({ accepted: true, violations: [], played });

/**
 * The built-in player of each side (`opponent:` names one; the first of each list is the default). A
 * name must fit every side without a bot; with a bot on both sides it must still name some player.
 */
function builtInPlayers(bots: ReadonlySet<Side>, opponent: string | undefined): Record<Side, string> {
  const fits = (side: Side): boolean => opponent !== undefined && (OPPONENTS[side].includes(opponent) || INSTRUMENTS[side].includes(opponent));
  if (opponent !== undefined) {
    for (const side of SIDES) {
      if (bots.has(side) || fits(side)) continue;
      const instruments = INSTRUMENTS[side];
      const also = instruments.length > 0 ? ` (or the jury instrument ${instruments.join(', ')})` : '';
      throw new ScenarioError(`on-the-run: the built-in ${side} opponent is one of ${OPPONENTS[side].join(', ')}, not '${opponent}'${also}`);
    }
    if (!SIDES.some(fits))
      throw new ScenarioError(`on-the-run: no built-in opponent is called '${opponent}' (fugitive: ${[...OPPONENTS.fugitive, ...INSTRUMENTS.fugitive].join(', ')}; detectives: ${[...OPPONENTS.detectives, ...INSTRUMENTS.detectives].join(', ')})`);
  }
  return {
    fugitive: fits('fugitive') ? opponent! : OPPONENTS.fugitive[0]!,
    detectives: fits('detectives') ? opponent! : OPPONENTS.detectives[0]!,
  };
}
