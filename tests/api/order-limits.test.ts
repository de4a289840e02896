import { afterEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/test-app.js';

// Placement limits (issue 12, decision 015): per customer and per phone number, at most
// MAX_PENDING_ORDERS Pending orders and ORDERS_PER_HOUR placements in the last hour; and coupon
// codes cannot be guessed through POST /api/orders.
let t: TestApp;
let admin: string;
let rina: string;
let bob: string;
let productId: string;

async function shop(options: TestAppOptions = {}) {
  t = await createTestApp({ placementLimits: { maxPending: 5, perHour: 20 }, ...options });
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
  bob = (await signUpCustomer(t, 'Bob', 'bob@example.com')).token;
  productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
}
afterEach(() => t.close());

const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const order = (token: string, body: Record<string, unknown> = {}, key?: string) =>
  call(t, 'POST', '/api/orders', { token, body: { ...checkout, items: [{ productId, quantity: 1 }], ...body }, headers: key ? { 'idempotency-key': key } : {} });
const placed = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await order(token, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).insertedId as string;
};
const setStatus = (id: string, status: string) => call(t, 'PATCH', `/api/orders/${id}`, { token: admin, body: { status } });
const pendingRows = () => t.value("select count(*) from orders where status = 'Pending' and removed = false");
const refusal = async (res: Response) => {
  expect(res.status).toBe(429);
  return (await json(res)).error as { code: string; message: string };
};

describe('MAX_PENDING_ORDERS', () => {
  it('refuses the 6th Pending order of a customer with 429 and a message; confirming or canceling one frees a slot', async () => {
    await shop();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await placed(rina));
    const sixth = await refusal(await order(rina));
    expect(sixth).toEqual({
      code: 'ordering/too-many-pending',
      message: 'You already have 5 orders waiting for confirmation. Please wait until we confirm them, or cancel one, before ordering again.',
    });
    expect(await pendingRows()).toBe(5);

    expect((await setStatus(ids[0] as string, 'Confirmed')).status).toBe(200);
    const afterConfirm = await placed(rina);
    await refusal(await order(rina));
    // The customer cancels one of their own (DELETE): a slot again.
    expect((await call(t, 'DELETE', `/api/orders/${afterConfirm}`, { token: rina })).status).toBe(200);
    await placed(rina);
    // An admin cancels one.
    expect((await setStatus(ids[1] as string, 'Canceled')).status).toBe(200);
    await placed(rina);
    expect((await refusal(await order(rina))).code).toBe('ordering/too-many-pending');
    expect(await pendingRows()).toBe(5);
  });

  it('counts a phone number across customers (MAX_PENDING_PER_PHONE): a second customer with the same phone is refused, with another phone is not', async () => {
    await shop({ placementLimits: { maxPending: 5, maxPendingPerPhone: 3, perHour: 20 } });
    for (let i = 0; i < 3; i++) await placed(rina, { phone: '+8801712345678' });
    // The same number written another way is the same number.
    const bobs = await refusal(await order(bob, { phone: '017-1234 5678' }));
    expect(bobs).toEqual({
      code: 'ordering/too-many-pending',
      message: 'This phone number already has 3 orders waiting for confirmation. Please wait until we confirm them before ordering again with it.',
    });
    await placed(bob, { phone: '01898765432' });
    // Rina with other numbers, up to her own limit (MAX_PENDING_ORDERS), then over it.
    await placed(rina, { phone: '01898765433' });
    await placed(rina, { phone: '01898765434' });
    expect(await refusal(await order(rina, { phone: '01898765435' }))).toMatchObject({ code: 'ordering/too-many-pending', message: expect.stringContaining('You already have 5 orders') });
  });

  it('lets 30 concurrent orders of one customer leave exactly 5 Pending', async () => {
    await shop();
    const answers = await Promise.all(Array.from({ length: 30 }, () => order(rina)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(await pendingRows()).toBe(5);
    expect(await t.value('select count(*) from order_events')).toBe(5);
  });

  it('does not refuse the replay of an order already placed (same Idempotency-Key)', async () => {
    await shop();
    const first = await order(rina, {}, 'order-key-0001');
    expect(first.status).toBe(201);
    for (let i = 0; i < 4; i++) await placed(rina);
    const replay = await order(rina, {}, 'order-key-0001');
    expect(replay.status).toBe(200);
    expect((await json(replay)).insertedId).toBe((await json(first)).insertedId);
    expect((await refusal(await order(rina, {}, 'order-key-0002'))).code).toBe('ordering/too-many-pending');
  });
});

describe('ORDERS_PER_HOUR', () => {
  it('refuses the 21st order in an hour with 429, a message and Retry-After; the clock moving on frees it', async () => {
    await shop();
    // One order a minute, each confirmed, so that only the hourly limit applies.
    for (let i = 0; i < 20; i++) {
      expect((await setStatus(await placed(rina), 'Confirmed')).status).toBe(200);
      t.time.advance(60_000);
    }
    // 20 minutes after the first order: it leaves the hour in 40 minutes.
    const res = await order(rina);
    expect(res.headers.get('retry-after')).toBe(String(40 * 60));
    const error = await refusal(res);
    expect(error.code).toBe('ordering/too-many-orders');
    expect(error.message).toBe('You have placed too many orders in the last hour. Please try again later (in about 40 minutes).');
    expect(Object.keys(error).sort()).toEqual(['code', 'message']);

    // (Sessions in the test app last an hour: Rina signs in again as the clock moves.)
    const signIn = async () => (await json(await call(t, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: strongPassword } }))).token as string;
    t.time.advance(40 * 60_000 - 1000);
    rina = await signIn();
    expect((await refusal(await order(rina))).code).toBe('ordering/too-many-orders');
    t.time.advance(1000);
    await placed(rina);
    expect((await refusal(await order(rina))).code).toBe('ordering/too-many-orders');
    t.time.advance(60 * 60_000);
    await placed(await signIn());
  });

  it('counts a phone number’s orders across customers, removed ones included', async () => {
    await shop({ placementLimits: { maxPending: 100, perHour: 3 } });
    const first = await placed(rina);
    await placed(rina);
    // Removing an order does not undo placing it.
    expect((await call(t, 'DELETE', `/api/orders/${first}`, { token: rina })).status).toBe(200);
    await placed(bob);
    const error = await refusal(await order(bob));
    expect(error).toMatchObject({ code: 'ordering/too-many-orders', message: expect.stringContaining('Too many orders were placed with this phone number in the last hour.') });
    await placed(bob, { phone: '01898765432' });
  });
});

