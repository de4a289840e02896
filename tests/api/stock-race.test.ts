import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, testEngine, type TestApp } from '../support/test-app.js';

// Issue 15: concurrent orders for the last items never oversell. Every order here arrives at once,
// through the real HTTP app and group commit, on SQLite and (vitest.postgres.config.ts) on
// PostgreSQL; tests/postgres/multi-process.test.ts races three processes on one database.
let t: TestApp;
let admin: string;
type Who = { token: string; email: string };
const buyers: Who[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Cards' } })).status).toBe(201);
  for (let i = 0; i < 8; i++) {
    const c = await signUpCustomer(t, `Racer ${i}`, `racer${i}@example.com`);
    buyers.push({ token: c.token, email: c.user.email });
  }
});
afterAll(() => t.close());

async function product(title: string, stock: number) {
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title, description: '', category: 'Cards', price: 5000, sizes: [], colors: [], images: ['https://img.test/box.webp'], variants: [{ size: '', color: '', stock }] },
  });
  expect(res.status).toBe(201);
  return (await json(res)).insertedId as string;
}
const checkout = { name: 'Racer', phone: '01812345678', address: 'House 1, Road 1, Mirpur', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const order = (who: Who, body: Record<string, unknown> = {}) => call(t, 'POST', '/api/orders', { token: who.token, body: { ...checkout, ...body } });
const stockOf = async (id: string) => (await json(await call(t, 'GET', `/api/products/${id}`))).variants[0].stock as number;
const sorted = (statuses: number[]) => [...statuses].sort();

describe(`the last items, ordered at once (${testEngine})`, () => {
  it('eight carts holding the last booster box: exactly one order is placed, the others are told it is sold out', async () => {
    const box = await product('Last Booster Box', 1);
    for (const buyer of buyers) expect((await call(t, 'POST', '/api/carts', { token: buyer.token, body: { productId: box, quantity: 1 } })).status).toBe(201);
    const eventsBefore = Number(await t.value('select count(*) from order_events'));
    const answers = await Promise.all(buyers.map((buyer) => order(buyer)));
    expect(sorted(answers.map((a) => a.status))).toEqual([201, ...Array(7).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect((await json(refused)).error).toEqual({ code: 'ordering/out-of-stock', message: 'Last Booster Box is sold out. Change the quantity in your cart, then order again.' });
    }
    expect(await stockOf(box)).toBe(0);
    expect(Number(await t.value('select count(*) from order_events'))).toBe(eventsBefore + 1);
  });

  it('three left, eight Order Now at once: exactly three are placed, and the stock ends at 0, never below', async () => {
    const figure = await product('Limited Figure', 3);
    const answers = await Promise.all(buyers.map((buyer) => order(buyer, { items: [{ productId: figure, size: '', color: '', quantity: 1 }] })));
    expect(sorted(answers.map((a) => a.status))).toEqual([201, 201, 201, ...Array(5).fill(409)]);
    expect(await stockOf(figure)).toBe(0);
  });

  it('orders, cancels and a restock racing: the stock ends at what the log says', async () => {
    const card = await product('Holo Card', 4);
    const first = await Promise.all(buyers.slice(0, 4).map((buyer) => order(buyer, { items: [{ productId: card, size: '', color: '', quantity: 1 }] })));
    expect(first.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(first.map(async (a) => (await json(a)).insertedId as string));
    // Two cancels and four new orders at once: at most the two canceled come back in time.
    const mixed = await Promise.all([
      call(t, 'PATCH', `/api/orders/${ids[0]}`, { token: admin, body: { status: 'Canceled' } }),
      call(t, 'DELETE', `/api/orders/${ids[1]}`, { token: buyers[1]!.token }),
      ...buyers.slice(4).map((buyer) => order(buyer, { items: [{ productId: card, size: '', color: '', quantity: 1 }] })),
    ]);
    expect(mixed.slice(0, 2).map((a) => a.status)).toEqual([200, 200]);
    const placedNow = mixed.slice(2).filter((a) => a.status === 201).length;
    expect(mixed.slice(2).every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(placedNow).toBeLessThanOrEqual(2);
    expect(await stockOf(card)).toBe(4 - 4 + 2 - placedNow);
  });
});
