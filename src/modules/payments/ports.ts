/**
 * The payments module's ports (issue 35, decision 061). A payment provider is a port with one
 * adapter per provider (bKash Tokenized Checkout today), its base URL a setting; the tests point
 * it at a local server that speaks the same protocol (tests/support/payments/).
 *
 * Amounts are whole taka: the shop prices in whole taka (src/shared/money.ts).
 */

export const paymentProviders = ['bkash'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** A payment created at the provider: the shopper is sent to `redirectUrl` to pay. */
export type StartedPayment = {
  /** The provider's id for this payment (bKash's paymentID). */
  paymentId: string;
  /** The provider's hosted page (bKash's bkashURL). */
  redirectUrl: string;
};

/**
 * Where a payment stands, as the provider answers an execute or a status call.
 * - completed: the money is taken; `trxId` is the provider's transaction id.
 * - initiated: created, not paid (the shopper has not finished, or left).
 * - failed: the provider refused it (insufficient balance, wrong PIN...); `code`/`message` its words.
 * - canceled: the shopper canceled it on the hosted page (when the provider can tell).
 */
export type PaymentResult =
  | { status: 'completed'; paymentId: string; trxId: string; amount: number; payer: string | null; at: Date | null }
  | { status: 'initiated'; paymentId: string }
  | { status: 'failed' | 'canceled'; paymentId: string; code: string | null; message: string };

/** A refund the provider made. */
export type RefundResult = { refundTrxId: string; amount: number; at: Date | null };

/**
 * Why a call did not work. `retry`: the provider is down, slow (a time-out) or answered 5xx: try
 * again later. `auth`: the keys are wrong: an admin must fix the settings. `refused`: the provider
 * refuses this call (its code and message say why: 2023 insufficient balance, 2056 invalid payment
 * state...): trying again will not help. `uncertain` (with any kind): the provider may have carried
 * the call out all the same (the request went out, no answer came back in time).
 */
export type PaymentErrorKind = 'retry' | 'auth' | 'refused';

export class PaymentError extends Error {
  constructor(
    readonly kind: PaymentErrorKind,
    /** One line, no secrets, at most ~200 characters (shown to admins, logged). */
    message: string,
    /** The provider's error code (bKash's statusCode / errorCode, e.g. "2023"), when it gave one. */
    readonly code: string | null = null,
    readonly uncertain: boolean = false,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** A payment provider's merchant API. Every call is bounded by a time-out and throws PaymentError on failure. */
export type PaymentGateway = {
  readonly name: PaymentProviderName;
  /**
   * Creates a payment of `amount` taka for the shop's invoice (the order number, unique per
   * attempt: "10001-2" for a second attempt), which the shopper pays on the provider's page and
   * comes back from to `callbackUrl` (with the provider's query parameters).
   */
  create(input: { invoice: string; amount: number; payerReference: string; callbackUrl: string }): Promise<StartedPayment>;
  /**
   * Completes a payment the shopper approved (bKash's execute): the money is taken only now. A
   * payment completed already (bKash 2062) is answered as completed (from a status call), never as
   * a failure; an unsure answer (time-out, 2056 invalid state) is settled by a status call before
   * anything is believed.
   */
  execute(paymentId: string): Promise<PaymentResult>;
  /** Where the payment stands now (bKash's payment/status). */
  status(paymentId: string): Promise<PaymentResult>;
  /** Refunds `amount` taka of a completed payment, with a reason the provider keeps. */
  refund(input: { paymentId: string; trxId: string; amount: number; reason: string; sku: string }): Promise<RefundResult>;
  /** A refund made already for this payment, or null (bKash answers the refund call without an amount with the refund's status). */
  refundStatus(input: { paymentId: string; trxId: string }): Promise<RefundResult | null>;
};
