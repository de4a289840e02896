// A local RedX merchant OpenAPI for the tests: it speaks the protocol the RedX developer page
// documents (https://redx.com.bd/developer-api/, as transcribed by getRabbi/ecomsbd
// docs/providers/redx/CONTRACT.md and used by codeboxrcodehub/redx-courier src/Apis/*.php,
// osspool/commerce-be lib/logistics/bd-logistics/src/providers/redx.provider.ts):
//
//   every call        API-ACCESS-TOKEN: Bearer <token>      else 401 {"message", "status_code": 401}
//   POST  /v1.0.0-beta/parcel                 {customer_name, customer_phone, delivery_area, delivery_area_id,
//                                              customer_address, merchant_invoice_id, cash_collection_amount (string),
//                                              parcel_weight (grams), value, instruction, is_closed_box,
//                                              parcel_details_json, pickup_store_id}  -> {tracking_id}
//   GET   /v1.0.0-beta/parcel/info/<id>       -> {parcel: {tracking_id, status, charge, delivery_type, ...}}
//   GET   /v1.0.0-beta/parcel/track/<id>      -> {tracking: [{message_en, message_bn, time}]}
//   PATCH /v1.0.0-beta/parcels                {entity_type: "parcel-tracking-id", entity_id,
//                                              update_details: {property_name: "status", new_value: "cancelled", reason}}
//                                              -> {success: true, message: "Request Accepted"}
//   GET   /v1.0.0-beta/areas[?district_name=|?post_code=]   -> {areas: [{id, name, post_code, division_name, zone_id}]}
//   GET   /v1.0.0-beta/pickup/stores          -> {pickup_stores: [...]};  GET /pickup/store/info/<id> -> {pickup_store}
//   GET   /v1.0.0-beta/charge/charge_calculator?delivery_area_id&pickup_area_id&cash_collection_amount&weight
//                                              -> {deliveryCharge, codCharge}
//   webhook           POST <callback URL>?token=<secret> {tracking_number, timestamp, status, message_en,
//                     message_bn, invoice_number, delivery_type}; no signature (RedX: "credentials in the query")
//
// What RedX does NOT document, and this server assumes (the adapter is written to cope either way):
// error bodies are {"message", "status_code"} (observed for 401 by ecomsbd); a repeated
// merchant_invoice_id is refused with 400 "... merchant_invoice_id ... already exists"; a cancel
// after pick-up is 400 {success: false, message}; an unknown pickup_store_id crashes with 500
// "Cannot read property 'PHONE' of undefined" (the symptom the redx_courier Dart package describes).
// The district names are RedX's own (old) spellings: Chittagong, Comilla, Bogra, Barisal...
//
// Control routes (JSON), for the tests:
//   GET  /_control/parcels                    -> the parcels booked, newest last
//   GET  /_control/requests                   -> [{method, path, query}] of API calls seen (last 1,000)
//   POST /_control/fail {"mode":"401"|"429"|"500"|"stall","times":1,"retryAfter":7}
//                                              -> the next `times` API calls fail that way (stall: no answer)
//   POST /_control/advance {"consignmentId", "status", "collected"?, "deliveryType"?, "webhookUrl"?, "secret"?}
//                                              -> moves the parcel and, with webhookUrl, POSTs RedX's webhook to
//                                                 webhookUrl?token=<secret, default the server's webhookToken>
//                                                 ("secret": null sends none); answers {parcel, webhook: {status, body}}
//   POST /_control/reset                       -> forgets parcels, failures and requests
// Runnable on its own: node tests/support/couriers/redx-server.mjs <port>
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';

const prefix = '/v1.0.0-beta';
/** At most this many parcels are kept (the oldest go first). */
const keepParcels = 10_000;
const keepRequests = 1_000;
const maxBody = 64 * 1024;

