import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { orderTotals } from '../../src/shared/money.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 36: an order changed at the customer's request while Pending or Confirmed and not booked:
// lines and quantities, address, phone, zone. The totals follow the money rules again, the stock
// moves by the difference, the customer hears of it, and the log records an Edited event with what
// changed and why. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.

let t: TestApp;
let admin: string;
let customer: string;
let fox = '';
let tee = '';

type Line = { productId: string; size: string; color: string; quantity: number; unitPrice: number; price: number; title: string };
type Order = { _id: string; orderNumber: number; status: string; version: number; address: string; phone: string; district: string | null; thana: string | null; deliveryLocation: string; subtotal: number; discount: number; fee: number; amount: number; cartItems: Line[] };

async function product(title: string, category: string, price: number, sizes: string[], stock: number): Promise<string> {
  await call(t, 'POST', '/api/categories', { token: admin, body: { category } });
  const variants = (sizes.length ? sizes : ['']).map((size) => ({ size, color: '', stock }));
  const res = await call(t, 'POST', '/api/products', { token: admin, body: { title, description: `${title}.`, category, price, sizes, colors: [], images: ['https://img.test/x.webp'], variants } });
  expect(res.status).toBe(201);
  return ((await json(res)) as { insertedId: string }).insertedId;
}
const stockOf = async (id: string, size = '') => Number(await t.value('select stock from product_variants where product_id = ? and size = ?', id, size));
const orderOf = async (id: string) => (await json(await call(t, 'GET', `/api/orders/${id}`, { token: admin }))) as Order;
const edit = (id: string, body: Record<string, unknown>, token = admin) => call(t, 'PATCH', `/api/orders/${id}/lines`, { token, body });
async function place(quantity = 2): Promise<Order> {
  const res = await call(t, 'POST', '/api/orders', {
    token: customer,
    body: { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2', district: 'Dhaka', thana: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: fox, size: '', color: '', quantity }] },
  });
  expect(res.status).toBe(201);
  return orderOf(((await json(res)) as { insertedId: string }).insertedId);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  customer = (await signUpCustomer(t, 'Rina Akter', 'rina@example.com')).token;
  fox = await product('Fox Plush', 'Plush', 500, [], 20);
  tee = await product('Pikachu Tee', 'Tees', 800, ['M', 'L'], 10);
});
afterAll(() => t.close());

