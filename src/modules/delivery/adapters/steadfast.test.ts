import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSteadfastServer, steadfastStatuses } from '../../../../tests/support/couriers/steadfast-server.mjs';
import { CourierError, type Booking, type Courier, type ParcelRequest, type ParcelStatus, type WebhookReading } from '../ports.js';
import { createSteadfastCourier, steadfastParcelStatus } from './steadfast.js';

type Fake = Awaited<ReturnType<typeof startSteadfastServer>>;

let fake: Fake;
let courier: Courier;
/** A stand-in for the shop's webhook route: each request goes through courier.readWebhook and is answered as the route would. */
let receiver: Server;
let webhookUrl: string;
const readings: WebhookReading[] = [];

const parcel = (orderNumber: number, changes: Partial<ParcelRequest> = {}): ParcelRequest => ({
  orderNumber,
  recipientName: 'Rahim Uddin',
  recipientPhone: '01711223344',
  recipientAddress: 'House 4, Road 7, Dhanmondi, Dhaka',
  district: 'Dhaka',
  thana: 'Dhanmondi',
  codAmount: 1250,
  itemCount: 2,
  weightKg: 0.5,
  description: '2 items: Pikachu plush, Booster box',
  note: 'Call before coming',
  ...changes,
});

type LoggedRequest = { method: string; path: string; apiKey: boolean; secretKey: boolean; body: { data?: unknown } | undefined };
type Advanced = { webhookStatus?: number; webhookBody?: unknown; payload: { updated_at: string } };

