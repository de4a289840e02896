import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 15, decision 028: placing an order takes its stock in the transaction of the Placed event,
// which records what it took; canceling or deleting a Pending order gives it back, and that event
// records what came back. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin: string;
type Who = { token: string; email: string };
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Cards' } })).status).toBe(201);
});
afterAll(() => t.close());

type VariantBody = { size: string; color: string; stock: number };
async function product(title: string, sizes: string[], colors: string[], variants: VariantBody[], price = 1000) {
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title, description: '', category: 'Cards', price, sizes, colors, images: ['https://img.test/p.webp'], variants },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).insertedId as string;
}
const variantsOf = async (id: string): Promise<VariantBody[]> => (await json(await call(t, 'GET', `/api/products/${id}`))).variants;
const stockOf = async (id: string, size = '', color = '') => (await variantsOf(id)).find((v) => v.size === size && v.color === color)?.stock;

async function customer(): Promise<Who> {
  serial += 1;
  const c = await signUpCustomer(t, `Buyer ${serial}`, `stock-buyer${serial}@example.com`);
  return { token: c.token, email: c.user.email };
}
const addToCart = (who: Who, productId: string, quantity: number, size = '', color = '') =>
  call(t, 'POST', '/api/carts', { token: who.token, body: { productId, quantity, size, color } });
const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const order = (who: Who, body: Record<string, unknown> = {}, key?: string) =>
  call(t, 'POST', '/api/orders', { token: who.token, body: { ...checkout, ...body }, headers: key ? { 'idempotency-key': key } : {} });
const orderNow = (who: Who, productId: string, quantity: number, size = '', color = '') => order(who, { items: [{ productId, size, color, quantity }] });
const placedId = async (res: Response) => {
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).insertedId as string;
};
const eventsOf = async (who: string, orderId: string) => json(await call(t, 'GET', `/api/orders/${orderId}/events`, { token: who }));
const cartOf = async (who: Who) => json(await call(t, 'GET', `/api/carts?email=${who.email}`, { token: who.token }));
const eventCount = () => t.value('select count(*) from order_events');

