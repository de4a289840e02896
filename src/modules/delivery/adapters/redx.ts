import { createHash, timingSafeEqual } from 'node:crypto';
import { CourierError, type Booking, type Courier, type CourierReport, type ParcelRequest, type ParcelStatus, type WebhookReading } from '../ports.js';
import { readCapped } from '../../../platform/http/read-capped.js';

/**
 * RedX (redx.com.bd, ShopUp), through its merchant OpenAPI v1.0.0-beta.
 *
 * Sources followed (read, not copied):
 * - RedX's developer page https://redx.com.bd/developer-api/, as transcribed in getRabbi/ecomsbd
 *   docs/providers/redx/CONTRACT.md and backend/app/couriers/redx/contract.py (endpoints, fields, the
 *   status table with `paid`, the delivery types, the webhook's `?token=`, the 401 body);
 * - codeboxrcodehub/redx-courier src/Apis/{BaseApi,OrderApi,AreaApi,StoreApi}.php (a Laravel package:
 *   the paths, `API-ACCESS-TOKEN: Bearer`, errors read as `{message, errors}`);
 * - abdurrahamanbabu/redx-courier src/Redx.php (`?district_name=`, the charge calculator's query, the
 *   cancel body);
 * - osspool/commerce-be lib/logistics/bd-logistics/src/providers/redx.provider.ts (a TypeScript client:
 *   parcel info, webhook fields, `pickup-pending`/`cancelled`) and lib/logistics/bd-areas/src/districts.ts
 *   (areas generated from RedX's list: its district names are the old spellings, Chittagong, Comilla,
 *   Bogra, Jessore, Barisal, Norshingdi, Perojpur, Laksmipur...).
 *
 * The protocol as they show it:
 *   base      https://openapi.redx.com.bd/v1.0.0-beta (sandbox https://sandbox.redx.com.bd/v1.0.0-beta)
 *   auth      `API-ACCESS-TOKEN: Bearer <token>` on every call; a bad token is 401 `{message, status_code}`
 *   POST  /parcel  {customer_name, customer_phone, delivery_area, delivery_area_id (integer), customer_address,
 *                   merchant_invoice_id, cash_collection_amount (string), parcel_weight (grams), value,
 *                   instruction, is_closed_box, parcel_details_json [{name, category, value}], pickup_store_id}
 *                  -> {tracking_id}
 *   GET   /parcel/info/<tracking_id>   -> {parcel: {tracking_id, status, charge, cash_collection_amount,
 *                                          merchant_invoice_id, delivery_type, ...}}
 *   GET   /parcel/track/<tracking_id>  -> {tracking: [{message_en, message_bn, time}]}
 *   PATCH /parcels {entity_type: "parcel-tracking-id", entity_id, update_details: {property_name: "status",
 *                   new_value: "cancelled", reason}} -> {success, message}
 *   GET   /areas?district_name=<name>  -> {areas: [{id, name, post_code, division_name, zone_id}]}
 *   GET   /pickup/stores, /pickup/store/info/<id> -> {pickup_stores: [...]}, {pickup_store: {area_id, ...}}
 *   GET   /charge/charge_calculator?delivery_area_id&pickup_area_id&cash_collection_amount&weight (grams)
 *                  -> {deliveryCharge, codCharge}
 *   webhook  POST <callback URL>?token=<secret> {tracking_number, timestamp, status, message_en, message_bn,
 *            invoice_number, delivery_type?}: no signature; "any required credentials should be included in
 *            the query parameters of the URL".
 *
 * Where the sources disagree or say nothing, and what this adapter does:
 * - `parcel_weight`, `value`: a string in RedX's field table, a number in its example; we send numbers
 *   (as ecomsbd does), weight in grams (info and the calculator say grams; create says "kg, g").
 * - A repeated merchant_invoice_id: undocumented, and RedX has no lookup by invoice. A 409, or a 4xx
 *   whose message speaks of the invoice being a duplicate / already there, is `duplicate`; findBooking
 *   answers null. If RedX in fact accepts the repeat, a retried booking that had worked books twice:
 *   nothing in its API can prevent that.
 * - An unknown pickup_store_id makes RedX answer "Cannot read property 'PHONE' of undefined" (the
 *   redx_courier Dart package on pub.dev): `refused`, with a message that says what to fix.
 * - A cancel answered with a non-2xx status but `{success: true}` (ecomsbd's neighbour, a Laravel
 *   driver, saw a 503 so) counts as done.
 * - The webhook's reply is undocumented: 200 `{"success": true}`.
 *
 * The shop's district and thana become RedX's delivery area: `GET /areas?district_name=` with RedX's
 * spelling of the district (old and new spellings are folded, case and punctuation ignored), then the
 * area named after the thana. No thana match: refused ("RedX has no area for <district>/<thana>"),
 * because a wrong area routes the parcel to the wrong hub; no thana at all: the district's Sadar area.
 * The areas of at most 100 districts are kept, each for 24 hours.
 */

