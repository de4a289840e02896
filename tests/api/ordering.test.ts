import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let rina: { token: string; email: string };
let bob: { token: string; email: string };
let fox: { _id: string; price: number };
let cards: { _id: string; price: number };
beforeEach(async () => {
  t = await createTestApp();
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  const r = await signUpCustomer(t, 'Rina', 'rina@example.com');
  const b = await signUpCustomer(t, 'Bob', 'bob@example.com');
  rina = { token: r.token, email: r.user.email };
  bob = { token: b.token, email: b.user.email };
  fox = (await json(await call(t, 'GET', '/api/products?q=Sleepy Spirit Fox')))[0]; // 1400 BDT
  cards = (await json(await call(t, 'GET', '/api/products?q=Premium Card Sleeves')))[0]; // 450 BDT
});
afterEach(() => t.close());

const addToCart = (who: { token: string }, productId: string, quantity: number, size = '', color = '') =>
  call(t, 'POST', '/api/carts', { token: who.token, body: { productId, quantity, size, color } });
const checkout = { name: 'Rina Akter', phone: '017 1234-5678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const order = (who: { token: string }, body: Record<string, unknown> = {}, key?: string) =>
  call(t, 'POST', '/api/orders', { token: who.token, body: { ...checkout, ...body }, headers: key ? { 'idempotency-key': key } : {} });
const cartOf = async (who: { token: string; email: string }) => json(await call(t, 'GET', `/api/carts?email=${who.email}`, { token: who.token }));
const ordersOf = async (who: { token: string; email: string }) => json(await call(t, 'GET', `/api/orders?email=${who.email}`, { token: who.token }));
const eventCount = () => t.value('select count(*) from order_events');
const addCoupon = (code: string, discountPercent: number) => call(t, 'POST', '/api/coupons', { token: admin, body: { code, discountPercent } });

describe('visitors', () => {
  it('get 401 on every cart, coupon and order endpoint', async () => {
    const id = '0123456789abcdef01234567';
    for (const [method, path, body] of [
      ['GET', `/api/carts?email=rina@example.com`],
      ['POST', '/api/carts', { productId: fox._id, quantity: 1 }],
      ['DELETE', `/api/carts/${id}`],
      ['GET', '/api/coupons'],
      ['POST', '/api/coupons', { code: 'FREE', discountPercent: 100 }],
      ['DELETE', `/api/coupons/${id}`],
      ['GET', '/api/coupon/FREE'],
      ['POST', '/api/orders', checkout],
      ['GET', '/api/orders?email=rina@example.com'],
      ['GET', '/api/allOrders'],
      ['PATCH', `/api/orders/${id}`, { status: 'Confirmed' }],
      ['DELETE', `/api/orders/${id}`],
      ['GET', `/api/orders/${id}/events`],
      ['GET', '/api/audit'],
    ] as Array<[string, string, unknown?]>) {
      const res = await call(t, method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await json(res)).error.code).toBe('auth/unauthenticated');
    }
  });

  it('a customer gets 403 on the admin endpoints', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/coupons'],
      ['POST', '/api/coupons', { code: 'FREE', discountPercent: 100 }],
      ['DELETE', '/api/coupons/0123456789abcdef01234567'],
      ['GET', '/api/allOrders'],
      ['PATCH', '/api/orders/0123456789abcdef01234567', { status: 'Confirmed' }],
      ['GET', '/api/audit'],
    ] as Array<[string, string, unknown?]>) {
      expect((await call(t, method, path, { token: rina.token, ...(body === undefined ? {} : { body }) })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('placing an order', () => {
  it('orders the cart priced by the server, ignoring every price, total and status the browser sends', async () => {
    await addToCart(rina, fox._id, 2, '30 cm', 'Orange');
    await addToCart(rina, cards._id, 3);
    const res = await order(rina, {
      email: 'bob@example.com',
      discountPercent: 90,
      status: 'Confirmed',
      orderTime: '1999-01-01',
      cartItems: [{ title: 'Cheap', price: 1, quantity: 1 }],
      amount: 2 * 1400 + 3 * 450 + 60,
    });
    expect(res.status).toBe(201);
    const { insertedId, order: placed } = await json(res);
    expect(placed).toMatchObject({
      _id: insertedId,
      email: 'rina@example.com',
      name: 'Rina Akter',
      phone: '+8801712345678',
      deliveryLocation: 'Inside Dhaka',
      paymentMethod: 'Cash On Delivery',
      appliedCoupon: null,
      discountPercent: 0,
      subtotal: 4150,
      discount: 0,
      fee: 60,
      amount: 4210,
      status: 'Pending',
    });
    expect(Date.parse(placed.orderTime)).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(placed.cartItems.map((l: { title: string; quantity: number; price: number }) => [l.title, l.quantity, l.price])).toEqual([
      ['Premium Card Sleeves (100)', 3, 1350],
      ['Sleepy Spirit Fox Plush', 2, 2800],
    ]);
    expect(await cartOf(rina)).toEqual([]);
    expect(await ordersOf(rina)).toEqual([placed]);
  });

  it('answers 409 with the fresh figures when the shown total is not the server’s, and stores nothing', async () => {
    await addToCart(rina, fox._id, 1);
    const res = await order(rina, { amount: 999 });
    expect(res.status).toBe(409);
    const { error } = await json(res);
    expect(error.code).toBe('ordering/total-changed');
    expect(error.fresh).toEqual({ subtotal: 1400, discount: 0, fee: 60, amount: 1460, discountPercent: 0 });
    expect(await eventCount()).toBe(0);
    expect(await cartOf(rina)).toHaveLength(1);
  });

  it('applies a coupon the server checks again, with the fee of the zone', async () => {
    await addCoupon('eid10', 12.5);
    await addToCart(rina, fox._id, 1);
    await addToCart(rina, cards._id, 1);
    // subtotal 1850, 12.5 % = 231.25 -> 231, Suburbs 80
    const res = await order(rina, { appliedCoupon: 'Eid10', deliveryLocation: 'Suburbs Dhaka', amount: 1850 - 231 + 80 });
    expect(res.status).toBe(201);
    expect((await json(res)).order).toMatchObject({ appliedCoupon: 'EID10', discountPercent: 12.5, discount: 231, fee: 80, amount: 1699 });
  });

  it('refuses clearly when the coupon was deleted between Apply and Place Order', async () => {
    const { insertedId } = await json(await addCoupon('GONE20', 20));
    await addToCart(rina, fox._id, 1);
    expect(await json(await call(t, 'GET', '/api/coupon/gone20', { token: rina.token }))).toEqual({ discountPercent: 20 });
    await call(t, 'DELETE', `/api/coupons/${insertedId}`, { token: admin });
    const res = await order(rina, { appliedCoupon: 'GONE20', amount: 1400 - 280 + 60 });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'ordering/coupon-invalid', message: expect.stringContaining('GONE20') });
    expect(await eventCount()).toBe(0);
  });

  it('Order Now orders one item and leaves the cart alone', async () => {
    await addToCart(rina, cards._id, 1);
    const res = await order(rina, { items: [{ productId: fox._id, size: '45 cm', color: 'White', quantity: 2, price: 1 }], deliveryLocation: 'Outside Dhaka' });
    expect(res.status).toBe(201);
    expect((await json(res)).order).toMatchObject({ subtotal: 2800, fee: 100, amount: 2900, cartItems: [{ title: 'Sleepy Spirit Fox Plush', size: '45 cm', quantity: 2, unitPrice: 1400 }] });
    expect(await cartOf(rina)).toHaveLength(1);
    for (const items of [[], [{ productId: fox._id, quantity: 1 }, { productId: cards._id, quantity: 1 }], [{ productId: fox._id, size: 'XXL', quantity: 1 }]]) {
      expect((await order(rina, { items })).status).toBe(400);
    }
  });

  it('refuses an empty cart, and a cart holding a deleted product', async () => {
    expect((await json(await order(rina))).error.code).toBe('ordering/cart-empty');
    await addToCart(rina, fox._id, 1);
    await call(t, 'DELETE', `/api/products/${fox._id}`, { token: admin });
    const res = await order(rina);
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('ordering/product-unavailable');
    expect(await eventCount()).toBe(0);
  });

  it.each([
    [{ phone: '12345' }, 'phone'],
    [{ phone: '01212345678' }, 'phone'],
    [{ phone: '+1 555 0100' }, 'phone'],
    [{ name: ' ' }, 'name'],
    [{ address: '' }, 'address'],
    [{ deliveryLocation: 'Chittagong' }, 'deliveryLocation'],
    [{ deliveryLocation: '' }, 'deliveryLocation'],
    [{ paymentMethod: 'bKash' }, 'paymentMethod'],
    [{ amount: -5 }, 'amount'],
  ])('refuses %o', async (over, path) => {
    await addToCart(rina, fox._id, 1);
    const res = await order(rina, over);
    expect(res.status).toBe(400);
    expect((await json(res)).error.issues[0].path).toBe(path);
  });

  it.each(['01712345678', '+8801712345678', '8801712345678', '017-1234-5678', '+88 01912 345678'])('stores the phone %s normalised', async (phone) => {
    await addToCart(rina, fox._id, 1);
    const res = await order(rina, { phone });
    expect((await json(res)).order.phone).toMatch(/^\+8801[3-9]\d{8}$/);
  });
});

describe('Idempotency-Key', () => {
  it('returns the first order for the same key, once in a row and at once', async () => {
    await addToCart(rina, fox._id, 1);
    const first = await order(rina, {}, 'checkout-7f3a9c21');
    expect(first.status).toBe(201);
    const again = await order(rina, {}, 'checkout-7f3a9c21');
    expect(again.status).toBe(200);
    expect((await json(again)).insertedId).toBe((await json(first)).insertedId);

    await addToCart(rina, cards._id, 1);
    const burst = await Promise.all(Array.from({ length: 8 }, () => order(rina, {}, 'checkout-double-click-1')));
    const ids = new Set(await Promise.all(burst.map(async (r) => (await json(r)).insertedId)));
    expect(ids.size).toBe(1);
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await ordersOf(rina)).toHaveLength(2);
  });

  it('refuses a reused key with a different order, and a malformed key', async () => {
    await addToCart(rina, fox._id, 1);
    await order(rina, {}, 'checkout-key-0001');
    expect((await order(rina, { name: 'Someone Else' }, 'checkout-key-0001')).status).toBe(422);
    expect((await order(rina, {}, 'bad key!')).status).toBe(400);
  });

  it('is per customer: Bob’s key does not return Rina’s order', async () => {
    await addToCart(rina, fox._id, 1);
    await addToCart(bob, cards._id, 1);
    const a = await json(await order(rina, {}, 'same-key-123'));
    const b = await json(await order(bob, { name: 'Bob' }, 'same-key-123'));
    expect(a.insertedId).not.toBe(b.insertedId);
    expect(b.order.email).toBe('bob@example.com');
  });
});

describe('order lists and status', () => {
  async function placed(who: { token: string }, productId = fox._id) {
    await addToCart(who, productId, 1);
    return (await json(await order(who))).insertedId as string;
  }

  it('lists own orders (another email 403) and, for admins, all orders, newest first', async () => {
    const first = await placed(rina);
    t.time.advance(1000);
    const second = await placed(bob);
    t.time.advance(1000);
    const third = await placed(rina, cards._id);
    expect((await ordersOf(rina)).map((o: { _id: string }) => o._id)).toEqual([third, first]);
    expect((await call(t, 'GET', `/api/orders?email=${rina.email}`, { token: bob.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/allOrders', { token: rina.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/allOrders')).status).toBe(401);
    expect((await json(await call(t, 'GET', '/api/allOrders', { token: admin }))).map((o: { _id: string }) => o._id)).toEqual([third, second, first]);
  });

  it('an admin moves Pending to Confirmed or Canceled only; back to Pending is 409, a status that does not exist is 400', async () => {
    const id = await placed(rina);
    const patch = (status: unknown, token = admin, orderId = id) => call(t, 'PATCH', `/api/orders/${orderId}`, { token, body: { status } });
    expect((await patch('Confirmed', rina.token)).status).toBe(403);
    expect((await patch('Pending')).status).toBe(409);
    for (const status of ['Shipped', 'confirmed', '', 42, null]) {
      const res = await patch(status);
      expect(res.status, String(status)).toBe(400);
      const { error } = await json(res);
      expect(error.code).toBe('http/validation');
      expect(error.message).toContain('Pending, Confirmed or Canceled');
    }
    expect(await eventCount()).toBe(1);
    expect(await json(await patch('Confirmed'))).toEqual({ modifiedCount: 1 });
    for (const status of ['Canceled', 'Confirmed', 'Pending']) {
      const res = await patch(status);
      expect(res.status, status).toBe(409);
      expect((await json(res)).error.code).toBe('ordering/illegal-transition');
    }
    expect((await ordersOf(rina))[0].status).toBe('Confirmed');
    expect((await patch('Confirmed', admin, '0123456789abcdef01234567')).status).toBe(404);
  });

  it('concurrent status changes leave exactly one transition in the log', async () => {
    const id = await placed(rina);
    const results = await Promise.all(
      ['Confirmed', 'Canceled', 'Confirmed', 'Canceled', 'Confirmed'].map((status) => call(t, 'PATCH', `/api/orders/${id}`, { token: admin, body: { status } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await eventCount()).toBe(2);
  });

  it('the owner cancels while Pending; never after; nobody else can; an admin deletes at any status', async () => {
    const pending = await placed(rina);
    const confirmed = await placed(rina, cards._id);
    await call(t, 'PATCH', `/api/orders/${confirmed}`, { token: admin, body: { status: 'Confirmed' } });
    const remove = (id: string, token: string) => call(t, 'DELETE', `/api/orders/${id}`, { token });

    const bobTry = await remove(pending, bob.token);
    expect(bobTry.status).toBe(404);
    expect(await json(await remove(pending, rina.token))).toEqual({ deletedCount: 1 });
    expect((await ordersOf(rina)).map((o: { _id: string }) => o._id)).toEqual([confirmed]);
    expect((await remove(pending, rina.token)).status).toBe(404);

    const late = await remove(confirmed, rina.token);
    expect(late.status).toBe(409);
    expect((await json(late)).error.code).toBe('ordering/illegal-transition');
    expect(await json(await remove(confirmed, admin))).toEqual({ deletedCount: 1 });
    // Issue 33: the customer's cancel stays on the desk, canceled by the customer; the admin's delete does not.
    expect(await json(await call(t, 'GET', '/api/allOrders', { token: admin }))).toMatchObject([{ _id: pending, status: 'Canceled', canceledBy: 'customer' }]);
  });

  it('shows the timeline to the owner and admins only; the log keeps every event', async () => {
    const id = await placed(rina);
    await call(t, 'PATCH', `/api/orders/${id}`, { token: admin, body: { status: 'Canceled' } });
    await call(t, 'DELETE', `/api/orders/${id}`, { token: admin });
    const events = await json(await call(t, 'GET', `/api/orders/${id}/events`, { token: rina.token }));
    expect(events.map((e: { seq: number; type: string; actor: { role: string } }) => [e.seq, e.type, e.actor.role])).toEqual([
      [1, 'Placed', 'customer'],
      [2, 'Canceled', 'admin'],
      [3, 'Deleted', 'admin'],
    ]);
    expect((await call(t, 'GET', `/api/orders/${id}/events`, { token: admin })).status).toBe(200);
    expect((await call(t, 'GET', `/api/orders/${id}/events`, { token: bob.token })).status).toBe(404);
  });
});

describe('the order log', () => {
  it('refuses UPDATE and DELETE at the database itself', async () => {
    await addToCart(rina, fox._id, 1);
    await order(rina);
    await expect(t.query("update order_events set payload = '{}'")).rejects.toThrow(/append-only/);
    await expect(t.query('delete from order_events')).rejects.toThrow(/append-only/);
    expect(await eventCount()).toBe(1);
  });

  it('the audit endpoint verifies the chain, for admins', async () => {
    await addToCart(rina, fox._id, 1);
    const { insertedId } = await json(await order(rina));
    await call(t, 'PATCH', `/api/orders/${insertedId}`, { token: admin, body: { status: 'Confirmed' } });
    expect((await call(t, 'GET', '/api/audit', { token: rina.token })).status).toBe(403);
    const audit = await json(await call(t, 'GET', '/api/audit', { token: admin }));
    expect(audit).toMatchObject({ verified: true, eventCount: 2, problem: null });
    expect(audit.events.map((e: { type: string }) => e.type)).toEqual(['Confirmed', 'Placed']);
    expect(audit.events[0].hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('coupons', () => {
  it('admin only; code trimmed and upper-cased, unique; discount 1 to 100 with two decimals', async () => {
    expect((await call(t, 'POST', '/api/coupons', { token: rina.token, body: { code: 'X', discountPercent: 5 } })).status).toBe(403);
    expect((await call(t, 'GET', '/api/coupons', { token: rina.token })).status).toBe(403);
    const res = await addCoupon('  summer24 ', 15.5);
    expect(res.status).toBe(201);
    const dup = await addCoupon('SUMMER24', 10);
    expect(dup.status).toBe(400);
    expect((await json(dup)).error.code).toBe('promotions/coupon-exists');
    for (const discountPercent of [0, 0.5, 101, 12.345, '10']) expect((await addCoupon('OTHER', discountPercent as number)).status).toBe(400);
    expect((await addCoupon('', 10)).status).toBe(400);
    const list = await json(await call(t, 'GET', '/api/coupons', { token: admin }));
    // Issue 33: a coupon added without them has no last day, no minimum and no limit.
    expect(list).toEqual([{ _id: (await json(res)).insertedId, code: 'SUMMER24', discountPercent: 15.5, expiresOn: null, minOrder: null, maxUses: null, uses: 0 }]);
    expect(await json(await call(t, 'DELETE', `/api/coupons/${list[0]._id}`, { token: admin }))).toEqual({ deletedCount: 1 });
    expect((await call(t, 'DELETE', `/api/coupons/${list[0]._id}`, { token: admin })).status).toBe(404);
  });

  it('GET /api/coupon/:code: signed in, any case, 404 when unknown, rate limited against guessing', async () => {
    const limited = await createTestApp({ couponChecksPer15Min: 3 });
    try {
      await limited.identity.ensureAdmin({ email: 'boss@shop.test', password: 'Admin#Pass1' });
      const boss = await json(await call(limited, 'POST', '/api/auth/login', { body: { email: 'boss@shop.test', password: 'Admin#Pass1' } }));
      await call(limited, 'POST', '/api/coupons', { token: boss.token, body: { code: 'EID', discountPercent: 10 } });
      const user = await signUpCustomer(limited, 'Rina', 'rina@example.com');
      const check = (code: string, token?: string) => call(limited, 'GET', `/api/coupon/${code}`, { token });
      expect((await check('EID')).status).toBe(401);
      expect(await json(await check('eid', user.token))).toEqual({ discountPercent: 10 });
      expect((await check('NOPE', user.token)).status).toBe(404);
      expect((await check('EID', user.token)).status).toBe(200);
      const refused = await check('EID', user.token);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
