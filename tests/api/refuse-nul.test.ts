import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// PostgreSQL's text cannot hold U+0000, SQLite's can: the API refuses it on both engines alike,
// before any route runs (src/platform/http/refuse-nul.ts).

let t: TestApp;
let admin: string;
let customer: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  customer = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
});
afterEach(() => t.close());

const refusal = { error: { code: 'http/validation', message: 'Text may not contain the NUL character.' } };

/** A JSON body written by hand, so it can spell escapes JSON.stringify would not. */
const rawJson = (path: string, body: string, token = admin) =>
  t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });

const categories = async () => (await json(await call(t, 'GET', '/api/categories'))).map((c: { category: string }) => c.category);

describe('the NUL character', () => {
  it('is refused in a JSON body: a value, a value deep in arrays, a key; nothing is stored', async () => {
    for (const body of [
      { category: 'Fig\u0000ures' },
      { category: '\u0000' },
      { category: 'Figures', extra: { list: ['ok', ['deeper\u0000']] } },
      { category: 'Figures', 'k\u0000ey': 1 },
    ]) {
      const res = await call(t, 'POST', '/api/categories', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toEqual(refusal);
    }
    // Also as sent by hand, in a JSON type with a suffix, and before the route's own guard.
    const byHand = await rawJson('/api/categories', '{"category":"a\\u0000b"}');
    expect(byHand.status).toBe(400);
    expect(await json(byHand)).toEqual(refusal);
    const suffixed = await t.app.request('/api/categories', {
      method: 'POST',
      headers: { 'content-type': 'application/merge-patch+json', authorization: `Bearer ${admin}` },
      body: '{"category":"\\u0000"}',
    });
    expect(await json(suffixed)).toEqual(refusal);
    const anonymous = await call(t, 'POST', '/api/categories', { body: { category: 'x\u0000' } });
    expect(anonymous.status).toBe(400);
    expect(await json(anonymous)).toEqual(refusal);
    expect(await categories()).toEqual([]);
  });

  it('is refused in a product\'s lists and a sign-up, as everywhere else', async () => {
    expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
    const product = { title: 'Fox', description: 'A fox.', category: 'Figures', price: 100, sizes: ['M\u0000'], colors: [], images: ['https://i.ibb.co/abc/fox.webp'] };
    const res = await call(t, 'POST', '/api/products', { token: admin, body: product });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual(refusal);
    const signUp = await call(t, 'POST', '/api/auth/signup', { body: { name: 'Mal\u0000lory', email: 'mallory@example.com', password: 'Sakura#2026' } });
    expect(signUp.status).toBe(400);
    expect(await json(signUp)).toEqual(refusal);
    expect((await call(t, 'GET', '/api/products')).headers.get('x-total-count')).toBe('0');
  });

  it('is refused in a query string, as a value or a name', async () => {
    for (const path of ['/api/products?q=%00', '/api/products?q=fox%00', '/api/products?%00=1', '/api/products?category=Figures&q=a%00']) {
      const res = await call(t, 'GET', path);
      expect(res.status, path).toBe(400);
      expect(await json(res)).toEqual(refusal);
    }
  });

  it('in a path parameter finds nothing, on either engine (no stored key can hold it)', async () => {
    for (const [method, path, code] of [
      ['GET', '/api/products/%00', 'catalogue/product-not-found'],
      ['GET', '/api/coupon/EID%00', 'promotions/coupon-not-found'],
      ['DELETE', '/api/coupons/%00', 'promotions/coupon-not-found'],
      ['DELETE', '/api/carts/%00', 'cart/line-not-found'],
    ] as const) {
      const res = await call(t, method, path, { token: method === 'DELETE' && path.startsWith('/api/coupons') ? admin : customer });
      expect(res.status, path).toBe(404);
      expect((await json(res)).error.code, path).toBe(code);
    }
    expect(await json(await call(t, 'GET', '/api/users/admin/boss%00@shop.test', { token: admin }))).toEqual({ admin: false });
  });

  it('is not what a spelled-out backslash, "%2500" or a NUL-free body are: those pass as before', async () => {
    // An escaped backslash followed by "u0000" is six ordinary characters.
    const literal = await rawJson('/api/categories', '{"category":"a\\\\u0000"}');
    expect(literal.status).toBe(201);
    expect(await categories()).toEqual(['a\\u0000']);
    const search = await call(t, 'GET', '/api/products?q=%2500');
    expect(search.status).toBe(200);
    // Malformed JSON is still answered as such, not as a NUL.
    const malformed = await rawJson('/api/categories', '{"category":"\\u0000"');
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.code).toBe('http/bad-json');
  });

  it('does not look inside multipart uploads: an image\'s bytes hold NULs', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000000' } }).png().toBuffer();
    expect(png.includes(0)).toBe(true);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)]), 'black.png');
    const res = await t.app.request('/api/images?x=1', { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(201);
  });
});
