import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 15: admins set stock per size x color; a product saved without it gets DEFAULT_STOCK.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { DEFAULT_STOCK: '7' } });
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Fox Figure',
  description: '',
  category: 'Figures',
  price: 1000,
  sizes: ['S', 'M'],
  colors: ['Red'],
  images: ['https://img.test/fox.webp'],
  ...over,
});
const add = async (over: Record<string, unknown> = {}) => {
  const res = await call(t, 'POST', '/api/products', { token: admin, body: body(over) });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).insertedId as string;
};
const variantsOf = async (id: string) => (await json(await call(t, 'GET', `/api/products/${id}`))).variants;

describe('stock per variant', () => {
  it('stores the variants sent, in sizes x colors order whatever order they came in', async () => {
    const id = await add({ variants: [{ size: 'M', color: 'Red', stock: 2 }, { size: 'S', color: 'Red', stock: 0 }] });
    expect(await variantsOf(id)).toEqual([
      { size: 'S', color: 'Red', stock: 0 },
      { size: 'M', color: 'Red', stock: 2 },
    ]);
  });

  it('gives DEFAULT_STOCK to each combination of a product saved without variants (an older client)', async () => {
    const id = await add({ sizes: [], colors: ['Red', 'Blue'] });
    expect(await variantsOf(id)).toEqual([
      { size: '', color: 'Red', stock: 7 },
      { size: '', color: 'Blue', stock: 7 },
    ]);
    const plain = await add({ sizes: [], colors: [] });
    expect(await variantsOf(plain)).toEqual([{ size: '', color: '', stock: 7 }]);
  });

  it('PATCH without variants keeps the stock of the combinations that remain; new ones get the default, gone ones go', async () => {
    const id = await add({ variants: [{ size: 'S', color: 'Red', stock: 1 }, { size: 'M', color: 'Red', stock: 2 }] });
    const res = await call(t, 'PATCH', `/api/products/${id}`, { token: admin, body: body({ sizes: ['M', 'L'] }) });
    expect(res.status).toBe(200);
    expect(await variantsOf(id)).toEqual([
      { size: 'M', color: 'Red', stock: 2 },
      { size: 'L', color: 'Red', stock: 7 },
    ]);
    expect(await t.value('select count(*) as count from product_variants where product_id = ?', id)).toBe(2);
    const set = await call(t, 'PATCH', `/api/products/${id}`, { token: admin, body: body({ sizes: ['M', 'L'], variants: [{ size: 'M', color: 'Red', stock: 0 }, { size: 'L', color: 'Red', stock: 100000 }] }) });
    expect(set.status).toBe(200);
    expect(await variantsOf(id)).toEqual([
      { size: 'M', color: 'Red', stock: 0 },
      { size: 'L', color: 'Red', stock: 100000 },
    ]);
  });

  it.each([
    ['a combination missing', [{ size: 'S', color: 'Red', stock: 1 }], /M \/ Red is missing/],
    ['a combination the product has not', [{ size: 'S', color: 'Red', stock: 1 }, { size: 'M', color: 'Red', stock: 1 }, { size: 'XL', color: 'Red', stock: 1 }], /XL \/ Red is not a size and color/],
    ['a combination twice', [{ size: 'S', color: 'Red', stock: 1 }, { size: 'S', color: 'Red', stock: 2 }, { size: 'M', color: 'Red', stock: 1 }], /listed twice/],
    ['negative stock', [{ size: 'S', color: 'Red', stock: -1 }, { size: 'M', color: 'Red', stock: 1 }], /cannot be negative/],
    ['fractional stock', [{ size: 'S', color: 'Red', stock: 1.5 }, { size: 'M', color: 'Red', stock: 1 }], /whole number/],
    ['absurd stock', [{ size: 'S', color: 'Red', stock: 100001 }, { size: 'M', color: 'Red', stock: 1 }], /at most 100000/],
    ['not a list', 'lots', /list/],
  ])('refuses %s with 400, storing nothing', async (_name, variants, message) => {
    const before = await t.value('select count(*) as count from products');
    const res = await call(t, 'POST', '/api/products', { token: admin, body: body({ variants }) });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('http/validation');
    expect(JSON.stringify(error)).toMatch(message);
    expect(await t.value('select count(*) as count from products')).toBe(before);
  });

  it('refuses more than 100 size x color combinations', async () => {
    const res = await call(t, 'POST', '/api/products', { token: admin, body: body({ sizes: Array.from({ length: 11 }, (_, i) => `S${i}`), colors: Array.from({ length: 10 }, (_, i) => `C${i}`) }) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toMatch(/at most 100 size and color combinations/);
  });

  it('gives products from before stock existed the default at start, once', async () => {
    const id = await add({ variants: [{ size: 'S', color: 'Red', stock: 3 }, { size: 'M', color: 'Red', stock: 4 }] });
    await t.query('delete from product_variants where product_id = ?', id);
    expect(await variantsOf(id)).toEqual([
      { size: 'S', color: 'Red', stock: 0 },
      { size: 'M', color: 'Red', stock: 0 },
    ]);
    expect(await t.catalogue.giveDefaultStock()).toBe(1);
    expect(await variantsOf(id)).toEqual([
      { size: 'S', color: 'Red', stock: 7 },
      { size: 'M', color: 'Red', stock: 7 },
    ]);
    expect(await t.catalogue.giveDefaultStock()).toBe(0);
  });
});
