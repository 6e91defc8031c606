#!/usr/bin/env node
// A correct JavaChallenge2015 ("drop the block") bot in JavaScript (Node.js).
// Protocol (the real engine): print READY; then, on each of our turns, read
//   id, T, 6 rows of 6 block values, 4 lines "x y D S" (column first), EOD
// and answer one line: U, D, L, R, A or N. process.stdout.write is synchronous on pipes, so each
// answer leaves at once. The game ends when input closes.
// Strategy: stand still, but flee a falling block, attack a player in the line of fire, and turn to
// face a player lined up with us. While fallen (-1 -1) or cooling down (S > 0) it answers N.
import { createInterface } from 'node:readline';

const DIRS = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] };

/** Is another player standing on a stable block in the line of fire from our block? */
function enemyInLine(me, d, blocks, players) {
  const [dx, dy] = DIRS[d];
  let bx = Math.floor(players[me].x / 3) + dx;
  let by = Math.floor(players[me].y / 3) + dy;
  for (; bx >= 0 && by >= 0 && bx < 6 && by < 6; bx += dx, by += dy) {
    if (blocks[by][bx] !== 0) continue;
    if (players.some((p, i) => i !== me && p.x >= 0 && Math.floor(p.x / 3) === bx && Math.floor(p.y / 3) === by)) return true;
  }
  return false;
}

function choose(me, blocks, players) {
  const { x, y, d: facing, s } = players[me];
  if (x < 0 || s > 0) return 'N';
  if (enemyInLine(me, facing, blocks, players)) return 'A';
  const bx = Math.floor(x / 3);
  const by = Math.floor(y / 3);
  if (blocks[by][bx] > 0) {
    // Our block is falling: head for the nearest stable neighbouring block.
    const steps = { U: (y % 3) + 1, D: 3 - (y % 3), L: (x % 3) + 1, R: 3 - (x % 3) };
    const options = Object.keys(DIRS).filter((d) => {
      const [nx, ny] = [bx + DIRS[d][0], by + DIRS[d][1]];
      return nx >= 0 && ny >= 0 && nx < 6 && ny < 6 && blocks[ny][nx] === 0;
    });
    options.sort((a, b) => steps[a] - steps[b]);
    return options[0] ?? 'N';
  }
  for (const d of Object.keys(DIRS)) {
    const tx = x + DIRS[d][0];
    const ty = y + DIRS[d][1];
    if (d !== facing && tx >= 0 && ty >= 0 && tx < 18 && ty < 18 && blocks[Math.floor(ty / 3)][Math.floor(tx / 3)] === 0 && enemyInLine(me, d, blocks, players)) return d;
  }
  return 'N';
}

process.stdout.write('READY\n');
let message = [];
const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  message.push(line.trim());
  if (message.length < 13) return;
  const me = Number(message[0]);
  const blocks = message.slice(2, 8).map((row) => row.split(' ').map(Number));
  const players = message.slice(8, 12).map((row) => {
    const [x, y, d, s] = row.split(' ');
    return { x: Number(x), y: Number(y), d, s: Number(s) };
  });
  message = [];
  process.stdout.write(`${choose(me, blocks, players)}\n`);
});
input.on('close', () => process.exit(0));