describe('coupon codes through POST /api/orders', () => {
  const couponRefusal = { code: 'auth/rate-limited', message: 'Too many coupon attempts. Please wait a few minutes and try again.' };

  it('count a wrong code against GET /api/coupon/:code’s limit; once over it, any code is refused the same way', async () => {
    await shop({ couponChecksPer15Min: 3, placementLimits: { maxPending: 100, perHour: 100 } });
    expect((await call(t, 'POST', '/api/coupons', { token: admin, body: { code: 'RIGHT10', discountPercent: 10 } })).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const res = await order(rina, { appliedCoupon: `WRONG${i}` });
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('ordering/coupon-invalid');
    }
    const fourth = await order(rina, { appliedCoupon: 'WRONG3' });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refusal(fourth)).toEqual(couponRefusal);
    // Over the limit, the right code is refused like a wrong one: nothing tells them apart.
    const right = await order(rina, { appliedCoupon: 'right10' });
    expect(await refusal(right)).toEqual(couponRefusal);
    expect(right.headers.get('retry-after')).toBe(fourth.headers.get('retry-after'));
    // The coupon route shares the count.
    expect(await refusal(await call(t, 'GET', '/api/coupon/RIGHT10', { token: rina }))).toEqual(couponRefusal);
    // An order without a code is not a guess.
    await placed(rina);
    // Another customer is not affected; and the window passing lets Rina use her code.
    await placed(bob, { appliedCoupon: 'RIGHT10', phone: '01898765432' });
    t.time.advance(15 * 60_000);
    const later = await json(await order(rina, { appliedCoupon: 'RIGHT10' }));
    expect(later.order).toMatchObject({ appliedCoupon: 'RIGHT10', discountPercent: 10 });
  });

  it('count what GET /api/coupon/:code counted: the look-ups and the orders share one limit', async () => {
    await shop({ couponChecksPer15Min: 3, placementLimits: { maxPending: 100, perHour: 100 } });
    expect((await call(t, 'POST', '/api/coupons', { token: admin, body: { code: 'RIGHT10', discountPercent: 10 } })).status).toBe(201);
    for (const code of ['GUESS1', 'GUESS2', 'RIGHT10']) await call(t, 'GET', `/api/coupon/${code}`, { token: rina });
    // Within the limit still: a right code orders.
    await placed(rina, { appliedCoupon: 'RIGHT10' });
    // The next wrong one is over it.
    expect(await refusal(await order(rina, { appliedCoupon: 'GUESS3' }))).toEqual(couponRefusal);
  });
});
