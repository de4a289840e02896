import { RecordSourceError, type CourierRecord, type CourierRecordSource, type RecordErrorKind } from '../ports.js';
import { isObject, parseJson, shortLine, wordsIn } from '../../../platform/http/answer-text.js';
import { readCapped } from '../../../platform/http/read-capped.js';

/**
 * Steadfast Courier's fraud check (portal.packzy.com, formerly portal.steadfast.com.bd): the parcels
 * every Steadfast merchant booked to a phone number, and how many were delivered or cancelled.
 *
 * Sources followed (read, not copied). Steadfast's published "API Documentation V1" (the copy in
 * jakir-hossen-4928/dreamer-shop steadfastapidocs.md) has no fraud check; it is known from clients:
 * - partho018/Fraud-Check-for-WooCommerce (includes/class-sfc-api.php, readme.txt): GET
 *   /fraud_check/{phone} under /api/v1 with the `Api-Key` and `Secret-Key` headers, the phone as
 *   01XXXXXXXXX; HTTP 429 when the merchant's daily search limit is spent; a 404 it reads as "no
 *   history" (it also tries portal.steadfast.com.bd/api/v1, the old host of the same API).
 * - A markdown copy of Steadfast's docs extended with "6. Fraud Check" (search index file
 *   69693155019, repository not named by the index): `GET /fraud_check/{phone}` ->
 *   {total_parcels: 17, total_delivered: 7, total_cancelled: 10, total_fraud_reports: 0}.
 * - A shop's integration plan written against live answers (index file 58735516556, plugin
 *   "woo-smart-automation"): {status: 200, total_parcels, total_delivered, total_cancelled,
 *   current (searches used today), limit (the daily allowance), error: null | "<why>" when the
 *   limit is exceeded}, HTTP 401 for wrong keys, 0 parcels for a phone with no history.
 * - Several shops' TypeScript and PHP clients (index files 56116620552, 56166281020, 62933098964,
 *   71189426304) read the same three fields, numbers or numeric strings, some under `data`, and
 *   take a body with `message` or `error` as "rate-limited or an error on Steadfast's side".
 * One public client calls a newer GET /fraud_check/score/{phone} (delivery_ratio,
 * cancellation_ratio, volume_band): ratios, not counts, so it is not used here.
 *
 * The protocol as this adapter speaks it: GET <base>/fraud_check/<01XXXXXXXXX> with `Api-Key`,
 * `Secret-Key`, `Content-Type: application/json` and `Accept: application/json` (base
 * https://portal.packzy.com/api/v1, the courier adapter's STEADFAST_BASE_URL) -> 200
 * {status: 200, total_parcels, total_delivered, total_cancelled, ...}. `total_parcels` counts
 * parcels still on the way too, so it may exceed delivered + cancelled; a cancelled
 * cash-on-delivery parcel is one that came back (`returned`).
 *
 * Refusals: HTTP (or the body's own `status`) 401/403 -> `auth`; 429, 5xx, a time-out, an
 * unreachable host, an answer over 64 KiB, a body with `error` or `message` and no figures, or
 * figures that are not counts (negative, fractional, not numbers) -> `retry`; other 4xx -> `refused`
 * (a 404 too: sources differ on whether it means "no history", and the fake answers zeros).
 * The adapter keeps nothing between calls (the module caches records for a day).
 */

