// Node's own floor for one reply: the exchange of bench/rawfloor.c (the same messages to the same bot,
// the same pause before each), done as botjury does it with nothing of botjury around it: a
// non-blocking write(2) on the bot's stdin (fs.writeSync) with the clock taken just before, the stamp
// taken first thing in the 'data' handler of child_process's stdout stream. What botjury adds over
// this is botjury's own; what this adds over rawfloor.c is Node's (libuv's epoll, the stream machinery).
//
// usage: node dist/bench/nodefloor.js --gap-us N <messages file> -- <bot>   (prints one ns figure per reply)
import { spawn } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';

const args = process.argv.slice(2);
const gapUs = Number(args[1]);
const messages = readFileSync(args[2]!, 'utf8').split('\n\n').filter((m) => m.trim() !== '').map((m) => (m.endsWith('\n') ? m : `${m}\n`));
const bot = spawn(args[4]!, [], { stdio: ['pipe', 'pipe', 'ignore'] });
const fd = (bot.stdin as unknown as { _handle: { fd: number } })._handle.fd;

let waiting: ((atNs: bigint) => void) | null = null;
let pending = '';
bot.stdout.on('data', (chunk: Buffer) => {
  const atNs = process.hrtime.bigint();
  pending += chunk.toString('latin1');
  if (!pending.includes('\n')) return;
  pending = pending.slice(pending.lastIndexOf('\n') + 1);
  const w = waiting;
  waiting = null;
  w?.(atNs);
});
const nextLine = (): Promise<bigint> => new Promise((resolve) => (waiting = resolve));

/** At least `us` asleep in epoll, as botjury between a reply and its next message (a timer: 1 ms or more). */
function pause(us: number): Promise<void> {
  return new Promise((r) => setTimeout(r, us / 1000));
}

await nextLine(); // READY
const out: string[] = [];
for (const message of messages) {
  await pause(gapUs);
  const line = nextLine();
  const startNs = process.hrtime.bigint();
  writeSync(fd, message);
  out.push(String(Number((await line) - startNs)));
}
bot.stdin.end();
bot.kill();
process.stdout.write(`${out.join('\n')}\n`);
