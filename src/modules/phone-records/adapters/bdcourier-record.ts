import { RecordSourceError, type CourierRecord, type CourierRecordSource, type CourierTally, type RecordErrorKind } from '../ports.js';
import { isObject, parseJson, shortLine, wordsIn } from '../../../platform/http/answer-text.js';
import { readCapped } from '../../../platform/http/read-capped.js';

/**
 * BD Courier (bdcourier.com), a paid service that gathers a phone number's record at the
 * Bangladeshi couriers (Pathao, Steadfast, RedX, Paperfly, ParcelDex, CarryBee...) behind one API key.
 *
 * Sources followed (read, not copied):
 * - BD Courier's API documentation page, as transcribed from its PDF into markdown in a public
 *   repository (search index file 71310204388, "BD Courier API Documentation", repository not named
 *   by the index): base https://api.bdcourier.com, `POST /courier-check`, headers `Authorization:
 *   Bearer <key>` and `Content-Type: application/json`, body {phone: "017xxxxxxxx"}; answer
 *   {status: "success", data: {pathao: {name, logo, total_parcel, success_parcel, cancelled_parcel,
 *   success_ratio}, steadfast, parceldex, courierfast, redx, paperfly, carrybee, summary:
 *   {total_parcel, success_parcel, cancelled_parcel, success_ratio}, reports: [{id, name, details,
 *   created_at, courierLogo, courierName}]}}; the same page lists "Courier Check (Legacy)", "Check
 *   Connection" and "My Plan" without detail. Its own advice for settings: BDCOURIER_API_URL,
 *   BDCOURIER_API_KEY.
 * - Shops' clients in public code (index files 57384048134, 69497383843, 62467606696, 67169524260,
 *   70329817068): the same call; success is `status === "success"`; 401 wrong key, 403 also met
 *   from the service's Cloudflare, 429 its rate limit; refusals carry `message` (or `error`) with
 *   `status: "error"`; the older free endpoint https://bdcourier.com/api/courier-check (index files
 *   2899698923, 14336362523, 12520853411: `?phone=` in the query) answered the couriers under
 *   `courierData` instead of `data`, with `reports` beside it; a shop's note (index file 55118658182)
 *   says the free endpoint stopped working once the free quota was used and the paid plan needs
 *   api.bdcourier.com. The counts come as numbers; success_ratio is a percentage, not used here.
 *
 * The protocol as this adapter speaks it: POST <base>/courier-check, Bearer key, JSON {phone}
 * (01XXXXXXXXX) -> 200 {status: "success", data: {...}} (or `courierData`, or the couriers at the
 * top, as older answers had them). Each courier's success_parcel is `delivered`, its
 * cancelled_parcel `returned`; `summary` gives the totals when present, else the couriers are added
 * up. Couriers with no parcels at all are left out of `couriers`; fraud `reports` are not kept.
 *
 * Refusals: HTTP 401/403 -> `auth`; 429, 5xx, a time-out, an unreachable host, an answer over
 * 64 KiB, an answer that is not a record or whose counts are not counts (negative, fractional, not
 * numbers) -> `retry`; other 4xx -> `refused`; HTTP 200 with `status` other than "success" is read
 * by its words: a key -> `auth`, a limit or quota -> `retry`, anything else -> `refused`.
 * The adapter keeps nothing between calls (the module caches records for a day).
 */