describe('placing an order takes its stock', () => {
  it('takes each cart line from its variant, and the Placed event records what it took', async () => {
    const tee = await product('Fox Tee', ['M', 'L'], ['Red'], [{ size: 'M', color: 'Red', stock: 3 }, { size: 'L', color: 'Red', stock: 5 }]);
    const rina = await customer();
    expect((await addToCart(rina, tee, 2, 'M', 'Red')).status).toBe(201);
    expect((await addToCart(rina, tee, 1, 'L', 'Red')).status).toBe(201);
    const id = await placedId(await order(rina));
    expect(await variantsOf(tee)).toEqual([
      { size: 'M', color: 'Red', stock: 1 },
      { size: 'L', color: 'Red', stock: 4 },
    ]);
    const events = await eventsOf(rina.token, id);
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('Placed');
    // In any order, lines and keys alike (the log stores canonical JSON, keys sorted: issue 20).
    expect(events[0].stock).toHaveLength(2);
    expect(events[0].stock).toEqual(expect.arrayContaining([{ productId: tee, size: 'M', color: 'Red', quantity: 2 }, { productId: tee, size: 'L', color: 'Red', quantity: 1 }]));
  });

  it('refuses a cart line over the stock with a 409 and its message, and keeps the cart and the stock as they were', async () => {
    const box = await product('Last Booster Box', [], [], [{ size: '', color: '', stock: 1 }]);
    const plush = await product('Slime Plush', [], [], [{ size: '', color: '', stock: 4 }]);
    const [rina, bob] = [await customer(), await customer()];
    expect((await addToCart(rina, box, 1)).status).toBe(201);
    expect((await addToCart(bob, plush, 2)).status).toBe(201);
    expect((await addToCart(bob, box, 1)).status).toBe(201);
    await placedId(await order(rina));
    expect(await stockOf(box)).toBe(0);

    const before = await eventCount();
    const refused = await order(bob);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toEqual({
      code: 'ordering/out-of-stock',
      message: 'Last Booster Box is sold out. Change the quantity in your cart, then order again.',
    });
    // The plush line's take was undone with the rest of the order; nothing was written.
    expect(await stockOf(plush)).toBe(4);
    expect(await eventCount()).toBe(before);
    expect(await cartOf(bob)).toHaveLength(2);
  });

  it('Order Now over the stock says how many are left, without the cart sentence', async () => {
    const tee = await product('Wolf Tee', ['M'], ['Red', 'Blue'], [{ size: 'M', color: 'Red', stock: 2 }, { size: 'M', color: 'Blue', stock: 0 }]);
    const rina = await customer();
    const res = await orderNow(rina, tee, 3, 'M', 'Red');
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('Only 2 of Wolf Tee (M, Red) are left.');
    const sold = await orderNow(rina, tee, 1, 'M', 'Blue');
    expect((await json(sold)).error).toEqual({ code: 'ordering/out-of-stock', message: 'Wolf Tee (M, Blue) is sold out.' });
    await placedId(await orderNow(rina, tee, 2, 'M', 'Red'));
    expect(await variantsOf(tee)).toEqual([
      { size: 'M', color: 'Red', stock: 0 },
      { size: 'M', color: 'Blue', stock: 0 },
    ]);
  });

  it('an open size or color takes the whole line from the first matching variant that holds it', async () => {
    const cap = await product('Dragon Cap', ['S', 'M'], ['Black'], [{ size: 'S', color: 'Black', stock: 1 }, { size: 'M', color: 'Black', stock: 3 }]);
    const rina = await customer();
    const id = await placedId(await orderNow(rina, cap, 2));
    expect(await variantsOf(cap)).toEqual([
      { size: 'S', color: 'Black', stock: 1 },
      { size: 'M', color: 'Black', stock: 1 },
    ]);
    expect((await eventsOf(rina.token, id))[0].stock).toEqual([{ productId: cap, size: 'M', color: 'Black', quantity: 2 }]);
    // One line never splits over variants: 2 more are not in any one of them.
    expect((await json(await orderNow(rina, cap, 2))).error.message).toBe('Only 1 of Dragon Cap is left.');
  });

  it('a replayed Idempotency-Key takes nothing twice', async () => {
    const fig = await product('Kitsune Figure', [], [], [{ size: '', color: '', stock: 5 }]);
    const rina = await customer();
    const body = { items: [{ productId: fig, size: '', color: '', quantity: 2 }] };
    const first = await order(rina, body, 'stock-replay-1');
    const again = await order(rina, body, 'stock-replay-1');
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(await stockOf(fig)).toBe(3);
  });

  it('product answers show the stock an order took at once (the catalogue version moves)', async () => {
    const fig = await product('Tanuki Figure', [], [], [{ size: '', color: '', stock: 6 }]);
    const first = await call(t, 'GET', `/api/products/${fig}`);
    const tag = first.headers.get('etag');
    expect((await json(first)).variants[0].stock).toBe(6);
    await placedId(await orderNow(await customer(), fig, 4));
    const after = await call(t, 'GET', `/api/products/${fig}`, { headers: tag ? { 'if-none-match': tag } : {} });
    expect(after.status).toBe(200);
    expect((await json(after)).variants[0].stock).toBe(2);
    const listed = await json(await call(t, 'GET', '/api/products?q=tanuki'));
    expect(listed[0].variants[0].stock).toBe(2);
  });
});

