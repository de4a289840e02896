import { afterEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, testSite, type TestApp, type TestAppOptions } from '../support/test-app.js';

// The fake-order defences of issue 16: MAX_PENDING_PER_PHONE (apart from the customer's
// MAX_PENDING_ORDERS), COD_BLOCK_AFTER_CANCELS (the shop's cancels of a phone in 90 days) and the
// admins' phone blocklist. Every refusal leaves nothing behind: no order, no event, no stock taken.
let t: TestApp;
let admin: string;
let rina: string;
let bob: string;
let productId: string;

async function shop(options: TestAppOptions = {}) {
  t = await createTestApp(options);
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
  bob = (await signUpCustomer(t, 'Bob', 'bob@example.com')).token;
  productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
}
afterEach(() => t.close());

const shopPhone = testSite.contact.phone;
const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const order = (token: string, body: Record<string, unknown> = {}) => call(t, 'POST', '/api/orders', { token, body: { ...checkout, items: [{ productId, quantity: 1 }], ...body } });
const placed = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await order(token, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).insertedId as string;
};
const setStatus = async (id: string, status: string) => expect((await call(t, 'PATCH', `/api/orders/${id}`, { token: admin, body: { status } })).status).toBe(200);
const stock = async () => ((await json(await call(t, 'GET', `/api/products/${productId}`))).variants as Array<{ stock: number }>).reduce((sum, v) => sum + v.stock, 0);
/** What an order writes: listing rows, events, idempotency keys, and the stock it takes. */
const written = async () => ({
  orders: await t.value('select count(*) from orders'),
  events: await t.value('select count(*) from order_events'),
  keys: await t.value('select count(*) from order_requests'),
  stock: await stock(),
});
/** A refusal with its status, and nothing written by it. */
async function refused(res: Response | Promise<Response>, status: number, before: Awaited<ReturnType<typeof written>>) {
  const answer = await res;
  expect(answer.status).toBe(status);
  expect(await written()).toEqual(before);
  return (await json(answer)).error as { code: string; message: string };
}
const signIn = async (email: string) => (await json(await call(t, 'POST', '/api/auth/login', { body: { email, password: strongPassword } }))).token as string;
const dayMs = 24 * 60 * 60 * 1000;

describe('MAX_PENDING_PER_PHONE', () => {
  it('refuses a 4th Pending order of one phone number, whoever places it; the customer limit still applies on its own', async () => {
    await shop({ placementLimits: { maxPending: 5, maxPendingPerPhone: 3 } });
    const ids = [await placed(rina), await placed(rina), await placed(bob, { phone: '+8801712345678' })];
    const before = await written();
    const phoneMessage = 'This phone number already has 3 orders waiting for confirmation. Please wait until we confirm them before ordering again with it.';
    expect(await refused(order(rina), 429, before)).toEqual({ code: 'ordering/too-many-pending', message: phoneMessage });
    expect(await refused(order(bob, { phone: '017-1234-5678' }), 429, before)).toEqual({ code: 'ordering/too-many-pending', message: phoneMessage });

    // Other numbers: Rina up to her own 5 Pending orders, then the customer's limit refuses.
    await placed(rina, { phone: '01898765431' });
    await placed(rina, { phone: '01898765432' });
    await placed(rina, { phone: '01898765433' });
    expect(await refused(order(rina, { phone: '01898765434' }), 429, await written())).toEqual({
      code: 'ordering/too-many-pending',
      message: 'You already have 5 orders waiting for confirmation. Please wait until we confirm them, or cancel one, before ordering again.',
    });

    // Confirming one of the number's orders frees it for Bob.
    await setStatus(ids[2] as string, 'Confirmed');
    await placed(bob);
    expect((await refused(order(bob), 429, await written())).code).toBe('ordering/too-many-pending');
  });

  it('defaults to 3 Pending orders per phone and a COD block after 3 shop cancels', async () => {
    await shop({ env: { MAX_PENDING_PER_PHONE: '', COD_BLOCK_AFTER_CANCELS: '' } });
    const ids = [await placed(rina), await placed(rina), await placed(bob)];
    expect((await refused(order(bob), 429, await written())).message).toContain('already has 3 orders');
    for (const id of ids) await setStatus(id, 'Canceled');
    expect((await refused(order(bob), 409, await written())).code).toBe('ordering/cod-blocked');
  });
});

