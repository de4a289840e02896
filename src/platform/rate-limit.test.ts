import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../tests/support/test-app.js';
import { createRateLimiter } from './rate-limit.js';

describe('createRateLimiter', () => {
  it('allows `limit` attempts in a window, then refuses without counting the refused ones', async () => {
    const time = movableClock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock: time.clock });
    for (let i = 0; i < 3; i++) expect((await limiter.hit('a')).allowed).toBe(true);
    for (let i = 0; i < 100; i++) expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.count('a')).toBe(4);
    expect((await limiter.peek('a')).allowed).toBe(false);
    // A refused flood does not push the window on: it ends when the first one would have.
    time.advance(60_000);
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect(limiter.count('a')).toBe(1);
  });

  it('peek never counts, and reset forgets the key', async () => {
    const time = movableClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, clock: time.clock });
    for (let i = 0; i < 5; i++) expect((await limiter.peek('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(true);
    // At the limit, not over it: peek still allows (ordering's right coupon after the last look-up).
    expect((await limiter.peek('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect((await limiter.peek('a')).allowed).toBe(false);
    await limiter.reset('a');
    expect((await limiter.hit('a')).allowed).toBe(true);
  });

  it('holds at most its caps of keys and bytes, whatever the keys (200,000 unique keys)', async () => {
    const time = movableClock();
    const limiter = createRateLimiter({ limit: 5, windowMs: 15 * 60_000, clock: time.clock, maxEntries: 1_000, maxBytes: 64 * 1024 });
    for (let i = 0; i < 200_000; i++) await limiter.hit(`login:email:user${i}@example.com`);
    const s = limiter.stats();
    expect(s.entries).toBeLessThanOrEqual(1_000);
    expect(s.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(s.evictions).toBeGreaterThan(0);
  });

  it('property: entries and bytes never exceed the caps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.string({ maxLength: 300 }), fc.boolean()), { maxLength: 400 }), async (ops) => {
        const time = movableClock();
        const limiter = createRateLimiter({ limit: 2, windowMs: 1_000, clock: time.clock, maxEntries: 20, maxBytes: 4_000 });
        for (const [key, advance] of ops) {
          if (advance) time.advance(500);
          await limiter.hit(key);
          const s = limiter.stats();
          if (s.entries > 20 || s.bytes > 4_000) return false;
        }
        return true;
      }),
    );
  });
});
