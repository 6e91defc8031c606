// A bot started with `isolate` (bubblewrap): what it sees, and that everything botjury measures and
// does to a bot works inside as outside — its own program is what is measured (never bubblewrap's),
// its clock starts after the sandbox is set up, its exit says how it ended, and nothing it starts
// survives. And --isolate where bubblewrap cannot work: exit 2 with one line that says why and how.
import { execa } from 'execa';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from '../../harness/core/bot-process.js';
import { forgetIsolationProbe, SANDBOX_FILE_BYTES, SANDBOX_ID, SANDBOX_TASKS, SANDBOX_TMP_BYTES } from '../../harness/core/isolation.js';
import { isolationTestProblem, ROOT, runCli, running } from '../helpers.js';

const IN_CI = !!process.env.CI;
const PROBLEM = isolationTestProblem();
if (PROBLEM && !IN_CI) console.warn(`isolation tests skipped: ${PROBLEM} (.ci/run installs bubblewrap; in CI these tests fail instead)`);
const AS_ROOT = process.getuid?.() === 0;

const ignore = (): void => undefined;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'isolation-test-'));
  chmodSync(tmp, 0o755); // botjury as root runs a sandboxed bot as nobody, who must be able to run the scripts here
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A fresh working folder, as the table makes one. */
function freshCwd(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'botjury-'));
}

function script(name: string, text: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, text, { mode: 0o755 });
  return file;
}

/** Starts a sandboxed bot and waits until it wrote `ready` on stderr (or ended). */
async function startIsolated(argv: string[], cwd = freshCwd()): Promise<{ bot: BotProcess; cwd: string }> {
  const bot = await BotProcess.start({ argv }, { cwd, invokedFrom: ROOT, isolate: { freshCwd: true } }, ignore);
  for (let tries = 0; tries < 400 && !bot.stderrHead.includes('ready\n') && !bot.exit; tries++) await sleep(25);
  return { bot, cwd };
}

