import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 33: coupons with an expiry date, a minimum order and a usage limit, each optional. The
// coupon check at checkout (GET /api/coupon/:code) and the order (POST /api/orders) refuse a code
// past its last day, below its minimum (naming it in BDT) or used up, with a code of their own;
// the use is counted in the order's transaction, so two orders at once cannot both take a last use.
// Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin: string;
let rina: string;
let mitu: string;
let figure = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  figure = await addStockedProduct(t, admin);
  rina = (await signUpCustomer(t, 'Rina Akter', 'rina@example.com')).token;
  mitu = (await signUpCustomer(t, 'Mitu Das', 'mitu@example.com')).token;
});
afterAll(() => t.close());

const addCoupon = async (body: Record<string, unknown>) => call(t, 'POST', '/api/coupons', { token: admin, body: { discountPercent: 10, ...body } });
const order = (token: string, code: string, quantity = 1) =>
  call(t, 'POST', '/api/orders', {
    token,
    body: {
      name: 'Rina Akter',
      phone: '01712345678',
      address: 'House 5, Road 2, Dhanmondi',
      deliveryLocation: 'Inside Dhaka',
      paymentMethod: 'Cash On Delivery',
      appliedCoupon: code,
      items: [{ productId: figure, size: '', color: '', quantity }],
    },
  });
const listed = async () => (await json(await call(t, 'GET', '/api/coupons', { token: admin }))) as Array<Record<string, unknown>>;

describe('coupon rules', () => {
  it('are stored and listed (all optional: a coupon without them works as before)', async () => {
    expect((await addCoupon({ code: 'PLAIN10' })).status).toBe(201);
    expect((await addCoupon({ code: 'RULES10', expiresOn: '2026-01-31', minOrder: '২০০০', maxUses: 5 })).status).toBe(201);
    const rows = await listed();
    expect(rows.find((c) => c.code === 'PLAIN10')).toMatchObject({ expiresOn: null, minOrder: null, maxUses: null, uses: 0 });
    expect(rows.find((c) => c.code === 'RULES10')).toMatchObject({ expiresOn: '2026-01-31', minOrder: 2000, maxUses: 5, uses: 0 });
    expect((await call(t, 'GET', '/api/coupon/plain10', { token: rina })).status).toBe(200);
    expect((await order(rina, 'PLAIN10')).status).toBe(201);
  });

  it('refuses bad rules with a 400', async () => {
    for (const bad of [{ expiresOn: '2026-02-30' }, { minOrder: 0 }, { maxUses: -1 }, { maxUses: 1.5 }, { minOrder: 'ten' }]) {
      const res = await addCoupon({ code: 'BAD', ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await json(res)).error.code).toBe('http/validation');
    }
  });

  it('an expired coupon is refused at the check and at the order, in its last day it works', async () => {
    // The test clock is 2026-01-01 06:00 in Dhaka: LASTDAY's last day is today, GONE's was yesterday.
    expect((await addCoupon({ code: 'LASTDAY', expiresOn: '2026-01-01' })).status).toBe(201);
    expect((await addCoupon({ code: 'GONE', expiresOn: '2025-12-31' })).status).toBe(201);
    expect((await call(t, 'GET', '/api/coupon/LASTDAY', { token: rina })).status).toBe(200);
    const check = await call(t, 'GET', '/api/coupon/GONE', { token: rina });
    expect(check.status).toBe(422);
    expect((await json(check)).error).toMatchObject({ code: 'promotions/coupon-expired' });
    const placed = await order(rina, 'GONE');
    expect(placed.status).toBe(422);
    expect((await json(placed)).error.code).toBe('promotions/coupon-expired');
  });

  it('a coupon below its minimum is refused, saying the minimum in BDT', async () => {
    expect((await addCoupon({ code: 'MIN2500', minOrder: 2500 })).status).toBe(201);
    const check = await call(t, 'GET', '/api/coupon/MIN2500?subtotal=2000', { token: rina });
    expect(check.status).toBe(422);
    const error = (await json(check)).error;
    expect(error).toMatchObject({ code: 'promotions/coupon-below-minimum', minOrder: 2500 });
    // English money is grouped by thousands (decision 057), as formatMoney writes it everywhere.
    expect(error.message).toContain('2,500 BDT');
    // Bengali digits in the query, as a Bengali page may send them.
    expect((await call(t, 'GET', `/api/coupon/MIN2500?subtotal=${encodeURIComponent('৩০০০')}`, { token: rina })).status).toBe(200);
    const placed = await order(rina, 'MIN2500', 2);
    expect(placed.status).toBe(422);
    expect((await json(placed)).error).toMatchObject({ code: 'promotions/coupon-below-minimum', minOrder: 2500 });
    expect((await order(rina, 'MIN2500', 3)).status).toBe(201);
  });

  it('a usage limit counts orders; two orders at once on a limit of 1: one passes, one is refused', async () => {
    expect((await addCoupon({ code: 'ONCE', maxUses: 1 })).status).toBe(201);
    const [a, b] = await Promise.all([order(rina, 'ONCE'), order(mitu, 'ONCE')]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect((await json(refused)).error.code).toBe('promotions/coupon-used-up');
    expect((await listed()).find((c) => c.code === 'ONCE')).toMatchObject({ uses: 1, maxUses: 1 });
    const check = await call(t, 'GET', '/api/coupon/ONCE', { token: rina });
    expect(check.status).toBe(409);
    expect((await json(check)).error.code).toBe('promotions/coupon-used-up');
  });

  it('a refused order gives its use back; a canceled order keeps it (decision 059)', async () => {
    expect((await addCoupon({ code: 'TWICE', maxUses: 2 })).status).toBe(201);
    // Refused after the coupon was checked (the total shown differs): nothing counted.
    const res = await call(t, 'POST', '/api/orders', {
      token: rina,
      body: { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', appliedCoupon: 'TWICE', amount: 1, items: [{ productId: figure, size: '', color: '', quantity: 1 }] },
    });
    expect(res.status).toBe(409);
    expect((await listed()).find((c) => c.code === 'TWICE')).toMatchObject({ uses: 0 });
    const placed = await order(rina, 'TWICE');
    expect(placed.status).toBe(201);
    const id = (await json(placed)).insertedId as string;
    expect((await call(t, 'DELETE', `/api/orders/${id}`, { token: rina })).status).toBe(200);
    expect((await listed()).find((c) => c.code === 'TWICE')).toMatchObject({ uses: 1 });
  });
});
