import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 15: a cart line never holds more than its size and color have in stock now; the shopper
// changes a line's quantity in the cart (PATCH /api/carts/:id) and sees each line's stock.
let t: TestApp;
let admin: string;
let rina: { token: string; email: string };
let bob: { token: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Cards' } })).status).toBe(201);
  const r = await signUpCustomer(t, 'Rina', 'rina@example.com');
  const b = await signUpCustomer(t, 'Bob', 'bob@example.com');
  rina = { token: r.token, email: r.user.email };
  bob = { token: b.token, email: b.user.email };
});
afterAll(() => t.close());

let made = 0;
/** A product of its own per test: Booster Box N, sizes S and M, color Red, with the stock given. */
async function product(stock: { S: number; M: number }) {
  const title = `Booster Box ${++made}`;
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: {
      title,
      description: '',
      category: 'Cards',
      price: 500,
      sizes: ['S', 'M'],
      colors: ['Red'],
      images: ['https://img.test/box.webp'],
      variants: [
        { size: 'S', color: 'Red', stock: stock.S },
        { size: 'M', color: 'Red', stock: stock.M },
      ],
    },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return { id: (await json(res)).insertedId as string, title };
}

type Who = { token: string; email: string };
const add = (who: Who, body: Record<string, unknown>) => call(t, 'POST', '/api/carts', { token: who.token, body: { size: '', color: '', ...body } });
const change = (who: Who | undefined, id: string, body: unknown) => call(t, 'PATCH', `/api/carts/${id}`, { token: who?.token, body });
type Line = { _id: string; productId: string; size: string; quantity: number; price: number; stock: number };
const linesOf = async (who: Who, productId: string): Promise<Line[]> =>
  ((await json(await call(t, 'GET', `/api/carts?email=${who.email}`, { token: who.token }))) as Line[]).filter((l) => l.productId === productId);

describe('adding to the cart checks stock', () => {
  it('refuses more than the choice has with 409 cart/out-of-stock and stores nothing', async () => {
    const box = await product({ S: 2, M: 0 });
    const res = await add(rina, { productId: box.id, quantity: 3, size: 'S', color: 'Red' });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: 'cart/out-of-stock', message: `Only 2 of ${box.title} (S, Red) are left.` });
    const soldOut = await add(rina, { productId: box.id, quantity: 1, size: 'M', color: 'Red' });
    expect(soldOut.status).toBe(409);
    expect((await json(soldOut)).error.message).toBe(`${box.title} (M, Red) is sold out.`);
    expect(await linesOf(rina, box.id)).toEqual([]);
    expect((await add(rina, { productId: box.id, quantity: 2, size: 'S', color: 'Red' })).status).toBe(201);
  });

  it('refuses a merge that would go over stock, saying how many the cart already has, and keeps the line as it was', async () => {
    const box = await product({ S: 3, M: 5 });
    expect((await add(rina, { productId: box.id, quantity: 2, size: 'S', color: 'Red' })).status).toBe(201);
    const over = await add(rina, { productId: box.id, quantity: 2, size: 'S', color: 'Red' });
    expect(over.status).toBe(409);
    expect((await json(over)).error).toEqual({ code: 'cart/out-of-stock', message: `Only 3 of ${box.title} (S, Red) are left. Your cart already has 2.` });
    expect((await linesOf(rina, box.id)).map((l) => l.quantity)).toEqual([2]);
    const upTo = await add(rina, { productId: box.id, quantity: 1, size: 'S', color: 'Red' });
    expect(upTo.status).toBe(200);
    expect((await linesOf(rina, box.id)).map((l) => l.quantity)).toEqual([3]);
  });

  it('an open size takes the most of any one matching variant', async () => {
    const box = await product({ S: 2, M: 4 });
    expect((await add(rina, { productId: box.id, quantity: 5, color: 'Red' })).status).toBe(409);
    expect((await add(rina, { productId: box.id, quantity: 4, color: 'Red' })).status).toBe(201);
  });
});

