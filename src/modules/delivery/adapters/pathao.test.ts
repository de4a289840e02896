import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPathaoServer } from '../../../../tests/support/couriers/pathao-server.mjs';
import { CourierError, type Booking, type CourierReport, type ParcelRequest, type ParcelStatus, type WebhookReading } from '../ports.js';
import { createPathaoCourier, pathaoIntegrationSecret, pathaoStatusOf, type PathaoCourierOptions } from './pathao.js';

type Fake = Awaited<ReturnType<typeof startPathaoServer>>;
let fake: Fake;
let receiver: Server;
let webhookUrl: string;
/** What the webhook receiver read, in order. */
const readings: WebhookReading[] = [];

const courierOf = (extra: Partial<PathaoCourierOptions> = {}) => createPathaoCourier({ ...fake.credentials, baseUrl: fake.url, timeoutMs: 2_000, ...extra });

/** A control route's answer: a JSON object whose fields the tests read. */
type ControlAnswer = { status?: number; integrationSecret?: string | null; accepted?: boolean; [field: string]: unknown };

async function control(path: string, body?: unknown): Promise<{ status: number; json: ControlAnswer }> {
  const response = await fetch(`${fake.url}/_control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as ControlAnswer };
}

async function failureOf(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CourierError) return error;
    throw error;
  }
  throw new Error('expected a CourierError');
}

const tokenGrants = () => fake.requests().filter((r) => r.path === '/aladdin/api/v1/issue-token').map((r) => r.grantType);
const calls = (method: string, path: string) => fake.requests().filter((r) => r.method === method && r.path === path).length;

let nextOrder = 10001;
const parcel = (overrides: Partial<ParcelRequest> = {}): ParcelRequest => ({
  orderNumber: nextOrder++,
  recipientName: 'Rahim Uddin',
  recipientPhone: '01712345678',
  recipientAddress: 'House 12, Road 4, Dhanmondi, Dhaka',
  district: 'Dhaka',
  thana: 'Dhanmondi',
  codAmount: 1250,
  itemCount: 2,
  weightKg: 0.5,
  description: '2 items: Pikachu plush, Booster box',
  note: 'Call before coming',
  ...overrides,
});

beforeAll(async () => {
  fake = await startPathaoServer({ port: 0 });
  // The shop's webhook route in miniature: what readWebhook says, answered as the route will.
  const webhookCourier = createPathaoCourier({ ...fake.credentials, baseUrl: fake.url });
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
      const reading = webhookCourier.readWebhook({ headers, body });
      readings.push(reading);
      if (reading.kind === 'refused' || reading.kind === 'invalid') {
        res.writeHead(reading.kind === 'refused' ? 401 : 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: reading.reason }));
        return;
      }
      res.writeHead(reading.status, { 'content-type': 'application/json', ...reading.headers });
      res.end(JSON.stringify(reading.body));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const address = receiver.address();
  webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/couriers/pathao/webhook`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await fake.close();
});

beforeEach(async () => {
  await control('reset', {});
  readings.length = 0;
});