describe('COD_BLOCK_AFTER_CANCELS', () => {
  const codMessage = `We cannot take cash on delivery orders for this phone number at the moment. Please call us at ${shopPhone} to order.`;

  it("refuses cash on delivery to a phone whose orders the shop canceled 3 times, for every customer; customers' own cancels do not count", async () => {
    await shop({ placementLimits: { codBlockAfterCancels: 3 } });
    // Rina cancels five of her own: not the shop's doing.
    for (let i = 0; i < 5; i++) expect((await call(t, 'DELETE', `/api/orders/${await placed(rina)}`, { token: rina })).status).toBe(200);
    await setStatus(await placed(rina), 'Canceled');
    await setStatus(await placed(bob), 'Canceled');
    const third = await placed(rina);
    await setStatus(third, 'Canceled');
    // Deleting a canceled order does not undo the cancel.
    expect((await call(t, 'DELETE', `/api/orders/${third}`, { token: admin })).status).toBe(200);

    const before = await written();
    expect(await refused(order(rina), 409, before)).toEqual({ code: 'ordering/cod-blocked', message: codMessage });
    expect(await refused(order(bob, { phone: '+880 1712-345678' }), 409, before)).toEqual({ code: 'ordering/cod-blocked', message: codMessage });
    // Another number orders.
    await placed(rina, { phone: '01898765432' });
  });

  it('counts the last 90 days only: a cancel 91 days ago does not count', async () => {
    await shop({ placementLimits: { codBlockAfterCancels: 3 } });
    await setStatus(await placed(rina), 'Canceled');
    t.time.advance(91 * dayMs);
    rina = await signIn('rina@example.com');
    admin = (await adminSession(t)).token;
    await setStatus(await placed(rina), 'Canceled');
    await setStatus(await placed(rina), 'Canceled');
    // Two in 90 days: still ordering.
    const fourth = await placed(rina);
    await setStatus(fourth, 'Canceled');
    expect(await refused(order(rina), 409, await written())).toEqual({ code: 'ordering/cod-blocked', message: codMessage });
    // 90 days on, those three have left the window too: the block lifts.
    t.time.advance(90 * dayMs + 1000);
    rina = await signIn('rina@example.com');
    await placed(rina);
  });

  it('is off at 0', async () => {
    await shop({ placementLimits: { codBlockAfterCancels: 0 } });
    for (let i = 0; i < 4; i++) await setStatus(await placed(rina), 'Canceled');
    await placed(rina);
  });
});

