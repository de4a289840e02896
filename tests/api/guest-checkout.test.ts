import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { startBkashServer } from '../support/payments/bkash-server.mjs';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 36 (decision 066): guest checkout. With GUEST_CHECKOUT a visitor orders with name, phone and
// address only, and (CHECKOUT_OTP) the proof a right guest code gave; the phone's customer record
// owns the order, as for an order the staff take, and an account that later proves the phone sees
// it. Off (the default), the spec's sign-in stays the only way to order. Runs on SQLite and
// (vitest.postgres.config.ts) on PostgreSQL.

type Order = { _id: string; orderNumber: number; email: string; name: string; phone: string; address: string; status: string; subtotal: number; fee: number; amount: number; cartItems: Array<{ productId: string; quantity: number }> };

let t: TestApp;
let admin = '';
let fox = '';

const guestOrder = (b: unknown, headers: Record<string, string> = {}, app = t) => call(app, 'POST', '/api/guest/orders', { body: b, headers });
function body(over: Record<string, unknown> = {}) {
  return {
    name: 'Shirin Akter',
    phone: '01712345601',
    address: 'House 9, Road 4',
    district: 'Dhaka',
    thana: 'Dhanmondi',
    deliveryLocation: 'Inside Dhaka',
    paymentMethod: 'Cash On Delivery',
    items: [{ productId: fox, quantity: 2 }],
    amount: 1060,
    ...over,
  };
}
/** The code in the newest SMS to that number (SMS_PROVIDER none: the log). */
const lastCode = (app: TestApp, phone: string) => {
  const line = app.logger.lines.filter((l) => l.includes('sms (not sent') && l.includes(phone) && l.includes(' is your ')).at(-1) ?? '';
  return /"message":"(\d{6}) is your/.exec(line)?.[1] ?? '';
};
/** A guest's code for the phone, asked and answered: the proof the order carries. */
async function proofFor(phone: string, address = '203.0.113.7'): Promise<string> {
  const sent = await call(t, 'POST', '/api/guest/phone-codes', { body: { phone }, headers: { 'x-forwarded-for': address } });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const intl = `+88${phone}`;
  const verified = await call(t, 'POST', '/api/guest/phone-codes/verify', { body: { phone, code: lastCode(t, intl) } });
  expect(verified.status).toBe(200);
  const answer = (await json(verified)) as { verified: true; validForSeconds: number; proof: string };
  expect(answer).toMatchObject({ verified: true, validForSeconds: 3600 });
  return answer.proof;
}
const stockOf = async (id: string) => Number(await t.value('select stock from product_variants where product_id = ?', id));
const count = async (table: string) => Number(await t.value(`select count(*) as count from ${table}`));

beforeAll(async () => {
  t = await createTestApp({
    env: { GUEST_CHECKOUT: 'true', CHECKOUT_OTP: 'true', GUEST_ORDERS_PER_HOUR: '1000', SMS_PER_ADDRESS_HOUR: '1000', SMS_PER_ADDRESS_DAY: '1000', SMS_PER_NUMBER_HOUR: '1000', SMS_PER_NUMBER_DAY: '1000' },
  });
  admin = (await adminSession(t)).token;
  fox = await addStockedProduct(t, admin, { category: 'Plush', title: 'Fox Plush', price: 500, stock: 50 });
});
afterAll(() => t.close());

