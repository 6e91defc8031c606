// The iteration order of a Java 8 java.util.HashSet (a HashMap's keys), for the JavaChallenge2015
// engine's start placement, which draws from `HashSet.toArray()`. What decides the order, all
// reproduced here: the hash spreading `h ^ (h >>> 16)`, power-of-two tables doubled past a load
// factor of 0.75 (or when a long bin meets a table under 64 buckets), the split of bins on a resize,
// and a bin's list turned into a red-black tree when its 9th key arrives (ordered by hash, then by the
// keys' compareTo), whose root is moved to the front of the bin's list after every insertion and
// removal, and which turns back into a list when it becomes small.
//
// Limits: keys must compare as 0 only when equal (Java then falls back to identity hash codes, which
// nothing can reproduce); tables stay far below Java's 2^30 maximum.
//
// Java 17's HashMap gives the same order for what this set does: its only changes on these paths are
// that a root replaced on removal is recoloured black (a colour Java 8 fixes at the next rotation
// there; no node moves differently) and a `movable` flag that HashSet.remove sets.

export interface KeyType<K> {
  /** Key.hashCode(), a Java int. */
  hashCode(key: K): number;
  equals(a: K, b: K): boolean;
  /** Key.compareTo(): negative, 0 (equal keys only) or positive. */
  compare(a: K, b: K): number;
}

interface Entry<K> {
  readonly hash: number;
  readonly key: K;
  next: Entry<K> | null;
  /** A node of a tree bin (Java's TreeNode); the fields below are used only then. */
  tree: boolean;
  parent: Entry<K> | null;
  left: Entry<K> | null;
  right: Entry<K> | null;
  prev: Entry<K> | null;
  red: boolean;
}

const DEFAULT_CAPACITY = 16;
const TREEIFY_THRESHOLD = 8;
const UNTREEIFY_THRESHOLD = 6;
const MIN_TREEIFY_CAPACITY = 64;

const spread = (h: number): number => (h ^ (h >>> 16)) | 0;

function tableSizeFor(capacity: number): number {
  let n = 1;
  while (n < capacity) n *= 2;
  return n;
}

function entry<K>(hash: number, key: K, next: Entry<K> | null): Entry<K> {
  return { hash, key, next, tree: false, parent: null, left: null, right: null, prev: null, red: false };
}

export class JavaHashSet<K> {
  private table: (Entry<K> | null)[] | null = null;
  private size = 0;
  /** Before the table exists: its capacity (0 = default), as Java keeps it. */
  private threshold: number;

  /** `new HashSet<>()`, or `new HashSet<>(n)` / `new HashMap<>(n)` with an initial capacity. */
  constructor(private readonly type: KeyType<K>, initialCapacity?: number) {
    this.threshold = initialCapacity === undefined ? 0 : tableSizeFor(initialCapacity);
  }

  /** `new HashSet<>(collection)`: capacity max(n / 0.75 + 1, 16) (Java 8 and 17; 19+ size it otherwise, also 16 for n <= 12), then every key in order. */
  static of<K>(type: KeyType<K>, keys: readonly K[]): JavaHashSet<K> {
    const set = new JavaHashSet(type, Math.max(Math.trunc(keys.length / 0.75) + 1, DEFAULT_CAPACITY));
    for (const key of keys) set.add(key);
    return set;
  }

  /** The keys in iteration order: bucket by bucket, each bin's list from its head. */
  toArray(): K[] {
    const keys: K[] = [];
    for (const head of this.table ?? []) for (let e = head; e !== null; e = e.next) keys.push(e.key);
    return keys;
  }

