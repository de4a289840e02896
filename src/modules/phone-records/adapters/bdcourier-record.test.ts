import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBdCourierServer } from '../../../../tests/support/couriers/bdcourier-server.mjs';
import { RecordSourceError, type CourierRecordSource } from '../ports.js';
import { createBdCourierRecordSource } from './bdcourier-record.js';

type Fake = Awaited<ReturnType<typeof startBdCourierServer>>;
type LoggedRequest = { method: string; path: string; key: 'right' | 'wrong' | 'none'; body: unknown };

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
const answering = (status: number, body: unknown) =>
  createBdCourierRecordSource({ baseUrl: fake.url, apiKey: 'stub-bdcourier-key', fetch: async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) });

beforeAll(async () => {
  fake = await startBdCourierServer({ port: 0 });
  source = createBdCourierRecordSource({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 300 });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  await control('reset', {});
});

describe('a phone with a record', () => {
  it('gives each courier with parcels and the summary, asked as documented', async () => {
    await control('record', {
      phone: '01711223344',
      couriers: { pathao: { delivered: 8, cancelled: 2 }, steadfast: { total: 6, delivered: 4, cancelled: 1 }, redx: { delivered: 0, cancelled: 3 } },
    });

    const record = await source.lookup('01711223344');

    expect(source.name).toBe('bdcourier');
    expect(record).toEqual({
      source: 'bdcourier',
      total: 19,
      delivered: 12,
      returned: 6,
      couriers: [
        { courier: 'pathao', total: 10, delivered: 8, returned: 2 },
        { courier: 'steadfast', total: 6, delivered: 4, returned: 1 },
        { courier: 'redx', total: 3, delivered: 0, returned: 3 },
      ],
    });
    expect(await requestsLogged()).toEqual([{ method: 'POST', path: '/courier-check', key: 'right', body: { phone: '01711223344' } }]);
  });

  it("takes the service's summary over the couriers' sum", async () => {
    const record = await answering(200, {
      status: 'success',
      data: { pathao: { total_parcel: 2, success_parcel: 1, cancelled_parcel: 1 }, summary: { total_parcel: '12', success_parcel: '10', cancelled_parcel: '2', success_ratio: 83.33 } },
    }).lookup('01711223344');
    expect(record).toMatchObject({ total: 12, delivered: 10, returned: 2, couriers: [{ courier: 'pathao', total: 2 }] });
  });

  it('reads the older answer, couriers under `courierData`, and adds them up without a summary', async () => {
    const older = answering(200, { courierData: { steadfast: { total_parcel: 3, success_parcel: 2, cancelled_parcel: 1, success_ratio: 66.67 }, paperfly: { total_parcel: 1, success_parcel: 1, cancelled_parcel: 0 } }, reports: [] });
    expect(await older.lookup('01711223344')).toEqual({
      source: 'bdcourier',
      total: 4,
      delivered: 3,
      returned: 1,
      couriers: [
        { courier: 'steadfast', total: 3, delivered: 2, returned: 1 },
        { courier: 'paperfly', total: 1, delivered: 1, returned: 0 },
      ],
    });
  });
});

describe('a phone with no record', () => {
  it('is zeros with no courier line', async () => {
    expect(await source.lookup('01811000000')).toEqual({ source: 'bdcourier', total: 0, delivered: 0, returned: 0, couriers: [] });
  });

  it('a phone not in the 01XXXXXXXXX form is refused without a call', async () => {
    expect((await caught(source.lookup('1711223344'))).kind).toBe('refused');
    expect(await requestsLogged()).toEqual([]);
  });

  it("the service's validation error is refused", async () => {
    const error = await caught(answering(422, { status: 'error', message: 'The phone field format is invalid.' }).lookup('01711223344'));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('The phone field format is invalid.');
  });
});

describe('failures', () => {
  it('a wrong key is auth, and the key never shows in the message', async () => {
    const wrong = createBdCourierRecordSource({ baseUrl: fake.url, apiKey: 'not-the-bdcourier-key', timeoutMs: 300 });
    const error = await caught(wrong.lookup('01711223344'));
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain('not-the-bdcourier-key');
    expect((await requestsLogged()).map((r) => r.key)).toEqual(['wrong']);

    await control('fail', { mode: '401' });
    expect((await caught(source.lookup('01711223344'))).kind).toBe('auth');
    const leaky = createBdCourierRecordSource({ baseUrl: fake.url, apiKey: 'leaky-key-123', fetch: async () => new Response('{"status":"error","message":"Invalid API key leaky-key-123"}', { status: 403 }) });
    const echoed = await caught(leaky.lookup('01711223344'));
    expect(echoed.kind).toBe('auth');
    expect(echoed.message).not.toContain('leaky-key-123');
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

  it('a refusal told with HTTP 200 is read by its words', async () => {
    expect((await caught(answering(200, { status: 'error', message: 'Your daily limit has been exceeded.' }).lookup('01711223344'))).kind).toBe('retry');
    expect((await caught(answering(200, { status: 'error', message: 'Invalid API key.' }).lookup('01711223344'))).kind).toBe('auth');
    expect((await caught(answering(200, { status: 'error', message: 'Phone number is not valid.' }).lookup('01711223344'))).kind).toBe('refused');
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
    const closed = await startBdCourierServer({ port: 0 });
    await closed.close();
    const gone = createBdCourierRecordSource({ baseUrl: closed.url, apiKey: fake.apiKey, timeoutMs: 300 });
    expect((await caught(gone.lookup('01711223344'))).kind).toBe('retry');
  });

  it('a malformed answer is retry: negative, fractional, non-numeric counts, a missing count, no figures, not JSON', async () => {
    const pathao = (counts: Record<string, unknown>) => ({ status: 'success', data: { pathao: { name: 'Pathao', ...counts }, summary: { total_parcel: 1, success_parcel: 1, cancelled_parcel: 0 } } });
    const bodies = [
      pathao({ total_parcel: 3, success_parcel: -1, cancelled_parcel: 0 }),
      pathao({ total_parcel: 3, success_parcel: 1.5, cancelled_parcel: 0 }),
      pathao({ total_parcel: 'NaN', success_parcel: 1, cancelled_parcel: 0 }),
      pathao({ total_parcel: 3, success_parcel: 1 }),
      { status: 'success', data: { summary: { total_parcel: 3, success_parcel: null, cancelled_parcel: 0 } } },
      { status: 'success', data: {} },
      { status: 'success' },
      [1, 2],
    ];
    for (const [i, answer] of bodies.entries()) {
      const phone = `0171122330${i}`;
      await control('record', { phone, answer });
      const error = await caught(source.lookup(phone));
      expect({ i, kind: error.kind }).toEqual({ i, kind: 'retry' });
    }
    expect((await caught(answering(200, '<html>Just a moment...</html>').lookup('01711223344'))).kind).toBe('retry');
  });

  it('an oversized answer is retry, not read to the end', async () => {
    await control('fail', { mode: 'oversized', bytes: 200_000 });
    const error = await caught(source.lookup('01711223344'));
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('larger than 65536 bytes');
  });

  it('an answer just under the cap is still read', async () => {
    const reports = Array.from({ length: 200 }, (_, i) => ({ id: String(i), name: 'x', details: 'y'.repeat(250) }));
    await control('record', { phone: '01711223399', answer: { status: 'success', data: { redx: { total_parcel: 2, success_parcel: 2, cancelled_parcel: 0 }, summary: { total_parcel: 2, success_parcel: 2, cancelled_parcel: 0 }, reports } } });
    expect(await source.lookup('01711223399')).toMatchObject({ total: 2, delivered: 2, returned: 0 });
  });
});
