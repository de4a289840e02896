import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 36 (decision 064): orders taken by the staff for a person without an account, found or made
// by phone. Priced by the same unit of work as POST /api/orders, behind the same defences; the
// discount and the waived fee within STAFF_DISCOUNT_MAX, each with a reason; the customer gets the
// same SMS; an account that proves the phone with a checkout code sees the orders. Runs on SQLite
// and (vitest.postgres.config.ts) on PostgreSQL.

let t: TestApp;
let admin = '';
let fox = '';
let tee = '';

type Order = {
  _id: string;
  orderNumber: number;
  email: string;
  name: string;
  phone: string;
  address: string;
  district: string | null;
  thana: string | null;
  deliveryLocation: string;
  appliedCoupon: string | null;
  subtotal: number;
  discount: number;
  fee: number;
  amount: number;
  status: string;
  cartItems: Array<{ productId: string; size: string; color: string; quantity: number; unitPrice: number; price: number }>;
  taken: { channel: string; by: { email: string } | null; discount: { amount: number; reason: string } | null; feeWaived: { reason: string } | null } | null;
};

const stockOf = async (id: string, size = '') => Number(await t.value('select stock from product_variants where product_id = ? and size = ?', id, size));
const count = async (table: string) => Number(await t.value(`select count(*) as count from ${table}`));

function body(over: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) {
  return {
    customer: { name: 'Karim Uddin', phone: '01812345678', address: 'Shop 3, New Market', district: 'Dhaka', thana: 'Dhanmondi', ...customer },
    lines: [{ productId: fox, quantity: 2 }],
    deliveryLocation: 'Inside Dhaka',
    channel: 'phone',
    ...over,
  };
}
const take = (b: unknown, token = admin, headers: Record<string, string> = {}) => call(t, 'POST', '/api/orders/staff', { token, body: b, headers });
const quote = (b: unknown, token = admin) => call(t, 'POST', '/api/orders/staff/quote', { token, body: b });
async function taken(b: unknown): Promise<Order> {
  const res = await take(b);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await json(res)) as { order: Order }).order;
}
const lookUp = async (phone: string) => json(await call(t, 'GET', `/api/customers?phone=${encodeURIComponent(phone)}`, { token: admin }));
/** The code in the newest SMS to that number (SMS_PROVIDER none: the log). */
const lastCode = (phone: string) => {
  const line = t.logger.lines.filter((l) => l.includes('sms (not sent') && l.includes(phone) && l.includes(' is your ')).at(-1) ?? '';
  return /"message":"(\d{6}) is your/.exec(line)?.[1] ?? '';
};

beforeAll(async () => {
  // CHECKOUT_OTP on: a shopper proves a phone with a code (and so claims its record); the staff need none.
  // Admins may give 300 taka an order here (the discount and a waived fee together).
  t = await createTestApp({ env: { CHECKOUT_OTP: 'true', STAFF_DISCOUNT_MAX: 'admin:300,desk:100', SMS_PER_ADDRESS_HOUR: '1000', SMS_PER_ADDRESS_DAY: '1000', SMS_PER_NUMBER_HOUR: '1000', SMS_PER_NUMBER_DAY: '1000' } });
  admin = (await adminSession(t)).token;
  fox = await addStockedProduct(t, admin, { category: 'Plush', title: 'Fox Plush', price: 500, stock: 50 });
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Tees' } })).status).toBe(201);
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'Pikachu Tee', description: '', category: 'Tees', price: 800, sizes: ['M', 'L'], colors: [], images: ['https://img.test/t.webp'], variants: [{ size: 'M', color: '', stock: 5 }, { size: 'L', color: '', stock: 5 }] },
  });
  tee = ((await json(res)) as { insertedId: string }).insertedId;
  expect((await call(t, 'POST', '/api/coupons', { token: admin, body: { code: 'DESK10', discountPercent: 10 } })).status).toBe(201);
});
afterAll(() => t.close());

