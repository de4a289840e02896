import { exchange, shortReason, SmsSendError, type SmsSender } from './sms-sender.js';

export type WebhookSmsSenderOptions = {
  /** SMS_WEBHOOK_URL. */
  url: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

/**
 * The generic webhook (SMS_PROVIDER=webhook): POST `{ "to": "+8801…", "message": "…" }` as JSON
 * to SMS_WEBHOOK_URL; any 2xx answer means sent, anything else (another status, no answer within
 * the timeout, a refused connection) is a failure to try again later. A small relay of the
 * shop's own (or a service such as an SMS app on a phone) turns it into a real SMS.
 */
export function createWebhookSmsSender({ url, timeoutMs = 10_000, fetch = globalThis.fetch }: WebhookSmsSenderOptions): SmsSender {
  const target = new URL(url);
  return {
    kind: 'webhook',
    async send(to, message) {
      const { status, text } = await exchange(
        fetch,
        target,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/plain' }, body: JSON.stringify({ to, message }) },
        timeoutMs,
        'SMS webhook',
      );
      if (status < 200 || status > 299) throw new SmsSendError(shortReason(`SMS webhook answered HTTP ${status}${text ? `: ${text.slice(0, 80)}` : ''}`));
    },
  };
}
