// A local Steadfast (Packzy) merchant API for the tests: it speaks the protocol of Steadfast's
// published API documentation "Steadfast Courier Limited API Documentation V1" (base
// https://portal.packzy.com/api/v1; copies in jakir-hossen-4928/dreamer-shop steadfastapidocs.md
// and steadfast-it/SteadFast-Courier-Laravel-Package README.md) and of the merchant portal's
// "Webhook Integration" page (Bearer auth token; payloads as in shahria7k/steadfast-courier
// src/types/webhook.ts), as src/modules/delivery/adapters/steadfast.ts describes in its header.
// Under /api/v1:
//   POST /create_order                 Api-Key + Secret-Key headers, JSON parcel -> {status:200, message, consignment}
//   POST /create_order/bulk-order      {"data": <JSON-encoded array, or an array>} (<= 500 items) -> per-item results
//   GET  /status_by_cid/{id}, /status_by_invoice/{invoice}, /status_by_trackingcode/{code} -> {status:200, delivery_status}
//   GET  /get_balance                  -> {status:200, current_balance}
//   GET  /fraud_check/{phone}          -> {status:200, total_parcels, total_delivered, total_cancelled, total_fraud_reports}
//                                         (not in the published docs; as shops' clients read it, see
//                                         src/modules/phone-records/adapters/steadfast-record.ts): a phone
//                                         with no record answers zeros; one not 01XXXXXXXXX a validation error
// Refusals come back as Steadfast's Laravel portal sends them: wrong keys HTTP 401 {"message":"Unauthenticated."};
// validation and a duplicate invoice HTTP 200 with {"status":400,"errors":{"invoice":["The invoice has already been taken."]}};
// a bulk order with a bad item {"data":[... {"status":"error","consignment_id":null,...}]} (no reason given).
//
// Control routes for a test (JSON, no keys needed):
//   GET  /_control/parcels            -> the parcels booked, as stored
//   GET  /_control/requests           -> the API requests received (method, path, keys present, body), newest last
//   POST /_control/fail               {"mode":"401"|"429"|"500"|"stall"|"stall-body"|"book-then-stall"|"invalid"|"oversized",
//                                      "times":1,"retryAfter":7,"bytes":100000}
//                                     the next `times` API calls answer that way (stall: no answer at all;
//                                     stall-body: headers then silence; book-then-stall: the parcel
//                                     is booked but no answer comes; invalid: a validation error;
//                                     oversized: a 200 JSON answer of about `bytes` bytes)
//   POST /_control/record             {"phone":"01XXXXXXXXX","total":15,"delivered":12,"cancelled":3} sets the phone's
//                                     fraud check record (total defaults to delivered + cancelled); {"phone", "answer": <any JSON>}
//                                     makes its fraud check answer that body as it is (HTTP 200)
//   POST /_control/advance            {"consignmentId":…, "status":"<Steadfast word>", "collected":50, "deliveryCharge":60,
//                                      "message":"…", "notificationType":"delivery_status"|"tracking_update",
//                                      "webhookUrl":"http://127.0.0.1:…/api/couriers/steadfast/webhook",
//                                      "secret":"<a wrong token to send>" (null: no Authorization header)}
//                                     moves the parcel (delivery_status only) and, with a webhookUrl, POSTs the
//                                     webhook there; answers {parcel, payload, webhookStatus, webhookBody}
//   POST /_control/reset              forgets parcels, records, requests and pending failures
// Run alone: node tests/support/couriers/steadfast-server.mjs <port>
import { createServer } from 'node:http';

/** At most this many parcels (and logged requests) are kept; the oldest go first. */
const keepParcels = 10_000;
const keepRequests = 1_000;
/** At most this many phones' fraud check records are kept; the oldest set go first. */
const keepRecords = 10_000;
/** The largest `oversized` answer the fail mode makes. */
const maxOversized = 8 * 1024 * 1024;
/** Request bodies above this are refused (413); a bulk order of 500 parcels gets a larger allowance. */
const maxBody = 64 * 1024;
const maxBulkBody = 1024 * 1024;
const maxBulkItems = 500;

