import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { parseCsv } from '../support/parse-csv.js';
import { pdfPages } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 33, point 1: a line added or ordered with no size or color chosen, of a product with stock
// per variant, names the variant whose stock it took, everywhere: the cart, the order (My Orders,
// the desk), the invoice, the packing slip, the CSV export. Decision 055. Runs on SQLite and
// (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin: string;
type Who = { token: string; email: string };
let serial = 0;
let ronin = '';

type VariantBody = { size: string; color: string; stock: number };
type Line = { title: string; size: string; color: string; quantity: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect(await t.seedDemo()).toEqual({ categories: 6, products: 40 });
  const found = await json(await call(t, 'GET', `/api/products?q=${encodeURIComponent('Starlight Ronin')}`));
  ronin = found.find((p: { title: string }) => p.title === 'Starlight Ronin Scale Figure')._id;
  expect(ronin).toBeTruthy();
});
afterAll(() => t.close());

async function customer(): Promise<Who> {
  serial += 1;
  const c = await signUpCustomer(t, `Variant Buyer ${serial}`, `variant-buyer${serial}@example.com`);
  return { token: c.token, email: c.user.email };
}
const variantsOf = async (id: string): Promise<VariantBody[]> => (await json(await call(t, 'GET', `/api/products/${id}`))).variants;
const setStock = async (id: string, variants: VariantBody[]) => {
  const { title, description, category, price, sizes, colors, images } = await json(await call(t, 'GET', `/api/products/${id}`));
  const res = await call(t, 'PATCH', `/api/products/${id}`, { token: admin, body: { title, description, category, price, sizes, colors, images, variants } });
  expect(res.status, await res.clone().text()).toBe(200);
};
const addToCart = (who: Who, productId: string, quantity: number, size = '', color = '') =>
  call(t, 'POST', '/api/carts', { token: who.token, body: { productId, quantity, size, color } });
const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const order = (who: Who, body: Record<string, unknown> = {}) => call(t, 'POST', '/api/orders', { token: who.token, body: { ...checkout, ...body } });
const orderNow = (who: Who, productId: string, quantity: number, size = '', color = '') => order(who, { items: [{ productId, size, color, quantity }] });
const placed = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)) as { insertedId: string; order: { orderNumber: number; cartItems: Line[] } };
};
const linesOf = (lines: Line[]) => lines.map(({ title, size, color, quantity }) => ({ title, size, color, quantity }));

/** Everything downstream of an order that names its lines, as text. */
async function everywhere(who: Who, orderId: string, orderNumber: number) {
  const mine = (await json(await call(t, 'GET', `/api/orders?email=${who.email}`, { token: who.token }))) as Array<{ _id: string; cartItems: Line[] }>;
  const desk = (await json(await call(t, 'GET', `/api/allOrders?q=${orderNumber}`, { token: admin }))) as Array<{ _id: string; cartItems: Line[] }>;
  const invoice = await call(t, 'GET', `/api/orders/${orderId}/invoice.pdf`, { token: who.token });
  expect(invoice.status).toBe(200);
  const slip = await call(t, 'GET', `/api/orders/packing-slips.pdf?ids=${orderId}`, { token: admin });
  expect(slip.status).toBe(200);
  const csvRes = await call(t, 'GET', `/api/orders/export.csv?q=${orderNumber}`, { token: admin });
  expect(csvRes.status).toBe(200);
  const [header = [], ...rows] = parseCsv((await csvRes.text()).replace(/^\uFEFF/, ''));
  const row = rows.find((r) => r[header.indexOf('Order number')] === String(orderNumber));
  const events = await json(await call(t, 'GET', `/api/orders/${orderId}/events`, { token: who.token }));
  return {
    mine: linesOf(mine.find((o) => o._id === orderId)!.cartItems),
    desk: linesOf(desk.find((o) => o._id === orderId)!.cartItems),
    invoice: (await pdfPages(new Uint8Array(await invoice.arrayBuffer()))).join('\n'),
    slip: (await pdfPages(new Uint8Array(await slip.arrayBuffer()))).join('\n'),
    csvLines: row?.[header.indexOf('Lines')] ?? '',
    stock: events[0].stock as Array<{ size: string; color: string; quantity: number }>,
  };
}

