import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { startPathaoServer } from '../support/couriers/pathao-server.mjs';
import { startRedxServer } from '../support/couriers/redx-server.mjs';
import { startSteadfastServer } from '../support/couriers/steadfast-server.mjs';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 34: after Confirmed. Three couriers' local servers (tests/support/couriers/), each speaking
// its merchant API as its documentation and public clients show it; the shop books Confirmed
// orders with them, hears back through their webhooks (sent over HTTP to the shop's real
// listener), receives returns, records payouts, and the log that holds all of it verifies.
// Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.

type Steadfast = Awaited<ReturnType<typeof startSteadfastServer>>;
type Pathao = Awaited<ReturnType<typeof startPathaoServer>>;
type Redx = Awaited<ReturnType<typeof startRedxServer>>;

let t: TestApp;
let admin: string;
let customer: string;
let product = '';
let server: Server;
let shopUrl = '';
let steadfast: Steadfast;
let pathao: Pathao;
let redx: Redx;

const control = async (base: string, path: string, body: unknown) => {
  const res = await fetch(`${base}/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return json(res);
};

beforeAll(async () => {
  [steadfast, pathao, redx] = await Promise.all([startSteadfastServer({ port: 0 }), startPathaoServer({ port: 0 }), startRedxServer({ port: 0 })]);
  const p = pathao.credentials;
  t = await createTestApp({
    env: {
      STEADFAST_BASE_URL: steadfast.url,
      STEADFAST_API_KEY: steadfast.apiKey,
      STEADFAST_SECRET_KEY: steadfast.secretKey,
      STEADFAST_WEBHOOK_TOKEN: steadfast.webhookToken,
      PATHAO_BASE_URL: pathao.url,
      PATHAO_CLIENT_ID: p.clientId,
      PATHAO_CLIENT_SECRET: p.clientSecret,
      PATHAO_USERNAME: p.username,
      PATHAO_PASSWORD: p.password,
      PATHAO_STORE_ID: String(p.storeId),
      PATHAO_WEBHOOK_SECRET: p.webhookSecret,
      REDX_BASE_URL: redx.url,
      REDX_API_TOKEN: redx.token,
      REDX_WEBHOOK_TOKEN: redx.webhookToken,
      COURIER_TIMEOUT_MS: '800',
      DELIVERY_POLL_SECONDS: '3600',
    },
  });
  server = createServer(t.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = (await adminSession(t)).token;
  product = await addStockedProduct(t, admin, { price: 1000, stock: 100 });
  customer = (await signUpCustomer(t, 'Rina Akter', 'rina@example.com')).token;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await Promise.all([steadfast.close(), pathao.close(), redx.close()]);
});

type Order = { _id: string; orderNumber: number; amount: number; status: string; district: string | null; thana: string | null; delivery: null | Record<string, unknown> };

/** A Confirmed order of two pieces (2,060 taka inside Dhaka), Dhanmondi, Dhaka. */
async function confirmedOrder(phone = '01712345678'): Promise<Order> {
  const placed = await call(t, 'POST', '/api/orders', {
    token: customer,
    body: { name: 'Rina Akter', phone, address: 'House 5, Road 2', district: 'Dhaka', thana: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: product, size: '', color: '', quantity: 2 }] },
  });
  expect(placed.status).toBe(201);
  const order = (await json(placed)).order as Order;
  expect((await call(t, 'PATCH', `/api/orders/${order._id}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
  return order;
}
const orderNow = async (id: string) => (await json(await call(t, 'GET', `/api/orders/${id}`, { token: admin }))) as Order & { delivery: Record<string, unknown> | null };
const eventsOf = async (id: string) => (await json(await call(t, 'GET', `/api/orders/${id}/events?limit=200`, { token: admin }))) as Array<{ type: string; actor: { role: string }; parcel?: Record<string, unknown>; stock?: unknown[] }>;
const stock = async () => Number(await t.value('select stock from product_variants where product_id = ?', product));
const book = async (orders: Order[], courier: string) => {
  const res = await call(t, 'POST', '/api/shipments', { token: admin, body: { orderIds: orders.map((o) => o._id), courier } });
  expect(res.status).toBe(200);
  return (await json(res)).results as Array<{ orderId: string; outcome: string; message: string | null; consignmentId: string | null; trackingCode: string | null }>;
};
const cash = async (courier: string) => {
  const res = await call(t, 'GET', '/api/stats/courier-cash', { token: admin });
  expect(res.status).toBe(200);
  return ((await json(res)).couriers as Array<Record<string, number | string>>).find((c) => c.courier === courier);
};

describe('checkout: district and thana', () => {
  it('stores them by their English names and takes the zone they are delivered in', async () => {
    const placed = await call(t, 'POST', '/api/orders', {
      token: customer,
      body: { name: 'Rina', phone: '01712345678', address: 'Flat 3', district: 'ঢাকা', thana: 'savar', deliveryLocation: 'Suburbs Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: product, size: '', color: '', quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    const order = (await json(placed)).order as Order;
    expect([order.district, order.thana]).toEqual(['Dhaka', 'Savar']);
  });

  it('refuses a zone the district does not have, a thana of another district, and a district not on the list', async () => {
    const body = (over: Record<string, string>) => ({ name: 'Rina', phone: '01712345678', address: 'Flat 3', district: 'Dhaka', thana: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: product, size: '', color: '', quantity: 1 }], ...over });
    const wrongZone = await call(t, 'POST', '/api/orders', { token: customer, body: body({ deliveryLocation: 'Outside Dhaka' }) });
    expect(wrongZone.status).toBe(400);
    expect(JSON.stringify(await json(wrongZone))).toContain('Dhanmondi, Dhaka is delivered Inside Dhaka');
    const otherThana = await call(t, 'POST', '/api/orders', { token: customer, body: body({ thana: 'Kotwali Chattogram' }) });
    expect(otherThana.status).toBe(400);
    const noDistrict = await call(t, 'POST', '/api/orders', { token: customer, body: body({ district: 'Atlantis' }) });
    expect(noDistrict.status).toBe(400);
    expect(JSON.stringify(await json(noDistrict))).toContain('Choose your district from the list');
  });

  it('lists the 64 districts with each thana and its zone', async () => {
    const res = await call(t, 'GET', '/api/areas');
    expect(res.status).toBe(200);
    const districts = (await json(res)) as Array<{ en: string; thanas: Array<{ en: string; zone: string }> }>;
    expect(districts).toHaveLength(64);
    expect(districts.find((d) => d.en === 'Dhaka')?.thanas.find((th) => th.en === 'Dhanmondi')?.zone).toBe('Inside Dhaka');
    expect(districts.find((d) => d.en === 'Gazipur')?.thanas[0]?.zone).toBe('Suburbs Dhaka');
  });
});

describe('Steadfast: three orders booked in one go, delivered, partly delivered and returned', () => {
  let orders: Order[] = [];
  let results: Awaited<ReturnType<typeof book>> = [];
  beforeAll(async () => {
    orders = [await confirmedOrder(), await confirmedOrder(), await confirmedOrder()];
    results = await book(orders, 'steadfast');
  });

  it('books each with the order number as its invoice and the total as the cash to collect', async () => {
    expect(results.map((r) => r.outcome)).toEqual(['booked', 'booked', 'booked']);
    const parcels = steadfast.parcels();
    for (const order of orders) {
      const parcel = parcels.find((p) => p.invoice === String(order.orderNumber));
      expect(parcel?.cod_amount).toBe(order.amount);
      expect(parcel?.recipient_phone).toBe('01712345678');
      expect(parcel?.recipient_address).toContain('Dhanmondi, Dhaka');
      const now = await orderNow(order._id);
      expect(now.delivery).toMatchObject({ courier: 'steadfast', status: 'booked', consignmentId: String(parcel?.consignment_id), trackingCode: parcel?.tracking_code, codAmount: order.amount, collectedAmount: null });
    }
  });

  it('refuses to book an order twice, a Pending order, and an unknown courier', async () => {
    const again = await book([orders[0]!], 'steadfast');
    expect(again[0]).toMatchObject({ outcome: 'refused' });
    expect(again[0]?.message).toContain('booked with Steadfast already');
    const placed = await call(t, 'POST', '/api/orders', {
      token: customer,
      body: { name: 'Rina', phone: '01712345678', address: 'Flat 3', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: product, size: '', color: '', quantity: 1 }] },
    });
    const pending = (await json(placed)).order as Order;
    expect((await book([pending], 'steadfast'))[0]).toMatchObject({ outcome: 'refused', message: 'Only a Confirmed order can be booked; this one is Pending.' });
    const unknown = await call(t, 'POST', '/api/shipments', { token: admin, body: { orderIds: [pending._id], courier: 'dhl' } });
    expect(unknown.status).toBe(400);
    const asCustomer = await call(t, 'POST', '/api/shipments', { token: customer, body: { orderIds: [pending._id], courier: 'steadfast' } });
    expect(asCustomer.status).toBe(403);
  });

  it("hears the courier's webhooks: delivered, partly delivered (cash 50), returned", async () => {
    const [a, b, c] = orders.map((o) => results.find((r) => r.orderId === o._id)!);
    const webhookUrl = `${shopUrl}/api/couriers/steadfast/webhook`;
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(a?.consignmentId), status: 'delivered', collected: orders[0]!.amount, deliveryCharge: 60, webhookUrl })).webhookStatus).toBe(200);
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(b?.consignmentId), status: 'partial_delivered', collected: 50, deliveryCharge: 60, webhookUrl })).webhookStatus).toBe(200);
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(c?.consignmentId), status: 'cancelled', collected: 0, deliveryCharge: 60, webhookUrl })).webhookStatus).toBe(200);
    expect((await orderNow(orders[0]!._id)).delivery).toMatchObject({ status: 'delivered', collectedAmount: orders[0]!.amount, deliveryCharge: 60 });
    expect((await orderNow(orders[1]!._id)).delivery).toMatchObject({ status: 'partly_delivered', collectedAmount: 50 });
    expect((await orderNow(orders[2]!._id)).delivery).toMatchObject({ status: 'returned', collectedAmount: null });
    const events = await eventsOf(orders[1]!._id);
    expect(events.map((e) => e.type)).toEqual(['Placed', 'Confirmed', 'Booked', 'PartlyDelivered']);
    expect(events[3]).toMatchObject({ actor: { role: 'courier' }, parcel: { collectedAmount: 50 } });
  });

  it('a repeated webhook, or one out of order, changes nothing', async () => {
    const [a] = orders.map((o) => results.find((r) => r.orderId === o._id)!);
    const before = (await eventsOf(orders[0]!._id)).length;
    const webhookUrl = `${shopUrl}/api/couriers/steadfast/webhook`;
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(a?.consignmentId), status: 'delivered', collected: orders[0]!.amount, webhookUrl })).webhookStatus).toBe(200);
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(a?.consignmentId), status: 'pending', webhookUrl })).webhookStatus).toBe(200);
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(a?.consignmentId), status: 'cancelled', webhookUrl })).webhookStatus).toBe(200);
    expect((await eventsOf(orders[0]!._id)).length).toBe(before);
    expect((await orderNow(orders[0]!._id)).delivery).toMatchObject({ status: 'delivered' });
  });

  it('refuses and logs a webhook with a wrong or missing token, and changes nothing', async () => {
    const [, , c] = orders.map((o) => results.find((r) => r.orderId === o._id)!);
    const webhookUrl = `${shopUrl}/api/couriers/steadfast/webhook`;
    const before = (await eventsOf(orders[2]!._id)).length;
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(c?.consignmentId), status: 'delivered', webhookUrl, secret: 'forged-token' })).webhookStatus).toBe(401);
    expect((await control(steadfast.origin, 'advance', { consignmentId: Number(c?.consignmentId), status: 'delivered', webhookUrl, secret: null })).webhookStatus).toBe(401);
    expect((await eventsOf(orders[2]!._id)).length).toBe(before);
    expect(t.logger.lines.some((l) => l.includes('courier webhook refused') && l.includes('steadfast'))).toBe(true);
  });

  it('shows the cash the courier holds', async () => {
    const row = await cash('steadfast');
    expect(row).toMatchObject({ heldParcels: 2, heldAmount: orders[0]!.amount + 50, heldCharges: 120, deliveredParcels: 2, returnedParcels: 1, returnsReceived: 0, settledParcels: 0 });
    const csv = await call(t, 'GET', '/api/stats/courier-cash.csv', { token: admin });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`Steadfast,2,${orders[0]!.amount + 50},120,`);
  });

  it('gives the stock back when the admin receives the returned and the partly delivered parcels', async () => {
    const before = await stock();
    const received = await call(t, 'POST', `/api/orders/${orders[2]!._id}/parcel/receive`, { token: admin, body: {} });
    expect(received.status).toBe(200);
    expect(await stock()).toBe(before + 2);
    const twice = await call(t, 'POST', `/api/orders/${orders[2]!._id}/parcel/receive`, { token: admin, body: {} });
    expect(twice.status).toBe(409);
    const tooMany = await call(t, 'POST', `/api/orders/${orders[1]!._id}/parcel/receive`, { token: admin, body: { lines: [{ productId: product, size: '', color: '', quantity: 3 }] } });
    expect(tooMany.status).toBe(400);
    const one = await call(t, 'POST', `/api/orders/${orders[1]!._id}/parcel/receive`, { token: admin, body: { lines: [{ productId: product, size: '', color: '', quantity: 1 }] } });
    expect(one.status).toBe(200);
    expect(await stock()).toBe(before + 3);
    const notReturned = await call(t, 'POST', `/api/orders/${orders[0]!._id}/parcel/receive`, { token: admin, body: {} });
    expect(notReturned.status).toBe(409);
    expect((await cash('steadfast'))?.returnsReceived).toBe(1);
  });

  it("records the courier's payout and the cash it still holds", async () => {
    const res = await call(t, 'POST', '/api/shipments/payouts', { token: admin, body: { courier: 'steadfast', reference: 'SF-PAY-0001', parcels: [{ orderId: orders[0]!._id }] } });
    expect(res.status).toBe(200);
    expect((await json(res)).results).toEqual([{ orderId: orders[0]!._id, settled: true, message: null }]);
    expect((await orderNow(orders[0]!._id)).delivery).toMatchObject({ settled: { reference: 'SF-PAY-0001', amount: orders[0]!.amount - 60, fee: 60 } });
    expect(await cash('steadfast')).toMatchObject({ heldParcels: 1, heldAmount: 50, settledParcels: 1, settledAmount: orders[0]!.amount - 60, settledFees: 60 });
    const unsettled = await json(await call(t, 'GET', '/api/shipments/unsettled?courier=steadfast', { token: admin }));
    expect(unsettled.map((p: { orderId: string }) => p.orderId)).toEqual([orders[1]!._id]);
  });

  it('the desk filters by where parcels are, and the shopper sees it on the order and the tracking page', async () => {
    const delivered = await call(t, 'GET', '/api/allOrders?delivery=delivered', { token: admin });
    expect(((await json(delivered)) as Order[]).map((o) => o._id)).toEqual([orders[0]!._id]);
    const mine = (await json(await call(t, 'GET', `/api/orders/${orders[1]!._id}`, { token: customer }))) as Order;
    expect(mine.delivery).toMatchObject({ status: 'partly_delivered', courier: 'steadfast', deliveryCharge: null, settled: null });
    // What the shop and its courier settled is not the customer's business.
    const paid = (await json(await call(t, 'GET', `/api/orders/${orders[0]!._id}`, { token: customer }))) as Order;
    expect(paid.delivery).toMatchObject({ status: 'delivered', settled: null, deliveryCharge: null });
    const listedMine = (await json(await call(t, 'GET', '/api/orders?limit=200', { token: customer }))) as Order[];
    expect(listedMine.find((o) => o._id === orders[0]!._id)?.delivery).toMatchObject({ settled: null });
    const herEvents = (await json(await call(t, 'GET', `/api/orders/${orders[0]!._id}/events`, { token: customer }))) as Array<{ type: string; parcel?: Record<string, unknown> }>;
    expect(herEvents.find((e) => e.type === 'Settled')?.parcel).toBeUndefined();
    expect(herEvents.find((e) => e.type === 'Delivered')?.parcel).toMatchObject({ collectedAmount: orders[0]!.amount });
    expect(herEvents.find((e) => e.type === 'Delivered')?.parcel).not.toHaveProperty('deliveryCharge');
    const tracked = await call(t, 'GET', `/api/track?order=${orders[2]!.orderNumber}&phone=01712345678`);
    expect(tracked.status).toBe(200);
    expect(await json(tracked)).toMatchObject({ orderNumber: orders[2]!.orderNumber, status: 'Confirmed', parcel: { courier: 'steadfast', status: 'returned' } });
    const wrongPhone = await call(t, 'GET', `/api/track?order=${orders[2]!.orderNumber}&phone=01812345678`);
    expect(wrongPhone.status).toBe(404);
    const noOrder = await call(t, 'GET', '/api/track?order=99999&phone=01712345678');
    expect(noOrder.status).toBe(404);
    expect(await json(wrongPhone)).toEqual(await json(noOrder));
  });

  it('sends the booked SMS with its tracking code, and the delivered one', async () => {
    const rows = await t.query<{ event_type: string; channel: string; body: string }>("select event_type, channel, body from order_messages where order_id = ? and channel = 'sms' order by event_seq", orders[0]!._id);
    const booked = rows.find((r) => r.event_type === 'Booked');
    const parcel = steadfast.parcels().find((p) => p.invoice === String(orders[0]!.orderNumber));
    expect(booked?.body).toContain(`tracking code ${parcel?.tracking_code}`);
    expect(rows.some((r) => r.event_type === 'Delivered' && r.body.includes('was delivered'))).toBe(true);
  });

  it('audit:verify passes over the new events', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
  });
});

