// The console reporter, fed results directly: alike verdicts grouped with a count, a verdict shown in
// full once per run, a recap of failures with a command that re-runs each, one summary line, "e.g."
// for example answers, stderr shown once as lines, and output bounded whatever the bot did.
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioResult } from '../../harness/core/result.js';
import type { RunInfo, RunReport } from '../../harness/core/runner.js';
import type { Violation } from '../../harness/core/violations.js';
import { consoleReporter } from '../../reporters/console.js';
import { shellQuote } from '../../reporters/console/rerun.js';
import type { Output } from '../../reporters/output.js';

/** Output to a pipe-like stream (not a terminal), collected. */
function fakeOutput(): Output & { text: () => string } {
  const writes: string[] = [];
  return { write: (t) => void writes.push(t), close: () => Promise.resolve(), isTTY: false, stream: new PassThrough(), text: () => writes.join('') };
}

const extraOutput = (ply: number, move: string): Violation => ({
  code: 'extra-output', severity: 'error', ply, atMs: ply * 10,
  message: `the bot wrote 'debug: played ${move}' before the jury wrote its next message, when no answer was asked for; the real jury would have read it as the next answer`,
  expected: 'no output', actual: `debug: played ${move}`,
});

function result(name: string, status: ScenarioResult['status'], violations: Violation[] = [], stderr = { bytes: 0, head: '' }): ScenarioResult {
  return {
    scenario: `scenarios/alquerque/${name}.yaml`, name: `the ${name} scenario`, game: 'alquerque', role: 'black', profile: 'codecup2008', seed: 1, status,
    violations, limits: {}, timing: { replies: 0, maxMs: 0, totalMs: 0, meanMs: 0, totalBudgetMs: null, perReply: [] },
    memory: { peakMb: null, limitMb: null }, stderr, exit: null, durationMs: 1, transcript: [], transcriptDropped: 0,
  } as unknown as ScenarioResult;
}

const BOT = ['python3', 'my bots/it\'s.py', '--depth', '3'];
const info = (total: number): RunInfo => ({ tool: { name: 'botjury', version: 't' }, bot: { command: BOT }, total, jobs: 1 });
function report(results: ScenarioResult[], extra: Partial<RunReport> = {}): RunReport {
  const count = (s: string) => results.filter((r) => r.status === s).length;
  return {
    tool: { name: 'botjury', version: 't' }, bot: { command: BOT }, startedAt: '', durationMs: 1500, results,
    summary: { passed: count('passed'), failed: count('failed'), errors: count('error'), skipped: count('skipped'), inconclusive: count('inconclusive') }, ...extra,
  };
}

async function render(results: ScenarioResult[], options: Parameters<typeof consoleReporter>[1] = {}, extra: Partial<RunReport> = {}): Promise<string> {
  const out = fakeOutput();
  const r = consoleReporter(out, options);
  r.onRunStart!(info(results.length));
  results.forEach((x, i) => r.onScenarioEnd!(x, i, results.length));
  await r.onRunEnd!(report(results, extra));
  return out.text();
}

