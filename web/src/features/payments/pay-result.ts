import type { OrderPayment } from './api/payment-keys';

/** What bKash's return to the shop said, as the server's callback puts it in the pay page's address (?result=). */
export const PAY_RESULTS = ['paid', 'canceled', 'failed', 'pending', 'expired', 'unavailable', 'unknown'] as const;
export type PayResult = (typeof PAY_RESULTS)[number];

/** The address's ?result=: null when there is none, `unknown` for a word this page does not know. */
export function readResult(raw: string | null): PayResult | null {
  if (raw === null || raw === '') return null;
  return (PAY_RESULTS as readonly string[]).includes(raw) ? (raw as PayResult) : 'unknown';
}

/** bKash's code for a payment refused for want of money in the wallet. */
export const INSUFFICIENT_BALANCE = '2023';

/** What the pay page says, one of its messages (`payments.result.<this>`). */
export type PayMessage =
  | 'paid'
  | 'late'
  | 'canceled'
  | 'failed'
  | 'failedBalance'
  | 'pending'
  | 'stillPending'
  | 'expired'
  | 'unavailable'
  | 'unknown'
  | 'awaiting';

type Facts = {
  /** The address's ?result= (readResult). */
  result: PayResult | null;
  /** The address's ?code=: bKash's code of a failure. */
  code: string | null;
  /** The order's payment as the server says it now; null when there is none to show (no order, not found). */
  payment: Pick<OrderPayment, 'advance' | 'latest'> | null;
  /** Checks of a pending payment are still to come. */
  checksLeft: boolean;
  now: number;
};

/**
 * Which message the pay page shows. The order's advance as the server has it now comes first: paid
 * (or refunded) is paid, late when it came after the hold had lapsed; expired is expired. While the
 * order awaits its advance, the address says how bKash's page ended (canceled, failed, unavailable,
 * pending: checked again and again, then "still pending"); with no word there, the latest payment
 * does. A hold whose time has passed reads as expired (the shop's worker lapses it soon).
 */
export function payMessage({ result, code, payment, checksLeft, now }: Facts): PayMessage {
  if (!payment) return 'unknown';
  const { advance, latest } = payment;
  if (advance.status === 'paid' || advance.status === 'refunded') return advance.late ? 'late' : 'paid';
  if (advance.status === 'expired') return 'expired';
  const failed = code === INSUFFICIENT_BALANCE ? 'failedBalance' : 'failed';
  const open = latest === null || latest.state === 'created' || latest.state === 'completed';
  if (result === 'pending' || result === 'paid' || (result === null && latest?.state === 'completed')) {
    // bKash said success (or nothing sure) and the order still waits: asked again, a few times.
    if (open) return checksLeft ? 'pending' : 'stillPending';
  }
  if (Date.parse(advance.holdUntil) <= now) return 'expired';
  switch (result) {
    case 'canceled':
    case 'unavailable':
    case 'expired':
    case 'unknown':
      return result;
    case 'failed':
      return failed;
    default:
      // No word in the address (or one the latest payment contradicts): the latest payment says.
      if (latest?.state === 'canceled') return 'canceled';
      if (latest?.state === 'failed') return failed;
      return 'awaiting';
  }
}

/** Whether "Try again" is offered: the order still awaits its advance, the server allows another payment, and none is being checked. */
export function offersRetry(message: PayMessage, payment: Pick<OrderPayment, 'advance' | 'canRetry'> | null): boolean {
  if (!payment || payment.advance.status !== 'awaiting' || !payment.canRetry) return false;
  return message === 'canceled' || message === 'failed' || message === 'failedBalance' || message === 'unavailable' || message === 'awaiting';
}
