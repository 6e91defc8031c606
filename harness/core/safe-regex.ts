// Regular expressions from scenario files (`bot: { matches }`, `expect: { matches }`) run on lines a
// bot wrote. JavaScript's engine backtracks, so a pattern like ^(a+)+$ can take longer than the age of
// the universe on 41 characters. Three bounds: patterns are checked when the scenario loads (length,
// no nested quantifiers, no backreferences), the subject is capped, and every match is stopped when it
// takes longer than MATCH_TIMEOUT_MS (a scenario error, exit 2).
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { ScenarioError } from './game.js';
import { ownSchedstat } from './proc.js';

export const MAX_PATTERN_LENGTH = 256;
/** Longer lines never match (an answer is a few dozen characters; the cap keeps a match cheap). */
export const MAX_SUBJECT_LENGTH = 4096;
export const MATCH_TIMEOUT_MS = 2000;

/** Why a pattern is refused, with the 0-based offset in the pattern; undefined when it is fine. */
export function patternProblem(pattern: string): { offset: number; message: string } | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH)
    return { offset: 0, message: `the regular expression is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH}` };
  try {
    new RegExp(pattern);
  } catch (e) {
    return { offset: 0, message: `not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}` };
  }
  // One pass over the pattern: groups on a stack, each remembering whether it holds a repetition.
  const groups: { start: number; repeats: boolean }[] = [];
  let lastAtom: { start: number; repeats: boolean } | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<'))
        return { offset: i, message: 'backreferences are not allowed (they make matching slow); write the alternatives out' };
      lastAtom = { start: i, repeats: false };
      i++;
      continue;
    }
    if (c === '[') {
      const start = i;
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      lastAtom = { start, repeats: false };
      continue;
    }
    if (c === '(') {
      groups.push({ start: i, repeats: false });
      lastAtom = null;
      continue;
    }
    if (c === ')') {
      lastAtom = groups.pop() ?? null;
      continue;
    }
    const quantifier = repetition(pattern, i);
    if (quantifier) {
      if (lastAtom?.repeats && quantifier.unbounded)
        return { offset: i, message: `nested quantifier at column ${i + 1} (a repeated group that itself repeats, like (a+)+): matching can take forever; remove one repetition` };
      if (quantifier.unbounded || quantifier.many) for (const g of groups) g.repeats = true;
      if (lastAtom && (quantifier.unbounded || quantifier.many)) lastAtom.repeats = true;
      i += quantifier.length - 1;
      if (pattern[i + 1] === '?') i++; // lazy
      continue;
    }
    lastAtom = { start: i, repeats: false };
  }
  return undefined;
}

/** A quantifier at `i`: its length, whether it is unbounded (* + {n,}), or repeats more than once ({2,5}). */
function repetition(pattern: string, i: number): { length: number; unbounded: boolean; many: boolean } | null {
  const c = pattern[i];
  if (c === '*' || c === '+') return { length: 1, unbounded: true, many: true };
  if (c === '?') return { length: 1, unbounded: false, many: false };
  if (c !== '{') return null;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!m) return null;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return { length: m[0].length, unbounded: max === Infinity, many: max > 1 };
}

// ---- matching with a hard time bound ----

const MATCH = 1;
const NO_MATCH = 2;
const INVALID = 3;

/**
 * A match runs first where it is asked for, under V8's own time bound (a vm script's timeout interrupts
 * a backtracking regular expression): ~0.1 ms for a pattern that passed patternProblem. Only a match
 * that outlasts INLINE_BUDGET_MS while bots run goes to a worker thread, where it may take the full
 * MATCH_TIMEOUT_MS without holding up the event loop. A worker costs ~30 ms of CPU to start: every
 * run with a `matches` step started one before, and almost none ever needed it.
 */
const INLINE_BUDGET_MS = 2;
/** Inline attempts of a match preempted past its budget (this thread waited for a CPU for half of it or more). */
const INLINE_ATTEMPTS = 10;

let inline: { context: vm.Context; script: vm.Script } | null = null;

