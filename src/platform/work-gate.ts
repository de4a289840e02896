/**
 * Bounds on heavy work a request starts (issue 40, decision 047): PDFs, CSV exports, image
 * decoding. Each costs CPU or memory far above an ordinary answer, so the shop runs a fixed number
 * at once and lets a bounded number wait; past that the caller answers "busy, try again" at once,
 * so a flood costs a counter, not a queue that grows.
 */

/** Gives a slot back; calling it again does nothing. */
export type Release = () => void;

export type WorkGate = {
  /**
   * A slot, when one is free, or after the ones ahead in the queue; null at once when `maxWaiting`
   * already wait (the caller answers busy).
   */
  enter(): Promise<Release | null>;
  /** A slot now, or null: for work that must not wait. */
  tryEnter(): Release | null;
  /** True when `enter()` would answer null now: a caller can refuse before it reads a large request body. */
  full(): boolean;
  stats(): { running: number; waiting: number; atOnce: number; maxWaiting: number };
};

export function createWorkGate(options: { atOnce: number; maxWaiting: number }): WorkGate {
  const { atOnce, maxWaiting } = options;
  if (!(atOnce >= 1) || !(maxWaiting >= 0)) throw new Error('a work gate needs atOnce >= 1 and maxWaiting >= 0');
  let running = 0;
  const waiting: Array<(release: Release) => void> = [];

  const slot = (): Release => {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = waiting.shift();
      // The slot passes straight to the next in line: `running` stays the same.
      if (next) next(slot());
      else running -= 1;
    };
  };

  const tryEnter = (): Release | null => {
    if (running >= atOnce) return null;
    running += 1;
    return slot();
  };

  return {
    tryEnter,
    enter: async () => {
      const now = tryEnter();
      if (now) return now;
      if (waiting.length >= maxWaiting) return null;
      return new Promise<Release>((resolve) => waiting.push(resolve));
    },
    full: () => running >= atOnce && waiting.length >= maxWaiting,
    stats: () => ({ running, waiting: waiting.length, atOnce, maxWaiting }),
  };
}

/**
 * At most `perKey` at once for each key (a customer), and at most `maxKeys` keys holding any:
 * a key's count goes when it is back to zero, so the map holds only keys with work running.
 */
export type KeyedLimit = {
  /** A slot for `key`, or null when it holds `perKey` already (or `maxKeys` others do). */
  take(key: string): Release | null;
  stats(): { keys: number; held: number };
};

export function createKeyedLimit(options: { perKey: number; maxKeys: number }): KeyedLimit {
  const { perKey, maxKeys } = options;
  if (!(perKey >= 1) || !(maxKeys >= 1)) throw new Error('a keyed limit needs perKey >= 1 and maxKeys >= 1');
  const counts = new Map<string, number>();
  let held = 0;
  return {
    take(key) {
      const count = counts.get(key) ?? 0;
      if (count >= perKey || (count === 0 && counts.size >= maxKeys)) return null;
      counts.set(key, count + 1);
      held += 1;
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        held -= 1;
        const left = (counts.get(key) ?? 1) - 1;
        if (left <= 0) counts.delete(key);
        else counts.set(key, left);
      };
    },
    stats: () => ({ keys: counts.size, held }),
  };
}
