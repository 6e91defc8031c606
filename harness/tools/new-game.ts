// `botjury new-game <id> [--output DIR]`: a working game package to start from — rules (pure
// functions), wire, the game's jury, definition, one scenario, one example bot and tests — for "take-away"
// (one pile; take 1 to 3; whoever takes the last object wins). Rename and rewrite the rules; the
// shape stays. It passes its own tests and `botjury check <id>` at once.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const GAME_ID = /^[a-z][a-z0-9-]{0,39}$/;

export class NewGameError extends Error {}

/**
 * Writes the package into `dir/<id>/`; returns the folder and the files written. `taken`: the ids of
 * the games botjury knows (built in or loaded), each with where it comes from: a package with one of
 * them could never be loaded beside it, so its printed command would fail.
 */
export function writeGameSkeleton(id: string, dir: string, taken: ReadonlyMap<string, string> = new Map()): { folder: string; files: string[] } {
  if (!GAME_ID.test(id)) throw new NewGameError(`a game id is lowercase letters, digits and -, starting with a letter (at most 40): not '${id.slice(0, 60)}'`);
  const owner = taken.get(id);
  if (owner !== undefined) throw new NewGameError(`the game id '${id}' is taken (${owner}): a package with it could not be loaded beside that game; choose another id, e.g. ${id}-2`);
  const folder = path.join(dir, id);
  if (existsSync(folder)) throw new NewGameError(`${folder} exists already: choose another id or --output folder`);
  const files = skeleton(id);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text, { mode: name.endsWith('.py') ? 0o755 : 0o644 });
  }
  return { folder, files: Object.keys(files) };
}

