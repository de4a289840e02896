import { exchange, isLoopbackHost, shortReason, SmsSendError, type SmsSender } from './sms-sender.js';

/**
 * BulkSMSBD (bulksmsbd.net), a Bangladeshi SMS gateway, through its documented HTTP API:
 * https://bulksmsbd.com/bulksms-api-bangladesh.php ("Single SMS API").
 *
 *   POST (or GET) http://bulksmsbd.net/api/smsapi
 *        api_key=<API key>&type=text&number=88017XXXXXXXX&senderid=<approved sender id>&message=<text>
 *
 * The numbers are written 8801XXXXXXXXX (no "+"). The gateway answers JSON such as
 * `{"response_code":202,"message_id":…,"success_message":"SMS Submitted Successfully","error_message":""}`;
 * 202 is the only success code, every other is a failure named by the table below (the docs'
 * "Error Success Code & Meaning"), e.g. `{"response_code":1007,"error_message":"Balance Insufficient"}`.
 * We send the form as POST, so the API key is never in a URL (nor in a log line or error).
 */
const bulkSmsBdCodes: Readonly<Record<number, string>> = {
  202: 'SMS Submitted Successfully',
  1002: 'sender id not correct/sender id is disabled',
  1003: 'Please Required all fields/Contact Your System Administrator',
  1005: 'Internal Error',
  1006: 'Balance Validity Not Available',
  1007: 'Balance Insufficient',
  1011: 'User Id not found',
  1012: 'Masking SMS must be sent in Bengali',
  1013: 'Sender Id has not found Gateway by api key',
  1014: 'Sender Type Name not found using this sender by api key',
  1015: 'Sender Id has not found Any Valid Gateway by api key',
  1016: 'Sender Type Name Active Price Info not found by this sender id',
  1017: 'Sender Type Name Price Info not found by this sender id',
  1018: 'The Owner of this (username) Account is disabled',
  1019: 'The (sender type name) Price of this (username) Account is disabled',
  1020: 'The parent of this account is not found.',
  1021: 'The parent active (sender type name) price of this account is not found.',
};

const bulkSmsBdSuccess = 202;

export type BulkSmsBdSenderOptions = {
  apiKey: string;
  senderId: string;
  /** BULKSMSBD_API_URL: the API's base, `http://bulksmsbd.net/api` (tests point it at a local server). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

export function createBulkSmsBdSender({ apiKey, senderId, baseUrl = 'http://bulksmsbd.net/api', timeoutMs = 10_000, fetch = globalThis.fetch }: BulkSmsBdSenderOptions): SmsSender {
  if (!apiKey || !senderId) throw new Error('BulkSMSBD needs an API key and a sender id');
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/smsapi`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`BulkSMSBD URL must be http(s): ${url.origin}`);
  const scrub = (text: string) => text.split(apiKey).join('[api key]');
  return {
    kind: 'bulksmsbd',
    async send(to, message) {
      const form = new URLSearchParams({ api_key: apiKey, type: 'text', number: to.replace(/^\+/, ''), senderid: senderId, message });
      const { status, text } = await exchange(
        fetch,
        url,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form.toString() },
        timeoutMs,
        `BulkSMSBD (${isLoopbackHost(url.hostname) ? url.host : url.hostname})`,
      );
      const code = responseCode(text);
      if (status >= 200 && status <= 299 && code === bulkSmsBdSuccess) return;
      if (code !== null) {
        const meaning = bulkSmsBdCodes[code] ?? errorMessageOf(text) ?? 'unknown code';
        throw new SmsSendError(shortReason(scrub(`BulkSMSBD code ${code}: ${meaning}`)));
      }
      throw new SmsSendError(shortReason(scrub(`BulkSMSBD answered HTTP ${status} without a response code`)));
    },
  };
}

/** The answer's `response_code` (a number or a numeric string), or a bare numeric body; else null. */
function responseCode(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{3,4}$/.test(trimmed)) return Number(trimmed);
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    if (typeof parsed === 'object' && parsed !== null && 'response_code' in parsed) {
      const code = Number((parsed as { response_code: unknown }).response_code);
      return Number.isInteger(code) ? code : null;
    }
  } catch {
    // not JSON
  }
  return null;
}

function errorMessageOf(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { error_message?: unknown };
    return typeof parsed.error_message === 'string' && parsed.error_message ? parsed.error_message.slice(0, 80) : null;
  } catch {
    return null;
  }
}
