// --isolate against a hostile opponent: in a 2-bot Alquerque match one seat (a C bot that then plays
// exactly as the example bot) attacks the other seat or botjury, and logs on its stderr what it tried
// and whether it worked. With --isolate every attack fails and the attacked bot's game and verdicts
// are exactly those of the match without an attack; without --isolate the same attack works where it
// can (so the test means something).
import { execa } from 'execa';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, isolationTestProblem, ROOT } from '../helpers.js';

const IN_CI = !!process.env.CI;
const PROBLEM = isolationTestProblem();
if (PROBLEM && !IN_CI) console.warn(`isolation attack tests skipped: ${PROBLEM} (.ci/run installs bubblewrap; in CI these tests fail instead)`);
/** Taking another process's descriptors or tracing it needs ptrace rights over it: root has them. */
const PTRACE_RIGHTS = process.getuid?.() === 0;

const HONEST = path.join(ROOT, 'examples/alquerque/c/build/bot');
/** Outside /tmp, so that the sandbox sees it (read-only) rather than not at all. */
const VISIBLE_OUT = path.join(ROOT, '.botjury-tmp');

interface Seat {
  role: string;
  bot: number;
  result: string;
  run: { violations: { code: string; message: string }[]; transcript: { dir: string; text: string }[]; outcome?: { summary: string } };
}
interface Played {
  /** The attacker's log lines (its stderr). */
  log: string;
  /** ATTACK <name> RESULT succeeded|failed: ... */
  result: { ok: boolean; detail: string };
  /** The attacked seat: every line both ways, its verdicts, its result. */
  victim: { lines: string[]; verdicts: string[]; result: string };
  /** botjury's own stdout. */
  stdout: string;
}

