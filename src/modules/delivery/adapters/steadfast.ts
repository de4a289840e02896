import { createHash, timingSafeEqual } from 'node:crypto';
import { CourierError, type Booking, type Courier, type CourierReport, type ParcelRequest, type ParcelStatus, type WebhookReading, type WebhookRequest } from '../ports.js';
import { isObject, parseJson, shortLine } from '../../../platform/http/answer-text.js';
import { readCapped } from '../../../platform/http/read-capped.js';

/**
 * Steadfast Courier (portal.packzy.com, formerly portal.steadfast.com.bd), through its merchant API.
 *
 * Sources followed (read, not copied):
 * - Steadfast's own "API Documentation V1" (a published Google Doc; copies in the repositories
 *   jakir-hossen-4928/dreamer-shop steadfastapidocs.md, and with the return-request and payment
 *   sections as a markdown copy quoted in several shop repositories), and the package Steadfast's
 *   developers publish, steadfast-it/SteadFast-Courier-Laravel-Package (src/SteadfastCourier.php,
 *   config/steadfast-courier.php, README.md).
 * - The TypeScript client shahria7k/steadfast-courier (src/services/*.ts, src/types/order.ts,
 *   src/types/webhook.ts, src/webhooks/verifier.ts, src/webhooks/responses.ts, src/constants.ts).
 * - The merchant portal's "Webhook Integration" page (Callback URL + "Auth Token (Bearer)"), as
 *   quoted by shops, and one shop's capture of live webhooks (2026) with a `return_status` type.
 *
 * The protocol as they show it. Every call carries the headers `Api-Key`, `Secret-Key` and
 * `Content-Type: application/json`; the base is https://portal.packzy.com/api/v1.
 * - POST /create_order {invoice (unique, [A-Za-z0-9_-]), recipient_name (<= 100), recipient_phone
 *   (11 digits), recipient_address (<= 250), cod_amount (>= 0, taka), note?, item_description?,
 *   total_lot?, delivery_type? (0 home, 1 Steadfast hub pick-up), alternative_phone?, recipient_email?}
 *   -> {status: 200, message, consignment: {consignment_id, invoice, tracking_code, recipient_*,
 *   cod_amount, status: "in_review", note, created_at, updated_at}}. No weight, district or thana
 *   field exists: the address carries them, and the weight is not sent.
 * - POST /create_order/bulk-order {data: "<JSON-encoded array of such items, at most 500>"} -> an
 *   array of {invoice, recipient_*, cod_amount: "0.00", note, consignment_id, tracking_code,
 *   status: "success" | "error"}; "if there is any error in data" the array comes wrapped as
 *   {data: [...]}, and an item's error carries no reason. Sources differ on `data`: the docs'
 *   example and Steadfast's own package send a JSON string (json_encode), others send the array;
 *   we send the string, as Steadfast's own code does.
 * - GET /status_by_cid/{id}, /status_by_invoice/{invoice}, /status_by_trackingcode/{code}
 *   -> {status: 200, delivery_status}. The invoice lookup answers a status, not a consignment.
 * - POST /create_return_request {consignment_id | invoice | tracking_code, reason?} asks for a
 *   delivered parcel to come back (statuses pending/approved/processing/completed/cancelled): it
 *   is not a cancel, and there is no cancel call at all (nor a price call).
 * - Refusals, as shops met them (the portal is Laravel): wrong keys HTTP 401 {"message":
 *   "Unauthenticated."}; validation errors, the duplicate invoice among them, HTTP 200 (or 400/422)
 *   with {status: 400, message?, errors: {invoice: ["The invoice has already been taken."]}}.
 * - Webhook: POST to the callback URL set in the portal with `Authorization: Bearer <the auth token
 *   set there>` and JSON {notification_type: "delivery_status" | "tracking_update" | "return_status",
 *   consignment_id, invoice (may be null), status (delivery_status only: pending, delivered,
 *   partial_delivered, cancelled, unknown; the docs' example writes "Delivered"), cod_amount,
 *   delivery_charge, tracking_message, updated_at: "YYYY-MM-DD HH:MM:SS"}. The shop answers 200
 *   {"status": "success", "message": "Webhook received successfully."}.
 *
 * The adapter keeps nothing between calls: no token (the keys go on every request), no cache.
 */

