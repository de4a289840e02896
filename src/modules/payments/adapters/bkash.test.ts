import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBkashServer, type BkashFakePayment, type BkashFakeRequest } from '../../../../tests/support/payments/bkash-server.mjs';
import { PaymentError, type PaymentGateway, type PaymentResult } from '../ports.js';
import { bkashPaymentStatus, bkashTime, createBkashGateway, type BkashGatewayOptions } from './bkash.js';

type Fake = Awaited<ReturnType<typeof startBkashServer>>;

let fake: Fake;
let gateway: PaymentGateway;

const gatewayOf = (changes: Partial<BkashGatewayOptions> = {}): PaymentGateway =>
  createBkashGateway({ baseUrl: fake.url, appKey: fake.appKey, appSecret: fake.appSecret, username: fake.username, password: fake.password, timeoutMs: 300, ...changes });

const order = (invoice: string, amount = 1250) => ({ invoice, amount, payerReference: '01711223344', callbackUrl: 'http://127.0.0.1:1/api/payments/bkash/callback?order=10001' });

async function control(path: 'reset' | 'fail' | 'expire-tokens' | 'approve', body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.origin}/_control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function requestsLogged(): Promise<BkashFakeRequest[]> {
  return (await (await fetch(`${fake.origin}/_control/requests`)).json()) as BkashFakeRequest[];
}

const paths = async () => (await requestsLogged()).map((r) => r.path);
const stored = (paymentId: string): BkashFakePayment | undefined => fake.payments().find((p) => p.paymentID === paymentId);

async function caught(promise: Promise<unknown>): Promise<PaymentError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentError);
    return error as PaymentError;
  }
  throw new Error('expected a PaymentError');
}

/** A payment created at the fake and decided by the shopper (as the hosted page's buttons do). */
async function decided(invoice: string, outcome: 'success' | 'failure' | 'cancel', reason?: string) {
  const started = await gateway.create(order(invoice));
  await control('approve', { paymentID: started.paymentId, outcome, reason });
  return started;
}

beforeAll(async () => {
  fake = await startBkashServer({ port: 0 });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  await control('reset', {});
  gateway = gatewayOf();
});

describe('the token', () => {
  it('is granted on first use with username and password headers, then sent bare with X-APP-Key', async () => {
    await gateway.create(order('10001-1'));

    const [grant, create] = await requestsLogged();
    expect(grant).toEqual({ method: 'POST', path: 'token/grant', username: true, password: true, appKey: null, authorization: null, body: { app_key: '[redacted]', app_secret: '[redacted]' } });
    expect(create).toMatchObject({ path: 'create', appKey: true, authorization: 'token' });
  });

  it('is kept and reused, and calls that start together share one grant', async () => {
    await gateway.create(order('10002-1'));
    await gateway.create(order('10002-2'));

    const fresh = gatewayOf();
    await Promise.all([fresh.create(order('10003-1')), fresh.create(order('10003-2')), fresh.create(order('10003-3'))]);

    expect((await paths()).filter((p) => p.startsWith('token/'))).toEqual(['token/grant', 'token/grant']);
  });

  it('is refreshed with the refresh token shortly before expires_in runs out, and the new one is used', async () => {
    const start = new Date('2026-03-01T10:00:00Z');
    let clock = start;
    const timed = gatewayOf({ now: () => clock });
    await timed.create(order('10004-1'));
    clock = new Date(start.getTime() + 50 * 60_000);
    await timed.create(order('10004-2'));
    expect((await paths()).filter((p) => p.startsWith('token/'))).toEqual(['token/grant']);

    // bKash's tokens live an hour: within the last five minutes, a refresh.
    clock = new Date(start.getTime() + 3600_000 - 60_000);
    await control('expire-tokens', {}); // the old id_token no longer works: only the refreshed one can
    await timed.create(order('10004-3'));
    const logged = await requestsLogged();
    expect(logged.map((r) => r.path)).toEqual(['token/grant', 'create', 'create', 'token/refresh', 'create']);
    expect(logged[3]).toMatchObject({ username: true, password: true, body: { app_key: '[redacted]', app_secret: '[redacted]', refresh_token: '[redacted]' } });
    expect(logged[4]).toMatchObject({ authorization: 'token' });
  });

  it('is granted anew when the refresh token is refused', async () => {
    const start = new Date('2026-03-01T10:00:00Z');
    let clock = start;
    const timed = gatewayOf({ now: () => clock });
    await timed.create(order('10005-1'));
    await control('expire-tokens', { refreshTokens: true });
    clock = new Date(start.getTime() + 3600_000);

    await timed.create(order('10005-2'));
    expect(await paths()).toEqual(['token/grant', 'create', 'token/refresh', 'token/grant', 'create']);
  });

  it('an expired token answered 401 is replaced once and the call made again', async () => {
    await gateway.create(order('10006-1'));
    await control('expire-tokens', {});

    const started = await gateway.create(order('10006-2'));
    expect(stored(started.paymentId)?.merchantInvoiceNumber).toBe('10006-2');
    const logged = await requestsLogged();
    expect(logged.map((r) => [r.path, r.authorization])).toEqual([
      ['token/grant', null],
      ['create', 'token'],
      ['create', 'expired'],
      ['token/refresh', null],
      ['create', 'token'],
    ]);
  });

  it('a token refused again after the new one is auth, with no third try', async () => {
    await gateway.create(order('10007-1'));
    await control('fail', { mode: '401', times: 2, route: 'create' });

    const error = await caught(gateway.create(order('10007-2')));
    expect(error.kind).toBe('auth');
    expect(await paths()).toEqual(['token/grant', 'create', 'create', 'token/refresh', 'create']);
  });
});

