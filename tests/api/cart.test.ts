import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let rina: { token: string; email: string };
let bob: { token: string; email: string };
let admin: string;
let fox: { _id: string; price: number; sizes: string[]; colors: string[]; title: string };
beforeEach(async () => {
  t = await createTestApp();
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  const r = await signUpCustomer(t, 'Rina', 'rina@example.com');
  const b = await signUpCustomer(t, 'Bob', 'bob@example.com');
  rina = { token: r.token, email: r.user.email };
  bob = { token: b.token, email: b.user.email };
  const list = await json(await call(t, 'GET', '/api/products?q=Sleepy Spirit Fox'));
  fox = list[0];
});
afterEach(() => t.close());

const add = (token: string | undefined, body: unknown) => call(t, 'POST', '/api/carts', { token, body });
const cartOf = async (who: { token: string; email: string }) => json(await call(t, 'GET', `/api/carts?email=${who.email}`, { token: who.token }));

describe('cart', () => {
  it('adds a line priced by the server from the catalogue, ignoring what the browser says', async () => {
    const res = await add(rina.token, {
      productId: fox._id,
      quantity: 3,
      size: '45 cm',
      color: 'White',
      title: 'Free stuff',
      price: 1,
      email: 'bob@example.com',
      image: 'https://evil.test/x.png',
      category: 'Nope',
    });
    expect(res.status).toBe(201);
    const { insertedId } = await json(res);
    expect(await cartOf(rina)).toEqual([
      {
        _id: insertedId,
        productId: fox._id,
        title: 'Sleepy Spirit Fox Plush',
        // The demo plush's Bengali title (issue 18): the web shows it in Bengali.
        titleBn: 'ঘুমকাতুরে শিয়াল পুতুল',
        quantity: 3,
        unitPrice: 1400,
        price: 4200,
        email: 'rina@example.com',
        image: expect.stringMatching(/^https:\/\/img\.test\//),
        category: 'Plush',
        size: '45 cm',
        color: 'White',
        // Their Bengali names (issue 33); size and color stay the keys.
        sizeBn: '৪৫ সেমি',
        colorBn: 'সাদা',
        available: true,
        // What a line of this choice can hold now (the demo plush's 45 cm / White).
        stock: 40,
      },
    ]);
    expect(await cartOf(bob)).toEqual([]);
  });

  it('adds the same product, size and color to one line, up to 99', async () => {
    const first = await json(await add(rina.token, { productId: fox._id, quantity: 2, size: '30 cm', color: 'Orange' }));
    const again = await add(rina.token, { productId: fox._id, quantity: 5, size: '30 cm', color: 'Orange' });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual({ insertedId: first.insertedId, merged: true });
    await add(rina.token, { productId: fox._id, quantity: 1, size: '45 cm', color: 'Orange' });
    const cart = await cartOf(rina);
    expect(cart.map((l: { size: string; quantity: number }) => [l.size, l.quantity])).toEqual([
      ['45 cm', 1],
      ['30 cm', 7],
    ]);
    const over = await add(rina.token, { productId: fox._id, quantity: 93, size: '30 cm', color: 'Orange' });
    expect(over.status).toBe(409);
    expect((await json(over)).error.code).toBe('cart/quantity-limit');
  });

  it.each([0, -1, 1.5, 100, 'abc', '2.5', null])('refuses the quantity %j', async (quantity) => {
    const res = await add(rina.token, { productId: fox._id, quantity, size: '', color: '' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.issues[0].path).toBe('quantity');
    expect(await cartOf(rina)).toEqual([]);
  });

  it('accepts only the product’s own sizes and colors (or none)', async () => {
    expect((await add(rina.token, { productId: fox._id, quantity: 1 })).status).toBe(201);
    for (const [size, color] of [
      ['XXL', 'White'],
      ['30 cm', 'Purple'],
    ]) {
      const res = await add(rina.token, { productId: fox._id, quantity: 1, size, color });
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('cart/invalid-choice');
    }
    const missing = await add(rina.token, { productId: '0123456789abcdef01234567', quantity: 1 });
    expect(missing.status).toBe(404);
  });

  it('is the caller’s own: another email is 403, another’s line cannot be deleted', async () => {
    expect((await call(t, 'GET', `/api/carts?email=${rina.email}`)).status).toBe(401);
    expect((await add(undefined, { productId: fox._id, quantity: 1 })).status).toBe(401);
    const { insertedId } = await json(await add(rina.token, { productId: fox._id, quantity: 1 }));
    const peek = await call(t, 'GET', `/api/carts?email=${rina.email}`, { token: bob.token });
    expect(peek.status).toBe(403);
    expect((await call(t, 'GET', `/api/carts?email=${rina.email}`, { token: admin })).status).toBe(403);

    const steal = await call(t, 'DELETE', `/api/carts/${insertedId}`, { token: bob.token });
    expect(steal.status).toBe(404);
    expect((await json(steal)).error.code).toBe('cart/line-not-found');
    expect(await cartOf(rina)).toHaveLength(1);
    expect(await json(await call(t, 'DELETE', `/api/carts/${insertedId}`, { token: rina.token }))).toEqual({ deletedCount: 1 });
    expect(await cartOf(rina)).toEqual([]);
  });

  it('shows the current catalogue price, and marks a deleted product unavailable', async () => {
    await add(rina.token, { productId: fox._id, quantity: 2 });
    await call(t, 'PATCH', `/api/products/${fox._id}`, {
      token: admin,
      body: { ...fox, price: 1500 },
    });
    expect((await cartOf(rina))[0]).toMatchObject({ unitPrice: 1500, price: 3000 });
    await call(t, 'DELETE', `/api/products/${fox._id}`, { token: admin });
    expect((await cartOf(rina))[0]).toMatchObject({ available: false, price: 0, title: 'No longer available' });
  });

  it('keeps quantities right under concurrent adds', async () => {
    const adds = Array.from({ length: 20 }, () => add(rina.token, { productId: fox._id, quantity: 2, size: '30 cm', color: 'White' }));
    const results = await Promise.all(adds);
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const cart = await cartOf(rina);
    expect(cart).toHaveLength(1);
    expect(cart[0].quantity).toBe(40);
  });
});
