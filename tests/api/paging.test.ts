import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Every list of the API pages (issue 12, decision 015): limit (default 50, at most 200), offset,
// the same JSON as before, and X-Total-Count. One shop for the whole file: each list holds more
// than one default page of rows.
let t: TestApp;
let admin: string;
let rina: { token: string; email: string };
let bob: { token: string };
let orderId: string;
const rows = 57;

const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };

beforeAll(async () => {
  t = await createTestApp();
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  const r = await signUpCustomer(t, 'Rina', 'rina@example.com');
  rina = { token: r.token, email: r.user.email };
  bob = { token: (await signUpCustomer(t, 'Bob', 'bob@example.com')).token };
  const [product] = await json(await call(t, 'GET', '/api/products?limit=1'));
  // Some at the same millisecond: the order within a time is still fixed (id breaks the tie).
  for (let i = 0; i < rows; i++) {
    if (i % 3 === 0) t.time.advance(1000);
    const res = await call(t, 'POST', '/api/orders', { token: rina.token, body: { ...checkout, items: [{ productId: product._id, quantity: 1 }] } });
    expect(res.status).toBe(201);
    orderId ??= (await json(res)).insertedId;
  }
  // The first order gets every event it can have: Placed, Confirmed, Deleted.
  expect((await call(t, 'PATCH', `/api/orders/${orderId}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
  expect((await call(t, 'DELETE', `/api/orders/${orderId}`, { token: admin })).status).toBe(200);
  for (let i = 0; i < rows; i++) {
    if (i % 3 === 0) t.time.advance(1000);
    await signUpCustomer(t, `Shopper ${i}`, `shopper${i}@example.com`);
    expect((await call(t, 'POST', '/api/coupons', { token: admin, body: { code: `CODE${i}`, discountPercent: 5 } })).status).toBe(201);
  }
  for (let i = 0; i < 15; i++) {
    t.time.advance(1000);
    const res = await call(t, 'POST', '/api/products', { token: admin, body: { title: `Extra ${i}`, category: 'Figures', price: 100, images: ['https://img.test/x.webp'] } });
    expect(res.status).toBe(201);
  }
}, 120_000);
afterAll(() => t.close());

type List = {
  path: string;
  token?: () => string;
  /** The rows the list holds. */
  total: number;
  /** The array in the body. */
  items?: (body: never) => unknown[];
  /** An ordering every page must keep, checked on the whole list. */
  ordered?: (whole: Array<Record<string, unknown>>) => void;
};

const newestFirst = (field: string) => (whole: Array<Record<string, unknown>>) => {
  const times = whole.map((row) => Date.parse(String(row[field])));
  expect(times).toEqual([...times].sort((a, b) => b - a));
};

// 57 orders placed, 1 of them removed; users: the admin, Rina, Bob and 57 shoppers; events: 57
// Placed, one Confirmed, one Deleted; products: the 40 demo ones and 15 more.
const lists: List[] = [
  { path: '/api/orders', token: () => rina.token, total: rows - 1, ordered: newestFirst('orderTime') },
  { path: `/api/orders?email=rina@example.com`, token: () => rina.token, total: rows - 1, ordered: newestFirst('orderTime') },
  { path: '/api/allOrders', token: () => admin, total: rows - 1, ordered: newestFirst('orderTime') },
  { path: '/api/users', token: () => admin, total: rows + 3 },
  { path: '/api/coupons', token: () => admin, total: rows },
  { path: '/api/products', total: 40 + 15, ordered: newestFirst('createdAt') },
  { path: '/api/audit', token: () => admin, total: rows + 2, items: (body: { events: unknown[] }) => body.events, ordered: (whole) => expect(whole.map((e) => e.id)).toEqual([...Array(rows + 2).keys()].map((i) => rows + 2 - i)) },
];

const get = (path: string, token?: string) => call(t, 'GET', path, token ? { token } : {});
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;
const idOf = (row: Record<string, unknown>) => JSON.stringify(row);

describe.each(lists)('GET $path', ({ path, token, total, items = (body: unknown[]) => body, ordered }) => {
  const read = async (query: string) => {
    const res = await get(query ? withQuery(path, query) : path, token?.());
    expect(res.status, `${path} ${query}`).toBe(200);
    return { rows: (items as (b: unknown) => Array<Record<string, unknown>>)(await json(res)), total: res.headers.get('x-total-count') };
  };

  it('answers 50 rows by default, with the total in X-Total-Count', async () => {
    const first = await read('');
    expect(first.rows).toHaveLength(50);
    expect(first.total).toBe(String(total));
  });

  it('pages with limit and offset over the whole list, in the list’s order', async () => {
    const whole = await read('limit=200');
    expect(whole.rows).toHaveLength(total);
    expect(whole.total).toBe(String(total));
    ordered?.(whole.rows);
    expect((await read('')).rows).toEqual(whole.rows.slice(0, 50));
    const pages: Array<Record<string, unknown>> = [];
    for (let offset = 0; offset < total; offset += 7) {
      const page = await read(`limit=7&offset=${offset}`);
      expect(page.total).toBe(String(total));
      expect(page.rows.length).toBe(Math.min(7, total - offset));
      pages.push(...page.rows);
    }
    expect(pages.map(idOf)).toEqual(whole.rows.map(idOf));
    const past = await read(`offset=${total}`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(String(total));
  });

  it('answers 400 http/validation, with a message, for a bad limit or offset', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'limit=1.5', 'limit=', 'limit=1e2', 'offset=-1', 'offset=abc', 'offset=1000001', 'offset=0x10']) {
      const res = await get(withQuery(path, query), token?.());
      expect(res.status, `${path} ${query}`).toBe(400);
      const { error } = await json(res);
      expect(error.code).toBe('http/validation');
      expect(error.message, query).toMatch(/^(limit|offset): must be (a whole number from \d+ to \d+|at least \d+|at most \d+)$/);
    }
  });
});

describe('GET /api/orders/:id/events', () => {
  const events = async (query: string, token = rina.token, id = orderId) => get(`/api/orders/${id}/events${query}`, token);

  it('pages an order’s events in seq order, with X-Total-Count', async () => {
    for (const token of [rina.token, admin]) {
      const whole = await events('', token);
      expect(whole.headers.get('x-total-count')).toBe('3');
      const all = await json(whole);
      expect(all.map((e: { seq: number; type: string }) => [e.seq, e.type])).toEqual([
        [1, 'Placed'],
        [2, 'Confirmed'],
        [3, 'Deleted'],
      ]);
      const second = await events('?limit=1&offset=1', token);
      expect(await json(second)).toEqual([all[1]]);
      expect(second.headers.get('x-total-count')).toBe('3');
      expect(await json(await events('?limit=2&offset=2', token))).toEqual([all[2]]);
      expect(await json(await events('?offset=3', token))).toEqual([]);
    }
  });

  it('is still someone else’s order whatever the page: 404', async () => {
    for (const query of ['', '?limit=1&offset=1']) {
      const res = await events(query, bob.token);
      expect(res.status).toBe(404);
      expect((await json(res)).error.code).toBe('ordering/order-not-found');
    }
    expect((await events('', rina.token, '0123456789abcdef01234567')).status).toBe(404);
  });

  it('answers 400 http/validation for a bad limit or offset', async () => {
    for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?limit=abc']) {
      const res = await events(query);
      expect(res.status, query).toBe(400);
      expect((await json(res)).error.code).toBe('http/validation');
    }
  });
});

describe('GET /api/audit', () => {
  it('keeps its body, with only `events` paged', async () => {
    const res = await get('/api/audit?limit=2&offset=1', admin);
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(['eventCount', 'events', 'problem', 'uncheckedEvents', 'verified']);
    expect(body).toMatchObject({ verified: true, eventCount: rows + 2, problem: null });
    expect(body.events.map((e: { id: number }) => e.id)).toEqual([rows + 1, rows]);
  });
});