/**
 * Steadfast's status words (its docs' "Delivery Statuses" table) in the shop's terms.
 *
 * | Steadfast                            | docs                                   | shop             |
 * | ------------------------------------ | -------------------------------------- | ---------------- |
 * | in_review                            | placed, waiting to be reviewed         | booked           |
 * | pending                              | not delivered or cancelled yet         | booked           |
 * | hold                                 | held                                   | null             |
 * | delivered_approval_pending           | delivered, waiting for admin approval  | delivered        |
 * | delivered                            | delivered, balance added               | delivered        |
 * | partial_delivered_approval_pending   | partly delivered, waiting for approval | partly_delivered |
 * | partial_delivered                    | partly delivered, balance added        | partly_delivered |
 * | cancelled_approval_pending           | cancelled, waiting for approval        | returned         |
 * | cancelled                            | cancelled, balance updated             | returned         |
 * | unknown_approval_pending, unknown    | ask Steadfast's support                | null             |
 *
 * `pending` is not `in_transit`: live webhooks show it sent when Steadfast accepts the parcel,
 * before it is received at a hub, so it says nothing of a pick-up. Steadfast has no word for
 * picked up or on the way; its tracking_update messages ("received at MIRPUR WAREHOUSE") say it
 * in free text, which we show but do not parse. A cancelled cash-on-delivery parcel comes back
 * to the merchant, hence `returned`. The approval-pending words are what the rider did, before
 * Steadfast's accounts approve it. Words are read case-blind with spaces as underscores.
 */
const statusTable: Readonly<Record<string, { status: ParcelStatus | null; meaning: string }>> = {
  in_review: { status: 'booked', meaning: 'Order is placed and waiting to be reviewed.' },
  pending: { status: 'booked', meaning: 'Consignment is not delivered or cancelled yet.' },
  hold: { status: null, meaning: 'Consignment is held.' },
  delivered_approval_pending: { status: 'delivered', meaning: 'Consignment is delivered but waiting for admin approval.' },
  delivered: { status: 'delivered', meaning: 'Consignment is delivered and balance added.' },
  partial_delivered_approval_pending: { status: 'partly_delivered', meaning: 'Consignment is delivered partially and waiting for admin approval.' },
  partial_delivered: { status: 'partly_delivered', meaning: 'Consignment is partially delivered and balance added.' },
  cancelled_approval_pending: { status: 'returned', meaning: 'Consignment is cancelled and waiting for admin approval.' },
  cancelled: { status: 'returned', meaning: 'Consignment is cancelled and balance updated.' },
  unknown_approval_pending: { status: null, meaning: 'Unknown pending status: Steadfast support must be asked.' },
  unknown: { status: null, meaning: 'Unknown status: Steadfast support must be asked.' },
};

/** The shop's status for a Steadfast word; null for a word that moves nothing or is not in the table. */
export function steadfastParcelStatus(word: string): ParcelStatus | null {
  return entryOf(word)?.status ?? null;
}

function entryOf(word: string): { status: ParcelStatus | null; meaning: string } | null {
  const key = word.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return Object.hasOwn(statusTable, key) ? (statusTable[key] ?? null) : null;
}

export type SteadfastCourierOptions = {
  /** STEADFAST_API_KEY and STEADFAST_SECRET_KEY, from the merchant portal's API settings. */
  apiKey: string;
  secretKey: string;
  /** STEADFAST_BASE_URL: `https://portal.packzy.com/api/v1` (tests point it at a local server). */
  baseUrl?: string;
  /** STEADFAST_WEBHOOK_TOKEN: the "Auth Token (Bearer)" set beside the callback URL in the portal. Unset: every webhook is refused. */
  webhookToken?: string | null;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** The clock, for a Retry-After given as a date (Steadfast has no tokens to expire). */
  now?: () => Date;
  /** delivery_type: 0 home delivery (the default), 1 the recipient collects at a Steadfast hub. */
  deliveryType?: 0 | 1;
};