describe('PATCH /api/carts/:id', () => {
  it('sets the quantity of the caller\'s own line; the price follows', async () => {
    const box = await product({ S: 5, M: 5 });
    const { insertedId } = await json(await add(rina, { productId: box.id, quantity: 1, size: 'S', color: 'Red' }));
    const res = await change(rina, insertedId, { quantity: 4 });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ modifiedCount: 1, quantity: 4 });
    expect(await linesOf(rina, box.id)).toEqual([expect.objectContaining({ _id: insertedId, quantity: 4, price: 2000 })]);
    expect((await change(rina, insertedId, { quantity: 1 })).status).toBe(200);
    expect((await linesOf(rina, box.id))[0]!.quantity).toBe(1);
  });

  it('answers 404 cart/line-not-found for another customer\'s line and a missing one, changing nothing', async () => {
    const box = await product({ S: 5, M: 5 });
    const { insertedId } = await json(await add(rina, { productId: box.id, quantity: 2, size: 'S', color: 'Red' }));
    for (const [who, id] of [[bob, insertedId], [{ token: admin, email: '' }, insertedId], [rina, 'a'.repeat(24)], [rina, 'nope\u0000']] as const) {
      const res = await change(who, id, { quantity: 3 });
      expect(res.status).toBe(404);
      expect((await json(res)).error.code).toBe('cart/line-not-found');
    }
    expect((await change(undefined, insertedId, { quantity: 3 })).status).toBe(401);
    expect((await linesOf(rina, box.id))[0]!.quantity).toBe(2);
  });

  it('takes the quantity as whole-number text, as the original client sends it (issue 19)', async () => {
    const box = await product({ S: 5, M: 5 });
    const { insertedId } = await json(await add(rina, { productId: box.id, quantity: 2, size: 'S', color: 'Red' }));
    expect((await change(rina, insertedId, { quantity: '3' })).status).toBe(200);
    expect((await linesOf(rina, box.id))[0]!.quantity).toBe(3);
  });

  it.each([0, 100, 1.5, -1, '2.5', 'abc', null])('refuses the quantity %j with 400', async (quantity) => {
    const box = await product({ S: 5, M: 5 });
    const { insertedId } = await json(await add(rina, { productId: box.id, quantity: 2, size: 'S', color: 'Red' }));
    const res = await change(rina, insertedId, { quantity });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('http/validation');
    expect(error.issues[0].path).toBe('quantity');
    expect((await linesOf(rina, box.id))[0]!.quantity).toBe(2);
  });

  it('refuses more than is in stock with 409 cart/out-of-stock, changing nothing', async () => {
    const box = await product({ S: 3, M: 0 });
    const { insertedId } = await json(await add(rina, { productId: box.id, quantity: 1, size: 'S', color: 'Red' }));
    const res = await change(rina, insertedId, { quantity: 4 });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: 'cart/out-of-stock', message: `Only 3 of ${box.title} (S, Red) are left.` });
    expect((await linesOf(rina, box.id))[0]!.quantity).toBe(1);
    expect((await change(rina, insertedId, { quantity: 3 })).status).toBe(200);
  });

  it('answers 404 cart/product-not-found for a line whose product is gone', async () => {
    const box = await product({ S: 3, M: 3 });
    const { insertedId } = await json(await add(rina, { productId: box.id, quantity: 1, size: 'S', color: 'Red' }));
    expect((await call(t, 'DELETE', `/api/products/${box.id}`, { token: admin })).status).toBe(200);
    const res = await change(rina, insertedId, { quantity: 2 });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('cart/product-not-found');
  });
});

describe('GET /api/carts', () => {
  it('shows how many each line\'s choice can hold now, 0 once the product is gone', async () => {
    const box = await product({ S: 4, M: 1 });
    await add(bob, { productId: box.id, quantity: 1, size: 'S', color: 'Red' });
    await add(bob, { productId: box.id, quantity: 1, size: 'M', color: 'Red' });
    const stockOf = async () => Object.fromEntries((await linesOf(bob, box.id)).map((l) => [l.size, l.stock]));
    expect(await stockOf()).toEqual({ S: 4, M: 1 });
    const patched = await call(t, 'PATCH', `/api/products/${box.id}`, {
      token: admin,
      body: {
        title: box.title,
        description: '',
        category: 'Cards',
        price: 500,
        sizes: ['S', 'M'],
        colors: ['Red'],
        images: ['https://img.test/box.webp'],
        variants: [
          { size: 'S', color: 'Red', stock: 0 },
          { size: 'M', color: 'Red', stock: 7 },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(await stockOf()).toEqual({ S: 0, M: 7 });
    expect((await call(t, 'DELETE', `/api/products/${box.id}`, { token: admin })).status).toBe(200);
    expect(await stockOf()).toEqual({ S: 0, M: 0 });
  });
});