  /** HashMap.putVal. */
  add(key: K): boolean {
    const hash = spread(this.type.hashCode(key));
    const tab = this.table ?? this.resize();
    const index = (tab.length - 1) & hash;
    const first = tab[index];
    if (first === null) {
      tab[index] = entry(hash, key, null);
    } else if (first.hash === hash && this.type.equals(first.key, key)) {
      return false;
    } else if (first.tree) {
      if (!this.putTreeVal(tab, first, hash, key)) return false;
    } else {
      let p = first;
      for (let binCount = 0; ; binCount++) {
        const e = p.next;
        if (e === null) {
          p.next = entry(hash, key, null);
          if (binCount >= TREEIFY_THRESHOLD - 1) this.treeifyBin(tab, hash);
          break;
        }
        if (e.hash === hash && this.type.equals(e.key, key)) return false;
        p = e;
      }
    }
    if (++this.size > this.threshold) this.resize();
    return true;
  }

  /** HashMap.removeNode (movable, as HashSet.remove calls it). */
  remove(key: K): boolean {
    const hash = spread(this.type.hashCode(key));
    const tab = this.table;
    if (tab === null) return false;
    const index = (tab.length - 1) & hash;
    let p: Entry<K> | null = tab[index];
    if (p === null) return false;
    let node: Entry<K> | null = null;
    if (p.hash === hash && this.type.equals(p.key, key)) node = p;
    else if (p.next !== null) {
      if (p.tree) node = this.find(rootOf(p), hash, key);
      else
        for (let e: Entry<K> | null = p.next; e !== null; p = e, e = e.next)
          if (e.hash === hash && this.type.equals(e.key, key)) {
            node = e;
            break;
          }
    }
    if (node === null) return false;
    if (node.tree) this.removeTreeNode(tab, node);
    else if (node === p) tab[index] = node.next;
    else p.next = node.next;
    this.size--;
    return true;
  }

  private resize(): (Entry<K> | null)[] {
    const oldTab = this.table;
    const oldCap = oldTab?.length ?? 0;
    const oldThr = this.threshold;
    let newCap: number;
    let newThr = 0;
    if (oldCap > 0) {
      newCap = oldCap * 2;
      if (oldCap >= DEFAULT_CAPACITY) newThr = oldThr * 2;
    } else if (oldThr > 0) {
      newCap = oldThr;
    } else {
      newCap = DEFAULT_CAPACITY;
      newThr = DEFAULT_CAPACITY * 0.75;
    }
    if (newThr === 0) newThr = Math.trunc(newCap * 0.75);
    this.threshold = newThr;
    const newTab: (Entry<K> | null)[] = new Array<Entry<K> | null>(newCap).fill(null);
    this.table = newTab;
    for (let j = 0; j < oldCap; j++) {
      const e = oldTab![j];
      if (e === null) continue;
      oldTab![j] = null;
      if (e.next === null) newTab[e.hash & (newCap - 1)] = e;
      else if (e.tree) this.split(newTab, e, j, oldCap);
      else {
        // Each bin splits into the keys that stay and those that move up by oldCap, in order.
        const [lo, hi] = splitList(e, oldCap);
        newTab[j] = lo.head;
        newTab[j + oldCap] = hi.head;
      }
    }
    return newTab;
  }

  /** A bin reached 9 keys: a tree, unless the table is still small (then it doubles instead). */
  private treeifyBin(tab: (Entry<K> | null)[], hash: number): void {
    if (tab.length < MIN_TREEIFY_CAPACITY) {
      this.resize();
      return;
    }
    const index = (tab.length - 1) & hash;
    let prev: Entry<K> | null = null;
    for (let e = tab[index]; e !== null; e = e.next) {
      e.tree = true;
      e.prev = prev;
      prev = e;
    }
    const head = tab[index];
    if (head !== null) this.treeify(tab, head);
  }

  /** TreeNode.treeify: every node of the list from `head`, in list order, into one tree. */
  private treeify(tab: (Entry<K> | null)[], head: Entry<K>): void {
    let root: Entry<K> | null = null;
    for (let x: Entry<K> | null = head; x !== null; x = x.next) {
      x.left = x.right = null;
      if (root === null) {
        x.parent = null;
        x.red = false;
        root = x;
        continue;
      }
      for (let p: Entry<K> = root; ;) {
        const dir = this.order(x.hash, x.key, p);
        const child = dir <= 0 ? p.left : p.right;
        if (child === null) {
          x.parent = p;
          if (dir <= 0) p.left = x;
          else p.right = x;
          root = balanceInsertion(root, x);
          break;
        }
        p = child;
      }
    }
    moveRootToFront(tab, root!);
  }