describe('guest checkout (GUEST_CHECKOUT with CHECKOUT_OTP)', () => {
  it('says so in /api/config', async () => {
    expect(await json(await call(t, 'GET', '/api/config'))).toMatchObject({ guestCheckout: true, checkoutOtp: true });
  });

  it('refuses an order whose phone is not proven, and stores nothing (not even a customer record)', async () => {
    const records = await count('customers');
    for (const proof of [undefined, '', 'not-a-proof']) {
      const res = await guestOrder(body(proof === undefined ? {} : { phoneProof: proof }));
      expect(res.status).toBe(409);
      expect((await json(res)).error.code).toBe('ordering/phone-not-verified');
    }
    expect(await count('customers')).toBe(records);
    expect(await count('order_events')).toBe(0);
  });

  it('places an order with the proof: owned and placed by the phone\'s customer record, stock taken, the customer texted, on the desk', async () => {
    const before = await stockOf(fox);
    const proof = await proofFor('01712345601');
    // A proof is the number's: another number's order is refused with it.
    expect((await json(await guestOrder(body({ phone: '01712345602', phoneProof: proof })))).error.code).toBe('ordering/phone-not-verified');

    const res = await guestOrder(body({ phoneProof: proof }), { 'idempotency-key': 'guest-order-0001', 'accept-language': 'bn' });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = ((await json(res)) as { order: Order }).order;
    expect(order).toMatchObject({ name: 'Shirin Akter', phone: '+8801712345601', email: '', status: 'Pending', subtotal: 1000, fee: 60, amount: 1060 });
    expect(await stockOf(fox)).toBe(before - 2);

    // The same key and body: the same order again, not a second one.
    const again = await guestOrder(body({ phoneProof: proof }), { 'idempotency-key': 'guest-order-0001' });
    expect(again.status).toBe(200);
    expect(((await json(again)) as { order: Order }).order._id).toBe(order._id);
    expect(await stockOf(fox)).toBe(before - 2);

    // The log: the phone's record owns it and placed it (so it reads as a guest's: owned by a record, not taken by the staff).
    const [record] = await t.query<{ id: string; name: string; user_id: string | null }>('select id, name, user_id from customers where phone = ?', '+8801712345601');
    expect(record).toMatchObject({ name: 'Shirin Akter', user_id: null });
    const [row] = await t.query<{ payload: string; actor: string }>("select payload, actor from order_events where order_id = ? and type = 'Placed'", order._id);
    const payload = JSON.parse(row!.payload) as { owner: { userId: string; email: string }; taken?: unknown };
    expect(payload.owner).toEqual({ userId: `customer:${record!.id}`, email: '' });
    expect(payload.taken).toBeUndefined();
    expect(JSON.parse(row!.actor)).toEqual({ userId: `customer:${record!.id}`, email: '', role: 'customer' });

    // The same SMS as any order, in the language asked; no email (there is no account).
    const messages = await t.query<{ channel: string; recipient: string; body: string }>('select channel, recipient, body from order_messages where order_id = ?', order._id);
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([['sms', '+8801712345601']]);
    expect(messages[0]!.body).toContain('অর্ডার');

    const desk = (await json(await call(t, 'GET', '/api/allOrders?q=01712345601', { token: admin }))) as Order[];
    expect(desk.map((o) => o._id)).toEqual([order._id]);
    expect(await auditOrderLog(t.database)).toMatchObject({ problem: null, verified: true });
  });

  it('takes the proof of the last right answer only, and a proof counts for an hour', async () => {
    const first = await proofFor('01712345603');
    // A new code at most every 30 seconds.
    t.time.advance(31_000);
    const second = await proofFor('01712345603');
    expect(second).not.toBe(first);
    expect((await json(await guestOrder(body({ phone: '01712345603', phoneProof: first })))).error.code).toBe('ordering/phone-not-verified');
    t.time.advance(61 * 60_000);
    expect((await json(await guestOrder(body({ phone: '01712345603', phoneProof: second })))).error.code).toBe('ordering/phone-not-verified');
    const third = await proofFor('01712345603');
    expect((await guestOrder(body({ phone: '01712345603', phoneProof: third }))).status).toBe(201);
  });

  it("never rewrites the desk's record of a known phone", async () => {
    const phone = '01712345604';
    // A new session: the clock moved past the last one's hour above.
    admin = (await adminSession(t)).token;
    const taken = await call(t, 'POST', '/api/orders/staff', {
      token: admin,
      body: { customer: { name: 'Rahim Mia', phone, address: 'Shop 1, New Market' }, lines: [{ productId: fox, quantity: 1 }], deliveryLocation: 'Inside Dhaka', channel: 'phone' },
    });
    expect(taken.status).toBe(201);
    const placed = await guestOrder(body({ phone, name: 'Somebody Else', address: 'Elsewhere 5', phoneProof: await proofFor(phone) }));
    expect(placed.status).toBe(201);
    expect(((await json(placed)) as { order: Order }).order).toMatchObject({ name: 'Somebody Else', address: 'Elsewhere 5' });
    const record = (await json(await call(t, 'GET', `/api/customers?phone=${phone}`, { token: admin }))) as { customer: { name: string; address: string }; history: { placed: number } };
    expect(record.customer).toMatchObject({ name: 'Rahim Mia', address: 'Shop 1, New Market' });
    expect(record.history.placed).toBe(2);
  });

  it('shows the orders to an account that later proves the phone, and to nobody before', async () => {
    const phone = '01712345605';
    const placed = await guestOrder(body({ phone, phoneProof: await proofFor(phone) }));
    const order = ((await json(placed)) as { order: Order }).order;
    const nasrin = await signUpCustomer(t, 'Nasrin', 'nasrin@example.com');
    const mine = async () => ((await json(await call(t, 'GET', '/api/orders', { token: nasrin.token }))) as Order[]).map((o) => o._id);
    expect(await mine()).toEqual([]);
    expect((await call(t, 'GET', `/api/orders/${order._id}`, { token: nasrin.token })).status).toBe(404);
    // A guest's proof claims nothing; the account's own proof does.
    expect((await call(t, 'POST', '/api/phone-codes', { token: nasrin.token, body: { phone } })).status).toBe(201);
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: nasrin.token, body: { phone, code: lastCode(t, `+88${phone}`) } })).status).toBe(200);
    expect(await mine()).toEqual([order._id]);
    expect((await call(t, 'GET', `/api/orders/${order._id}`, { token: nasrin.token })).status).toBe(200);
  });

  it('answers bad input with 400s and the usual refusals, never a 500', async () => {
    const proof = await proofFor('01712345606');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ items: [] }, 400, 'http/validation'],
      [{ items: undefined }, 400, 'http/validation'],
      [{ items: [{ productId: fox, quantity: 1 }, { productId: fox, quantity: 2 }] }, 400, 'http/validation'],
      [{ name: '' }, 400, 'http/validation'],
      [{ phone: '12345' }, 400, 'http/validation'],
      [{ paymentMethod: 'bKash' }, 400, 'http/validation'],
      [{ thana: 'Nowhere' }, 400, 'http/validation'],
      [{ deliveryLocation: 'Outside Dhaka' }, 400, 'http/validation'],
      [{ items: [{ productId: 'ffffffffffffffffffffffff', quantity: 1 }] }, 409, 'ordering/product-unavailable'],
      [{ items: [{ productId: fox, quantity: 99 }], amount: undefined }, 409, 'ordering/out-of-stock'],
      [{ amount: 999 }, 409, 'ordering/total-changed'],
    ];
    for (const [over, status, code] of cases) {
      const res = await guestOrder(body({ phone: '01712345606', phoneProof: proof, ...over }));
      expect([res.status, (await json(res)).error.code], JSON.stringify(over)).toEqual([status, code]);
    }
    // A coupon is not taken from a guest: the field is not part of the body, so the total stays undiscounted.
    expect(await count('customers')).toBeGreaterThan(0);
  });
});

