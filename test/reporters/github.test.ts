// The GitHub reporter: workflow-command annotations, one per cause, within GitHub's limits (10 error
// and 10 warning annotations per step, 50 per job, most important first); escaping that keeps every
// annotation one line whatever a bot wrote; the Markdown job summary under 1 MiB, also appended to a
// full file; GITHUB_ACTIONS=true turning it on by itself; and a match's standings on the summary.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../harness/core/result.js';
import type { RunReport } from '../../harness/core/runner.js';
import type { Violation } from '../../harness/core/violations.js';
import { annotationsFor, ANNOTATIONS_VAR, writeGithub } from '../../reporters/github.js';
import { annotationLine, escapeData, escapeProperty, problemAnnotations } from '../../reporters/github/commands.js';
import { mdCode, mdLine, mdText, STEP_SUMMARY_LIMIT, summaryMarkdown } from '../../reporters/github/summary.js';
import { seatBots } from '../../reporters/causes.js';
import { htmlPage } from '../../reporters/html.js';
import type { Output } from '../../reporters/output.js';
import { runCli, scratchDir } from '../helpers.js';
import { workflowCommands } from '../package/fake-runner.js';
import { syntheticResult } from './reports.js';

const tmp = scratchDir('botjury-github-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function collect(): Output & { text: () => string } {
  const writes: string[] = [];
  return { write: (t) => void writes.push(t), close: () => Promise.resolve(), isTTY: false, stream: new PassThrough(), text: () => writes.join('') };
}

const verdict = (code: Violation['code'], message: string, ply?: number, severity: Violation['severity'] = 'error'): Violation => ({ code, severity, message, atMs: 1, ...(ply !== undefined ? { ply } : {}) });

function report(results: ScenarioResult[], extra: Partial<RunReport> = {}): RunReport {
  const count = (s: string) => results.filter((r) => r.status === s).length;
  return {
    tool: { name: 'botjury', version: 't' }, bot: { command: ['python3', 'bot.py'] }, startedAt: '', durationMs: 1000, results,
    summary: { passed: count('passed'), failed: count('failed'), errors: count('error'), skipped: 0, inconclusive: 0 }, ...extra,
  };
}

/** Runs failing for `n` different reasons (and warning for `w` different ones). */
function manyCauses(n: number, w = 0): RunReport {
  const results = Array.from({ length: Math.max(n, w) }, (_, i) => syntheticResult({
    scenario: `scenarios/alquerque/s${i}.yaml`, name: `s${i}`, status: i < n ? 'failed' : 'passed',
    violations: [...(i < n ? [verdict('illegal-move', `fault number ${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'xyz'[Math.floor(i / 26)] ?? ''} here`, i + 1)] : []), ...(i < w ? [verdict('stderr-output', `warning kind ${'abcdefghijklmnopqrstuvwxyz'[i]}`, undefined, 'warning')] : [])],
  }));
  return report(results);
}

const ctx = (used = 0) => ({ cwd: tmp, env: {}, used, rerunFlags: [], rerunnable: true });

