import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { parseCsv } from '../support/parse-csv.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 33, point 3: an order its customer canceled (the spec's customer delete) is gone for the
// customer, but the shop keeps seeing it: the desk's search by its number, the Canceled filter, the
// status counts and the CSV export list it, marked as canceled by the customer. Point 8: the audit
// page's events carry their order's number. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin: string;
let rina: { token: string; email: string };
let figure = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  figure = await addStockedProduct(t, admin);
  const c = await signUpCustomer(t, 'Rina Akter', 'rina@example.com');
  rina = { token: c.token, email: c.user.email };
});
afterAll(() => t.close());

type Listed = { _id: string; orderNumber: number; status: string; canceledBy?: string | null };
const place = async () => {
  const res = await call(t, 'POST', '/api/orders', {
    token: rina.token,
    body: { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: figure, size: '', color: '', quantity: 1 }] },
  });
  expect(res.status).toBe(201);
  return (await json(res)).order as Listed;
};
const desk = async (query: string) => {
  const res = await call(t, 'GET', `/api/allOrders?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return { total: Number(res.headers.get('x-total-count')), body: (await json(res)) as Listed[] };
};
const numbersOf = (orders: Listed[]) => orders.map((o) => o.orderNumber);
const csv = async (query = '') => {
  const res = await call(t, 'GET', `/api/orders/export.csv${query ? `?${query}` : ''}`, { token: admin });
  expect(res.status).toBe(200);
  const [header = [], ...records] = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
};

let byCustomer: Listed;
let byShop: Listed;
let pending: Listed;
let deleted: Listed;

describe('orders canceled by their customer, for the shop', () => {
  beforeAll(async () => {
    byCustomer = await place();
    byShop = await place();
    pending = await place();
    deleted = await place();
    expect((await call(t, 'DELETE', `/api/orders/${byCustomer._id}`, { token: rina.token })).status).toBe(200);
    expect((await call(t, 'PATCH', `/api/orders/${byShop._id}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/orders/${deleted._id}`, { token: admin })).status).toBe(200);
  });

  it('are gone for the customer, as the spec says', async () => {
    const mine = await call(t, 'GET', `/api/orders?email=${rina.email}`, { token: rina.token });
    expect(numbersOf((await json(mine)) as Listed[])).toEqual([pending.orderNumber, byShop.orderNumber]);
    expect(Number(mine.headers.get('x-total-count'))).toBe(2);
    expect((await call(t, 'GET', `/api/orders/${byCustomer._id}`, { token: rina.token })).status).toBe(404);
    // Canceled once, it cannot be canceled again.
    expect((await call(t, 'DELETE', `/api/orders/${byCustomer._id}`, { token: rina.token })).status).toBe(404);
  });

  it("the desk's search by the number finds it, marked as canceled by the customer", async () => {
    const found = await desk(`q=${byCustomer.orderNumber}`);
    expect(found.total).toBe(1);
    expect(found.body[0]).toMatchObject({ _id: byCustomer._id, status: 'Canceled', canceledBy: 'customer' });
    expect((await desk(`q=${byShop.orderNumber}`)).body[0]).toMatchObject({ status: 'Canceled', canceledBy: 'shop' });
    expect((await desk(`q=${pending.orderNumber}`)).body[0]).toMatchObject({ status: 'Pending', canceledBy: null });
    // An order an admin deleted stays off the desk.
    expect((await desk(`q=${deleted.orderNumber}`)).total).toBe(0);
  });

  it('the Canceled filter lists both cancels, and the counts agree with the lists', async () => {
    const canceled = await desk('status=Canceled');
    expect(numbersOf(canceled.body)).toEqual([byShop.orderNumber, byCustomer.orderNumber]);
    expect(canceled.total).toBe(2);
    const all = await desk('limit=50');
    expect(numbersOf(all.body)).toEqual([pending.orderNumber, byShop.orderNumber, byCustomer.orderNumber]);
    expect(all.total).toBe(3);
    expect((await desk('status=Pending')).total).toBe(1);
  });

  it('the CSV export includes it, canceled by the customer', async () => {
    const rows = await csv();
    expect(rows.map((r) => Number(r['Order number']))).toEqual([pending.orderNumber, byShop.orderNumber, byCustomer.orderNumber]);
    expect(rows.map((r) => [r['Status'], r['Canceled by']])).toEqual([
      ['Pending', ''],
      ['Canceled', 'Shop'],
      ['Canceled', 'Customer'],
    ]);
    expect((await csv('status=Canceled')).map((r) => r['Canceled by'])).toEqual(['Shop', 'Customer']);
  });

  it("the admin's order page reads it", async () => {
    expect(await json(await call(t, 'GET', `/api/orders/${byCustomer._id}`, { token: admin }))).toMatchObject({ status: 'Canceled', canceledBy: 'customer', removed: true });
  });

  it('an admin may delete it: then it leaves the desk, and the counts follow', async () => {
    const another = await place();
    expect((await call(t, 'DELETE', `/api/orders/${another._id}`, { token: rina.token })).status).toBe(200);
    expect((await desk('status=Canceled')).total).toBe(3);
    // Canceled, it cannot be confirmed nor canceled again, by anyone.
    expect((await call(t, 'PATCH', `/api/orders/${another._id}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(409);
    expect((await call(t, 'DELETE', `/api/orders/${another._id}`, { token: admin })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/orders/${another._id}`, { token: admin })).status).toBe(404);
    expect((await desk(`q=${another.orderNumber}`)).total).toBe(0);
    const canceled = await desk('status=Canceled');
    expect([canceled.total, canceled.body.length]).toEqual([2, 2]);
    expect((await desk('')).total).toBe(3);
    expect(await json(await call(t, 'GET', `/api/orders/${another._id}`, { token: admin }))).toMatchObject({ status: 'Canceled', canceledBy: 'customer', removed: true });
  });

  it('the audit still verifies the whole log', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
  });
});

describe('the audit page (point 8)', () => {
  it("names each event's order by its number", async () => {
    const res = await call(t, 'GET', '/api/audit?limit=50', { token: admin });
    expect(res.status).toBe(200);
    const { events } = (await json(res)) as { events: Array<{ orderId: string; orderNumber: number | null; type: string }> };
    const numberOf = new Map([byCustomer, byShop, pending, deleted].map((o) => [o._id, o.orderNumber]));
    expect(events.length).toBe(10);
    for (const event of events.filter((e) => numberOf.has(e.orderId))) expect(event.orderNumber, event.type).toBe(numberOf.get(event.orderId));
    expect(events.every((e) => typeof e.orderNumber === 'number')).toBe(true);
    expect(events.filter((e) => e.orderId === byCustomer._id).map((e) => e.type)).toEqual(['CanceledByCustomer', 'Placed']);
  });
});
