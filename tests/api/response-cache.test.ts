import { getRequestListener } from '@hono/node-server';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheableQuery } from '../../src/app.js';
import { categoryKey } from '../../src/modules/catalogue/index.js';
import { createResponseCache } from '../../src/platform/http/response-cache.js';
import { pageCacheKeys } from '../../src/platform/http/web-pages.js';
import { adminSession, call } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The response cache (docs/decisions/008-response-cache.md) answers public catalogue reads and
// the page without the app. These tests put two real servers on loopback over the same app: one
// plain (@hono/node-server's listener, as before), one behind the cache as main.ts wires it, and
// require the same status, headers and bytes from both, first (through the app) and then from the cache.

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

let t: TestApp;
let plain: http.Server;
let cached: http.Server;
let appCalls: number;
let hits: Array<{ reqId: string; path: string; status: number }>;

const listen = (server: http.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeEach(async () => {
  t = await createTestApp({ webDistDir: dist });
  await t.seedDemo();
  appCalls = 0;
  hits = [];
  const counted: typeof t.app.fetch = (request, env) => {
    appCalls += 1;
    return t.app.fetch(request, env);
  };
  // The pages (/ among them) are keyed as shop.ts keys them: by their language (and origin without PUBLIC_URL).
  const keyOf = pageCacheKeys({ publicUrl: 'http://shop.test', trustProxy: 1, fallbackOrigin: 'http://localhost' }, { categoryKey });
  const cache = createResponseCache({ fetch: counted, cacheableQuery, keyOf, version: t.catalogue.version, log: (f) => hits.push(f) });
  plain = http.createServer(getRequestListener(t.app.fetch));
  cached = http.createServer(cache(getRequestListener(counted)));
  await Promise.all([listen(plain), listen(cached)]);
});
afterEach(async () => {
  for (const s of [plain, cached]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await t.close();
});

function get(server: http.Server, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that differ between any two answers (time, framing, the per-request id). */
const comparable = (h: IncomingHttpHeaders) => {
  const { date, connection, 'keep-alive': keepAlive, 'content-length': length, 'transfer-encoding': framing, 'x-request-id': reqId, ...rest } = h;
  void [date, connection, keepAlive, length, framing, reqId];
  return rest;
};
const text = (a: Answer) => (a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString('utf8');

const firstProductId = async () => ((await (await call(t, 'GET', '/api/products?limit=1')).json()) as Array<{ _id: string }>)[0]?._id ?? '';

describe('the response cache', () => {
  it('answers each cacheable GET like the app does, first through the app and then from the cache', async () => {
    const id = await firstProductId();
    const paths = ['/api/products?limit=5', '/api/products', `/api/products/${id}`, '/api/categories', '/'];
    for (const path of paths) {
      for (const encoding of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Array<Record<string, string>>) {
        const expected = await get(plain, path, encoding);
        expect(expected.status, path).toBe(200);
        const before = appCalls;
        const first = await get(cached, path, encoding);
        const second = await get(cached, path, encoding);
        expect(appCalls - before, `${path} ${JSON.stringify(encoding)}: the app answers only the first`).toBe(1);
        for (const answer of [first, second]) {
          expect(answer.status).toBe(200);
          expect(comparable(answer.headers), `${path} ${JSON.stringify(encoding)}`).toEqual(comparable(expected.headers));
          expect(text(answer)).toBe(text(expected));
          expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        }
      }
    }
    // The security headers are there on a cached answer (not only equal to the app's).
    const page = await get(cached, '/api/products?limit=5');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-total-count']).toBe('40');
  });

  it('gives each answer from the cache its own request id and request log line', async () => {
    await get(cached, '/api/categories');
    const a = await get(cached, '/api/categories');
    const b = await get(cached, '/api/categories');
    const echoed = await get(cached, '/api/categories', { 'x-request-id': 'trace-123' });
    const refused = await get(cached, '/api/categories', { 'x-request-id': 'bad id!' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hits.map((h) => [h.reqId, h.path, h.status])).toEqual([
      [a.headers['x-request-id'], '/api/categories', 200],
      [b.headers['x-request-id'], '/api/categories', 200],
      ['trace-123', '/api/categories', 200],
      [refused.headers['x-request-id'], '/api/categories', 200],
    ]);
  });

  it('never answers with a catalogue older than the last write', async () => {
    const admin = (await adminSession(t)).token;
    const before = await get(cached, '/api/products?limit=1');
    await get(cached, '/api/products?limit=1');
    const added = await call(t, 'POST', '/api/products', {
      token: admin,
      body: { title: 'Brand New Figure', category: 'Figures', price: 999, images: ['https://img.test/new.webp'] },
    });
    expect(added.status).toBe(201);
    const after = await get(cached, '/api/products?limit=1');
    expect(JSON.parse(text(after))[0].title).toBe('Brand New Figure');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(comparable(after.headers)).toEqual(comparable((await get(plain, '/api/products?limit=1')).headers));
  });

  it('answers If-None-Match like the app: 304 for the current tag, 200 for an old one', async () => {
    const path = '/api/products?limit=3';
    const first = await get(cached, path);
    const etag = String(first.headers.etag);
    const expected304 = await get(plain, path, { 'if-none-match': etag });
    expect(expected304.status).toBe(304);
    for (let n = 0; n < 2; n++) {
      const notModified = await get(cached, path, { 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(comparable(notModified.headers)).toEqual(comparable(expected304.headers));
    }
    const stale = await get(cached, path, { 'if-none-match': 'W/"old-1"' });
    expect(stale.status).toBe(200);
    expect(text(stale)).toBe(text(first));
    expect((await get(cached, path, { 'if-none-match': `W/"old-1", ${etag}` })).status).toBe(304);
  });

  it('leaves every other request to the app', async () => {
    const id = await firstProductId();
    for (const [path, headers] of [
      ['/api/health', {}],
      ['/api/config', {}],
      [`/api/products/${id}x`, {}],
      ['/api/carts?email=a@b.test', {}],
      ['/assets/missing.js', {}],
    ] as Array<[string, Record<string, string>]>) {
      const before = appCalls;
      const a = await get(cached, path, headers);
      const b = await get(cached, path, headers);
      expect(appCalls - before, path).toBe(2);
      expect(a.status).toBe((await get(plain, path, headers)).status);
      expect(b.status).toBe(a.status);
    }
    expect(hits).toEqual([]);
  });

  it('keys an answer on the encoding it sends and the parameters the route reads, in any order', async () => {
    const before = appCalls;
    // Three Accept-Encoding values for which the app sends gzip: one entry.
    for (const encoding of ['gzip', 'gzip, br', 'br;q=1, gzip;q=1, x-made-up']) {
      const a = await get(cached, '/api/categories', { 'accept-encoding': encoding });
      expect(a.headers['content-encoding'], encoding).toBe('gzip');
    }
    // No encoding the app knows: one identity entry for all of them.
    for (const encoding of ['', 'br', 'x-anything, identity']) await get(cached, '/api/categories', { 'accept-encoding': encoding });
    expect(appCalls - before).toBe(2);
    // The same parameters in another order: one entry.
    const one = await get(cached, '/api/products?limit=2&offset=1');
    const two = await get(cached, '/api/products?offset=1&limit=2');
    expect(two.body.equals(one.body)).toBe(true);
    expect(appCalls - before).toBe(3);
  });

  it('leaves a request with a parameter the route does not read, or one given twice, to the app every time', async () => {
    for (const path of ['/api/products?q=zzqq&p1=x', '/api/products?limit=2&limit=3', '/api/categories?x=1']) {
      const before = appCalls;
      const a = await get(cached, path);
      await get(cached, path);
      expect(appCalls - before, path).toBe(2);
      expect(a.status, path).toBe((await get(plain, path)).status);
    }
    expect(hits).toEqual([]);
    // A page reads no parameter but ?lang (decision 042): ?utm_source and ?fbclid share the page's answer.
    const before = appCalls;
    for (const path of ['/', '/?utm_source=fb', '/?fbclid=abc']) expect(text(await get(cached, path))).toBe(text(await get(plain, '/')));
    expect(appCalls - before).toBe(1);
  });

  it('answers a Host no URL can be made of as the server does without it (a 4xx, never a dropped socket)', async () => {
    for (const host of ['a b', 'x:y:z', '[::1']) {
      for (const path of ['/api/products?limit=1', '/']) {
        const direct = await get(plain, path, { host });
        const through = await get(cached, path, { host });
        expect(direct.status, `${host} ${path}`).toBeGreaterThanOrEqual(400);
        expect(direct.status, `${host} ${path}`).toBeLessThan(500);
        expect(through.status, `${host} ${path}`).toBe(direct.status);
      }
    }
  });

  it('the parameters it keys /api/products on are the ones the route reads', async () => {
    const { productQuerySchema } = await import('../../src/modules/catalogue/adapters/product-input.js');
    expect([...(cacheableQuery('/api/products') ?? [])].sort()).toEqual(Object.keys(productQuerySchema.shape).sort());
    expect(cacheableQuery('/api/categories')).toEqual([]);
    expect(cacheableQuery('/api/health')).toBeNull();
  });
});

describe('the response cache as createShop wires it (src/shop.ts)', () => {
  it("keeps the shop's public catalogue reads in the shop's own listener, and a write empties it", async () => {
    const shopServer = http.createServer(t.listener);
    await listen(shopServer);
    try {
      expect(t.responseCacheStats().entries.entries).toBe(0);
      const first = await get(shopServer, '/api/products?limit=2');
      expect(first.status).toBe(200);
      expect(t.responseCacheStats().entries.entries).toBe(1);
      const again = await get(shopServer, '/api/products?limit=2');
      expect(text(again)).toBe(text(first));
      t.flushLogs();
      expect(t.logger.lines.some((line) => line.includes('cached answers') && line.includes('"total":1'))).toBe(true);
      // Private answers never enter it.
      await get(shopServer, '/api/carts');
      expect(t.responseCacheStats().entries.entries).toBe(1);
      const admin = (await adminSession(t)).token;
      const added = await call(t, 'POST', '/api/products', {
        token: admin,
        body: { title: 'Shop Listener Figure', category: 'Figures', price: 999, images: ['https://img.test/new.webp'] },
      });
      expect(added.status).toBe(201);
      const after = await get(shopServer, '/api/products?limit=2');
      expect(JSON.parse(text(after))[0].title).toBe('Shop Listener Figure');
      expect(t.responseCacheStats().entries.entries).toBe(1);
    } finally {
      shopServer.closeAllConnections();
      await new Promise((r) => shopServer.close(r));
    }
  });
});

describe('the response cache under a flood of distinct requests (decision 013)', () => {
  it('stays within its caps on entries and bytes (keys, headers and bodies counted), and still answers', async () => {
    const cache = createResponseCache({ fetch: t.app.fetch, cacheableQuery, version: t.catalogue.version, log: () => {}, maxEntries: 300, maxBytes: 1024 * 1024 });
    const flooded = http.createServer(cache(getRequestListener(t.app.fetch)));
    await listen(flooded);
    try {
      let most = { entries: 0, bytes: 0 };
      for (let i = 0; i < 1_500; i++) {
        const search = await get(flooded, `/api/products?q=${i.toString(36)}-${'x'.repeat(100)}`);
        expect(search.status).toBe(200);
        await get(flooded, '/api/categories', { 'accept-encoding': `gzip;q=0.${(i % 9) + 1}, x-${i}-${'y'.repeat(500)}` });
        await get(flooded, `/api/products?limit=1&p${i}=${'z'.repeat(2_000)}`);
        const { entries } = cache.stats();
        most = { entries: Math.max(most.entries, entries.entries), bytes: Math.max(most.bytes, entries.bytes) };
      }
      const { entries, strings } = cache.stats();
      expect(most.entries).toBeLessThanOrEqual(300);
      expect(most.bytes).toBeLessThanOrEqual(1024 * 1024);
      expect(entries.evictions).toBeGreaterThan(0);
      expect(strings.entries).toBeLessThanOrEqual(strings.maxEntries);
      expect(strings.bytes).toBeLessThanOrEqual(strings.maxBytes);
      expect((await get(flooded, '/api/categories', { 'accept-encoding': 'gzip' })).status).toBe(200);
    } finally {
      flooded.closeAllConnections();
      await new Promise((r) => flooded.close(r));
    }
  }, 120_000);
});