describe('the Pathao courier books parcels', () => {
  it('books one parcel with the order number as merchant_order_id and the city and zone of its district and thana', async () => {
    const courier = courierOf();
    const request = parcel({ codAmount: 1250, weightKg: 0.3, itemCount: 3 });
    const booking = await courier.book(request);

    expect(booking.consignmentId).toMatch(/^DL\d{6}[0-9A-Z]{6}$/);
    expect(booking.trackingCode).toBe(booking.consignmentId);
    // 60 taka in Dhaka plus 1 % of the cash (12.50): Pathao's 72.5, rounded up.
    expect(booking.deliveryCharge).toBe(73);
    const [booked] = fake.parcels();
    expect(booked).toMatchObject({
      consignment_id: booking.consignmentId,
      merchant_order_id: String(request.orderNumber),
      store_id: 12345,
      recipient_name: 'Rahim Uddin',
      recipient_phone: '01712345678',
      recipient_address: 'House 12, Road 4, Dhanmondi, Dhaka',
      recipient_city: 1,
      recipient_zone: 52,
      delivery_type: 48,
      item_type: 2,
      item_quantity: 3,
      item_weight: 0.5,
      amount_to_collect: 1250,
      item_description: '2 items: Pikachu plush, Booster box',
      special_instruction: 'Call before coming',
    });
  });

  it("finds Pathao's city whatever the spelling of the district (Chattogram, Cumilla, Cox's Bazar, Bogura, Brahmanbaria)", async () => {
    const courier = courierOf();
    const places: Array<[string, string, number, number]> = [
      ['Chattogram', 'Panchlaish', 2, 121],
      ['CUMILLA', 'Comilla Sadar', 8, 400],
      ["Cox's Bazar", 'Teknaf', 20, 700],
      ['Bogura', 'Bogra Sadar', 13, 600],
      ['Brahmanbaria', 'Brahmanbaria Sadar', 32, 320],
      ['Barishal', 'Barisal Sadar', 17, 300],
      ['Jashore', 'Jessore Sadar', 11, 500],
      ['Narayangonj', 'Fatullah', 25, 800],
    ];
    for (const [district, thana] of places) await courier.book(parcel({ district, thana, recipientAddress: 'Holding 7, Station Road' }));
    expect(fake.parcels().map((p) => [p.recipient_city, p.recipient_zone])).toEqual(places.map(([, , city, zone]) => [city, zone]));
  });

  it('leaves the city and zone out when Pathao has no such thana, and Pathao places the parcel from its address', async () => {
    const courier = courierOf();
    await courier.book(parcel({ district: 'Dhaka', thana: 'Nowhere Thana', recipientAddress: 'Road 11, Gulshan, Dhaka' }));
    expect(fake.parcels()[0]).toMatchObject({ recipient_city: 1, recipient_zone: 70 });
  });

  it('refuses a parcel that neither the lists nor Pathao can place', async () => {
    const courier = courierOf();
    const error = await failureOf(courier.book(parcel({ district: 'Atlantis', thana: 'Nowhere', recipientAddress: 'Somewhere far away, road 9' })));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/^Pathao has no city\/zone for Atlantis\/Nowhere/);
    expect(error.message.length).toBeLessThanOrEqual(200);
    expect(fake.parcels()).toHaveLength(0);
  });

  it('refuses a parcel Pathao finds invalid, naming the field', async () => {
    const error = await failureOf(courierOf().book(parcel({ recipientPhone: '0171234' })));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('recipient_phone: The recipient phone format is invalid.');
  });

  it('books many one after another, each with its own result', async () => {
    const courier = courierOf();
    const results = await courier.bookMany([parcel(), parcel({ recipientPhone: '123' }), parcel({ district: 'Chattogram', thana: 'Halishahar' })]);

    expect(results).toHaveLength(3);
    const [first, second, third] = results;
    expect(first).not.toBeInstanceOf(CourierError);
    expect(second).toBeInstanceOf(CourierError);
    expect((second as CourierError).kind).toBe('refused');
    expect(third).not.toBeInstanceOf(CourierError);
    expect(fake.parcels().map((p) => p.consignment_id)).toEqual([(first as Booking).consignmentId, (third as Booking).consignmentId]);
    expect(fake.parcels()[1]).toMatchObject({ recipient_city: 2, recipient_zone: 120 });
    // One order call each: Pathao's bulk call gives no ids, so it is not used.
    expect(calls('POST', '/aladdin/api/v1/orders')).toBe(3);
    expect(calls('POST', '/aladdin/api/v1/orders/bulk')).toBe(0);
  });

  it('stops a round of many at the first failure that is not the parcel’s own, and tells the others why', async () => {
    const courier = courierOf();
    await courier.quote(parcel()); // a token and the lists first
    await control('fail', { mode: '500', times: 1, path: '/aladdin/api/v1/orders' });
    const results = await courier.bookMany([parcel(), parcel(), parcel()]);
    expect(results.map((r) => (r instanceof CourierError ? r.kind : 'booked'))).toEqual(['retry', 'retry', 'retry']);
    expect((results[1] as CourierError).message).toMatch(/^not sent: /);
    expect(calls('POST', '/aladdin/api/v1/orders')).toBe(1);
    expect(fake.parcels()).toHaveLength(0);
  });

  it('answers duplicate when Pathao already has the merchant order id, and cannot look a booking up by it', async () => {
    const courier = courierOf();
    const request = parcel();
    await courier.book(request);
    const error = await failureOf(courier.book(request));
    expect(error.kind).toBe('duplicate');
    expect(error.message).toContain('already been taken');
    expect(fake.parcels()).toHaveLength(1);
    expect(await courier.findBooking(request.orderNumber)).toBeNull();
  });

  it('quotes from the price plan of the city and zone, and leaves the fee to the shop when it cannot place the parcel', async () => {
    const courier = courierOf();
    expect(await courier.quote(parcel({ weightKg: 2.3 }))).toBe(60 + 2 * 15);
    expect(await courier.quote(parcel({ district: 'Chattogram', thana: 'Halishahar', weightKg: 1 }))).toBe(110);
    expect(await courier.quote(parcel({ district: 'Atlantis', thana: 'Nowhere' }))).toBeNull();
    expect(await courier.quote(parcel({ district: null, thana: null }))).toBeNull();
    expect(calls('POST', '/aladdin/api/v1/merchant/price-plan')).toBe(2);
  });

  it('cannot cancel: Pathao has no cancel call', async () => {
    const courier = courierOf();
    const booking = await courier.book(parcel());
    const error = await failureOf(courier.cancel({ consignmentId: booking.consignmentId, orderNumber: 1 }));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('Pathao has no cancel call: cancel it in the Pathao merchant panel');
  });
});

