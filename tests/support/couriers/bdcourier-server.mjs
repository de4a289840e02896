// A local BD Courier (bdcourier.com) courier-record API for the tests: it speaks the protocol of
// BD Courier's API documentation page (base https://api.bdcourier.com; as transcribed into markdown
// in a public repository, and as shops' clients call it), as
// src/modules/phone-records/adapters/bdcourier-record.ts describes in its header:
//
//   POST /courier-check   Authorization: Bearer <key>, JSON {"phone": "01XXXXXXXXX"}
//                         -> 200 {"status": "success", "data": {"pathao": {name, logo, total_parcel,
//                            success_parcel, cancelled_parcel, success_ratio}, "steadfast", "parceldex",
//                            "courierfast", "redx", "paperfly", "carrybee", "summary": {total_parcel,
//                            success_parcel, cancelled_parcel, success_ratio}, "reports": []}}
//                         a phone with no record answers every courier and the summary at zero.
//
// What BD Courier does NOT document, and this server assumes (the adapter copes either way):
// a missing or wrong key is HTTP 401 {"status": "error", "message": "Unauthenticated."}; a phone not
// 01XXXXXXXXX is 422 {"status": "error", "message": "The phone field format is invalid."}; the rate
// limit is 429 {"status": "error", "message": "Too Many Attempts."} with Retry-After.
//
// Control routes for a test (JSON, no key needed):
//   GET  /_control/requests           -> the API requests received ({method, path, key: right|wrong|none, body}), newest last
//   POST /_control/record             {"phone":"01XXXXXXXXX","couriers":{"pathao":{"total":10,"delivered":8,"cancelled":2},...}}
//                                     sets the phone's record (a courier's total defaults to delivered + cancelled;
//                                     couriers not named are zero); {"phone", "answer": <any JSON>} makes the phone's
//                                     look-up answer that body as it is (HTTP 200)
//   POST /_control/fail               {"mode":"401"|"429"|"500"|"stall"|"stall-body"|"oversized","times":1,"retryAfter":7,"bytes":100000}
//                                     the next `times` API calls answer that way (stall: no answer at all;
//                                     stall-body: headers then silence; oversized: a 200 JSON answer of about `bytes` bytes)
//   POST /_control/reset              forgets records, requests and pending failures
// Run alone: node tests/support/couriers/bdcourier-server.mjs <port>
import { createServer } from 'node:http';

/** At most this many phones' records (and logged requests) are kept; the oldest go first. */
const keepRecords = 10_000;
const keepRequests = 1_000;
/** Request bodies above this are refused (413); a control route's set answer gets a larger allowance. */
const maxBody = 16 * 1024;
const maxControlBody = 256 * 1024;
/** The largest `oversized` answer the fail mode makes. */
const maxOversized = 8 * 1024 * 1024;

/** The couriers BD Courier's documentation lists, with the names it gives them. */
export const bdCourierCouriers = {
  pathao: 'Pathao',
  steadfast: 'SteadFast',
  parceldex: 'ParcelDex',
  courierfast: 'CourierFast',
  redx: 'Redx',
  paperfly: 'PaperFly',
  carrybee: 'CarryBee',
};

const ratio = (success, total) => (total > 0 ? Math.round((success / total) * 10_000) / 100 : 0);
const tally = (total, success, cancelled) => ({ total_parcel: total, success_parcel: success, cancelled_parcel: cancelled, success_ratio: ratio(success, total) });

/**
 * @param {{ port: number, apiKey?: string }} options
 */
