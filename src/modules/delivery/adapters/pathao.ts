import { createHash, timingSafeEqual } from 'node:crypto';
import { CourierError, type Booking, type Courier, type CourierReport, type ParcelRequest, type ParcelStatus, type WebhookReading } from '../ports.js';
import { readCapped } from '../../../platform/http/read-capped.js';

/**
 * Pathao Courier through its merchant API ("Aladdin"), PATHAO_BASE_URL: the sandbox
 * https://courier-api-sandbox.pathao.com or the live https://api-hermes.pathao.com.
 *
 * Sources followed (read, not copied):
 * - Pathao's merchant API documentation (merchant.pathao.com/courier/developer-api), as transcribed
 *   in Sifat07/pathao-merchant-sdk docs/official-pathao-api-documentation.md and
 *   docs/pathao-webhook-documentation.md (2025-12, "updated using latest developers docs");
 * - Pathao's own WooCommerce plugin, pathao-eng/courier-woocommerce-plugin pathao-bridge.php and
 *   plugin-api.php (v2.0.0): base URLs, the order body, the webhook's header check and reply;
 * - codeboxrcodehub/pathao-courier src/Apis/BaseApi.php, OrderApi.php, AreaApi.php and
 *   enuenan/pathao-courier src/APIBase/*.php, src/Requests/PathaoOrderRequest.php (Laravel packages).
 *
 * The protocol as they show it:
 * - `POST /aladdin/api/v1/issue-token` `{client_id, client_secret, grant_type: "password", username,
 *   password}` or `{client_id, client_secret, grant_type: "refresh_token", refresh_token}` ->
 *   `{token_type: "Bearer", expires_in: 432000, access_token, refresh_token}`. Every other call sends
 *   `Authorization: Bearer <access_token>` and answers 401 once the token is no good.
 * - `POST /aladdin/api/v1/orders` `{store_id, merchant_order_id, recipient_name, recipient_phone
 *   (01XXXXXXXXX), recipient_address (10-220 chars), recipient_city?, recipient_zone?, recipient_area?,
 *   delivery_type: 48 normal | 12 on demand, item_type: 1 document | 2 parcel, special_instruction,
 *   item_quantity, item_weight (0.5-10 kg), amount_to_collect, item_description}` ->
 *   `{message, type: "success", code: 200, data: {consignment_id, merchant_order_id, order_status:
 *   "Pending", delivery_fee}}`. City, zone and area are optional in the current docs ("auto-detected
 *   from address if omitted, do not send null"; the plugin sends them only when set; enuenan's
 *   package dropped their required rule). Validation errors: 422 `{message, type: "error", code: 422,
 *   errors: {field: [...]}}` (Laravel's shape).
 * - `POST /aladdin/api/v1/orders/bulk` `{orders: [...]}` -> 202 `{..., data: true}`: asynchronous, with
 *   no consignment ids and no per-order errors, so bookMany books one parcel after another instead.
 * - `GET /aladdin/api/v1/orders/{consignment_id}/info` -> `{data: {consignment_id, merchant_order_id,
 *   order_status, order_status_slug, updated_at ("YYYY-MM-DD HH:MM:SS", Bangladesh time), invoice_id}}`.
 * - `GET /aladdin/api/v1/city-list`, `/cities/{city_id}/zone-list`, `/zones/{zone_id}/area-list` ->
 *   `{data: {data: [{city_id, city_name}] | [{zone_id, zone_name}] | [{area_id, area_name, ...}]}}`.
 *   The plugin and codeboxr read cities from `/countries/1/city-list`; we follow the docs' path.
 * - `POST /aladdin/api/v1/merchant/price-plan` `{store_id, item_type, delivery_type, item_weight,
 *   recipient_city, recipient_zone}` (all required) -> `{data: {price, discount, ..., final_price}}`.
 * - No documented call cancels an order or finds one by merchant_order_id. codeboxr (2024) and a few
 *   apps call `POST /orders/{consignment_id}/cancel`, which neither the docs nor Pathao's plugin
 *   have: cancel refuses (cancel in the merchant panel) and findBooking answers null.
 * - Nothing public says whether Pathao refuses a merchant_order_id used before. When it does, it is
 *   taken to answer as Laravel's unique rule ("The merchant order id has already been taken.", 422):
 *   that answer maps to `duplicate`.
 * - Webhooks: POST JSON with header `X-PATHAO-Signature: <the webhook secret>` (a shared secret, not
 *   an HMAC; the plugin compares it for equality). Events `webhook_integration` (sent when the URL is
 *   saved in the panel), `order.created|updated|pickup-requested|assigned-for-pickup|picked|
 *   pickup-failed|pickup-cancelled|at-the-sorting-hub|in-transit|received-at-last-mile-hub|
 *   assigned-for-delivery|delivered|partial-delivery|returned|delivery-failed|on-hold|paid|
 *   paid-return|exchanged`, the return journey's `order.return-id-created|return-in-transit|
 *   returned-to-merchant`, and `store.created|updated`; fields consignment_id, merchant_order_id,
 *   store_id, updated_at, timestamp (ISO 8601), delivery_fee (created, updated, pickup-requested),
 *   collected_amount (delivered, partial-delivery, paid-return, exchanged), invoice_id (paid), reason.
 *   Every reply is 202 with `X-Pathao-Merchant-Webhook-Integration-Secret`. Its value: Pathao's plugin
 *   (and the apps that followed it, and the panel's text as quoted by them) send the fixed
 *   `f3992ecc-59da-4cbe-a049-a13da2018d51`; Sifat07's transcription says "your webhook secret". We
 *   follow Pathao's own plugin, with the value an option (`integrationSecret`) should the panel
 *   show another.
 */