/** RedX's areas as /areas answers them, each with the district it belongs to (RedX's spelling). */
const areas = [
  { id: 1, name: 'Mohammadpur(Dhaka)', post_code: 1207, division_name: 'Dhaka', zone_id: 1, district: 'Dhaka' },
  { id: 2, name: 'Dhanmondi', post_code: 1209, division_name: 'Dhaka', zone_id: 1, district: 'Dhaka' },
  { id: 3, name: 'Gulshan', post_code: 1212, division_name: 'Dhaka', zone_id: 1, district: 'Dhaka' },
  { id: 7, name: 'Adabor(Mohammadpur)', post_code: 1207, division_name: 'Dhaka', zone_id: 1, district: 'Dhaka' },
  { id: 12, name: 'Mirpur DOHS', post_code: 1216, division_name: 'Dhaka', zone_id: 1, district: 'Dhaka' },
  { id: 1300, name: 'Savar', post_code: 1340, division_name: 'Dhaka', zone_id: 2, district: 'Dhaka' },
  { id: 500, name: 'Kotwali (Chittagong)', post_code: 4000, division_name: 'Chittagong', zone_id: 3, district: 'Chittagong' },
  { id: 501, name: 'Panchlaish(Chittagong)', post_code: 4203, division_name: 'Chittagong', zone_id: 3, district: 'Chittagong' },
  { id: 502, name: 'Chittagong Sadar', post_code: 4000, division_name: 'Chittagong', zone_id: 3, district: 'Chittagong' },
  { id: 600, name: 'Comilla Sadar', post_code: 3500, division_name: 'Chittagong', zone_id: 3, district: 'Comilla' },
  { id: 601, name: 'Laksam (Comilla)', post_code: 3570, division_name: 'Chittagong', zone_id: 3, district: 'Comilla' },
  { id: 700, name: 'Bogra Sadar', post_code: 5800, division_name: 'Rajshahi', zone_id: 3, district: 'Bogra' },
  { id: 800, name: 'Barisal Sadar (Barishal)', post_code: 8200, division_name: 'Barisal', zone_id: 3, district: 'Barisal' },
  { id: 801, name: 'Gournadi (Barisal)', post_code: 8230, division_name: 'Barisal', zone_id: 3, district: 'Barisal' },
];

const pickupStores = [{ id: 77, name: 'Anime Card Shop', address: 'Road 5, Mohammadpur', area_name: 'Mohammadpur(Dhaka)', area_id: 1, phone: '8801700000000', created_at: '2026-01-05T10:00:00.000Z' }];

/** RedX's status words with its own meanings (the developer page's "Status Updates and Meanings"), and a Bengali line. */
const statusMessages = {
  'pickup-pending': ['Package is created successfully', 'পার্সেলটি সফল ভাবে প্লেস করা হয়েছে'],
  'ready-for-delivery': ['Parcel received from merchants', 'মার্চেন্টের কাছ থেকে পার্সেল গ্রহণ করা হয়েছে'],
  'delivery-in-progress': ['Parcels have been dispatched to rider', 'পার্সেল রাইডারের কাছে পাঠানো হয়েছে'],
  delivered: ['Parcels delivered by rider', 'রাইডার পার্সেল ডেলিভারি করেছেন'],
  'agent-hold': ['Parcels are on hold to agent', 'পার্সেল এজেন্টের কাছে হোল্ডে আছে'],
  'agent-returning': ['Parcel return-in-progress', 'পার্সেল ফেরত যাচ্ছে'],
  returned: ['Parcels returned', 'পার্সেল ফেরত দেওয়া হয়েছে'],
  'agent-area-change': ['Area change requested & in progress', 'এলাকা পরিবর্তনের অনুরোধ প্রক্রিয়াধীন'],
  paid: ['Parcel amount is paid', 'পার্সেলের টাকা পরিশোধ করা হয়েছে'],
  cancelled: ['Parcel is cancelled', 'পার্সেল বাতিল করা হয়েছে'],
};

/** What RedX charges to deliver to an area (this server's own rule: RedX publishes none). */
function chargeFor(area, weightGrams, cash) {
  const base = area.zone_id === 1 ? 60 : area.zone_id === 2 ? 80 : 110;
  const extraKg = Math.max(0, Math.ceil(weightGrams / 1000) - 1);
  return { deliveryCharge: base + 15 * extraKg, codCharge: Math.round(cash) / 100 };
}