describe('Steadfast down, slow or refusing: a booking is delayed, never lost nor doubled', () => {
  it('a 500 leaves the booking queued; the worker books it later', async () => {
    const order = await confirmedOrder();
    await control(steadfast.origin, 'fail', { mode: '500', times: 1 });
    const [first] = await book([order], 'steadfast');
    expect(first).toMatchObject({ outcome: 'queued' });
    expect(first?.message).toMatch(/500/);
    t.time.advance(60_000);
    await t.delivery.runOnce();
    expect((await orderNow(order._id)).delivery).toMatchObject({ courier: 'steadfast', status: 'booked' });
    expect(steadfast.parcels().filter((p) => p.invoice === String(order.orderNumber))).toHaveLength(1);
  });

  it('a 401 (wrong keys) and a 429 are tried again later, after Retry-After', async () => {
    const order = await confirmedOrder();
    await control(steadfast.origin, 'fail', { mode: '401', times: 1 });
    expect((await book([order], 'steadfast'))[0]).toMatchObject({ outcome: 'queued' });
    await control(steadfast.origin, 'fail', { mode: '429', times: 1, retryAfter: 120 });
    t.time.advance(60_000);
    await t.delivery.runOnce();
    const bookings = await json(await call(t, 'GET', `/api/orders/${order._id}/bookings`, { token: admin }));
    expect(bookings[0]).toMatchObject({ state: 'queued', attempts: 2 });
    expect(Date.parse(bookings[0].nextAttemptAt) - t.time.clock.now().getTime()).toBeGreaterThanOrEqual(120_000);
    t.time.advance(121_000);
    await t.delivery.runOnce();
    expect((await orderNow(order._id)).delivery).toMatchObject({ status: 'booked' });
  });

  it('a booking that timed out but worked is not booked again: the courier refuses the invoice, the admin records it by hand', async () => {
    const order = await confirmedOrder();
    await control(steadfast.origin, 'fail', { mode: 'book-then-stall', times: 1 });
    const [first] = await book([order], 'steadfast');
    expect(first).toMatchObject({ outcome: 'queued' });
    expect(first?.message).toMatch(/no answer within 800 ms|within the time-out|800/);
    const atCourier = () => steadfast.parcels().filter((p) => p.invoice === String(order.orderNumber));
    expect(atCourier()).toHaveLength(1);
    t.time.advance(60_000);
    await t.delivery.runOnce();
    expect(atCourier()).toHaveLength(1);
    const [booking] = await json(await call(t, 'GET', `/api/orders/${order._id}/bookings`, { token: admin }));
    expect(booking).toMatchObject({ state: 'failed', attempts: 2 });
    expect(booking.lastError).toContain(`Steadfast already has invoice ${order.orderNumber}`);
    expect((await orderNow(order._id)).delivery).toBeNull();
    const parcel = atCourier()[0]!;
    const byHand = await call(t, 'POST', `/api/orders/${order._id}/parcel`, { token: admin, body: { courier: 'steadfast', consignmentId: String(parcel.consignment_id), trackingCode: parcel.tracking_code } });
    expect(byHand.status).toBe(200);
    expect((await orderNow(order._id)).delivery).toMatchObject({ status: 'booked', trackingCode: parcel.tracking_code });
    await control(steadfast.origin, 'advance', { consignmentId: parcel.consignment_id, status: 'delivered', collected: order.amount, webhookUrl: `${shopUrl}/api/couriers/steadfast/webhook` });
    expect((await orderNow(order._id)).delivery).toMatchObject({ status: 'delivered' });
  });

  it('a parcel the courier refuses fails with its reason, and is not tried again', async () => {
    const order = await confirmedOrder();
    await control(steadfast.origin, 'fail', { mode: 'invalid', times: 1 });
    const [result] = await book([order], 'steadfast');
    expect(result).toMatchObject({ outcome: 'failed' });
    expect(result?.message).toContain('recipient address');
    // Well after any back-off (the session of the test's tokens lasts an hour).
    t.time.advance(2 * 60_000);
    await t.delivery.runOnce();
    expect((await orderNow(order._id)).delivery).toBeNull();
    expect(steadfast.parcels().filter((p) => p.invoice === String(order.orderNumber))).toHaveLength(0);
  });
});

