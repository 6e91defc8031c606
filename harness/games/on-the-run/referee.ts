// The CodeCup 2007 jury for one On The Run game, seen from the bot's seat (fugitive or detectives).
import { FileError, readSetupFile } from '../../core/files.js';
import { firstProblems } from '../../core/printable.js';
import { ScenarioError, type Ending, type FailureCode, type Judgement, type Outcome } from '../../core/game.js';
import { type JuryAction, type Referee, type RefereeContext } from '../../core/single-seat.js';
import type { Rng } from '../../core/rng.js';
import type { ViolationDraft } from '../../core/violations.js';
import { displayData, generateMap, type GenerateOptions } from './generator.js';
import { distanceTable, formatConnect, MapError, parseConnect, type GameMap } from './map.js';
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

export interface OnTheRunSetup {
  map?: string;
  connect?: string;
  generate?: GenerateOptions & { displayData?: boolean };
}

/** The playing field of a scenario and the exact connect.txt the bot will find. */
export function loadField(
  setup: OnTheRunSetup | undefined,
  scenarioDir: string,
  rng: Rng,
): { map: GameMap; text: string; positions?: readonly (readonly [number, number])[] } {
  const given = [setup?.map !== undefined && 'map', setup?.connect !== undefined && 'connect', setup?.generate !== undefined && 'generate'].filter(Boolean);
  if (given.length > 1) throw new ScenarioError(`on-the-run setup: give one of map, connect and generate, not ${given.join(' and ')}`);
  let text: string;
  let origin: string;
  if (setup?.map !== undefined) {
    try {
      text = readSetupFile(scenarioDir, setup.map, 'setup.map');
    } catch (e) {
      if (e instanceof FileError) throw new ScenarioError(`on-the-run ${e.message}`);
      throw e;
    }
    origin = `setup.map ${setup.map}`;
  } else if (setup?.connect !== undefined) {
    text = setup.connect;
    origin = 'setup.connect';
  } else {
    const { displayData: withDisplay, ...options } = setup?.generate ?? {};
    let generated;
    try {
      generated = generateMap(rng, options);
    } catch (e) {
      throw new ScenarioError(`on-the-run setup.generate: ${(e as Error).message}`);
    }
    return {
      map: generated.map,
      text: formatConnect(generated.map, withDisplay ? displayData(generated.positions) : ''),
      positions: generated.positions,
    };
  }
  try {
    return { map: parseConnect(text), text };
  } catch (e) {
    if (e instanceof MapError) throw new ScenarioError(`${origin} is not a valid On The Run playing field:\n  ${firstProblems(e.problems).split('\n').join('\n  ')}`);
    throw e;
  }
}

export class OnTheRunReferee implements Referee {
  private state: State = initialState();
  private readonly bot: Side;
  private readonly foe: Side;
  private readonly foeStyle: string;
  private readonly board: Board;
  private readonly connectText: string;
  /** Where the generator put the cities (for drawing); absent for given maps. */
  private readonly positions: readonly (readonly [number, number])[] | undefined;
  private readonly rng: Rng;
  private readonly queue: JuryAction[] = [];
  /** Set when the game ended otherwise than by catch or escape (the bot's irregular loss, or the scenario). */
  private irregular: { loser: Side | null; reason: string } | null = null;
  /** After a rejected start city the fugitive's turn-1 line is already on its way; it is read and ignored. */
  private swallowNext = false;
  /** The game's own goals reached by a move so far (a detective into a city another one left). */
  private readonly goalsReached = new Set<string>();

  constructor(ctx: RefereeContext) {
    if (ctx.role !== 'fugitive' && ctx.role !== 'detectives') throw new ScenarioError(`on-the-run has roles fugitive and detectives, not '${ctx.role}'`);
    this.bot = ctx.role;
    this.foe = otherSide(this.bot);
    const styles = OPPONENTS[this.foe];
    const instruments = INSTRUMENTS[this.foe];
    if (ctx.opponent !== undefined && !styles.includes(ctx.opponent) && !instruments.includes(ctx.opponent)) {
      const also = instruments.length > 0 ? ` (or the jury instrument ${instruments.join(', ')})` : '';
      throw new ScenarioError(`on-the-run: the built-in ${this.foe} opponent is one of ${styles.join(', ')}, not '${ctx.opponent}'${also}`);
    }
    this.foeStyle = ctx.opponent ?? styles[0]!;
    const field = loadField(ctx.setup as OnTheRunSetup | undefined, ctx.scenarioDir, ctx.rng.fork('map'));
    this.board = { map: field.map, dist: distanceTable(field.map) };
    this.connectText = field.text;
    this.positions = field.positions;
    this.rng = ctx.rng.fork('opponent');

    this.queue.push({ type: 'send', lines: [ROLE_LINE[this.bot]], ply: 0 });
    if (this.bot === 'detectives') this.queue.push({ type: 'await', request: detectivesStartRequest() });
    else this.queue.push({ type: 'opponent', player: 'detectives', ply: 0 });
  }