describe('guest checkout off (the default)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { CHECKOUT_OTP: 'true' } });
  });
  afterAll(() => off.close());

  it('keeps the spec\'s sign-in: the guest routes answer 409 ordering/guest-checkout-off and store nothing', async () => {
    expect(await json(await call(off, 'GET', '/api/config'))).toMatchObject({ guestCheckout: false });
    const routes = [
      ['/api/guest/orders', body()],
      ['/api/guest/phone-codes', { phone: '01712345601' }],
      ['/api/guest/phone-codes/verify', { phone: '01712345601', code: '123456' }],
    ] as const;
    for (const [path, b] of routes) {
      const res = await call(off, 'POST', path, { body: b });
      expect([path, res.status, (await json(res)).error.code]).toEqual([path, 409, 'ordering/guest-checkout-off']);
    }
    expect(Number(await off.value('select count(*) as count from customers'))).toBe(0);
    expect(off.logger.lines.filter((l) => l.includes('sms (not sent'))).toEqual([]);
  });
});

describe('guest checkout without codes, in a shop that asks a bKash advance of every order', () => {
  let shop: TestApp;
  let bkash: Awaited<ReturnType<typeof startBkashServer>>;
  let owl = '';
  beforeAll(async () => {
    bkash = await startBkashServer({ port: 0 });
    shop = await createTestApp({
      env: {
        GUEST_CHECKOUT: 'true',
        GUEST_ORDERS_PER_HOUR: '3',
        BKASH_BASE_URL: bkash.url,
        BKASH_APP_KEY: bkash.appKey,
        BKASH_APP_SECRET: bkash.appSecret,
        BKASH_USERNAME: bkash.username,
        BKASH_PASSWORD: bkash.password,
        BKASH_TIMEOUT_MS: '1500',
        ADVANCE_PAYMENT: 'delivery-fee',
        ADVANCE_WHEN: 'above:1000',
      },
    });
    const boss = (await adminSession(shop)).token;
    owl = await addStockedProduct(shop, boss, { title: 'Owl Mug', price: 400, stock: 20 });
  });
  afterAll(async () => {
    await shop.close();
    await bkash.close();
  });

  it('places a cash-on-delivery order with no code, refuses one that would ask an advance, and limits the attempts of one address', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const small = { ...body({ items: [{ productId: owl, quantity: 1 }], amount: 460 }) };
    const placed = await guestOrder(small, from('198.51.100.1'), shop);
    expect(placed.status, await placed.clone().text()).toBe(201);

    // Above 1000 taka the shop asks the delivery fee in advance: paid from an account's pages, so a guest is told to log in.
    const large = { ...body({ items: [{ productId: owl, quantity: 3 }], amount: 1260 }) };
    const refused = await guestOrder(large, from('198.51.100.1'), shop);
    expect(refused.status).toBe(409);
    const error = (await json(refused)).error as { code: string; message: string };
    expect(error.code).toBe('ordering/advance-needs-account');
    expect(error.message).toContain('log in');
    expect(Number(await shop.value("select count(*) as count from order_events where type = 'Placed'"))).toBe(1);

    // GUEST_ORDERS_PER_HOUR (3) attempts from one address, whatever they answered; another address still orders.
    expect((await guestOrder(small, from('198.51.100.1'), shop)).status).toBe(201);
    const over = await guestOrder(small, from('198.51.100.1'), shop);
    expect(over.status).toBe(429);
    expect((await json(over)).error.code).toBe('ordering/guest-orders-limit');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await guestOrder({ ...small, phone: '01712345699' }, from('198.51.100.2'), shop)).status).toBe(201);
    expect(await auditOrderLog(shop.database)).toMatchObject({ problem: null, verified: true });
  });
});
