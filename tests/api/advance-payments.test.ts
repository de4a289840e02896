import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { startBdCourierServer } from '../support/couriers/bdcourier-server.mjs';
import { startSteadfastServer } from '../support/couriers/steadfast-server.mjs';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { startBkashServer } from '../support/payments/bkash-server.mjs';
import { pdfPages } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 35: an advance through bKash. The shop talks to a local bKash Tokenized Checkout
// (tests/support/payments/bkash-server.mjs) and to local courier-record sources (Steadfast's
// fraud check, BD Courier); the callback is the browser's return from bKash's page, sent to the
// real app. The rule here: the delivery fee in advance (capped at 10 % of the products: no
// escrow), asked of a phone without a good delivery record; a phone the COD block would refuse
// pays it too. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.

type Bkash = Awaited<ReturnType<typeof startBkashServer>>;
type Steadfast = Awaited<ReturnType<typeof startSteadfastServer>>;
type BdCourier = Awaited<ReturnType<typeof startBdCourierServer>>;

let t: TestApp;
let bkash: Bkash;
let steadfast: Steadfast;
let bdcourier: BdCourier;
let admin: string;
let customer: string;
let product = '';
let cheap = '';

const control = async (base: string, path: string, body: unknown) => {
  const res = await fetch(`${base}/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

beforeAll(async () => {
  [bkash, steadfast, bdcourier] = await Promise.all([startBkashServer({ port: 0 }), startSteadfastServer({ port: 0 }), startBdCourierServer({ port: 0 })]);
  t = await createTestApp({
    placementLimits: { codBlockAfterCancels: 1 },
    env: {
      BKASH_BASE_URL: bkash.url,
      BKASH_APP_KEY: bkash.appKey,
      BKASH_APP_SECRET: bkash.appSecret,
      BKASH_USERNAME: bkash.username,
      BKASH_PASSWORD: bkash.password,
      BKASH_TIMEOUT_MS: '1500',
      ADVANCE_PAYMENT: 'delivery-fee',
      ADVANCE_WHEN: 'no-good-record',
      PAYMENT_HOLD_MINUTES: '30',
      STEADFAST_BASE_URL: steadfast.url,
      STEADFAST_API_KEY: steadfast.apiKey,
      STEADFAST_SECRET_KEY: steadfast.secretKey,
      BDCOURIER_API_URL: bdcourier.url,
      BDCOURIER_API_KEY: bdcourier.apiKey,
    },
  });
  admin = (await adminSession(t)).token;
  product = await addStockedProduct(t, admin, { price: 1000, stock: 50 });
  cheap = await addStockedProduct(t, admin, { category: 'Stickers', title: 'Sticker', price: 300, stock: 50 });
  customer = (await signUpCustomer(t, 'Rina Akter', 'rina@example.com')).token;
});
afterAll(async () => {
  await t.close();
  await Promise.all([bkash.close(), steadfast.close(), bdcourier.close()]);
});

type Advance = { amount: number; status: string; reason: string; trxId: string | null; late: boolean; refund: null | { refundTrxId: string; amount: number; reason: string } };
type Awaiting = { insertedId: string; orderNumber: number; payment: { provider: string; redirectUrl: string; amount: number; holdUntil: string } };

const orderBody = (phone: string, productId = product, quantity = 1) => ({
  name: 'Rina Akter',
  phone,
  address: 'House 5, Road 2',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  items: [{ productId, size: '', color: '', quantity }],
});
const place = (phone: string, productId = product, quantity = 1) => call(t, 'POST', '/api/orders', { token: customer, body: orderBody(phone, productId, quantity) });
async function placeAwaiting(phone: string, productId = product, quantity = 1): Promise<Awaiting> {
  const res = await place(phone, productId, quantity);
  expect(res.status).toBe(202);
  return (await json(res)) as Awaiting;
}
const smsOf = (orderId: string) => t.query<{ event_type: string; body: string }>("select event_type, body from order_messages where order_id = ? and channel = 'sms' order by event_seq", orderId);
const stockOf = async (id: string) => Number(await t.value('select stock from product_variants where product_id = ?', id));
const paymentIdOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('paymentID') ?? '';
/** bKash's page: the shopper pays (or cancels, fails) there, and the browser comes back to the shop's callback. */
async function onBkashPage(redirectUrl: string, outcome: 'success' | 'failure' | 'cancel', reason?: string) {
  const answer = await control(bkash.origin, 'approve', { paymentID: paymentIdOf(redirectUrl), outcome, ...(reason ? { reason } : {}) });
  const back = new URL(String(answer.callbackUrl));
  expect(back.origin).toBe('http://shop.test');
  const res = await call(t, 'GET', `${back.pathname}${back.search}`);
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
}
const orderAsAdmin = async (id: string) => (await json(await call(t, 'GET', `/api/orders/${id}`, { token: admin }))) as { status: string; removed: boolean; advance: Advance | null; amount: number };
const myOrders = async () => ((await json(await call(t, 'GET', '/api/orders?limit=100', { token: customer }))) as Array<{ _id: string }>).map((o) => o._id);
const eventsOf = async (id: string) => (await json(await call(t, 'GET', `/api/orders/${id}/events?limit=100`, { token: admin }))) as Array<{ type: string; actor: { role: string; email: string }; payment?: Record<string, unknown>; stock?: unknown[] }>;

describe('checkout: the advance before the shopper confirms', () => {
  it('is the delivery fee for a phone without a record, capped at 10 % of the products without escrow, and none for a good record', async () => {
    const quote = async (phone: string, subtotal: number) => {
      const res = await call(t, 'GET', `/api/checkout/advance?phone=${phone}&subtotal=${subtotal}&discount=0&deliveryLocation=Inside%20Dhaka`, { token: customer });
      expect(res.status).toBe(200);
      return (await json(res)).advance as null | { amount: number; reason: string; payOnDelivery: number; holdMinutes: number };
    };
    expect(await quote('01711000001', 1000)).toEqual({ provider: 'bkash', amount: 60, reason: 'rule', payOnDelivery: 1000, holdMinutes: 30 });
    // 10 % of 300 taka of products is 30: the guidelines' cap.
    expect((await quote('01711000001', 300))?.amount).toBe(30);
    // A phone the couriers know as good (BD Courier: 9 of 10 delivered) pays nothing in advance.
    await control(bdcourier.origin, 'record', { phone: '01711000002', couriers: { pathao: { delivered: 9, cancelled: 1 } } });
    expect(await quote('01711000002', 1000)).toBeNull();
    expect((await call(t, 'GET', '/api/checkout/advance?phone=123&subtotal=1&deliveryLocation=Inside%20Dhaka', { token: customer })).status).toBe(400);
    expect((await call(t, 'GET', '/api/checkout/advance?phone=01711000001&subtotal=1000&deliveryLocation=Inside%20Dhaka')).status).toBe(401);
  });

  it('places a good record\'s order at once, cash on delivery', async () => {
    const res = await place('01711000002');
    expect(res.status).toBe(201);
    expect(((await json(res)).order as { advance: unknown }).advance).toBeNull();
  });
});

describe('an order that waits for its advance', () => {
  it('holds its stock, is on no list, and is Pending with the advance recorded once bKash confirms the payment', async () => {
    const before = await stockOf(product);
    const waiting = await placeAwaiting('01711000003', product, 2);
    expect(waiting.payment).toMatchObject({ provider: 'bkash', amount: 60 });
    expect(waiting.payment.redirectUrl.startsWith(`${bkash.origin}/checkout/pay?paymentID=`)).toBe(true);
    expect(await stockOf(product)).toBe(before - 2);
    expect(await myOrders()).not.toContain(waiting.insertedId);
    const desk = (await json(await call(t, 'GET', '/api/allOrders?limit=100', { token: admin }))) as Array<{ _id: string }>;
    expect(desk.map((o) => o._id)).not.toContain(waiting.insertedId);
    // bKash was asked for the order's number as the invoice, the delivery fee as the amount, our callback.
    const created = (bkash.payments() as Array<Record<string, unknown>>).find((p) => p.paymentID === paymentIdOf(waiting.payment.redirectUrl));
    expect(created).toMatchObject({ merchantInvoiceNumber: String(waiting.orderNumber), callbackURL: 'http://shop.test/api/payments/bkash/callback' });

    const landed = await onBkashPage(waiting.payment.redirectUrl, 'success');
    expect(landed).toBe(`/pay/${waiting.insertedId}?result=paid`);
    const order = await orderAsAdmin(waiting.insertedId);
    expect(order.status).toBe('Pending');
    expect(order.removed).toBe(false);
    expect(order.advance).toMatchObject({ status: 'paid', amount: 60, late: false });
    expect(order.advance?.trxId).toMatch(/\w+/);
    expect(await myOrders()).toContain(waiting.insertedId);
    const paid = (await eventsOf(waiting.insertedId)).find((e) => e.type === 'AdvancePaid');
    expect(paid).toMatchObject({ actor: { role: 'system', email: 'bkash' }, payment: { provider: 'bkash', amount: 60, trxId: order.advance?.trxId } });
    // The customer hears of the order only now, with the advance.
    const texts = await smsOf(waiting.insertedId);
    expect(texts.find((m) => m.event_type === 'Placed')).toBeUndefined();
    expect(texts.find((m) => m.event_type === 'AdvancePaid')?.body).toContain(`Order ${waiting.orderNumber} placed: ${order.amount.toLocaleString('en-US')} BDT, 60 BDT paid by bKash`);

    // The same callback again (a reload, a forgery) executes nothing twice and changes nothing.
    const again = await call(t, 'GET', `/api/payments/bkash/callback?paymentID=${paymentIdOf(waiting.payment.redirectUrl)}&status=success`);
    expect(again.headers.get('location')).toBe(`/pay/${waiting.insertedId}?result=paid`);
    expect((await eventsOf(waiting.insertedId)).filter((e) => e.type === 'AdvancePaid')).toHaveLength(1);

    // The invoice and the desk's CSV show the advance, and what is left to collect.
    const invoice = await call(t, 'GET', `/api/orders/${waiting.insertedId}/invoice.pdf`, { token: admin });
    expect(invoice.status).toBe(200);
    const [page] = await pdfPages(new Uint8Array(await invoice.arrayBuffer()));
    expect(page).toContain(`Paid by bKash (${order.advance?.trxId})`);
    expect(page).toContain(`Cash On Delivery: collect ${(order.amount - 60).toLocaleString('en-US')} BDT`);
    const csv = await (await call(t, 'GET', `/api/orders/export.csv?q=${waiting.orderNumber}`, { token: admin })).text();
    expect(csv).toContain(`,60,${order.advance?.trxId},0`);
    // The courier collects the total less the advance.
    expect((await call(t, 'PATCH', `/api/orders/${waiting.insertedId}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
    const booked = await call(t, 'POST', `/api/orders/${waiting.insertedId}/parcel`, { token: admin, body: { courier: 'steadfast', consignmentId: 'C-1', trackingCode: 'T-1' } });
    expect(booked.status).toBe(200);
    const parcel = (await eventsOf(waiting.insertedId)).find((e) => e.type === 'Booked') as { parcel?: { codAmount?: number } } | undefined;
    expect(parcel?.parcel?.codAmount).toBe(order.amount - 60);
  });

  it('does not believe a forged success: bKash is asked, and an unpaid payment leaves the order waiting', async () => {
    const waiting = await placeAwaiting('01711000004');
    const forged = await call(t, 'GET', `/api/payments/bkash/callback?paymentID=${paymentIdOf(waiting.payment.redirectUrl)}&status=success`);
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe(`/pay/${waiting.insertedId}?result=pending`);
    // Replayed, it asks bKash at most once every 3 seconds.
    const executes = async () => ((await (await fetch(`${bkash.origin}/_control/requests`)).json()) as Array<{ path: string }>).filter((r) => r.path.endsWith('checkout/execute')).length;
    const before = await executes();
    for (let i = 0; i < 5; i++) await call(t, 'GET', `/api/payments/bkash/callback?paymentID=${paymentIdOf(waiting.payment.redirectUrl)}&status=success`);
    expect(await executes()).toBe(before);
    expect((await orderAsAdmin(waiting.insertedId)).advance?.status).toBe('awaiting');
    const unknown = await call(t, 'GET', '/api/payments/bkash/callback?paymentID=NOPE123&status=success');
    expect(unknown.headers.get('location')).toBe('/pay?result=unknown');
    const junk = await call(t, 'GET', '/api/payments/bkash/callback?paymentID=%3Cscript%3E&status=success');
    expect(junk.headers.get('location')).toBe('/pay?result=unknown');
  });

  it('lets a shopper who canceled on bKash, or had too little balance, try again; unpaid, the hold lapses and the stock comes back', async () => {
    const before = await stockOf(cheap);
    const res = await place('01711000005', cheap, 3);
    expect(res.status).toBe(202);
    const waiting = (await json(res)) as Awaiting;
    // 10 % of 900 taka is 90: the 60 taka fee is asked whole.
    expect(waiting.payment.amount).toBe(60);
    expect(await onBkashPage(waiting.payment.redirectUrl, 'cancel')).toBe(`/pay/${waiting.insertedId}?result=canceled`);
    const view = (await json(await call(t, 'GET', `/api/orders/${waiting.insertedId}/payment`, { token: customer }))) as { canRetry: boolean; latest: { state: string }; advance: Advance };
    expect(view).toMatchObject({ canRetry: true, latest: { state: 'canceled' }, advance: { status: 'awaiting' } });
    // Someone else's order does not exist for this shopper.
    const other = (await signUpCustomer(t, 'Other', 'other@example.com')).token;
    expect((await call(t, 'GET', `/api/orders/${waiting.insertedId}/payment`, { token: other })).status).toBe(404);
    expect((await call(t, 'POST', `/api/orders/${waiting.insertedId}/payment`, { token: other })).status).toBe(404);

    const retry = await call(t, 'POST', `/api/orders/${waiting.insertedId}/payment`, { token: customer });
    expect(retry.status).toBe(200);
    const second = ((await json(retry)) as { payment: { redirectUrl: string } }).payment.redirectUrl;
    expect(second).not.toBe(waiting.payment.redirectUrl);
    expect((bkash.payments() as Array<Record<string, unknown>>).find((p) => p.paymentID === paymentIdOf(second))?.merchantInvoiceNumber).toBe(`${waiting.orderNumber}-2`);
    const failed = await onBkashPage(second, 'failure', 'insufficient balance');
    expect(failed.startsWith(`/pay/${waiting.insertedId}?result=failed`)).toBe(true);
    expect(await stockOf(cheap)).toBe(before - 3);

    // Thirty minutes on, the hold lapses: canceled, off every list, the stock back.
    t.time.advance(31 * 60_000);
    await t.payments.runOnce();
    const lapsed = await orderAsAdmin(waiting.insertedId);
    expect(lapsed).toMatchObject({ status: 'Canceled', removed: true, advance: { status: 'expired' } });
    expect(await stockOf(cheap)).toBe(before);
    const expired = (await eventsOf(waiting.insertedId)).find((e) => e.type === 'PaymentExpired');
    expect(expired).toMatchObject({ actor: { role: 'system' } });
    expect(expired?.stock).toEqual([{ productId: cheap, size: '', color: '', quantity: 3 }]);
    const late = await call(t, 'POST', `/api/orders/${waiting.insertedId}/payment`, { token: customer });
    expect(late.status).toBe(409);
    expect((await json(late)).error).toMatchObject({ code: 'payments/not-awaiting' });
    // A payment approved after the hold is not executed: no money is taken for stock given back.
    expect(await onBkashPage(second, 'success')).toBe(`/pay/${waiting.insertedId}?result=expired`);
    expect((bkash.payments() as Array<Record<string, unknown>>).find((p) => p.paymentID === paymentIdOf(second))?.trxID ?? null).toBeNull();
    // A second turn changes nothing.
    await t.payments.runOnce();
    expect((await eventsOf(waiting.insertedId)).filter((e) => e.type === 'PaymentExpired')).toHaveLength(1);
  });

  it('settles an execute whose answer never came by asking bKash, with expired tokens renewed on the way', async () => {
    const renewed = await placeAwaiting('01711000011');
    await control(bkash.origin, 'expire-tokens', { refreshTokens: true });
    expect(await onBkashPage(renewed.payment.redirectUrl, 'success')).toBe(`/pay/${renewed.insertedId}?result=paid`);
    const grants = ((await (await fetch(`${bkash.origin}/_control/requests`)).json()) as Array<{ path: string }>).filter((r) => r.path.endsWith('token/grant'));
    expect(grants.length).toBeGreaterThanOrEqual(2);
    // bKash carries the execute out, and its answer never comes back (the time-out is 1.5 s here): the status call settles it.
    const waiting = await placeAwaiting('01711000013');
    await control(bkash.origin, 'fail', { mode: 'then-stall', times: 1, route: 'execute' });
    const landed = await onBkashPage(waiting.payment.redirectUrl, 'success');
    expect(landed).toBe(`/pay/${waiting.insertedId}?result=paid`);
    expect((await orderAsAdmin(waiting.insertedId)).advance?.status).toBe('paid');
  });

  it('tells the page "pending" when bKash does not answer at all, and the page\'s check settles it later', async () => {
    const waiting = await placeAwaiting('01711000012');
    await control(bkash.origin, 'fail', { mode: 'stall', times: 2 });
    const landed = await onBkashPage(waiting.payment.redirectUrl, 'success');
    expect(landed).toBe(`/pay/${waiting.insertedId}?result=pending`);
    // Never executed: the page's check reads bKash's status (initiated), and the order still waits.
    const view = (await json(await call(t, 'GET', `/api/orders/${waiting.insertedId}/payment?check=1`, { token: customer }))) as { advance: Advance; canRetry: boolean };
    expect(view).toMatchObject({ advance: { status: 'awaiting' }, canRetry: true });
    // However often the page asks, bKash is asked at most once every 3 seconds per order.
    const statusCalls = async () => ((await (await fetch(`${bkash.origin}/_control/requests`)).json()) as Array<{ path: string }>).filter((r) => r.path.endsWith('payment/status')).length;
    const before = await statusCalls();
    for (let i = 0; i < 5; i++) expect((await call(t, 'GET', `/api/orders/${waiting.insertedId}/payment?check=1`, { token: customer })).status).toBe(200);
    expect(await statusCalls()).toBe(before);
    t.time.advance(3_000);
    await call(t, 'GET', `/api/orders/${waiting.insertedId}/payment?check=1`, { token: customer });
    expect(await statusCalls()).toBe(before + 1);
  });

  it('answers the shop\'s own page when bKash is down, and a later try works', async () => {
    await control(bkash.origin, 'fail', { mode: '503', times: 1, route: 'create' });
    const waiting = await placeAwaiting('01711000006');
    expect(waiting.payment.redirectUrl).toBe(`/pay/${waiting.insertedId}?result=unavailable`);
    const retry = await call(t, 'POST', `/api/orders/${waiting.insertedId}/payment`, { token: customer });
    expect(retry.status).toBe(200);
    expect(((await json(retry)) as { payment: { redirectUrl: string } }).payment.redirectUrl.startsWith(bkash.origin)).toBe(true);
  });
});

