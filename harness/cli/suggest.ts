// "Did you mean …?" for anything a person types: commands, options, games, reporters, profiles, roles,
// scenario keys, moves. Bounded: the input is cut to MAX_INPUT characters and the table is O(n·m), so a
// hostile name costs nothing.

const MAX_INPUT = 64;

/** Levenshtein distance with adjacent transpositions (optimal string alignment), case as given. */
export function editDistance(a: string, b: string): number {
  a = a.slice(0, MAX_INPUT);
  b = b.slice(0, MAX_INPUT);
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const prev = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidates closest to `input`, best first: an exact match ignoring case, then a prefix either way
 * (`--rol` → `--role`), then those within a third of the length in edits (at least 1, at most 3);
 * only when none is that close, those within a third rounded that begin with the same two letters
 * (`plys` → `plies`: two edits in five letters), so that a near name is never drowned by a farther
 * one (`rolle` → `role`, not `rule` too).
 */
export function closest(input: string, candidates: Iterable<string>, max = 3): string[] {
  const typed = input.slice(0, MAX_INPUT).toLowerCase();
  if (typed === '') return [];
  const near: { name: string; score: number }[] = [];
  const farther: { name: string; score: number }[] = [];
  for (const name of new Set(candidates)) {
    const lower = name.toLowerCase();
    if (lower === typed) near.push({ name, score: -2 });
    else if (lower.startsWith(typed) || (typed.startsWith(lower) && lower.length >= 3)) near.push({ name, score: -1 });
    else {
      const d = editDistance(typed, lower);
      const longer = Math.max(typed.length, lower.length);
      if (d <= Math.min(3, Math.max(1, Math.floor(longer / 3)))) near.push({ name, score: d });
      // Farther only with the same first two letters: `plys` → `plies`, never `speed` → `send`.
      else if (d <= Math.min(3, Math.max(1, Math.round(longer / 3))) && typed.slice(0, 2) === lower.slice(0, 2)) farther.push({ name, score: d });
    }
  }
  const scored = near.length > 0 ? near : farther;
  return scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name)).slice(0, max).map((s) => s.name);
}

/** " (did you mean X?)", " (did you mean X or Y?)" or "" — ready to append to a message. */
export function didYouMean(input: string, candidates: Iterable<string>, format: (name: string) => string = (n) => n): string {
  const found = closest(input, candidates, 2).map(format);
  return found.length === 0 ? '' : ` (did you mean ${found.join(' or ')}?)`;
}

/** "unknown game 'alquerqe' (did you mean alquerque?); games: a, b, c". */
export function unknownName(kind: string, input: string, candidates: readonly string[]): string {
  const shown = input.length > MAX_INPUT ? `${input.slice(0, MAX_INPUT)}…` : input;
  return `unknown ${kind} '${shown}'${didYouMean(input, candidates)}; ${kind === 'option' ? 'options' : `${kind}s`}: ${candidates.join(', ')}`;
}