export const pathaoLiveUrl = 'https://api-hermes.pathao.com';
export const pathaoSandboxUrl = 'https://courier-api-sandbox.pathao.com';
/** What Pathao's plugin answers in X-Pathao-Merchant-Webhook-Integration-Secret. */
export const pathaoIntegrationSecret = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

export type PathaoCourierOptions = {
  clientId: string;
  clientSecret: string;
  /** The merchant panel's login email. */
  username: string;
  password: string;
  /** The pickup store's id (the panel's store list). */
  storeId: number | string;
  /** The webhook secret set in the panel, sent back to us as X-PATHAO-Signature. */
  webhookSecret: string;
  /** The value of X-Pathao-Merchant-Webhook-Integration-Secret in our replies (default: Pathao's constant). */
  integrationSecret?: string;
  /** PATHAO_BASE_URL (default: the live API). */
  baseUrl?: string;
  /** Used when a parcel's weight is not a positive number (default 0.5, Pathao's least). */
  defaultWeightKg?: number;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** The clock for token expiry and the area cache (tests move it). */
  now?: () => Date;
};

/**
 * Pathao's status words (order_status / order_status_slug, and the word behind each webhook event)
 * in the shop's terms, compared lower-cased with `_` for spaces and dashes. null: the parcel stays
 * where it is (the words are still shown on its timeline).
 *
 *   Pending, Order_Created, Pickup_Requested, Assigned_for_Pickup -> booked
 *   Picked                                                         -> picked_up
 *   At_the_Sorting_HUB, In_Transit, Received_at_Last_Mile_HUB,
 *   Assigned_for_Delivery                                          -> in_transit
 *   Delivered                                                      -> delivered
 *   Exchange (a new item delivered, the old one taken back)        -> delivered
 *   Partial_Delivery                                               -> partly_delivered
 *   Return, Paid_Return (the shopper paid the charge, kept nothing) -> returned
 *   Order_Updated, Pickup_Failed (tried again), Delivery_Failed (tried again or returned later),
 *   On_Hold, Pickup_Cancelled (the order was cancelled before pickup: the shop has the goods and
 *   decides; there is no `cancelled` parcel status), Payment_Invoice (a payout, reported in
 *   `paid`), Return_Id_Created, Return_In_Transit, Returned_to_Merchant (the way back of a parcel
 *   already returned or partly delivered)                          -> null
 */
