// How to fix a verdict in the bot's own language, chosen from the bot command: the interpreter
// (python3, node, java …), a source file among the arguments, a script's #! line, or what a compiled
// program links (libstdc++ → C++). Exported for every reporter (console, HTML).
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ViolationCode } from '../../harness/core/violations.js';

export type BotLanguage = 'python' | 'javascript' | 'java' | 'c' | 'cpp' | 'csharp' | 'go' | 'rust' | 'pascal' | 'ruby' | 'perl' | 'php' | 'native' | 'unknown';

const LANGUAGE_NAMES: Record<BotLanguage, string> = {
  python: 'Python', javascript: 'JavaScript', java: 'Java', c: 'C', cpp: 'C++', csharp: 'C#', go: 'Go', rust: 'Rust',
  pascal: 'Pascal', ruby: 'Ruby', perl: 'Perl', php: 'PHP', native: 'a compiled program', unknown: 'any language',
};

const INTERPRETERS: [RegExp, BotLanguage][] = [
  [/^(python|pypy)\d*(\.\d+)?$/, 'python'],
  [/^(node|nodejs|bun|deno|tsx|ts-node)$/, 'javascript'],
  [/^java$/, 'java'],
  [/^(dotnet|mono)$/, 'csharp'],
  [/^go$/, 'go'],
  [/^ruby\d*(\.\d+)?$/, 'ruby'],
  [/^perl\d*$/, 'perl'],
  [/^php\d*(\.\d+)?$/, 'php'],
];

const EXTENSIONS: [RegExp, BotLanguage][] = [
  [/\.pyw?$/, 'python'],
  [/\.(m|c)?[jt]s$/, 'javascript'],
  [/\.(jar|class|java)$/, 'java'],
  [/\.c$/, 'c'],
  [/\.(cpp|cc|cxx|c\+\+)$/, 'cpp'],
  [/\.(cs|dll)$/, 'csharp'],
  [/\.go$/, 'go'],
  [/\.rs$/, 'rust'],
  [/\.(pas|pp|dpr|lpr)$/, 'pascal'],
  [/\.rb$/, 'ruby'],
  [/\.pl$/, 'perl'],
  [/\.php$/, 'php'],
];

/** Bytes of a compiled program searched for what it links; enough for the dynamic section. */
const SCAN_BYTES = 4 << 20;
/** Arguments looked at for a source file (a bot command is short; a hostile one is not read whole). */
const MAX_ARGS = 16;

const byName = (name: string, table: [RegExp, BotLanguage][]): BotLanguage | undefined => table.find(([re]) => re.test(name.toLowerCase()))?.[1];

function readHead(file: string, bytes: number): Buffer | null {
  let fd: number | undefined;
  try {
    if (!statSync(file).isFile()) return null;
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(bytes);
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A compiled program: a source next to it with the same name, else what the binary links. */
function compiledLanguage(file: string): BotLanguage {
  // Its source next to it, or one folder up (build/, bin/, out/).
  const name = path.basename(file).replace(/\.(out|bin|exe)$/, '');
  for (const dir of [path.dirname(file), path.dirname(path.dirname(file))])
    for (const ext of ['.cpp', '.cc', '.cxx', '.c', '.pas', '.pp', '.rs', '.go'])
      if (readHead(path.join(dir, name + ext), 1)) return byName(ext, EXTENSIONS)!;
  const binary = readHead(file, SCAN_BYTES)!;
  if (binary.includes('libstdc++') || binary.includes('libc++')) return 'cpp';
  if (binary.includes('Go build ID') || binary.includes('runtime.gopanic')) return 'go';
  if (binary.includes('rust_panic') || binary.includes('/rustc/')) return 'rust';
  if (binary.includes('FPC ') || binary.includes('fpc_')) return 'pascal';
  if (binary.includes('libc.so') || binary.includes('GLIBC_')) return 'c';
  return 'native';
}

/** The bot's language, as well as the command and the files it names tell. */
export function botLanguage(argv: readonly string[], cwd: string = process.cwd()): BotLanguage {
  const first = argv[0];
  if (first === undefined) return 'unknown';
  const interpreter = byName(path.basename(first), INTERPRETERS);
  if (interpreter) return interpreter;
  for (const arg of argv.slice(0, MAX_ARGS)) {
    const ext = byName(arg, EXTENSIONS);
    if (ext) return ext;
  }
  if (!first.includes('/')) return 'unknown'; // found on PATH: not ours to read
  const file = path.resolve(cwd, first);
  const head = readHead(file, 256);
  if (!head) return 'unknown';
  if (head.subarray(0, 2).toString() === '#!') {
    const words = head.toString('utf8').split('\n')[0]!.slice(2).trim().split(/\s+/);
    const named = words[0] && path.basename(words[0]) === 'env' ? words.find((w, i) => i > 0 && !w.startsWith('-')) : words[0];
    return (named ? byName(path.basename(named), INTERPRETERS) : undefined) ?? 'unknown';
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return compiledLanguage(file);
  return 'unknown';
}

const UNFLUSHED: Record<BotLanguage, string[]> = {
  python: [
    'print(move, flush=True) — or sys.stdout.flush() after every answer.',
    "(python3 -u hides the bug only where you start the bot yourself; the jury runs it its own way, so fix the code.)",
  ],
  javascript: [
    "process.stdout.write(move + '\\n') reaches the jury at once; a logger or a stream you made on fd 1 may buffer — flush it,",
    'and never end with process.exit() before the write has completed.',
  ],
  java: ['System.out.println(move); System.out.flush(); — or new PrintWriter(System.out, true) (flushes on println);', 'a BufferedWriter needs flush() after every answer.'],
  c: ['fflush(stdout); after every printf of an answer — or once at the start: setvbuf(stdout, NULL, _IOLBF, 0);', '(stdout to a pipe is fully buffered in C.)'],
  cpp: ['std::cout << move << std::endl; (or << std::flush) — "\\n" alone does not flush,', 'and stdout to a pipe is fully buffered.'],
  csharp: ['Console.Out.Flush(); after every answer — or Console.SetOut(new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true });'],
  go: ['a bufio.Writer on os.Stdout needs w.Flush() after every answer (fmt.Println to os.Stdout itself is unbuffered).'],
  rust: ['io::stdout().flush() after print!, and flush any BufWriter around stdout after every answer.'],
  pascal: ['Flush(Output); after every WriteLn of an answer.'],
  ruby: ['$stdout.flush after every answer — or $stdout.sync = true at the start.'],
  perl: ['$| = 1; at the start (autoflush STDOUT).'],
  php: ['fflush(STDOUT); after every answer.'],
  native: ['flush standard output after every answer (C: fflush(stdout); C++: std::flush; Pascal: Flush(Output)).'],
  unknown: ['flush standard output after every answer (Python: print(..., flush=True); C: fflush(stdout); C++: std::endl;', 'Java: System.out.flush(); Pascal: Flush(Output)).'],
};

/** Lines of advice for a verdict, in the bot's language; empty when the verdict has no such fix. */
export function fixHint(code: ViolationCode | string, language: BotLanguage): { language: string; lines: string[] } | null {
  if (code !== 'unflushed-output') return null;
  return { language: LANGUAGE_NAMES[language], lines: UNFLUSHED[language] };
}
