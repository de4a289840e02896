import { createPollingLoop } from '../../../platform/polling-loop.js';
import { expireHolds, type PaymentsDeps } from '../use-cases.js';

/** Holds looked at per turn: a full batch runs the next turn at once. */
const batch = 50;

/**
 * Lets unpaid holds lapse (issue 35): every `pollMs`, the orders whose PAYMENT_HOLD_MINUTES ran out
 * unpaid are asked about at bKash once more and then expire, giving their stock back. Every shop
 * process runs one; the order's log decides once (a second expiry appends nothing).
 */
export function createHoldWorker(deps: PaymentsDeps & { pollMs: number }) {
  return createPollingLoop<number>({
    pollMs: deps.pollMs,
    turn: () => expireHolds(deps, batch),
    empty: () => 0,
    again: (looked) => looked >= batch,
    onError: (e) => deps.logger.error('payments: the hold worker failed', { reason: e instanceof Error ? e.message : String(e) }),
  });
}