/** Steadfast's bulk order takes at most this many items; a longer list goes in several calls. */
const bulkLimit = 500;
/**
 * Items a bulk order refused (it gives no reason) are booked again one by one, which tells a
 * duplicate invoice from a bad field (and books one refused for a passing reason). At most this
 * many per bookMany, so one bad batch cannot turn into hundreds of calls; the rest are `retry`.
 */
const maxSingleFollowUps = 25;
/** An answer larger than this is not read (a 500-item bulk answer is about 200 KB). */
const maxAnswerBytes = 1024 * 1024;

export function createSteadfastCourier({
  apiKey,
  secretKey,
  baseUrl = 'https://portal.packzy.com/api/v1',
  webhookToken = null,
  timeoutMs = 10_000,
  fetch = globalThis.fetch,
  now = () => new Date(),
  deliveryType = 0,
}: SteadfastCourierOptions): Courier {
  if (!apiKey || !secretKey) throw new Error('Steadfast needs an API key and a secret key');
  const base = new URL(baseUrl.replace(/\/+$/, ''));
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error(`Steadfast URL must be http(s): ${base.origin}`);
  const root = base.href.replace(/\/+$/, '');
  const expectedToken = webhookToken ? sha256(webhookToken) : null;
  /**
   * One line, no keys, at most ~200 characters (ports.ts: kept in last_error, shown to admins).
   * Steadfast's keys are 20-odd characters; one under 6 is no secret worth garbling every word for.
   */
  const scrub = (text: string, key: string, label: string) => (key.length >= 6 ? text.split(key).join(label) : text);
  const line = (text: string) => shortLine(scrub(scrub(text, apiKey, '[api key]'), secretKey, '[secret key]'));

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      // One signal for the request and the body: a server that stalls mid-answer times out too.
      response = await fetch(`${root}${path}`, {
        method,
        headers: { 'Api-Key': apiKey, 'Secret-Key': secretKey, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const capped = await readCapped(response, maxAnswerBytes);
      if (capped === null) throw new CourierError('retry', `Steadfast's answer is larger than ${maxAnswerBytes} bytes`);
      text = capped;
    } catch (error) {
      if (error instanceof CourierError) throw error;
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new CourierError('retry', `Steadfast: no answer within ${timeoutMs} ms`, null, true);
      }
      const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
      const why = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
      throw new CourierError('retry', line(`Steadfast (${base.host}) could not be reached: ${why}`));
    }
    return { httpStatus: response.status, body: parseJson(text), retryAfter: response.headers.get('retry-after') };
  }

  /** The CourierError an answer stands for (HTTP status first, then the body's own `status`), or null when it is not a refusal. */
  function failureOf(answer: Answer, what: string): CourierError | null {
    const { httpStatus, body } = answer;
    const bodyStatus = statusIn(body);
    const reasons = reasonsIn(body);
    if (httpStatus === 401 || httpStatus === 403 || bodyStatus === 401 || bodyStatus === 403) {
      return new CourierError('auth', `Steadfast refused the API key or secret key (HTTP ${httpStatus}${bodyStatus && bodyStatus !== httpStatus ? `, status ${bodyStatus}` : ''})`);
    }
    if (httpStatus === 429 || bodyStatus === 429) {
      const seconds = retryAfterSeconds(answer.retryAfter, now());
      return new CourierError('retry', `Steadfast: too many requests${seconds !== null ? `, try again in ${seconds} s` : ''}`, seconds);
    }
    if (httpStatus >= 500 || (bodyStatus !== null && bodyStatus >= 500)) {
      return new CourierError('retry', line(`Steadfast answered HTTP ${httpStatus}${bodyStatus && bodyStatus !== httpStatus ? ` (status ${bodyStatus})` : ''}${reasons ? `: ${reasons}` : ''}`));
    }
    if ((httpStatus >= 400 && httpStatus <= 499) || (bodyStatus !== null && bodyStatus >= 400 && bodyStatus <= 499)) {
      if (/invoice/i.test(reasons) && /taken|already|exist|duplicate/i.test(reasons)) {
        return new CourierError('duplicate', line(`Steadfast already has ${what}: ${reasons}`));
      }
      if (httpStatus === 404 || bodyStatus === 404) return new CourierError('refused', line(`Steadfast knows no ${what}${reasons ? `: ${reasons}` : ''}`));
      return new CourierError('refused', line(`Steadfast refused ${what}: ${reasons || `HTTP ${httpStatus}${bodyStatus !== null ? `, status ${bodyStatus}` : ''}`}`));
    }
    if (httpStatus < 200 || httpStatus > 299) return new CourierError('retry', `Steadfast answered HTTP ${httpStatus}`);
    return null;
  }

  function orderOf(parcel: ParcelRequest): Record<string, unknown> {
    const order: Record<string, unknown> = {
      invoice: String(parcel.orderNumber),
      recipient_name: oneLine(parcel.recipientName),
      recipient_phone: elevenDigits(parcel.recipientPhone),
      recipient_address: oneLine(parcel.recipientAddress),
      cod_amount: Math.max(0, Math.round(parcel.codAmount)),
      total_lot: parcel.itemCount,
      delivery_type: deliveryType,
    };
    if (parcel.note.trim()) order.note = oneLine(parcel.note);
    if (parcel.description.trim()) order.item_description = oneLine(parcel.description);
    return order;
  }

  async function book(parcel: ParcelRequest): Promise<Booking> {
    const what = `invoice ${parcel.orderNumber}`;
    const answer = await call('POST', '/create_order', orderOf(parcel));
    const failure = failureOf(answer, what);
    if (failure) throw failure;
    const consignment = objectAt(answer.body, 'consignment');
    const booking = consignment ? bookingIn(consignment) : null;
    // A 200 that names no consignment leaves it open whether the parcel was booked: trying
    // again is safe (the invoice is unique), and answers `duplicate` if it was.
    if (!booking) throw new CourierError('retry', `Steadfast's answer for ${what} named no consignment`);
    return booking;
  }

  async function bookChunk(parcels: readonly ParcelRequest[], followUps: { left: number }): Promise<Array<Booking | CourierError>> {
    let answer: Answer;
    try {
      answer = await call('POST', '/create_order/bulk-order', { data: JSON.stringify(parcels.map(orderOf)) });
    } catch (error) {
      return parcels.map(() => asCourierError(error));
    }
    const failure = failureOf(answer, `a bulk order of ${parcels.length} parcels`);
    if (failure) return parcels.map(() => new CourierError(failure.kind, failure.message, failure.retryAfterSeconds));
    const items = Array.isArray(answer.body) ? answer.body : arrayAt(answer.body, 'data');
    // Matched by invoice (our order number), so an answer in another order or missing an item
    // still pairs each parcel with its own result.
    const byInvoice = new Map<string, Record<string, unknown>[]>();
    for (const item of items ?? []) {
      if (!isObject(item)) continue;
      const invoice = scalarText(item.invoice);
      if (invoice === null) continue;
      const same = byInvoice.get(invoice);
      if (same) same.push(item);
      else byInvoice.set(invoice, [item]);
    }
    const results: Array<Booking | CourierError> = [];
    for (const parcel of parcels) {
      const item = byInvoice.get(String(parcel.orderNumber))?.shift();
      const booking = item && scalarText(item.status)?.toLowerCase() === 'success' ? bookingIn(item) : null;
      if (booking) {
        results.push(booking);
        continue;
      }
      const reason = item ? reasonsIn(item) : '';
      if (/invoice/i.test(reason) && /taken|already|exist|duplicate/i.test(reason)) {
        results.push(new CourierError('duplicate', line(`Steadfast already has invoice ${parcel.orderNumber}: ${reason}`)));
      } else if (reason) {
        results.push(new CourierError('refused', line(`Steadfast refused invoice ${parcel.orderNumber}: ${reason}`)));
      } else if (followUps.left > 0) {
        // Refused without a reason (or left out of the answer): booking it alone says why.
        followUps.left -= 1;
        results.push(await book(parcel).catch(asCourierError));
      } else {
        results.push(new CourierError('retry', `Steadfast's bulk order did not book invoice ${parcel.orderNumber} and gave no reason; book it again`));
      }
    }
    return results;
  }

  return {
    name: 'steadfast',
    // "The invoice has already been taken." (its API docs and Laravel package): a booking may be tried again.
    refusesDuplicates: true,

    /** Steadfast publishes no price call: the shop's own fee stands. */
    async quote() {
      return null;
    },

    book,

    /**
     * Steadfast's bulk order, 500 at a time. Never throws: a call that failed as a whole gives its
     * CourierError to each of its parcels, so a later failed batch cannot hide an earlier one's bookings.
     */
    async bookMany(parcels) {
      const followUps = { left: maxSingleFollowUps };
      const results: Array<Booking | CourierError> = [];
      for (let start = 0; start < parcels.length; start += bulkLimit) {
        results.push(...(await bookChunk(parcels.slice(start, start + bulkLimit), followUps)));
      }
      return results;
    },

    /**
     * Steadfast's invoice lookup answers only a delivery status in its docs, so this is null for
     * it; should an answer ever name the consignment (with its tracking code, and this invoice if
     * it names one), that booking is returned. A consignment's webhooks name it too.
     */
    async findBooking(orderNumber) {
      const answer = await call('GET', `/status_by_invoice/${encodeURIComponent(String(orderNumber))}`);
      if (answer.httpStatus === 404 || statusIn(answer.body) === 404) return null;
      const failure = failureOf(answer, `invoice ${orderNumber}`);
      if (failure) throw failure;
      const candidate = objectAt(answer.body, 'consignment') ?? objectAt(answer.body, 'data') ?? (isObject(answer.body) ? answer.body : null);
      if (!candidate) return null;
      const invoice = scalarText(candidate.invoice);
      if (invoice !== null && invoice !== String(orderNumber)) return null;
      return bookingIn(candidate);
    },

    async status({ consignmentId, orderNumber }) {
      const answer = await call('GET', `/status_by_cid/${encodeURIComponent(consignmentId)}`);
      const failure = failureOf(answer, `consignment ${consignmentId}`);
      if (failure) throw failure;
      const word = isObject(answer.body) ? scalarText(answer.body.delivery_status) : null;
      if (!word) throw new CourierError('retry', `Steadfast's answer for consignment ${consignmentId} named no delivery_status`);
      const known = entryOf(word);
      return {
        consignmentId,
        orderNumber,
        status: known?.status ?? null,
        collectedAmount: null,
        deliveryCharge: null,
        message: line(known ? `Steadfast: ${known.meaning}` : `Steadfast status: ${word}`),
        messageBn: null,
        paid: null,
        at: null,
      };
    },

    /**
     * Steadfast's API has no cancel (its return request is for a delivered parcel to come back):
     * a booking is cancelled by hand in the merchant portal.
     */
    async cancel() {
      throw new CourierError('refused', 'Steadfast has no cancel call: cancel it in the Steadfast portal');
    },

    readWebhook(request: WebhookRequest): WebhookReading {
      try {
        return readWebhook(request, expectedToken, line);
      } catch {
        return { kind: 'invalid', reason: 'the webhook could not be read' };
      }
    },
  };
}