describe('the Pathao courier keeps its token and its area lists', () => {
  it('issues a token once and uses it for every call', async () => {
    const courier = courierOf();
    const booking = await courier.book(parcel());
    await courier.quote(parcel());
    await courier.status({ consignmentId: booking.consignmentId, orderNumber: 1 });
    expect(tokenGrants()).toEqual(['password']);
  });

  it('asks for one token when calls start together', async () => {
    const courier = courierOf();
    await Promise.all([courier.quote(parcel()), courier.quote(parcel()), courier.quote(parcel())]);
    expect(tokenGrants()).toEqual(['password']);
  });

  it('refreshes the token with the refresh token before it expires', async () => {
    let clock = new Date('2025-01-10T10:00:00Z');
    const courier = courierOf({ now: () => clock });
    await courier.book(parcel());
    clock = new Date(clock.getTime() + 4 * 24 * 3600_000);
    await courier.book(parcel());
    expect(tokenGrants()).toEqual(['password']);
    // Pathao's tokens live 5 days (432000 s): a few minutes before the end, a new one.
    clock = new Date(new Date('2025-01-10T10:00:00Z').getTime() + 432_000_000 - 60_000);
    await courier.book(parcel());
    expect(tokenGrants()).toEqual(['password', 'refresh_token']);
    await courier.book(parcel());
    expect(tokenGrants()).toEqual(['password', 'refresh_token']);
    expect(fake.parcels()).toHaveLength(4);
  });

  it('logs in again with the password when the refresh token is refused', async () => {
    let clock = new Date('2025-01-10T10:00:00Z');
    const courier = courierOf({ now: () => clock });
    await courier.book(parcel());
    await control('reset', {}); // Pathao forgets every token, the refresh token too
    clock = new Date(clock.getTime() + 6 * 24 * 3600_000);
    await courier.book(parcel());
    expect(tokenGrants()).toEqual(['refresh_token', 'password']);
  });

  it('gets a new token once when an order call answers 401, and books', async () => {
    const courier = courierOf();
    await courier.book(parcel());
    await control('fail', { mode: '401', times: 1, path: '/aladdin/api/v1/orders' });
    const booking = await courier.book(parcel());
    expect(booking.consignmentId).toMatch(/^DL/);
    expect(tokenGrants()).toEqual(['password', 'password']);
    expect(calls('POST', '/aladdin/api/v1/orders')).toBe(3);

    await control('expire-tokens', {});
    await courier.status({ consignmentId: booking.consignmentId, orderNumber: 1 });
    expect(tokenGrants()).toEqual(['password', 'password', 'password']);
  });

  it('answers auth when the new token is refused too, and tries no more', async () => {
    const courier = courierOf();
    await courier.book(parcel());
    await control('fail', { mode: '401', times: 5 });
    const error = await failureOf(courier.book(parcel()));
    expect(error.kind).toBe('auth');
    expect(calls('POST', '/aladdin/api/v1/orders')).toBe(2);
    expect(tokenGrants()).toEqual(['password', 'password']);
  });

  it('answers auth for wrong credentials, without the secrets in the message', async () => {
    const courier = courierOf({ password: 'not-the-password', clientSecret: 'wrong-client-secret' });
    const error = await failureOf(courier.book(parcel()));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('HTTP 401');
    expect(error.message).not.toContain('not-the-password');
    expect(error.message).not.toContain('wrong-client-secret');
    const second = await failureOf(courierOf({ password: 'not-the-password' }).book(parcel()));
    expect(second.kind).toBe('auth');
    expect(second.message).toContain('The user credentials were incorrect.');
  });

  it('looks the city and zone lists up once and keeps them for a day', async () => {
    let clock = new Date('2025-01-10T10:00:00Z');
    const courier = courierOf({ now: () => clock });
    await courier.book(parcel());
    await courier.book(parcel({ thana: 'Savar' }));
    await courier.quote(parcel({ thana: 'Gulshan' }));
    await courier.book(parcel({ district: 'Chattogram', thana: 'Halishahar' }));
    await courier.book(parcel({ district: 'Chittagong', thana: 'Panchlaish' }));
    expect(calls('GET', '/aladdin/api/v1/city-list')).toBe(1);
    expect(calls('GET', '/aladdin/api/v1/cities/1/zone-list')).toBe(1);
    expect(calls('GET', '/aladdin/api/v1/cities/2/zone-list')).toBe(1);
    expect(fake.parcels().map((p) => p.recipient_zone)).toEqual([52, 82, 120, 121]);

    clock = new Date(clock.getTime() + 25 * 3600_000);
    await courier.book(parcel());
    expect(calls('GET', '/aladdin/api/v1/city-list')).toBe(2);
    expect(calls('GET', '/aladdin/api/v1/cities/1/zone-list')).toBe(2);
  });

  it('keeps the zone lists of at most 100 cities', async () => {
    // More cities than Pathao has, from a stand-in for its API: the oldest list goes first.
    const zoneCalls: string[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const stub: typeof fetch = async (input) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path.endsWith('/issue-token')) return json({ token_type: 'Bearer', expires_in: 432000, access_token: 'a', refresh_token: 'r' });
      if (path.endsWith('/city-list')) return json({ data: { data: Array.from({ length: 120 }, (_, i) => ({ city_id: i + 1, city_name: `Town ${i + 1}` })) } });
      if (path.endsWith('/zone-list')) {
        zoneCalls.push(path);
        return json({ data: { data: [{ zone_id: 1, zone_name: 'Sadar' }] } });
      }
      return json({ type: 'success', code: 200, data: { consignment_id: `DL${zoneCalls.length}`, delivery_fee: 60 } });
    };
    const courier = createPathaoCourier({ ...fake.credentials, baseUrl: 'http://127.0.0.1:9', fetch: stub });
    for (let town = 1; town <= 101; town++) await courier.book(parcel({ district: `Town ${town}`, thana: 'Sadar' }));
    await courier.book(parcel({ district: 'Town 101', thana: 'Sadar' }));
    expect(zoneCalls).toHaveLength(101);
    await courier.book(parcel({ district: 'Town 1', thana: 'Sadar' }));
    expect(zoneCalls).toHaveLength(102);
    expect(zoneCalls.at(-1)).toBe('/aladdin/api/v1/cities/1/zone-list');
  });
});