export async function startBdCourierServer({ port, apiKey = 'test-bdcourier-key' }) {
  /** @type {Map<string, { couriers: Record<string, { total: number, delivered: number, cancelled: number }> } | { answer: unknown }>} */
  const records = new Map();
  /** @type {Array<{ method: string, path: string, key: 'right' | 'wrong' | 'none', body: unknown }>} */
  const requests = [];
  const noFailure = () => ({ mode: null, times: 0, retryAfter: 7, bytes: 100_000 });
  let failure = noFailure();
  /** Responses held open by a stall, ended on reset and close. */
  const stalled = new Set();

  const json = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  /** The answer for a phone, as the documentation shows it. */
  function answerFor(phone) {
    const record = records.get(phone) ?? { couriers: {} };
    if ('answer' in record) return record.answer;
    const data = {};
    const sum = { total: 0, delivered: 0, cancelled: 0 };
    for (const [key, name] of Object.entries(bdCourierCouriers)) {
      const c = record.couriers[key] ?? { total: 0, delivered: 0, cancelled: 0 };
      data[key] = { name, logo: `https://api.bdcourier.com/c-logo/${key}-logo.png`, ...tally(c.total, c.delivered, c.cancelled) };
      sum.total += c.total;
      sum.delivered += c.delivered;
      sum.cancelled += c.cancelled;
    }
    data.summary = tally(sum.total, sum.delivered, sum.cancelled);
    data.reports = [];
    return { status: 'success', data };
  }

  function setRecord(order) {
    const phone = String(order?.phone ?? '');
    if (!/^01\d{9}$/.test(phone)) return [400, { error: 'phone must be 01XXXXXXXXX' }];
    let record;
    if (order && 'answer' in order) record = { answer: order.answer };
    else {
      const couriers = {};
      for (const [key, given] of Object.entries(order?.couriers ?? {})) {
        if (!Object.hasOwn(bdCourierCouriers, key)) return [400, { error: `unknown courier ${key}: one of ${Object.keys(bdCourierCouriers).join(', ')}` }];
        const delivered = Number(given?.delivered ?? 0);
        const cancelled = Number(given?.cancelled ?? 0);
        const total = Number(given?.total ?? delivered + cancelled);
        if (![total, delivered, cancelled].every((n) => Number.isSafeInteger(n) && n >= 0)) return [400, { error: 'total, delivered and cancelled must be whole numbers >= 0' }];
        couriers[key] = { total, delivered, cancelled };
      }
      record = { couriers };
    }
    records.delete(phone);
    records.set(phone, record);
    if (records.size > keepRecords) records.delete(records.keys().next().value);
    return [200, { phone, ...record }];
  }

  /** The next API call's injected failure, if one is pending: true when it answered (or stalled). */
  function injectedFailure(res) {
    if (!failure.mode || failure.times <= 0) return false;
    const { mode, retryAfter, bytes } = failure;
    failure.times -= 1;
    if (failure.times <= 0) failure = noFailure();
    if (mode === '401') json(res, 401, { status: 'error', message: 'Unauthenticated.' });
    else if (mode === '429') json(res, 429, { status: 'error', message: 'Too Many Attempts.' }, { 'retry-after': String(retryAfter) });
    else if (mode === '500') json(res, 500, { status: 'error', message: 'Server Error' });
    else if (mode === 'stall') stalled.add(res);
    else if (mode === 'stall-body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":"success","data":{');
      stalled.add(res);
    } else if (mode === 'oversized') json(res, 200, { status: 'success', data: { summary: tally(0, 0, 0) }, padding: 'x'.repeat(bytes) });
    else return false;
    return true;
  }

  function api(req, res, path, body) {
    const authorization = req.headers.authorization;
    const key = !authorization ? 'none' : authorization === `Bearer ${apiKey}` ? 'right' : 'wrong';
    requests.push({ method: req.method ?? '', path, key, body });
    if (requests.length > keepRequests) requests.splice(0, requests.length - keepRequests);
    if (injectedFailure(res)) return;
    if (key !== 'right') return json(res, 401, { status: 'error', message: 'Unauthenticated.' });
    if (req.method !== 'POST' || path !== '/courier-check') return json(res, 404, { status: 'error', message: 'Not Found' });
    const phone = typeof body?.phone === 'string' ? body.phone : '';
    if (!/^01\d{9}$/.test(phone)) return json(res, 422, { status: 'error', message: 'The phone field format is invalid.' });
    return json(res, 200, answerFor(phone));
  }

  function control(req, res, path, body) {
    if (req.method === 'GET' && path === '/_control/requests') return json(res, 200, requests);
    if (req.method === 'POST' && path === '/_control/record') {
      const [status, answer] = setRecord(body);
      return json(res, status, answer);
    }
    if (req.method === 'POST' && path === '/_control/fail') {
      const mode = String(body?.mode ?? '');
      if (!['401', '429', '500', 'stall', 'stall-body', 'oversized'].includes(mode)) return json(res, 400, { error: 'mode must be 401, 429, 500, stall, stall-body or oversized' });
      const bytes = Math.min(maxOversized, Math.max(1, Number(body?.bytes ?? 100_000) || 100_000));
      failure = { mode, times: Math.max(1, Number(body?.times ?? 1) || 1), retryAfter: Number(body?.retryAfter ?? 7), bytes };
      return json(res, 200, failure);
    }
    if (req.method === 'POST' && path === '/_control/reset') {
      records.clear();
      requests.length = 0;
      failure = noFailure();
      for (const held of stalled) held.destroy();
      stalled.clear();
      return json(res, 200, { reset: true });
    }
    return json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cap = url.pathname.startsWith('/_control/') ? maxControlBody : maxBody;
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > cap) return json(res, 413, { status: 'error', message: 'Payload Too Large' });
      const text = Buffer.concat(chunks).toString('utf8');
      let body;
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      if (url.pathname.startsWith('/_control/')) return control(req, res, url.pathname, body);
      api(req, res, url.pathname, body);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://127.0.0.1:${actualPort}`;
  return {
    port: actualPort,
    origin,
    /** The API base, as BDCOURIER_API_URL would be set (the service's is https://api.bdcourier.com). */
    url: origin,
    apiKey,
    close: () =>
      new Promise((resolve) => {
        for (const held of stalled) held.destroy();
        stalled.clear();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 2795);
  const started = await startBdCourierServer({ port });
  console.log(`bdcourier on ${started.url} (Authorization: Bearer ${started.apiKey})`);
}
