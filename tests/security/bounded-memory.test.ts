import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitCaps } from '../../src/platform/rate-limit.js';
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
});
