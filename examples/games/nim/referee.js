// The jury of one Nim game seen from one bot's seat (botjury's Referee contract, docs/game-api.md).
// Wire: the jury sends each program `heaps 3 4 5`, then `Start` to the first player; after that each
// program reads the other's move (`H N`) and answers its own; at the end both read `Quit`.
import { applyMove, checkMove, formatMove, initialState, isOver, legalMoves, RULES } from './rules.js';

/** A scenario the rules reject: botjury recognises it by its name (no import of botjury needed). */
export class ScenarioError extends Error {
  name = 'ScenarioError';
}

const ROLES = ['first', 'second'];

export class NimReferee {
  constructor(ctx) {
    if (!ROLES.includes(ctx.role)) throw new ScenarioError(`nim has roles first and second, not '${ctx.role}'`);
    if (ctx.opponent !== undefined && ctx.opponent !== 'random') throw new ScenarioError(`nim's built-in opponent is random, not '${ctx.opponent}'`);
    this.bot = ROLES.indexOf(ctx.role);
    this.rng = ctx.rng.fork('opponent');
    this.state = initialState(ctx.setup?.heaps ?? [3, 4, 5]);
    this.queue = [{ type: 'send', lines: [`heaps ${this.state.heaps.join(' ')}`], ply: 0 }];
    this.loser = null; // set when a player broke the rules or failed
    this.cutShort = false;
    this.queue.push(this.bot === 0 ? { type: 'send', lines: ['Start'], ply: 1 } : this.opponentTurn(), ...(this.bot === 0 ? [this.awaitBot()] : []));
  }

  next() {
    const action = this.queue.shift();
    if (!action) throw new Error('nim referee: next() after the end of the game');
    return action;
  }

  answer(lines) {
    const text = (lines[0] ?? '').trim();
    const ply = this.state.ply + 1;
    const check = checkMove(this.state, text);
    if (!check.ok) {
      this.loser = this.bot;
      this.queue.push(this.ending(`${ROLES[this.bot]} made an invalid move at ply ${ply}: it loses`));
      const legal = legalMoves(this.state).map(formatMove);
      return { accepted: false, violations: [{ code: check.code, ply, message: check.message, expected: legal[0], expectedIsExample: legal.length > 1, actual: text, rule: check.code === 'bad-format' ? RULES.notation : RULES.move }] };
    }
    this.state = applyMove(this.state, check.move);
    this.queue.push(isOver(this.state) ? this.ending(`${ROLES[this.bot]} took the last object and wins`) : this.opponentTurn());
    return { accepted: true, violations: [], played: formatMove(check.move) };
  }

  botFailed(code) {
    this.loser = this.bot;
    this.queue.length = 0;
    this.queue.push({ type: 'end', ending: { kind: 'stopped', reason: `${code}: ${ROLES[this.bot]} loses` } });
  }

  opponent(scripted) {
    const moves = legalMoves(this.state);
    let move;
    if (scripted === undefined) move = moves[Math.floor(this.rng.next() * moves.length)];
    else {
      const check = checkMove(this.state, String(scripted).trim());
      if (!check.ok) throw new ScenarioError(`scripted opponent move at ply ${this.state.ply + 1} is not legal: ${check.message}`);
      move = check.move;
    }
    const ply = this.state.ply + 1;
    this.state = applyMove(this.state, move);
    const text = formatMove(move);
    if (isOver(this.state)) this.queue.push(this.ending(`${ROLES[1 - this.bot]} took the last object and wins`));
    else this.queue.push({ type: 'send', lines: [text], ply }, this.awaitBot());
    return text;
  }

  quit() {
    this.queue.length = 0;
    if (!isOver(this.state) && this.loser === null) this.cutShort = true;
    return { kind: 'quit', reason: 'the jury ends the game', lines: ['Quit'] };
  }

  canonical(lines) {
    return (lines[0] ?? '').trim();
  }

  canonicalScenarioMove(value) {
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

  awaitBot() {
    const ply = this.state.ply + 1;
    return { type: 'await', request: { ply, label: `${ROLES[this.bot]}'s move (ply ${ply})`, lines: 1, timer: ply <= 2 ? 'startup' : 'move', maxLineBytes: 64, unaskedLines: 'discard' } };
  }

  opponentTurn() {
    return { type: 'opponent', player: ROLES[1 - this.bot], ply: this.state.ply + 1 };
  }

  /** Both programs read Quit when the game ends (the winner and the loser alike). */
  ending(reason) {
    return { type: 'end', ending: { kind: 'quit', reason, lines: ['Quit'] } };
  }
}
