import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 33, point 2: a Bengali keyboard types ০-৯ by default. Every number a person types as text
// (phone, quantity, coupon code, a search by order number or phone, a price filter, paging) is taken
// in Bengali digits too and stored in ASCII. Price, stock and discount are JSON numbers (text is
// refused, catalogue.test.ts): the admin forms read Bengali digits before sending them. Runs on SQLite and (vitest.postgres.config.ts)
// on PostgreSQL.
let t: TestApp;
let admin: string;
let rina: { token: string; email: string };
let figure = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'Kitsune Figure', description: '', category: 'Figures', price: 1200, sizes: [], colors: [], images: ['https://img.test/f.webp'], variants: [{ size: '', color: '', stock: 50 }] },
  });
  expect(res.status).toBe(201);
  figure = (await json(res)).insertedId;
  const c = await signUpCustomer(t, 'Rina Akter', 'rina@example.com');
  rina = { token: c.token, email: c.user.email };
});
afterAll(() => t.close());

const orderBody = (over: Record<string, unknown> = {}) => ({
  name: 'Rina Akter',
  phone: '০১৭১২৩৪৫৬৭৮',
  address: 'বাড়ি ৫, রোড ২, ধানমন্ডি',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  items: [{ productId: figure, size: '', color: '', quantity: '২' }],
  ...over,
});

describe('Bengali digits where a person types a number', () => {
  it('the price filter takes Bengali digits', async () => {
    const cheap = await json(await call(t, 'GET', `/api/products?minPrice=${encodeURIComponent('১০০০')}&maxPrice=${encodeURIComponent('১৫০০')}`));
    expect(cheap.map((p: { _id: string }) => p._id)).toEqual([figure]);
  });

  it('checkout takes a phone number and a quantity in Bengali digits and stores them in ASCII; text typed in Bengali stays as typed', async () => {
    const res = await call(t, 'POST', '/api/orders', { token: rina.token, body: orderBody() });
    expect(res.status).toBe(201);
    const { order } = await json(res);
    expect(order.phone).toBe('+8801712345678');
    expect(order.address).toBe('বাড়ি ৫, রোড ২, ধানমন্ডি');
    expect(order.cartItems.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
  });

  it('a phone number that is not one is still refused with its code and message', async () => {
    const res = await call(t, 'POST', '/api/orders', { token: rina.token, body: orderBody({ phone: '০১২১২৩৪৫৬৭৮' }) });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('http/validation');
    expect(error.issues.map((i: { path: string }) => i.path)).toContain('phone');
  });

  it('the cart takes a quantity in Bengali digits, when adding and when changing it', async () => {
    const added = await call(t, 'POST', '/api/carts', { token: rina.token, body: { productId: figure, quantity: '২' } });
    expect(added.status).toBe(201);
    const { insertedId } = await json(added);
    const changed = await call(t, 'PATCH', `/api/carts/${insertedId}`, { token: rina.token, body: { quantity: '৩' } });
    expect(changed.status).toBe(200);
    expect((await json(changed)).quantity).toBe(3);
    const cart = await json(await call(t, 'GET', `/api/carts?email=${rina.email}`, { token: rina.token }));
    expect(cart.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
    const bad = await call(t, 'PATCH', `/api/carts/${insertedId}`, { token: rina.token, body: { quantity: '২.৫' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('http/validation');
  });

  it("the desk finds an order by its number or phone typed in Bengali digits", async () => {
    const byNumber = await call(t, 'GET', `/api/allOrders?q=${encodeURIComponent('১০০০১')}`, { token: admin });
    expect(byNumber.status).toBe(200);
    expect((await json(byNumber)).map((o: { orderNumber: number }) => o.orderNumber)).toEqual([10001]);
    const byPhone = await json(await call(t, 'GET', `/api/allOrders?q=${encodeURIComponent('০১৭১২')}`, { token: admin }));
    expect(byPhone.map((o: { orderNumber: number }) => o.orderNumber)).toEqual([10001]);
    const page = await call(t, 'GET', `/api/allOrders?limit=${encodeURIComponent('১')}&offset=${encodeURIComponent('০')}`, { token: admin });
    expect(page.status).toBe(200);
  });

  it('a blocked phone in Bengali digits is stored in ASCII and blocks the same number', async () => {
    const res = await call(t, 'POST', '/api/blocked-phones', { token: admin, body: { phone: '০১৮১২৩৪৫৬৭৮', reason: 'fake orders' } });
    expect(res.status).toBe(201);
    const list = await json(await call(t, 'GET', '/api/blocked-phones', { token: admin }));
    expect(list.map((b: { phone: string }) => b.phone)).toContain('+8801812345678');
    const removed = await call(t, 'DELETE', `/api/blocked-phones/${encodeURIComponent('০১৮১২৩৪৫৬৭৮')}`, { token: admin });
    expect(removed.status).toBe(200);
  });

  it('a coupon code made and typed in Bengali digits is the same code in ASCII', async () => {
    const made = await call(t, 'POST', '/api/coupons', { token: admin, body: { code: 'EID১০', discountPercent: 10 } });
    expect(made.status).toBe(201);
    const coupons = await json(await call(t, 'GET', '/api/coupons', { token: admin }));
    expect(coupons).toEqual([expect.objectContaining({ code: 'EID10', discountPercent: 10 })]);
    const checked = await call(t, 'GET', `/api/coupon/${encodeURIComponent('eid১০')}`, { token: rina.token });
    expect(checked.status).toBe(200);
    expect(await json(checked)).toEqual({ discountPercent: 10 });
    const res = await call(t, 'POST', '/api/orders', { token: rina.token, body: orderBody({ appliedCoupon: 'EID১০', items: [{ productId: figure, size: '', color: '', quantity: 1 }] }) });
    expect(res.status).toBe(201);
    expect((await json(res)).order).toMatchObject({ appliedCoupon: 'EID10', discountPercent: 10 });
  });
});