const statusOfWord: Readonly<Record<string, ParcelStatus | null>> = {
  pending: 'booked',
  order_created: 'booked',
  order_updated: null,
  pickup_requested: 'booked',
  assigned_for_pickup: 'booked',
  picked: 'picked_up',
  pickup_failed: null,
  pickup_cancelled: null,
  at_the_sorting_hub: 'in_transit',
  in_transit: 'in_transit',
  received_at_last_mile_hub: 'in_transit',
  assigned_for_delivery: 'in_transit',
  delivered: 'delivered',
  partial_delivery: 'partly_delivered',
  return: 'returned',
  delivery_failed: null,
  on_hold: null,
  payment_invoice: null,
  paid_return: 'returned',
  exchange: 'delivered',
  return_id_created: null,
  return_in_transit: null,
  returned_to_merchant: null,
};

/** The status word behind each webhook event (Pathao's plugin's table, plugin-api.php). */
const wordOfEvent: Readonly<Record<string, string>> = {
  'order.created': 'Order_Created',
  'order.updated': 'Order_Updated',
  'order.pickup-requested': 'Pickup_Requested',
  'order.assigned-for-pickup': 'Assigned_for_Pickup',
  'order.picked': 'Picked',
  'order.pickup-failed': 'Pickup_Failed',
  'order.pickup-cancelled': 'Pickup_Cancelled',
  'order.at-the-sorting-hub': 'At_the_Sorting_HUB',
  'order.in-transit': 'In_Transit',
  'order.received-at-last-mile-hub': 'Received_at_Last_Mile_HUB',
  'order.assigned-for-delivery': 'Assigned_for_Delivery',
  'order.delivered': 'Delivered',
  'order.partial-delivery': 'Partial_Delivery',
  'order.returned': 'Return',
  'order.delivery-failed': 'Delivery_Failed',
  'order.on-hold': 'On_Hold',
  'order.paid': 'Payment_Invoice',
  'order.paid-return': 'Paid_Return',
  'order.exchanged': 'Exchange',
  'order.return-id-created': 'Return_Id_Created',
  'order.return-in-transit': 'Return_In_Transit',
  'order.returned-to-merchant': 'Returned_to_Merchant',
};

const wordKey = (word: string): string => word.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** The shop's status for one of Pathao's words; null for a word that moves nothing or one we do not know. */
export function pathaoStatusOf(word: string): ParcelStatus | null {
  return statusOfWord[wordKey(word)] ?? null;
}

const tokenPath = '/aladdin/api/v1/issue-token';
const deliveryTypeNormal = 48;
const itemTypeParcel = 2;
/** Pathao's least and greatest item_weight. */
const minWeightKg = 0.5;
/** Answers larger than this are not read (Dhaka's zone list, the largest, is a few tens of KiB). */
const maxAnswerBytes = 512 * 1024;
/** The area lists are kept this long, and zone lists for at most this many cities (Bangladesh has 64 districts). */
const areaTtlMs = 24 * 3600_000;
const maxZoneLists = 100;

type Answer = { status: number; json: unknown; retryAfter: string | null };
type Token = { access: string; refresh: string | null; expiresAt: number; refreshAt: number };
type Named = { id: number; keys: string[] };

