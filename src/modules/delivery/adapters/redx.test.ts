import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRedxServer, type RedxServer } from '../../../../tests/support/couriers/redx-server.mjs';
import { CourierError, type Booking, type ParcelRequest, type WebhookReading } from '../ports.js';
import { createRedxCourier, redxStatusWords, redxWebhookTokenHeader, type RedxCourierOptions } from './redx.js';

let redx: RedxServer;
/** Stands in for the shop's route POST /api/couriers/redx/webhook: the query's token becomes the pseudo-header. */
let webhookRoute: Server;
let webhookUrl: string;
const readings: WebhookReading[] = [];

const courier = (options: Partial<RedxCourierOptions> = {}) =>
  createRedxCourier({ token: redx.token, webhookToken: redx.webhookToken, baseUrl: redx.url, pickupStoreId: 77, timeoutMs: 2_000, ...options });

let nextOrder = 10001;
const parcel = (overrides: Partial<ParcelRequest> = {}): ParcelRequest => ({
  orderNumber: nextOrder++,
  recipientName: 'Rahim Uddin',
  recipientPhone: '01712345678',
  recipientAddress: 'House 5, Road 2, Mohammadpur, Dhaka',
  district: 'Dhaka',
  thana: 'Mohammadpur',
  codAmount: 850,
  itemCount: 2,
  weightKg: 0.5,
  description: '2 items: Pikachu plush, Booster box',
  note: 'Call before coming',
  ...overrides,
});

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${redx.port}/_control/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}

type FakeParcel = Record<string, unknown> & { tracking_id: string; status: string };
const fakeParcels = async () => (await control('parcels')) as FakeParcel[];
const fakeRequests = async () => (await control('requests')) as Array<{ method: string; path: string; query: Record<string, string> }>;