export type SteadfastRecordOptions = {
  /** STEADFAST_BASE_URL: `https://portal.packzy.com/api/v1` (tests point it at a local server). */
  baseUrl?: string;
  /** STEADFAST_API_KEY and STEADFAST_SECRET_KEY: the same keys the courier adapter books with. */
  apiKey: string;
  secretKey: string;
  /** How long one look-up may take, the whole answer read (default 5 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

/** A record is three numbers: an answer larger than this is not a record. */
const maxAnswerBytes = 64 * 1024;

export function createSteadfastRecordSource({
  baseUrl = 'https://portal.packzy.com/api/v1',
  apiKey,
  secretKey,
  timeoutMs = 5_000,
  fetch = globalThis.fetch,
}: SteadfastRecordOptions): CourierRecordSource {
  if (!apiKey || !secretKey) throw new Error('Steadfast needs an API key and a secret key');
  const base = new URL(baseUrl.replace(/\/+$/, ''));
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error(`Steadfast URL must be http(s): ${base.origin}`);
  const root = base.href.replace(/\/+$/, '');
  // Steadfast's keys are 20-odd characters; one under 6 is no secret worth garbling every word for.
  const scrub = (text: string, key: string, label: string) => (key.length >= 6 ? text.split(key).join(label) : text);
  const line = (text: string) => shortLine(scrub(scrub(text, apiKey, '[api key]'), secretKey, '[secret key]'));
  const fail = (kind: RecordErrorKind, text: string) => new RecordSourceError(kind, line(text));

  return {
    name: 'steadfast',

    async lookup(phone: string): Promise<CourierRecord> {
      if (!/^01\d{9}$/.test(phone)) throw new RecordSourceError('refused', 'Steadfast: the phone must be 11 digits, 01XXXXXXXXX');
      let response: Response;
      let text: string;
      try {
        // One signal for the request and the body: a server that stalls mid-answer times out too.
        response = await fetch(`${root}/fraud_check/${phone}`, {
          method: 'GET',
          headers: { 'Api-Key': apiKey, 'Secret-Key': secretKey, 'Content-Type': 'application/json', Accept: 'application/json' },
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const capped = await readCapped(response, maxAnswerBytes);
        if (capped === null) throw new RecordSourceError('retry', `Steadfast's fraud check answer is larger than ${maxAnswerBytes} bytes`);
        text = capped;
      } catch (error) {
        if (error instanceof RecordSourceError) throw error;
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new RecordSourceError('retry', `Steadfast: no fraud check answer within ${timeoutMs} ms`);
        }
        const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
        const why = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
        throw fail('retry', `Steadfast (${base.host}) could not be reached: ${why}`);
      }

      const body = parseJson(text);
      const httpStatus = response.status;
      const bodyStatus = statusIn(body);
      const reason = wordsIn(body, ['error', 'message', 'errors']);
      const said = `HTTP ${httpStatus}${bodyStatus !== null && bodyStatus !== httpStatus ? `, status ${bodyStatus}` : ''}${reason ? `: ${reason}` : ''}`;
      const either = (test: (status: number) => boolean) => test(httpStatus) || (bodyStatus !== null && test(bodyStatus));
      if (either((s) => s === 401 || s === 403)) throw fail('auth', `Steadfast refused the API key or secret key (${said})`);
      if (either((s) => s === 429)) throw fail('retry', `Steadfast: too many fraud checks (${said})`);
      if (either((s) => s >= 500)) throw fail('retry', `Steadfast answered ${said}`);
      if (either((s) => s >= 400 && s <= 499)) throw fail('refused', `Steadfast refused the fraud check (${said})`);
      if (httpStatus < 200 || httpStatus > 299) throw fail('retry', `Steadfast answered ${said}`);

      const figures = isObject(body) && isObject(body.data) ? body.data : body;
      if (!isObject(figures) || !('total_delivered' in figures || 'total_cancelled' in figures || 'total_parcels' in figures)) {
        // No figures: the daily limit's {error: "..."}, or not an answer of Steadfast's at all.
        throw fail('retry', reason ? `Steadfast's fraud check gave no record: ${reason}` : "Steadfast's fraud check answer is not a record");
      }
      if (reason && isObject(body) && typeof body.error === 'string') throw fail('retry', `Steadfast's fraud check: ${reason}`);
      const delivered = count(figures.total_delivered);
      const returned = count(figures.total_cancelled);
      // total_parcels may be left out (some clients add the two up); when given it must be a count.
      const given = figures.total_parcels === undefined || figures.total_parcels === null ? 0 : count(figures.total_parcels);
      if (delivered === null || returned === null || given === null) {
        throw fail('retry', "Steadfast's fraud check answer has figures that are not counts");
      }
      // total_parcels also counts parcels on the way; never fewer than those that ended.
      const total = Math.max(given, delivered + returned);
      return {
        source: 'steadfast',
        total,
        delivered,
        returned,
        couriers: total > 0 ? [{ courier: 'steadfast', total, delivered, returned }] : [],
      };
    },
  };
}

/** A count as Steadfast writes it, 7 or "7"; null for anything else (missing, negative, fractional, NaN, an object). */
function count(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
}


/** The body's own `status` (Steadfast's portal answers {status: 200, ...}), as a number. */
function statusIn(body: unknown): number | null {
  if (!isObject(body)) return null;
  if (typeof body.status === 'number' && Number.isInteger(body.status)) return body.status;
  return typeof body.status === 'string' && /^\d{3}$/.test(body.status) ? Number(body.status) : null;
}