describe.skipIf(PROBLEM !== null && !IN_CI)('a sandboxed bot', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it('sees its own uid, no network, its folder writable and nothing else, a private bounded /tmp, no other process, the limits', async () => {
    const probe = script('probe.py', `#!/usr/bin/env python3
import json, os, resource, socket, sys
def writable(p):
    try:
        with open(os.path.join(p, '.probe'), 'w') as f: f.write('x')
        os.unlink(os.path.join(p, '.probe'))
        return True
    except OSError as e:
        return e.strerror
def fds():
    found = {}
    for f in os.listdir('/proc/self/fd'):
        try:
            if int(f) > 2: found[f] = os.readlink('/proc/self/fd/' + f)
        except OSError:
            pass  # the listing's own descriptor, closed by now
    return found
st = os.statvfs('/tmp')
seen = {
  'uid': os.getuid(), 'gid': os.getgid(),
  'interfaces': sorted(n for _, n in socket.if_nameindex()),
  'cwd': os.getcwd(), 'cwdWritable': writable('.'), 'tmpWritable': writable('/tmp'),
  'rootWritable': writable('/'), 'usrWritable': writable('/usr'), 'repoWritable': writable(sys.argv[1]),
  'tmpEntries': sorted(os.listdir('/tmp')), 'tmpBytes': st.f_blocks * st.f_frsize,
  'pids': sorted(int(p) for p in os.listdir('/proc') if p.isdigit()),
  'nproc': resource.getrlimit(resource.RLIMIT_NPROC)[0], 'fsize': resource.getrlimit(resource.RLIMIT_FSIZE)[0],
  'fds': fds(),
  'env': sorted(os.environ),
}
sys.stderr.write(json.dumps(seen) + '\\nready\\n')
sys.stderr.flush()
sys.stdin.read()
`);
    const { bot, cwd } = await startIsolated([probe, ROOT]);
    cleanups.push(() => bot.stop(), () => rmSync(cwd, { recursive: true, force: true }));
    expect(bot.stderrHead, bot.stderrHead).toContain('ready');
    const seen = JSON.parse(bot.stderrHead.split('\n')[0]!) as Record<string, unknown>;
    expect(seen.uid).toBe(SANDBOX_ID);
    expect(seen.gid).toBe(SANDBOX_ID);
    expect(seen.interfaces).toEqual(['lo']);
    expect(seen.cwd).toBe(cwd);
    expect(seen.cwdWritable).toBe(true);
    expect(seen.tmpWritable).toBe(true);
    for (const key of ['rootWritable', 'usrWritable', 'repoWritable']) expect(seen[key], key).toBe('Read-only file system');
    // Of the host's /tmp (every seat's folder, the other tests' files) only the bot's own folder and
    // the folder of the script its command names are there.
    // (The probe names the checkout: where that lies under /tmp too, the folder it sits in there.)
    const checkoutInTmp = path.relative(realpathSync('/tmp'), realpathSync(ROOT));
    const checkoutTop = checkoutInTmp.startsWith('..') || path.isAbsolute(checkoutInTmp) ? [] : [checkoutInTmp.split(path.sep)[0]!];
    expect(seen.tmpEntries).toEqual([path.basename(cwd), path.basename(tmp), ...checkoutTop].sort());
    expect(seen.tmpBytes).toBe(SANDBOX_TMP_BYTES);
    // bubblewrap's pid 1 and the bot: nothing of the host, of botjury or of another seat.
    expect(seen.pids).toEqual([1, 2]);
    expect(seen.nproc).toBe(SANDBOX_TASKS);
    expect(seen.fsize).toBe(SANDBOX_FILE_BYTES);
    // stdin, stdout and stderr: none of botjury's other descriptors, none of bubblewrap's (any that
    // botjury inherited without close-on-exec is /dev/null in the sandbox).
    expect(Object.values(seen.fds as Record<string, string>).filter((target) => target !== '/dev/null'), JSON.stringify(seen.fds)).toEqual([]);
    // The environment botjury gives every bot, and PWD (bubblewrap sets it, as a shell does).
    expect(seen.env).toEqual(['HOME', 'LANG', 'PATH', 'PWD']);
  });

  it('runs a program that sits in a checkout under /tmp and imports from a folder beside its own; the rest of /tmp stays hidden', async () => {
    // /tmp/isolation-test-X/checkout/bot/main.py imports ../lib/helper.py (as the example bots do): the
    // whole folder just below /tmp comes back read-only, not only the script's own folder.
    const checkout = path.join(tmp, 'checkout');
    for (const dir of ['bot', 'lib']) mkdirSync(path.join(checkout, dir), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(checkout, 'lib', 'helper.py'), 'WORD = "found"\n', { mode: 0o644 });
    const other = freshCwd(); // another seat's folder, beside the checkout's in /tmp
    writeFileSync(path.join(other, 'secret'), 'x');
    cleanups.push(() => rmSync(other, { recursive: true, force: true }));
    const main = path.join(checkout, 'bot', 'main.py');
    writeFileSync(main, `#!/usr/bin/env python3
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
try:
    import helper
    word = helper.WORD
except ImportError as e:
    word = "missing: %s" % e
try:
    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib", "helper.py"), "a").write("#")
    written = "written"
except OSError as e:
    written = e.strerror
print(word, os.path.exists(${JSON.stringify(path.join(other, 'secret'))}), written, flush=True)
sys.stderr.write("ready\\n")
sys.stdin.read()
`, { mode: 0o755 });
    const { bot, cwd } = await startIsolated(['python3', main]);
    cleanups.push(async () => {
      await bot.stop();
      rmSync(cwd, { recursive: true, force: true });
    });
    // Imported; another seat's folder not there; the checkout not writable (as root the bot is nobody,
    // whose permission check comes before the read-only mount's).
    expect(bot.takeLine()?.text, bot.stderrTail).toMatch(/^found False (Read-only file system|Permission denied)$/);
  });

  it('is measured as its own program, never as bubblewrap: CPU, memory, the unflushed-output proof', async () => {
    const hog = script('hog.py', `#!/usr/bin/env python3
import sys, time
data = bytearray(48 * 1024 * 1024)
for i in range(0, len(data), 4096): data[i] = 1
end = time.process_time() + 0.2
while time.process_time() < end: pass
sys.stderr.write('ready\\n'); sys.stderr.flush()
sys.stdin.read()
`);
    const { bot, cwd } = await startIsolated([hog]);
    cleanups.push(() => bot.stop(), () => rmSync(cwd, { recursive: true, force: true }));
    expect(bot.stderrHead).toContain('ready');
    const pids = bot.processIds();
    expect(pids).not.toContain(bot.pid); // bwrap itself
    expect(pids.length).toBe(1);
    expect(readFileSync(`/proc/${pids[0]}/cmdline`, 'latin1').split('\0')).toContain(hog);
    bot.sampleMemory();
    expect(bot.peakHwmKb).toBeGreaterThan(40 * 1024);
    expect(bot.cpuMs()).toBeGreaterThan(0);
    // It sleeps in read() on botjury's own pipe: the proof an unflushed answer rests on.
    let wait = bot.stdinWait();
    for (let tries = 0; tries < 200 && !wait?.waitingOnStdin; tries++) {
      await sleep(10);
      wait = bot.stdinWait();
    }
    expect(wait?.waitingOnStdin, wait?.detail).toBe(true);
  });

  it('starts its clock when its own program is let go, after the sandbox is set up', async () => {
    // bwrap on PATH is a wrapper that notes the time (CLOCK_MONOTONIC, as botjury's hrtime) just
    // before it becomes the real bwrap: the set-up follows. The bot notes when its program runs.
    const realBwrap = (await execa('sh', ['-c', 'command -v bwrap'])).stdout.trim();
    const wrapDir = mkdtempSync(path.join(tmp, 'wrap-'));
    chmodSync(wrapDir, 0o755);
    const noted = path.join(wrapDir, 'exec-ns');
    writeFileSync(path.join(wrapDir, 'bwrap'), `#!/usr/bin/env python3
import os, sys, time
if '--version' not in sys.argv:
    with open(${JSON.stringify(noted)}, 'a') as f: f.write('%d\\n' % time.monotonic_ns())
os.execv(${JSON.stringify(realBwrap)}, [${JSON.stringify(realBwrap)}] + sys.argv[1:])
`, { mode: 0o755 });
    chmodSync(tmp, 0o777); // the wrapper, run as the sandbox's user when botjury is root, writes its note here
    chmodSync(wrapDir, 0o777);
    const clock = script('clock.py', `#!/usr/bin/env python3
import sys, time
sys.stderr.write('%d\\nready\\n' % time.monotonic_ns()); sys.stderr.flush()
sys.stdin.read()
`);
    const savedPath = process.env.PATH;
    process.env.PATH = `${wrapDir}:${savedPath}`;
    forgetIsolationProbe();
    try {
      const { bot, cwd } = await startIsolated([clock]);
      cleanups.push(() => bot.stop(), () => rmSync(cwd, { recursive: true, force: true }));
      const wrapperNs = BigInt(readFileSync(noted, 'utf8').trim().split('\n').pop()!);
      const programNs = BigInt(bot.stderrHead.split('\n')[0]!);
      expect(bot.startNs > wrapperNs).toBe(true);
      expect(bot.startNs <= programNs).toBe(true);
    } finally {
      process.env.PATH = savedPath;
      chmodSync(tmp, 0o755);
      forgetIsolationProbe();
    }
  });

  it('ends as its program ended: an exit status, or the signal that killed it', async () => {
    const ender = script('ender.py', `#!/usr/bin/env python3
import os, signal, sys
if sys.argv[1] == 'segv': os.kill(os.getpid(), signal.SIGSEGV)
sys.exit(int(sys.argv[1]))
`);
    for (const [arg, code, signal] of [['segv', null, 'SIGSEGV'], ['3', 3, null], ['0', 0, null]] as const) {
      const { bot, cwd } = await startIsolated([ender, arg]);
      for (let tries = 0; tries < 400 && !bot.exit; tries++) await sleep(25);
      await bot.stop();
      rmSync(cwd, { recursive: true, force: true });
      expect({ code: bot.exit?.code, signal: bot.exit?.signal }, arg).toEqual({ code, signal });
    }
  });

  it('leaves nothing behind: every process it started ends with it', async () => {
    const leaver = script('leaver.py', `#!/usr/bin/env python3
import os, subprocess, sys
children = [subprocess.Popen(['sleep', '300'], start_new_session=(i == 1)) for i in range(3)]
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp('sleep', ['sleep', '301'])
    os._exit(0)
sys.stderr.write('ready\\n'); sys.stderr.flush()
sys.stdin.read()
`);
    const { bot, cwd } = await startIsolated([leaver]);
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    let sleepers: number[] = [];
    for (let tries = 0; tries < 200 && sleepers.length < 4; tries++) {
      await sleep(25);
      sleepers = (await execa('pgrep', ['-f', '^sleep 30[01]$'], { reject: false })).stdout.split('\n').filter(Boolean).map(Number)
        .filter((pid) => readFileSync(`/proc/${pid}/status`, 'latin1').includes(`\nNSpid:\t${pid}\t`));
    }
    expect(sleepers.length).toBe(4);
    const everything = [bot.pid, ...sleepers];
    await bot.stop();
    await sleep(100);
    for (const pid of everything) expect(running(pid), `pid ${pid}`).toBe(false);
  });
});