/** RedX's status words and where they put a parcel (null: a tracking update that moves nothing). */
const statusTable: Readonly<Record<string, ParcelStatus | null>> = {
  // The developer page's "Status Updates and Meanings", and the two other words its pages use.
  'pickup-pending': 'booked', // the status of a new parcel (Get Parcel Details' sample)
  'ready-for-delivery': 'picked_up', // "Parcel received from merchants"
  'delivery-in-progress': 'in_transit', // "Parcels have been dispatched to rider"
  delivered: 'delivered', // "Parcels delivered by rider" (partly_delivered on a partial-delivery parcel)
  'agent-hold': 'in_transit', // "Parcels are on hold to agent"
  'agent-returning': 'in_transit', // "Parcel return-in-progress": on its way back, not back yet
  returned: 'returned', // "Parcels returned"
  'agent-area-change': null, // "Area change requested & in progress": may come before pick-up
  paid: null, // "Parcel amount is paid": a payout, reported in `paid`
  cancelled: null, // what PATCH /parcels writes; the shop's cancel() already knows
  // Words of RedX's rider app (not in the merchant docs), in case a webhook carries them.
  'return-in-progress': 'in_transit',
  'agent-hold-returning': 'in_transit',
  'return-hold-returning': 'in_transit',
  'return-problematic-returning': 'in_transit',
  'exchange-returning': 'in_transit',
  'agent-returned': 'in_transit', // back at RedX's hub, not yet at the shop
};

/** The status words this adapter knows, for the tests and the admin pages. */
export const redxStatusWords: readonly string[] = Object.keys(statusTable);

/**
 * Where a status word puts a parcel of this delivery type. The shop books regular parcels; on a
 * `partial-delivery` parcel `delivered` means partly delivered; every other type (the return leg of a
 * partial delivery, reverse and exchange parcels) moves nothing, so that a leg's `returned` never
 * ends an order that was in fact delivered in part.
 */
export function redxParcelStatus(status: string, deliveryType: string | null): ParcelStatus | null {
  const mapped = Object.hasOwn(statusTable, status) ? (statusTable[status] ?? null) : null;
  if (deliveryType === null || deliveryType === '' || deliveryType === 'regular') return mapped;
  if (deliveryType === 'partial-delivery') return mapped === 'delivered' ? 'partly_delivered' : mapped === 'returned' ? null : mapped;
  return null;
}

/**
 * The webhook route puts the callback URL's `?token=` here (RedX sends no header of its own), after
 * dropping any header of that name the request came with: POST /api/couriers/redx/webhook?token=<secret>.
 */
export const redxWebhookTokenHeader = 'x-webhook-query-token';

export type RedxCourierOptions = {
  /** REDX_TOKEN: the merchant's OpenAPI access token (the developer page's "Request token"). */
  token: string;
  /** REDX_WEBHOOK_TOKEN: the secret the callback URL carries as `?token=`. */
  webhookToken: string;
  /** REDX_BASE_URL: https://openapi.redx.com.bd/v1.0.0-beta (sandbox https://sandbox.redx.com.bd/v1.0.0-beta). */
  baseUrl?: string;
  /** REDX_PICKUP_STORE_ID: a pickup store's id (GET /pickup/stores), not the shop id; RedX's default store when null. */
  pickupStoreId?: number | null;
  /** Used when a parcel's weight is not a positive number (kg). */
  defaultWeightKg?: number;
  /** RedX's `is_closed_box`: the recipient may not open the parcel before paying. */
  closedBox?: boolean;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
};

