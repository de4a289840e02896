import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiContentSecurityPolicy } from '../../src/app.js';
import { routeTable } from '../security/route-table.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The document is written from the same contracts the routes check requests with
// (docs/decisions/018-route-contracts.md): here it must be valid OpenAPI 3.1, name every route the
// app registers with its method and path, and give each its error answers.

type Operation = { summary?: string; responses: Record<string, unknown>; security?: unknown[]; parameters?: Array<{ name: string; in: string }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** app.routes' `:name{regex}` as OpenAPI writes it: `{name}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');

/** Every handler the app registers, by method and path; `ALL` entries are middleware and catch-alls. */
const registered = (routes: ReadonlyArray<{ method: string; path: string }>) =>
  [...new Set(routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`))].sort();

const documented = (doc: Document) =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

async function documentOf(t: TestApp) {
  const res = await t.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Document;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = await documentOf(t);
});
afterAll(() => t?.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names every route the app registers, with the same method and path, and no other (local sign-in)', () => {
    const served = registered(t.app.routes);
    expect(served.length).toBeGreaterThan(35);
    expect(served).toContain('POST /api/auth/login');
    expect(served).toContain('GET /uploads/{name}');
    expect(documented(doc)).toEqual(served);
  });

  it('names every route of the Firebase sign-in mode too', async () => {
    const fb = await createTestApp({ provider: 'firebase', firebase: { projectId: 'demo-openapi', apiKey: 'demo-key' } });
    try {
      const fbDoc = await documentOf(fb);
      const served = registered(fb.app.routes);
      expect(served).toContain('POST /api/jwt');
      expect(served).not.toContain('POST /api/auth/login');
      expect(documented(fbDoc)).toEqual(served);
    } finally {
      await fb.close();
    }
  });

  it('gives every route at least one error answer in the one error format, and a summary', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
        expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, answer] of errors) {
          const schema = (answer as { content: { 'application/json': { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } } } }).content['application/json'].schema;
          expect(schema.properties.error.properties.code.enum.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        }
        expect(op.summary, `${method} ${path}`).toBeTruthy();
      }
    }
  });

  it('lists the codes a route answers with under their statuses, and bearer security on guarded routes', () => {
    const codes = (path: string, method: string, status: number) =>
      (doc.paths[path]?.[method]?.responses[String(status)] as { content: { 'application/json': { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } } } })
        .content['application/json'].schema.properties.error.properties.code.enum;
    expect(codes('/api/products', 'post', 400)).toEqual(expect.arrayContaining(['http/validation', 'http/bad-json', 'catalogue/unknown-category']));
    expect(codes('/api/products', 'post', 415)).toEqual(['http/unsupported-media-type']);
    expect(codes('/api/products', 'post', 401)).toEqual(['auth/unauthenticated']);
    expect(codes('/api/products', 'post', 403)).toEqual(['auth/forbidden']);
    expect(codes('/api/products/{id}', 'get', 404)).toEqual(['catalogue/product-not-found']);
    expect(codes('/api/orders', 'post', 429)).toEqual(expect.arrayContaining(['ordering/too-many-pending', 'auth/rate-limited']));
    expect(doc.paths['/api/products']?.['post']?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/products']?.['get']?.security).toBeUndefined();
  });

  it("agrees with the written authorization table: bearer security where a visitor gets 401, 403 auth/forbidden where customers do", () => {
    const errorCodes = (op: Operation, status: number) =>
      (op.responses[String(status)] as { content: { 'application/json': { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } } } } | undefined)
        ?.content['application/json'].schema.properties.error.properties.code.enum ?? [];
    for (const row of routeTable.filter((r) => r.provider !== 'firebase')) {
      const op = doc.paths[openApiPath(row.path)]?.[row.method.toLowerCase()];
      const route = `${row.method} ${row.path}`;
      expect(op, route).toBeDefined();
      if (!op) continue;
      expect(op.security !== undefined, route).toBe(row.expect.visitor === 401);
      if (row.expect.customerA === 403 && row.expect.customerB === 403) expect(errorCodes(op, 403), route).toContain('auth/forbidden');
    }
  });

  it('documents the query of GET /api/products from its contract', () => {
    const params = doc.paths['/api/products']?.['get']?.parameters ?? [];
    expect(params.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(['category', 'inStock', 'limit', 'lowStock', 'maxPrice', 'minPrice', 'offset', 'q', 'related', 'sort']);
  });
});

describe('GET /api/docs', () => {
  it('answers the reference page inside a CSP of its own that loads nothing from elsewhere', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
    const html = await res.text();
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(html).not.toMatch(/<script>|https?:\/\//);
  });

  it('serves its scripts from this server; the other /api answers keep their own CSP', async () => {
    const start = await t.app.request('/api/docs/start.js');
    expect(start.status).toBe(200);
    expect(await start.text()).toContain('"url":"/api/openapi.json"');
    const bundle = await t.app.request('/api/docs/scalar.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    await bundle.body?.cancel();
    expect((await t.app.request('/api/docs/other.js')).status).toBe(404);
    expect((await t.app.request('/api/openapi.json')).headers.get('content-security-policy')).toBe(apiContentSecurityPolicy);
  });
});
