import { serve } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/http.js';
import { createTestApp, testSite, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/**
 * A real fault: the database is closed under the running shop (SQLite: both connections;
 * PostgreSQL: the pool is ended). Each engine names it its own way.
 */
async function closeDatabase(): Promise<RegExp> {
  const { database } = t;
  if (database.engine === 'postgres') {
    await database.handle.close();
    return /after calling end/i;
  }
  database.handle.sqlite.close();
  // Drizzle keeps the reader's better-sqlite3 connection as $client; the Db type does not say so.
  (database.reader as unknown as { $client: { close(): void } }).$client.close();
  return /not open/i;
}

describe('GET /api/health', () => {
  it('reports the server and the database as ok', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await json(res);
    expect(body).toMatchObject({ status: 'ok', server: { ok: true }, database: { ok: true } });
  });

  it('answers 503 naming the fault when the database is unusable', async () => {
    const fault = await closeDatabase();
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body.status).toBe('degraded');
    expect(body.database.ok).toBe(false);
    expect(body.database.error).toMatch(fault);
  });
});

describe('GET /api/categories', () => {
  it('lists the demo categories as { _id, category, categoryBn }, in the order a shopper sees them', async () => {
    await t.seedDemo();
    const res = await t.app.request('/api/categories');
    expect(res.status).toBe(200);
    const body = (await json(res)) as Array<{ _id: string; category: string }>;
    expect(body.map((c) => c.category)).toEqual(['Figures', 'Trading Cards', 'Apparel', 'Posters', 'Keychains', 'Plush']);
    for (const c of body) {
      // Every demo category has its Bengali name (issue 18); a category without one has no categoryBn.
      expect(Object.keys(c).sort()).toEqual(['_id', 'category', 'categoryBn']);
      expect(c._id).toMatch(/^[0-9a-f]{24}$/);
    }
  });

  it('is empty without demo data, and the demo is never inserted twice', async () => {
    expect(await json(await t.app.request('/api/categories'))).toEqual([]);
    expect(await t.seedDemo()).toEqual({ categories: 6, products: 40 });
    expect(await t.seedDemo()).toEqual({ categories: 0, products: 0 });
    expect(((await json(await t.app.request('/api/categories'))) as unknown[]).length).toBe(6);
  });
});

describe('GET /api/config', () => {
  it('gives the web app the shop name, contact and social links (no secrets)', async () => {
    const res = await t.app.request('/api/config');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ...testSite, auth: { provider: 'local', googleSignIn: false } });
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 in the error format', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/categories/x/y'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = await json(res);
      expect(body.error.code).toBe('http/not-found');
      expect(typeof body.error.message).toBe('string');
    }
  });

  it('answers a malformed JSON body with 400 and a code', async () => {
    for (const body of ['{bad', '{"a":', '[1,]', 'null null']) {
      const res = await t.app.request('/api/categories', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
      expect((await json(res)).error).toEqual({ code: 'http/bad-json', message: 'The request body is not valid JSON.' });
    }
  });

  it('refuses a body over the size limit with 413 in the error format', async () => {
    const small = await createTestApp({ bodyLimitBytes: 2048 });
    try {
      const res = await small.app.request('/api/categories', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '5000' },
        body: JSON.stringify({ category: 'x'.repeat(5000) }),
      });
      expect(res.status).toBe(413);
      expect((await json(res)).error.code).toBe('http/payload-too-large');
    } finally {
      await small.close();
    }
  });

  it('counts a body sent without Content-Length (chunked) and refuses it past the limit, as over real HTTP', async () => {
    const small = await createTestApp({ bodyLimitBytes: 2048 });
    const server = serve({ fetch: small.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const send = (text: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/api/categories', method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          req.on('error', reject);
          for (let i = 0; i < text.length; i += 500) req.write(text.slice(i, i + 500));
          req.end();
        });
      const big = await send(JSON.stringify({ category: 'x'.repeat(5000) }));
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body).error.code).toBe('http/payload-too-large');
      const fine = await send(JSON.stringify({ category: 'Posters' }));
      expect(fine.status).toBe(401);
      // A declared length over the limit is refused before the body is read.
      const declared = await small.app.request('/api/categories', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '2049' }, body: 'x'.repeat(2049) });
      expect(declared.status).toBe(413);
    } finally {
      server.close();
      await small.close();
    }
  });

  it('answers an unexpected fault with a 500 carrying a request id and no stack', async () => {
    // A real fault: the database is closed under the catalogue.
    await closeDatabase();
    const res = await t.app.request('/api/categories');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts:\d+|stack|TypeError/);
    const body = JSON.parse(text);
    expect(body.error.code).toBe('http/internal');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The stack goes to the log, for the self-hoster, with the same request id.
    expect(t.logger.lines.some((l) => l.includes(body.error.requestId) && l.includes('stack'))).toBe(true);
  });
});

describe('security basics', () => {
  it('sends the document security headers, with a CSP that forbids inline and foreign scripts, outside /api', async () => {
    const res = await t.app.request('/no-such-page');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('sends JSON answers a CSP that allows nothing and nosniff, and no document headers (decision 012)', async () => {
    for (const res of [
      await t.app.request('/api/categories'),
      await t.app.request('/api/no-such-route'),
      await t.app.request('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      for (const name of ['referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection', 'origin-agent-cluster']) {
        expect(res.headers.get(name)).toBeNull();
      }
    }
  });

  it('sends no CORS headers, not even to a foreign origin or a preflight', async () => {
    const get = await t.app.request('/api/categories', { headers: { origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.app.request('/api/categories', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('logs each request as one JSON line, never the Authorization header or the query string', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.secret-token-value.sig';
    await t.app.request('/api/categories?email=someone@example.com', { headers: { authorization: `Bearer ${token}` } });
    const lines = t.logger.lines.map((l) => JSON.parse(l));
    const entry = lines.find((l) => l.msg === 'request' && l.path === '/api/categories');
    expect(entry).toMatchObject({ level: 'info', method: 'GET', status: 200 });
    expect(typeof entry.reqId).toBe('string');
    const all = t.logger.lines.join('\n');
    expect(all).not.toContain('secret-token-value');
    expect(all.toLowerCase()).not.toContain('authorization');
    expect(all).not.toContain('someone@example.com');
  });
});
