import type { Logger } from '../logger.js';

/**
 * Sends one text message. Resolves once the gateway accepted it; throws an SmsSendError with a
 * short reason (no secrets, no response bodies beyond a few words) when it did not, so the caller
 * can keep the reason and try again later.
 */
export type SmsSender = {
  readonly kind: 'log' | 'webhook' | 'bulksmsbd';
  /** `to` is a normalised Bangladeshi mobile number, +8801XXXXXXXXX. */
  send(to: string, message: string): Promise<void>;
};

export class SmsSendError extends Error {}

/** A reason kept in the outbox and shown to admins: one line, bounded. */
export const shortReason = (text: string, max = 200): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
};

/**
 * SMS_PROVIDER=none: the message is written to the server log instead of being sent, as the log
 * mailer does without SMTP_URL. Fine for trying the shop, not for running it.
 */
export function createLogSmsSender(logger: Logger): SmsSender {
  return {
    kind: 'log',
    async send(to, message) {
      logger.info('sms (not sent: SMS_PROVIDER is none)', { to, message });
    },
  };
}

export const isLoopbackHost = (hostname: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

/** One exchange with a gateway: the status and at most `maxBody` characters of the answer, within the timeout. */
export async function exchange(
  fetchFn: typeof globalThis.fetch,
  url: URL | string,
  init: RequestInit,
  timeoutMs: number,
  describeTarget: string,
): Promise<{ status: number; text: string }> {
  try {
    // One signal for the request and the body: a server that stalls mid-answer times out too.
    const response = await fetchFn(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, text: text.slice(0, 4096) };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new SmsSendError(`${describeTarget}: no answer within ${timeoutMs} ms`);
    }
    const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
    const why = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
    throw new SmsSendError(shortReason(`${describeTarget}: ${why}`));
  }
}
