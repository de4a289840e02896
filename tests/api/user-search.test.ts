import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 33: the admins' users page searches. GET /api/users?q= finds users by part of their name or
// email (case ignored, LIKE's wildcards taken literally) or by the phone they ordered with (ASCII or
// Bengali digits), paged as before; q is bounded. Runs on SQLite and on PostgreSQL.
let t: TestApp;
let admin: string;
let figure = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  figure = await addStockedProduct(t, admin);
  for (const [name, email] of [
    ['Rina Akter', 'rina@example.com'],
    ['Karim Uddin', 'karim_100%@example.com'],
    ['Nadia Rahman', 'nadia@mail.test'],
    ['Rafi Akter', 'rafi@example.com'],
  ] as const) {
    await signUpCustomer(t, name, email);
    // One second apart: "newest first" is one order.
    t.time.advance(1000);
  }
  const nadia = (await call(t, 'POST', '/api/auth/login', { body: { email: 'nadia@mail.test', password: 'Sakura#2026' } }));
  const token = (await json(nadia)).token as string;
  const placed = await call(t, 'POST', '/api/orders', {
    token,
    body: { name: 'Nadia', phone: '01898765432', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: figure, size: '', color: '', quantity: 1 }] },
  });
  expect(placed.status).toBe(201);
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await call(t, 'GET', `/api/users?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return { total: Number(res.headers.get('x-total-count')), emails: ((await json(res)) as Array<{ email: string }>).map((u) => u.email) };
};

describe('GET /api/users?q=', () => {
  it('finds by part of a name or an email, case ignored, newest first', async () => {
    expect(await search('q=akter')).toEqual({ total: 2, emails: ['rafi@example.com', 'rina@example.com'] });
    expect(await search('q=MAIL.TEST')).toEqual({ total: 1, emails: ['nadia@mail.test'] });
    expect((await search('q=nobody-here')).total).toBe(0);
  });

  it('pages the results as the list does', async () => {
    expect(await search('q=example.com&limit=1&offset=1')).toMatchObject({ total: 3, emails: ['karim_100%@example.com'] });
  });

  it('takes % and _ literally', async () => {
    expect(await search(`q=${encodeURIComponent('%')}`)).toEqual({ total: 1, emails: ['karim_100%@example.com'] });
    expect(await search(`q=${encodeURIComponent('_')}`)).toEqual({ total: 1, emails: ['karim_100%@example.com'] });
  });

  it('finds by the phone a user ordered with, in ASCII or Bengali digits', async () => {
    expect(await search('q=01898765432')).toEqual({ total: 1, emails: ['nadia@mail.test'] });
    expect(await search(`q=${encodeURIComponent('০১৮৯৮-৭৬৫')}`)).toEqual({ total: 1, emails: ['nadia@mail.test'] });
  });

  it('bounds the query length, and stays admin only', async () => {
    const res = await call(t, 'GET', `/api/users?q=${'a'.repeat(101)}`, { token: admin });
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('http/validation');
    const customer = (await signUpCustomer(t, 'Someone', 'someone@example.com')).token;
    expect((await call(t, 'GET', '/api/users?q=a', { token: customer })).status).toBe(403);
  });
});