describe('--isolate where bubblewrap cannot work', () => {
  const bot = ['--', 'examples/alquerque/c/build/bot'];
  let fake: string;
  beforeAll(() => {
    fake = mkdtempSync(path.join(os.tmpdir(), 'fake-bwrap-'));
    chmodSync(fake, 0o755);
  });
  afterAll(() => rmSync(fake, { recursive: true, force: true }));

  /** A bwrap on PATH that says `version` and then fails with `message`. */
  function fakeBwrap(version: string, message: string): string {
    const dir = mkdtempSync(path.join(fake, 'bin-'));
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'bwrap'), `#!/bin/sh\nif [ "$1" = --version ]; then echo "bubblewrap ${version}"; exit 0; fi\necho "bwrap: ${message}" >&2\nexit 1\n`, { mode: 0o755 });
    return `${dir}:/usr/bin:/bin`;
  }

  async function isolated(command: string, args: string[], env: Record<string, string>) {
    const r = await runCli([command, ...args, '--isolate', ...bot], { env });
    const lines = r.stderr.trim().split('\n');
    return { ...r, lines };
  }

  it('bubblewrap missing: exit 2, one line naming the package to install, for every command that runs bots', async () => {
    for (const [command, args] of [['check', ['alquerque']], ['match', ['alquerque', '--games', '1']], ['fuzz', ['alquerque', '--games', '1', '--seed', '1', '--save-dir', path.join(fake, 'found')]]] as const) {
      const r = await isolated(command, [...args], { PATH: fake });
      expect(r.code, r.stderr).toBe(2);
      expect(r.lines).toEqual(['botjury: --isolate needs bubblewrap (bwrap), which is not on PATH: install it (Debian/Ubuntu: apt-get install bubblewrap)']);
    }
  });

  it('user namespaces disabled: exit 2, one line with bubblewrap\'s reason and how to allow them', async () => {
    const r = await isolated('check', ['alquerque'], { PATH: fakeBwrap('0.8.0', "No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces. On e.g. debian this can be enabled with 'sysctl kernel.unprivileged_userns_clone=1'.") });
    expect(r.code, r.stderr).toBe(2);
    expect(r.lines.length).toBe(1);
    expect(r.lines[0]).toMatch(/^botjury: --isolate: bubblewrap cannot make a sandbox here: bwrap: No permissions to creating new namespace.*; user namespaces must be allowed \(sysctl kernel\.unprivileged_userns_clone=1/);
  });

  it('bubblewrap too old: exit 2, one line', async () => {
    const r = await isolated('check', ['alquerque'], { PATH: fakeBwrap('0.6.1', 'unused') });
    expect(r.code, r.stderr).toBe(2);
    expect(r.lines).toEqual([expect.stringMatching(/^botjury: --isolate needs bubblewrap 0\.8\.0 or later \(for --size and --disable-userns\); .*bwrap is 0\.6\.1/)]);
  });

  it.skipIf(!AS_ROOT || PROBLEM !== null)('as root, a bot the sandbox\'s user (nobody) cannot read: exit 2, one line (not the bot\'s failure)', async () => {
    const closed = mkdtempSync(path.join(os.tmpdir(), 'closed-')); // 0700, root's
    try {
      writeFileSync(path.join(closed, 'bot.py'), '#!/usr/bin/env python3\n', { mode: 0o755 });
      const r = await runCli(['check', 'alquerque', '--isolate', '--', path.join(closed, 'bot.py')]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([`botjury: --isolate: the bot runs as uid ${SANDBOX_ID} (nobody) when botjury runs as root, and nobody cannot run ${path.join(closed, 'bot.py')} (a folder on its path or the file itself is closed to others): use a program installed for every user, or run botjury as a user who can`]);
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });
});
