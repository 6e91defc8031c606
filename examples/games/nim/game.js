// The jury of one Nim game, for both seats (botjury's Game contract, docs/game-api.md): what it sends
// each bot seat, how it judges a move, what happens when a player fails.
// Wire: the jury sends each program `heaps 3 4 5`, then `Start` to the first player; after that each
// program reads the other's move (`H N`) and answers its own; at the end both read `Quit`.
import { applyMove, checkMove, formatMove, initialState, isOver, legalMoves, RULES } from './rules.js';

/** A scenario the rules reject: botjury recognises it by its name (no import of botjury needed). */
export class ScenarioError extends Error {
  name = 'ScenarioError';
}

const ROLES = ['first', 'second'];

export class NimGame {
  /** `ctx.bots`: the seats programs play; the game moves every other seat itself when asked. */
  constructor(ctx) {
    for (const seat of ctx.bots) if (!ROLES.includes(seat)) throw new ScenarioError(`nim has roles first and second, not '${seat}'`);
    if (ctx.opponent !== undefined && ctx.opponent !== 'random') throw new ScenarioError(`nim's built-in opponent is random, not '${ctx.opponent}'`);
    this.bots = new Set(ctx.bots);
    this.stopped = new Set(); // bot seats whose program the jury stopped
    this.rng = ctx.rng.fork('opponent');
    this.state = initialState(ctx.setup?.heaps ?? [3, 4, 5]);
    this.loser = null; // set when a player broke the rules or failed
    this.cutShort = false;
    this.queue = ROLES.filter((r) => this.bots.has(r)).map((seat) => ({ type: 'send', seat, lines: [`heaps ${this.state.heaps.join(' ')}`], ply: 0 }));
    if (this.bots.has('first')) this.queue.push({ type: 'send', seat: 'first', lines: ['Start'], ply: 1 });
    this.queue.push(this.turn());
  }

  next() {
    const action = this.queue.shift();
    if (!action) throw new Error('nim: next() after the end of the game');
    return action;
  }

  answer(seat, lines) {
    const text = (lines[0] ?? '').trim();
    const ply = this.state.ply + 1;
    const check = checkMove(this.state, text);
    if (!check.ok) {
      this.loser = ROLES.indexOf(seat);
      this.endAll(`${seat} made an invalid move at ply ${ply}: it loses`);
      const legal = legalMoves(this.state).map(formatMove);
      return { accepted: false, violations: [{ code: check.code, ply, message: check.message, expected: legal[0], expectedIsExample: legal.length > 1, actual: text, rule: check.code === 'bad-format' ? RULES.notation : RULES.move }] };
    }
    this.played(seat, check.move);
    return { accepted: true, violations: [], played: formatMove(check.move) };
  }

  failed(seat, code) {
    this.loser = ROLES.indexOf(seat);
    this.stopped.add(seat);
    this.endAll(`${code}: ${seat} loses`);
  }

  move(seat, scripted) {
    const moves = legalMoves(this.state);
    let move;
    if (scripted === undefined) move = moves[Math.floor(this.rng.next() * moves.length)];
    else {
      const check = checkMove(this.state, String(scripted).trim());
      if (!check.ok) throw new ScenarioError(`scripted opponent move at ply ${this.state.ply + 1} is not legal: ${check.message}`);
      move = check.move;
    }
    this.played(seat, move);
    return formatMove(move);
  }

  quit() {
    this.queue.length = 0;
    if (!isOver(this.state) && this.loser === null) this.cutShort = true;
    return this.endings('the jury ends the game');
  }

  canonical(_seat, lines) {
    return (lines[0] ?? '').trim();
  }

  canonicalScenarioMove(_seat, value) {
    return String(Array.isArray(value) ? value[0] : value).trim();
  }

  legalAnswers() {
    return legalMoves(this.state).map(formatMove);
  }

  outcome() {
    if (this.loser !== null && !isOver(this.state)) {
      const winner = ROLES[1 - this.loser];
      return { finished: false, summary: `${ROLES[this.loser]} broke the rules or failed at ply ${this.state.ply + 1}`, scores: { [winner]: 1, [ROLES[this.loser]]: 0 }, winner };
    }
    if (!isOver(this.state))
      return { finished: false, summary: this.cutShort ? `the scenario ended the game after ${this.state.ply} plies: no result` : `game not finished after ${this.state.ply} plies`, scores: {} };
    // The player who moved last took the last object.
    const winner = ROLES[1 - this.state.toMove];
    return { finished: true, summary: `${winner} took the last object`, scores: { [winner]: 1, [ROLES[this.state.toMove]]: 0 }, winner };
  }

  /** `grid` and `text` are drawn by botjury's HTML report without any code of ours (docs/game-api.md). */
  snapshot() {
    const widest = Math.max(1, ...this.state.heaps);
    return {
      ply: this.state.ply,
      heaps: [...this.state.heaps],
      grid: this.state.heaps.map((h) => 'o'.repeat(h) + '.'.repeat(widest - h)),
      text: this.state.heaps.map((h, i) => `heap ${i + 1}: ${h}`).join('\n'),
    };
  }

  /** A move was played by `seat`: the other seat reads it (if a program plays it), then it is its turn. */
  played(seat, move) {
    const ply = this.state.ply + 1;
    this.state = applyMove(this.state, move);
    if (isOver(this.state)) return this.endAll(`${seat} took the last object and wins`);
    const other = ROLES[1 - ROLES.indexOf(seat)];
    if (this.bots.has(other)) this.queue.push({ type: 'send', seat: other, lines: [formatMove(move)], ply });
    this.queue.push(this.turn());
  }

  /** Whose turn it is: a bot seat is awaited, any other seat moves. */
  turn() {
    const seat = ROLES[this.state.toMove];
    const ply = this.state.ply + 1;
    if (!this.bots.has(seat)) return { type: 'move', seat, ply };
    return { type: 'await', seat, request: { ply, label: `${seat}'s move (ply ${ply})`, lines: 1, timer: ply <= 2 ? 'startup' : 'move', maxLineBytes: 64, unaskedLines: 'discard' } };
  }

  /** Both programs read Quit when the game ends (the winner and the loser alike), but for one the jury stopped. */
  endings(reason) {
    const endings = {};
    for (const seat of this.bots) endings[seat] = this.stopped.has(seat) ? { kind: 'stopped', reason } : { kind: 'quit', reason, lines: ['Quit'] };
    return endings;
  }

  endAll(reason) {
    this.queue.length = 0;
    this.queue.push({ type: 'end', endings: this.endings(reason) });
  }
}
