// Game positions stored as differences from the previous one: most of a board stays put between two
// plies (an Amazes maze never changes, a discovery map changes a few digits), so each frame after the
// first carries only a patch. The page rebuilds the positions with applyPatch, whose source is embedded
// verbatim in the page's script (client.ts), so the reporter and the page cannot disagree.

/**
 * A patch turns one JSON value into the next:
 * - `[value]` replaces it;
 * - an object patches a value of the same shape: for an object, changed keys (`0` deletes a key); for
 *   an array of unchanged length, changed indexes; for a string of unchanged length, changed runs by
 *   start offset.
 */
export type Patch = [unknown] | { [key: string]: Patch | 0 | string };

/** Strings shorter than this are replaced whole: a run patch would not be shorter. */
const MIN_PATCHED_STRING = 24;

/** The patch from `prev` to `next` (both plain JSON values), or undefined when they are equal. */
export function diff(prev: unknown, next: unknown): Patch | undefined {
  if (prev === next) return undefined;
  if (typeof prev === 'string' && typeof next === 'string') {
    if (prev.length !== next.length || prev.length < MIN_PATCHED_STRING) return [next];
    const runs: { [offset: string]: string } = {};
    let changed = 0;
    for (let i = 0; i < next.length; i++) {
      if (prev[i] === next[i]) continue;
      // Runs closer than four characters are joined: each run costs its offset as a key.
      let end = i + 1;
      for (let gap = 0; end + gap < next.length && gap < 4; ) {
        if (prev[end + gap] !== next[end + gap]) {
          end += gap + 1;
          gap = 0;
        } else gap++;
      }
      runs[i] = next.slice(i, end);
      changed += end - i;
      i = end;
    }
    return changed * 2 > next.length ? [next] : runs;
  }
  if (Array.isArray(prev) && Array.isArray(next)) {
    if (prev.length !== next.length) return [next];
    const patch: { [index: string]: Patch } = {};
    let changed = 0;
    next.forEach((item, i) => {
      const p = diff(prev[i], item);
      if (p !== undefined) {
        patch[i] = p;
        changed++;
      }
    });
    if (changed === 0) return undefined;
    return changed * 2 > next.length ? [next] : patch;
  }
  if (isPlainObject(prev) && isPlainObject(next)) {
    const patch: { [key: string]: Patch | 0 } = {};
    let changed = 0;
    for (const key of Object.keys(next)) {
      const p: Patch | undefined = Object.hasOwn(prev, key) ? diff(prev[key], next[key]) : [next[key]];
      if (p !== undefined) {
        patch[key] = p;
        changed++;
      }
    }
    for (const key of Object.keys(prev)) {
      if (!Object.hasOwn(next, key)) {
        patch[key] = 0;
        changed++;
      }
    }
    return changed === 0 ? undefined : patch;
  }
  return [next];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Applies a patch made by diff. Plain ES2020 without outside references: the page embeds this
 * function's source. Keys are set as own properties, so no key (not even `__proto__`) reaches a prototype.
 */
export function applyPatch(prev: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) return patch[0];
  const own = (o: object, k: string, v: unknown): void => void Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  const p = patch as Record<string, unknown>;
  if (typeof prev === 'string') {
    let out = prev;
    for (const k of Object.keys(p)) {
      const at = Number(k);
      const run = String(p[k]);
      out = out.slice(0, at) + run + out.slice(at + run.length);
    }
    return out;
  }
  if (Array.isArray(prev)) {
    const out = prev.slice();
    for (const k of Object.keys(p)) out[Number(k)] = applyPatch(prev[Number(k)], p[k]);
    return out;
  }
  const base = (prev !== null && typeof prev === 'object' ? prev : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(base)) if (!Object.prototype.hasOwnProperty.call(p, k)) own(out, k, base[k]);
  for (const k of Object.keys(p)) if (p[k] !== 0) own(out, k, applyPatch(Object.prototype.hasOwnProperty.call(base, k) ? base[k] : undefined, p[k]));
  return out;
}
