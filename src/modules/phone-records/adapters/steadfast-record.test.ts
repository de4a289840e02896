import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSteadfastServer } from '../../../../tests/support/couriers/steadfast-server.mjs';
import { RecordSourceError, type CourierRecordSource } from '../ports.js';
import { createSteadfastRecordSource } from './steadfast-record.js';

type Fake = Awaited<ReturnType<typeof startSteadfastServer>>;
type LoggedRequest = { method: string; path: string; apiKey: boolean; secretKey: boolean };

let fake: Fake;
let source: CourierRecordSource;

async function control(path: 'reset' | 'fail' | 'record', body: unknown): Promise<void> {
  const response = await fetch(`${fake.origin}/_control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

async function requestsLogged(): Promise<LoggedRequest[]> {
  return (await (await fetch(`${fake.origin}/_control/requests`)).json()) as LoggedRequest[];
}

async function caught(promise: Promise<unknown>): Promise<RecordSourceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RecordSourceError);
    return error as RecordSourceError;
  }
  throw new Error('expected a RecordSourceError');
}

/** A source whose every call gets this answer, for the shapes the fake does not make. */
const answering = (status: number, body: string) =>
  createSteadfastRecordSource({ baseUrl: fake.url, apiKey: 'stub-api-key', secretKey: 'stub-secret-key', fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }) });

beforeAll(async () => {
  fake = await startSteadfastServer({ port: 0 });
  source = createSteadfastRecordSource({ baseUrl: fake.url, apiKey: fake.apiKey, secretKey: fake.secretKey, timeoutMs: 300 });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  await control('reset', {});
});

describe('a phone with a record', () => {
  it("reads Steadfast's fraud check with the merchant keys", async () => {
    await control('record', { phone: '01711223344', total: 15, delivered: 12, cancelled: 3 });

    const record = await source.lookup('01711223344');

    expect(source.name).toBe('steadfast');
    expect(record).toEqual({ source: 'steadfast', total: 15, delivered: 12, returned: 3, couriers: [{ courier: 'steadfast', total: 15, delivered: 12, returned: 3 }] });
    expect(await requestsLogged()).toEqual([expect.objectContaining({ method: 'GET', path: '/fraud_check/01711223344', apiKey: true, secretKey: true })]);
  });

  it('keeps parcels still on the way in the total', async () => {
    await control('record', { phone: '01711223345', total: 9, delivered: 5, cancelled: 1 });
    expect(await source.lookup('01711223345')).toMatchObject({ total: 9, delivered: 5, returned: 1 });
  });

  it('reads counts written as strings, under `data`, and without total_parcels', async () => {
    await control('record', { phone: '01711223346', answer: { status: 200, data: { total_parcels: '7', total_delivered: '6', total_cancelled: '1' } } });
    expect(await source.lookup('01711223346')).toMatchObject({ total: 7, delivered: 6, returned: 1 });
    await control('record', { phone: '01711223347', answer: { total_delivered: 4, total_cancelled: 2 } });
    expect(await source.lookup('01711223347')).toMatchObject({ total: 6, delivered: 4, returned: 2 });
  });
});

describe('a phone with no record', () => {
  it('is zeros with no courier line', async () => {
    expect(await source.lookup('01811000000')).toEqual({ source: 'steadfast', total: 0, delivered: 0, returned: 0, couriers: [] });
  });

  it('a phone not in the 01XXXXXXXXX form is refused without a call', async () => {
    const error = await caught(source.lookup('+8801711223344'));
    expect(error.kind).toBe('refused');
    expect(await requestsLogged()).toEqual([]);
  });

  it("Steadfast's own validation error is refused", async () => {
    const error = await caught(answering(200, '{"status":400,"errors":{"phone":["The phone must be 11 digits."]}}').lookup('01711223344'));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('The phone must be 11 digits.');
  });
});

describe('failures', () => {
  it('a wrong key is auth, and no key shows in the message', async () => {
    const wrong = createSteadfastRecordSource({ baseUrl: fake.url, apiKey: fake.apiKey, secretKey: 'not-the-secret-key', timeoutMs: 300 });
    const error = await caught(wrong.lookup('01711223344'));
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain('not-the-secret-key');
    expect(error.message).not.toContain(fake.apiKey);

    await control('fail', { mode: '401' });
    expect((await caught(source.lookup('01711223344'))).kind).toBe('auth');
    expect((await caught(answering(200, '{"status":403,"message":"Forbidden"}').lookup('01711223344'))).kind).toBe('auth');
    const leaky = createSteadfastRecordSource({
      baseUrl: fake.url,
      apiKey: 'leaky-api-key',
      secretKey: 'leaky-secret-key',
      fetch: async () => new Response('{"message":"Unknown keys leaky-api-key / leaky-secret-key"}', { status: 401 }),
    });
    const echoed = await caught(leaky.lookup('01711223344'));
    expect(echoed.kind).toBe('auth');
    expect(echoed.message).not.toContain('leaky-api-key');
    expect(echoed.message).not.toContain('leaky-secret-key');
  });

  it('429 and 500 are retry', async () => {
    await control('fail', { mode: '429' });
    const limited = await caught(source.lookup('01711223344'));
    expect(limited.kind).toBe('retry');
    expect(limited.message).toContain('429');

    await control('fail', { mode: '500' });
    const down = await caught(source.lookup('01711223344'));
    expect(down.kind).toBe('retry');
    expect(down.message).toContain('HTTP 500');
  });

  it('a daily limit told in the body is retry', async () => {
    const error = await caught(answering(200, '{"status":200,"current":101,"limit":100,"error":"Daily limit exceeded"}').lookup('01711223344'));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('Daily limit exceeded');
  });

  it('a stall is retry within the time-out, before the answer and in the middle of it', async () => {
    await control('fail', { mode: 'stall' });
    let started = Date.now();
    const error = await caught(source.lookup('01711223344'));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);

    await control('fail', { mode: 'stall-body' });
    started = Date.now();
    expect((await caught(source.lookup('01711223344'))).kind).toBe('retry');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an unreachable host is retry', async () => {
    const closed = await startSteadfastServer({ port: 0 });
    await closed.close();
    const gone = createSteadfastRecordSource({ baseUrl: closed.url, apiKey: fake.apiKey, secretKey: fake.secretKey, timeoutMs: 300 });
    expect((await caught(gone.lookup('01711223344'))).kind).toBe('retry');
  });

  it('a malformed answer is retry: negative, fractional, non-numeric counts, no figures, not JSON', async () => {
    const bodies = [
      { status: 200, total_parcels: 5, total_delivered: -1, total_cancelled: 0 },
      { status: 200, total_parcels: 5, total_delivered: 2.5, total_cancelled: 0 },
      { status: 200, total_parcels: 'many', total_delivered: 2, total_cancelled: 0 },
      { status: 200, total_parcels: 5, total_delivered: 'NaN', total_cancelled: 0 },
      { status: 200, total_parcels: 5, total_cancelled: 0 },
      { status: 200, message: 'ok' },
      [1, 2, 3],
    ];
    for (const [i, answer] of bodies.entries()) {
      const phone = `0171122330${i}`;
      await control('record', { phone, answer });
      const error = await caught(source.lookup(phone));
      expect({ i, kind: error.kind }).toEqual({ i, kind: 'retry' });
    }
    expect((await caught(answering(200, '<html>Whoops</html>').lookup('01711223344'))).kind).toBe('retry');
  });

  it('an oversized answer is retry, not read to the end', async () => {
    await control('fail', { mode: 'oversized', bytes: 200_000 });
    const error = await caught(source.lookup('01711223344'));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('larger than 65536 bytes');
  });

  it('an answer just under the cap is still read', async () => {
    await control('record', { phone: '01711223399', answer: { status: 200, total_parcels: 2, total_delivered: 1, total_cancelled: 1, note: 'x'.repeat(60_000) } });
    expect(await source.lookup('01711223399')).toMatchObject({ total: 2, delivered: 1, returned: 1 });
  });
});