export function createPathaoCourier(options: PathaoCourierOptions): Courier {
  const {
    clientId,
    clientSecret,
    username,
    password,
    storeId,
    webhookSecret,
    integrationSecret = pathaoIntegrationSecret,
    baseUrl = pathaoLiveUrl,
    defaultWeightKg = minWeightKg,
    timeoutMs = 10_000,
    fetch: fetchFn = globalThis.fetch,
    now = () => new Date(),
  } = options;
  if (!clientId || !clientSecret || !username || !password) throw new Error('Pathao needs a client id, a client secret, a username and a password');
  if (!webhookSecret) throw new Error('Pathao needs a webhook secret');
  const store = Number(storeId);
  if (!Number.isSafeInteger(store) || store <= 0) throw new Error('Pathao needs the pickup store id (a number)');
  const base = new URL(baseUrl.replace(/\/+$/, '') + '/');
  if (base.protocol !== 'https:' && !(base.protocol === 'http:' && isLoopbackHost(base.hostname))) {
    throw new Error(`Pathao URL must be https (http only on a loopback address): ${base.origin}`);
  }
  const target = `Pathao (${isLoopbackHost(base.hostname) ? base.host : base.hostname})`;
  const expectedSignature = digest(webhookSecret);

  let token: Token | null = null;
  let tokenPending: Promise<string> | null = null;
  /** The secrets an answer could echo; never in a message. */
  const scrub = (text: string): string => {
    let out = text;
    for (const secret of [clientSecret, password, webhookSecret, token?.access, token?.refresh]) {
      if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
    }
    return out;
  };
  const fail = (kind: CourierError['kind'], message: string, retryAfterSeconds: number | null = null) =>
    new CourierError(kind, oneLine(scrub(message)), retryAfterSeconds);

  /** One exchange: the status and the parsed answer (null when not JSON), within the time-out. */
  async function exchange(method: 'GET' | 'POST', path: string, body: unknown, bearer: string | null): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    try {
      // One signal for the request and the body: a server that stalls mid-answer times out too.
      const response = await fetchFn(new URL(path.replace(/^\//, ''), base), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await readCapped(response, maxAnswerBytes);
      if (text === null) throw fail('retry', `${target} answered more than ${Math.round(maxAnswerBytes / 1024)} KiB`);
      let json: unknown = null;
      try {
        json = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        // not JSON: judged by its status alone
      }
      return { status: response.status, json, retryAfter: response.headers.get('retry-after') };
    } catch (error) {
      if (error instanceof CourierError) throw error;
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new CourierError('retry', `${target}: no answer within ${timeoutMs} ms`, null, true);
      }
      const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
      const why = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
      throw fail('retry', `${target}: ${why}`);
    }
  }

  /** The CourierError for an answer that is not a success. */
  function failure(answer: Answer, doing: string): CourierError {
    const { status } = answer;
    const said = messageOf(answer.json);
    if (status === 401 || status === 403) return fail('auth', `${target} refused the API keys (HTTP ${status}) ${doing}${said ? `: ${said}` : ''}`);
    if (status === 429) return fail('retry', `${target} is rate-limiting (HTTP 429) ${doing}`, retryAfterSeconds(answer.retryAfter, now()));
    if (status >= 500 || status === 408) return fail('retry', `${target} answered HTTP ${status} ${doing}`);
    const errors = errorsOf(answer.json);
    const orderIdErrors = errors.get('merchant_order_id') ?? [];
    if (status === 409 || orderIdErrors.some((text) => /already|taken|exist|duplicate/i.test(text))) {
      return fail('duplicate', `${target} already has this merchant order id ${doing}${orderIdErrors[0] ? `: ${orderIdErrors[0]}` : ''}`);
    }
    const details = [...errors].map(([field, texts]) => `${field}: ${texts.join(' ')}`).join('; ');
    return fail('refused', `${target} refused ${doing} (HTTP ${status})${details ? `: ${details}` : said ? `: ${said}` : ''}`);
  }

  async function issueToken(grant: Record<string, string>): Promise<string> {
    const answer = await exchange('POST', tokenPath, { client_id: clientId, client_secret: clientSecret, ...grant }, null);
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) {
      const said = messageOf(answer.json);
      throw fail('auth', `${target} refused the API credentials (HTTP ${answer.status})${said ? `: ${said}` : ''}`);
    }
    if (answer.status < 200 || answer.status > 299) throw failure(answer, 'issuing a token');
    const issued = answer.json as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown } | null;
    if (typeof issued?.access_token !== 'string' || !issued.access_token) throw fail('retry', `${target} answered ${answer.status} without an access token`);
    const lifetimeMs = (typeof issued.expires_in === 'number' && issued.expires_in > 0 ? issued.expires_in : 3600) * 1000;
    const issuedAt = now().getTime();
    token = {
      access: issued.access_token,
      refresh: typeof issued.refresh_token === 'string' && issued.refresh_token ? issued.refresh_token : null,
      expiresAt: issuedAt + lifetimeMs,
      // Renewed a little before it runs out (5 min, or a tenth of a short lifetime).
      refreshAt: issuedAt + lifetimeMs - Math.min(300_000, lifetimeMs / 10),
    };
    return token.access;
  }

  async function obtainToken(refresh: string | null): Promise<string> {
    if (refresh) {
      try {
        return await issueToken({ grant_type: 'refresh_token', refresh_token: refresh });
      } catch (error) {
        // A refused refresh token: log in again with the password. Anything else stands.
        if (!(error instanceof CourierError) || error.kind !== 'auth') throw error;
      }
    }
    return issueToken({ grant_type: 'password', username, password });
  }

  /** The access token: the one we hold while it is fresh, else refreshed, else issued (one at a time). */
  function accessToken(reissue: boolean): Promise<string> {
    if (!reissue && token && now().getTime() < token.refreshAt) return Promise.resolve(token.access);
    if (tokenPending) return tokenPending;
    const refresh = reissue ? null : (token?.refresh ?? null);
    if (reissue) token = null;
    tokenPending = obtainToken(refresh).finally(() => {
      tokenPending = null;
    });
    return tokenPending;
  }

  /** A call with the bearer token; a 401 gets one new token (password grant) and one more try. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const answer = await exchange(method, path, body, await accessToken(false));
    if (answer.status !== 401) return answer;
    return exchange(method, path, body, await accessToken(true));
  }

  // --- Cities and zones, for the shop's district and thana -------------------------------------
  let cityList: { at: number; cities: Named[] } | null = null;
  /** Zone lists by city id, oldest first: at most maxZoneLists, each for areaTtlMs. */
  const zoneLists = new Map<number, { at: number; zones: Named[] }>();

  async function list(path: string, idField: string, nameField: string, doing: string): Promise<Named[]> {
    const answer = await call('GET', path);
    if (answer.status < 200 || answer.status > 299) throw failure(answer, doing);
    const outer = (answer.json as { data?: unknown } | null)?.data;
    const rows = Array.isArray(outer) ? outer : (outer as { data?: unknown } | null | undefined)?.data;
    if (!Array.isArray(rows)) throw fail('retry', `${target} answered ${doing} without a list`);
    const named: Named[] = [];
    for (const row of rows as Array<Record<string, unknown>>) {
      const id = Number(row?.[idField]);
      const name = row?.[nameField];
      if (Number.isSafeInteger(id) && typeof name === 'string') named.push({ id, keys: placeKeys(name) });
    }
    return named;
  }

  async function cities(): Promise<Named[]> {
    const at = now().getTime();
    if (cityList && at - cityList.at < areaTtlMs) return cityList.cities;
    const fetched = await list('/aladdin/api/v1/city-list', 'city_id', 'city_name', 'the city list');
    cityList = { at, cities: fetched };
    return fetched;
  }

  async function zones(cityId: number): Promise<Named[]> {
    const at = now().getTime();
    const held = zoneLists.get(cityId);
    if (held && at - held.at < areaTtlMs) return held.zones;
    const fetched = await list(`/aladdin/api/v1/cities/${cityId}/zone-list`, 'zone_id', 'zone_name', `the zone list of city ${cityId}`);
    zoneLists.delete(cityId);
    zoneLists.set(cityId, { at, zones: fetched });
    while (zoneLists.size > maxZoneLists) zoneLists.delete(zoneLists.keys().next().value as number);
    return fetched;
  }

  /** Pathao's city and zone ids for a district and thana, or null when its lists have no match. */
  async function placeOf(parcel: ParcelRequest): Promise<{ city: number; zone: number } | null> {
    if (!parcel.district || !parcel.thana) return null;
    const city = findPlace(await cities(), parcel.district);
    if (city === null) return null;
    const zone = findPlace(await zones(city), parcel.thana);
    return zone === null ? null : { city, zone };
  }

  const weightOf = (parcel: ParcelRequest): number => {
    const kg = Number.isFinite(parcel.weightKg) && parcel.weightKg > 0 ? parcel.weightKg : defaultWeightKg;
    return Math.max(minWeightKg, Math.round(kg * 100) / 100);
  };

  async function book(parcel: ParcelRequest): Promise<Booking> {
    const place = await placeOf(parcel);
    const order: Record<string, unknown> = {
      store_id: store,
      merchant_order_id: String(parcel.orderNumber),
      recipient_name: oneLine(parcel.recipientName),
      recipient_phone: parcel.recipientPhone,
      recipient_address: oneLine(parcel.recipientAddress),
      delivery_type: deliveryTypeNormal,
      item_type: itemTypeParcel,
      special_instruction: oneLine(parcel.note),
      item_quantity: Math.max(1, Math.trunc(parcel.itemCount)),
      item_weight: weightOf(parcel),
      amount_to_collect: Math.max(0, Math.round(parcel.codAmount)),
      item_description: oneLine(parcel.description),
    };
    // Without a match in Pathao's lists the ids are left out (never null): Pathao places the parcel
    // from the address, which carries the thana and district.
    if (place) {
      order.recipient_city = place.city;
      order.recipient_zone = place.zone;
    }
    const answer = await call('POST', '/aladdin/api/v1/orders', order);
    if (answer.status < 200 || answer.status > 299) {
      const error = failure(answer, `order ${parcel.orderNumber}`);
      const placeErrors = [...errorsOf(answer.json).keys()].some((field) => field === 'recipient_city' || field === 'recipient_zone');
      if (error.kind === 'refused' && !place && placeErrors) {
        throw fail('refused', `Pathao has no city/zone for ${parcel.district ?? '?'}/${parcel.thana ?? '?'}: ${error.message}`);
      }
      throw error;
    }
    const data = (answer.json as { data?: { consignment_id?: unknown; delivery_fee?: unknown } } | null)?.data;
    const consignmentId = typeof data?.consignment_id === 'string' || typeof data?.consignment_id === 'number' ? String(data.consignment_id) : '';
    if (!consignmentId) throw fail('retry', `${target} answered ${answer.status} to order ${parcel.orderNumber} without a consignment id`);
    return { consignmentId, trackingCode: consignmentId, deliveryCharge: charge(data?.delivery_fee) };
  }

  return {
    name: 'pathao',
    // No public source shows Pathao refusing a merchant_order_id it has: a booking whose answer never came is left to an admin.
    refusesDuplicates: false,

    async quote(parcel) {
      // The price plan needs the city and zone: without them the shop's own fee stands.
      const place = await placeOf(parcel);
      if (!place) return null;
      const answer = await call('POST', '/aladdin/api/v1/merchant/price-plan', {
        store_id: store,
        item_type: itemTypeParcel,
        delivery_type: deliveryTypeNormal,
        item_weight: weightOf(parcel),
        recipient_city: place.city,
        recipient_zone: place.zone,
      });
      if (answer.status < 200 || answer.status > 299) throw failure(answer, `the price plan for order ${parcel.orderNumber}`);
      const data = (answer.json as { data?: { final_price?: unknown; price?: unknown } } | null)?.data;
      return charge(data?.final_price ?? data?.price);
    },

    book,

    async bookMany(parcels) {
      // Pathao's bulk call answers 202 with no consignment ids and no per-order errors (orders are
      // made later, in the background), so each parcel is booked on its own. A parcel that fails
      // for a reason that is not its own (auth, a time-out, 429, 5xx) stops the round: the others
      // get the same error without a call, to be tried again later.
      const results: Array<Booking | CourierError> = [];
      let stop: CourierError | null = null;
      for (const parcel of parcels) {
        if (stop) {
          results.push(new CourierError(stop.kind, oneLine(`not sent: ${stop.message}`), stop.retryAfterSeconds));
          continue;
        }
        try {
          results.push(await book(parcel));
        } catch (error) {
          const courierError = error instanceof CourierError ? error : fail('retry', `${target}: ${error instanceof Error ? error.message : String(error)}`);
          results.push(courierError);
          if (courierError.kind === 'auth' || courierError.kind === 'retry') stop = courierError;
        }
      }
      return results;
    },

    async findBooking() {
      // Pathao's API looks orders up by consignment id only; none finds one by merchant_order_id.
      return null;
    },

    async status(booking) {
      const answer = await call('GET', `/aladdin/api/v1/orders/${encodeURIComponent(booking.consignmentId)}/info`);
      if (answer.status === 404) throw fail('refused', `${target} has no consignment ${booking.consignmentId}`);
      if (answer.status < 200 || answer.status > 299) throw failure(answer, `the status of ${booking.consignmentId}`);
      const data = (answer.json as { data?: Record<string, unknown> } | null)?.data;
      const word = text(data?.order_status_slug) ?? text(data?.order_status);
      if (!data || !word) throw fail('retry', `${target} answered the status of ${booking.consignmentId} without one`);
      const invoice = text(data.invoice_id);
      return {
        consignmentId: text(data.consignment_id) ?? booking.consignmentId,
        orderNumber: orderNumberOf(data.merchant_order_id) ?? booking.orderNumber,
        status: pathaoStatusOf(word),
        collectedAmount: amount(data.collected_amount),
        deliveryCharge: charge(data.delivery_fee),
        message: oneLine(labelOf(text(data.order_status) ?? word)),
        messageBn: null,
        paid: invoice ? { reference: invoice, amount: null } : null,
        at: timeOf(data.updated_at),
      };
    },

    async cancel() {
      throw new CourierError('refused', 'Pathao has no cancel call: cancel it in the Pathao merchant panel');
    },

    readWebhook(request) {
      try {
        return readWebhook(request);
      } catch {
        return { kind: 'invalid', reason: 'the webhook could not be read' };
      }
    },
  };

  function readWebhook(request: { headers: Record<string, string>; body: string }): WebhookReading {
    const signature = request.headers['x-pathao-signature'];
    if (typeof signature !== 'string' || !signature) return { kind: 'refused', reason: 'no X-PATHAO-Signature header' };
    if (!timingSafeEqual(digest(signature), expectedSignature)) return { kind: 'refused', reason: 'wrong X-PATHAO-Signature' };
    let payload: unknown;
    try {
      payload = JSON.parse(request.body);
    } catch {
      return { kind: 'invalid', reason: 'the body is not JSON' };
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return { kind: 'invalid', reason: 'the body is not a JSON object' };
    const event = (payload as { event?: unknown }).event;
    if (typeof event !== 'string' || !event) return { kind: 'invalid', reason: 'no event' };
    const headers = { 'X-Pathao-Merchant-Webhook-Integration-Secret': integrationSecret };
    if (event === 'webhook_integration') {
      return { kind: 'handshake', status: 202, headers, body: { status: 202, message: 'Successfully accepted webhook_integration', data: null } };
    }
    const reply = { kind: 'reports' as const, status: 202, headers, body: { status: 202, message: 'accepted', data: null } };
    // Store events (store.created, store.updated) and any other kind name no parcel.
    if (!event.startsWith('order.')) return { ...reply, reports: [] };
    const fields = payload as Record<string, unknown>;
    const consignmentId = text(fields.consignment_id);
    const orderNumber = orderNumberOf(fields.merchant_order_id);
    if (!consignmentId && orderNumber === null) return { kind: 'invalid', reason: `${event.slice(0, 60)} names no consignment_id or merchant_order_id` };
    // The plugin reads order_status first when a payload has one; the event says the same.
    const word = wordOfEvent[event] ?? text(fields.order_status) ?? event;
    const reason = text(fields.reason);
    const invoice = text(fields.invoice_id);
    const collected = amount(fields.collected_amount);
    const report: CourierReport = {
      consignmentId,
      orderNumber,
      status: pathaoStatusOf(word),
      collectedAmount: collected,
      deliveryCharge: charge(fields.delivery_fee),
      message: oneLine(`${labelOf(word)}${reason ? `: ${reason}` : ''}`),
      messageBn: null,
      paid: event === 'order.paid' ? { reference: invoice, amount: collected } : null,
      at: timeOf(fields.timestamp) ?? timeOf(fields.updated_at),
    };
    return { ...reply, reports: [report] };
  }
}

