// The unflushed-output fix in the bot's own language, chosen from the bot command and the files it names.
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { botLanguage, fixHint, type BotLanguage } from '../../reporters/console/fix-hints.js';
import { scratchDir } from '../helpers.js';

const tmp = scratchDir('botjury-hints-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, content: string | Buffer, executable = false): string {
  const p = path.join(tmp, name);
  writeFileSync(p, content);
  if (executable) chmodSync(p, 0o755);
  return p;
}
/** The start of an ELF file with the names a linker leaves in it. */
const elf = (...strings: string[]): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64), Buffer.from(strings.join('\0'))]);

describe('botLanguage', () => {
  it('reads the interpreter, a source file among the arguments, a #! line, or what a program links', () => {
    const cases: [string[], BotLanguage][] = [
      [['python3', 'bot.py'], 'python'],
      [['python3.12', '-m', 'mybot'], 'python'],
      [['/usr/bin/pypy3', 'x'], 'python'],
      [['node', 'bot.js'], 'javascript'],
      [['java', '-jar', 'bot.jar'], 'java'],
      [['java', '-cp', 'out', 'Bot'], 'java'],
      [['mono', 'Bot.exe'], 'csharp'],
      [['./run', 'bot.rb'], 'ruby'],
      [[file('script', '#!/usr/bin/env python3\nprint(1)\n', true)], 'python'],
      [[file('jsbot', '#!/usr/bin/node\n', true)], 'javascript'],
      [[file('cppbot', elf('libstdc++.so.6', 'libc.so.6', 'GLIBC_2.34'), true)], 'cpp'],
      [[file('cbot', elf('libc.so.6', 'GLIBC_2.34'), true)], 'c'],
      [[file('pasbot', elf('whatever'), true)], 'pascal'],
      [['mybot'], 'unknown'],
      [[], 'unknown'],
    ];
    file('pasbot.pas', 'program bot; begin end.');
    for (const [argv, language] of cases) expect(botLanguage(argv, tmp), argv.join(' ')).toBe(language);
  });

  it('finds the source of a program built into a folder next to it', () => {
    expect(botLanguage(['examples/on-the-run/broken/build/unflushed'])).toBe('c');
  });
});

describe('fixHint', () => {
  const hint = (language: BotLanguage): string => fixHint('unflushed-output', language)!.lines.join(' ');
  it('gives the fix in the words of each language', () => {
    expect(hint('python')).toContain('print(move, flush=True)');
    expect(hint('python')).toContain('sys.stdout.flush()');
    expect(hint('python')).toMatch(/-u hides the bug/); // named only to advise against it
    expect(hint('c')).toContain('fflush(stdout)');
    expect(hint('c')).toContain('setvbuf(stdout, NULL, _IOLBF, 0)');
    expect(hint('cpp')).toMatch(/std::endl.*std::flush/);
    expect(hint('java')).toContain('System.out.flush()');
    expect(hint('java')).toContain('new PrintWriter(System.out, true)');
    expect(hint('javascript')).toContain('process.stdout.write');
    expect(hint('pascal')).toContain('Flush(Output)');
    expect(hint('unknown')).toMatch(/flush standard output after every answer/);
    expect(fixHint('unflushed-output', 'python')!.language).toBe('Python');
  });
  it('has nothing to say about other verdicts', () => {
    expect(fixHint('crash', 'python')).toBeNull();
  });
});