describe('an order taken by the staff for a person without an account', () => {
  it('for a new phone: makes the customer record, owns the order by it, takes the stock, texts the customer, records the channel and who took it', async () => {
    expect(await lookUp('01812345678')).toMatchObject({ phone: '+8801812345678', customer: null, lastOrder: null, history: { placed: 0 } });
    const before = await stockOf(fox);
    const order = await taken(body({ channel: 'messenger', lang: 'bn' }));
    expect(order).toMatchObject({ name: 'Karim Uddin', phone: '+8801812345678', email: '', district: 'Dhaka', thana: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', status: 'Pending', subtotal: 1000, discount: 0, fee: 60, amount: 1060 });
    expect(order.taken).toEqual({ channel: 'messenger', by: { email: 'boss@shop.test' }, discount: null, feeWaived: null });
    expect(await stockOf(fox)).toBe(before - 2);

    const record = await lookUp('01812345678');
    expect(record.customer).toMatchObject({ phone: '+8801812345678', name: 'Karim Uddin', address: 'Shop 3, New Market', district: 'Dhaka', thana: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', claimed: false });
    expect(record.history).toMatchObject({ placed: 1, pending: 1 });
    expect(record.lastOrder).toMatchObject({ orderNumber: order.orderNumber, name: 'Karim Uddin' });

    // The log: the owner is the record, the actor the staff member, the channel kept.
    const [row] = await t.query<{ payload: string; actor: string }>("select payload, actor from order_events where order_id = ? and type = 'Placed'", order._id);
    const payload = JSON.parse(row!.payload) as { owner: { userId: string; email: string }; taken: { channel: string; by: { email: string } } };
    expect(payload.owner).toEqual({ userId: `customer:${record.customer.id}`, email: '' });
    expect(payload.taken).toMatchObject({ channel: 'messenger', by: { email: 'boss@shop.test' } });
    expect(JSON.parse(row!.actor)).toMatchObject({ email: 'boss@shop.test', role: 'admin' });
    const events = (await json(await call(t, 'GET', `/api/orders/${order._id}/events`, { token: admin }))) as Array<{ type: string; actor: { email: string; role: string } }>;
    expect(events[0]).toMatchObject({ type: 'Placed', actor: { email: 'boss@shop.test', role: 'admin' } });

    // The same SMS as an order placed online (in the customer's language), and no email: there is no account.
    const messages = await t.query<{ channel: string; recipient: string; body: string }>('select channel, recipient, body from order_messages where order_id = ?', order._id);
    expect(messages.filter((m) => m.channel === 'email')).toEqual([]);
    const sms = messages.filter((m) => m.channel === 'sms');
    expect(sms.map((m) => m.recipient)).toEqual(['+8801812345678']);
    expect(sms[0]!.body).toContain('অর্ডার');

    // On the desk like any order.
    const desk = (await json(await call(t, 'GET', '/api/allOrders?q=01812345678', { token: admin }))) as Order[];
    expect(desk.map((o) => o._id)).toContain(order._id);
  });

  it('for a known phone: the same record, given the new name and address; one history with the orders placed online', async () => {
    const first = await lookUp('01812345678');
    const shopper = await signUpCustomer(t, 'Karim Online', 'karim@example.com');
    // An online order with the same phone (its code proven first: CHECKOUT_OTP is on).
    expect((await call(t, 'POST', '/api/phone-codes', { token: shopper.token, body: { phone: '01912345678' } })).status).toBe(201);
    const online = await call(t, 'POST', '/api/orders', {
      token: shopper.token,
      body: { name: 'Karim', phone: '01912345678', address: 'Road 1', deliveryLocation: 'Outside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: fox, quantity: 1 }] },
    });
    expect(online.status).toBe(409); // not proven yet: the online checkout asks the code; the desk does not
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: shopper.token, body: { phone: '01912345678', code: lastCode('+8801912345678') } })).status).toBe(200);

    const order = await taken(body({ lines: [{ productId: tee, size: 'L', quantity: 1 }] }, { name: 'Karim U.', address: 'Shop 9, New Market', district: undefined, thana: undefined }));
    expect(order.taken?.channel).toBe('phone');
    const after = await lookUp('+8801812345678');
    expect(after.customer).toMatchObject({ id: first.customer.id, name: 'Karim U.', address: 'Shop 9, New Market', district: null, thana: null });
    expect(after.history).toMatchObject({ placed: 2, pending: 2 });
    expect(await count('customers')).toBeGreaterThanOrEqual(1);
    expect(Number(await t.value('select count(*) as count from customers where phone = ?', '+8801812345678'))).toBe(1);
  });

  it('prices an order exactly as the online checkout prices the same cart (coupon, zone, lines)', async () => {
    const shopper = await signUpCustomer(t, 'Same Cart', 'samecart@example.com');
    const phone = '01512345678';
    expect((await call(t, 'POST', '/api/phone-codes', { token: shopper.token, body: { phone } })).status).toBe(201);
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: shopper.token, body: { phone, code: lastCode('+8801512345678') } })).status).toBe(200);
    for (const [product, size, quantity] of [
      [fox, '', 3],
      [tee, 'M', 2],
    ] as const) {
      expect((await call(t, 'POST', '/api/carts', { token: shopper.token, body: { productId: product, size, color: '', quantity } })).status).toBeLessThan(300);
    }
    const online = await call(t, 'POST', '/api/orders', {
      token: shopper.token,
      body: { name: 'Same Cart', phone, address: 'Savar Bazar', district: 'Dhaka', thana: 'Savar', deliveryLocation: 'Suburbs Dhaka', paymentMethod: 'Cash On Delivery', appliedCoupon: 'DESK10' },
    });
    expect(online.status).toBe(201);
    const web = ((await json(online)) as { order: Order }).order;
    const desk = await taken(
      body({ lines: [{ productId: fox, quantity: 3 }, { productId: tee, size: 'M', quantity: 2 }], deliveryLocation: 'Suburbs Dhaka', appliedCoupon: 'desk10' }, { phone: '01612345678', district: 'Dhaka', thana: 'Savar' }),
    );
    const totals = (o: Order) => ({ subtotal: o.subtotal, discount: o.discount, fee: o.fee, amount: o.amount, appliedCoupon: o.appliedCoupon, lines: o.cartItems.map((l) => [l.productId, l.size, l.quantity, l.unitPrice, l.price]).sort() });
    expect(totals(desk)).toEqual(totals(web));
    expect(totals(desk)).toMatchObject({ subtotal: 3100, discount: 310, fee: 80, amount: 2870 });
  });

  it('gives a discount and waives the fee within the role\'s limit, each with its reason; the quote says the same and stores nothing', async () => {
    const b = body({ discount: { amount: 200, reason: 'Regular customer' }, waiveDeliveryFee: { reason: 'Picked up at the counter' }, channel: 'walk-in' }, { phone: '01712000001' });
    const stock = await stockOf(fox);
    const orders = await count('orders');
    const records = await count('customers');
    const priced = await quote(b);
    expect(priced.status).toBe(200);
    expect(await json(priced)).toMatchObject({ subtotal: 1000, couponDiscount: 0, shopDiscount: 200, discount: 200, fee: 0, feeWaived: true, total: 800, givenAway: 260, maxGivenAway: 300 });
    // A quote is undone: no order, no record, no stock taken.
    expect([await stockOf(fox), await count('orders'), await count('customers')]).toEqual([stock, orders, records]);

    const order = await taken({ ...b, amount: 800 });
    expect(order).toMatchObject({ subtotal: 1000, discount: 200, fee: 0, amount: 800 });
    expect(order.taken).toEqual({ channel: 'walk-in', by: { email: 'boss@shop.test' }, discount: { amount: 200, reason: 'Regular customer' }, feeWaived: { reason: 'Picked up at the counter' } });
    expect(await stockOf(fox)).toBe(stock - 2);
    const [row] = await t.query<{ payload: string }>("select payload from order_events where order_id = ? and type = 'Placed'", order._id);
    expect(JSON.parse(row!.payload).taken).toEqual({ channel: 'walk-in', by: { userId: expect.any(String), email: 'boss@shop.test' }, discount: { amount: 200, reason: 'Regular customer' }, feeWaived: { reason: 'Picked up at the counter' } });

    // An edit keeps what was given: the fee stays waived, the discount stays.
    const edited = await call(t, 'PATCH', `/api/orders/${order._id}/lines`, { token: admin, body: { reason: 'One more', lines: [{ productId: fox, quantity: 3 }] } });
    expect(edited.status).toBe(200);
    expect(((await json(edited)) as { order: Order }).order).toMatchObject({ subtotal: 1500, discount: 200, fee: 0, amount: 1300 });
  });

  it('refuses more than the role may give, a discount above the goods, and a discount or waiver without a reason; nothing is stored', async () => {
    const stock = await stockOf(fox);
    const orders = await count('orders');
    const records = await count('customers');
    const phone = { phone: '01712000002' };
    // 250 + the 60 taka fee waived: 310, over admin's 300.
    const over = await take(body({ discount: { amount: 250, reason: 'Big fan' }, waiveDeliveryFee: { reason: 'Promised' } }, phone));
    expect(over.status).toBe(422);
    expect((await json(over)).error).toMatchObject({ code: 'ordering/discount-over-limit', message: expect.stringContaining('at most 300 BDT') });
    expect((await quote(body({ discount: { amount: 301, reason: 'x' } }, phone))).status).toBe(422);
    const tooMuch = await take(body({ lines: [{ productId: fox, quantity: 1 }], discount: { amount: 600, reason: 'x' } }, phone));
    expect(tooMuch.status).toBe(422);
    expect((await json(tooMuch)).error.code).toBe('ordering/discount-too-large');
    for (const wrong of [body({ discount: { amount: 50 } }, phone), body({ discount: { amount: 50, reason: '  ' } }, phone), body({ waiveDeliveryFee: { reason: '' } }, phone), body({ waiveDeliveryFee: {} }, phone)]) {
      const res = await take(wrong);
      expect(res.status).toBe(400);
      const error = (await json(res)).error;
      expect(error.code).toBe('http/validation');
      expect(error.issues[0].message).toMatch(/^Say why you /);
    }
    expect([await stockOf(fox), await count('orders'), await count('customers')]).toEqual([stock, orders, records]);
  });

  it('applies the same defences: a blocked phone, the stock, the line limits; bad input is a 4xx with a code, never a 500', async () => {
    expect((await call(t, 'POST', '/api/blocked-phones', { token: admin, body: { phone: '01799999999', reason: 'Prank orders' } })).status).toBe(201);
    const blocked = await take(body({}, { phone: '01799999999' }));
    expect(blocked.status).toBe(409);
    expect((await json(blocked)).error.code).toBe('ordering/phone-blocked');
    const short = await take(body({ lines: [{ productId: tee, size: 'M', quantity: 99 }] }));
    expect(short.status).toBe(409);
    expect((await json(short)).error.code).toBe('ordering/out-of-stock');
    const changed = await take(body({ amount: 1 }));
    expect(changed.status).toBe(409);
    expect((await json(changed)).error).toMatchObject({ code: 'ordering/total-changed', fresh: { amount: 1060 } });

    const bad: Array<[unknown, number, string]> = [
      [body({}, { phone: '12345' }), 400, 'http/validation'],
      [body({ channel: 'pigeon' }), 400, 'http/validation'],
      [body({ lines: [] }), 400, 'http/validation'],
      [body({ lines: [{ productId: fox, quantity: 1 }, { productId: fox, quantity: 2 }] }), 400, 'http/validation'],
      [body({ lines: [{ productId: 'nope', quantity: 1 }] }), 400, 'http/validation'],
      [body({ lines: [{ productId: fox, quantity: 0 }] }), 400, 'http/validation'],
      [body({ lines: [{ productId: tee, size: 'XXL', quantity: 1 }] }), 400, 'http/validation'],
      [body({ deliveryLocation: 'Outside Dhaka' }), 400, 'http/validation'],
      [body({}, { district: 'Nowhere' }), 400, 'http/validation'],
      [body({ discount: { amount: -5, reason: 'x' } }), 400, 'http/validation'],
      [body({ discount: { amount: 1.5, reason: 'x' } }), 400, 'http/validation'],
      [body({ lines: [{ productId: '0123456789abcdef01234567', quantity: 1 }] }), 409, 'ordering/product-unavailable'],
      [body({ appliedCoupon: 'NOPE' }), 400, 'ordering/coupon-invalid'],
      [{ lines: 'x' }, 400, 'http/validation'],
    ];
    for (const [b, status, code] of bad) {
      for (const res of [await take(b), await quote(b)]) {
        expect(res.status, JSON.stringify(b)).toBe(status);
        expect((await json(res)).error.code).toBe(code);
      }
    }
    const lines = Array.from({ length: 51 }, (_, i) => ({ productId: fox, size: `S${i}`, quantity: 1 }));
    expect((await take(body({ lines }))).status).toBe(409);
  });

  it('answers a retry with the same Idempotency-Key with the same order', async () => {
    const b = body({}, { phone: '01712000003' });
    const first = await take(b, admin, { 'idempotency-key': 'desk-order-0001' });
    expect(first.status).toBe(201);
    const again = await take(b, admin, { 'idempotency-key': 'desk-order-0001' });
    expect(again.status).toBe(200);
    expect((await json(again)).insertedId).toBe((await json(first)).insertedId);
  });

  it('is the shop\'s: a customer is refused (403), a visitor asked to sign in (401)', async () => {
    const shopper = await signUpCustomer(t, 'Not Staff', 'notstaff@example.com');
    for (const [method, path, b] of [
      ['POST', '/api/orders/staff', body()],
      ['POST', '/api/orders/staff/quote', body()],
      ['GET', '/api/customers?phone=01812345678', undefined],
    ] as const) {
      expect((await call(t, method, path, { token: shopper.token, body: b })).status).toBe(403);
      expect((await call(t, method, path, { body: b })).status).toBe(401);
    }
    expect((await call(t, 'GET', '/api/customers?phone=123', { token: admin })).status).toBe(400);
  });
});