const isLoopbackHost = (hostname: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** One line of at most 200 characters (kept in a booking's last_error and a parcel's timeline). */
function oneLine(value: string, max = 200): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

/** "At_the_Sorting_HUB" -> "At the Sorting HUB". */
const labelOf = (word: string): string => word.replace(/[_-]+/g, ' ').trim();

function orderNumberOf(value: unknown): number | null {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

function numberOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** A charge in whole taka, rounded up (Pathao adds a fractional COD fee, e.g. 83.46). */
const charge = (value: unknown): number | null => {
  const n = numberOf(value);
  return n === null ? null : Math.ceil(n - 1e-9);
};

/** Cash collected, in whole taka. */
const amount = (value: unknown): number | null => {
  const n = numberOf(value);
  return n === null ? null : Math.round(n);
};

/** ISO 8601 (`timestamp`), or Pathao's "YYYY-MM-DD HH:MM:SS" in Bangladesh time (`updated_at`). */
function timeOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  const date = local ? new Date(`${local[1]}T${local[2]}+06:00`) : /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

function messageOf(json: unknown): string | null {
  const message = (json as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? oneLine(message, 120) : null;
}

/** A 422's `errors` (or `validation`): field -> messages. */
function errorsOf(json: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const record = json as { errors?: unknown; validation?: unknown } | null;
  const errors = record?.errors ?? record?.validation;
  if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return found;
  for (const [field, texts] of Object.entries(errors as Record<string, unknown>).slice(0, 10)) {
    const list = (Array.isArray(texts) ? texts : [texts]).filter((t): t is string => typeof t === 'string').map((t) => oneLine(t, 100));
    found.set(field, list);
  }
  return found;
}

/** Retry-After as seconds (a number or an HTTP date), or null. */
function retryAfterSeconds(header: string | null, at: Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - at.getTime()) / 1000));
}