  /** TreeNode.untreeify: the same list, as plain nodes. */
  private static untreeify<K>(head: Entry<K>): Entry<K> {
    for (let e: Entry<K> | null = head; e !== null; e = e.next) {
      e.tree = false;
      e.parent = e.left = e.right = e.prev = null;
      e.red = false;
    }
    return head;
  }

  /** Java's tree order: by hash, then compareTo (never 0 for different keys, see Limits above). */
  private order(hash: number, key: K, p: Entry<K>): number {
    if (p.hash > hash) return -1;
    if (p.hash < hash) return 1;
    const dir = this.type.compare(key, p.key);
    if (dir === 0) throw new Error('JavaHashSet: keys that compare as 0 must be equal');
    return dir;
  }

  /** TreeNode.find. */
  private find(start: Entry<K>, hash: number, key: K): Entry<K> | null {
    let p: Entry<K> | null = start;
    do {
      const pl: Entry<K> | null = p.left;
      const pr: Entry<K> | null = p.right;
      if (p.hash > hash) p = pl;
      else if (p.hash < hash) p = pr;
      else if (this.type.equals(p.key, key)) return p;
      else if (pl === null) p = pr;
      else if (pr === null) p = pl;
      else {
        const dir = this.type.compare(key, p.key);
        if (dir !== 0) p = dir < 0 ? pl : pr;
        else {
          const q = this.find(pr, hash, key);
          if (q !== null) return q;
          p = pl;
        }
      }
    } while (p !== null);
    return null;
  }

  /** TreeNode.putTreeVal: the new node goes into the list right after its tree parent. */
  private putTreeVal(tab: (Entry<K> | null)[], first: Entry<K>, hash: number, key: K): boolean {
    const root = rootOf(first);
    for (let p: Entry<K> = root; ;) {
      if (p.hash === hash && this.type.equals(p.key, key)) return false;
      const dir = this.order(hash, key, p);
      const child = dir <= 0 ? p.left : p.right;
      if (child === null) {
        const x = entry(hash, key, p.next);
        x.tree = true;
        if (dir <= 0) p.left = x;
        else p.right = x;
        if (p.next !== null) p.next.prev = x;
        p.next = x;
        x.parent = x.prev = p;
        moveRootToFront(tab, balanceInsertion(root, x));
        return true;
      }
      p = child;
    }
  }

  /** TreeNode.removeTreeNode (Java 8), with movable = true. */
  private removeTreeNode(tab: (Entry<K> | null)[], node: Entry<K>): void {
    const index = (tab.length - 1) & node.hash;
    const head = tab[index]!; // the bin holds node
    let first: Entry<K> | null = head;
    let root = head;
    const succ = node.next;
    const pred = node.prev;
    if (pred === null) tab[index] = first = succ;
    else pred.next = succ;
    if (succ !== null) succ.prev = pred;
    if (first === null) return;
    if (root.parent !== null) root = rootOf(root);
    if (root.right === null || root.left === null || root.left.left === null) {
      tab[index] = JavaHashSet.untreeify(first); // too small
      return;
    }
    const p = node;
    const pl = p.left;
    const pr = p.right;
    let replacement: Entry<K>;
    if (pl !== null && pr !== null) {
      // Swap p with its successor s in the tree (not in the list, which iteration follows).
      let s = pr;
      while (s.left !== null) s = s.left;
      const c = s.red;
      s.red = p.red;
      p.red = c;
      const sr = s.right;
      const pp = p.parent;
      if (s === pr) {
        p.parent = s;
        s.right = p;
      } else {
        const sp = s.parent;
        p.parent = sp;
        if (sp !== null) {
          if (s === sp.left) sp.left = p;
          else sp.right = p;
        }
        s.right = pr;
        pr.parent = s;
      }
      p.left = null;
      p.right = sr;
      if (sr !== null) sr.parent = p;
      s.left = pl;
      pl.parent = s;
      s.parent = pp;
      if (pp === null) root = s;
      else if (p === pp.left) pp.left = s;
      else pp.right = s;
      replacement = sr ?? p;
    } else {
      replacement = pl ?? pr ?? p;
    }
    if (replacement !== p) {
      const pp = (replacement.parent = p.parent);
      if (pp === null) root = replacement; // Java 17 also colours it black (see the header)
      else if (p === pp.left) pp.left = replacement;
      else pp.right = replacement;
      p.left = p.right = p.parent = null;
    }
    const r = p.red ? root : balanceDeletion(root, replacement);
    if (replacement === p) {
      const pp = p.parent;
      p.parent = null;
      if (pp !== null) {
        if (p === pp.left) pp.left = null;
        else if (p === pp.right) pp.right = null;
      }
    }
    moveRootToFront(tab, r);
  }