type Answer = { httpStatus: number; body: unknown; retryAfter: string | null };

function readWebhook(request: WebhookRequest, expectedToken: Buffer | null, line: (text: string) => string): WebhookReading {
  if (!expectedToken) return { kind: 'refused', reason: 'no Steadfast webhook token is set (STEADFAST_WEBHOOK_TOKEN)' };
  const authorization = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S.*)$/i.exec(authorization.trim())?.[1]?.trim();
  if (!token) return { kind: 'refused', reason: 'no Bearer token' };
  // Equal-length digests, compared in constant time: neither the token nor its length leaks.
  if (!timingSafeEqual(sha256(token), expectedToken)) return { kind: 'refused', reason: 'wrong Bearer token' };

  let payload: unknown;
  try {
    payload = JSON.parse(request.body);
  } catch {
    return { kind: 'invalid', reason: 'the body is not JSON' };
  }
  if (!isObject(payload)) return { kind: 'invalid', reason: 'the body is not a JSON object' };
  const type = scalarText(payload.notification_type);
  if (!type) return { kind: 'invalid', reason: 'no notification_type' };
  const consignmentId = scalarText(payload.consignment_id);
  const invoice = scalarText(payload.invoice);
  const orderNumber = invoice !== null && /^\d{1,15}$/.test(invoice) ? Number(invoice) : null;
  if (consignmentId === null && orderNumber === null) return { kind: 'invalid', reason: 'neither a consignment_id nor an invoice of ours' };
  const trackingMessage = scalarText(payload.tracking_message);

  let status: ParcelStatus | null = null;
  let collectedAmount: number | null = null;
  let deliveryCharge: number | null = null;
  let message = trackingMessage;
  if (type === 'delivery_status') {
    const word = scalarText(payload.status);
    if (!word) return { kind: 'invalid', reason: 'a delivery_status without a status' };
    const known = entryOf(word);
    status = known?.status ?? null;
    // cod_amount is the parcel's cash on delivery on every status; it was collected only on these.
    if (status === 'delivered' || status === 'partly_delivered') collectedAmount = taka(payload.cod_amount);
    deliveryCharge = taka(payload.delivery_charge);
    message ??= known ? known.meaning : `Steadfast status: ${word}`;
  }
  // tracking_update, return_status and any later type: the words for the timeline, no move.
  const report: CourierReport = {
    consignmentId,
    orderNumber,
    status,
    collectedAmount,
    deliveryCharge,
    message: message === null ? null : line(message),
    messageBn: null,
    paid: null,
    at: dhakaDate(payload.updated_at),
  };
  return {
    kind: 'reports',
    reports: [report],
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: { status: 'success', message: 'Webhook received successfully.' },
  };
}