async function failureOf(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

beforeAll(async () => {
  redx = await startRedxServer({ port: 0 });
  const shop = courier();
  webhookRoute = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== redxWebhookTokenHeader) headers[name] = value;
      const token = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('token');
      if (token !== null) headers[redxWebhookTokenHeader] = token;
      const reading = shop.readWebhook({ headers, body });
      readings.push(reading);
      const [status, answer] = reading.kind === 'refused' ? [401, { error: 'refused' }] : reading.kind === 'invalid' ? [400, { error: 'invalid' }] : [reading.status, reading.body];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => webhookRoute.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhookRoute.address() as AddressInfo).port}/api/couriers/redx/webhook`;
});

afterAll(async () => {
  await redx.close();
  await new Promise((resolve) => webhookRoute.close(resolve));
});

beforeEach(async () => {
  await control('reset', {});
  readings.length = 0;
});

describe('booking', () => {
  it('books one parcel with RedX fields: its area, the invoice, cash (sent as a string: the server refuses a number), grams, the pickup store', async () => {
    const request = parcel({ orderNumber: 20001, weightKg: 1.25 });
    const booking = await courier().book(request);
    const [booked] = await fakeParcels();
    expect(booking).toEqual({ consignmentId: booked!.tracking_id, trackingCode: booked!.tracking_id, deliveryCharge: null });
    expect(booked).toMatchObject({
      customer_name: 'Rahim Uddin',
      customer_phone: '01712345678',
      customer_address: 'House 5, Road 2, Mohammadpur, Dhaka',
      delivery_area: 'Mohammadpur(Dhaka)',
      delivery_area_id: 1,
      merchant_invoice_id: '20001',
      cash_collection_amount: 850,
      parcel_weight: 1250,
      instruction: 'Call before coming',
      value: '850',
      is_closed_box: false,
      pickup_store_id: 77,
      parcel_details_json: [{ name: '2 items: Pikachu plush, Booster box', category: 'general', value: 850 }],
      status: 'pickup-pending',
    });
    const [create] = (await fakeRequests()).filter((r) => r.path === '/parcel');
    expect(create?.method).toBe('POST');
  });

  it('finds the area under old and new spellings, and the Sadar area when the thana is missing', async () => {
    const shop = courier();
    await shop.book(parcel({ district: 'Chattogram', thana: 'Kotwali' }));
    await shop.book(parcel({ district: 'barishal', thana: 'Barishal Sadar' }));
    await shop.book(parcel({ district: 'Cumilla', thana: null }));
    await shop.book(parcel({ district: 'Dhaka', thana: 'Mirpur' }));
    await shop.book(parcel({ district: 'Dhaka', thana: 'adabor' }));
    expect((await fakeParcels()).map((p) => p.delivery_area)).toEqual(['Kotwali (Chittagong)', 'Barisal Sadar (Barishal)', 'Comilla Sadar', 'Mirpur DOHS', 'Adabor(Mohammadpur)']);
    const asked = (await fakeRequests()).filter((r) => r.path === '/areas').map((r) => r.query.district_name);
    expect(asked).toEqual(['Chittagong', 'Barisal', 'Comilla', 'Dhaka']);
  });

  it('refuses a thana RedX has no area for, without booking', async () => {
    const error = await failureOf(courier().book(parcel({ district: 'Dhaka', thana: 'Nowhere Bazar' })));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('RedX has no area for Dhaka/Nowhere Bazar');
    const noDistrict = await failureOf(courier().book(parcel({ district: null, thana: null })));
    expect(noDistrict.kind).toBe('refused');
    expect(await fakeParcels()).toEqual([]);
  });

  it('asks RedX for a district\'s areas once, then again after 24 hours', async () => {
    let clock = new Date('2026-05-01T10:00:00Z');
    const shop = courier({ now: () => clock });
    await shop.book(parcel({ thana: 'Mohammadpur' }));
    await shop.book(parcel({ thana: 'Gulshan' }));
    expect(await shop.quote(parcel({ thana: 'Dhanmondi' }))).toBe(60);
    expect((await fakeRequests()).filter((r) => r.path === '/areas')).toHaveLength(1);
    clock = new Date('2026-05-02T10:00:01Z');
    await shop.book(parcel({ thana: 'Dhanmondi' }));
    expect((await fakeRequests()).filter((r) => r.path === '/areas')).toHaveLength(2);
  });

  it('does not keep a failed area lookup', async () => {
    const shop = courier();
    await control('fail', { mode: '500', times: 1 });
    expect((await failureOf(shop.book(parcel()))).kind).toBe('retry');
    await shop.book(parcel());
    expect(await fakeParcels()).toHaveLength(1);
  });

  it('books many, each with its own result, one refused by RedX', async () => {
    const results = await courier().bookMany([parcel(), parcel({ recipientPhone: '0171234' }), parcel({ district: 'Bogura', thana: null })]);
    expect(results).toHaveLength(3);
    expect(results[0]).not.toBeInstanceOf(CourierError);
    expect(results[1]).toBeInstanceOf(CourierError);
    expect((results[1] as CourierError).kind).toBe('refused');
    expect((results[1] as CourierError).message).toContain('customer_phone');
    expect(results[2]).not.toBeInstanceOf(CourierError);
    const booked = await fakeParcels();
    expect(booked.map((p) => p.tracking_id)).toEqual([(results[0] as Booking).consignmentId, (results[2] as Booking).consignmentId]);
    expect(booked[1]?.delivery_area).toBe('Bogra Sadar');
  });

  it('stops a batch at a 429: the rest are not sent and carry the same retry', async () => {
    const shop = courier();
    await shop.book(parcel()); // the areas are known: the batch only creates parcels
    await control('reset', {});
    await control('fail', { mode: '429', times: 1, retryAfter: 9 });
    const results = await shop.bookMany([parcel(), parcel(), parcel()]);
    expect(results.map((r) => (r instanceof CourierError ? [r.kind, r.retryAfterSeconds] : 'booked'))).toEqual([
      ['retry', 9],
      ['retry', 9],
      ['retry', 9],
    ]);
    expect((await fakeRequests()).filter((r) => r.path === '/parcel')).toHaveLength(1);
  });

  it('answers duplicate for an invoice RedX already has; findBooking cannot look one up', async () => {
    const shop = courier();
    await shop.book(parcel({ orderNumber: 30001 }));
    const error = await failureOf(shop.book(parcel({ orderNumber: 30001 })));
    expect(error.kind).toBe('duplicate');
    expect(error.message).toContain('30001');
    expect(await shop.findBooking(30001)).toBeNull();
    expect(await fakeParcels()).toHaveLength(1);
  });

  it('refuses a pickup store id RedX does not know, saying what to fix', async () => {
    const error = await failureOf(courier({ pickupStoreId: 12345 }).book(parcel()));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('REDX_PICKUP_STORE_ID');
  });
});

describe('failures', () => {
  it('maps a 401 to auth, and a wrong token too, without the token in the message', async () => {
    await control('fail', { mode: '401', times: 1 });
    const error = await failureOf(courier().book(parcel()));
    expect(error.kind).toBe('auth');
    const wrong = await failureOf(courier({ token: 'not-the-token' }).status({ consignmentId: '26A001ABC', orderNumber: 1 }));
    expect(wrong.kind).toBe('auth');
    expect(wrong.message).toContain('HTTP 401');
    expect(wrong.message).not.toContain('not-the-token');
  });

  it('maps a 429 to retry with its Retry-After', async () => {
    await control('fail', { mode: '429', times: 1, retryAfter: 7 });
    const error = await failureOf(courier().book(parcel()));
    expect([error.kind, error.retryAfterSeconds]).toEqual(['retry', 7]);
  });

  it('maps a 500 to retry', async () => {
    const shop = courier();
    const booking = await shop.book(parcel());
    await control('fail', { mode: '500', times: 1 });
    const error = await failureOf(shop.status({ consignmentId: booking.consignmentId, orderNumber: 1 }));
    expect(error.kind).toBe('retry');
    expect(error.message).toBe('RedX GET /parcel/info/' + booking.consignmentId + ': HTTP 500: Internal Server Error');
  });

  it('gives up on a stalled answer within the time-out: retry', async () => {
    await control('fail', { mode: 'stall', times: 1 });
    const started = Date.now();
    const error = await failureOf(courier({ timeoutMs: 300 }).book(parcel()));
    expect(error.kind).toBe('retry');
    expect(error.message).toBe('RedX GET /areas: no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a parcel RedX does not have (404)', async () => {
    const error = await failureOf(courier().status({ consignmentId: 'NOPE123', orderNumber: 1 }));
    expect(error.kind).toBe('refused');
  });

  it('cannot be pointed at plain http except on this machine', () => {
    expect(() => createRedxCourier({ token: 't', webhookToken: 'w', baseUrl: 'http://openapi.redx.com.bd/v1.0.0-beta' })).toThrow(/https/);
  });
});

describe('status', () => {
  // [RedX's word, delivery type, the shop's status]: written out here so that a change in the table shows.
  const expected: Array<[string, string, string | null]> = [
    ['pickup-pending', 'regular', 'booked'],
    ['ready-for-delivery', 'regular', 'picked_up'],
    ['delivery-in-progress', 'regular', 'in_transit'],
    ['agent-hold', 'regular', 'in_transit'],
    ['agent-returning', 'regular', 'in_transit'],
    ['agent-area-change', 'regular', null],
    ['delivered', 'regular', 'delivered'],
    ['returned', 'regular', 'returned'],
    ['paid', 'regular', null],
    ['cancelled', 'regular', null],
    ['return-in-progress', 'regular', 'in_transit'],
    ['agent-hold-returning', 'regular', 'in_transit'],
    ['return-hold-returning', 'regular', 'in_transit'],
    ['return-problematic-returning', 'regular', 'in_transit'],
    ['exchange-returning', 'regular', 'in_transit'],
    ['agent-returned', 'regular', 'in_transit'],
    ['delivered', 'partial-delivery', 'partly_delivered'],
    ['returned', 'partial-delivery', null],
    ['returned', 'partial-return', null],
    ['some-new-word', 'regular', null],
  ];

  it('covers every status word the adapter knows', () => {
    expect(new Set(expected.map(([word]) => word).filter((word) => word !== 'some-new-word'))).toEqual(new Set(redxStatusWords));
  });

  it.each(expected)('maps %s on a %s parcel to %s', async (word, deliveryType, status) => {
    const shop = courier();
    const booking = await shop.book(parcel());
    await control('advance', { consignmentId: booking.consignmentId, status: word, deliveryType });
    const report = await shop.status({ consignmentId: booking.consignmentId, orderNumber: 0 });
    expect(report.status).toBe(status);
    expect(report.consignmentId).toBe(booking.consignmentId);
    expect(report.paid).toEqual(word === 'paid' ? { reference: null, amount: null } : null);
  });

  it('reports the charge, the cash collected, the latest message and its time', async () => {
    const shop = courier();
    const request = parcel({ district: 'Chattogram', thana: 'Panchlaish', codAmount: 1200, weightKg: 2.4 });
    const booking = await shop.book(request);
    await control('advance', { consignmentId: booking.consignmentId, status: 'delivery-in-progress' });
    const moving = await shop.status({ consignmentId: booking.consignmentId, orderNumber: request.orderNumber });
    expect(moving).toMatchObject({ orderNumber: request.orderNumber, status: 'in_transit', collectedAmount: null, deliveryCharge: 140, message: 'Parcels have been dispatched to rider' });
    await control('advance', { consignmentId: booking.consignmentId, status: 'delivered', collected: 1150 });
    const done = await shop.status({ consignmentId: booking.consignmentId, orderNumber: request.orderNumber });
    expect(done).toMatchObject({ status: 'delivered', collectedAmount: 1150, deliveryCharge: 140, message: 'Parcels delivered by rider', messageBn: 'রাইডার পার্সেল ডেলিভারি করেছেন' });
    expect(done.at).toBeInstanceOf(Date);
    expect(Math.abs(done.at!.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('quote', () => {
  it("quotes RedX's delivery charge from the charge calculator, by area, pickup area and grams", async () => {
    const shop = courier();
    expect(await shop.quote(parcel({ district: 'Dhaka', thana: 'Gulshan', codAmount: 1000 }))).toBe(60);
    expect(await shop.quote(parcel({ district: 'Chittagong', thana: 'Kotwali', codAmount: 1000, weightKg: 1.2 }))).toBe(125);
    const charge = (await fakeRequests()).filter((r) => r.path === '/charge/charge_calculator').at(-1);
    expect(charge?.query).toEqual({ delivery_area_id: '500', pickup_area_id: '1', cash_collection_amount: '1000', weight: '1200' });
  });

  it('has no quote where RedX has no area, and uses the first pickup store when none is set', async () => {
    expect(await courier().quote(parcel({ thana: 'Nowhere Bazar' }))).toBeNull();
    expect(await courier({ pickupStoreId: null }).quote(parcel({ district: 'Savar', thana: null }))).toBeNull();
    expect(await courier({ pickupStoreId: null }).quote(parcel({ thana: 'Savar' }))).toBe(80);
    expect((await fakeRequests()).some((r) => r.path === '/pickup/stores')).toBe(true);
  });
});

describe('cancel', () => {
  it('cancels a parcel not picked up yet, and refuses once it is', async () => {
    const shop = courier();
    const first = await shop.book(parcel());
    await shop.cancel({ consignmentId: first.consignmentId, orderNumber: 1 });
    expect((await fakeParcels()).find((p) => p.tracking_id === first.consignmentId)?.status).toBe('cancelled');
    const second = await shop.book(parcel());
    await control('advance', { consignmentId: second.consignmentId, status: 'ready-for-delivery' });
    const error = await failureOf(shop.cancel({ consignmentId: second.consignmentId, orderNumber: 2 }));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('ready-for-delivery');
  });
});

describe('webhook', () => {
  it('reads a webhook with the right ?token=: the report, mapped, answered 200', async () => {
    const shop = courier();
    const request = parcel({ orderNumber: 40001 });
    const booking = await shop.book(request);
    const answer = (await control('advance', { consignmentId: booking.consignmentId, status: 'delivered', webhookUrl })) as { webhook: { status: number; body: unknown } };
    expect(answer.webhook).toEqual({ status: 200, body: { success: true } });
    const [reading] = readings;
    expect(reading?.kind).toBe('reports');
    if (reading?.kind !== 'reports') return;
    expect(reading.reports).toHaveLength(1);
    expect(reading.reports[0]).toMatchObject({
      consignmentId: booking.consignmentId,
      orderNumber: 40001,
      status: 'delivered',
      collectedAmount: null,
      message: 'Parcels delivered by rider',
      messageBn: 'রাইডার পার্সেল ডেলিভারি করেছেন',
      paid: null,
    });
    expect(reading.reports[0]?.at).toBeInstanceOf(Date);
  });

  it('maps a partial delivery and a payout from the webhook', async () => {
    const booking = await courier().book(parcel());
    await control('advance', { consignmentId: booking.consignmentId, status: 'delivered', deliveryType: 'partial-delivery', webhookUrl });
    await control('advance', { consignmentId: booking.consignmentId, status: 'paid', webhookUrl });
    const reports = readings.flatMap((r) => (r.kind === 'reports' ? r.reports : []));
    expect(reports.map((r) => [r.status, r.paid])).toEqual([
      ['partly_delivered', null],
      [null, { reference: null, amount: null }],
    ]);
  });

  it('refuses a wrong or missing token (401), and the courier said nothing', async () => {
    const booking = await courier().book(parcel());
    const wrong = (await control('advance', { consignmentId: booking.consignmentId, status: 'delivered', webhookUrl, secret: 'guess' })) as { webhook: { status: number } };
    const missing = (await control('advance', { consignmentId: booking.consignmentId, status: 'returned', webhookUrl, secret: null })) as { webhook: { status: number } };
    expect([wrong.webhook.status, missing.webhook.status]).toEqual([401, 401]);
    expect(readings.map((r) => r.kind)).toEqual(['refused', 'refused']);
    // The same secret but longer or shorter is no match either.
    const shop = courier();
    expect(shop.readWebhook({ headers: { [redxWebhookTokenHeader]: `${redx.webhookToken}x` }, body: '{}' }).kind).toBe('refused');
    expect(shop.readWebhook({ headers: { 'x-other': redx.webhookToken }, body: '{}' }).kind).toBe('refused');
  });

  it('calls an authentic but malformed body invalid, and never throws', () => {
    const shop = courier();
    const headers = { [redxWebhookTokenHeader]: redx.webhookToken };
    expect(shop.readWebhook({ headers, body: 'not json' })).toMatchObject({ kind: 'invalid' });
    expect(shop.readWebhook({ headers, body: '[1,2]' })).toMatchObject({ kind: 'invalid' });
    expect(shop.readWebhook({ headers, body: JSON.stringify({ status: 'delivered' }) })).toMatchObject({ kind: 'invalid', reason: 'RedX webhook without a tracking_number' });
    expect(shop.readWebhook({ headers, body: JSON.stringify({ tracking_number: '26A1', status: '' }) })).toMatchObject({ kind: 'invalid' });
    const odd = shop.readWebhook({ headers, body: JSON.stringify({ tracking_number: '26A1', status: 'agent-area-change', invoice_number: 'INV-7', timestamp: 1767225600 }) });
    expect(odd).toMatchObject({ kind: 'reports', reports: [{ consignmentId: '26A1', orderNumber: null, status: null, message: null }] });
    if (odd.kind === 'reports') expect(odd.reports[0]?.at?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
