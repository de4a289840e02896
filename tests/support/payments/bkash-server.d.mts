/** bKash's words for the codes the fake answers with. */
export const bkashCodes: Readonly<Record<string, string>>;

/** A payment as the fake keeps it: create's fields as bKash took them, and where it stands. */
export type BkashFakePayment = {
  paymentID: string;
  mode: string;
  payerReference: string;
  callbackURL: string;
  /** As it was sent: a string ("1250.00") or a number. */
  amount: string | number;
  currency: string;
  intent: string;
  merchantInvoiceNumber: string;
  /** bKash's word: Initiated, Completed, Failed or Cancelled. */
  transactionStatus: string;
  /** What the shopper did on the hosted page, null before. */
  approval: 'success' | 'failure' | 'cancel' | null;
  failureReason: string | null;
  signature: string;
  trxID: string | null;
  customerMsisdn: string | null;
  paymentCreateTime: string;
  paymentExecuteTime: string | null;
  /** Execute calls received, the refused ones too. */
  executions: number;
  refunds: Array<{ refundTrxID: string; amount: string; sku: string; reason: string; completedTime: string }>;
};

/** An API request as the fake logs it (newest last): which credentials matched, the body with secrets redacted. */
export type BkashFakeRequest = {
  method: string;
  path: string;
  /** Token calls only: whether the header matched (null on the other calls). */
  username: boolean | null;
  password: boolean | null;
  /** Other calls only: whether X-APP-Key matched. */
  appKey: boolean | null;
  /** Other calls only: how the Authorization header stood. */
  authorization: 'token' | 'bearer' | 'missing' | 'unknown' | 'expired' | null;
  body: Record<string, unknown> | undefined;
};

export function startBkashServer(options: {
  port: number;
  appKey?: string;
  appSecret?: string;
  username?: string;
  password?: string;
  /** expires_in of the tokens granted (default 3600, bKash's hour). */
  tokenLifetimeSeconds?: number;
  /** The payer execute names (default a sandbox wallet, 01770618575). */
  customerMsisdn?: string;
}): Promise<{
  port: number;
  /** http://127.0.0.1:<port>: the hosted page is /checkout/pay, the control routes live under /_control/. */
  origin: string;
  /** The API base (…/v1.2.0-beta), as BKASH_BASE_URL would be set. */
  url: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  payments(): BkashFakePayment[];
  close(): Promise<void>;
}>;