/** Retry-After as seconds (a number of seconds, or an HTTP date), else null. */
function retryAfterSeconds(value: string | null, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/**
 * A webhook's updated_at, "YYYY-MM-DD HH:MM:SS" without a zone: Steadfast's clock is Bangladesh
 * time (UTC+6, no summer time). A value with its own zone (ISO) keeps it.
 */
function dhakaDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00', fraction = '', zone = '+06:00'] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A consignment as Steadfast names it (create_order's `consignment`, a bulk item): its id and tracking code. */
function bookingIn(item: Record<string, unknown>): Booking | null {
  const consignmentId = scalarText(item.consignment_id);
  const trackingCode = scalarText(item.tracking_code);
  if (!consignmentId || !trackingCode) return null;
  return { consignmentId, trackingCode, deliveryCharge: null };
}

/** The body's own `status` (Steadfast answers HTTP 200 with {status: 400, ...}), as a number. */
function statusIn(body: unknown): number | null {
  if (!isObject(body)) return null;
  const value = typeof body.status === 'number' ? body.status : typeof body.status === 'string' && /^\d{3}$/.test(body.status) ? Number(body.status) : null;
  return value;
}

/** Steadfast's words for a refusal: `message` and every `errors` entry ({field: [messages]}), joined. */
function reasonsIn(body: unknown): string {
  if (!isObject(body)) return '';
  const parts: string[] = [];
  for (const key of ['message', 'error'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) parts.push(value.trim());
  }
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.trim()) parts.push(value.trim());
    else if (Array.isArray(value)) value.forEach(collect);
    else if (isObject(value)) Object.values(value).forEach(collect);
  };
  collect(body.errors);
  return [...new Set(parts)].join(' ').slice(0, 400);
}

function asCourierError(error: unknown): CourierError {
  if (error instanceof CourierError) return error;
  return new CourierError('retry', shortLine(`Steadfast: ${error instanceof Error ? error.message : String(error)}`));
}

const objectAt = (value: unknown, key: string) => (isObject(value) && isObject(value[key]) ? (value[key] as Record<string, unknown>) : null);
const arrayAt = (value: unknown, key: string) => (isObject(value) && Array.isArray(value[key]) ? (value[key] as unknown[]) : null);

/** A string or a finite number as trimmed text; anything else (null, objects) is null. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  return null;
}

/** An amount Steadfast writes as 1500, 1500.00 or "0.00", in whole taka; null when it is none. */
function taka(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();


/** 01XXXXXXXXX as Steadfast wants it, from that form or +8801XXXXXXXXX. */
function elevenDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 13 && digits.startsWith('880') ? digits.slice(2) : digits;
}