  /** TreeNode.split on a resize: lists that keep their order; small halves become plain lists. */
  private split(tab: (Entry<K> | null)[], head: Entry<K>, index: number, bit: number): void {
    const [lo, hi] = splitList(head, bit);
    for (const [half, other, at] of [[lo, hi, index], [hi, lo, index + bit]] as const) {
      if (half.head === null) continue;
      let prev: Entry<K> | null = null;
      for (let e: Entry<K> | null = half.head; e !== null; e = e.next) {
        e.prev = prev;
        prev = e;
      }
      if (half.count <= UNTREEIFY_THRESHOLD) tab[at] = JavaHashSet.untreeify(half.head);
      else {
        tab[at] = half.head;
        if (other.head !== null) this.treeify(tab, half.head); // else the tree is whole already
      }
    }
  }
}

interface Half<K> {
  head: Entry<K> | null;
  count: number;
}

/** A bin's nodes into those with `bit` clear and those with it set, each in list order. */
function splitList<K>(head: Entry<K>, bit: number): [Half<K>, Half<K>] {
  const lo: Half<K> = { head: null, count: 0 };
  const hi: Half<K> = { head: null, count: 0 };
  let loTail: Entry<K> | null = null;
  let hiTail: Entry<K> | null = null;
  for (let e: Entry<K> | null = head, next: Entry<K> | null; e !== null; e = next) {
    next = e.next;
    e.next = null;
    if ((e.hash & bit) === 0) {
      if (loTail === null) lo.head = e;
      else loTail.next = e;
      loTail = e;
      lo.count++;
    } else {
      if (hiTail === null) hi.head = e;
      else hiTail.next = e;
      hiTail = e;
      hi.count++;
    }
  }
  return [lo, hi];
}

function rootOf<K>(node: Entry<K>): Entry<K> {
  let r = node;
  while (r.parent !== null) r = r.parent;
  return r;
}

/** TreeNode.moveRootToFront: the root becomes the bin's first node; the rest keep their order. */
function moveRootToFront<K>(tab: (Entry<K> | null)[], root: Entry<K>): void {
  const index = (tab.length - 1) & root.hash;
  const first = tab[index];
  if (root === first) return;
  tab[index] = root;
  const rp = root.prev;
  const rn = root.next;
  if (rn !== null) rn.prev = rp;
  if (rp !== null) rp.next = rn;
  if (first !== null) first.prev = root;
  root.next = first;
  root.prev = null;
}

// Red-black tree balancing, as HashMap.TreeNode does it (CLR, with its own choice of cases).

function rotateLeft<K>(root: Entry<K>, p: Entry<K>): Entry<K> {
  const r = p.right;
  if (r === null) return root;
  const rl = (p.right = r.left);
  if (rl !== null) rl.parent = p;
  const pp = (r.parent = p.parent);
  if (pp === null) {
    root = r;
    r.red = false;
  } else if (pp.left === p) pp.left = r;
  else pp.right = r;
  r.left = p;
  p.parent = r;
  return root;
}