describe('create', () => {
  it('sends the documented fields, the amount as a decimal string, and answers bKash\'s paymentID and bkashURL', async () => {
    const started = await gateway.create(order('10011-1', 1250));

    const payment = stored(started.paymentId);
    expect(payment).toMatchObject({
      mode: '0011',
      payerReference: '01711223344',
      callbackURL: 'http://127.0.0.1:1/api/payments/bkash/callback?order=10001',
      amount: '1250.00',
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: '10011-1',
      transactionStatus: 'Initiated',
    });
    expect(started.redirectUrl).toBe(`${fake.origin}/checkout/pay?paymentID=${started.paymentId}`);
  });

  it('refuses an amount that is not whole taka above 0 without calling bKash', async () => {
    expect((await caught(gateway.create(order('10012-1', 12.5)))).kind).toBe('refused');
    expect((await caught(gateway.create(order('10012-2', 0)))).kind).toBe('refused');
    expect(await paths()).toEqual([]);
  });

  it('a business refusal is refused with bKash\'s code and words', async () => {
    await control('fail', { mode: '2031', route: 'create' });
    const error = await caught(gateway.create(order('10013-1')));
    expect(error).toMatchObject({ kind: 'refused', code: '2031', uncertain: false });
    expect(error.message).toContain('Invalid merchant invoice number');
  });
});

