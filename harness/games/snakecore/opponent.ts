// Built-in SnakeCore opponents: the other pythons at the location. Each is seeded by its own Rng.
//   greedy (default): dumps at a reactor once its body reaches a seeded size, sometimes bites a
//                     neighbour's body, sometimes switches protection on when a head comes close,
//                     otherwise heads for the nearest free block; never gives an impossible order.
//   random:           any order it can carry out.
//   idle:             always skips (N), for scenarios that want still opponents.
import type { Rng } from '../../core/rng.js';
import { DELTA, MOVES, occupancy, possibleActions, resolveAction, type Action, type Cell, type State } from './rules.js';

export const OPPONENTS = ['greedy', 'random', 'idle'] as const;
export type OpponentName = (typeof OPPONENTS)[number];

export interface Opponent {
  choose(state: State, python: number): Action;
}

export function createOpponent(name: OpponentName, rng: Rng): Opponent {
  switch (name) {
    case 'idle':
      return { choose: () => 'N' };
    case 'random':
      return { choose: (state, p) => rng.pick(possibleActions(state, p)) };
    case 'greedy':
      return greedy(rng);
  }
}

function greedy(rng: Rng): Opponent {
  // Each greedy python has its own appetite: it dumps once its body holds this many blocks.
  const dumpAt = 3 + rng.int(5);
  return {
    choose(state, p) {
      const me = state.pythons[p]!;
      const effects = MOVES.map((a) => ({ action: a, effect: resolveAction(state, p, a) }));
      const bodySize = me.body.length;

      const dump = effects.find((e) => e.effect.kind === 'dump');
      if (dump && bodySize >= dumpAt) return dump.action;

      const threatened = state.pythons.some((o, i) => i !== p && Math.abs(o.head.x - me.head.x) + Math.abs(o.head.y - me.head.y) <= 2);
      if (threatened && me.protection === 0 && bodySize >= 2 && resolveAction(state, p, 'A').kind === 'protect' && rng.next() < 0.5) return 'A';

      const bites = effects.filter((e) => e.effect.kind === 'attack' && e.effect.victim !== p);
      if (bites.length > 0 && rng.next() < 0.4) return rng.pick(bites).action;

      const step = firstStepTowards(state, p, bodySize >= dumpAt ? 'reactor' : 'food');
      if (step) return step;

      const safe = effects.filter((e) => e.effect.kind === 'move' || e.effect.kind === 'eat').map((e) => e.action);
      return safe.length > 0 ? rng.pick(safe) : 'N';
    },
  };
}

/** Breadth-first search over empty cells from the head to the nearest free block or reactor. */
function firstStepTowards(state: State, p: number, goal: 'food' | 'reactor'): Action | undefined {
  const n = state.size;
  const grid = occupancy(state);
  const head = state.pythons[p]!.head;
  const firstStep = new Map<number, Action>();
  const queue: Cell[] = [];
  for (const a of MOVES) {
    const [dx, dy] = DELTA[a];
    const c = { x: head.x + dx, y: head.y + dy };
    if (c.x < 0 || c.y < 0 || c.x >= n || c.y >= n) continue;
    const content = grid[c.y * n + c.x]!;
    if (goal === 'food' && content.kind === 'free') return a;
    if (goal === 'reactor' && content.kind === 'reactor') return a;
    if (content.kind === 'empty') {
      firstStep.set(c.y * n + c.x, a);
      queue.push(c);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!;
    const via = firstStep.get(c.y * n + c.x)!;
    for (const [dx, dy] of Object.values(DELTA)) {
      const d = { x: c.x + dx, y: c.y + dy };
      if (d.x < 0 || d.y < 0 || d.x >= n || d.y >= n || firstStep.has(d.y * n + d.x)) continue;
      const content = grid[d.y * n + d.x]!;
      if ((goal === 'food' && content.kind === 'free') || (goal === 'reactor' && content.kind === 'reactor')) return via;
      if (content.kind === 'empty') {
        firstStep.set(d.y * n + d.x, via);
        queue.push(d);
      }
    }
  }
  return undefined;
}
