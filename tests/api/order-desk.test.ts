import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 16, decision 030: order numbers in commit order with no gap, and the admins' desk: search
// by number, phone, name or email, filter by status and Dhaka day, one order with its phone's
// history. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin: string;
type Who = { token: string; email: string };
let figure = '';
let lastBox = '';
const buyers: Who[] = [];
const hourMs = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
  const product = async (title: string, stock: number) => {
    const res = await call(t, 'POST', '/api/products', {
      token: admin,
      body: { title, description: '', category: 'Figures', price: 1000, sizes: [], colors: [], images: ['https://img.test/f.webp'], variants: [{ size: '', color: '', stock }] },
    });
    return (await json(res)).insertedId as string;
  };
  figure = await product('Kitsune Figure', 100_000);
  lastBox = await product('Last Box', 1);
  for (const [name, email] of [
    ['Rina Akter', 'rina@example.com'],
    ['Bob Hasan', 'bob@example.com'],
    ['Mina Rahman', 'mina@example.com'],
    ['Sumon Ahmed', 'sumon@example.com'],
  ] as const) {
    const c = await signUpCustomer(t, name, email);
    buyers.push({ token: c.token, email: c.user.email });
  }
});
afterAll(() => t.close());

const order = (who: Who, over: Record<string, unknown> = {}, productId = figure) =>
  call(t, 'POST', '/api/orders', {
    token: who.token,
    body: { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId, size: '', color: '', quantity: 1 }], ...over },
  });
const desk = async (query: string) => {
  const res = await call(t, 'GET', `/api/allOrders?${query}`, { token: admin });
  return { status: res.status, total: Number(res.headers.get('x-total-count')), body: await json(res) };
};
const numbersOf = (orders: Array<{ orderNumber: number }>) => orders.map((o) => o.orderNumber);

describe('order numbers', () => {
  it('start at 10001 and go up by one; every order answer carries its number', async () => {
    const first = await json(await order(buyers[0]!));
    const second = await json(await order(buyers[1]!, { name: 'Bob Hasan', phone: '01812345678' }));
    expect([first.order.orderNumber, second.order.orderNumber]).toEqual([10001, 10002]);
    const mine = await json(await call(t, 'GET', `/api/orders?email=${buyers[0]!.email}`, { token: buyers[0]!.token }));
    expect(numbersOf(mine)).toEqual([10001]);
    const one = await json(await call(t, 'GET', `/api/orders/${first.insertedId}`, { token: buyers[0]!.token }));
    expect(one.orderNumber).toBe(10001);
  });

  it('orders placed at once get consecutive numbers, and a refused one leaves no gap', async () => {
    // Eight at once in one group commit; two want the last box and one of them is refused.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => order(buyers[i % 4]!, { phone: `0191234567${i}` })),
      order(buyers[2]!, { phone: '01512345678' }, lastBox),
      order(buyers[3]!, { phone: '01612345678' }, lastBox),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(7).fill(201), 409]);
    const placed = await Promise.all(answers.filter((a) => a.status === 201).map(async (a) => (await json(a)).order.orderNumber as number));
    expect(placed.sort()).toEqual([10003, 10004, 10005, 10006, 10007, 10008, 10009]);
    expect((await json(await order(buyers[0]!))).order.orderNumber).toBe(10010);
  });

  it('an Idempotency-Key replay answers the same number', async () => {
    const send = () =>
      call(t, 'POST', '/api/orders', {
        token: buyers[1]!.token,
        headers: { 'idempotency-key': 'desk-replay-0001' },
        body: { name: 'Bob Hasan', phone: '01812345678', address: 'Road 9, Mirpur', deliveryLocation: 'Suburbs Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: figure, size: '', color: '', quantity: 2 }] },
      });
    const [a, b] = [await json(await send()), await json(await send())];
    expect(a.order.orderNumber).toBe(10011);
    expect(b.order.orderNumber).toBe(10011);
  });
});