describe('the hosted page and execute', () => {
  it('the page\'s Pay button redirects to the callback with bKash\'s query, and execute then completes', async () => {
    const started = await gateway.create(order('10021-1', 1250));
    const page = await (await fetch(started.redirectUrl)).text();
    expect(page).toContain('id="pay"');
    expect(page).toContain('id="cancel"');

    const pressed = await fetch(`${fake.origin}/checkout/pay`, { method: 'POST', body: new URLSearchParams({ paymentID: started.paymentId, outcome: 'success' }), redirect: 'manual' });
    expect(pressed.status).toBe(302);
    const callback = new URL(pressed.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe('http://127.0.0.1:1/api/payments/bkash/callback');
    expect(Object.fromEntries(callback.searchParams)).toEqual({ order: '10001', paymentID: started.paymentId, status: 'success', signature: stored(started.paymentId)?.signature, apiVersion: '1.2.0-beta' });

    const result = await gateway.execute(started.paymentId);
    const payment = stored(started.paymentId);
    expect(result).toEqual({ status: 'completed', paymentId: started.paymentId, trxId: payment?.trxID, amount: 1250, payer: '01770618575', at: bkashTime(payment?.paymentExecuteTime) });
    expect(result.status === 'completed' && Math.abs((result.at?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('a second execute is answered 2062 and read from a status call as completed', async () => {
    const started = await decided('10022-1', 'success');
    const first = await gateway.execute(started.paymentId);

    const second = await gateway.execute(started.paymentId);
    expect(second).toMatchObject({ status: 'completed', paymentId: started.paymentId, trxId: first.status === 'completed' ? first.trxId : 'none', amount: 1250 });
    // The status answer names no payer (as in bKash's samples): it is not made up.
    expect(second.status === 'completed' && second.payer).toBeNull();
    expect((await paths()).slice(-3)).toEqual(['execute', 'execute', 'payment/status']);
    expect(stored(started.paymentId)?.executions).toBe(2);
  });

  it('execute before the shopper approved (2056) is settled by the status call: initiated, not completed', async () => {
    const started = await gateway.create(order('10023-1'));
    const result = await gateway.execute(started.paymentId);
    expect(result).toEqual({ status: 'initiated', paymentId: started.paymentId });
    expect((await paths()).slice(-2)).toEqual(['execute', 'payment/status']);
    expect(stored(started.paymentId)?.transactionStatus).toBe('Initiated');
  });

  it('a failure for insufficient balance: execute answers 2023, a failed payment with bKash\'s words', async () => {
    const started = await decided('10024-1', 'failure', 'insufficient balance');
    const result = await gateway.execute(started.paymentId);
    expect(result).toEqual({ status: 'failed', paymentId: started.paymentId, code: '2023', message: 'bKash: 2023 Insufficient Balance' });
  });

  it('a failure on the page without a reason, and a cancel, are read from the status call', async () => {
    const failed = await decided('10025-1', 'failure');
    expect(await gateway.execute(failed.paymentId)).toEqual({ status: 'failed', paymentId: failed.paymentId, code: null, message: 'bKash: the payment is Failed' });

    const canceled = await decided('10025-2', 'cancel');
    expect(await gateway.execute(canceled.paymentId)).toEqual({ status: 'canceled', paymentId: canceled.paymentId, code: null, message: 'bKash: the payment is Cancelled' });
  });

  it('an execute carried out whose answer never comes is settled by the status call as completed', async () => {
    const started = await decided('10026-1', 'success');
    await control('fail', { mode: 'then-stall', route: 'execute' });

    const result = await gateway.execute(started.paymentId);
    expect(result).toMatchObject({ status: 'completed', trxId: stored(started.paymentId)?.trxID, amount: 1250 });
    expect((await paths()).slice(-2)).toEqual(['execute', 'payment/status']);
  });

  it('an execute answered 504 or cut off is settled by the status call: the money was not taken', async () => {
    const gatewayTimeout = await decided('10027-1', 'success');
    await control('fail', { mode: '504', route: 'execute' });
    expect(await gateway.execute(gatewayTimeout.paymentId)).toEqual({ status: 'initiated', paymentId: gatewayTimeout.paymentId });

    const dropped = await decided('10027-2', 'success');
    await control('fail', { mode: 'reset', route: 'execute' });
    expect(await gateway.execute(dropped.paymentId)).toEqual({ status: 'initiated', paymentId: dropped.paymentId });
    expect((await paths()).slice(-2)).toEqual(['execute', 'payment/status']);
    expect(stored(dropped.paymentId)?.transactionStatus).toBe('Initiated');
  });

  it('an execute with no answer whose status call has none either is retry, uncertain', async () => {
    const started = await decided('10028-1', 'success');
    await control('fail', { mode: 'stall', times: 2 });
    const error = await caught(gateway.execute(started.paymentId));
    expect(error).toMatchObject({ kind: 'retry', uncertain: true });
    expect(error.message).toContain('the status call failed too');
    expect((await paths()).slice(-2)).toEqual(['execute', 'payment/status']);
  });

  it('an unknown paymentID is refused with 2002', async () => {
    const error = await caught(gateway.execute('TR0011NOSUCH1700000000000'));
    expect(error).toMatchObject({ kind: 'refused', code: '2002' });
  });
});

describe('status', () => {
  it('reads Initiated, then Completed with the trxID, amount and time', async () => {
    const started = await gateway.create(order('10031-1', 60));
    expect(await gateway.status(started.paymentId)).toEqual({ status: 'initiated', paymentId: started.paymentId });

    await control('approve', { paymentID: started.paymentId, outcome: 'success' });
    await gateway.execute(started.paymentId);
    const payment = stored(started.paymentId);
    expect(await gateway.status(started.paymentId)).toEqual({ status: 'completed', paymentId: started.paymentId, trxId: payment?.trxID, amount: 60, payer: null, at: bkashTime(payment?.paymentExecuteTime) });
  });

  it('maps bKash\'s words, and an unknown word is retry naming it', async () => {
    const expected: Record<string, PaymentResult['status'] | null> = {
      Completed: 'completed',
      Initiated: 'initiated',
      Authorized: 'initiated',
      'Pending Authorized': 'initiated',
      Cancelled: 'canceled',
      Failed: 'failed',
      Declined: 'failed',
      Expired: 'failed',
      Teleported: null,
      __proto__: null,
    };
    for (const [word, status] of Object.entries(expected)) expect({ word, status: bkashPaymentStatus(word) }).toEqual({ word, status });

    const answering = (body: unknown) =>
      gatewayOf({
        fetch: async (input) =>
          new Response(JSON.stringify(String(input).endsWith('/token/grant') ? { statusCode: '0000', id_token: 'stub-id-token', expires_in: 3600, refresh_token: 'stub-refresh' } : body), { status: 200 }),
      });
    const error = await caught(answering({ statusCode: '0000', paymentID: 'TR1', transactionStatus: 'Teleported' }).status('TR1'));
    expect(error).toMatchObject({ kind: 'retry', uncertain: false });
    expect(error.message).toContain('"Teleported"');
    // Amounts as bKash writes them: "60", "60.00" or a number, in whole taka.
    const completed = await answering({ statusCode: '0000', paymentID: 'TR2', trxID: 'ABC123', amount: '60.00', transactionStatus: 'Completed', customerMsisdn: '01XXXXXX575', paymentExecuteTime: '2023-01-23T02:04:05:736 GMT+0600' }).status('TR2');
    expect(completed).toEqual({ status: 'completed', paymentId: 'TR2', trxId: 'ABC123', amount: 60, payer: '01XXXXXX575', at: new Date('2023-01-22T20:04:05.736Z') });
  });
});

describe('refunds', () => {
  it('refunds part of a payment with the amount as a decimal string, and refundStatus reads it back', async () => {
    const started = await decided('10041-1', 'success');
    const paid = await gateway.execute(started.paymentId);
    if (paid.status !== 'completed') throw new Error('not completed');
    expect(await gateway.refundStatus({ paymentId: started.paymentId, trxId: paid.trxId })).toBeNull();

    const refund = await gateway.refund({ paymentId: started.paymentId, trxId: paid.trxId, amount: 500, reason: 'One item out of stock', sku: '10041' });
    const kept = stored(started.paymentId)?.refunds[0];
    expect(refund).toEqual({ refundTrxId: kept?.refundTrxID, amount: 500, at: bkashTime(kept?.completedTime) });
    expect((await requestsLogged()).at(-1)?.body).toEqual({ paymentID: started.paymentId, amount: '500.00', trxID: paid.trxId, sku: '10041', reason: 'One item out of stock' });

    expect(await gateway.refundStatus({ paymentId: started.paymentId, trxId: paid.trxId })).toEqual(refund);
    expect((await requestsLogged()).at(-1)?.body).toEqual({ paymentID: started.paymentId, trxID: paid.trxId });
  });

  it('a refund above what is left is refused with bKash\'s code', async () => {
    const started = await decided('10042-1', 'success');
    const paid = await gateway.execute(started.paymentId);
    if (paid.status !== 'completed') throw new Error('not completed');
    await gateway.refund({ paymentId: started.paymentId, trxId: paid.trxId, amount: 1000, reason: 'Returned', sku: '10042' });

    const error = await caught(gateway.refund({ paymentId: started.paymentId, trxId: paid.trxId, amount: 251, reason: 'Returned', sku: '10042' }));
    expect(error).toMatchObject({ kind: 'refused', code: '2072', uncertain: false });
    expect(stored(started.paymentId)?.refunds).toHaveLength(1);
  });
});

describe('failures', () => {
  it('500 is retry, certain that nothing was done', async () => {
    await gateway.create(order('10051-1'));
    await control('fail', { mode: '500' });
    const error = await caught(gateway.create(order('10051-2')));
    expect(error).toMatchObject({ kind: 'retry', uncertain: false });
    expect(error.message).toContain('HTTP 500');
  });

  it('bKash\'s maintenance code (503 in the body) is retry', async () => {
    await control('fail', { mode: 'maintenance', route: 'create' });
    const error = await caught(gateway.create(order('10052-1')));
    expect(error).toMatchObject({ kind: 'retry', code: '503' });
  });

  it('a stall is retry, uncertain, within the time-out: before the answer and in the middle of it', async () => {
    await gateway.create(order('10053-1'));
    await control('fail', { mode: 'stall' });
    let started = Date.now();
    const error = await caught(gateway.create(order('10053-2')));
    expect(error).toMatchObject({ kind: 'retry', uncertain: true });
    expect(error.message).toContain('no answer to tokenized/checkout/create within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);

    await control('fail', { mode: 'stall-body' });
    started = Date.now();
    const midway = await caught(gateway.status('TR0011X'));
    expect(midway).toMatchObject({ kind: 'retry', uncertain: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a refused connection is retry, certain that nothing was sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));

    const error = await caught(gatewayOf({ baseUrl: `http://127.0.0.1:${port}/v1.2.0-beta` }).create(order('10054-1')));
    expect(error).toMatchObject({ kind: 'retry', uncertain: false });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('wrong keys or password are auth, and no secret shows in the message', async () => {
    const wrongSecret = await caught(gatewayOf({ appSecret: 'not-the-app-secret' }).create(order('10055-1')));
    expect(wrongSecret).toMatchObject({ kind: 'auth', code: '2001' });
    expect(wrongSecret.message).toContain('Invalid App Key');

    const wrongPassword = await caught(gatewayOf({ password: 'not-the-password' }).create(order('10055-2')));
    expect(wrongPassword.kind).toBe('auth');
    expect(wrongPassword.message).toContain('HTTP 403');

    for (const error of [wrongSecret, wrongPassword]) {
      for (const secret of ['not-the-app-secret', 'not-the-password', fake.appKey, fake.appSecret, fake.password]) expect(error.message).not.toContain(secret);
    }
    expect(fake.payments()).toEqual([]);
  });

  it('an answer larger than 64 KiB is not read: retry, uncertain', async () => {
    await gateway.create(order('10056-1'));
    await control('fail', { mode: 'huge', route: 'create' });
    const error = await caught(gateway.create(order('10056-2')));
    expect(error).toMatchObject({ kind: 'retry', uncertain: true });
    expect(error.message).toContain('more than 64 KiB');
  });

  it('reads the older {errorCode, errorMessage} shape like statusCode', async () => {
    await control('fail', { mode: 'legacy-2014', route: 'create' });
    const refused = await caught(gateway.create(order('10057-1')));
    expect(refused).toMatchObject({ kind: 'refused', code: '2014' });
    expect(refused.message).toContain('Wrong PIN');

    const started = await decided('10057-2', 'success');
    await control('fail', { mode: 'legacy-2023', route: 'execute' });
    expect(await gateway.execute(started.paymentId)).toMatchObject({ status: 'failed', code: '2023' });
  });

  it('an HTML page with HTTP 200 is not taken for a payment', async () => {
    await control('fail', { mode: 'not-json', route: 'create' });
    const error = await caught(gateway.create(order('10058-1')));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('without a paymentID');
  });

  it('the base URL must be https, or http on a loopback address', () => {
    expect(() => gatewayOf({ baseUrl: 'http://tokenized.pay.bka.sh/v1.2.0-beta' })).toThrow(/https/);
    expect(() => gatewayOf({ baseUrl: 'https://tokenized.pay.bka.sh/v1.2.0-beta' })).not.toThrow();
  });
});