describe('the Pathao courier when Pathao fails', () => {
  it('answers retry with the Retry-After seconds on 429', async () => {
    const courier = courierOf();
    await courier.quote(parcel());
    await control('fail', { mode: '429', times: 1, retryAfter: 42 });
    const error = await failureOf(courier.book(parcel()));
    expect(error.kind).toBe('retry');
    expect(error.retryAfterSeconds).toBe(42);
    expect(fake.parcels()).toHaveLength(0);
  });

  it('answers retry on 500', async () => {
    const courier = courierOf();
    await control('fail', { mode: '500', times: 1 });
    const error = await failureOf(courier.book(parcel()));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('HTTP 500');
    expect(error.retryAfterSeconds).toBeNull();
  });

  it('answers retry within the time-out when Pathao stalls', async () => {
    const courier = courierOf({ timeoutMs: 300 });
    await courier.quote(parcel());
    await control('fail', { mode: 'stall', times: 1, stallMs: 5_000 });
    const started = Date.now();
    const error = await failureOf(courier.book(parcel()));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers retry when nothing listens', async () => {
    const courier = createPathaoCourier({ ...fake.credentials, baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 });
    const error = await failureOf(courier.book(parcel()));
    expect(error.kind).toBe('retry');
  });

  it('answers refused for a consignment Pathao does not know', async () => {
    const error = await failureOf(courierOf().status({ consignmentId: 'DL000000NOSUCH', orderNumber: 1 }));
    expect(error.kind).toBe('refused');
  });

  it('takes no plain-http URL but a loopback one', () => {
    expect(() => createPathaoCourier({ ...fake.credentials, baseUrl: 'http://api-hermes.pathao.com' })).toThrow(/https/);
    expect(() => createPathaoCourier({ ...fake.credentials, storeId: 'none' })).toThrow(/store id/);
  });
});

