// A local Pathao Courier merchant API ("Aladdin") for the tests, written from Pathao's published
// merchant API documentation (merchant.pathao.com/courier/developer-api, as transcribed in
// Sifat07/pathao-merchant-sdk docs/official-pathao-api-documentation.md and
// docs/pathao-webhook-documentation.md) and Pathao's own WooCommerce plugin
// (pathao-eng/courier-woocommerce-plugin pathao-bridge.php, plugin-api.php). It speaks:
//   POST /aladdin/api/v1/issue-token                 grant_type password | refresh_token -> { token_type, expires_in, access_token, refresh_token }
//   GET  /aladdin/api/v1/city-list                   (and /countries/1/city-list, the plugin's path) -> { data: { data: [{ city_id, city_name }] } }
//   GET  /aladdin/api/v1/cities/{city_id}/zone-list  -> { data: { data: [{ zone_id, zone_name }] } }
//   GET  /aladdin/api/v1/zones/{zone_id}/area-list   -> { data: { data: [{ area_id, area_name, home_delivery_available, pickup_available }] } }
//   POST /aladdin/api/v1/merchant/price-plan         -> { data: { price, discount, promo_discount, plan_id, cod_enabled, cod_percentage, additional_charge, final_price } }
//   POST /aladdin/api/v1/orders                      -> { message, type: "success", code: 200, data: { consignment_id, merchant_order_id, order_status, delivery_fee } }
//   POST /aladdin/api/v1/orders/bulk                 -> 202 { message, type: "success", code: 202, data: true } (orders are made afterwards)
//   GET  /aladdin/api/v1/orders/{consignment_id}/info -> { data: { consignment_id, merchant_order_id, order_status, order_status_slug, updated_at, invoice_id } }
// Every call but issue-token wants `Authorization: Bearer <access_token>` (else 401). Validation
// errors are Laravel's 422 `{ message, type: "error", code: 422, errors: { field: [...] } }`.
// A merchant_order_id used before is refused with "The merchant order id has already been taken."
// (422): the docs do not say whether Pathao keeps merchant order ids unique; this fake does, in
// Laravel's words, so that the adapter's `duplicate` path can be exercised.
//
// Control routes (JSON) that let a test read and steer it:
//   GET  /_control/parcels      -> the parcels booked, oldest first
//   GET  /_control/requests     -> [{ method, path, grantType? }] the API calls received (the last 1,000)
//   POST /_control/fail         {"mode":"401"|"429"|"500"|"stall","times":1,"retryAfter":7,"path":"/aladdin/api/v1/orders","stallMs":30000}
//                               -> the next `times` API calls (whose path starts with `path`, when given) answer so
//   POST /_control/expire-tokens -> every access token issued so far stops working (the next call answers 401)
//   POST /_control/advance      {"consignmentId","status":"Delivered" (Pathao's order_status word, or an event such
//                               as "order.delivered"),"collected":50,"reason":"…","invoiceId":"…","webhookUrl":"http://127.0.0.1:…",
//                               "secret":"<sent as X-PATHAO-Signature instead of the webhook secret>"}
//                               -> moves the parcel and, with webhookUrl, POSTs the matching webhook event there;
//                                  answers { status, integrationSecret, body } of the webhook's reply
//   POST /_control/handshake    {"webhookUrl","secret"?} -> sends the `webhook_integration` event as Pathao does when
//                                  the merchant saves the URL; answers { status, integrationSecret, accepted, body }
//   POST /_control/reset        -> forgets parcels, tokens, failures and the request log
// Run by hand: node tests/support/couriers/pathao-server.mjs <port>
import { createServer } from 'node:http';

/** At most this many parcels are kept (the oldest go first). */
const keepParcels = 10_000;
/** At most this many requests are remembered for /_control/requests. */
const keepRequests = 1_000;
/** At most this many access / refresh tokens are valid at once (the oldest stop working). */
const keepTokens = 1_000;
/** A request body larger than this is refused with 413. */
const maxBody = 64 * 1024;
/** The value Pathao wants back in X-Pathao-Merchant-Webhook-Integration-Secret (its plugin's constant). */
export const pathaoIntegrationSecret = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

export const pathaoFakeCredentials = Object.freeze({
  clientId: 'fake-client-id',
  clientSecret: 'fake-client-secret',
  username: 'merchant@example.com',
  password: 'fake-password',
  storeId: 12345,
  webhookSecret: 'fake-webhook-secret',
});