describe('an order changed at the customer\'s request', () => {
  it('changes lines, quantities and the address; keeps the price of a line kept; moves the stock by the difference; tells the customer; records why', async () => {
    const order = await place(2);
    expect(await stockOf(fox)).toBe(18);
    // The catalogue's price changes meanwhile: the line kept keeps the price the customer agreed to.
    await t.query('update products set price = 650 where id = ?', fox);
    const res = await edit(order._id, {
      reason: 'Customer called: one more fox, and a tee in L',
      version: order.version,
      address: 'House 9, Road 12',
      lines: [
        { productId: fox, quantity: 3 },
        { productId: tee, size: 'L', quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const after = ((await json(res)) as { order: Order }).order;
    expect(after.cartItems.map((l) => [l.title, l.size, l.quantity, l.unitPrice, l.price])).toEqual([
      ['Fox Plush', '', 3, 500, 1500],
      ['Pikachu Tee', 'L', 1, 800, 800],
    ]);
    expect([after.subtotal, after.fee, after.amount, after.address]).toEqual([2300, 60, 2360, 'House 9, Road 12']);
    expect([await stockOf(fox), await stockOf(tee, 'L'), await stockOf(tee, 'M')]).toEqual([17, 9, 10]);

    const events = (await json(await call(t, 'GET', `/api/orders/${order._id}/events`, { token: admin }))) as Array<{ type: string; actor: { role: string }; edit?: { reason: string; before: Record<string, unknown>; after: Record<string, unknown>; stockTaken: unknown[] }; stock?: unknown[] }>;
    const edited = events.find((e) => e.type === 'Edited');
    expect(edited?.actor.role).toBe('admin');
    expect(edited?.edit?.reason).toBe('Customer called: one more fox, and a tee in L');
    expect(edited?.edit?.before).toMatchObject({ address: 'House 5, Road 2', total: 1060 });
    expect(edited?.edit?.after).toMatchObject({ address: 'House 9, Road 12', total: 2360 });
    expect(edited?.edit?.stockTaken).toEqual([
      { productId: fox, size: '', color: '', quantity: 1 },
      { productId: tee, size: 'L', color: '', quantity: 1 },
    ]);
    // The customer's own view and lists show it as it is now.
    const mine = (await json(await call(t, 'GET', `/api/orders/${order._id}`, { token: customer }))) as Order;
    expect(mine.amount).toBe(2360);
    const sms = await t.query<{ body: string }>("select body from order_messages where order_id = ? and event_type = 'Edited' and channel = 'sms'", order._id);
    expect(sms[0]?.body).toContain(`Order ${order.orderNumber} was changed: total now 2,360 BDT`);

    // Fewer: the fox down to 1, the tee removed; the stock comes back.
    const fewer = await edit(order._id, { reason: 'Only one fox after all', lines: [{ productId: fox, quantity: 1 }] });
    expect(fewer.status).toBe(200);
    expect([await stockOf(fox), await stockOf(tee, 'L')]).toEqual([19, 10]);
    expect(((await json(fewer)) as { order: Order }).order.amount).toBe(560);
  });

  it('moves the zone with the district and thana, and refuses a zone the area is not in', async () => {
    const order = await place(1);
    const moved = await edit(order._id, { reason: 'Moved to Savar', district: 'Dhaka', thana: 'Savar' });
    expect(moved.status).toBe(200);
    const after = ((await json(moved)) as { order: Order }).order;
    expect([after.district, after.thana, after.deliveryLocation, after.fee, after.amount]).toEqual(['Dhaka', 'Savar', 'Suburbs Dhaka', 80, order.subtotal + 80]);
    const wrong = await edit(order._id, { reason: 'x', deliveryLocation: 'Inside Dhaka' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await json(wrong))).toContain('Savar, Dhaka is delivered Suburbs Dhaka');
    expect((await edit(order._id, { reason: 'x', district: 'Dhaka' })).status).toBe(400);
    expect((await edit(order._id, { reason: 'nothing' })).status).toBe(400);
    expect((await edit(order._id, { reason: '', address: 'Road 1' })).status).toBe(400);
  });

  it('refuses a shortage, a stale version, a customer, and an order that is canceled or booked, and changes nothing then', async () => {
    const order = await place(1);
    const before = await stockOf(fox);
    const short = await edit(order._id, { reason: 'Many', lines: [{ productId: fox, quantity: 1 }, { productId: tee, size: 'M', quantity: 11 }] });
    expect(short.status).toBe(409);
    expect((await json(short)).error).toMatchObject({ code: 'ordering/out-of-stock' });
    expect([await stockOf(fox), await stockOf(tee, 'M')]).toEqual([before, 10]);
    expect((await orderOf(order._id)).version).toBe(order.version);
    const stale = await edit(order._id, { reason: 'x', address: 'Road 7', version: order.version + 1 });
    expect(stale.status).toBe(409);
    expect((await json(stale)).error).toMatchObject({ code: 'ordering/edit-conflict' });
    expect((await edit(order._id, { reason: 'x', address: 'Road 7' }, customer)).status).toBe(403);
    expect((await edit(order._id, { reason: 'x', lines: [{ productId: tee, quantity: 1 }] })).status).toBe(400);
    expect((await edit(order._id, { reason: 'x', lines: [{ productId: fox, quantity: 1 }, { productId: fox, quantity: 2 }] })).status).toBe(400);

    expect((await call(t, 'PATCH', `/api/orders/${order._id}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
    expect((await edit(order._id, { reason: 'Confirmed still changes', phone: '01812345678' })).status).toBe(200);
    expect((await call(t, 'POST', `/api/orders/${order._id}/parcel`, { token: admin, body: { courier: 'steadfast', consignmentId: 'C-9', trackingCode: 'T-9' } })).status).toBe(200);
    const booked = await edit(order._id, { reason: 'x', address: 'Road 8' });
    expect(booked.status).toBe(409);
    expect(JSON.stringify(await json(booked))).toContain('cancel the booking first');

    const canceled = await place(1);
    expect((await call(t, 'PATCH', `/api/orders/${canceled._id}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    expect((await edit(canceled._id, { reason: 'x', address: 'Road 8' })).status).toBe(409);
  });

  it('whatever lines it is changed to, the stock the order holds and the shelf add up, and the total follows the money rules', async () => {
    const order = await place(1);
    const shelf = { fox: (await stockOf(fox)) + 1, m: await stockOf(tee, 'M'), l: await stockOf(tee, 'L') };
    const lineArb = fc.record({ fox: fc.integer({ min: 0, max: 4 }), m: fc.integer({ min: 0, max: 3 }), l: fc.integer({ min: 0, max: 3 }) }).filter((q) => q.fox + q.m + q.l > 0);
    await fc.assert(
      fc.asyncProperty(lineArb, async (q) => {
        const lines = [
          ...(q.fox ? [{ productId: fox, quantity: q.fox }] : []),
          ...(q.m ? [{ productId: tee, size: 'M', quantity: q.m }] : []),
          ...(q.l ? [{ productId: tee, size: 'L', quantity: q.l }] : []),
        ];
        const res = await edit(order._id, { reason: 'A change', lines });
        const now = await orderOf(order._id);
        if (res.status !== 200) expect(res.status).toBe(400);
        const held = (id: string, size: string) => now.cartItems.filter((l) => l.productId === id && l.size === size).reduce((n, l) => n + l.quantity, 0);
        expect((await stockOf(fox)) + held(fox, '')).toBe(shelf.fox);
        expect((await stockOf(tee, 'M')) + held(tee, 'M')).toBe(shelf.m);
        expect((await stockOf(tee, 'L')) + held(tee, 'L')).toBe(shelf.l);
        expect(now.amount).toBe(orderTotals(now.cartItems, 0, 'Inside Dhaka').total);
      }),
      { numRuns: 20 },
    );
  });

  it('leaves a log audit:verify passes, with the listing and the sales as the events say', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
  });
});