/** Every word Pathao's status call and webhooks use, and where it leaves the parcel. */
const statusTable: Array<[word: string, event: string, status: ParcelStatus | null]> = [
  ['Pending', 'order.created', 'booked'],
  ['Pickup_Requested', 'order.pickup-requested', 'booked'],
  ['Assigned_for_Pickup', 'order.assigned-for-pickup', 'booked'],
  ['Picked', 'order.picked', 'picked_up'],
  ['Pickup_Failed', 'order.pickup-failed', null],
  ['Pickup_Cancelled', 'order.pickup-cancelled', null],
  ['At_the_Sorting_HUB', 'order.at-the-sorting-hub', 'in_transit'],
  ['In_Transit', 'order.in-transit', 'in_transit'],
  ['Received_at_Last_Mile_HUB', 'order.received-at-last-mile-hub', 'in_transit'],
  ['Assigned_for_Delivery', 'order.assigned-for-delivery', 'in_transit'],
  ['Delivered', 'order.delivered', 'delivered'],
  ['Partial_Delivery', 'order.partial-delivery', 'partly_delivered'],
  ['Return', 'order.returned', 'returned'],
  ['Delivery_Failed', 'order.delivery-failed', null],
  ['On_Hold', 'order.on-hold', null],
  ['Payment_Invoice', 'order.paid', null],
  ['Paid_Return', 'order.paid-return', 'returned'],
  ['Exchange', 'order.exchanged', 'delivered'],
];

describe("the Pathao courier maps Pathao's statuses", () => {
  it('maps every status word, whatever its case and separators', () => {
    for (const [word, , status] of statusTable) {
      expect(pathaoStatusOf(word), word).toBe(status);
      expect(pathaoStatusOf(word.toLowerCase().replace(/_/g, ' ')), word).toBe(status);
    }
    expect(pathaoStatusOf('Something_New')).toBeNull();
  });

  it('reads where a parcel is from the status call, for every word', async () => {
    const courier = courierOf();
    const request = parcel();
    const booking = await courier.book(request);
    const seen: Array<[string, ParcelStatus | null]> = [];
    for (const [word] of statusTable) {
      await control('advance', { consignmentId: booking.consignmentId, status: word, invoiceId: 'INV-77' });
      const report = await courier.status({ consignmentId: booking.consignmentId, orderNumber: request.orderNumber });
      expect(report.consignmentId).toBe(booking.consignmentId);
      expect(report.orderNumber).toBe(request.orderNumber);
      expect(report.message).toBe(word.replace(/_/g, ' '));
      expect(report.at).toBeInstanceOf(Date);
      expect(Math.abs((report.at as Date).getTime() - Date.now())).toBeLessThan(5 * 60_000);
      seen.push([word, report.status]);
      if (word === 'Payment_Invoice') expect(report.paid).toEqual({ reference: 'INV-77', amount: null });
    }
    expect(seen).toEqual(statusTable.map(([word, , status]) => [word, status]));
  });
});