/** @param {{ port: number, token?: string, webhookToken?: string }} options */
export async function startRedxServer({ port, token = 'redx-test-token', webhookToken = 'redx-webhook-secret' }) {
  /** @type {Map<string, any>} */
  const parcels = new Map();
  /** @type {Array<{ method: string, path: string, query: Record<string, string> }>} */
  const requests = [];
  let failure = { mode: '', times: 0, retryAfter: 7 };
  /** Answers held by a stall, ended on reset and close. */
  const stalled = new Set();
  let sequence = 0;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = (status, body, headers = {}) => {
      if (res.writableEnded) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    readBody(req)
      .then(async (raw) => {
        if (raw === null) return answer(413, { message: 'Request entity too large', status_code: 413 });
        if (url.pathname.startsWith('/_control/')) return answer(...(await control(req.method ?? 'GET', url.pathname, raw)));
        if (!url.pathname.startsWith(`${prefix}/`)) return answer(404, { message: 'Not Found', status_code: 404 });
        requests.push({ method: req.method ?? 'GET', path: url.pathname.slice(prefix.length), query: Object.fromEntries(url.searchParams) });
        if (requests.length > keepRequests) requests.splice(0, requests.length - keepRequests);
        if (failure.times > 0) {
          failure.times -= 1;
          if (failure.mode === 'stall') return void stalled.add(res);
          if (failure.mode === '401') return answer(401, { message: 'Unauthorized', status_code: 401 });
          if (failure.mode === '429') return answer(429, { message: 'Too Many Requests', status_code: 429 }, { 'retry-after': String(failure.retryAfter) });
          return answer(500, { message: 'Internal Server Error', status_code: 500 });
        }
        if (req.headers['api-access-token'] !== `Bearer ${token}`) return answer(401, { message: 'Invalid or expired access token', status_code: 401 });
        return answer(...api(req.method ?? 'GET', url, raw));
      })
      .catch(() => answer(500, { message: 'Internal Server Error', status_code: 500 }));
  });

  /** @returns {[number, unknown]} */
  function api(method, url, raw) {
    const path = url.pathname.slice(prefix.length);
    let match;
    if (method === 'POST' && path === '/parcel') return createParcel(raw);
    if (method === 'GET' && (match = /^\/parcel\/info\/([^/]+)$/.exec(path))) {
      const parcel = parcels.get(decodeURIComponent(match[1]));
      return parcel ? [200, { parcel: publicParcel(parcel) }] : notFound('Parcel not found');
    }
    if (method === 'GET' && (match = /^\/parcel\/track\/([^/]+)$/.exec(path))) {
      const parcel = parcels.get(decodeURIComponent(match[1]));
      return parcel ? [200, { tracking: parcel.tracking }] : notFound('Parcel not found');
    }
    if (method === 'PATCH' && path === '/parcels') return updateParcel(raw);
    if (method === 'GET' && path === '/areas') {
      const district = url.searchParams.get('district_name');
      const postCode = url.searchParams.get('post_code');
      const found = areas.filter(
        (area) => (district === null || area.district.toLowerCase() === district.trim().toLowerCase()) && (postCode === null || String(area.post_code) === postCode.trim()),
      );
      return [200, { areas: found.map(({ district: _district, ...area }) => area) }];
    }
    if (method === 'GET' && path === '/pickup/stores') return [200, { pickup_stores: pickupStores }];
    if (method === 'GET' && (match = /^\/pickup\/store\/info\/([^/]+)$/.exec(path))) {
      const store = pickupStores.find((s) => String(s.id) === decodeURIComponent(match[1]));
      return store ? [200, { pickup_store: store }] : notFound('Pickup store not found');
    }
    if (method === 'GET' && path === '/charge/charge_calculator') {
      const q = (name) => Number(url.searchParams.get(name) ?? NaN);
      const area = areas.find((a) => a.id === q('delivery_area_id'));
      const pickup = areas.find((a) => a.id === q('pickup_area_id'));
      if (!area || !pickup) return [400, { message: 'delivery_area_id and pickup_area_id must be valid area ids', status_code: 400 }];
      if (!Number.isFinite(q('cash_collection_amount')) || !(q('weight') > 0)) return [400, { message: 'cash_collection_amount and weight are required', status_code: 400 }];
      return [200, chargeFor(area, q('weight'), q('cash_collection_amount'))];
    }
    return notFound('Not Found');
  }

  function createParcel(raw) {
    const body = parseJson(raw);
    if (!body || typeof body !== 'object') return [400, { message: 'Invalid request body', status_code: 400 }];
    const problem = validateParcel(body);
    if (problem) return [400, { message: problem, status_code: 400 }];
    if (body.pickup_store_id !== undefined && !pickupStores.some((s) => String(s.id) === String(body.pickup_store_id))) {
      return [500, { message: "Cannot read property 'PHONE' of undefined" }];
    }
    const invoice = body.merchant_invoice_id === undefined ? null : String(body.merchant_invoice_id);
    if (invoice !== null && [...parcels.values()].some((p) => p.merchant_invoice_id === invoice)) {
      return [400, { message: `Parcel with merchant_invoice_id ${invoice} already exists`, status_code: 400 }];
    }
    const area = areas.find((a) => a.id === body.delivery_area_id);
    const cash = Number(body.cash_collection_amount);
    sequence += 1;
    const trackingId = `${String(new Date().getUTCFullYear()).slice(2)}A${String(sequence).padStart(3, '0')}${randomBytes(4).toString('hex').toUpperCase().slice(0, 6)}`;
    const store = pickupStores.find((s) => String(s.id) === String(body.pickup_store_id ?? pickupStores[0].id));
    const parcel = {
      tracking_id: trackingId,
      customer_name: body.customer_name,
      customer_phone: body.customer_phone,
      customer_address: body.customer_address,
      delivery_area: area.name,
      delivery_area_id: area.id,
      charge: chargeFor(area, Number(body.parcel_weight), cash).deliveryCharge,
      cash_collection_amount: cash,
      parcel_weight: Number(body.parcel_weight),
      merchant_invoice_id: invoice,
      status: 'pickup-pending',
      instruction: typeof body.instruction === 'string' ? body.instruction : '',
      created_at: new Date().toISOString(),
      delivery_type: 'regular',
      value: String(body.value),
      is_closed_box: body.is_closed_box,
      parcel_details_json: body.parcel_details_json,
      pickup_store_id: body.pickup_store_id,
      pickup_location: { id: store.id, name: store.name, address: store.address, area_name: store.area_name, area_id: store.area_id },
      tracking: [trackingLine('pickup-pending')],
    };
    parcels.set(trackingId, parcel);
    if (parcels.size > keepParcels) parcels.delete(parcels.keys().next().value);
    return [200, { tracking_id: trackingId }];
  }

  function updateParcel(raw) {
    const body = parseJson(raw);
    const details = body?.update_details;
    if (body?.entity_type !== 'parcel-tracking-id' || typeof body?.entity_id !== 'string' || typeof details !== 'object' || details === null) {
      return [400, { message: 'entity_type, entity_id and update_details are required', status_code: 400 }];
    }
    if (details.property_name !== 'status' || details.new_value !== 'cancelled') return [400, { message: 'Only status can be set, to cancelled', status_code: 400 }];
    const parcel = parcels.get(body.entity_id);
    if (!parcel) return notFound('Parcel not found');
    if (parcel.status === 'cancelled') return [400, { success: false, message: 'Parcel is already cancelled' }];
    if (parcel.status !== 'pickup-pending') return [400, { success: false, message: `Parcel can not be cancelled in ${parcel.status} status` }];
    parcel.status = 'cancelled';
    parcel.cancel_reason = typeof details.reason === 'string' ? details.reason : '';
    parcel.tracking.push(trackingLine('cancelled'));
    return [200, { success: true, message: 'Request Accepted' }];
  }

  /** @returns {Promise<[number, unknown]>} */
  async function control(method, path, raw) {
    if (method === 'GET' && path === '/_control/parcels') return [200, [...parcels.values()].map(publicParcel)];
    if (method === 'GET' && path === '/_control/requests') return [200, requests];
    if (method === 'POST' && path === '/_control/reset') {
      reset();
      return [200, { ok: true }];
    }
    const body = parseJson(raw) ?? {};
    if (method === 'POST' && path === '/_control/fail') {
      if (!['401', '429', '500', 'stall'].includes(String(body.mode))) return [400, { error: 'mode is one of 401, 429, 500, stall' }];
      failure = { mode: String(body.mode), times: Number.isInteger(body.times) ? body.times : 1, retryAfter: body.retryAfter ?? 7 };
      return [200, failure];
    }
    if (method === 'POST' && path === '/_control/advance') {
      const parcel = parcels.get(String(body.consignmentId));
      if (!parcel) return [404, { error: 'no such parcel' }];
      if (typeof body.status !== 'string' || !body.status) return [400, { error: 'status is required' }];
      parcel.status = body.status;
      if (typeof body.deliveryType === 'string') parcel.delivery_type = body.deliveryType;
      if (typeof body.collected === 'number') parcel.cash_collection_amount = body.collected;
      const line = trackingLine(body.status);
      parcel.tracking.push(line);
      let webhook = null;
      if (typeof body.webhookUrl === 'string') {
        const target = new URL(body.webhookUrl);
        const secret = body.secret === undefined ? webhookToken : body.secret;
        if (secret === null) target.searchParams.delete('token');
        else target.searchParams.set('token', String(secret));
        const payload = {
          tracking_number: parcel.tracking_id,
          timestamp: line.time,
          status: parcel.status,
          message_en: line.message_en,
          message_bn: line.message_bn,
          invoice_number: parcel.merchant_invoice_id ?? '',
          delivery_type: parcel.delivery_type,
        };
        const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(5_000) });
        const text = await response.text();
        webhook = { status: response.status, body: parseJson(text) ?? text };
      }
      return [200, { parcel: publicParcel(parcel), webhook }];
    }
    return [404, { error: 'not found' }];
  }

  function reset() {
    parcels.clear();
    requests.length = 0;
    failure = { mode: '', times: 0, retryAfter: 7 };
    for (const res of stalled) res.destroy();
    stalled.clear();
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    /** The base URL the adapter takes (REDX_BASE_URL). */
    url: `http://127.0.0.1:${actualPort}${prefix}`,
    token,
    webhookToken,
    close: () =>
      new Promise((resolve) => {
        reset();
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

function validateParcel(body) {
  for (const field of ['customer_name', 'customer_phone', 'delivery_area', 'customer_address']) {
    if (typeof body[field] !== 'string' || !body[field].trim()) return `"${field}" is required`;
  }
  if (!/^01[3-9]\d{8}$/.test(body.customer_phone)) return '"customer_phone" must be a valid mobile number';
  if (!Number.isInteger(body.delivery_area_id) || !areas.some((a) => a.id === body.delivery_area_id)) return '"delivery_area_id" is not a valid area';
  if (typeof body.cash_collection_amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.cash_collection_amount)) return '"cash_collection_amount" must be a numeric string';
  if (!(Number(body.parcel_weight) > 0)) return '"parcel_weight" must be a positive number';
  if (body.value === undefined || !Number.isFinite(Number(body.value))) return '"value" is required';
  return null;
}

function publicParcel({ tracking: _tracking, ...parcel }) {
  return parcel;
}

function trackingLine(status) {
  const [en, bn] = statusMessages[status] ?? [`Parcel status is ${status}`, `পার্সেলের অবস্থা ${status}`];
  return { message_en: en, message_bn: bn, time: new Date().toISOString() };
}

function notFound(message) {
  return [404, { message, status_code: 404 }];
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The request's body as text, or null when it passes the cap. */
function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    let size = 0;
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      size += Buffer.byteLength(chunk);
      if (size <= maxBody) body += chunk;
    });
    req.on('end', () => resolve(size > maxBody ? null : body));
    req.on('error', reject);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 2794);
  const server = await startRedxServer({ port });
  console.log(`RedX OpenAPI on ${server.url} (token ${server.token}, webhook token ${server.webhookToken})`);
}
