/**
 * A map with a fixed cap on entries and on bytes, for every in-memory structure that grows with
 * requests (decision 013): the response cache, rate limits, the session-token cache. When a new
 * entry would pass either cap, the least recently used entries go first; an entry larger than
 * the whole byte cap is not kept at all. So a flood of distinct keys from one stranger can only
 * push other entries out, never grow the process.
 *
 * Bytes are what the caller says an entry costs (key and value together, see `textBytes`); the
 * map adds a fixed overhead per entry for the Map slot and bookkeeping, so even empty values
 * count.
 */
export type BoundedMap<V> = {
  get(key: string): V | undefined;
  /** Without touching its recency (for a look that must not keep an entry alive). */
  peek(key: string): V | undefined;
  has(key: string): boolean;
  /** Keeps the entry when it fits (evicting the least recently used); false when it is larger than the byte cap. */
  set(key: string, value: V, bytes: number): boolean;
  delete(key: string): boolean;
  clear(): void;
  /** Oldest (least recently used) first. */
  entries(): IterableIterator<[string, V]>;
  readonly size: number;
  readonly bytes: number;
  stats(): { entries: number; bytes: number; maxEntries: number; maxBytes: number; evictions: number };
};

/** What the map adds per entry for its own slot, on top of the caller's bytes. */
export const entryOverheadBytes = 64;

/** Bytes of a string held in memory (V8 keeps one or two bytes per character). */
export const textBytes = (text: string): number => text.length * 2;

/** An entry of the recency list: older towards `head`, newer towards `tail`. */
type Node<V> = { key: string; value: V; bytes: number; older: Node<V> | null; newer: Node<V> | null };

export function createBoundedMap<V>(options: { maxEntries: number; maxBytes: number }): BoundedMap<V> {
  const { maxEntries, maxBytes } = options;
  if (!(maxEntries > 0) || !(maxBytes > 0)) throw new Error('a bounded map needs positive caps');
  // The Map finds an entry, a linked list keeps the order of use (least recently used at `head`). Not
  // a Map re-inserted on use (delete, then set: the Map's own order): V8 leaves each deleted slot in
  // its bucket's chain until the table is rebuilt, so one key read over and over in a map of thousands
  // made every look-up walk thousands of dead slots (a cached answer: 36 instead of 21 µs of CPU with
  // 5,000 others kept; docs/performance.md).
  const items = new Map<string, Node<V>>();
  let head: Node<V> | null = null;
  let tail: Node<V> | null = null;
  let bytes = 0;
  let evictions = 0;

  const unlink = (node: Node<V>) => {
    if (node.older) node.older.newer = node.newer;
    else head = node.newer;
    if (node.newer) node.newer.older = node.older;
    else tail = node.older;
    node.older = null;
    node.newer = null;
  };
  const append = (node: Node<V>) => {
    node.older = tail;
    node.newer = null;
    if (tail) tail.newer = node;
    else head = node;
    tail = node;
  };
  const remove = (key: string) => {
    const node = items.get(key);
    if (!node) return false;
    items.delete(key);
    unlink(node);
    bytes -= node.bytes;
    return true;
  };

  return {
    get(key) {
      const node = items.get(key);
      if (!node) return undefined;
      if (node !== tail) {
        unlink(node);
        append(node);
      }
      return node.value;
    },
    peek: (key) => items.get(key)?.value,
    has: (key) => items.has(key),
    set(key, value, valueBytes) {
      const cost = Math.max(0, valueBytes) + entryOverheadBytes;
      remove(key);
      if (cost > maxBytes) return false;
      while (head && (items.size >= maxEntries || bytes + cost > maxBytes)) {
        remove(head.key);
        evictions += 1;
      }
      const node: Node<V> = { key, value, bytes: cost, older: null, newer: null };
      items.set(key, node);
      append(node);
      bytes += cost;
      return true;
    },
    delete: remove,
    clear() {
      items.clear();
      head = null;
      tail = null;
      bytes = 0;
    },
    *entries() {
      // Over the entries as they are now: one deleted meanwhile is skipped, as a Map's iterator would.
      const nodes: Node<V>[] = [];
      for (let node = head; node; node = node.newer) nodes.push(node);
      for (const node of nodes) if (items.get(node.key) === node) yield [node.key, node.value];
    },
    get size() {
      return items.size;
    },
    get bytes() {
      return bytes;
    },
    stats: () => ({ entries: items.size, bytes, maxEntries, maxBytes, evictions }),
  };
}