type RedxArea = { id: number; name: string; zoneId: number | null };

const liveBaseUrl = 'https://openapi.redx.com.bd/v1.0.0-beta';
/** Districts whose areas are kept, and for how long: Bangladesh has 64 districts. */
const maxCachedDistricts = 100;
const areaTtlMs = 24 * 60 * 60 * 1000;
/** Dhaka's area list is the longest answer (some hundreds of areas); every other answer is small. */
const maxAreasBytes = 2 * 1024 * 1024;
const maxAnswerBytes = 64 * 1024;

export function createRedxCourier({
  token,
  webhookToken,
  baseUrl = liveBaseUrl,
  pickupStoreId = null,
  defaultWeightKg = 0.5,
  closedBox = false,
  timeoutMs = 10_000,
  fetch = globalThis.fetch,
  now = () => new Date(),
}: RedxCourierOptions): Courier {
  if (!token || !webhookToken) throw new Error('RedX needs an access token and a webhook token');
  const base = new URL(baseUrl.replace(/\/+$/, ''));
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname);
  if (base.protocol !== 'https:' && !(base.protocol === 'http:' && loopback)) throw new Error(`RedX base URL must be https: ${base.origin}`);
  if (!(defaultWeightKg > 0)) throw new Error('RedX default weight must be a positive number of kg');
  const scrub = (text: string) => text.split(token).join('[token]');
  const webhookDigest = digest(webhookToken);

  /** One call to RedX: the parsed JSON answer of a 2xx, else a CourierError. */
  async function call(
    method: string,
    path: string,
    { query, body, maxBytes = maxAnswerBytes }: { query?: Record<string, string>; body?: unknown; maxBytes?: number } = {},
  ): Promise<{ status: number; json: unknown; failure: CourierError | null }> {
    const url = new URL(`${base.pathname}${path}`, base.origin);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    const what = `RedX ${method} ${path}`;
    let status: number;
    let text: string | null;
    let retryAfter: string | null;
    try {
      const headers: Record<string, string> = { 'API-ACCESS-TOKEN': `Bearer ${token}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      // One signal for the request and the body: a server that stalls mid-answer times out too.
      const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new CourierError('retry', `${what}: no answer within ${timeoutMs} ms`, null, true);
      const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
      const why = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
      throw new CourierError('retry', oneLine(scrub(`${what}: ${why}`)));
    }
    if (text === null) throw new CourierError('retry', `${what}: an answer larger than ${maxBytes} bytes`);
    const json = parseJson(text);
    if (status >= 200 && status <= 299) {
      if (json === undefined) throw new CourierError('retry', `${what}: HTTP ${status} with an answer that is not JSON`);
      return { status, json, failure: null };
    }
    return { status, json, failure: failureOf(what, status, json, retryAfter) };
  }

  async function callOk(method: string, path: string, options?: Parameters<typeof call>[2]): Promise<unknown> {
    const result = await call(method, path, options);
    if (result.failure) throw result.failure;
    return result.json;
  }

  function failureOf(what: string, status: number, json: unknown, retryAfter: string | null): CourierError {
    const said = messageOf(json);
    const line = (text: string) => oneLine(scrub(text));
    const described = line(`${what}: HTTP ${status}${said ? `: ${said}` : ''}`);
    if (said && /PHONE' of undefined/i.test(said)) {
      return new CourierError('refused', line(`${what}: RedX knows no pickup store ${pickupStoreId ?? ''} (REDX_PICKUP_STORE_ID is a pickup store's id from GET /pickup/stores, not the shop id)`));
    }
    if (status === 401 || status === 403) return new CourierError('auth', described);
    if (status === 429) return new CourierError('retry', described, retryAfterSeconds(retryAfter, now()));
    if (status === 408 || status >= 500) return new CourierError('retry', described);
    if (status === 409 || (said !== null && /invoice/i.test(said) && /duplicate|already|exists|taken/i.test(said))) return new CourierError('duplicate', described);
    if (status >= 400) return new CourierError('refused', described);
    return new CourierError('retry', described);
  }

  // District -> its areas (a promise, so that two bookings at once ask once), oldest first.
  const areaCache = new Map<string, { expiresAt: number; areas: Promise<RedxArea[]> }>();

  function districtAreas(district: string): Promise<RedxArea[]> {
    const key = nameKey(district);
    const at = now().getTime();
    const cached = areaCache.get(key);
    if (cached && cached.expiresAt > at) return cached.areas;
    areaCache.delete(key);
    for (const [name, entry] of areaCache) if (entry.expiresAt <= at) areaCache.delete(name);
    while (areaCache.size >= maxCachedDistricts) areaCache.delete(areaCache.keys().next().value as string);
    const areas = (async () => {
      for (const spelling of districtSpellings(district)) {
        const json = await callOk('GET', '/areas', { query: { district_name: spelling }, maxBytes: maxAreasBytes });
        const found = areasOf(json);
        if (found.length > 0) return found;
      }
      return [];
    })();
    const entry = { expiresAt: at + areaTtlMs, areas };
    areaCache.set(key, entry);
    // A failed or empty answer is not kept: the next booking asks again.
    areas.then(
      (found) => {
        if (found.length === 0 && areaCache.get(key) === entry) areaCache.delete(key);
      },
      () => {
        if (areaCache.get(key) === entry) areaCache.delete(key);
      },
    );
    return areas;
  }

  async function deliveryArea(parcel: ParcelRequest): Promise<RedxArea> {
    const where = `${parcel.district ?? '?'}/${parcel.thana ?? '?'}`;
    if (!parcel.district?.trim()) throw new CourierError('refused', oneLine(`RedX needs the district to choose a delivery area (${where})`));
    const area = pickArea(await districtAreas(parcel.district), parcel.district, parcel.thana);
    if (!area) throw new CourierError('refused', oneLine(`RedX has no area for ${where}`));
    return area;
  }

  let pickupArea: { expiresAt: number; areaId: Promise<number | null> } | null = null;

  /** The area RedX picks the parcels up from: the configured store's, else the first store's. */
  function pickupAreaId(): Promise<number | null> {
    const at = now().getTime();
    if (pickupArea && pickupArea.expiresAt > at) return pickupArea.areaId;
    const areaId = (async () => {
      if (pickupStoreId !== null) {
        const json = await callOk('GET', `/pickup/store/info/${encodeURIComponent(String(pickupStoreId))}`);
        return integerOf(field(field(json, 'pickup_store'), 'area_id'));
      }
      const stores = field(await callOk('GET', '/pickup/stores'), 'pickup_stores');
      return Array.isArray(stores) && stores.length > 0 ? integerOf(field(stores[0], 'area_id')) : null;
    })();
    const entry = { expiresAt: at + areaTtlMs, areaId };
    pickupArea = entry;
    areaId.then(
      (id) => {
        if (id === null && pickupArea === entry) pickupArea = null;
      },
      () => {
        if (pickupArea === entry) pickupArea = null;
      },
    );
    return areaId;
  }

  const grams = (weightKg: number) => Math.max(1, Math.round((Number.isFinite(weightKg) && weightKg > 0 ? weightKg : defaultWeightKg) * 1000));

  async function book(parcel: ParcelRequest): Promise<Booking> {
    const area = await deliveryArea(parcel);
    const payload = {
      customer_name: parcel.recipientName,
      customer_phone: parcel.recipientPhone,
      delivery_area: area.name,
      delivery_area_id: area.id,
      customer_address: parcel.recipientAddress,
      merchant_invoice_id: String(parcel.orderNumber),
      cash_collection_amount: String(parcel.codAmount),
      parcel_weight: grams(parcel.weightKg),
      instruction: parcel.note.slice(0, 500),
      // The port carries no goods value: the cash to collect is the declared value (0 for a paid order).
      value: parcel.codAmount,
      is_closed_box: closedBox,
      parcel_details_json: [{ name: parcel.description.slice(0, 200), category: 'general', value: parcel.codAmount }],
      ...(pickupStoreId === null ? {} : { pickup_store_id: pickupStoreId }),
    };
    const result = await call('POST', '/parcel', { body: payload });
    if (result.failure) {
      if (result.failure.kind === 'duplicate') throw new CourierError('duplicate', oneLine(`RedX already has invoice ${parcel.orderNumber}: ${result.failure.message}`));
      throw result.failure;
    }
    const trackingId = stringOf(field(result.json, 'tracking_id'));
    if (!trackingId) throw new CourierError('retry', `RedX POST /parcel: HTTP ${result.status} without a tracking_id`);
    return { consignmentId: trackingId, trackingCode: trackingId, deliveryCharge: null };
  }

  return {
    name: 'redx',
    // RedX documents no refusal of a merchant_invoice_id it has: a booking whose answer never came is left to an admin.
    refusesDuplicates: false,

    async quote(parcel) {
      let area: RedxArea;
      try {
        area = await deliveryArea(parcel);
      } catch (error) {
        if (error instanceof CourierError && error.kind === 'refused') return null;
        throw error;
      }
      const pickup = await pickupAreaId();
      if (pickup === null) return null;
      const json = await callOk('GET', '/charge/charge_calculator', {
        query: { delivery_area_id: String(area.id), pickup_area_id: String(pickup), cash_collection_amount: String(parcel.codAmount), weight: String(grams(parcel.weightKg)) },
      });
      // RedX's delivery charge, as the parcel's `charge` later says it; its COD charge (`codCharge`) is the shop's cost, not a fee.
      const charge = numberOf(field(json, 'deliveryCharge'));
      return charge === null ? null : Math.ceil(charge);
    },

    book,

    async bookMany(parcels) {
      const results: Array<Booking | CourierError> = [];
      let stop: CourierError | null = null;
      for (const parcel of parcels) {
        // After a 401 or a 429/5xx, the next ones would fail alike: they are not sent, and say why.
        if (stop) {
          results.push(new CourierError(stop.kind, oneLine(`RedX: not sent after an earlier failure (${stop.message})`), stop.retryAfterSeconds));
          continue;
        }
        try {
          results.push(await book(parcel));
        } catch (error) {
          if (!(error instanceof CourierError)) throw error;
          results.push(error);
          if (error.kind === 'auth' || error.kind === 'retry') stop = error;
        }
      }
      return results;
    },

    async findBooking() {
      // RedX's OpenAPI has no lookup by merchant_invoice_id (and no parcel list).
      return null;
    },

    async status({ consignmentId, orderNumber }) {
      const id = encodeURIComponent(consignmentId);
      const parcel = field(await callOk('GET', `/parcel/info/${id}`), 'parcel');
      const tracking = field(await callOk('GET', `/parcel/track/${id}`), 'tracking');
      const word = stringOf(field(parcel, 'status')) ?? '';
      const deliveryType = stringOf(field(parcel, 'delivery_type'));
      const status = redxParcelStatus(word, deliveryType);
      const latest = latestTracking(tracking);
      return {
        consignmentId: stringOf(field(parcel, 'tracking_id')) ?? consignmentId,
        orderNumber: orderNumberOf(field(parcel, 'merchant_invoice_id')) ?? orderNumber,
        status,
        // RedX says only what is to be collected; once a regular parcel is delivered, that is what was collected.
        collectedAmount: status === 'delivered' || status === 'partly_delivered' ? wholeTaka(field(parcel, 'cash_collection_amount')) : null,
        deliveryCharge: wholeTaka(field(parcel, 'charge')),
        message: latest?.message ?? null,
        messageBn: latest?.messageBn ?? null,
        paid: word === 'paid' ? { reference: null, amount: null } : null,
        at: latest?.at ?? null,
      } satisfies CourierReport;
    },

    async cancel({ consignmentId }) {
      const result = await call('PATCH', '/parcels', {
        body: { entity_type: 'parcel-tracking-id', entity_id: consignmentId, update_details: { property_name: 'status', new_value: 'cancelled', reason: 'Cancelled by the shop' } },
      });
      const success = field(result.json, 'success');
      if (result.failure === null ? success !== false : success === true && result.failure.kind !== 'auth') return;
      if (result.failure) {
        if (result.failure.kind === 'refused' || result.failure.kind === 'duplicate') throw new CourierError('refused', oneLine(`RedX will not cancel ${consignmentId}: ${result.failure.message}`));
        throw result.failure;
      }
      throw new CourierError('refused', oneLine(`RedX will not cancel ${consignmentId}: ${messageOf(result.json) ?? 'it did not say success'}`));
    },

    readWebhook({ headers, body }): WebhookReading {
      try {
        const presented = headers[redxWebhookTokenHeader];
        if (!presented) return { kind: 'refused', reason: 'RedX webhook without its ?token=' };
        if (!timingSafeEqual(digest(presented), webhookDigest)) return { kind: 'refused', reason: 'RedX webhook with a wrong ?token=' };
      } catch {
        return { kind: 'refused', reason: 'RedX webhook token unreadable' };
      }
      try {
        const json = parseJson(body);
        if (typeof json !== 'object' || json === null || Array.isArray(json)) return { kind: 'invalid', reason: 'RedX webhook body is not a JSON object' };
        const trackingNumber = stringOf(field(json, 'tracking_number'));
        const word = stringOf(field(json, 'status'));
        if (!trackingNumber || trackingNumber.length > 64) return { kind: 'invalid', reason: 'RedX webhook without a tracking_number' };
        if (!word) return { kind: 'invalid', reason: 'RedX webhook without a status' };
        const report: CourierReport = {
          consignmentId: trackingNumber,
          orderNumber: orderNumberOf(field(json, 'invoice_number')),
          status: redxParcelStatus(word, stringOf(field(json, 'delivery_type'))),
          collectedAmount: null,
          deliveryCharge: null,
          message: textOf(field(json, 'message_en')),
          messageBn: textOf(field(json, 'message_bn')),
          paid: word === 'paid' ? { reference: null, amount: null } : null,
          at: dateOf(field(json, 'timestamp')),
        };
        return { kind: 'reports', reports: [report], status: 200, headers: { 'content-type': 'application/json' }, body: { success: true } };
      } catch {
        return { kind: 'invalid', reason: 'RedX webhook unreadable' };
      }
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? oneLine(value, 500) : null;
}

function numberOf(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

function integerOf(value: unknown): number | null {
  const number = numberOf(value);
  return number !== null && Number.isInteger(number) ? number : null;
}

function wholeTaka(value: unknown): number | null {
  const number = numberOf(value);
  return number === null || number < 0 ? null : Math.round(number);
}

/** Our order numbers are what we sent as merchant_invoice_id: digits only. */
function orderNumberOf(value: unknown): number | null {
  const text = stringOf(value);
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** An ISO time, or epoch seconds / milliseconds. */
function dateOf(value: unknown): Date | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : null;
  const date = number !== null ? new Date(number < 1e12 ? number * 1000 : number) : typeof value === 'string' ? new Date(value) : null;
  return date && Number.isFinite(date.getTime()) ? date : null;
}

function latestTracking(tracking: unknown): { message: string | null; messageBn: string | null; at: Date | null } | null {
  if (!Array.isArray(tracking) || tracking.length === 0) return null;
  let latest: { message: string | null; messageBn: string | null; at: Date | null } | null = null;
  for (const entry of tracking) {
    const line = { message: textOf(field(entry, 'message_en')), messageBn: textOf(field(entry, 'message_bn')), at: dateOf(field(entry, 'time')) };
    // Later entries win ties and undated ones: RedX lists them oldest first.
    if (!latest || !latest.at || !line.at || line.at.getTime() >= latest.at.getTime()) latest = line;
  }
  return latest;
}

function areasOf(json: unknown): RedxArea[] {
  const list = field(json, 'areas');
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const id = integerOf(field(entry, 'id'));
    const name = stringOf(field(entry, 'name'));
    return id !== null && name !== null ? [{ id, name, zoneId: integerOf(field(entry, 'zone_id')) }] : [];
  });
}

/** What a RedX error answer says: `message`, else the first of `errors`, bounded. */
function messageOf(json: unknown): string | null {
  const message = field(json, 'message') ?? field(json, 'error');
  if (typeof message === 'string' && message.trim()) return oneLine(message, 120);
  const errors = field(json, 'errors');
  const first = Array.isArray(errors) ? errors[0] : typeof errors === 'object' && errors !== null ? Object.values(errors)[0] : undefined;
  const text = Array.isArray(first) ? first[0] : first;
  return typeof text === 'string' && text.trim() ? oneLine(text, 120) : null;
}

function retryAfterSeconds(header: string | null, at: Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - at.getTime()) / 1000)) : null;
}

