import type { Clock } from '../shared/clock.js';
import { createBoundedMap, textBytes } from './bounded-map.js';

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per key. Asynchronous because on PostgreSQL the counts live in the
 * database, shared by every shop process (src/platform/shared-limits.ts); on SQLite one process
 * serves the shop and they live in memory (createRateLimiter below).
 */
export type RateLimiter = {
  /**
   * Counts one attempt for the key; false when the key is over its limit in the window. Past
   * the first refusal nothing is counted (a refused flood neither grows memory nor extends the
   * wait).
   */
  hit(key: string): Promise<Verdict>;
  reset(key: string): Promise<void>;
  /** Whether the key is over its limit now, without counting an attempt (ordering's coupon check). */
  peek(key: string): Promise<Verdict>;
};

/** The in-memory limiter, with what the flood tests read of it. */
export type MemoryRateLimiter = RateLimiter & {
  /** Attempts counted for the key in the current window (0 when none; at most limit + 1). */
  count(key: string): number;
  /** How many keys and bytes are held, against the caps (decision 013). */
  stats(): { entries: number; bytes: number; maxEntries: number; maxBytes: number; evictions: number };
};

/** A refusal until `end` (ms), in whole seconds, at least one (the Retry-After header). */
export const refusedUntil = (end: number, now: number): Verdict => ({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) });

export type RateLimitOptions = { limit: number; windowMs: number; clock: Clock };

/** Default caps: ~50k keys, ~8 MB (keys are short: an action, an email, an address). */
export const rateLimitCaps = { maxEntries: 50_000, maxBytes: 8 * 1024 * 1024 };

/**
 * Fixed-window counter in memory, in a bounded map (decision 013), for SQLite: one process serves
 * the shop, so memory is the right store; a restart, or eviction under a flood of distinct keys,
 * forgets counts, which only ever errs towards letting a person in. A flood of distinct keys is
 * stopped by a coarser key (the address) before it can push many counts out.
 */
export function createRateLimiter(options: RateLimitOptions & { maxEntries?: number; maxBytes?: number }): MemoryRateLimiter {
  const windows = createBoundedMap<{ start: number; count: number }>({
    maxEntries: options.maxEntries ?? rateLimitCaps.maxEntries,
    maxBytes: options.maxBytes ?? rateLimitCaps.maxBytes,
  });
  const current = (key: string, now: number) => {
    const w = windows.peek(key);
    return w && now - w.start < options.windowMs ? w : undefined;
  };
  const refusal = (w: { start: number }, now: number) => refusedUntil(w.start + options.windowMs, now);

  return {
    async hit(key) {
      const now = options.clock.now().getTime();
      const w = current(key, now);
      // The first refused attempt is counted (count = limit + 1), so peek sees the key is over;
      // later ones change nothing.
      if (w && w.count > options.limit) return refusal(w, now);
      const next = { start: w?.start ?? now, count: (w?.count ?? 0) + 1 };
      windows.set(key, next, textBytes(key) + 16);
      return next.count <= options.limit ? { allowed: true } : refusal(next, now);
    },
    async reset(key) {
      windows.delete(key);
    },
    async peek(key) {
      const now = options.clock.now().getTime();
      const w = current(key, now);
      return w && w.count > options.limit ? refusal(w, now) : { allowed: true };
    },
    count(key) {
      return current(key, options.clock.now().getTime())?.count ?? 0;
    },
    stats: () => windows.stats(),
  };
}
