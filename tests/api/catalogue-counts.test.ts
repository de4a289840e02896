import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 20: a list's X-Total-Count is kept per filter until the catalogue changes (a write, a stock
// change), not counted again for every page (src/modules/catalogue/counted-products.ts).
let t: TestApp;
let admin: string;
const total = async (query = '') => {
  const res = await call(t, 'GET', `/api/products?limit=2${query}`);
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-total-count'));
};
const product = (title: string, stock: number) => ({
  title,
  description: 'Counted.',
  category: 'Count Goods',
  price: 900,
  sizes: [],
  colors: [],
  images: ['https://img.test/c.webp'],
  variants: [{ size: '', color: '', stock }],
});
const add = async (title: string, stock = 5) => {
  const res = await call(t, 'POST', '/api/products', { token: admin, body: product(title, stock) });
  expect(res.status).toBe(201);
  return ((await json(res)) as { insertedId: string }).insertedId;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Count Goods' } })).status).toBe(201);
  await add('Counted Mug');
  await add('Counted Cup');
});
afterAll(() => t.close());

describe('X-Total-Count', () => {
  it('is kept until the catalogue changes: a row removed behind the shop is still counted, the next write counts again', async () => {
    expect(await total()).toBe(2);
    expect(await total('&offset=1&sort=price_asc')).toBe(2);
    const gone = await add('Counted Plate');
    expect(await total()).toBe(3);
    // Not through the shop: its catalogue did not change, so the kept total stands (the page does not).
    await t.query('delete from product_variants where product_id = ?', gone);
    await t.query('delete from products where id = ?', gone);
    expect(await total()).toBe(3);
    expect(((await json(await call(t, 'GET', '/api/products?limit=10'))) as unknown[]).length).toBe(2);
    await add('Counted Bowl');
    expect(await total()).toBe(3);
  });

  it('moves with a product added or deleted, per filter', async () => {
    const before = await total('&category=Count%20Goods');
    const id = await add('Counted Jug');
    expect(await total('&category=Count%20Goods')).toBe(before + 1);
    expect(await total('&q=jug')).toBe(1);
    expect((await call(t, 'DELETE', `/api/products/${id}`, { token: admin })).status).toBe(200);
    expect(await total('&category=Count%20Goods')).toBe(before);
    expect(await total('&q=jug')).toBe(0);
  });

  it('moves when an order takes the last of a product (in stock)', async () => {
    const id = await add('Counted Last One', 1);
    const inStock = await total('&inStock=true');
    const res = await call(t, 'POST', '/api/orders', {
      token: admin,
      body: {
        name: 'Rina Akter',
        phone: '01712345678',
        address: 'House 5, Road 2, Dhanmondi',
        deliveryLocation: 'Inside Dhaka',
        paymentMethod: 'Cash On Delivery',
        items: [{ productId: id, quantity: 1, size: '', color: '' }],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await total('&inStock=true')).toBe(inStock - 1);
  });
});