/** One line, bounded (a CourierError's message is kept and shown to admins). */
function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

// Names: RedX spells districts the old way (Chittagong, Comilla...); the shop may use either.
const spellingGroups: ReadonlyArray<readonly [redx: string, ...others: string[]]> = [
  ['Chittagong', 'Chattogram'],
  ['Comilla', 'Cumilla'],
  ['Jessore', 'Jashore'],
  ['Bogra', 'Bogura'],
  ['Barisal', 'Barishal'],
  ['Norshingdi', 'Narsingdi', 'Narshingdi'],
  ['Perojpur', 'Pirojpur'],
  ['Laksmipur', 'Lakshmipur', 'Laxmipur'],
  ['Khagrachari', 'Khagrachhari'],
  ['Jhalokathi', 'Jhalokati', 'Jhalakathi'],
  ['Chapai Nawabganj', 'Chapainawabganj', 'Chapai Nababganj'],
  ['Netrokona', 'Netrakona'],
  ["Cox's Bazar", 'Coxs Bazar', 'Coxsbazar'],
  ['Moulvibazar', 'Maulvibazar', 'Moulvi Bazar'],
];

const plainWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Each other spelling, as one word, -> RedX's spelling as one word (and a thana's word spelled two ways). */
const wordSpelling = new Map([
  ...spellingGroups.flatMap(([redx, ...others]) => others.map((other) => [plainWords(other).join(''), plainWords(redx).join('')] as const)),
  ['nababganj', 'nawabganj'] as const,
]);