function skeleton(id: string): Record<string, string> {
  const title = id.replace(/-/g, ' ');
  return {
    'package.json': `${JSON.stringify({ name: `botjury-game-${id}`, version: '0.1.0', private: true, description: `${title}: a botjury game package`, type: 'module', main: 'index.js', exports: './index.js', scripts: { test: 'node --test test/' } }, null, 2)}\n`,
    'README.md': `# ${title}

A botjury game package (made by \`botjury new-game ${id}\`; the contract: botjury's docs/game-api.md).
Today it plays *take-away*: one pile of objects (21 unless a scenario's \`setup: { pile: N }\` says
otherwise); on your turn take 1, 2 or 3; whoever takes the last object wins. Replace the rules in
\`rules.js\`, the messages in \`wire.js\`, and keep the shape.

Protocol: the jury sends each program \`pile 21\`, then \`Start\` to the first player; each program
then reads the other's move (a number) and answers its own; at the end both read \`Quit\`.

\`\`\`sh
npx botjury check ${id} --game-module ./index.js -- python3 bots/bot.py
npm test
\`\`\`
`,
    'rules.js': `// The rules as pure functions of state: no I/O, no clock, no randomness.
export const RULES = {
  move: 'On your turn take 1, 2 or 3 objects from the pile (not more than it holds).',
  win: 'The player who takes the last object wins.',
};

/** @typedef {{ pile: number, toMove: 0 | 1, ply: number }} State */
export const initialState = (pile) => ({ pile, toMove: 0, ply: 0 });
export const isOver = (state) => state.pile === 0;
export const legalMoves = (state) => [1, 2, 3].filter((n) => n <= state.pile);
export const applyMove = (state, n) => ({ pile: state.pile - n, toMove: state.toMove === 0 ? 1 : 0, ply: state.ply + 1 });

/** { ok: true, move } or { ok: false, code, message, rule }. */
export function checkMove(state, text) {
  if (!/^[0-9]{1,6}$/.test(text)) return { ok: false, code: 'bad-format', message: \`'\${text}' is not a move: write how many objects to take (1, 2 or 3)\`, rule: RULES.move };
  const n = Number(text);
  if (n < 1 || n > 3) return { ok: false, code: 'illegal-move', message: \`takes \${n}: a move takes 1, 2 or 3\`, rule: RULES.move };
  if (n > state.pile) return { ok: false, code: 'illegal-move', message: \`takes \${n}, but the pile holds \${state.pile}\`, rule: RULES.move };
  return { ok: true, move: n };
}
`,
    'wire.js': `// The wire format, in one place: what the jury writes, and what one answer is.
export const ROLES = ['first', 'second'];
export const startLines = (pile) => [\`pile \${pile}\`];
export const START = 'Start';
export const QUIT = 'Quit';
export const formatMove = (n) => String(n);

/** One answer: one line; a longer line than 16 bytes cannot be a move (botjury bounds the read). */
export function moveRequest(role, ply) {
  return { ply, label: \`\${role}'s move (ply \${ply})\`, lines: 1, timer: ply <= 2 ? 'startup' : 'move', maxLineBytes: 16, unaskedLines: 'discard' };
}
`,
    'game.js': `// The jury of one game for every seat (botjury's Game contract, docs/game-api.md): what it sends each
// bot seat, how it judges a move, what happens when a player fails. Seats without a bot it moves itself.
import { applyMove, checkMove, initialState, isOver, legalMoves } from './rules.js';
import { formatMove, moveRequest, QUIT, ROLES, START, startLines } from './wire.js';

/** botjury recognises a scenario's mistake by this name (exit 2, never the bot's fault). */
export class ScenarioError extends Error {
  name = 'ScenarioError';
}

export class Game {
  /** \`ctx.bots\`: the seats programs play. */
  constructor(ctx) {
    for (const seat of ctx.bots) if (!ROLES.includes(seat)) throw new ScenarioError(\`roles are \${ROLES.join(' and ')}, not '\${seat}'\`);
    if (ctx.opponent !== undefined && ctx.opponent !== 'random') throw new ScenarioError(\`the built-in opponent is random, not '\${ctx.opponent}'\`);
    this.bots = new Set(ctx.bots);
    this.stopped = new Set();
    this.rng = ctx.rng.fork('opponent');
    this.state = initialState(ctx.setup?.pile ?? 21);
    this.loser = null;
    this.cutShort = false;
    this.queue = ROLES.filter((r) => this.bots.has(r)).map((seat) => ({ type: 'send', seat, lines: startLines(this.state.pile), ply: 0 }));
    if (this.bots.has(ROLES[0])) this.queue.push({ type: 'send', seat: ROLES[0], lines: [START], ply: 1 });
    this.queue.push(this.turn());
  }

  next() {
    const action = this.queue.shift();
    if (!action) throw new Error('next() after the end of the game');
    return action;
  }

  answer(seat, lines) {
    const text = (lines[0] ?? '').trim();
    const ply = this.state.ply + 1;
    const check = checkMove(this.state, text);
    if (!check.ok) {
      this.loser = ROLES.indexOf(seat);
      this.end(\`\${seat} made an invalid move at ply \${ply}: it loses\`);
      const legal = legalMoves(this.state).map(formatMove);
      return { accepted: false, violations: [{ code: check.code, ply, message: check.message, expected: legal[0], expectedIsExample: legal.length > 1, actual: text, rule: check.rule }] };
    }
    this.played(seat, check.move);
    return { accepted: true, violations: [], played: formatMove(check.move) };
  }

  failed(seat, code) {
    this.loser = ROLES.indexOf(seat);
    this.stopped.add(seat);
    this.end(\`\${code}: \${seat} loses\`);
  }

  move(seat, scripted) {
    let n;
    if (scripted === undefined) n = this.rng.pick(legalMoves(this.state));
    else {
      const check = checkMove(this.state, String(scripted).trim());
      if (!check.ok) throw new ScenarioError(\`scripted opponent move at ply \${this.state.ply + 1} is not legal: \${check.message}\`);
      n = check.move;
    }
    this.played(seat, n);
    return formatMove(n);
  }

  quit() {
    this.queue = [];
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
      return { finished: false, summary: \`\${ROLES[this.loser]} broke the rules at ply \${this.state.ply + 1}\`, scores: { [winner]: 1, [ROLES[this.loser]]: 0 }, winner };
    }
    if (!isOver(this.state)) return { finished: false, summary: this.cutShort ? 'the scenario ended the game early: no result' : 'not finished', scores: {} };
    const winner = ROLES[1 - this.state.toMove];
    return { finished: true, summary: \`\${winner} took the last object\`, scores: { [winner]: 1, [ROLES[this.state.toMove]]: 0 }, winner };
  }

  snapshot() {
    return { ply: this.state.ply, pile: this.state.pile };
  }

  /** \`seat\` played \`n\`: the other seat reads it (when a program plays it), then it is its turn. */
  played(seat, n) {
    const ply = this.state.ply + 1;
    this.state = applyMove(this.state, n);
    if (isOver(this.state)) return this.end(\`\${seat} took the last object\`);
    const other = ROLES[1 - ROLES.indexOf(seat)];
    if (this.bots.has(other)) this.queue.push({ type: 'send', seat: other, lines: [formatMove(n)], ply });
    this.queue.push(this.turn());
  }

  /** A bot seat is awaited; any other seat moves. */
  turn() {
    const seat = ROLES[this.state.toMove];
    const ply = this.state.ply + 1;
    return this.bots.has(seat) ? { type: 'await', seat, request: moveRequest(seat, ply) } : { type: 'move', seat, ply };
  }

  /** Both programs read Quit at the end, but one the jury already stopped. */
  endings(reason) {
    const endings = {};
    for (const seat of this.bots) endings[seat] = this.stopped.has(seat) ? { kind: 'stopped', reason } : { kind: 'quit', reason, lines: [QUIT] };
    return endings;
  }

  end(reason) {
    this.queue = [{ type: 'end', endings: this.endings(reason) }];
  }
}
`,
    'index.js': `// The game definition botjury loads (--game-module ./index.js, or the package botjury-game-${id}).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game } from './game.js';
import { ROLES } from './wire.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const game = {
  id: ${JSON.stringify(id)},
  title: ${JSON.stringify(`${title} (a botjury game package)`)},
  ruleText: path.join(HERE, 'README.md'),
  roles: ROLES,
  profiles: {
    default: { name: 'default', description: '2 s for the first move, 1 s for each later one; 64 MB', limits: { startupMs: 2000, moveMs: 1000, memoryMb: 64, exitGraceMs: 1000 } },
  },
  defaultProfile: 'default',
  suiteDir: path.join(HERE, 'scenarios'),
  setupSchema: { type: 'object', additionalProperties: false, properties: { pile: { type: 'integer', minimum: 1, maximum: 1000 } } },
  createGame: (ctx) => new Game(ctx),
};

export default game;
`,
    'scenarios/full-game.yaml': `# A whole game against the random opponent, from each seat.
game: ${id}
name: plays a full game
seed: 1
reach: [end, quit]
`,
    'bots/bot.py': `#!/usr/bin/env python3
"""A correct bot: leaves a multiple of 4 when it can, else takes 1. Flushes every move; exits on Quit."""
import sys

pile = 0
for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    if line.startswith("pile "):
        pile = int(line.split()[1])
        continue
    if line != "Start":
        pile -= int(line)
    take = pile % 4 or 1
    pile -= take
    sys.stdout.write(f"{take}\\n")
    sys.stdout.flush()
`,
    'test/rules.test.js': `// The rules are pure functions: test them against worked examples.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMove, checkMove, initialState, isOver, legalMoves } from '../rules.js';

test('a move takes 1 to 3, never more than the pile', () => {
  const s = initialState(2);
  assert.deepEqual(legalMoves(s), [1, 2]);
  assert.equal(checkMove(s, '3').ok, false);
  assert.equal(checkMove(s, 'x').code, 'bad-format');
  assert.equal(checkMove(s, '2').ok, true);
});

test('whoever takes the last object ends the game', () => {
  const s = applyMove(initialState(3), 3);
  assert.equal(isOver(s), true);
  assert.equal(s.toMove, 1); // the player to move did not take it: the other one won
});
`,
  };
}
