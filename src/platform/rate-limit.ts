import type { Clock } from '../shared/clock.js';

export type RateLimiter = {
  /** Counts one attempt for the key; false when the key is over its limit in the window. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  reset(key: string): void;
  /** Whether the key is over its limit now, without counting an attempt (ordering's coupon check). */
  peek(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
};

/**
 * Fixed-window counter in memory. One process serves the shop, so memory is the right store;
 * a restart forgets the counts, which only ever errs towards letting a person in.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;

  const sweep = (now: number) => {
    if (now - lastSweep < options.windowMs) return;
    lastSweep = now;
    for (const [key, w] of windows) if (now - w.start >= options.windowMs) windows.delete(key);
  };

  return {
    hit(key) {
      const now = options.clock.now().getTime();
      sweep(now);
      const current = windows.get(key);
      const w = current && now - current.start < options.windowMs ? current : { start: now, count: 0 };
      w.count += 1;
      windows.set(key, w);
      if (w.count <= options.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000)) };
    },
    reset(key) {
      windows.delete(key);
    },
    peek(key) {
      const now = options.clock.now().getTime();
      const w = windows.get(key);
      if (!w || now - w.start >= options.windowMs || w.count <= options.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000)) };
    },
  };
}
