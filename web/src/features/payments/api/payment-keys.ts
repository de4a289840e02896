import type { Answer } from '../../../lib/api/contracts';

// The wire types of the payments contract (issue 35), as the pay page and the admin's order page use them.
// GET and POST /api/orders/:id/payment and POST /api/orders/:id/refund were not on main yet when these
// pages were written: typed here by hand after the contract the server's engineer gave (see the report
// of issue 35's web part), until the typed client (decision 052) has them.

/** An order's advance by bKash, as every order of the API carries it. */
export type Advance = NonNullable<Answer<'get /orders/:id'>['advance']>;
export type AdvanceStatus = Advance['status'];

/** Where the latest payment asked of bKash stands. */
export type PaymentAttempt = {
  state: 'created' | 'completed' | 'failed' | 'canceled';
  /** bKash's words (or the shop's) about it, English. */
  message: string | null;
  at: string;
};

/** GET /api/orders/:id/payment (owner or admin): the order's advance and its latest payment. */
export type OrderPayment = {
  orderId: string;
  orderNumber: number;
  total: number;
  /** What is left for the courier to collect once the advance is paid. */
  payOnDelivery: number;
  advance: Advance;
  latest: PaymentAttempt | null;
  attempts: number;
  maxAttempts: number;
  /** Another payment may be started (the order waits, its hold runs, attempts are left). */
  canRetry: boolean;
};

/** A payment started at bKash: where to send the browser. */
export type PaymentStarted = { payment: { provider: 'bkash'; redirectUrl: string; amount: number; holdUntil: string } };

/** Every payments query starts with this key. */
export const paymentsQueryKeyRoot = ['payments'] as const;