export type BdCourierRecordOptions = {
  /** BDCOURIER_API_URL: `https://api.bdcourier.com` (tests point it at a local server). */
  baseUrl?: string;
  /** BDCOURIER_API_KEY: the key from the BD Courier account's API page. */
  apiKey: string;
  /** How long one look-up may take, the whole answer read (default 5 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

/** Seven couriers' figures and a few reports take 2 KB: an answer larger than this is not a record. */
const maxAnswerBytes = 64 * 1024;
/** Keys of the answer's object that are not couriers. */
const notCouriers = new Set(['summary', 'reports', 'status', 'message', 'error', 'phone']);

export function createBdCourierRecordSource({ baseUrl = 'https://api.bdcourier.com', apiKey, timeoutMs = 5_000, fetch = globalThis.fetch }: BdCourierRecordOptions): CourierRecordSource {
  if (!apiKey) throw new Error('BD Courier needs an API key');
  const base = new URL(baseUrl.replace(/\/+$/, ''));
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error(`BD Courier URL must be http(s): ${base.origin}`);
  const root = base.href.replace(/\/+$/, '');
  const line = (text: string) => shortLine(apiKey.length >= 6 ? text.split(apiKey).join('[api key]') : text);
  const fail = (kind: RecordErrorKind, text: string) => new RecordSourceError(kind, line(text));

  return {
    name: 'bdcourier',

    async lookup(phone: string): Promise<CourierRecord> {
      if (!/^01\d{9}$/.test(phone)) throw new RecordSourceError('refused', 'BD Courier: the phone must be 11 digits, 01XXXXXXXXX');
      let response: Response;
      let text: string;
      try {
        // One signal for the request and the body: a server that stalls mid-answer times out too.
        response = await fetch(`${root}/courier-check`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ phone }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const capped = await readCapped(response, maxAnswerBytes);
        if (capped === null) throw new RecordSourceError('retry', `BD Courier's answer is larger than ${maxAnswerBytes} bytes`);
        text = capped;
      } catch (error) {
        if (error instanceof RecordSourceError) throw error;
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new RecordSourceError('retry', `BD Courier: no answer within ${timeoutMs} ms`);
        }
        const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
        const why = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
        throw fail('retry', `BD Courier (${base.host}) could not be reached: ${why}`);
      }

      const body = parseJson(text);
      const status = response.status;
      const reason = wordsIn(body, ['message', 'error', 'errors']);
      const said = `HTTP ${status}${reason ? `: ${reason}` : ''}`;
      if (status === 401 || status === 403) throw fail('auth', `BD Courier refused the API key (${said})`);
      if (status === 429) throw fail('retry', `BD Courier: too many look-ups (${said})`);
      if (status >= 500) throw fail('retry', `BD Courier answered ${said}`);
      if (status >= 400 && status <= 499) throw fail('refused', `BD Courier refused the look-up (${said})`);
      if (status < 200 || status > 299) throw fail('retry', `BD Courier answered ${said}`);

      if (isObject(body) && typeof body.status === 'string' && body.status.toLowerCase() !== 'success') {
        if (/key|token|unauthori[sz]ed|unauthenticated/i.test(reason)) throw fail('auth', `BD Courier refused the API key: ${reason}`);
        if (/limit|quota|too many|exceed|plan|subscription/i.test(reason)) throw fail('retry', `BD Courier: ${reason}`);
        throw fail('refused', `BD Courier refused the look-up: ${reason || body.status}`);
      }

      const figures = figuresIn(body);
      if (!figures) throw fail('retry', "BD Courier's answer is not a record");
      const couriers: CourierTally[] = [];
      for (const [key, value] of Object.entries(figures)) {
        if (notCouriers.has(key.toLowerCase()) || !isObject(value)) continue;
        const tally = tallyOf(value);
        if (!tally) throw fail('retry', `BD Courier's figures for ${key.slice(0, 40)} are not counts`);
        if (tally.total > 0) couriers.push({ courier: key.toLowerCase().slice(0, 40), ...tally });
      }
      let totals: { total: number; delivered: number; returned: number };
      if (isObject(figures.summary)) {
        const summary = tallyOf(figures.summary);
        if (!summary) throw fail('retry', "BD Courier's summary figures are not counts");
        totals = summary;
      } else {
        totals = couriers.reduce((sum, c) => ({ total: sum.total + c.total, delivered: sum.delivered + c.delivered, returned: sum.returned + c.returned }), { total: 0, delivered: 0, returned: 0 });
      }
      return { source: 'bdcourier', ...totals, couriers };
    },
  };
}

/** The object holding the couriers and the summary: `data`, `data.courierData`, `courierData`, or the answer itself. */
function figuresIn(body: unknown): Record<string, unknown> | null {
  if (!isObject(body)) return null;
  const candidates = [isObject(body.data) && isObject(body.data.courierData) ? body.data.courierData : null, body.data, body.courierData, body];
  for (const candidate of candidates) {
    if (isObject(candidate) && (isObject(candidate.summary) || Object.values(candidate).some((v) => isObject(v) && 'total_parcel' in v))) return candidate;
  }
  return null;
}

/** One courier's (or the summary's) counts; null when any is missing or not a count. */
function tallyOf(value: Record<string, unknown>): { total: number; delivered: number; returned: number } | null {
  const total = count(value.total_parcel);
  const delivered = count(value.success_parcel);
  const returned = count(value.cancelled_parcel);
  if (total === null || delivered === null || returned === null) return null;
  // A total below the parcels that ended is the source's slip; never fewer than those.
  return { total: Math.max(total, delivered + returned), delivered, returned };
}

/** A count, 12 or "12"; null for anything else (missing, negative, fractional, NaN, an object). */
function count(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
}