/** MATCH, NO_MATCH or INVALID; null when the match outlasted `timeoutMs` (and was stopped). */
function matchInline(pattern: string, text: string, timeoutMs: number): number | null {
  inline ??= {
    context: vm.createContext(Object.create(null) as object),
    // The pattern and the line are values, never code: they reach the script as two globals.
    script: new vm.Script(`r = (() => { try { return new RegExp(p).test(t) ? ${MATCH} : ${NO_MATCH} } catch { return ${INVALID} } })()`),
  };
  const { context, script } = inline;
  context.p = pattern;
  context.t = text;
  context.r = undefined;
  try {
    return script.runInContext(context, { timeout: timeoutMs }) as number;
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw e;
    // Node's timeout is a thread of its own, started for each run: scheduled late on a loaded machine it
    // reports a timeout for a match that had finished. The result the script left says so.
    return typeof context.r === 'number' ? context.r : null;
  } finally {
    context.p = context.t = context.r = undefined;
  }
}

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, pattern, text }) => {
  let result;
  try { result = new RegExp(pattern).test(text) ? ${MATCH} : ${NO_MATCH}; } catch { result = ${INVALID}; }
  parentPort.postMessage({ id, result });
});`;
/** Starting a worker on a loaded machine can take a while; that time is not the pattern's. */
const WORKER_START_TIMEOUT_MS = 30_000;

/** The worker for the slow matches, once started; `online` resolves when it listens. */
let worker: { thread: Worker; online: Promise<void> } | null = null;
/** Matches handed to the worker, by id: their answers come as messages. */
const waiting = new Map<number, (result: number) => void>();
let nextId = 1;

let handedToWorker = 0;
/** How many matches this process has handed to the worker thread (none that finish within 2 ms). */
export const matchesHandedToWorker = (): number => handedToWorker;

function slowMatcher(): { thread: Worker; online: Promise<void> } {
  if (worker) return worker;
  // Started without waiting for it (the event loop stamps other bots' answers meanwhile): messages
  // posted before it listens are queued for it.
  const thread = new Worker(WORKER_SOURCE, { eval: true });
  const online = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the regular expression worker did not start')), WORKER_START_TIMEOUT_MS);
    thread.once('online', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  online.catch(() => undefined);
  thread.on('message', ({ id, result }: { id: number; result: number }) => {
    const done = waiting.get(id);
    waiting.delete(id);
    done?.(result);
  });
  thread.unref(); // a 'message' listener refs the worker, which would keep botjury alive at its end
  worker = { thread, online };
  return worker;
}

/**
 * True when `text` matches the scenario's `pattern` (a JavaScript regular expression without flags).
 * Text longer than MAX_SUBJECT_LENGTH never matches. Throws ScenarioError when the match takes longer
 * than MATCH_TIMEOUT_MS (the pattern's fault: the scenario is an error). Blocks for up to that long:
 * only where no bot is being timed (a scenario's dry run).
 */
export function matchesPattern(pattern: string, text: string): boolean {
  if (text.length > MAX_SUBJECT_LENGTH) return false;
  const result = matchInline(pattern, text, MATCH_TIMEOUT_MS);
  if (result === null) throw tooSlow(pattern, text);
  return matchResult(pattern, result);
}

/** Before an inline attempt: this thread's run-queue wait so far (ns), or, where /proc cannot say, the process's CPU. */
function attemptMark(): bigint | NodeJS.CpuUsage {
  return ownSchedstat()?.[1] ?? process.cpuUsage();
}

/** Whether an attempt that ran out of its budget was preempted: waited for a CPU (else used under) half of it. */
function preemptedSince(mark: bigint | NodeJS.CpuUsage): boolean {
  if (typeof mark === 'bigint') {
    const waited = ownSchedstat()?.[1];
    return waited !== undefined && Number(waited - mark) / 1e6 >= INLINE_BUDGET_MS / 2;
  }
  const { user, system } = process.cpuUsage(mark);
  return (user + system) / 1000 < INLINE_BUDGET_MS / 2;
}

/**
 * matchesPattern without holding up the event loop for more than INLINE_BUDGET_MS: for a bot's answer
 * while bots run, whose replies the same loop stamps. Rejects with ScenarioError as matchesPattern throws.
 */
export async function matchPattern(pattern: string, text: string): Promise<boolean> {
  if (text.length > MAX_SUBJECT_LENGTH) return false;
  // The budget is wall time: on a loaded machine a quick match can be preempted past it. Tried again
  // while this thread waited for a CPU for half the attempt or more (its run-queue wait, counted when it
  // runs again: exact, where its CPU time in /proc lags by up to a scheduler tick, 4 ms here, and the
  // process's CPU counts other threads); a match that did run for its budget goes to the worker.
  for (let attempt = 0; attempt < INLINE_ATTEMPTS; attempt++) {
    const mark = attemptMark();
    const quick = matchInline(pattern, text, INLINE_BUDGET_MS);
    if (quick !== null) return matchResult(pattern, quick);
    if (!preemptedSince(mark)) break;
  }
  const { thread, online } = slowMatcher();
  handedToWorker++;
  const id = nextId++;
  const result = new Promise<number>((resolve) => waiting.set(id, resolve));
  thread.postMessage({ id, pattern, text });
  await online; // the pattern's time starts when the worker can run it
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), MATCH_TIMEOUT_MS)));
  const done = await Promise.race([result, timedOut]);
  clearTimeout(timer);
  if (done === null) {
    waiting.delete(id);
    stopSlowMatcher();
    throw tooSlow(pattern, text);
  }
  return matchResult(pattern, done);
}

function matchResult(pattern: string, result: number): boolean {
  if (result === INVALID) throw new ScenarioError(`/${pattern}/ is not a valid regular expression`);
  return result === MATCH;
}

function tooSlow(pattern: string, text: string): ScenarioError {
  return new ScenarioError(`the regular expression /${pattern}/ took more than ${MATCH_TIMEOUT_MS / 1000} s on a line of ${text.length} characters and was stopped; simplify it (no overlapping repetition such as (a|a)*)`);
}

/** The worker is stuck in a pattern: it is ended (a new one starts on the next slow match). */
function stopSlowMatcher(): void {
  if (!worker) return;
  void worker.thread.terminate();
  worker = null;
  for (const done of waiting.values()) done(INVALID);
  waiting.clear();
}