function rotateRight<K>(root: Entry<K>, p: Entry<K>): Entry<K> {
  const l = p.left;
  if (l === null) return root;
  const lr = (p.left = l.right);
  if (lr !== null) lr.parent = p;
  const pp = (l.parent = p.parent);
  if (pp === null) {
    root = l;
    l.red = false;
  } else if (pp.right === p) pp.right = l;
  else pp.left = l;
  l.right = p;
  p.parent = l;
  return root;
}

function balanceInsertion<K>(root: Entry<K>, x: Entry<K>): Entry<K> {
  x.red = true;
  for (;;) {
    let xp = x.parent;
    if (xp === null) {
      x.red = false;
      return x;
    }
    let xpp = xp.parent;
    if (!xp.red || xpp === null) return root;
    const xppl = xpp.left;
    if (xp === xppl) {
      const xppr = xpp.right;
      if (xppr !== null && xppr.red) {
        xppr.red = false;
        xp.red = false;
        xpp.red = true;
        x = xpp;
      } else {
        if (x === xp.right) {
          x = xp;
          root = rotateLeft(root, x);
          xp = x.parent;
          xpp = xp === null ? null : xp.parent;
        }
        if (xp !== null) {
          xp.red = false;
          if (xpp !== null) {
            xpp.red = true;
            root = rotateRight(root, xpp);
          }
        }
      }
    } else {
      if (xppl !== null && xppl.red) {
        xppl.red = false;
        xp.red = false;
        xpp.red = true;
        x = xpp;
      } else {
        if (x === xp.left) {
          x = xp;
          root = rotateRight(root, x);
          xp = x.parent;
          xpp = xp === null ? null : xp.parent;
        }
        if (xp !== null) {
          xp.red = false;
          if (xpp !== null) {
            xpp.red = true;
            root = rotateLeft(root, xpp);
          }
        }
      }
    }
  }
}

const isRed = <K>(e: Entry<K> | null): boolean => e !== null && e.red;

function balanceDeletion<K>(root: Entry<K>, x: Entry<K> | null): Entry<K> {
  for (;;) {
    if (x === null || x === root) return root;
    let xp = x.parent;
    if (xp === null) {
      x.red = false;
      return x;
    }
    if (x.red) {
      x.red = false;
      return root;
    }
    if (xp.left === x) {
      let xpr = xp.right;
      if (isRed(xpr)) {
        xpr!.red = false;
        xp.red = true;
        root = rotateLeft(root, xp);
        xp = x.parent;
        xpr = xp === null ? null : xp.right;
      }
      if (xpr === null) x = xp;
      else if (!isRed(xpr.right) && !isRed(xpr.left)) {
        xpr.red = true;
        x = xp;
      } else {
        if (!isRed(xpr.right)) {
          if (xpr.left !== null) xpr.left.red = false;
          xpr.red = true;
          root = rotateRight(root, xpr);
          xp = x.parent;
          xpr = xp === null ? null : xp.right;
        }
        if (xpr !== null) {
          xpr.red = xp === null ? false : xp.red;
          if (xpr.right !== null) xpr.right.red = false;
        }
        if (xp !== null) {
          xp.red = false;
          root = rotateLeft(root, xp);
        }
        x = root;
      }
    } else {
      let xpl = xp.left;
      if (isRed(xpl)) {
        xpl!.red = false;
        xp.red = true;
        root = rotateRight(root, xp);
        xp = x.parent;
        xpl = xp === null ? null : xp.left;
      }
      if (xpl === null) x = xp;
      else if (!isRed(xpl.left) && !isRed(xpl.right)) {
        xpl.red = true;
        x = xp;
      } else {
        if (!isRed(xpl.left)) {
          if (xpl.right !== null) xpl.right.red = false;
          xpl.red = true;
          root = rotateLeft(root, xpl);
          xp = x.parent;
          xpl = xp === null ? null : xp.left;
        }
        if (xpl !== null) {
          xpl.red = xp === null ? false : xp.red;
          if (xpl.left !== null) xpl.left.red = false;
        }
        if (xp !== null) {
          xp.red = false;
          root = rotateRight(root, xp);
        }
        x = root;
      }
    }
  }
}