async function control(path: 'reset' | 'fail', body: unknown): Promise<void> {
  const response = await fetch(`${fake.origin}/_control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

async function advance(order: Record<string, unknown>): Promise<Advanced> {
  const response = await fetch(`${fake.origin}/_control/advance`, { method: 'POST', body: JSON.stringify(order) });
  expect(response.status).toBe(200);
  return (await response.json()) as Advanced;
}

async function requestsLogged(): Promise<LoggedRequest[]> {
  return (await (await fetch(`${fake.origin}/_control/requests`)).json()) as LoggedRequest[];
}

async function caught(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CourierError);
    return error as CourierError;
  }
  throw new Error('expected a CourierError');
}

beforeAll(async () => {
  fake = await startSteadfastServer({ port: 0 });
  courier = createSteadfastCourier({ apiKey: fake.apiKey, secretKey: fake.secretKey, baseUrl: fake.url, webhookToken: fake.webhookToken, timeoutMs: 300 });
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
      const reading = courier.readWebhook({ headers, body });
      readings.push(reading);
      if (reading.kind === 'reports' || reading.kind === 'handshake') {
        res.writeHead(reading.status, reading.headers);
        res.end(JSON.stringify(reading.body));
      } else {
        res.writeHead(reading.kind === 'refused' ? 401 : 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'error', message: reading.reason }));
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/couriers/steadfast/webhook`;
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(async () => {
  await control('reset', {});
  readings.length = 0;
});

describe('booking', () => {
  it('books one parcel with the documented create_order fields and keys', async () => {
    const booking = await courier.book(parcel(10001));

    const [stored] = fake.parcels();
    expect(booking).toEqual({ consignmentId: String(stored?.consignment_id), trackingCode: stored?.tracking_code, deliveryCharge: null });
    expect(stored).toMatchObject({
      invoice: '10001',
      recipient_name: 'Rahim Uddin',
      recipient_phone: '01711223344',
      recipient_address: 'House 4, Road 7, Dhanmondi, Dhaka',
      cod_amount: 1250,
      note: 'Call before coming',
      item_description: '2 items: Pikachu plush, Booster box',
      total_lot: 2,
      delivery_type: 0,
      status: 'in_review',
    });
    const requests = await requestsLogged();
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', path: '/create_order', apiKey: true, secretKey: true })]);
  });

  it('books many in one bulk order (data as a JSON string), each parcel with its own result', async () => {
    const results = await courier.bookMany([parcel(10011), parcel(10012, { recipientPhone: '0171122' }), parcel(10013, { codAmount: 0 })]);

    expect(results).toHaveLength(3);
    const [first, refused, third] = results;
    expect(first).not.toBeInstanceOf(CourierError);
    expect(third).not.toBeInstanceOf(CourierError);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).kind).toBe('refused');
    // The bulk answer gives no reason; booking that one alone did.
    expect((refused as CourierError).message).toContain('The recipient phone must be 11 digits.');
    const stored = fake.parcels();
    expect(stored.map((p) => p.invoice)).toEqual(['10011', '10013']);
    expect((first as Booking).consignmentId).toBe(String(stored[0]?.consignment_id));
    expect((third as Booking).trackingCode).toBe(stored[1]?.tracking_code);
    expect(stored[1]?.cod_amount).toBe(0);

    const requests = await requestsLogged();
    expect(requests.map((r) => r.path)).toEqual(['/create_order/bulk-order', '/create_order']);
    const data = requests[0]?.body?.data;
    expect(typeof data).toBe('string');
    expect(JSON.parse(String(data))).toHaveLength(3);
  });

  it('sends more than 500 in several bulk orders, and books at most 25 refused ones again alone', async () => {
    const many = Array.from({ length: 530 }, (_, i) => parcel(20000 + i, i < 26 ? { recipientPhone: '017' } : {}));
    const results = await courier.bookMany(many);

    expect(results).toHaveLength(530);
    const kinds = results.map((r) => (r instanceof CourierError ? r.kind : 'booked'));
    expect(kinds.slice(0, 25)).toEqual(Array(25).fill('refused'));
    expect(kinds[25]).toBe('retry');
    expect(kinds.slice(26)).toEqual(Array(504).fill('booked'));
    expect(fake.parcels()).toHaveLength(504);
    const paths = (await requestsLogged()).map((r) => r.path);
    expect(paths.filter((p) => p === '/create_order/bulk-order')).toHaveLength(2);
    expect(paths.filter((p) => p === '/create_order')).toHaveLength(25);
  });

  it('answers an empty list without a call', async () => {
    expect(await courier.bookMany([])).toEqual([]);
    expect(await requestsLogged()).toEqual([]);
  });

  it('a second booking of the same order is a duplicate, alone or in a bulk order', async () => {
    await courier.book(parcel(10021));

    const error = await caught(courier.book(parcel(10021)));
    expect(error.kind).toBe('duplicate');
    expect(error.message).toContain('invoice 10021');
    expect(error.message).toContain('already been taken');

    const [again, fresh] = await courier.bookMany([parcel(10021), parcel(10022)]);
    expect(again).toBeInstanceOf(CourierError);
    expect((again as CourierError).kind).toBe('duplicate');
    expect(fresh).not.toBeInstanceOf(CourierError);
    expect(fake.parcels().map((p) => p.invoice)).toEqual(['10021', '10022']);
  });

  it('findBooking: the documented invoice lookup names no consignment, so null; an unknown invoice is null too', async () => {
    await courier.book(parcel(10031));
    expect(await courier.findBooking(10031)).toBeNull();
    expect(await courier.findBooking(99999)).toBeNull();
    const requests = await requestsLogged();
    expect(requests.slice(-2).map((r) => r.path)).toEqual(['/status_by_invoice/10031', '/status_by_invoice/99999']);
  });

  it('findBooking: an invoice lookup that does name the consignment gives the booking', async () => {
    const answering = (body: unknown): typeof fetch => async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const options = { apiKey: 'stub-api-key', secretKey: 'stub-secret-key', baseUrl: fake.url };
    const named = createSteadfastCourier({ ...options, fetch: answering({ status: 200, delivery_status: 'pending', consignment: { consignment_id: 1424107, invoice: '10041', tracking_code: '15BAEB8A' } }) });
    expect(await named.findBooking(10041)).toEqual({ consignmentId: '1424107', trackingCode: '15BAEB8A', deliveryCharge: null });
    const other = createSteadfastCourier({ ...options, fetch: answering({ status: 200, consignment: { consignment_id: 1, invoice: '777', tracking_code: 'X' } }) });
    expect(await other.findBooking(10041)).toBeNull();
  });

  it('quote is null: Steadfast has no price call', async () => {
    expect(await courier.quote(parcel(10051))).toBeNull();
    expect(await requestsLogged()).toEqual([]);
  });
});

