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

export function createBoundedMap<V>(options: { maxEntries: number; maxBytes: number }): BoundedMap<V> {
  const { maxEntries, maxBytes } = options;
  if (!(maxEntries > 0) || !(maxBytes > 0)) throw new Error('a bounded map needs positive caps');
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const items = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  let evictions = 0;

  const remove = (key: string) => {
    const item = items.get(key);
    if (!item) return false;
    items.delete(key);
    bytes -= item.bytes;
    return true;
  };

  return {
    get(key) {
      const item = items.get(key);
      if (!item) return undefined;
      items.delete(key);
      items.set(key, item);
      return item.value;
    },
    peek: (key) => items.get(key)?.value,
    has: (key) => items.has(key),
    set(key, value, valueBytes) {
      const cost = Math.max(0, valueBytes) + entryOverheadBytes;
      remove(key);
      if (cost > maxBytes) return false;
      while (items.size >= maxEntries || bytes + cost > maxBytes) {
        const oldest = items.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
        evictions += 1;
      }
      items.set(key, { value, bytes: cost });
      bytes += cost;
      return true;
    },
    delete: remove,
    clear() {
      items.clear();
      bytes = 0;
    },
    *entries() {
      for (const [key, item] of items) yield [key, item.value];
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