describe('Pathao and RedX: the same flow through their own protocols', () => {
  it('Pathao: books, hears its signed webhooks, refuses a forged one, answers its handshake', async () => {
    const orders = [await confirmedOrder(), await confirmedOrder(), await confirmedOrder()];
    const results = await book(orders, 'pathao');
    expect(results.map((r) => r.outcome)).toEqual(['booked', 'booked', 'booked']);
    const webhookUrl = `${shopUrl}/api/couriers/pathao/webhook`;
    const handshake = await control(pathao.url, 'handshake', { webhookUrl });
    expect(handshake).toMatchObject({ status: 202, accepted: true });
    await control(pathao.url, 'advance', { consignmentId: results[0]?.consignmentId, status: 'order.picked', webhookUrl });
    expect((await control(pathao.url, 'advance', { consignmentId: results[0]?.consignmentId, status: 'order.delivered', collected: orders[0]!.amount, webhookUrl })).status).toBe(202);
    await control(pathao.url, 'advance', { consignmentId: results[1]?.consignmentId, status: 'order.partial-delivery', collected: 50, webhookUrl });
    await control(pathao.url, 'advance', { consignmentId: results[2]?.consignmentId, status: 'order.returned', webhookUrl });
    expect((await control(pathao.url, 'advance', { consignmentId: results[2]?.consignmentId, status: 'order.delivered', webhookUrl, secret: 'forged' })).status).toBe(401);
    expect((await orderNow(orders[0]!._id)).delivery).toMatchObject({ courier: 'pathao', status: 'delivered', collectedAmount: orders[0]!.amount });
    expect((await orderNow(orders[1]!._id)).delivery).toMatchObject({ status: 'partly_delivered', collectedAmount: 50 });
    expect((await orderNow(orders[2]!._id)).delivery).toMatchObject({ status: 'returned' });
    expect((await eventsOf(orders[0]!._id)).map((e) => e.type)).toEqual(['Placed', 'Confirmed', 'Booked', 'PickedUp', 'Delivered']);
    // Pathao's order.paid: the parcel's payout, from the courier.
    await control(pathao.url, 'advance', { consignmentId: results[0]?.consignmentId, status: 'order.paid', invoiceId: 'PTH-INV-77', webhookUrl });
    expect((await orderNow(orders[0]!._id)).delivery).toMatchObject({ settled: { reference: 'PTH-INV-77' } });
    expect(await cash('pathao')).toMatchObject({ heldParcels: 1, heldAmount: 50, settledParcels: 1, returnedParcels: 1 });
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
  });

  it('RedX: books in the area of the district and thana, hears its webhooks with the URL token, refuses a wrong token', async () => {
    const orders = [await confirmedOrder(), await confirmedOrder(), await confirmedOrder()];
    const results = await book(orders, 'redx');
    expect(results.map((r) => r.outcome)).toEqual(['booked', 'booked', 'booked']);
    const webhookUrl = `${shopUrl}/api/couriers/redx/webhook`;
    expect((await control(redx.url.replace(/\/v1\.0\.0-beta$/, ''), 'advance', { consignmentId: results[0]?.consignmentId, status: 'delivered', collected: orders[0]!.amount, webhookUrl })).webhook.status).toBe(200);
    await control(redx.url.replace(/\/v1\.0\.0-beta$/, ''), 'advance', { consignmentId: results[1]?.consignmentId, status: 'delivered', deliveryType: 'partial-delivery', collected: 50, webhookUrl });
    await control(redx.url.replace(/\/v1\.0\.0-beta$/, ''), 'advance', { consignmentId: results[2]?.consignmentId, status: 'returned', webhookUrl });
    expect((await control(redx.url.replace(/\/v1\.0\.0-beta$/, ''), 'advance', { consignmentId: results[2]?.consignmentId, status: 'delivered', webhookUrl, secret: 'forged' })).webhook.status).toBe(401);
    expect((await orderNow(orders[0]!._id)).delivery).toMatchObject({ courier: 'redx', status: 'delivered' });
    expect((await orderNow(orders[1]!._id)).delivery).toMatchObject({ status: 'partly_delivered', collectedAmount: 50 });
    expect((await orderNow(orders[2]!._id)).delivery).toMatchObject({ status: 'returned' });
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
  });

  it('Pathao answers nothing in time: the booking is left to the admin, never tried again (Pathao may book an order id twice)', async () => {
    const order = await confirmedOrder();
    await control(pathao.url, 'fail', { mode: 'stall', times: 1, path: '/aladdin/api/v1/orders', stallMs: 5_000 });
    const [result] = await book([order], 'pathao');
    expect(result).toMatchObject({ outcome: 'failed' });
    expect(result?.message).toContain(`Pathao did not answer in time and may have booked it`);
    expect(result?.message).toContain(`Look for invoice ${order.orderNumber} in the Pathao portal`);
    t.time.advance(2 * 60_000);
    await t.delivery.runOnce();
    expect(pathao.parcels().filter((p) => p.merchant_order_id === String(order.orderNumber))).toHaveLength(0);
    expect((await orderNow(order._id)).delivery).toBeNull();
  });

  it('cancels a booking before pick-up (RedX has a cancel call); Pathao has none: the admin cancels in its portal first', async () => {
    const [redxOrder, pathaoOrder] = [await confirmedOrder(), await confirmedOrder()];
    await book([redxOrder], 'redx');
    const canceled = await call(t, 'POST', `/api/orders/${redxOrder._id}/parcel/cancel`, { token: admin, body: {} });
    expect(canceled.status).toBe(200);
    expect((await orderNow(redxOrder._id)).delivery).toBeNull();
    expect((await book([redxOrder], 'steadfast'))[0]?.outcome).toBe('booked');
    await book([pathaoOrder], 'pathao');
    const refused = await call(t, 'POST', `/api/orders/${pathaoOrder._id}/parcel/cancel`, { token: admin, body: {} });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.code).toBe('delivery/courier-refused');
    const inPortal = await call(t, 'POST', `/api/orders/${pathaoOrder._id}/parcel/cancel`, { token: admin, body: { canceledAtCourier: true } });
    expect(inPortal.status).toBe(200);
    const deleted = await call(t, 'DELETE', `/api/orders/${redxOrder._id}`, { token: admin });
    expect(deleted.status).toBe(409);
  });
});