describe('a line with no size or color chosen names the variant it takes', () => {
  it('Order Now of the Starlight Ronin with nothing chosen: the order, desk, invoice, packing slip and CSV name 1/7 scale, Midnight Blue', async () => {
    const rina = await customer();
    const before = await variantsOf(ronin);
    expect(before[0]).toMatchObject({ size: '1/7 scale', color: 'Midnight Blue' });
    expect(before[0]!.stock).toBeGreaterThan(0);
    const done = await placed(await orderNow(rina, ronin, 1));
    const line = { title: 'Starlight Ronin Scale Figure', size: '1/7 scale', color: 'Midnight Blue', quantity: 1 };
    expect(linesOf(done.order.cartItems)).toEqual([line]);
    // The Bengali names are those of the variant taken, not of the open choice (decision 057).
    expect(done.order.cartItems[0]).toMatchObject({ sizeBn: '১/৭ স্কেল', colorBn: 'গাঢ় নীল' });
    const seen = await everywhere(rina, done.insertedId, done.order.orderNumber);
    expect(seen.stock).toEqual([expect.objectContaining({ size: '1/7 scale', color: 'Midnight Blue', quantity: 1 })]);
    expect(seen.mine).toEqual([line]);
    expect(seen.desk).toEqual([line]);
    expect(seen.csvLines).toBe('1 x Starlight Ronin Scale Figure (1/7 scale, Midnight Blue) @ 4500');
    // The packing slip's narrow column may wrap "Midnight Blue".
    expect(seen.invoice).toContain('Size 1/7 scale, Color Midnight Blue');
    expect(seen.slip.replace(/\s+/g, ' ')).toContain('Size 1/7 scale, Color Midnight Blue');
    expect((await variantsOf(ronin))[0]!.stock).toBe(before[0]!.stock - 1);
  });

  it('Add to Cart with nothing chosen stores the variant the cart line will take; the order from the cart names it too', async () => {
    const bob = await customer();
    const added = await addToCart(bob, ronin, 1);
    expect(added.status, await added.clone().text()).toBe(201);
    const cart = (await json(await call(t, 'GET', `/api/carts?email=${bob.email}`, { token: bob.token }))) as Line[];
    expect(cart.map(({ size, color, quantity }) => ({ size, color, quantity }))).toEqual([{ size: '1/7 scale', color: 'Midnight Blue', quantity: 1 }]);
    // The same choice spelled out adds to that line rather than making a second one.
    expect((await addToCart(bob, ronin, 1, '1/7 scale', 'Midnight Blue')).status).toBe(200);
    expect(await json(await call(t, 'GET', `/api/carts?email=${bob.email}`, { token: bob.token }))).toHaveLength(1);
    const done = await placed(await order(bob));
    const line = { title: 'Starlight Ronin Scale Figure', size: '1/7 scale', color: 'Midnight Blue', quantity: 2 };
    const seen = await everywhere(bob, done.insertedId, done.order.orderNumber);
    expect(seen.mine).toEqual([line]);
    expect(seen.csvLines).toBe('2 x Starlight Ronin Scale Figure (1/7 scale, Midnight Blue) @ 4500');
  });

  it('takes the first variant in stock: a sold-out first variant is skipped, and a half choice is completed', async () => {
    const all = await variantsOf(ronin);
    await setStock(ronin, all.map((v) => (v.size === '1/7 scale' && v.color === 'Midnight Blue' ? { ...v, stock: 0 } : { ...v, stock: 5 })));
    const rina = await customer();
    const first = await placed(await orderNow(rina, ronin, 1));
    expect(linesOf(first.order.cartItems)).toEqual([{ title: 'Starlight Ronin Scale Figure', size: '1/7 scale', color: 'Crimson', quantity: 1 }]);
    const half = await placed(await orderNow(rina, ronin, 1, '1/8 scale'));
    expect(linesOf(half.order.cartItems)).toEqual([{ title: 'Starlight Ronin Scale Figure', size: '1/8 scale', color: 'Midnight Blue', quantity: 1 }]);
    const bob = await customer();
    expect((await addToCart(bob, ronin, 1, '', 'Midnight Blue')).status).toBe(201);
    const cart = (await json(await call(t, 'GET', `/api/carts?email=${bob.email}`, { token: bob.token }))) as Line[];
    expect(cart.map(({ size, color }) => ({ size, color }))).toEqual([{ size: '1/8 scale', color: 'Midnight Blue' }]);
  });

  it('a size or color the product does not have is a 400 with its code, for the cart and for Order Now', async () => {
    const rina = await customer();
    const cart = await addToCart(rina, ronin, 1, '1/6 scale');
    expect(cart.status).toBe(400);
    expect((await json(cart)).error).toMatchObject({ code: 'cart/invalid-choice', message: '"1/6 scale" is not a size of Starlight Ronin Scale Figure.' });
    const now = await orderNow(rina, ronin, 1, '', 'Gold');
    expect(now.status).toBe(400);
    expect((await json(now)).error.message).toBe('"Gold" is not a color of Starlight Ronin Scale Figure.');
  });

  it('nothing in stock for an open choice: the cart and Order Now refuse with 409, naming the product as asked', async () => {
    const all = await variantsOf(ronin);
    await setStock(ronin, all.map((v) => ({ ...v, stock: 0 })));
    const rina = await customer();
    const cart = await addToCart(rina, ronin, 1);
    expect(cart.status).toBe(409);
    expect((await json(cart)).error).toEqual({ code: 'cart/out-of-stock', message: 'Starlight Ronin Scale Figure is sold out.' });
    const now = await orderNow(rina, ronin, 1);
    expect(now.status).toBe(409);
    expect((await json(now)).error).toEqual({ code: 'ordering/out-of-stock', message: 'Starlight Ronin Scale Figure is sold out.' });
  });
});