describe('failures', () => {
  it('401 is auth, and the keys never show in the message', async () => {
    await control('fail', { mode: '401' });
    const error = await caught(courier.book(parcel(10101)));
    expect(error.kind).toBe('auth');

    const wrong = createSteadfastCourier({ apiKey: fake.apiKey, secretKey: 'not-the-secret-key', baseUrl: fake.url, timeoutMs: 300 });
    const refused = await caught(wrong.book(parcel(10102)));
    expect(refused.kind).toBe('auth');
    expect(refused.message).not.toContain('not-the-secret-key');
    expect(refused.message).not.toContain(fake.apiKey);
    expect(fake.parcels()).toEqual([]);
  });

  it('429 is retry, with Retry-After in seconds', async () => {
    await control('fail', { mode: '429', retryAfter: 42 });
    const error = await caught(courier.book(parcel(10111)));
    expect(error.kind).toBe('retry');
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('a Retry-After date counts from the clock given', async () => {
    const now = new Date('2026-01-01T10:00:00Z');
    const limited = createSteadfastCourier({
      apiKey: 'stub-api-key',
      secretKey: 'stub-secret-key',
      baseUrl: fake.url,
      now: () => now,
      fetch: async () => new Response('{"message":"Too Many Attempts."}', { status: 429, headers: { 'retry-after': 'Thu, 01 Jan 2026 10:01:30 GMT' } }),
    });
    const error = await caught(limited.status({ consignmentId: '1', orderNumber: 10112 }));
    expect(error).toMatchObject({ kind: 'retry', retryAfterSeconds: 90 });
  });

  it('500 is retry', async () => {
    await control('fail', { mode: '500' });
    const error = await caught(courier.book(parcel(10121)));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('HTTP 500');
  });

  it('a stall is retry within the time-out, before the answer and in the middle of it', async () => {
    await control('fail', { mode: 'stall' });
    let started = Date.now();
    const error = await caught(courier.book(parcel(10131)));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);

    await control('fail', { mode: 'stall-body' });
    started = Date.now();
    const midway = await caught(courier.status({ consignmentId: '1', orderNumber: 10132 }));
    expect(midway.kind).toBe('retry');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a bulk order that fails as a whole gives each parcel the error', async () => {
    await control('fail', { mode: '500' });
    const results = await courier.bookMany([parcel(10141), parcel(10142)]);
    expect(results.map((r) => (r instanceof CourierError ? r.kind : 'booked'))).toEqual(['retry', 'retry']);
  });

  it('refusals sent as HTTP 400/422 map like the HTTP 200 ones', async () => {
    const answering = (status: number, body: unknown) =>
      createSteadfastCourier({ apiKey: 'stub-api-key', secretKey: 'stub-secret-key', baseUrl: fake.url, fetch: async () => new Response(JSON.stringify(body), { status }) });
    const duplicate = await caught(answering(400, { status: 400, message: 'The invoice has already been taken.' }).book(parcel(10151)));
    expect(duplicate.kind).toBe('duplicate');
    const invalid = await caught(answering(422, { message: 'The given data was invalid.', errors: { recipient_address: ['The recipient address may not be greater than 250 characters.'] } }).book(parcel(10152)));
    expect(invalid.kind).toBe('refused');
    expect(invalid.message).toContain('250 characters');
  });

  it('refuses a too long address as Steadfast does', async () => {
    const error = await caught(courier.book(parcel(10161, { recipientAddress: 'x'.repeat(251) })));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('250 characters');
  });
});

describe('status', () => {
  const expected: Record<string, ParcelStatus | null> = {
    in_review: 'booked',
    pending: 'booked',
    hold: null,
    delivered_approval_pending: 'delivered',
    delivered: 'delivered',
    partial_delivered_approval_pending: 'partly_delivered',
    partial_delivered: 'partly_delivered',
    cancelled_approval_pending: 'returned',
    cancelled: 'returned',
    unknown_approval_pending: null,
    unknown: null,
  };

  it('maps every Steadfast status word, read through status_by_cid', async () => {
    expect([...steadfastStatuses].sort()).toEqual(Object.keys(expected).sort());
    const booking = await courier.book(parcel(10201));
    for (const word of steadfastStatuses) {
      await advance({ consignmentId: booking.consignmentId, status: word });
      const report = await courier.status({ consignmentId: booking.consignmentId, orderNumber: 10201 });
      expect({ word, status: report.status }).toEqual({ word, status: expected[word] });
      expect(report).toMatchObject({ consignmentId: booking.consignmentId, orderNumber: 10201, collectedAmount: null, paid: null, at: null });
      expect(report.message).toMatch(/^Steadfast: /);
    }
    expect(steadfastParcelStatus('Partial Delivered')).toBe('partly_delivered');
    expect(steadfastParcelStatus('teleported')).toBeNull();
    expect(steadfastParcelStatus('__proto__')).toBeNull();
  });

  it('an unknown consignment is refused', async () => {
    const error = await caught(courier.status({ consignmentId: '999', orderNumber: 10202 }));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('consignment 999');
  });
});

describe('cancel', () => {
  it('is refused: Steadfast has no cancel call', async () => {
    const booking = await courier.book(parcel(10301));
    const error = await caught(courier.cancel({ consignmentId: booking.consignmentId, orderNumber: 10301 }));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('Steadfast has no cancel call: cancel it in the Steadfast portal');
    const requests = await requestsLogged();
    expect(requests.map((r) => r.path)).toEqual(['/create_order']);
  });
});

describe('webhook', () => {
  it('a delivery_status with the right token is read and answered as Steadfast expects', async () => {
    const booking = await courier.book(parcel(10401));
    const answer = await advance({ consignmentId: booking.consignmentId, status: 'delivered', collected: 50, deliveryCharge: 60, webhookUrl });

    expect(answer.webhookStatus).toBe(200);
    expect(answer.webhookBody).toEqual({ status: 'success', message: 'Webhook received successfully.' });
    const [reading] = readings;
    expect(reading?.kind).toBe('reports');
    if (reading?.kind !== 'reports') return;
    expect(reading.reports).toHaveLength(1);
    const [report] = reading.reports;
    expect(report).toMatchObject({
      consignmentId: booking.consignmentId,
      orderNumber: 10401,
      status: 'delivered',
      collectedAmount: 50,
      deliveryCharge: 60,
      message: 'Consignment status has been updated as delivered',
      messageBn: null,
      paid: null,
    });
    // updated_at is Bangladesh time without a zone: read back, it is the moment it was sent.
    const sentAt = new Date(`${String(answer.payload.updated_at).replace(' ', 'T')}+06:00`);
    expect(report?.at?.toISOString()).toBe(sentAt.toISOString());
    expect(Math.abs((report?.at?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('reads the docs\' capitalised words, partial deliveries and cancellations', async () => {
    const booking = await courier.book(parcel(10402, { codAmount: 1770 }));
    await advance({ consignmentId: booking.consignmentId, status: 'Partial Delivered', collected: 500, webhookUrl });
    await advance({ consignmentId: booking.consignmentId, status: 'cancelled', webhookUrl });
    const reports = readings.flatMap((r) => (r.kind === 'reports' ? r.reports : []));
    expect(reports.map((r) => [r.status, r.collectedAmount])).toEqual([
      ['partly_delivered', 500],
      ['returned', null],
    ]);
  });

  it('a tracking_update moves nothing but keeps the message', async () => {
    const booking = await courier.book(parcel(10403));
    await advance({ consignmentId: booking.consignmentId, notificationType: 'tracking_update', message: 'Consignment sent to MIRPUR. Dispatch ID: 14337351', webhookUrl });
    await advance({ consignmentId: booking.consignmentId, notificationType: 'return_status', message: 'Consignment Return status has been updated to Processing', webhookUrl });
    const reports = readings.flatMap((r) => (r.kind === 'reports' ? r.reports : []));
    expect(reports).toEqual([
      expect.objectContaining({ consignmentId: booking.consignmentId, orderNumber: 10403, status: null, collectedAmount: null, message: 'Consignment sent to MIRPUR. Dispatch ID: 14337351' }),
      expect.objectContaining({ status: null, message: 'Consignment Return status has been updated to Processing' }),
    ]);
  });

  it('a wrong or missing token is refused', async () => {
    const booking = await courier.book(parcel(10404));
    const wrong = await advance({ consignmentId: booking.consignmentId, status: 'delivered', webhookUrl, secret: 'not-the-token' });
    expect(wrong.webhookStatus).toBe(401);
    const missing = await advance({ consignmentId: booking.consignmentId, status: 'delivered', webhookUrl, secret: null });
    expect(missing.webhookStatus).toBe(401);
    expect(readings.map((r) => r.kind)).toEqual(['refused', 'refused']);

    const body = JSON.stringify({ notification_type: 'delivery_status', consignment_id: 1, invoice: '10404', status: 'delivered' });
    expect(courier.readWebhook({ headers: { authorization: `Basic ${fake.webhookToken}` }, body }).kind).toBe('refused');
    expect(courier.readWebhook({ headers: { authorization: `Bearer ${fake.webhookToken}x` }, body }).kind).toBe('refused');
    expect(courier.readWebhook({ headers: { authorization: `bearer ${fake.webhookToken}` }, body }).kind).toBe('reports');
    const unset = createSteadfastCourier({ apiKey: 'stub-api-key', secretKey: 'stub-secret-key', baseUrl: fake.url });
    expect(unset.readWebhook({ headers: { authorization: 'Bearer ' }, body }).kind).toBe('refused');
  });

  it('a malformed body with the right token is invalid, and nothing throws', () => {
    const headers = { authorization: `Bearer ${fake.webhookToken}` };
    const kinds = ['not json', '[]', 'null', '{}', '{"notification_type":"delivery_status"}', '{"notification_type":"delivery_status","consignment_id":5}', '{"consignment_id":5,"status":"delivered"}'].map(
      (body) => courier.readWebhook({ headers, body }).kind,
    );
    expect(kinds).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid']);
    expect(() => courier.readWebhook({ headers: {}, body: '' })).not.toThrow();
    expect(() => courier.readWebhook({ headers, body: '{"notification_type":{"x":1},"consignment_id":[1]}' })).not.toThrow();
  });

  it('an invoice that is null or not ours still reports by consignment', () => {
    const headers = { authorization: `Bearer ${fake.webhookToken}` };
    const reading = courier.readWebhook({
      headers,
      body: JSON.stringify({ notification_type: 'delivery_status', consignment_id: 1500004, invoice: null, status: 'cancelled', cod_amount: 0, delivery_charge: 0, tracking_message: 'Consignment status has been updated as Cancelled', updated_at: '2026-06-10 10:15:00' }),
    });
    expect(reading).toMatchObject({ kind: 'reports', reports: [{ consignmentId: '1500004', orderNumber: null, status: 'returned', at: new Date('2026-06-10T04:15:00Z') }] });
  });
});