/**
 * District names as the shop writes them (the 2018 spellings: Chattogram, Cumilla, Barishal,
 * Jashore, Bogura) and as Pathao's city list does (Chittagong, Comilla, Barisal, Jessore, Bogra,
 * "B. Baria"), on one key each. Keys are lower-case letters and digits only; "gonj" is read "ganj".
 */
const placeAliases: Readonly<Record<string, string>> = {
  chattogram: 'chittagong',
  cumilla: 'comilla',
  barishal: 'barisal',
  jashore: 'jessore',
  bogura: 'bogra',
  bbaria: 'brahmanbaria',
  brahmanbaria: 'brahmanbaria',
  jhalakathi: 'jhalokati',
  jhalokathi: 'jhalokati',
  jhalakati: 'jhalokati',
  moulvibazar: 'maulvibazar',
  netrakona: 'netrokona',
  narshingdi: 'narsingdi',
  chapainawabganj: 'chapainawabganj',
  chapainababganj: 'chapainawabganj',
  coxbazar: 'coxsbazar',
  panchagar: 'panchagarh',
  laxmipur: 'lakshmipur',
  lakshmipur: 'lakshmipur',
};

function placeKey(name: string): string {
  const letters = name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '').replace(/gonj/g, 'ganj');
  return placeAliases[letters] ?? letters;
}

/** The keys a name answers to: itself, and without a bracketed note ("Savar (Dhaka)" -> savar). */
function placeKeys(name: string): string[] {
  const keys = [placeKey(name)];
  const bare = placeKey(name.replace(/\([^)]*\)/g, ''));
  if (bare && bare !== keys[0]) keys.push(bare);
  return keys.filter(Boolean);
}

function findPlace(places: readonly Named[], name: string): number | null {
  const wanted = placeKeys(name);
  return places.find((place) => place.keys.some((key) => wanted.includes(key)))?.id ?? null;
}