let dir: string;
let out: string;
let attacker: string;
let server: net.Server;
let port: number;
const connections: string[] = [];
let honest: Played;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'attack-build-'));
  chmodSync(dir, 0o755); // botjury as root runs a sandboxed bot as nobody, who must be able to run it
  attacker = path.join(dir, 'attacker');
  await execa('cc', ['-O2', '-Wall', '-o', attacker, path.join(ROOT, 'test/fixtures/bots/attacks/attacker.c')]);
  mkdirSync(VISIBLE_OUT, { recursive: true });
  out = mkdtempSync(path.join(VISIBLE_OUT, 'attacks-'));
  chmodSync(out, 0o755); // open to the sandbox's user: what stops a write there must be the read-only mount
  server = net.createServer((socket) => socket.on('data', (d) => connections.push(d.toString())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
  if (!PROBLEM) honest = await play('none', true);
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

let plays = 0;

/** One game: the attacker (seat A, White) against the example bot (seat B, Black). */
async function play(attack: string, isolate: boolean, aim?: (report: string) => string): Promise<Played> {
  const n = plays++;
  const report = path.join(out, `report-${n}.json`);
  const target = aim?.(report) ?? '';
  const stdoutFile = path.join(out, `stdout-${n}.txt`);
  // A fork bomb up to the task limit is about 140 MB of processes' resident memory, over Alquerque's
  // 64 MB: the attacker would lose by memory-limit at once and the game end early. Its matches allow
  // more (the attacked bot needs about 1 MB): what is tested is that the other seat plays on unharmed.
  const memory = attack === 'fork-bomb' ? ['--memory-mb', '4096'] : [];
  // botjury's stdout is a file (not a socket, which open() on /proc/PID/fd/1 refuses).
  const stdoutFd = openSync(stdoutFile, 'w');
  let r;
  try {
    r = await execa(process.execPath, [CLI, 'match', 'alquerque', '--games', '1', '--seed', '7', ...(isolate ? ['--isolate'] : []), ...memory,
      '--reporter', 'json', '--output', report, '--', attacker, attack, HONEST, ...(target ? [target] : []), '--', HONEST], {
      cwd: ROOT, reject: false, env: { NO_COLOR: '1' }, stdin: 'ignore', stdout: stdoutFd as 3 /* execa's types name fds 3–9 only; it passes any open fd to the child as is */, timeout: 120_000,
    });
  } finally {
    closeSync(stdoutFd);
  }
  expect(r.exitCode, r.stderr).toBeLessThan(2);
  const game = (JSON.parse(readFileSync(report, 'utf8')) as { games: { seats: Seat[] }[] }).games[0]!;
  const seatA = game.seats.find((s) => s.bot === 0)!;
  const seatB = game.seats.find((s) => s.bot === 1)!;
  const log = seatA.run.transcript.filter((e) => e.dir === 'stderr').map((e) => e.text).join('');
  const found = new RegExp(`^ATTACK ${attack} RESULT (succeeded|failed): (.*)$`, 'm').exec(log);
  expect(found, `the attacker's log:\n${log}`).not.toBeNull();
  return {
    log,
    result: { ok: found![1] === 'succeeded', detail: found![2]! },
    victim: {
      lines: seatB.run.transcript.filter((e) => e.dir === 'jury' || e.dir === 'bot').map((e) => `${e.dir}: ${e.text}`),
      verdicts: seatB.run.violations.map((v) => `${v.code}: ${v.message}`),
      result: seatB.result,
    },
    stdout: readFileSync(stdoutFile, 'utf8'),
  };
}

interface Case {
  attack: string;
  label?: string;
  /** The attack's target, given the report file named on the command line. */
  target?: (report: string) => string;
  /** Without --isolate the attack works (null: it cannot be shown to, and why). */
  worksToday: true | string;
  /** What the attacker's log says under --isolate. */
  isolated: RegExp;
}

const CASES: Case[] = [
  { attack: 'kill', worksToday: true, isolated: /no opponent to signal/ },
  { attack: 'stop', worksToday: true, isolated: /no opponent to signal/ },
  { attack: 'ptrace', worksToday: PTRACE_RIGHTS || 'tracing a sibling needs ptrace rights (root, or Yama ptrace_scope 0)', isolated: /no opponent to trace/ },
  // botjury's pipes to a bot are sockets, which open() on /proc/PID/fd/N refuses (ENXIO) even without
  // isolation; pidfd_getfd (below) is how one takes them.
  { attack: 'proc-stdin', worksToday: 'the bot\'s stdin is a socket: open() on /proc/PID/fd/0 fails with ENXIO', isolated: /no opponent whose descriptors to open/ },
  { attack: 'proc-stdout', worksToday: 'the bot\'s stdout is a socket: open() on /proc/PID/fd/1 fails with ENXIO', isolated: /no opponent whose descriptors to open/ },
  { attack: 'getfd-opponent', worksToday: PTRACE_RIGHTS || 'pidfd_getfd needs ptrace rights over the opponent', isolated: /no opponent to take a descriptor from/ },
  { attack: 'getfd-botjury', worksToday: PTRACE_RIGHTS || 'pidfd_getfd needs ptrace rights over botjury', isolated: /botjury not found/ },
  { attack: 'botjury-stdout', worksToday: true, isolated: /botjury not found/ },
  // Read-only where it does not exist yet; once botjury has created it, the sandbox's user may not write it either.
  { attack: 'write-file', label: 'the report file named on the command line', target: (report) => report, worksToday: true, isolated: /Read-only file system|Permission denied/ },
  { attack: 'write-file', label: 'the scenario folder', target: () => path.join(ROOT, 'scenarios', 'alquerque', `.attack-marker-${process.pid}`), worksToday: true, isolated: /Read-only file system/ },
  { attack: 'write-file', label: "botjury's install", target: () => path.join(ROOT, 'dist', `.attack-marker-${process.pid}`), worksToday: true, isolated: /Read-only file system/ },
  { attack: 'read-folder', worksToday: true, isolated: /no other seat's folder found/ },
  { attack: 'tcp', label: 'a connection to 127.0.0.1', target: () => String(port), worksToday: true, isolated: /connect 127\.0\.0\.1:\d+: Connection refused/ },
  { attack: 'fork-bomb', worksToday: true, isolated: /fork failed after \d+ processes: Resource temporarily unavailable/ },
  { attack: 'fill-tmp', worksToday: true, isolated: /\/tmp took \d+ MB, then: (No space left on device|File too large)/ },
];

describe.skipIf(PROBLEM !== null && !IN_CI)('--isolate: one seat of an Alquerque match attacks the other seat or botjury', () => {
  it('the match without an attack is a whole game (the baseline)', () => {
    expect(honest.result.ok).toBe(false);
    expect(honest.victim.lines.length).toBeGreaterThan(20);
    expect(honest.victim.verdicts).toEqual([]);
  });

  for (const c of CASES) {
    const name = `${c.attack}${c.label ? ` (${c.label})` : ''}`;
    it(`${name}: fails in the sandbox, and the attacked bot plays and is judged as without it`, async () => {
      const before = connections.length;
      let target = '';
      const isolated = await play(c.attack, true, c.target && ((report) => (target = c.target!(report))));
      expect(isolated.result.ok, isolated.log).toBe(false);
      expect(isolated.result.detail).toMatch(c.isolated);
      // Where the attacker looked for its opponent or for botjury, it saw the sandbox's own processes
      // only: bubblewrap's pid 1, itself (pid 2) and its helper (pid 3).
      if (/no opponent|botjury not found/.test(isolated.result.detail)) {
        const seen = /processes seen: ([\d ]*)\)/.exec(isolated.log);
        expect(seen, isolated.log).not.toBeNull();
        expect(seen![1]!.split(' ').map(Number).every((pid) => pid >= 1 && pid <= 3), isolated.log).toBe(true);
      }
      expect(isolated.victim).toEqual(honest.victim);
      expect(isolated.stdout).not.toContain('ATTACK-MARKER');
      if (c.attack === 'tcp') expect(connections.length).toBe(before);
      if (c.attack === 'write-file') expect(existsSync(target) && readFileSync(target, 'utf8').includes('ATTACK-MARKER')).toBe(false);
    });
    it(`${name}: ${c.worksToday === true ? 'works without --isolate' : `cannot be shown to work without --isolate: ${c.worksToday}`}`, async () => {
      const before = connections.length;
      let target = '';
      try {
        const open = await play(c.attack, false, c.target && ((report) => (target = c.target!(report))));
        if (c.worksToday !== true) {
          expect(open.result.ok, open.log).toBe(false);
          if (c.attack.startsWith('proc-')) expect(open.result.detail).toMatch(/No such device or address/);
          return;
        }
        expect(open.result.ok, open.log).toBe(true);
        if (c.attack === 'kill') expect(open.victim.verdicts.join('\n')).toMatch(/^crash: .*killed by SIGKILL/m);
        if (c.attack === 'getfd-opponent') expect(open.victim).not.toEqual(honest.victim);
        if (c.attack.includes('botjury')) expect(open.stdout).toContain('ATTACK-MARKER');
        if (c.attack === 'tcp') expect(connections.slice(before).join('')).toContain('ATTACK-MARKER');
        // (botjury writes its report over the marker at the end: the attacker's log says it wrote there)
        if (c.attack === 'write-file' && !target.endsWith('.json')) expect(readFileSync(target, 'utf8')).toContain('ATTACK-MARKER');
      } finally {
        if (c.attack === 'write-file' && !target.endsWith('.json')) rmSync(target, { force: true });
      }
    });
  }
});
