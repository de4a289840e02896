import type { Answer } from '../../../lib/api/contracts';

// The wire types of the payments contract (src/modules/payments/adapters/http.ts, issue 35), as the
// pay page and the admin's order page use them.

/** GET /api/orders/:id/payment (owner or admin): the order's advance and its latest payment. */
export type OrderPayment = Answer<'get /orders/:id/payment'>;
/** An order's advance by bKash, as every order of the API carries it. */
export type Advance = OrderPayment['advance'];
export type AdvanceStatus = Advance['status'];
/** Where the latest payment asked of bKash stands. */
export type PaymentAttempt = NonNullable<OrderPayment['latest']>;
/** A payment started at bKash: where to send the browser (POST /api/orders/:id/payment). */
export type PaymentStarted = Answer<'post /orders/:id/payment'>;

/** Every payments query starts with this key. */
export const paymentsQueryKeyRoot = ['payments'] as const;