describe('a phone the COD block would refuse', () => {
  it('is offered the delivery fee in advance instead of a refusal', async () => {
    const phone = '01711000007';
    const first = await placeAwaiting(phone);
    await onBkashPage(first.payment.redirectUrl, 'success');
    expect((await call(t, 'PATCH', `/api/orders/${first.insertedId}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    // One cancel by the shop blocks cash on delivery here (COD_BLOCK_AFTER_CANCELS=1): the advance is asked for that reason.
    const quote = await call(t, 'GET', `/api/checkout/advance?phone=${phone}&subtotal=1000&deliveryLocation=Inside%20Dhaka`, { token: customer });
    expect((await json(quote)).advance).toMatchObject({ amount: 60, reason: 'cod-blocked' });
    const second = await placeAwaiting(phone);
    expect((await orderAsAdmin(second.insertedId)).advance).toMatchObject({ reason: 'cod-blocked', status: 'awaiting' });
  });
});

describe('refunds', () => {
  it('refunds a canceled order\'s advance through bKash, once, and records it in the log', async () => {
    const waiting = await placeAwaiting('01711000008');
    await onBkashPage(waiting.payment.redirectUrl, 'success');
    // Not while the order stands, nor for a customer.
    const early = await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: admin, body: { reason: 'changed mind' } });
    expect(early.status).toBe(409);
    expect((await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: customer, body: { reason: 'x' } })).status).toBe(403);
    expect((await call(t, 'PATCH', `/api/orders/${waiting.insertedId}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    // The money is still held: the order cannot be deleted.
    const deleted = await call(t, 'DELETE', `/api/orders/${waiting.insertedId}`, { token: admin });
    expect(deleted.status).toBe(409);
    expect(JSON.stringify(await json(deleted))).toContain('refund it first');
    expect((await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: admin, body: { reason: '' } })).status).toBe(400);
    expect((await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: admin, body: { reason: 'Out of stock', amount: 61 } })).status).toBe(400);

    const refunded = await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: admin, body: { reason: 'Out of stock' } });
    expect(refunded.status).toBe(200);
    const advance = ((await json(refunded)) as { advance: Advance }).advance;
    expect(advance).toMatchObject({ status: 'refunded', refund: { amount: 60, reason: 'Out of stock' } });
    const atBkash = (bkash.payments() as Array<{ paymentID: string; refunds?: Array<{ refundTrxID: string }> }>).find((p) => p.paymentID === paymentIdOf(waiting.payment.redirectUrl));
    expect(atBkash?.refunds?.map((r) => r.refundTrxID)).toEqual([advance.refund?.refundTrxId]);
    expect((await eventsOf(waiting.insertedId)).find((e) => e.type === 'AdvanceRefunded')).toMatchObject({ actor: { role: 'admin' }, payment: { amount: 60, refundTrxId: advance.refund?.refundTrxId, reason: 'Out of stock' } });
    expect((await smsOf(waiting.insertedId)).find((m) => m.event_type === 'AdvanceRefunded')?.body).toContain(`We refunded 60 BDT of order ${waiting.orderNumber} to your bKash, transaction ${advance.refund?.refundTrxId}`);
    const twice = await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: admin, body: { reason: 'again' } });
    expect(twice.status).toBe(409);
    expect((await call(t, 'DELETE', `/api/orders/${waiting.insertedId}`, { token: admin })).status).toBe(200);
  });

  it('records a refund bKash made whose answer was lost, without refunding twice', async () => {
    const waiting = await placeAwaiting('01711000009');
    await onBkashPage(waiting.payment.redirectUrl, 'success');
    expect((await call(t, 'PATCH', `/api/orders/${waiting.insertedId}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    // The refund-status call goes first (answered: none), then the refund itself is made and its answer never comes.
    await control(bkash.origin, 'fail', { mode: 'then-stall', times: 1, route: 'refund', after: 1 });
    const lost = await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: admin, body: { reason: 'Canceled' } });
    expect(lost.status).toBe(503);
    expect(JSON.stringify(await json(lost))).toContain('the refund may have been made');
    expect((await orderAsAdmin(waiting.insertedId)).advance?.status).toBe('paid');
    // Tried again: bKash says the refund exists, and the shop records it instead of refunding again.
    const retried = await call(t, 'POST', `/api/orders/${waiting.insertedId}/refund`, { token: admin, body: { reason: 'Canceled' } });
    expect(retried.status).toBe(200);
    expect((await orderAsAdmin(waiting.insertedId)).advance?.status).toBe('refunded');
    const atBkash = (bkash.payments() as Array<{ paymentID: string; refunds?: unknown[] }>).find((p) => p.paymentID === paymentIdOf(waiting.payment.redirectUrl));
    expect(atBkash?.refunds).toHaveLength(1);
  });
});

describe('the delivery record at the desk', () => {
  it("shows the shop's own record and the couriers', cached a day", async () => {
    const phone = '01711000010';
    await control(steadfast.origin, 'record', { phone, delivered: 12, cancelled: 3 });
    await control(bdcourier.origin, 'record', { phone, couriers: { pathao: { delivered: 4, cancelled: 1 }, redx: { delivered: 2, cancelled: 0 } } });
    // A good record (16 + 2 of 22): no advance.
    const res = await place(phone);
    expect(res.status).toBe(201);
    const id = ((await json(res)) as { insertedId: string }).insertedId;
    const asked = async () => {
      const r = await call(t, 'GET', `/api/orders/${id}/record`, { token: admin });
      expect(r.status).toBe(200);
      return (await json(r)) as { own: Record<string, number>; couriers: Array<{ source: string; delivered: number; returned: number; total: number }>; unavailable: unknown[]; good: boolean };
    };
    const record = await asked();
    expect(record.own).toMatchObject({ placed: 1, delivered: 0, returned: 0 });
    expect(record.couriers.find((c) => c.source === 'steadfast')).toMatchObject({ delivered: 12, returned: 3, total: 15 });
    expect(record.couriers.find((c) => c.source === 'bdcourier')).toMatchObject({ delivered: 6, returned: 1 });
    expect(record.good).toBe(true);
    const lookups = async () => ((await (await fetch(`${bdcourier.origin}/_control/requests`)).json()) as unknown[]).length;
    const seen = await lookups();
    await asked();
    expect(await lookups()).toBe(seen);
    // A day on, the sources are asked again; one that is down is named, the record still answers.
    t.time.advance(25 * 60 * 60_000);
    admin = (await adminSession(t)).token;
    await control(bdcourier.origin, 'fail', { mode: '500', times: 1 });
    const later = await asked();
    expect(later.unavailable).toEqual([expect.objectContaining({ source: 'bdcourier' })]);
    customer = (await signUpCustomer(t, 'Late', 'late@example.com')).token;
    expect((await call(t, 'GET', `/api/orders/${id}/record`, { token: customer })).status).toBe(403);
  });
});

describe('the sales report', () => {
  it('counts the advances paid and refunded in its range', async () => {
    const res = await call(t, 'GET', '/api/stats/sales?from=2025-12-01&to=2026-01-05', { token: admin });
    expect(res.status).toBe(200);
    const { advances } = (await json(res)) as { advances: Record<string, number> };
    // Paid: the orders of 01711000003, ...011, ...013, ...007, ...008, ...009; refunded: ...008 and ...009.
    expect(advances).toEqual({ paidOrders: 6, paidAmount: 360, refundedOrders: 2, refundedAmount: 120 });
  });
});

describe('checkout quotes are bounded', () => {
  it('answers 60 quotes per shopper in 15 minutes, then 429 with Retry-After', async () => {
    const quoter = (await signUpCustomer(t, 'Quoter', 'quoter@example.com')).token;
    const ask = () => call(t, 'GET', '/api/checkout/advance?phone=01711000099&subtotal=1000&deliveryLocation=Inside%20Dhaka', { token: quoter });
    for (let i = 0; i < 60; i++) expect((await ask()).status).toBe(200);
    const over = await ask();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the log', () => {
  it('verifies with every payment event in it', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
  });
});