// City ids 1, 2, 4, 17, 32 and zone ids 298, 1070 are the ones Pathao's docs and public clients
// show; the others are made up. Names keep Pathao's spellings (Chittagong, Comilla, B. Baria,
// trailing spaces included) so that the adapter's matching of the shop's names is tested.
const cities = [
  { city_id: 1, city_name: 'Dhaka' },
  { city_id: 2, city_name: 'Chittagong' },
  { city_id: 4, city_name: 'Rajshahi' },
  { city_id: 17, city_name: 'Barisal' },
  { city_id: 32, city_name: 'B. Baria' },
  { city_id: 8, city_name: 'Comilla ' },
  { city_id: 11, city_name: 'Jessore' },
  { city_id: 13, city_name: 'Bogra' },
  { city_id: 20, city_name: "Cox's Bazar" },
  { city_id: 25, city_name: 'Narayanganj' },
];
const zonesByCity = {
  1: [
    { zone_id: 298, zone_name: '60 feet' },
    { zone_id: 1070, zone_name: 'Abdullahpur Uttara' },
    { zone_id: 52, zone_name: 'Dhanmondi' },
    { zone_id: 82, zone_name: 'Savar' },
    { zone_id: 64, zone_name: 'Mirpur 10' },
    { zone_id: 70, zone_name: 'Gulshan' },
  ],
  2: [
    { zone_id: 120, zone_name: 'Halishahar' },
    { zone_id: 121, zone_name: 'Panchlaish' },
  ],
  4: [{ zone_id: 200, zone_name: 'Boalia' }],
  17: [{ zone_id: 300, zone_name: 'Barisal Sadar' }],
  32: [{ zone_id: 320, zone_name: 'Brahmanbaria Sadar' }],
  8: [{ zone_id: 400, zone_name: 'Comilla Sadar' }],
  11: [{ zone_id: 500, zone_name: 'Jessore Sadar' }],
  13: [{ zone_id: 600, zone_name: 'Bogra Sadar' }],
  20: [
    { zone_id: 700, zone_name: 'Teknaf' },
    { zone_id: 701, zone_name: "Cox's Bazar Sadar" },
  ],
  25: [{ zone_id: 800, zone_name: 'Fatullah' }],
};
const areasByZone = {
  52: [
    { area_id: 37, area_name: 'Bonolota', home_delivery_available: true, pickup_available: true },
    { area_id: 38, area_name: 'Dhanmondi 27', home_delivery_available: true, pickup_available: true },
  ],
};

/** Pathao's order_status words and the webhook event each one sends (plugin-api.php's table, reversed). */
const eventOfStatus = {
  Pending: 'order.created',
  Pickup_Requested: 'order.pickup-requested',
  Assigned_for_Pickup: 'order.assigned-for-pickup',
  Picked: 'order.picked',
  Pickup_Failed: 'order.pickup-failed',
  Pickup_Cancelled: 'order.pickup-cancelled',
  At_the_Sorting_HUB: 'order.at-the-sorting-hub',
  In_Transit: 'order.in-transit',
  Received_at_Last_Mile_HUB: 'order.received-at-last-mile-hub',
  Assigned_for_Delivery: 'order.assigned-for-delivery',
  Delivered: 'order.delivered',
  Partial_Delivery: 'order.partial-delivery',
  Return: 'order.returned',
  Delivery_Failed: 'order.delivery-failed',
  On_Hold: 'order.on-hold',
  Payment_Invoice: 'order.paid',
  Paid_Return: 'order.paid-return',
  Exchange: 'order.exchanged',
};
const statusOfEvent = Object.fromEntries(Object.entries(eventOfStatus).map(([status, event]) => [event, status]));
statusOfEvent['order.updated'] = null;
/** Which events carry which extra fields (the webhook documentation's payloads). */
const withDeliveryFee = new Set(['order.created', 'order.updated', 'order.pickup-requested']);
const withCollected = new Set(['order.delivered', 'order.partial-delivery', 'order.paid-return', 'order.exchanged']);
const withReason = new Set(['order.partial-delivery', 'order.returned', 'order.delivery-failed', 'order.on-hold', 'order.paid-return', 'order.exchanged']);

const compact = (text) => String(text).toLowerCase().replace(/[^a-z0-9]/g, '');