describe('canceling or deleting a Pending order gives its stock back', () => {
  async function placed(stock = 4, quantity = 3) {
    serial += 1;
    const fig = await product(`Returning Figure ${serial}`, ['M'], [], [{ size: 'M', color: '', stock }]);
    const rina = await customer();
    const id = await placedId(await orderNow(rina, fig, quantity, 'M'));
    expect(await stockOf(fig, 'M')).toBe(stock - quantity);
    return { fig, rina, id };
  }
  const patch = (id: string, status: string) => call(t, 'PATCH', `/api/orders/${id}`, { token: admin, body: { status } });
  const remove = (id: string, token = admin) => call(t, 'DELETE', `/api/orders/${id}`, { token });

  it('an admin cancel gives it back and its event records what came back; a later delete gives nothing twice', async () => {
    const { fig, id } = await placed();
    expect((await patch(id, 'Canceled')).status).toBe(200);
    expect(await stockOf(fig, 'M')).toBe(4);
    expect((await remove(id)).status).toBe(200);
    expect(await stockOf(fig, 'M')).toBe(4);
    const events = await eventsOf(admin, id);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['Placed', 'Canceled', 'Deleted']);
    expect(events[1].stock).toEqual([{ productId: fig, size: 'M', color: '', quantity: 3 }]);
    expect(events[2].stock).toBeUndefined();
  });

  it("the customer's own cancel gives it back", async () => {
    const { fig, rina, id } = await placed();
    expect((await remove(id, rina.token)).status).toBe(200);
    expect(await stockOf(fig, 'M')).toBe(4);
    const events = await eventsOf(rina.token, id);
    expect(events[1]).toMatchObject({ type: 'CanceledByCustomer', stock: [{ productId: fig, size: 'M', color: '', quantity: 3 }] });
  });

  it('an admin delete of a Pending order gives it back', async () => {
    const { fig, id } = await placed();
    expect((await remove(id)).status).toBe(200);
    expect(await stockOf(fig, 'M')).toBe(4);
    expect((await eventsOf(admin, id))[1]).toMatchObject({ type: 'Deleted', stock: [{ productId: fig, size: 'M', color: '', quantity: 3 }] });
  });

  it("a Confirmed order's stock stays sold, deleted or not", async () => {
    const { fig, id } = await placed();
    expect((await patch(id, 'Confirmed')).status).toBe(200);
    expect((await remove(id)).status).toBe(200);
    expect(await stockOf(fig, 'M')).toBe(1);
    const events = await eventsOf(admin, id);
    expect(events.map((e: { stock?: unknown }) => e.stock)).toEqual([[{ productId: fig, size: 'M', color: '', quantity: 3 }], undefined, undefined]);
  });

  it('a variant removed since gets nothing back, and the cancel still succeeds and says so', async () => {
    const { fig, id } = await placed();
    const product = await json(await call(t, 'GET', `/api/products/${fig}`));
    const changed = await call(t, 'PATCH', `/api/products/${fig}`, {
      token: admin,
      body: { title: product.title, description: '', category: 'Cards', price: 1000, sizes: ['L'], colors: [], images: product.images, variants: [{ size: 'L', color: '', stock: 2 }] },
    });
    expect(changed.status).toBe(200);
    expect((await patch(id, 'Canceled')).status).toBe(200);
    expect(await variantsOf(fig)).toEqual([{ size: 'L', color: '', stock: 2 }]);
    expect((await eventsOf(admin, id))[1]).toMatchObject({ type: 'Canceled', stock: [] });
  });

  it('a product deleted since: the cancel succeeds, nothing comes back', async () => {
    const { fig, id } = await placed();
    expect((await call(t, 'DELETE', `/api/products/${fig}`, { token: admin })).status).toBe(200);
    expect((await patch(id, 'Canceled')).status).toBe(200);
    expect((await eventsOf(admin, id))[1]).toMatchObject({ type: 'Canceled', stock: [] });
  });

  it('gives back up to the most a variant may hold, never more', async () => {
    const { fig, id } = await placed(100_000, 5);
    const product = await json(await call(t, 'GET', `/api/products/${fig}`));
    const refill = await call(t, 'PATCH', `/api/products/${fig}`, {
      token: admin,
      body: { title: product.title, description: '', category: 'Cards', price: 1000, sizes: ['M'], colors: [], images: product.images, variants: [{ size: 'M', color: '', stock: 100_000 }] },
    });
    expect(refill.status).toBe(200);
    expect((await patch(id, 'Canceled')).status).toBe(200);
    expect(await stockOf(fig, 'M')).toBe(100_000);
  });
});

describe('the order log with stock in it', () => {
  it('verifies whole: the listing holds all but the stock taken, which only the log keeps', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
    expect(report.orderCount).toBeGreaterThan(10);
  });
});
