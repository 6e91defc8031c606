#!/usr/bin/env node
// A correct Amazes bot (CodeCup 2010) in JavaScript: it follows the wall on its right hand.
//
// Each turn it reads `Start` (Red's first turn only) and the five lines the jury sends: the corridors
// ahead, right, behind and left (one letter per visible square, B/L/R/N for its side openings relative
// to the looking direction, then W) and the squared distance to the opponent. It turns right where it
// can; otherwise it walks ahead up to the first square with an opening on the right and turns into it;
// otherwise left; otherwise back. It writes one line of steps (process.stdout.write is synchronous on
// pipes), exits on Quit, and ends on its own after its 150th turn.
import { createInterface } from 'node:readline';

const TURNS = 150;

function choose(ahead, right, left) {
  if (right !== 'W') return 'R';
  if (ahead !== 'W') {
    let steps = '';
    // Every letter before the final W is a square we can walk into.
    for (const square of ahead.slice(0, -1)) {
      steps += 'F';
      if (square === 'R' || square === 'B') return steps + 'R';
    }
    return steps;
  }
  return left !== 'W' ? 'L' : 'T';
}

const input = createInterface({ input: process.stdin });
const pending = [];
let turn = 0;

input.on('line', (raw) => {
  const line = raw.replace(/\r$/, '');
  if (line === 'Start') return;
  if (pending.length === 0 && line === 'Quit') process.exit(0);
  pending.push(line);
  if (pending.length < 5) return;
  const [ahead, right, , left] = pending.splice(0, 5);
  process.stdout.write(choose(ahead, right, left) + '\n');
  turn += 1;
  if (turn === TURNS) process.exit(0); // after 150 turns the program ends on its own
});
input.on('close', () => process.exit(0));