describe('one history by phone: an account that proves the phone sees the orders taken for it', () => {
  it('shows them in My Orders, on their page, in their events and invoice, only after the proof, and never to anyone else', async () => {
    const phone = '01312345678';
    const order = await taken(body({ discount: { amount: 100, reason: 'First order by phone' } }, { phone, name: 'Nadia' }));
    const nadia = await signUpCustomer(t, 'Nadia', 'nadia@example.com');
    const other = await signUpCustomer(t, 'Someone Else', 'else@example.com');
    const sees = async (who: { token: string }) => ({
      list: ((await json(await call(t, 'GET', '/api/orders', { token: who.token }))) as Order[]).map((o) => o._id),
      page: (await call(t, 'GET', `/api/orders/${order._id}`, { token: who.token })).status,
      events: (await call(t, 'GET', `/api/orders/${order._id}/events`, { token: who.token })).status,
      invoice: (await call(t, 'GET', `/api/orders/${order._id}/invoice.pdf`, { token: who.token })).status,
    });
    const nothing = { list: [], page: 404, events: 404, invoice: 404 };
    expect(await sees(nadia)).toEqual(nothing);

    // A code asked but answered wrong proves nothing.
    expect((await call(t, 'POST', '/api/phone-codes', { token: nadia.token, body: { phone } })).status).toBe(201);
    const code = lastCode('+8801312345678');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: nadia.token, body: { phone, code: wrong } })).status).toBe(422);
    expect(await sees(nadia)).toEqual(nothing);
    expect((await lookUp(phone)).customer.claimed).toBe(false);

    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: nadia.token, body: { phone, code } })).status).toBe(200);
    expect(await sees(nadia)).toEqual({ list: [order._id], page: 200, events: 200, invoice: 200 });
    expect((await lookUp(phone)).customer.claimed).toBe(true);
    // The customer reads what was given, not who gave it nor the shop's reasons.
    const mine = (await json(await call(t, 'GET', `/api/orders/${order._id}`, { token: nadia.token }))) as Order;
    expect(mine.taken).toEqual({ channel: 'phone', by: null, discount: { amount: 100, reason: '' }, feeWaived: null });
    // Seen, not changed: the shop took it, the shop cancels it.
    expect((await call(t, 'DELETE', `/api/orders/${order._id}`, { token: nadia.token })).status).toBe(404);
    // Orders taken later for the phone are hers at once.
    const later = await taken(body({}, { phone, name: 'Nadia' }));
    expect((await sees(nadia)).list).toEqual([later._id, order._id]);

    // Someone else proving the same phone later claims nothing: the record stays Nadia's.
    expect((await call(t, 'POST', '/api/phone-codes', { token: other.token, body: { phone } })).status).toBe(201);
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: other.token, body: { phone, code: lastCode('+8801312345678') } })).status).toBe(200);
    expect(await sees(other)).toEqual(nothing);

    // Once Nadia's account is deleted, her claim is nobody's: the next account that proves the phone takes it over.
    expect((await call(t, 'DELETE', `/api/users/${nadia.user._id}`, { token: admin })).status).toBe(200);
    t.time.advance(31_000);
    expect((await call(t, 'POST', '/api/phone-codes', { token: other.token, body: { phone } })).status).toBe(201);
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: other.token, body: { phone, code: lastCode('+8801312345678') } })).status).toBe(200);
    expect((await sees(other)).list).toEqual([later._id, order._id]);
  });

  it('a phone proven before any order was taken for it: the orders taken later are the account\'s', async () => {
    const phone = '01412345678';
    const rumi = await signUpCustomer(t, 'Rumi', 'rumi@example.com');
    expect((await call(t, 'POST', '/api/phone-codes', { token: rumi.token, body: { phone } })).status).toBe(201);
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: rumi.token, body: { phone, code: lastCode('+8801412345678') } })).status).toBe(200);
    expect((await lookUp(phone)).customer).toMatchObject({ name: '', claimed: true });
    const order = await taken(body({}, { phone, name: 'Rumi Akter' }));
    expect(((await json(await call(t, 'GET', '/api/orders', { token: rumi.token }))) as Order[]).map((o) => o._id)).toEqual([order._id]);
    expect((await lookUp(phone)).customer).toMatchObject({ name: 'Rumi Akter', claimed: true });
  });

  it('leaves a log audit:verify passes, the listing and the sales as the events say', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
  });
});

describe('STAFF_DISCOUNT_MAX', () => {
  it('a role it does not name gives nothing; a bad value stops the shop with a message', async () => {
    const other = await createTestApp({ env: { STAFF_DISCOUNT_MAX: 'desk:500' } });
    try {
      const boss = (await adminSession(other)).token;
      const product = await addStockedProduct(other, boss, {});
      const res = await call(other, 'POST', '/api/orders/staff', {
        token: boss,
        body: { customer: { name: 'A', phone: '01812345670', address: 'B' }, lines: [{ productId: product, quantity: 1 }], deliveryLocation: 'Outside Dhaka', channel: 'phone', waiveDeliveryFee: { reason: 'x' } },
      });
      expect(res.status).toBe(422);
      expect((await json(res)).error).toMatchObject({ code: 'ordering/discount-over-limit', message: expect.stringContaining('You may not give') });
    } finally {
      await other.close();
    }
    await expect(createTestApp({ env: { STAFF_DISCOUNT_MAX: 'admin=5' } })).rejects.toThrow(/STAFF_DISCOUNT_MAX/);
  });
});
