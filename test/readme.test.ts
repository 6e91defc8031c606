// README.md runs as written. Its ```sh blocks run line by line, in order, from a scratch folder laid
// out like this repository's root (its entries linked, so files the commands write land in the
// scratch folder); the ```yaml scenario is saved there first as my-scenario.yaml; each ```js block
// runs as a module there. `npx botjury` is this repository's bin/botjury.js, which is what npx runs
// here (test/package/ runs npx itself). A line ending in `# exits N` must exit with N, every other
// with 0. Not run: ```sh illustrative blocks, and `npm ci` and `npm test`, which are what runs this.
import { execa } from 'execa';
import { chmodSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, scratchDir } from './helpers.js';
import { fencedBlocks } from './markdown.js';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const blocks = fencedBlocks(README);
const NOT_RUN = new Set(['npm ci', 'npm test']);

interface Command {
  line: number;
  text: string;
  exitCode: number;
}
const commands: Command[] = blocks
  .filter((b) => b.info === 'sh')
  .flatMap((b) => b.text.split('\n').map((text, k) => ({ line: b.line + k, text: text.trim() })))
  .filter((c) => c.text !== '' && !c.text.startsWith('#'))
  .map((c) => {
    const exits = /\s+#\s*exits (\d+)$/.exec(c.text);
    return { line: c.line, text: exits ? c.text.slice(0, exits.index) : c.text, exitCode: exits ? Number(exits[1]) : 0 };
  });

let scratch: string;
beforeAll(() => {
  scratch = scratchDir('botjury-readme-');
  // A clone is a folder others may enter (mkdtemp makes it 0700): `tournament` runs its bots isolated,
  // as another user, where their interpreter can be reached that way (the suite's python3 can).
  chmodSync(scratch, 0o755);
  for (const entry of readdirSync(ROOT)) if (!['node_modules', '.git'].includes(entry)) symlinkSync(path.join(ROOT, entry), path.join(scratch, entry));
  // `import ... from 'botjury'` as from a repository that installed it.
  mkdirSync(path.join(scratch, 'node_modules'));
  symlinkSync(ROOT, path.join(scratch, 'node_modules', 'botjury'), 'dir');
  const yaml = blocks.filter((b) => b.info === 'yaml');
  expect(yaml).toHaveLength(1);
  writeFileSync(path.join(scratch, 'my-scenario.yaml'), `${yaml[0]!.text}\n`);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('README.md', () => {
  it('starts a fresh clone with npm ci, then one check of a bundled example bot; gives npm test', () => {
    expect(commands[0]!.text).toBe('npm ci');
    expect(commands[1]!.text).toMatch(/^npx botjury check alquerque -- python3 examples\/alquerque\/python\/bot\.py$/);
    expect(commands.map((c) => c.text)).toContain('npm test');
    // Every block is run or deliberately marked; no other kind slips through untested.
    expect(blocks.filter((b) => !['sh', 'sh illustrative', 'text', 'yaml', 'js'].includes(b.info))).toEqual([]);
  });

  it('every shell command runs as written, with the exit code it states', { timeout: 600_000 }, async () => {
    const ran: string[] = [];
    for (const command of commands.filter((c) => !NOT_RUN.has(c.text))) {
      const shell = command.text.replace(/\bnpx botjury\b/g, `'${process.execPath}' '${CLI}'`);
      const r = await execa('bash', ['-o', 'pipefail', '-c', shell], { cwd: scratch, reject: false, stdin: 'ignore', timeout: 180_000, env: { NO_COLOR: '1' } });
      expect(r.exitCode, `README.md line ${command.line}: ${command.text}\n${String(r.stdout).slice(-2000)}\n${String(r.stderr).slice(-2000)}`).toBe(command.exitCode);
      ran.push(command.text);
    }
    expect(ran.length).toBeGreaterThanOrEqual(8);
    // What the commands claim: the junit report alone on stdout, the fuzz finding saved.
    expect(readFileSync(path.join(scratch, 'results.xml'), 'utf8')).toMatch(/^<\?xml/);
    expect(readdirSync(path.join(scratch, 'found'))).toHaveLength(1);
  });

  it('the programmatic example runs as a module', async () => {
    const js = blocks.filter((b) => b.info === 'js');
    expect(js.length).toBeGreaterThan(0);
    for (const [i, block] of js.entries()) {
      const file = path.join(scratch, `readme-example-${i}.mjs`);
      writeFileSync(file, block.text);
      const r = await execa(process.execPath, [file], { cwd: scratch, reject: false, stdin: 'ignore', timeout: 180_000 });
      expect(r.exitCode, `README.md line ${block.line}\n${String(r.stderr)}`).toBe(0);
      expect(String(r.stdout)).toMatch(/passed: \d+, failed: 0, errors: 0/);
    }
  });
});