describe("the admins' desk", () => {
  it('finds an order by the number a customer reads out, and by their phone, name or email', async () => {
    const byNumber = await desk('q=10002');
    expect(byNumber.total).toBe(1);
    expect(byNumber.body[0]).toMatchObject({ orderNumber: 10002, name: 'Bob Hasan' });
    expect(numbersOf((await desk('q=%2010002%20')).body)).toEqual([10002]);
    // Part of a phone number, written as people write it.
    const byPhone = await desk('q=0181-2345');
    expect(numbersOf(byPhone.body)).toEqual([10011, 10002]);
    expect(numbersOf((await desk('q=%2B8801812345678')).body)).toEqual([10011, 10002]);
    expect(numbersOf((await desk('q=hasan')).body)).toEqual([10011, 10002]);
    expect((await desk('q=MINA%40EXAMPLE')).total).toBeGreaterThan(0);
    expect((await desk('q=nobody-here')).body).toEqual([]);
  });

  it('takes % and _ in q as themselves', async () => {
    expect((await desk('q=%25')).total).toBe(0);
    expect((await desk('q=_')).total).toBe(0);
  });

  it('filters by status, and the list and X-Total-Count agree, paged', async () => {
    const listed = (await desk('limit=200')).body as Array<{ _id: string; orderNumber: number }>;
    const confirmed = listed.find((o) => o.orderNumber === 10004)!;
    const canceled = listed.find((o) => o.orderNumber === 10005)!;
    expect((await call(t, 'PATCH', `/api/orders/${confirmed._id}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
    expect((await call(t, 'PATCH', `/api/orders/${canceled._id}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    expect(numbersOf((await desk('status=Confirmed')).body)).toEqual([10004]);
    expect(numbersOf((await desk('status=Canceled')).body)).toEqual([10005]);
    const pending = await desk('status=Pending&limit=3&offset=0');
    expect(pending.total).toBe(listed.length - 2);
    expect(pending.body).toHaveLength(3);
    expect(numbersOf(pending.body)[0]).toBe(10011);
  });

  it('refuses what is not a filter with a 400', async () => {
    for (const query of ['status=Shipped', 'from=2026-13-01', 'from=2026-02-30', 'to=yesterday', 'from=2026-01-05&to=2026-01-04', `q=${'x'.repeat(101)}`, 'limit=0']) {
      const res = await call(t, 'GET', `/api/allOrders?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect((await json(res)).error.code, query).toBe('http/validation');
    }
  });

  it("an order's page: its owner sees it, nobody else; an admin sees its phone's history, removed orders too", async () => {
    const phone = '01712000000';
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await json(await order(buyers[3]!, { name: 'Sumon Ahmed', phone }))).insertedId);
    expect((await call(t, 'PATCH', `/api/orders/${ids[0]}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    expect((await call(t, 'PATCH', `/api/orders/${ids[1]}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/orders/${ids[2]}`, { token: buyers[3]!.token })).status).toBe(200);

    const seen = await json(await call(t, 'GET', `/api/orders/${ids[3]}`, { token: admin }));
    expect(seen).toMatchObject({ _id: ids[3], status: 'Pending', removed: false, phone: '+8801712000000' });
    expect(seen.history).toEqual({ placed: 4, pending: 1, confirmed: 1, canceledByShop: 1, canceledByCustomer: 1, delivered: 0, returned: 0 });
    const own = await json(await call(t, 'GET', `/api/orders/${ids[3]}`, { token: buyers[3]!.token }));
    expect(own.history).toBeUndefined();
    expect((await call(t, 'GET', `/api/orders/${ids[3]}`, { token: buyers[0]!.token })).status).toBe(404);
    // The customer's own cancel removed it from their lists; the admin still reads it.
    expect((await call(t, 'GET', `/api/orders/${ids[2]}`, { token: buyers[3]!.token })).status).toBe(404);
    expect(await json(await call(t, 'GET', `/api/orders/${ids[2]}`, { token: admin }))).toMatchObject({ removed: true, status: 'Canceled' });
    expect((await call(t, 'GET', '/api/orders/not-an-order-id', { token: admin })).status).toBe(404);
  });

  it('filters by the days placed in Dhaka time, both days included', async () => {
    // The test clock starts at 2026-01-01 00:00 UTC, 06:00 in Dhaka: every order so far is of 1 January.
    t.time.advance(20 * hourMs); // 2026-01-01 20:00 UTC = 2 January 02:00 in Dhaka
    // Sessions last an hour here: sign in again.
    admin = (await adminSession(t)).token;
    buyers[2] = { ...buyers[2]!, token: (await json(await call(t, 'POST', '/api/auth/login', { body: { email: buyers[2]!.email, password: strongPassword } }))).token };
    const late = await json(await order(buyers[2]!, { name: 'Mina Rahman', phone: '01312345678' }));
    expect(numbersOf((await desk('from=2026-01-02')).body)).toEqual([late.order.orderNumber]);
    expect((await desk('to=2026-01-01')).body.map((o: { orderNumber: number }) => o.orderNumber)).not.toContain(late.order.orderNumber);
    expect(numbersOf((await desk('from=2026-01-01&to=2026-01-02&q=01312345678')).body)).toEqual([late.order.orderNumber]);
    expect((await desk('from=2026-01-03')).total).toBe(0);
  });

  it('the audit still verifies the whole log: numbers and cancels in the listing agree with the events', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
  });
});