describe('the Pathao webhook', () => {
  it('answers the integration check with 202 and the integration header', async () => {
    const { json } = await control('handshake', { webhookUrl });
    expect(json).toMatchObject({ status: 202, integrationSecret: pathaoIntegrationSecret, accepted: true });
    expect(readings).toEqual([expect.objectContaining({ kind: 'handshake', status: 202 })]);
  });

  it('reads every order event into a report, and answers each 202 with the integration header', async () => {
    const courier = courierOf();
    const request = parcel({ codAmount: 500 });
    const booking = await courier.book(request);
    for (const [, event] of statusTable) {
      const { json } = await control('advance', { consignmentId: booking.consignmentId, status: event, collected: 450, webhookUrl });
      expect(json.status, event).toBe(202);
      expect(json.integrationSecret, event).toBe(pathaoIntegrationSecret);
    }
    const reports = readings.map((reading) => (reading.kind === 'reports' ? reading.reports : []));
    expect(reports.map((r) => r.length)).toEqual(statusTable.map(() => 1));
    const first = reports.map((r) => r[0] as CourierReport);
    expect(first.map((r) => r.status)).toEqual(statusTable.map(([, , status]) => status));
    for (const report of first) {
      expect(report.consignmentId).toBe(booking.consignmentId);
      expect(report.orderNumber).toBe(request.orderNumber);
      expect(report.at).toBeInstanceOf(Date);
    }
    const byEvent = new Map(statusTable.map(([, event], i) => [event, first[i] as CourierReport]));
    expect(byEvent.get('order.created')).toMatchObject({ deliveryCharge: 65, collectedAmount: null, message: 'Order Created' });
    expect(byEvent.get('order.delivered')).toMatchObject({ collectedAmount: 450, status: 'delivered', paid: null, message: 'Delivered' });
    expect(byEvent.get('order.partial-delivery')).toMatchObject({ collectedAmount: 450, status: 'partly_delivered' });
    expect(byEvent.get('order.paid')?.paid).toEqual({ reference: expect.stringMatching(/IBW/), amount: null });
    expect(byEvent.get('order.paid-return')).toMatchObject({ status: 'returned', collectedAmount: 450 });
  });

  it('keeps the reason in the message and the time Pathao gave', async () => {
    const courier = courierOf();
    const booking = await courier.book(parcel());
    await control('advance', { consignmentId: booking.consignmentId, status: 'Delivery_Failed', reason: 'Customer not reachable', webhookUrl });
    const [reading] = readings;
    expect(reading?.kind).toBe('reports');
    const report = reading?.kind === 'reports' ? reading.reports[0] : undefined;
    expect(report).toMatchObject({ status: null, message: 'Delivery Failed: Customer not reachable' });
    expect(Math.abs((report?.at as Date).getTime() - Date.now())).toBeLessThan(5 * 60_000);
  });

  it('refuses a wrong or missing signature', async () => {
    const courier = courierOf();
    const booking = await courier.book(parcel());
    const wrong = await control('advance', { consignmentId: booking.consignmentId, status: 'Delivered', webhookUrl, secret: 'not-the-secret' });
    expect(wrong.json.status).toBe(401);
    const missing = await control('handshake', { webhookUrl, secret: null });
    expect(missing.json).toMatchObject({ status: 401, accepted: false });
    expect(readings.map((r) => r.kind)).toEqual(['refused', 'refused']);
  });

  it('reads a malformed but authentic body as invalid, and never throws', () => {
    const courier = courierOf();
    const headers = { 'x-pathao-signature': fake.credentials.webhookSecret };
    expect(courier.readWebhook({ headers, body: 'not json' }).kind).toBe('invalid');
    expect(courier.readWebhook({ headers, body: '[1,2]' }).kind).toBe('invalid');
    expect(courier.readWebhook({ headers, body: '{"consignment_id":"DL1"}' }).kind).toBe('invalid');
    expect(courier.readWebhook({ headers, body: '{"event":"order.delivered","store_id":1}' }).kind).toBe('invalid');
    expect(courier.readWebhook({ headers: {}, body: '' }).kind).toBe('refused');
    expect(courier.readWebhook({ headers: { 'x-pathao-signature': 'fake-webhook-secreT' }, body: '{}' }).kind).toBe('refused');
  });

  it('answers store events and unknown order events without moving a parcel', () => {
    const courier = courierOf();
    const headers = { 'x-pathao-signature': fake.credentials.webhookSecret };
    const store = courier.readWebhook({ headers, body: JSON.stringify({ event: 'store.updated', store_id: 1, store_name: 'Shop' }) });
    expect(store).toMatchObject({ kind: 'reports', reports: [], status: 202, headers: { 'X-Pathao-Merchant-Webhook-Integration-Secret': pathaoIntegrationSecret } });
    const unknown = courier.readWebhook({ headers, body: JSON.stringify({ event: 'order.something-new', consignment_id: 'DL1', merchant_order_id: '10001' }) });
    expect(unknown).toMatchObject({ kind: 'reports', reports: [{ consignmentId: 'DL1', orderNumber: 10001, status: null, message: 'order.something new' }] });
  });

  it('sends another integration value when told to', () => {
    const courier = courierOf({ integrationSecret: 'from-the-panel' });
    const reading = courier.readWebhook({ headers: { 'x-pathao-signature': fake.credentials.webhookSecret }, body: '{"event":"webhook_integration"}' });
    expect(reading).toMatchObject({ kind: 'handshake', status: 202, headers: { 'X-Pathao-Merchant-Webhook-Integration-Secret': 'from-the-panel' } });
  });
});