  files(): Record<string, string> {
    return { [CONNECT_FILE]: this.connectText };
  }

  next(): JuryAction {
    const action = this.queue.shift();
    if (!action) throw new Error('on-the-run referee: next() after the end of the game');
    return action;
  }

  answer(lines: string[]): Judgement {
    if (this.swallowNext) {
      this.swallowNext = false;
      return { accepted: false, violations: [] };
    }
    const { map } = this.board;
    const s = this.state;
    switch (s.phase) {
      case 'detectives-start': {
        const checked = this.judge(parseCityLines(lines, (i) => `detective ${i + 1}'s start city`, '1 2 3 4'), (v) => checkDetectivesStart(map, s, v));
        if (!checked.ok) return this.reject(checked, 0, lines);
        this.state = placeDetectives(s, checked.value);
        this.queue.push({ type: 'opponent', player: 'fugitive', ply: 0 });
        return this.accept(checked.value.join(' '));
      }
      case 'fugitive-start': {
        const checked = this.judge(parseStartLine(lines[0] ?? '', this.freeCity()), (v) => checkFugitiveStart(map, s, v));
        if (!checked.ok) {
          // The fugitive writes its turn-1 move right after its start city, before the jury can answer.
          this.swallowNext = true;
          this.queue.push({ type: 'await', request: fugitiveMoveRequest(1) });
          return this.reject(checked, 0, lines);
        }
        this.state = placeFugitive(s, checked.value);
        this.queue.push({ type: 'await', request: fugitiveMoveRequest(1) });
        return this.accept(String(checked.value));
      }
      case 'fugitive': {
        const checked = this.judge(parseMoveLine(lines[0] ?? '', this.someFugitiveMove()), (v) => checkFugitiveMove(map, s, v));
        if (!checked.ok) return this.reject(checked, s.turn, lines);
        this.applyFugitive(checked.value);
        return this.accept(formatFugitiveMove(checked.value));
      }
      case 'detectives': {
        const checked = this.judge(parseCityLines(lines, (i) => `detective ${i + 1}'s move in turn ${s.turn}`, this.someDetectivesMove()), (v) => checkDetectivesMove(map, s, v));
        if (!checked.ok) return this.reject(checked, s.turn, lines);
        this.applyDetectives(checked.value);
        return this.accept(checked.value.join(' '));
      }
      case 'over':
        throw new Error('on-the-run referee: answer() after the end of the game');
    }
  }

  botFailed(code: FailureCode): void {
    this.irregular = { loser: this.bot, reason: `${this.bot}: ${code} (${this.where()}): irregular loss, ${TOTAL_POINTS}-0 for the ${this.foe}` };
    this.queue.length = 0;
    this.swallowNext = false;
    this.queue.push({ type: 'end', ending: { kind: 'stopped', reason: `${code}: irregular loss, ${TOTAL_POINTS}-0 for the ${this.foe}` } });
  }