describe('console reporter', () => {
  beforeEach(() => vi.stubEnv('NO_COLOR', '1'));
  afterEach(() => vi.unstubAllEnvs());

  it('groups twenty alike verdicts into one block with the count and the plies', async () => {
    const violations = Array.from({ length: 20 }, (_, i) => extraOutput(3 + 2 * i, ['e5*c3', 'a4-b4', 'c3*e5*c7'][i % 3]!));
    const text = await render([result('debug', 'failed', violations)]);
    expect(text.match(/extra-output/g)).toHaveLength(2); // the block and the recap
    expect(text).toContain("extra-output ×20, plies 3–41 (first at 30 ms): the bot wrote 'debug: played e5*c3'");
    expect(text).toContain('(the first of 20 alike');
    expect(text.match(/actual: /g)).toHaveLength(1);
    const block = text.slice(0, text.indexOf('Failed (')).split('\n').filter((l) => l.startsWith('    '));
    expect(block.length).toBeLessThanOrEqual(5);
  });

  it('keeps verdicts of another kind apart, and shows a verdict seen earlier in the run in one line', async () => {
    const afterLast: Violation = { ...extraOutput(9, 'a1-b2'), message: "the bot wrote 'debug: played a1-b2' after its last answer, when no answer was asked for" };
    const text = await render([result('first', 'failed', [extraOutput(2, 'e5*c3'), afterLast]), result('second', 'failed', [extraOutput(4, 'd5*d3')])]);
    expect(text).toContain('extra-output at ply 2 [20 ms]');
    expect(text).toContain('extra-output at ply 9 [90 ms]');
    expect(text).toContain('extra-output at ply 4 [40 ms]');
    expect(text).toContain('(details as shown for scenarios/alquerque/first.yaml [black])');
    expect(text.match(/expected: no output/g)).toHaveLength(2); // once per distinct verdict in the run
  });

  it('ends with a recap of the failing runs, each with a command that re-runs just it, and one summary line', async () => {
    const crash: Violation = { code: 'crash', severity: 'error', ply: 8, atMs: 5, message: "Black's move 4 (ply 8): the bot exited with status 1" };
    const text = await render(
      [result('clean', 'passed'), result('crashes', 'failed', [crash]), result('official', 'skipped'), result('debug', 'failed', [extraOutput(2, 'e5*c3'), extraOutput(4, 'b4*b2')])],
      { rerunFlags: ['--profile', 'codecup2008'] },
    );
    const recap = text.slice(text.indexOf('Failed (2):'));
    expect(recap).toContain('✗ scenarios/alquerque/crashes.yaml [black] the crashes scenario\n      crash at ply 8\n');
    expect(recap).toContain('extra-output ×2, plies 2–4');
    const quotedBot = "python3 'my bots/it'\\''s.py' --depth 3";
    expect(recap).toContain(`npx botjury run scenarios/alquerque/crashes.yaml --role black --profile codecup2008 -- ${quotedBot}`);
    expect(recap).toContain(`npx botjury run scenarios/alquerque/debug.yaml --role black --profile codecup2008 -- ${quotedBot}`);
    expect(recap).not.toContain('clean.yaml');
    expect(recap).not.toContain('official.yaml');
    expect(text.trimEnd().split('\n').at(-1)).toBe('1 passed, 2 failed, 1 skipped (1.5 s)');
  });

  it('says the run stopped early under --bail, and how many runs did not start', async () => {
    const text = await render([result('crashes', 'failed', [])], {}, { bailed: { notRun: 9 } });
    expect(text).toContain('0 passed, 1 failed, 0 skipped');
    expect(text).toContain('stopped after the first failure (--bail): 9 scenario runs not started');
  });

  it('says "e.g." where the expected answer is one legal answer of several, and not where it is the answer', async () => {
    const example: Violation = { code: 'illegal-move', severity: 'error', ply: 3, atMs: 1, message: "Invalid move 'a1-a2': 'a2' is occupied", expected: 'c3-d4', expectedIsExample: true, actual: 'a1-a2' };
    const exact: Violation = { code: 'expectation-failed', severity: 'error', ply: 5, atMs: 2, message: 'the scenario demands e5*c3', expected: 'e5*c3', actual: 'a1-b2' };
    const text = await render([result('moves', 'failed', [example, exact])]);
    expect(text).toContain('expected: e.g. c3-d4 (one legal answer of several)');
    expect(text).toContain('expected: e5*c3\n');
  });

  it("shows a crash's stderr once, as indented lines, and not again under the stderr-output warning", async () => {
    const stderr = 'Traceback (most recent call last):\n  File "bot.py", line 7, in parse\n    return int(line)\nValueError: invalid literal\n';
    const crash: Violation = { code: 'crash', severity: 'error', ply: 2, atMs: 5, message: 'the bot exited with status 1', evidence: { exitCode: 1, stderrTail: stderr } };
    const warning: Violation = { code: 'stderr-output', severity: 'warning', atMs: 6, message: `wrote ${stderr.length} bytes to stderr`, evidence: { bytes: stderr.length, head: stderr } };
    const text = await render([result('crash', 'failed', [crash, warning], { bytes: stderr.length, head: stderr })]);
    expect(text).toContain('      stderr:\n        │ Traceback (most recent call last):\n        │   File "bot.py", line 7, in parse\n        │     return int(line)\n        │ ValueError: invalid literal\n');
    expect(text.match(/ValueError/g)).toHaveLength(1);
    expect(text).not.toContain('\\n');
  });

  it('shows the end of a long stderr, marking the cut line and the lines left out', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `line ${i}`).join('\n');
    const tail = lines.slice(-300);
    const crash: Violation = { code: 'crash', severity: 'error', atMs: 5, message: 'the bot was killed by SIGSEGV', evidence: { stderrTail: tail } };
    const text = await render([result('crash', 'failed', [crash], { bytes: 5000, head: '' })]);
    expect(text).toContain('stderr (the last 300 of 5000 bytes):');
    expect(text).toMatch(/… \d+ earlier lines\n(        │ line \d+\n){16}/);
    expect(text).toContain('        │ line 59\n');
  });

  it("shows a Java bot's stack trace from its exception line: what it failed to parse, and where", async () => {
    const trace = [
      'Exception in thread "main" java.lang.NumberFormatException: For input string: "Quit"',
      '\tat java.base/java.lang.NumberFormatException.forInputString(NumberFormatException.java:67)',
      '\tat java.base/java.lang.Integer.parseInt(Integer.java:662)',
      '\tat java.base/java.lang.Integer.parseInt(Integer.java:778)',
      '\tat Move.parse(Move.java:21)',
      '\tat Protocol.readMove(Protocol.java:40)',
      '\tat Game.opponentTurn(Game.java:88)',
      '\tat Game.loop(Game.java:61)',
      '\tat Bot.run(Bot.java:30)',
      '\tat Bot.main(Bot.java:12)',
      '',
    ].join('\n');
    const crash: Violation = { code: 'crash', severity: 'error', atMs: 5, message: 'the bot exited with status 1 after the jury sent Quit', evidence: { exitCode: 1, stderrTail: trace } };
    const text = await render([result('crash', 'failed', [crash], { bytes: trace.length, head: trace })]);
    expect(text).toContain('        │ Exception in thread "main" java.lang.NumberFormatException: For input string: "Quit"\n');
    expect(text).toContain('        │     at Move.parse(Move.java:21)\n');
    expect(text).not.toContain('earlier line');
  });

  it('stays bounded whatever the bot wrote: a flood of verdicts, many kinds, huge lines', async () => {
    const many: Violation[] = [];
    for (let i = 0; i < 100_000; i++) many.push(extraOutput(i + 1, `x${i}`));
    // Verdicts of many different shapes, and one with a megabyte-long line.
    for (let k = 0; k < 50; k++) many.push({ code: 'bad-format', severity: 'error', ply: k, atMs: 1, message: `${'word '.repeat(k)}is not a move`, actual: 'y'.repeat(1 << 20) });
    const text = await render([result('flood', 'failed', many)]);
    const lines = text.split('\n');
    expect(lines.length).toBeLessThan(80);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(1000);
    expect(text).toContain('extra-output ×100000, plies 1–100000');
    expect(text).toMatch(/… and 4\d more verdicts of 4\d other kinds \(bad-format\)/);
  });

  it('says first what fails many runs, once: "20 of 20 runs: unflushed-output — the same cause; fix: …", then the runs', async () => {
    const unflushed = (ply: number, pid: number): Violation => ({
      code: 'unflushed-output', severity: 'error', ply, atMs: 500,
      message: `${ply === 1 ? 'White' : 'Black'}'s move 1 (ply ${ply}): the bot wrote its answer into its own output buffer (pid ${pid} sleeps in read(0, ...)); nothing reached the jury in 503 ms: flush stdout after every answer`,
      ...(ply === 2 ? { step: { number: 2, line: 11 } } : {}),
    });
    const results = Array.from({ length: 20 }, (_, i) => ({ ...result(`s${i}`, 'failed', [unflushed(i % 2 ? 1 : 2, 100 + i)]), role: i % 2 ? 'white' : 'black' }));
    const text = await render(results);
    const causes = text.indexOf('\nCauses (1 for 20 failing runs):\n');
    expect(causes).toBeGreaterThan(0);
    expect(causes).toBeLessThan(text.indexOf('\nFailed (20, all for the cause above):'));
    // The runs are listed with their re-run commands, not the cause twenty times again.
    expect(text.slice(text.indexOf('\nFailed (20')).match(/unflushed-output/g)).toBeNull();
    expect(text).toContain('  ✗ 20 of 20 runs: unflushed-output at plies 1–2 — the same cause; fix (Python): print(move, flush=True)');
    expect(text).toContain("      first in scenarios/alquerque/s0.yaml:11 (step 2) [black]; re-run: npx botjury run scenarios/alquerque/s0.yaml --role black -- python3 'my bots/it'\\''s.py' --depth 3");
    // --bail changes nothing of it: the runs that ran, their causes, then the note.
    const bailed = await render(results.slice(0, 2), {}, { bailed: { notRun: 18 } });
    expect(bailed).toContain('2 of 2 runs: unflushed-output at plies 1–2 — the same cause');
    expect(bailed).toMatch(/stopped after the first failure \(--bail\): 18 scenario runs not started\n$/);
  });

  it('counts late replies excused by measured load on the summary line and shows their figures', async () => {
    const excused: Violation = {
      code: 'late-excused', severity: 'warning', ply: 7, atMs: 812, message: "White's move 4 (ply 7): over the limit by the wall clock; the machine's load explains it",
      evidence: { measuredMs: 100.3, limitMs: 100, lateByMachineMs: 2.1, botQueuedMs: 1.5, harnessLagMs: 0.6 },
    };
    const text = await render([result('late', 'passed', [excused]), result('other', 'passed')]);
    expect(text).toContain('late-excused (warning) at ply 7 [812 ms]');
    expect(text).toContain('\nLate replies excused by measured load (1):\n  ⚠ scenarios/alquerque/late.yaml [black] ply 7: 100.3 ms against a limit of 100 ms (0.3 ms over by the wall clock); the machine took 2.1 ms of it (the bot waited 1.5 ms for a CPU, botjury was 0.6 ms late to read); without it 98.2 ms, 1.8 ms under the limit');
    expect(text).toMatch(/\n2 passed, 0 failed, 0 skipped, 1 late reply excused by measured load \(warnings\) \(1\.5 s\)\n$/);
    const strict = await render([result('late', 'failed', [excused])], {}, { strict: true });
    expect(strict).toContain('1 late reply excused by measured load (failing: --strict)');
  });

  it('writes no escape codes into a file or a pipe, and colours when colour is forced', async () => {
    vi.stubEnv('NO_COLOR', undefined);
    vi.stubEnv('FORCE_COLOR', undefined);
    const text = await render([result('debug', 'failed', [extraOutput(2, 'e5*c3')])]);
    expect(text).not.toMatch(/\x1b\[/);
    vi.stubEnv('FORCE_COLOR', '1');
    expect(await render([result('debug', 'failed', [extraOutput(2, 'e5*c3')])])).toMatch(/\x1b\[31mextra-output/);
  });
});

describe('shellQuote', () => {
  it('leaves safe words alone and quotes the rest for a POSIX shell', () => {
    expect(shellQuote('examples/bot.py')).toBe('examples/bot.py');
    expect(shellQuote('--depth=3')).toBe('--depth=3');
    expect(shellQuote('two words')).toBe("'two words'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('$HOME')).toBe("'$HOME'");
    expect(shellQuote('')).toBe("''");
    expect(shellQuote('a\nb')).toBe("$'a\\x0ab'");
  });
});