/** A name's words, lower-cased, punctuation gone, each spelled RedX's way. */
const nameWords = (text: string) => plainWords(text).map((word) => wordSpelling.get(word) ?? word);
/** A name compared without case, spaces, punctuation or spelling: "Chattogram" and "chittagong" are one. */
const nameKey = (text: string) => nameWords(text).join('');

const redxDistrictName = new Map(spellingGroups.map(([redx]) => [nameKey(redx), redx] as const));

/** The district's names to ask /areas for: RedX's spelling first, then the shop's. */
function districtSpellings(district: string): string[] {
  const shop = district.trim();
  const redx = redxDistrictName.get(nameKey(shop));
  return redx && redx.toLowerCase() !== shop.toLowerCase() ? [redx, shop] : [shop];
}

/**
 * The thana's area among the district's: the area of that name ("Kotwali (Chittagong)" for Kotwali),
 * else an area within it ("Adabor(Mohammadpur)"), else one whose name starts with it ("Mirpur DOHS").
 * Without a thana: the district's Sadar area. Null when none fits.
 */
function pickArea(areas: readonly RedxArea[], district: string, thana: string | null): RedxArea | null {
  const named = areas.map((area) => {
    const head = nameWords(area.name.split('(')[0] ?? '');
    return { area, head, headKey: head.join(''), innerKey: nameKey(/\(([^)]*)\)/.exec(area.name)?.[1] ?? '') };
  });
  if (thana?.trim()) {
    const words = nameWords(thana);
    const key = words.join('');
    if (!key) return null;
    return (
      named.find((n) => n.headKey === key)?.area ??
      named.find((n) => n.innerKey === key)?.area ??
      named.find((n) => n.head.length > words.length && words.every((word, i) => n.head[i] === word))?.area ??
      null
    );
  }
  const districtKey = nameKey(district);
  return named.find((n) => n.headKey === `${districtKey}sadar`)?.area ?? named.find((n) => n.headKey === districtKey)?.area ?? null;
}