describe('workflow commands', () => {
  it('escape data and properties as @actions/core does: nothing a bot wrote starts another command', () => {
    expect(escapeData('50%\r\nnext')).toBe('50%25%0D%0Anext');
    expect(escapeProperty('a: b, c%')).toBe('a%3A b%2C c%25');
    const line = annotationLine({ level: 'error', title: 'x, y: z', file: 'a,b.yaml', line: 3, message: "played 'x'\n::error::pwned\r\n::add-mask::secret" });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toBe('::error file=a%2Cb.yaml,line=3,title=x%2C y%3A z::played \'x\'%0A::error::pwned%0D%0A::add-mask::secret');
  });

  it("validate's problems: an error at each file, line and column, at most 10, the last counting the rest", () => {
    const problems = Array.from({ length: 13 }, (_, i) => ({ file: `s${i % 2}.yaml`, line: i + 1, col: 3, message: `problem ${i}` }));
    const list = problemAnnotations(problems);
    expect(list).toHaveLength(10);
    expect(annotationLine(list[0]!)).toBe('::error file=s0.yaml,line=1,col=3,title=botjury validate::problem 0');
    expect(annotationLine(list[9]!)).toBe('::error title=botjury validate%3A 4 more problems::4 more problems in 2 file(s): the log lists every one.');
    expect(problemAnnotations(problems.slice(0, 10))).toHaveLength(10);
  });

  it('at most 10 error and 10 warning annotations per step, the rest counted in the last one', () => {
    const list = annotationsFor(manyCauses(15, 12), ctx());
    const errors = list.filter((a) => a.level === 'error');
    const warnings = list.filter((a) => a.level === 'warning');
    expect(errors).toHaveLength(10);
    expect(warnings).toHaveLength(10);
    expect(errors[9]!.title).toBe('botjury: 6 more causes (6 runs)');
    expect(warnings[9]!.title).toBe('botjury: 3 more causes (3 runs)');
    expect(errors.slice(0, 9).every((a) => a.file !== undefined || a.line === undefined)).toBe(true);
  });

  it("takes what is left of the job's 50 (BOTJURY_ANNOTATIONS), errors first", () => {
    expect(annotationsFor(manyCauses(15, 12), ctx(45)).map((a) => a.level)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(annotationsFor(manyCauses(3, 12), ctx(45)).map((a) => a.level)).toEqual(['error', 'error', 'error', 'warning', 'warning']);
    expect(annotationsFor(manyCauses(3), ctx(50))).toEqual([]);
  });

  it('points at the scenario file (relative to the workspace) and the line of its step', () => {
    const dir = path.join(tmp, 'ws');
    const scenario = path.join(dir, 'my-scenarios', 'a.yaml');
    mkdirSync(path.dirname(scenario), { recursive: true });
    writeFileSync(scenario, 'game: alquerque\n'); // a file that exists is pointed at
    const r = syntheticResult({ scenario: 'my-scenarios/a.yaml', status: 'failed', violations: [{ ...verdict('crash', 'the bot crashed', 8), step: { number: 3, line: 12 } }] });
    const [a] = annotationsFor(report([r]), { ...ctx(), cwd: dir, env: { GITHUB_WORKSPACE: path.dirname(dir) } });
    expect([a!.file, a!.line]).toEqual(['ws/my-scenarios/a.yaml', 12]);
    expect(a!.message).toContain('first in my-scenarios/a.yaml line 12 (step 3) [white] made up');
    const [b] = annotationsFor(report([{ ...r, scenario: 'gone.yaml' }]), { ...ctx(), cwd: dir });
    expect(b!.file).toBeUndefined(); // no such file: an annotation without a place
  });
});

describe('the job summary', () => {
  it('lists at most 200 failing runs, counting the rest', async () => {
    const results = Array.from({ length: 3000 }, (_, i) => syntheticResult({ scenario: `scenarios/s${i}.yaml`, name: `run ${i}`, status: 'failed', violations: [verdict('crash', 'the bot exited', 1)] }));
    const summary = path.join(tmp, 'many.md');
    await writeGithub(report(results), { annotations: collect(), env: { GITHUB_STEP_SUMMARY: summary }, cwd: tmp });
    const text = readFileSync(summary, 'utf8');
    expect(text.match(/^\| <code>scenarios\/s\d+\.yaml<\/code>/gm)).toHaveLength(200);
    expect(text).toContain('… and 2800 more');
  });

  it('stays under 1 MiB for thousands of failing runs whose texts grow most when escaped', async () => {
    const long = '&<'.repeat(2000); // 5 and 4 bytes each in the Markdown
    const results = Array.from({ length: 3000 }, (_, i) => syntheticResult({ scenario: `scenarios/s${i}.yaml`, name: `run ${i} ${long}`, status: 'failed', violations: [verdict('illegal-move', `fault ${i}: ${long}`, i)] }));
    const summary = path.join(tmp, 'big.md');
    await writeGithub(report(results), { annotations: collect(), env: { GITHUB_STEP_SUMMARY: summary }, cwd: tmp });
    const text = readFileSync(summary, 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThan(STEP_SUMMARY_LIMIT);
    expect(text).toMatch(/\n#### Causes of failure \(\d+\)\n/);
    expect(text).toContain('… and 2800 more');
  });

  it('is appended after what the step wrote before; the whole file stays under 1 MiB, and it says what it left out', async () => {
    const summary = path.join(tmp, 'full.md');
    writeFileSync(summary, `# earlier tool\n${'y'.repeat(STEP_SUMMARY_LIMIT - 5000)}\n`);
    const results = Array.from({ length: 50 }, (_, i) => syntheticResult({ scenario: `s${i}.yaml`, status: 'failed', violations: [verdict('crash', `crash kind ${i} ${'z'.repeat(500)}`, 1)] }));
    await writeGithub(report(results), { annotations: collect(), env: { GITHUB_STEP_SUMMARY: summary }, cwd: tmp });
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier tool\n')).toBe(true);
    expect(text).toContain('### ❌ botjury: 50 of 50 scenario runs failed');
    expect(text).toContain("left out to stay within GitHub's 1 MiB limit");
    expect(Buffer.byteLength(text)).toBeLessThan(STEP_SUMMARY_LIMIT);
  });

  it('shows hostile text as text: no HTML, no Markdown, no table cell broken', () => {
    expect(mdText('<img src=x onerror=alert(1)> *bold* | cell `code` [link](http://x)')).toBe('&lt;img src=x onerror=alert(1)&gt; \\*bold\\* \\| cell \\`code\\` \\[link\\](http://x)');
    expect(mdText('# heading 1. x')).toBe('# heading 1. x'); // inside a line, no heading
    expect(mdLine('# heading')).toBe('\\# heading');
    expect(mdLine('1. not a list')).toBe('1\\. not a list');
    expect(mdText('line\nbreak\x1b[31m')).toBe('line\\\\nbreak\\\\x1b\\[31m'); // shown as \n and \x1b, one line
    expect(mdCode('a|b`c<d')).toBe('<code>a\\|b\\`c&lt;d</code>');
  });

  it('counts excused late replies, shows their figures, and warns (fails under --strict)', async () => {
    const excused: Violation = { code: 'late-excused', severity: 'warning', ply: 7, atMs: 1, message: 'late but excused', evidence: { measuredMs: 100.3, limitMs: 100, lateByMachineMs: 2.1, botQueuedMs: 1.5, harnessLagMs: 0.6 } };
    const r = syntheticResult({ scenario: 'scenarios/x.yaml', status: 'passed', violations: [excused] });
    const summary = path.join(tmp, 'late.md');
    const out = collect();
    await writeGithub(report([r, syntheticResult()]), { annotations: out, env: { GITHUB_STEP_SUMMARY: summary }, cwd: tmp });
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('| 2 | 0 | 0 | 0 | 0 | 1 |'); // the last column: late replies excused
    expect(text).toContain('#### Late replies excused by measured load (1)');
    expect(text).toContain('ply 7: 100.3 ms against a limit of 100 ms (0.3 ms over by the wall clock); the machine took 2.1 ms of it');
    expect(out.text()).toMatch(/^::warning title=botjury%3A late-excused at ply 7 in 1 of 2 runs::late but excused/);
    const strict = annotationsFor(report([{ ...r, status: 'failed' }], { strict: true }), ctx());
    expect(strict.map((a) => a.level)).toEqual(['error']);
  });
});

describe('a match or a tournament (botOf)', () => {
  // B (Python) and C (JavaScript) both forget to flush; A is fine. One bug, two bots, two authors.
  const bots = [{ name: 'A', command: ['./a'] }, { name: 'B', command: ['python3', 'b.py'] }, { name: 'C', command: ['node', 'c.js'] }];
  const unflushed = (ply: number) => verdict('unflushed-output', `move 1 (ply ${ply}): the bot wrote its answer into its own output buffer; nothing reached the jury in 503 ms: flush stdout after every answer`, ply);
  const games = [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2]].map((seats, g) => ({
    seats: seats.map((bot, k) => ({
      bot,
      run: syntheticResult({ scenario: `tournament game ${g + 1}`, name: `game ${g + 1}: ${bots[bot]!.name}`, role: k ? 'black' : 'white', status: bot ? 'failed' : 'passed', violations: bot ? [unflushed(k + 1)] : [] }),
    })),
  }));
  const results = games.flatMap((g) => g.seats.map((s) => s.run));
  const tournament = report(results, { bot: { command: bots.flatMap((b, i) => (i ? ['--', ...b.command] : b.command)) } });
  const botOf = seatBots(games, bots);

  it("annotates each bot's cause apart, named, counted over its runs, with the fix in its language", () => {
    const list = annotationsFor(tournament, { ...ctx(), rerunnable: false, botOf });
    expect(list.map((a) => a.title)).toEqual(['botjury: bot B: unflushed-output at plies 1–2 in 3 of its 3 runs', 'botjury: bot C: unflushed-output at plies 1–2 in 3 of its 3 runs']);
    expect(list[0]!.message).toMatch(/^bot B: python3 b\.py\n.*\nfix \(Python\): print\(move, flush=True\)/);
    expect(list[1]!.message).toMatch(/^bot C: node c\.js\n.*\nfix \(JavaScript\): process\.stdout\.write/);
    // Without botOf (a bot repository's suite): one cause over all runs, as before.
    expect(annotationsFor(tournament, { ...ctx(), rerunnable: false }).map((a) => a.title)).toEqual(['botjury: unflushed-output at plies 1–2 in 6 of 10 runs']);
  });

  it('names each bot in the job summary and the HTML causes', () => {
    const md = summaryMarkdown(tournament, { language: 'unknown', budget: STEP_SUMMARY_LIMIT, rerunnable: false, botOf });
    expect(md).toContain('#### Causes of failure (2)');
    expect(md).toContain('**1. bot B: <code>unflushed-output</code> at plies 1–2 — 3 of its 3 runs**\n\nBot B: <code>python3 b.py</code>');
    expect(md).toContain('**2. bot C: <code>unflushed-output</code> at plies 1–2 — 3 of its 3 runs**\n\nBot C: <code>node c.js</code>');
    expect(md).toContain('**Fix (Python):** print(move, flush=True)');
    expect(md).toContain('**Fix (JavaScript):** process.stdout.write');
    const html = htmlPage(tournament, undefined, '', { botOf });
    expect(html.match(/<li class="cause failed"><span class="cause-bot" title="[^"]*">bot [BC]:<\/span>/g)).toHaveLength(2);
    expect(html).toContain('fix (Python)');
    expect(html).toContain('fix (JavaScript)');
  });
});

describe('the command line', () => {
  const bot = ['python3', 'examples/alquerque/broken/unflushed.py'];
  it('turns it on by itself under GitHub Actions: annotations on stdout beside the console, the summary in $GITHUB_STEP_SUMMARY, the count in $GITHUB_ENV', async () => {
    const [summary, env] = [path.join(tmp, 'cli.md'), path.join(tmp, 'cli.env')];
    writeFileSync(env, '');
    const r = await runCli(['check', 'alquerque', '--role', 'white', '-t', 'capture', '--', ...bot], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_ENV: env, BOTJURY_ANNOTATIONS: '3' } });
    expect(r.code).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^::error file=scenarios\/alquerque\/capture-compulsory-white\.yaml,line=11,title=botjury%3A unflushed-output at ply 1 in 2 of 2 runs::/);
    expect(readFileSync(summary, 'utf8')).toMatch(/^### ❌ botjury: 2 of 2 scenario runs failed — alquerque/);
    expect(readFileSync(env, 'utf8')).toBe(`${ANNOTATIONS_VAR}=4\n`);
    // Not under GitHub Actions: none of it.
    const plain = await runCli(['check', 'alquerque', '--role', 'white', '-t', 'capture', '--', ...bot]);
    expect(plain.stdout).not.toMatch(/^::/m);
  });

  it('moves the annotations to stderr when a report holds stdout, and --reporter github=FILE writes the summary there', async () => {
    const summary = path.join(tmp, 'forced.md');
    const r = await runCli(['run', 'scenarios/alquerque/capture-compulsory-white.yaml', '--reporter', 'json', '--reporter', `github=${summary}`, '--', ...bot]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.failed).toBe(1);
    expect(r.stderr).toMatch(/^::error file=scenarios\/alquerque\/capture-compulsory-white\.yaml,line=11,/m);
    expect(readFileSync(summary, 'utf8')).toContain('#### Causes of failure (1)');
  });

  // actions/runner reads `::name::` at a line's start and `##[name]` anywhere in a line: the console
  // prints a bot's answers and stderr, so a bot could forge annotations, mask text, or stop botjury's own.
  const forger = ['python3', 'test/reporters/fixtures/workflow-commands.py'];
  /** The commands a runner reads from the log are botjury's: the guard, its resumption, its annotations. */
  const onlyBotjurys = (log: string, annotationsExpected: boolean) => {
    const commands = workflowCommands(log);
    const [stop, ...rest] = commands;
    expect(stop?.command).toBe('stop-commands');
    expect(stop!.data).toMatch(/^botjury-[0-9a-f]{32}$/);
    expect(rest[0]?.command).toBe(stop!.data); // resumed by botjury, with its token
    const after = rest.slice(1);
    if (annotationsExpected) expect(after.length).toBeGreaterThan(0);
    for (const c of after) {
      expect(['error', 'warning', 'notice'], c.line).toContain(c.command);
      expect(c.properties.title, c.line).toMatch(/^botjury: /);
      expect(c.properties.file ?? '', c.line).not.toContain('forged');
    }
  };

  it("reads no workflow command from what a bot wrote: the log is guarded from the first line to botjury's own annotations", async () => {
    const summary = path.join(tmp, 'forged.md');
    const r = await runCli(['run', 'scenarios/alquerque/play-as-white.yaml', '--', ...forger], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(r.code).toBe(1);
    // What the bot wrote is in the log, as text: its answer and its stderr.
    expect(r.stdout).toContain('##[error file=forged.yaml;line=2]forged as an answer');
    expect(r.stdout).toContain('##[stop-commands]forged-token');
    onlyBotjurys(r.stdout, true);
    expect(workflowCommands(r.stdout).find((c) => c.command === 'error')!.line).toMatch(/^::error file=scenarios\/alquerque\/play-as-white\.yaml,line=1,title=botjury%3A bad-format/);
    // Named before the console (--reporter github --reporter console), the github reporter still ends
    // last: the console's causes at the end quote the bot's answer.
    const first = await runCli(['run', 'scenarios/alquerque/play-as-white.yaml', 'scenarios/alquerque/play-as-black.yaml', '--reporter', 'github', '--reporter', 'console', '--', ...forger], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(first.stdout.slice(first.stdout.indexOf('\nCauses'))).toContain('##[error file=forged.yaml;line=2]forged as an answer');
    onlyBotjurys(first.stdout, true);
    // A match and a tournament print bots' texts too.
    const match = await runCli(['match', 'alquerque', '--games', '1', '--', ...forger, '--', 'python3', 'examples/alquerque/python/bot.py'], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(match.code).toBe(1);
    onlyBotjurys(match.stdout, true);
    // botjury stopped by a fault of its own before the annotations: the exit lets the runner read commands again.
    const fault = await runCli(['check', 'alquerque', '--', 'no-such-bot-anywhere'], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(fault.code).toBe(2);
    onlyBotjurys(fault.stdout, false);
  });

  it("a match: the standings as a Markdown table on the job summary; annotations without a file (a seat is not a scenario file)", async () => {
    const summary = path.join(tmp, 'match.md');
    const r = await runCli(['match', 'alquerque', '--games', '2', '--reporter', 'console', '--reporter', `github=${summary}`, '--', 'python3', 'examples/alquerque/python/bot.py', '--', 'python3', 'examples/alquerque/broken/crash.py']);
    expect(r.code).toBe(1);
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('#### Standings');
    expect(text).toMatch(/\n\| bot \| games \| W \| D \| L \| points \| score % \|[^\n]*\n\| --- \| ---: \|/);
    expect(text).toMatch(/\n\| A \| 2 \| 2 \| 0 \| 0 \|/);
    expect(text).toMatch(/\n\| B \| 2 \| 0 \| 0 \| 2 \|[^\n]*crash ×2 \|/);
    expect(text).not.toContain('npx botjury run');
    expect(r.stdout).toMatch(/^::error title=botjury%3A bot B%3A crash at plies 7–8 in 2 of its 2 runs::bot B: /m);
  });
});