/** Steadfast's delivery_status words (the docs' "Delivery Statuses" table). */
export const steadfastStatuses = [
  'pending',
  'delivered_approval_pending',
  'partial_delivered_approval_pending',
  'cancelled_approval_pending',
  'unknown_approval_pending',
  'delivered',
  'partial_delivered',
  'cancelled',
  'hold',
  'in_review',
  'unknown',
];

/** "YYYY-MM-DD HH:MM:SS" in Bangladesh time (UTC+6, no summer time), as Steadfast's webhooks write updated_at. */
const dhakaTime = (date) => new Date(date.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * @param {{ port: number, apiKey?: string, secretKey?: string, webhookToken?: string }} options
 */
export async function startSteadfastServer({ port, apiKey = 'test-api-key', secretKey = 'test-secret-key', webhookToken = 'test-webhook-token' }) {
  /** @type {Map<string, any>} consignment id -> parcel, in booking order */
  const parcels = new Map();
  /** @type {Array<{ method: string, path: string, apiKey: boolean, secretKey: boolean, body: unknown }>} */
  const requests = [];
  /** @type {Map<string, { total: number, delivered: number, cancelled: number } | { answer: unknown }>} phone -> fraud check record */
  const records = new Map();
  let failure = { mode: null, times: 0, retryAfter: 7, bytes: 100_000 };
  let nextConsignmentId = 1_424_107;
  /** Responses held open by a stall, ended on reset and close. */
  const stalled = new Set();

  const json = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const trackingCodeFor = (id) => ((id * 2_654_435_761) >>> 0).toString(16).toUpperCase().padStart(8, '0');

  /** Steadfast's create_order rules (docs: "Input Parameters"), as Laravel words them. */
  function validate(item) {
    const errors = {};
    const add = (field, message) => (errors[field] ??= []).push(message);
    const text = (value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    const invoice = text(item?.invoice);
    if (!invoice) add('invoice', 'The invoice field is required.');
    else if (!/^[A-Za-z0-9_-]+$/.test(invoice)) add('invoice', 'The invoice format is invalid.');
    else if ([...parcels.values()].some((p) => p.invoice === invoice)) add('invoice', 'The invoice has already been taken.');
    const name = text(item?.recipient_name);
    if (!name) add('recipient_name', 'The recipient name field is required.');
    else if (name.length > 100) add('recipient_name', 'The recipient name may not be greater than 100 characters.');
    const phone = text(item?.recipient_phone);
    if (!phone) add('recipient_phone', 'The recipient phone field is required.');
    else if (!/^\d{11}$/.test(phone)) add('recipient_phone', 'The recipient phone must be 11 digits.');
    if (item?.alternative_phone !== undefined && item?.alternative_phone !== null && item.alternative_phone !== '' && !/^\d{11}$/.test(text(item.alternative_phone))) {
      add('alternative_phone', 'The alternative phone must be 11 digits.');
    }
    const address = text(item?.recipient_address);
    if (!address) add('recipient_address', 'The recipient address field is required.');
    else if (address.length > 250) add('recipient_address', 'The recipient address may not be greater than 250 characters.');
    const cod = Number(item?.cod_amount);
    if (item?.cod_amount === undefined || item?.cod_amount === null || item?.cod_amount === '') add('cod_amount', 'The cod amount field is required.');
    else if (!Number.isFinite(cod)) add('cod_amount', 'The cod amount must be a number.');
    else if (cod < 0) add('cod_amount', 'The cod amount must be at least 0.');
    if (item?.delivery_type !== undefined && item?.delivery_type !== null && ![0, 1, '0', '1'].includes(item.delivery_type)) add('delivery_type', 'The selected delivery type is invalid.');
    return Object.keys(errors).length ? errors : null;
  }

  function book(item) {
    const id = nextConsignmentId++;
    const at = new Date().toISOString().replace('Z', '000Z');
    const parcel = {
      consignment_id: id,
      invoice: String(item.invoice),
      tracking_code: trackingCodeFor(id),
      recipient_name: String(item.recipient_name),
      recipient_phone: String(item.recipient_phone),
      recipient_address: String(item.recipient_address),
      cod_amount: Number(item.cod_amount),
      note: item.note ?? null,
      item_description: item.item_description ?? null,
      total_lot: item.total_lot ?? null,
      delivery_type: item.delivery_type ?? null,
      status: 'in_review',
      created_at: at,
      updated_at: at,
    };
    parcels.set(String(id), parcel);
    if (parcels.size > keepParcels) parcels.delete(parcels.keys().next().value);
    return parcel;
  }

  const consignmentOf = (p) => ({
    consignment_id: p.consignment_id,
    invoice: p.invoice,
    tracking_code: p.tracking_code,
    recipient_name: p.recipient_name,
    recipient_phone: p.recipient_phone,
    recipient_address: p.recipient_address,
    cod_amount: p.cod_amount,
    status: p.status,
    note: p.note,
    created_at: p.created_at,
    updated_at: p.updated_at,
  });

  async function advance(order) {
    const parcel = parcels.get(String(order?.consignmentId ?? ''));
    if (!parcel) return [404, { error: 'no such consignment' }];
    const type = order.notificationType ?? 'delivery_status';
    const now = new Date();
    let payload;
    if (type === 'delivery_status') {
      const word = String(order.status ?? '');
      const stored = word.trim().toLowerCase().replace(/[\s-]+/g, '_');
      if (!steadfastStatuses.includes(stored)) return [400, { error: `unknown status ${word}` }];
      parcel.status = stored;
      parcel.updated_at = now.toISOString().replace('Z', '000Z');
      payload = {
        notification_type: 'delivery_status',
        consignment_id: parcel.consignment_id,
        invoice: parcel.invoice,
        cod_amount: order.collected ?? parcel.cod_amount,
        status: word,
        delivery_charge: order.deliveryCharge ?? 60,
        tracking_message: order.message ?? `Consignment status has been updated as ${word}`,
        updated_at: dhakaTime(now),
      };
    } else {
      payload = {
        notification_type: type,
        consignment_id: parcel.consignment_id,
        invoice: parcel.invoice,
        tracking_message: order.message ?? 'Consignment has been received at MIRPUR WAREHOUSE.',
        updated_at: dhakaTime(now),
      };
    }
    if (!order.webhookUrl) return [200, { parcel, payload }];
    const token = order.secret === undefined ? webhookToken : order.secret;
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    try {
      const response = await fetch(order.webhookUrl, { method: 'POST', headers, body: JSON.stringify(payload), redirect: 'error', signal: AbortSignal.timeout(5000) });
      const text = (await response.text()).slice(0, 4096);
      let webhookBody = text;
      try {
        webhookBody = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return [200, { parcel, payload, webhookStatus: response.status, webhookBody }];
    } catch (error) {
      return [502, { parcel, payload, error: `webhook not delivered: ${error instanceof Error ? error.message : String(error)}` }];
    }
  }

  /** The next API call's injected failure, if one is pending: true when it answered (or stalled). */
  function injectedFailure(res) {
    if (!failure.mode || failure.times <= 0) return false;
    const { mode, retryAfter, bytes } = failure;
    failure.times -= 1;
    if (failure.times <= 0) failure = { mode: null, times: 0, retryAfter: 7, bytes: 100_000 };
    if (mode === '401') json(res, 401, { message: 'Unauthenticated.' });
    else if (mode === '429') json(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': String(retryAfter) });
    else if (mode === '500') json(res, 500, { message: 'Server Error' });
    else if (mode === 'stall') stalled.add(res);
    else if (mode === 'stall-body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":200,');
      stalled.add(res);
    } else if (mode === 'oversized') json(res, 200, { status: 200, padding: 'x'.repeat(bytes) });
    else return false;
    return true;
  }

  /** A fraud check record, as control routes set it: zeros for a phone never set (as Steadfast answers one with no history). */
  function fraudCheck(phone) {
    if (!/^01\d{9}$/.test(phone)) return [200, { status: 400, errors: { phone: ['The phone must be 11 digits.'] } }];
    const record = records.get(phone) ?? { total: 0, delivered: 0, cancelled: 0 };
    if ('answer' in record) return [200, record.answer];
    return [200, { status: 200, total_parcels: record.total, total_delivered: record.delivered, total_cancelled: record.cancelled, total_fraud_reports: 0 }];
  }

  function setRecord(order) {
    const phone = String(order?.phone ?? '');
    if (!/^01\d{9}$/.test(phone)) return [400, { error: 'phone must be 01XXXXXXXXX' }];
    let record;
    if (order && 'answer' in order) record = { answer: order.answer };
    else {
      const delivered = Number(order?.delivered ?? 0);
      const cancelled = Number(order?.cancelled ?? 0);
      const total = Number(order?.total ?? delivered + cancelled);
      if (![total, delivered, cancelled].every((n) => Number.isSafeInteger(n) && n >= 0)) return [400, { error: 'total, delivered and cancelled must be whole numbers >= 0' }];
      record = { total, delivered, cancelled };
    }
    records.delete(phone);
    records.set(phone, record);
    if (records.size > keepRecords) records.delete(records.keys().next().value);
    return [200, { phone, ...record }];
  }

  function api(req, res, path, body) {
    const headerOf = (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    requests.push({ method: req.method ?? '', path, apiKey: headerOf('api-key') === apiKey, secretKey: headerOf('secret-key') === secretKey, body });
    if (requests.length > keepRequests) requests.splice(0, requests.length - keepRequests);
    if (failure.mode === 'book-then-stall' || failure.mode === 'invalid') {
      const mode = failure.mode;
      failure.times -= 1;
      if (failure.times <= 0) failure = { mode: null, times: 0, retryAfter: 7, bytes: 100_000 };
      if (mode === 'invalid') return json(res, 200, { status: 400, errors: { recipient_address: ['The recipient address field is required.'] } });
      // The request is carried out (the parcel booked) but its answer never comes: a booking that timed out yet worked.
      const swallowed = { writeHead() {}, setHeader() {}, write() {}, end() {} };
      api(req, swallowed, path, body);
      stalled.add(res);
      return;
    }
    if (injectedFailure(res)) return;
    if (headerOf('api-key') !== apiKey || headerOf('secret-key') !== secretKey) return json(res, 401, { message: 'Unauthenticated.' });

    if (req.method === 'POST' && path === '/create_order') {
      if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) return json(res, 200, { status: 400, message: 'Invalid JSON body.' });
      const errors = validate(body);
      if (errors) return json(res, 200, { status: 400, errors });
      const parcel = book(body);
      return json(res, 200, { status: 200, message: 'Consignment has been created successfully.', consignment: consignmentOf(parcel) });
    }
    if (req.method === 'POST' && path === '/create_order/bulk-order') {
      let items = body?.data;
      if (typeof items === 'string') {
        try {
          items = JSON.parse(items);
        } catch {
          return json(res, 200, { status: 400, errors: { data: ['The data must be a valid JSON string.'] } });
        }
      }
      if (!Array.isArray(items) || items.length === 0) return json(res, 200, { status: 400, errors: { data: ['The data field is required.'] } });
      if (items.length > maxBulkItems) return json(res, 200, { status: 400, errors: { data: [`The data may not have more than ${maxBulkItems} items.`] } });
      let anyError = false;
      const results = items.map((item) => {
        const echo = {
          invoice: item?.invoice ?? null,
          recipient_name: item?.recipient_name ?? null,
          recipient_address: item?.recipient_address ?? null,
          recipient_phone: item?.recipient_phone ?? null,
          cod_amount: Number.isFinite(Number(item?.cod_amount)) ? Number(item.cod_amount).toFixed(2) : null,
          note: item?.note ?? null,
        };
        if (validate(item)) {
          anyError = true;
          return { ...echo, consignment_id: null, tracking_code: null, status: 'error' };
        }
        const parcel = book(item);
        return { ...echo, consignment_id: parcel.consignment_id, tracking_code: parcel.tracking_code, status: 'success' };
      });
      // The docs: all well -> a bare array; "if there is any error in data" -> {"data": [...]}.
      return json(res, 200, anyError ? { data: results } : results);
    }
    const lookup = /^\/status_by_(cid|invoice|trackingcode)\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && lookup) {
      const key = decodeURIComponent(lookup[2] ?? '');
      const field = lookup[1] === 'cid' ? 'consignment_id' : lookup[1] === 'invoice' ? 'invoice' : 'tracking_code';
      const parcel = [...parcels.values()].find((p) => String(p[field]) === key);
      if (!parcel) return json(res, 404, { status: 404, message: 'Consignment not found.' });
      return json(res, 200, { status: 200, delivery_status: parcel.status });
    }
    if (req.method === 'GET' && path === '/get_balance') return json(res, 200, { status: 200, current_balance: 0 });
    const fraud = /^\/fraud_check\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && fraud) {
      const [status, answer] = fraudCheck(decodeURIComponent(fraud[1] ?? ''));
      return json(res, status, answer);
    }
    return json(res, 404, { message: 'Not Found' });
  }

  async function control(req, res, path, body) {
    if (req.method === 'GET' && path === '/_control/parcels') return json(res, 200, [...parcels.values()]);
    if (req.method === 'GET' && path === '/_control/requests') return json(res, 200, requests);
    if (req.method === 'POST' && path === '/_control/fail') {
      const mode = String(body?.mode ?? '');
      if (!['401', '429', '500', 'stall', 'stall-body', 'book-then-stall', 'invalid', 'oversized'].includes(mode)) {
        return json(res, 400, { error: 'mode must be 401, 429, 500, stall, stall-body, book-then-stall, invalid or oversized' });
      }
      const bytes = Math.min(maxOversized, Math.max(1, Number(body?.bytes ?? 100_000) || 100_000));
      failure = { mode, times: Math.max(1, Number(body?.times ?? 1) || 1), retryAfter: Number(body?.retryAfter ?? 7), bytes };
      return json(res, 200, failure);
    }
    if (req.method === 'POST' && path === '/_control/record') {
      const [status, answer] = setRecord(body);
      return json(res, status, answer);
    }
    if (req.method === 'POST' && path === '/_control/advance') {
      const [status, answer] = await advance(body);
      return json(res, status, answer);
    }
    if (req.method === 'POST' && path === '/_control/reset') {
      parcels.clear();
      records.clear();
      requests.length = 0;
      failure = { mode: null, times: 0, retryAfter: 7, bytes: 100_000 };
      for (const held of stalled) held.destroy();
      stalled.clear();
      return json(res, 200, { reset: true });
    }
    return json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isControl = url.pathname.startsWith('/_control/');
    const apiPath = url.pathname.startsWith('/api/v1/') ? url.pathname.slice('/api/v1'.length) : null;
    if (!isControl && apiPath === null) return json(res, 404, { message: 'Not Found' });
    const cap = apiPath === '/create_order/bulk-order' ? maxBulkBody : maxBody;
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > cap) return json(res, 413, { message: 'Payload Too Large' });
      const text = Buffer.concat(chunks).toString('utf8');
      let body;
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      if (isControl) {
        control(req, res, url.pathname, body).catch((error) => json(res, 500, { error: String(error) }));
        return;
      }
      api(req, res, apiPath ?? '', body);
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
    /** The API base, as STEADFAST_BASE_URL would be set. */
    url: `${origin}/api/v1`,
    apiKey,
    secretKey,
    webhookToken,
    parcels: () => [...parcels.values()],
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
  const port = Number(process.argv[2] ?? 2791);
  const started = await startSteadfastServer({ port });
  console.log(`steadfast on ${started.url} (Api-Key ${started.apiKey}, Secret-Key ${started.secretKey}, webhook token ${started.webhookToken})`);
}