  opponent(scripted: string | undefined): string {
    const { map } = this.board;
    const s = this.state;
    const tokens = scripted === undefined ? undefined : scenarioTokens(scripted);
    const illegal = (message: string) => new ScenarioError(`scripted ${this.foe} move '${scripted}' (${this.where()}) is not legal: ${message}`);
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
        const cities = ensure(checkDetectivesStart(map, s, tokens ? numbers(tokens, 4) : this.foeDetectivesStart()));
        this.state = placeDetectives(s, cities);
        this.queue.push({ type: 'send', lines: detectiveLines(cities), ply: 0 }, { type: 'await', request: fugitiveStartRequest() });
        return cities.join(' ');
      }
      case 'fugitive-start': {
        const city = ensure(checkFugitiveStart(map, s, tokens ? numbers(tokens, 1)[0]! : this.foeFugitiveStart()));
        this.state = placeFugitive(s, city);
        this.queue.push({ type: 'send', lines: [startLine(city)], ply: 0 }, { type: 'opponent', player: 'fugitive', ply: 1 });
        return String(city);
      }
      case 'fugitive': {
        let move: FugitiveMove;
        if (tokens) {
          const parsed = parseMoveLine(tokens.join(' '), '');
          if (!parsed.ok) throw illegal(parsed.message);
          move = ensure(checkFugitiveMove(map, s, parsed.value));
        } else {
          move = ensure(checkFugitiveMove(map, s, this.foeFugitiveMove()));
        }
        this.applyFugitive(move);
        return formatFugitiveMove(move);
      }
      case 'detectives': {
        const cities = ensure(checkDetectivesMove(map, s, tokens ? numbers(tokens, 4) : this.foeDetectivesMove()));
        this.applyDetectives(cities);
        return cities.join(' ');
      }
      case 'over':
        throw new Error('on-the-run referee: opponent() after the end of the game');
    }
  }

  quit(): Ending {
    this.queue.length = 0;
    if (this.state.phase !== 'over' && !this.irregular) this.irregular = { loser: null, reason: `the scenario ended the game (${this.where()})` };
    return { kind: 'quit', reason: 'the jury ends the game', lines: [QUIT] };
  }

  canonical(lines: string[]): string {
    return scenarioTokens(lines.join(' ')).join(' ');
  }

  canonicalScenarioMove(value: string | number | (string | number)[]): string {
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

  reached(): string[] {
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

  // ---- helpers ----

  private applyFugitive(move: FugitiveMove): void {
    const turn = this.state.turn;
    this.state = moveFugitive(this.state, move);
    if (this.state.phase === 'over') {
      // Caught by the fugitive's own move: the detectives do not move this turn.
      if (this.bot === 'detectives') this.endWithQuit('the fugitive moved into a detective');
      else if (turn < TURNS) this.endWithQuit('the fugitive moved into a detective');
      else this.endSelf();
      return;
    }
    if (this.bot === 'detectives') this.queue.push({ type: 'send', lines: [modeLine(turn, move)], ply: turn }, { type: 'await', request: detectivesMoveRequest(turn) });
    else this.queue.push({ type: 'opponent', player: 'detectives', ply: turn });
  }

  private applyDetectives(cities: number[]): void {
    const turn = this.state.turn;
    const from = this.state.detectives;
    this.state = moveDetectives(this.state, cities);
    // The game goes on, so the fugitive reads (or the detectives wrote) positions where one detective took another's city.
    if (this.state.phase !== 'over' && cities.some((c, i) => from.some((f, j) => j !== i && f === c))) this.goalsReached.add('into-vacated-city');
    if (this.state.phase === 'over') {
      // Turn 50 is each side's last move: it ends on its own. Earlier, whoever still waits gets Quit.
      if (turn >= TURNS) this.endSelf();
      else this.endWithQuit(this.state.caught ? 'a detective caught the fugitive' : 'the game is over');
      return;
    }
    if (this.bot === 'fugitive') this.queue.push({ type: 'send', lines: detectiveLines(cities), ply: turn }, { type: 'await', request: fugitiveMoveRequest(turn + 1) });
    else this.queue.push({ type: 'opponent', player: 'fugitive', ply: turn + 1 });
  }

  private endSelf(): void {
    this.queue.push({ type: 'end', ending: { kind: 'self-exit', reason: `${result(this.state).reason}; after its move in turn ${TURNS} each side ends on its own, no Quit comes` } });
  }

  private endWithQuit(what: string): void {
    this.queue.push({ type: 'end', ending: { kind: 'quit', reason: `${what}: ${result(this.state).reason}`, lines: [QUIT] } });
  }

  private judge<T, U>(parsed: Parse<T>, check: (value: T) => Check<U>): { ok: true; value: U } | { ok: false; code: 'bad-format' | 'illegal-move'; message: string; expected: string; rule: string } {
    if (!parsed.ok) return { ...parsed, code: 'bad-format' };
    const c = check(parsed.value);
    return c.ok ? c : { ...c, code: 'illegal-move' };
  }

  private reject(v: { code: 'bad-format' | 'illegal-move'; message: string; expected: string; rule: string }, ply: number, lines: string[]): Judgement {
    this.irregular = { loser: this.bot, reason: `the ${this.bot} made an invalid move (${this.where()}): irregular loss, ${TOTAL_POINTS}-0 for the ${this.foe}` };
    this.queue.push({ type: 'end', ending: { kind: 'quit', reason: `invalid move: irregular loss, ${TOTAL_POINTS}-0 for the ${this.foe}`, lines: [QUIT] } });
    // `expected` is one legal answer the rules module found, or a parenthesised note when there is none.
    const violation: ViolationDraft = { code: v.code, ply, message: v.message, expected: v.expected, expectedIsExample: !v.expected.startsWith('('), actual: lines.join('\n'), rule: v.rule };
    return { accepted: false, violations: [violation] };
  }

  private accept(played: string): Judgement {
    return { accepted: true, violations: [], played };
  }

  private where(): string {
    const s = this.state;
    if (s.phase === 'detectives-start') return "placing the detectives";
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

  private foeDetectivesStart(): number[] {
    return this.foeStyle === 'close-in' ? closeInStart(this.board, this.rng) : randomDetectivesStart(this.board, this.rng);
  }

  private foeFugitiveStart(): number {
    return this.foeStyle === 'random' ? randomFugitiveStart(this.board, this.state.detectives, this.rng) : keepAwayStart(this.board, this.state.detectives, this.rng);
  }

  private foeFugitiveMove(): FugitiveMove {
    return this.foeStyle === 'random' ? randomFugitiveMove(this.board, this.state, this.rng) : keepAwayMove(this.board, this.state, this.rng);
  }

  private foeDetectivesMove(): number[] {
    try {
      if (this.foeStyle === 'keep-off') return keepOffMove(this.board, this.state, this.rng);
      return this.foeStyle === 'random' ? randomDetectivesMove(this.board, this.state, this.rng) : closeInMove(this.board, this.state, this.rng);
    } catch (e) {
      if (e instanceof NoDetectivesMove) throw new ScenarioError(`on-the-run (${this.where()}): ${e.message}; choose another map or seed`);
      throw e;
    }
  }
}