describe('the phone blocklist', () => {
  const blockedMessage = `We cannot take orders for this phone number. Please call us at ${shopPhone}.`;
  const block = (body: unknown, token: string | undefined = admin) => call(t, 'POST', '/api/blocked-phones', { token, body });

  it('is kept by admins: normalised numbers, 400 for a bad one, 409 for one listed already, 404 for one not listed', async () => {
    await shop();
    const res = await block({ phone: '017-1234 5678', reason: ' Prank orders ' });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ phone: '+8801712345678', reason: 'Prank orders', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'boss@shop.test' });
    expect(await json(await block({ phone: '+8801712345678', reason: 'Again' }))).toEqual({
      error: { code: 'ordering/phone-already-blocked', message: '+8801712345678 is on the blocklist already.' },
    });
    expect((await block({ phone: '+8801712345678', reason: 'Again' })).status).toBe(409);

    const bad = await block({ phone: '12345', reason: 'x' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatchObject({ code: 'http/validation', message: expect.stringContaining('Bangladeshi mobile number') });
    const noReason = await block({ phone: '01812345678', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).error.message).toContain('Reason is required');

    // Newest first, a page at a time.
    t.time.advance(1000);
    expect((await block({ phone: '01812345678', reason: 'Fake address' })).status).toBe(201);
    t.time.advance(1000);
    expect((await block({ phone: '01912345678', reason: 'Never answers' })).status).toBe(201);
    const page = await call(t, 'GET', '/api/blocked-phones?limit=2&offset=0', { token: admin });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await json(page)).map((b: { phone: string }) => b.phone)).toEqual(['+8801912345678', '+8801812345678']);
    const second = await json(await call(t, 'GET', '/api/blocked-phones?limit=2&offset=2', { token: admin }));
    expect(second.map((b: { phone: string }) => b.phone)).toEqual(['+8801712345678']);

    // Removed by the number as listed (URL-encoded) or written any other way.
    const removed = await call(t, 'DELETE', `/api/blocked-phones/${encodeURIComponent('+8801712345678')}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(await json(removed)).toEqual({ deletedCount: 1 });
    expect((await call(t, 'DELETE', '/api/blocked-phones/01812345678', { token: admin })).status).toBe(200);
    const gone = await call(t, 'DELETE', '/api/blocked-phones/01812345678', { token: admin });
    expect(gone.status).toBe(404);
    expect((await json(gone)).error).toEqual({ code: 'ordering/blocked-phone-not-found', message: 'This phone number is not on the blocklist.' });
    expect((await call(t, 'DELETE', '/api/blocked-phones/not-a-phone', { token: admin })).status).toBe(404);
    expect(await t.value('select count(*) from blocked_phones')).toBe(1);
  });

  it('is for admins only', async () => {
    await shop();
    expect((await block({ phone: '01712345678', reason: 'x' }, rina)).status).toBe(403);
    expect((await call(t, 'POST', '/api/blocked-phones', { body: { phone: '01712345678', reason: 'x' } })).status).toBe(401);
    expect((await call(t, 'GET', '/api/blocked-phones', { token: rina })).status).toBe(403);
    expect((await call(t, 'GET', '/api/blocked-phones')).status).toBe(401);
    expect((await block({ phone: '01712345678', reason: 'x' })).status).toBe(201);
    expect((await call(t, 'DELETE', '/api/blocked-phones/01712345678', { token: rina })).status).toBe(403);
    expect((await call(t, 'DELETE', '/api/blocked-phones/01712345678')).status).toBe(401);
    expect(await t.value('select count(*) from blocked_phones')).toBe(1);
  });

  it('turns away orders with a listed number, however written, from the cart or Order Now, without saying why; unblocking lets them in', async () => {
    await shop();
    await placed(rina);
    expect((await block({ phone: '01712345678', reason: 'Prank orders' })).status).toBe(201);
    // A cart order keeps the cart.
    expect((await call(t, 'POST', '/api/carts', { token: bob, body: { productId, quantity: 1, size: '', color: '' } })).status).toBe(201);
    const cartBefore = await t.value('select count(*) from cart_lines');
    const before = await written();
    for (const [token, body] of [
      [rina, {}],
      [bob, { phone: '+88 017 1234 5678' }],
    ] as const) {
      expect(await refused(order(token, body), 409, before)).toEqual({ code: 'ordering/phone-blocked', message: blockedMessage });
    }
    const fromCart = call(t, 'POST', '/api/orders', { token: bob, body: checkout });
    expect(await refused(fromCart, 409, before)).toEqual({ code: 'ordering/phone-blocked', message: blockedMessage });
    expect(await t.value('select count(*) from cart_lines')).toBe(cartBefore);
    await placed(rina, { phone: '01898765432' });

    expect((await call(t, 'DELETE', '/api/blocked-phones/01712345678', { token: admin })).status).toBe(200);
    await placed(bob, { ...checkout, items: undefined });
    expect(await t.value('select count(*) from cart_lines')).toBe(0);
  });
});
