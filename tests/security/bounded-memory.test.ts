import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitCaps } from '../../src/platform/rate-limit.js';
import { createSignInLimiter } from '../../src/platform/sign-in-limiter.js';
import { createTestApp, movableClock, type TestApp } from '../support/test-app.js';

// Decision 013: each structure that grows with requests is flooded with distinct keys at its
// real (default) caps, as createShop wires it, and its entries and bytes must stay under the caps.

let t: TestApp | undefined;
let server: http.Server | undefined;
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server?.close(r));
    server = undefined;
  }
  await t?.close();
  t = undefined;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) => {
    const { port } = server?.address() as AddressInfo;
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

describe('flooding each bounded structure at its default caps', () => {
  it('the response cache as createShop wires it: long unique searches and unique Accept-Encoding values', async () => {
    t = await createTestApp();
    await t.seedDemo();
    // The shop's own listener (src/shop.ts): no caps are given there, so the defaults are what is tested.
    server = http.createServer(t.listener);
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const cache = { stats: t.responseCacheStats };
    const caps = cache.stats().entries;
    expect(caps).toMatchObject({ maxEntries: 10_000, maxBytes: 16 * 1024 * 1024 });

    // Searches longer than the route accepts (q: at most 120) are answered 400 and never kept.
    for (let i = 0; i < 1_000; i += 8) {
      const statuses = await Promise.all(Array.from({ length: 8 }, (_, j) => get(`/api/products?q=${'q'.repeat(4_000)}${i + j}`)));
      expect(statuses.every((s) => s === 400)).toBe(true);
    }
    expect(cache.stats().entries.entries).toBe(0);
    // Unique valid searches are kept, each counted with its key and headers, under the caps
    // (the eviction itself is flooded at small caps in tests/api/response-cache.test.ts).
    for (let i = 0; i < 3_000; i += 8) {
      await Promise.all(Array.from({ length: 8 }, (_, j) => get(`/api/products?q=${'q'.repeat(110)}${i + j}`)));
      const { entries, strings } = cache.stats();
      expect(entries.entries).toBeLessThanOrEqual(caps.maxEntries);
      expect(entries.bytes).toBeLessThanOrEqual(caps.maxBytes);
      expect(strings.bytes).toBeLessThanOrEqual(strings.maxBytes);
    }
    // Keys and headers count: each kept search costs more than its key alone.
    const kept = cache.stats().entries;
    expect(kept.bytes / kept.entries).toBeGreaterThan(2 * 110 + 200);

    // 2,000 distinct Accept-Encoding values give at most three answers (gzip, deflate, none).
    for (let i = 0; i < 2_000; i++) expect(await get('/api/categories', { 'accept-encoding': `gzip;q=0.${(i % 9) + 1}, br-${i}` })).toBe(200);
    const before = cache.stats().entries.entries;
    for (let i = 0; i < 200; i++) await get('/api/categories', { 'accept-encoding': `x-${i}, gzip` });
    expect(cache.stats().entries.entries).toBe(before);
    const { strings } = cache.stats();
    expect(strings.entries).toBeLessThanOrEqual(strings.maxEntries);
    expect(strings.bytes).toBeLessThanOrEqual(strings.maxBytes);
  }, 180_000);

  it('a rate limiter at its default caps: 200,000 unique long keys', async () => {
    const limiter = createRateLimiter({ limit: 10, windowMs: 15 * 60_000, clock: movableClock().clock });
    for (let i = 0; i < 200_000; i++) await limiter.hit(`login:email:${i}-${'x'.repeat(100)}@example.com`);
    const s = limiter.stats();
    expect(s).toMatchObject({ maxEntries: rateLimitCaps.maxEntries, maxBytes: rateLimitCaps.maxBytes });
    expect(s.entries).toBeLessThanOrEqual(rateLimitCaps.maxEntries);
    expect(s.bytes).toBeLessThanOrEqual(rateLimitCaps.maxBytes);
  });

  it('the sign-in limiter at its default caps: 3,000 addresses each filling its set of 100 failed emails (issue 40)', async () => {
    // As identity wires it with AUTH_RATE_LIMIT=10: 100 distinct emails per address, each kept in the address's entry.
    const limiter = createSignInLimiter({ perPair: 10, perAddress: 100, slowDownAfter: 50, slowDownMs: 5_000, windowMs: 15 * 60_000, clock: movableClock().clock });
    let allowed = 0;
    for (let a = 0; a < 3_000; a++) {
      const address = `2001:db8:${a.toString(16)}::${'f'.repeat(20)}`;
      for (let i = 0; i < 101; i++) if ((await limiter.begin(`u${i}-${'x'.repeat(40)}@example.com`, address)).allowed) allowed += 1;
    }
    // Each address had its 100, the 101st refused: an address being filled is the most recently
    // used entry, so evictions take older addresses, never its own set.
    expect(allowed).toBe(3_000 * 100);
    const stats = await limiter.stats();
    for (const map of [stats.pairs, stats.addresses, stats.emails]) {
      expect(map.entries).toBeLessThanOrEqual(map.maxEntries);
      expect(map.bytes).toBeLessThanOrEqual(map.maxBytes);
    }
    // The addresses' sets are what fill the bytes: fewer than 3,000 addresses fit in 4 MB.
    expect(stats.addresses.bytes).toBeGreaterThan(stats.addresses.maxBytes * 0.9);
    expect(stats.addresses.entries).toBeLessThan(3_000);
  }, 60_000);
});