/** "YYYY-MM-DD HH:MM:SS" in Bangladesh time (UTC+6), as Pathao writes updated_at. */
function dhakaTime(date) {
  return new Date(date.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * @param {{ port: number, clientId?: string, clientSecret?: string, username?: string, password?: string,
 *   storeId?: number, webhookSecret?: string, tokenTtlSeconds?: number }} options
 */
export async function startPathaoServer(options) {
  const config = { ...pathaoFakeCredentials, tokenTtlSeconds: 432_000, ...options };
  /** @type {Array<Record<string, unknown>>} */
  let parcels = [];
  /** @type {Array<{ method: string, path: string, grantType?: string }>} */
  let requests = [];
  /** @type {Map<string, number>} access token -> expiry (ms) */
  let accessTokens = new Map();
  /** @type {Set<string>} */
  let refreshTokens = new Set();
  /** @type {{ mode: string, times: number, retryAfter: number, path: string, stallMs: number } | null} */
  let failure = null;
  let sequence = 0;
  const stalls = new Set();

  const newToken = (prefix) => `${prefix}-${Date.now().toString(36)}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const issueTokens = () => {
    const access = newToken('at');
    const refresh = newToken('rt');
    accessTokens.set(access, Date.now() + config.tokenTtlSeconds * 1000);
    refreshTokens.add(refresh);
    while (accessTokens.size > keepTokens) accessTokens.delete(accessTokens.keys().next().value);
    while (refreshTokens.size > keepTokens) refreshTokens.delete(refreshTokens.values().next().value);
    return { token_type: 'Bearer', expires_in: config.tokenTtlSeconds, access_token: access, refresh_token: refresh };
  };
  const consignmentId = () => {
    const date = dhakaTime(new Date()).slice(2, 10).replace(/-/g, '');
    const tail = (++sequence).toString(36).toUpperCase().padStart(6, 'X');
    return `DL${date.slice(4, 6)}${date.slice(2, 4)}${date.slice(0, 2)}${tail}`;
  };
  const price = (cityId, weight) => (Number(cityId) === 1 ? 60 : 110) + 15 * Math.max(0, Math.ceil(Number(weight) - 1));

  /** Laravel-style validation of one order; returns [errors, order] */
  function validateOrder(input) {
    const errors = {};
    const fail = (field, message) => (errors[field] ??= []).push(message);
    const text = (value) => (typeof value === 'string' ? value.trim() : '');
    const integer = (value) => (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : NaN);
    if (input === null || typeof input !== 'object') return [{ order: ['The order must be an object.'] }, null];
    if (input.store_id === undefined || input.store_id === '') fail('store_id', 'The store id field is required.');
    else if (integer(input.store_id) !== Number(config.storeId)) fail('store_id', 'The selected store id is invalid.');
    const merchantOrderId = input.merchant_order_id === undefined || input.merchant_order_id === null ? null : String(input.merchant_order_id);
    if (merchantOrderId !== null && parcels.some((p) => p.merchant_order_id === merchantOrderId)) fail('merchant_order_id', 'The merchant order id has already been taken.');
    const name = text(input.recipient_name);
    if (!name) fail('recipient_name', 'The recipient name field is required.');
    else if (name.length < 3 || name.length > 100) fail('recipient_name', 'The recipient name must be between 3 and 100 characters.');
    const phone = text(input.recipient_phone);
    if (!phone) fail('recipient_phone', 'The recipient phone field is required.');
    else if (!/^01\d{9}$/.test(phone)) fail('recipient_phone', 'The recipient phone format is invalid.');
    const address = text(input.recipient_address);
    if (!address) fail('recipient_address', 'The recipient address field is required.');
    else if (address.length < 10 || address.length > 220) fail('recipient_address', 'The recipient address must be between 10 and 220 characters.');
    if (![48, 12].includes(integer(input.delivery_type))) fail('delivery_type', 'The selected delivery type is invalid.');
    if (![1, 2].includes(integer(input.item_type))) fail('item_type', 'The selected item type is invalid.');
    const quantity = integer(input.item_quantity);
    if (!Number.isInteger(quantity) || quantity < 1) fail('item_quantity', 'The item quantity must be at least 1.');
    const weight = Number(input.item_weight);
    if (!Number.isFinite(weight) || weight < 0.5 || weight > 10) fail('item_weight', 'The item weight must be between 0.5 and 10.');
    const amount = integer(input.amount_to_collect);
    if (!Number.isInteger(amount) || amount < 0) fail('amount_to_collect', 'The amount to collect must be an integer of at least 0.');
    // City and zone are optional: without them Pathao places the parcel from the address.
    let city = null;
    let zone = null;
    if (input.recipient_city !== undefined) {
      city = cities.find((c) => c.city_id === integer(input.recipient_city)) ?? null;
      if (!city) fail('recipient_city', 'The selected recipient city is invalid.');
    }
    if (input.recipient_zone !== undefined) {
      zone = (city ? zonesByCity[city.city_id] ?? [] : []).find((z) => z.zone_id === integer(input.recipient_zone)) ?? null;
      if (!zone) fail('recipient_zone', 'The selected recipient zone is invalid.');
    }
    if (address && input.recipient_city === undefined && input.recipient_zone === undefined) {
      const words = compact(address);
      city = cities.find((c) => words.includes(compact(c.city_name))) ?? null;
      zone = city ? (zonesByCity[city.city_id] ?? []).find((z) => words.includes(compact(z.zone_name))) ?? null : null;
      if (!city || !zone) {
        fail('recipient_city', 'The recipient city field is required.');
        fail('recipient_zone', 'The recipient zone field is required.');
      }
    }
    if (Object.keys(errors).length) return [errors, null];
    const fee = Math.round((price(city.city_id, weight) + amount * 0.01) * 100) / 100;
    return [
      null,
      {
        consignment_id: consignmentId(),
        merchant_order_id: merchantOrderId,
        store_id: Number(config.storeId),
        recipient_name: name,
        recipient_phone: phone,
        recipient_address: address,
        recipient_city: city.city_id,
        recipient_zone: zone.zone_id,
        recipient_area: input.recipient_area ?? null,
        delivery_type: integer(input.delivery_type),
        item_type: integer(input.item_type),
        item_quantity: quantity,
        item_weight: weight,
        amount_to_collect: amount,
        item_description: text(input.item_description),
        special_instruction: text(input.special_instruction),
        order_status: 'Pending',
        delivery_fee: fee,
        collected_amount: null,
        invoice_id: null,
        updated_at: dhakaTime(new Date()),
      },
    ];
  }

  const remember = (parcel) => {
    parcels.push(parcel);
    if (parcels.length > keepParcels) parcels.splice(0, parcels.length - keepParcels);
  };

  /** POSTs one webhook event to a loopback URL the way Pathao does; answers what the shop replied. */
  async function deliverWebhook(webhookUrl, payload, secret) {
    let url;
    try {
      url = new URL(webhookUrl);
    } catch {
      return { error: 'webhookUrl is not a URL' };
    }
    if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return { error: 'webhookUrl must be http on a loopback address' };
    const headers = { 'content-type': 'application/json' };
    if (secret !== null) headers['X-PATHAO-Signature'] = secret;
    try {
      // Pathao gives the merchant's endpoint 10 seconds.
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(payload), redirect: 'error', signal: AbortSignal.timeout(10_000) });
      const text = (await response.text()).slice(0, 4096);
      let body = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return { status: response.status, integrationSecret: response.headers.get('x-pathao-merchant-webhook-integration-secret'), body };
    } catch (error) {
      return { error: `webhook not delivered: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const answer = (status, body, headers = {}) => {
      if (res.headersSent) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const error = (status, message, extra = {}) => answer(status, { message, type: 'error', code: status, ...extra });
    let body = '';
    let size = 0;
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      size += Buffer.byteLength(chunk);
      if (size <= maxBody) body += chunk;
    });
    req.on('end', () => {
      if (size > maxBody) return error(413, 'Request body too large.');
      let json = {};
      if (body.trim()) {
        try {
          json = JSON.parse(body);
        } catch {
          return error(400, 'The request body is not valid JSON.');
        }
      }
      if (path.startsWith('/_control/')) return void control(req.method ?? 'GET', path, json, answer);
      return api(req, res, req.method ?? 'GET', path, json, answer, error);
    });
  });

  function api(req, res, method, path, json, answer, error) {
    const entry = { method, path };
    if (path === '/aladdin/api/v1/issue-token' && typeof json?.grant_type === 'string') entry.grantType = json.grant_type;
    requests.push(entry);
    if (requests.length > keepRequests) requests.splice(0, requests.length - keepRequests);

    if (failure && failure.times > 0 && path.startsWith(failure.path)) {
      failure.times -= 1;
      const { mode, retryAfter, stallMs } = failure;
      if (failure.times <= 0) failure = null;
      if (mode === '401') return error(401, 'Unauthenticated.');
      if (mode === '429') return answer(429, { message: 'Too Many Attempts.', type: 'error', code: 429 }, { 'retry-after': String(retryAfter) });
      if (mode === '500') return error(500, 'Server Error');
      if (mode === 'stall') {
        const timer = setTimeout(() => {
          stalls.delete(timer);
          error(504, 'Gateway Timeout');
        }, stallMs);
        stalls.add(timer);
        return;
      }
    }

    if (method === 'POST' && path === '/aladdin/api/v1/issue-token') {
      if (json.client_id !== config.clientId || json.client_secret !== config.clientSecret) return error(401, 'Client authentication failed');
      if (json.grant_type === 'password') {
        if (json.username !== config.username || json.password !== config.password) return error(400, 'The user credentials were incorrect.');
        return answer(200, issueTokens());
      }
      if (json.grant_type === 'refresh_token') {
        if (typeof json.refresh_token !== 'string' || !refreshTokens.delete(json.refresh_token)) return error(401, 'The refresh token is invalid.');
        return answer(200, issueTokens());
      }
      return error(400, 'The authorization grant type is not supported by the authorization server.');
    }

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = token ? accessTokens.get(token) : undefined;
    if (expiry === undefined || expiry < Date.now()) return error(401, 'Unauthenticated.');

    const ok = (message, data, code = 200) => answer(code, { message, type: 'success', code, data });
    let match;
    if (method === 'GET' && (path === '/aladdin/api/v1/city-list' || path === '/aladdin/api/v1/countries/1/city-list')) {
      return ok('City successfully fetched.', { data: cities });
    }
    if (method === 'GET' && (match = /^\/aladdin\/api\/v1\/cities\/(\d+)\/zone-list$/.exec(path))) {
      return ok('Zone list fetched.', { data: zonesByCity[Number(match[1])] ?? [] });
    }
    if (method === 'GET' && (match = /^\/aladdin\/api\/v1\/zones\/(\d+)\/area-list$/.exec(path))) {
      return ok('Area list fetched.', { data: areasByZone[Number(match[1])] ?? [] });
    }
    if (method === 'POST' && path === '/aladdin/api/v1/merchant/price-plan') {
      const errors = {};
      for (const field of ['store_id', 'item_type', 'delivery_type', 'item_weight', 'recipient_city', 'recipient_zone']) {
        if (json[field] === undefined || json[field] === null || json[field] === '') errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`];
      }
      if (Object.keys(errors).length) return error(422, 'Please fix the given errors', { errors });
      const plan = price(json.recipient_city, json.item_weight);
      return ok('price', { price: plan, discount: 0, promo_discount: 0, plan_id: 69, cod_enabled: 1, cod_percentage: 0.01, additional_charge: 0, final_price: plan });
    }
    if (method === 'POST' && path === '/aladdin/api/v1/orders') {
      const [errors, order] = validateOrder(json);
      if (errors) return error(422, 'Please fix the given errors', { errors });
      remember(order);
      return ok('Order Created Successfully', { consignment_id: order.consignment_id, merchant_order_id: order.merchant_order_id, order_status: order.order_status, delivery_fee: order.delivery_fee });
    }
    if (method === 'POST' && path === '/aladdin/api/v1/orders/bulk') {
      if (!Array.isArray(json.orders) || json.orders.length === 0) return error(422, 'Please fix the given errors', { errors: { orders: ['The orders field is required.'] } });
      const orders = json.orders.slice(0, 500);
      // Asynchronous, as Pathao's: accepted now, made afterwards, no ids in the answer.
      setImmediate(() => {
        for (const input of orders) {
          const [errors, order] = validateOrder(input);
          if (!errors) remember(order);
        }
      });
      return ok('Your bulk order creation request is accepted, please wait some time to complete order creation.', true, 202);
    }
    if (method === 'GET' && (match = /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/.exec(path))) {
      const parcel = parcels.find((p) => p.consignment_id === decodeURIComponent(match[1]));
      if (!parcel) return error(404, 'Order not found.');
      return ok('Order info', {
        consignment_id: parcel.consignment_id,
        merchant_order_id: parcel.merchant_order_id,
        order_status: parcel.order_status,
        order_status_slug: parcel.order_status,
        updated_at: parcel.updated_at,
        invoice_id: parcel.invoice_id,
      });
    }
    return error(404, 'no Route matched with those values');
  }

  async function control(method, path, json, answer) {
    if (method === 'GET' && path === '/_control/parcels') return answer(200, parcels);
    if (method === 'GET' && path === '/_control/requests') return answer(200, requests);
    if (method !== 'POST') return answer(404, { error: 'not found' });
    if (path === '/_control/reset') {
      parcels = [];
      requests = [];
      accessTokens = new Map();
      refreshTokens = new Set();
      failure = null;
      return answer(200, { reset: true });
    }
    if (path === '/_control/fail') {
      const mode = String(json.mode ?? '');
      if (!['401', '429', '500', 'stall'].includes(mode)) return answer(400, { error: 'mode must be 401, 429, 500 or stall' });
      const times = Number.isInteger(json.times) && json.times > 0 ? json.times : 1;
      failure = {
        mode,
        times,
        retryAfter: Number.isInteger(json.retryAfter) ? json.retryAfter : 7,
        path: typeof json.path === 'string' ? json.path : '/',
        stallMs: Number.isInteger(json.stallMs) ? json.stallMs : 30_000,
      };
      return answer(200, { failing: failure });
    }
    if (path === '/_control/expire-tokens') {
      const expired = accessTokens.size;
      accessTokens = new Map();
      return answer(200, { expired });
    }
    if (path === '/_control/handshake') {
      if (typeof json.webhookUrl !== 'string') return answer(400, { error: 'webhookUrl is required' });
      const secret = json.secret === undefined ? config.webhookSecret : json.secret;
      const reply = await deliverWebhook(json.webhookUrl, { event: 'webhook_integration' }, secret);
      if (reply.error) return answer(502, reply);
      return answer(200, { ...reply, accepted: reply.status === 202 && reply.integrationSecret === pathaoIntegrationSecret });
    }
    if (path === '/_control/advance') {
      const parcel = parcels.find((p) => p.consignment_id === json.consignmentId);
      if (!parcel) return answer(404, { error: `no parcel ${String(json.consignmentId)}` });
      const word = String(json.status ?? '');
      const event = word.startsWith('order.') ? word : eventOfStatus[word];
      if (!event) return answer(400, { error: `unknown status ${word}` });
      const status = word.startsWith('order.') ? statusOfEvent[word] ?? null : word;
      const now = new Date();
      if (status) parcel.order_status = status;
      parcel.updated_at = dhakaTime(now);
      const payload = {
        event,
        consignment_id: parcel.consignment_id,
        merchant_order_id: parcel.merchant_order_id ?? undefined,
        store_id: parcel.store_id,
        updated_at: parcel.updated_at,
        timestamp: now.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      };
      if (withDeliveryFee.has(event)) payload.delivery_fee = parcel.delivery_fee;
      if (withCollected.has(event)) {
        parcel.collected_amount = typeof json.collected === 'number' ? json.collected : parcel.amount_to_collect;
        payload.collected_amount = parcel.collected_amount;
      }
      if (withReason.has(event) && typeof json.reason === 'string') payload.reason = json.reason;
      if (event === 'order.paid') {
        parcel.invoice_id = typeof json.invoiceId === 'string' ? json.invoiceId : `${dhakaTime(now).slice(2, 10).replace(/-/g, '')}IBW${String(++sequence).padStart(5, '0')}`;
        payload.invoice_id = parcel.invoice_id;
      }
      if (typeof json.webhookUrl !== 'string') return answer(200, { parcel, payload });
      const secret = json.secret === undefined ? config.webhookSecret : json.secret;
      const reply = await deliverWebhook(json.webhookUrl, payload, secret);
      if (reply.error) return answer(502, reply);
      return answer(200, { ...reply, payload });
    }
    return answer(404, { error: 'not found' });
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    credentials: { clientId: config.clientId, clientSecret: config.clientSecret, username: config.username, password: config.password, storeId: config.storeId, webhookSecret: config.webhookSecret },
    parcels: () => parcels,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        for (const timer of stalls) clearTimeout(timer);
        stalls.clear();
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 2794);
  const fake = await startPathaoServer({ port });
  console.log(`pathao fake on ${fake.url}`);
}
