#!/usr/bin/env node
// Broken on purpose (play it as the fugitive): writes its start city correctly, then its move as a
// bare city number, forgetting the mode of transport ('12' instead of 'C 12'). Exits on Quit.
// Expected verdict: bad-format.
import { createInterface } from 'node:readline';

const input = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const readLine = async () => {
  const { value, done } = await input.next();
  if (done || value.trim() === 'Quit') process.exit(0);
  return value.trim();
};

await readLine(); // Fugitive
const detectives = [await readLine(), await readLine(), await readLine(), await readLine()].map(Number);
const start = [1, 2, 3, 4, 5].find((c) => !detectives.includes(c));
process.stdout.write(`${start}\n`);
process.stdout.write(`${start === 1 ? 2 : 1}\n`); // wrong: the mode is missing
for (;;) await readLine(); // the jury answers with Quit
