// Regular expressions from scenario files (`bot: { matches }`, `expect: { matches }`) run on lines a
// bot wrote. JavaScript's engine backtracks, so a pattern like ^(a+)+$ can take longer than the age of
// the universe on 41 characters. Three bounds: patterns are checked when the scenario loads (length,
// no nested quantifiers, no backreferences), the subject is capped, and every match runs in a worker
// thread that is terminated when it takes longer than MATCH_TIMEOUT_MS (a scenario error, exit 2).
import { Worker } from 'node:worker_threads';
import { ScenarioError } from './game.js';

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

// ---- matching in a worker with a hard time bound ----

const PENDING = 0;
const MATCH = 1;
const NO_MATCH = 2;
const INVALID = 3;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData);
Atomics.store(state, 1, 1);
Atomics.notify(state, 1);
parentPort.on('message', ({ id, pattern, text }) => {
  let result;
  try { result = new RegExp(pattern).test(text) ? ${MATCH} : ${NO_MATCH}; } catch { result = ${INVALID}; }
  Atomics.store(state, 0, result);
  Atomics.notify(state, 0);
  parentPort.postMessage({ id, result });
});`;
/** Starting a worker on a loaded machine can take a while; that time is not the pattern's. */
const WORKER_START_TIMEOUT_MS = 30_000;

let worker: { thread: Worker; state: Int32Array } | null = null;
/** Matches asked for asynchronously (matchPattern), by id: their answers come as messages. */
const waiting = new Map<number, (result: number) => void>();
let nextId = 1;

function matcher(): { thread: Worker; state: Int32Array } {
  if (worker) return worker;
  // [0]: the result of the current match; [1]: 1 once the worker listens.
  const state = new Int32Array(new SharedArrayBuffer(8));
  const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: state.buffer });
  thread.unref();
  if (Atomics.wait(state, 1, 0, WORKER_START_TIMEOUT_MS) === 'timed-out') {
    void thread.terminate();
    throw new Error('the regular expression worker did not start');
  }
  thread.on('message', ({ id, result }: { id: number; result: number }) => {
    const done = waiting.get(id);
    waiting.delete(id);
    done?.(result);
  });
  thread.unref(); // again: a 'message' listener refs the worker, which would keep botjury alive at its end
  worker = { thread, state };
  return worker;
}

/**
 * Starts the matcher before a bot runs: starting a worker blocks botjury's event loop for a moment,
 * which must not happen while a bot's answer is being timed.
 */
export function warmUpPatternMatcher(): void {
  matcher();
}

/**
 * True when `text` matches the scenario's `pattern` (a JavaScript regular expression without flags).
 * Text longer than MAX_SUBJECT_LENGTH never matches. Throws ScenarioError when the match takes longer
 * than MATCH_TIMEOUT_MS (the pattern's fault: the worker is ended and the scenario is an error).
 */
export function matchesPattern(pattern: string, text: string): boolean {
  if (text.length > MAX_SUBJECT_LENGTH) return false;
  const { thread, state } = matcher();
  Atomics.store(state, 0, PENDING);
  thread.postMessage({ id: 0, pattern, text });
  if (Atomics.wait(state, 0, PENDING, MATCH_TIMEOUT_MS) === 'timed-out' && Atomics.load(state, 0) === PENDING) {
    stopMatcher();
    throw tooSlow(pattern, text);
  }
  return matchResult(pattern, Atomics.load(state, 0));
}

/**
 * matchesPattern without blocking the event loop: for a bot's answer while bots run, whose replies
 * the same loop stamps. Rejects with ScenarioError as matchesPattern throws.
 */
export function matchPattern(pattern: string, text: string): Promise<boolean> {
  if (text.length > MAX_SUBJECT_LENGTH) return Promise.resolve(false);
  const { thread } = matcher();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      stopMatcher();
      reject(tooSlow(pattern, text));
    }, MATCH_TIMEOUT_MS);
    waiting.set(id, (result) => {
      clearTimeout(timer);
      try {
        resolve(matchResult(pattern, result));
      } catch (e) {
        reject(e);
      }
    });
    thread.postMessage({ id, pattern, text });
  });
}

function matchResult(pattern: string, result: number): boolean {
  if (result === INVALID) throw new ScenarioError(`/${pattern}/ is not a valid regular expression`);
  return result === MATCH;
}

function tooSlow(pattern: string, text: string): ScenarioError {
  return new ScenarioError(`the regular expression /${pattern}/ took more than ${MATCH_TIMEOUT_MS / 1000} s on a line of ${text.length} characters and was stopped; simplify it (no overlapping repetition such as (a|a)*)`);
}

/** The worker is stuck in a pattern: it is ended (a new one starts on the next match). */
function stopMatcher(): void {
  if (!worker) return;
  void worker.thread.terminate();
  worker = null;
  for (const done of waiting.values()) done(INVALID);
  waiting.clear();
}
