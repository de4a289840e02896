import { PaymentError, type PaymentGateway, type PaymentResult, type RefundResult, type StartedPayment } from '../ports.js';
import { readCapped } from '../../../platform/http/read-capped.js';

/**
 * bKash Tokenized Checkout ("checkout URL", mode 0011: no agreement), through its merchant API.
 * BKASH_BASE_URL: the sandbox https://tokenized.sandbox.bka.sh/v1.2.0-beta or the live
 * https://tokenized.pay.bka.sh/v1.2.0-beta.
 *
 * Sources followed (read, not copied):
 * - bKash's own WooCommerce plugin, bKash-developer/bKash-for-woocommerce (2023):
 *   includes/classes/ApiComm.php (base URL `https://tokenized.{sandbox|pay}.bka.sh/<version>/
 *   tokenized/checkout/`, the headers, every body, execute settled by a status query when it is
 *   not a clean 200, refund and refund status on one route), ProcessPayments.php (the callback's
 *   `paymentID`, `status`, `apiVersion`; cancel and failure words), PaymentGatewaybKash.php (a live
 *   refund answer quoted in a comment). Its older sample bKash-developer/pgw-merchant-backend-php
 *   (php/token.php, executepayment.php) sends the headers the same way.
 * - karim-007/laravel-bkash-tokenize (src/Payment/TBBaseApi.php, TBPayment.php, TBRefund.php,
 *   src/Traits/Helpers.php, Readme.md: sample create, execute, status and refund answers, and the
 *   callback query `paymentID=..&status=success&apiVersion=1.2.0-beta`), and its pull requests 5-7
 *   (bKash asks merchants not to grant a token per request; a token lives an hour).
 * - NawabHost/bkash-tokenized-checkout-for-whmcs (modules/gateways/bkashtokenized.php: bKash's
 *   code table "2001 Invalid App Key" ... "2069", "503 System is undergoing maintenance";
 *   callback/bkashtokenized.php: execute, then status when execute names no transactionStatus).
 * - ShejanMahamud/bkash-js (src/types/types.ts: the grant, create and execute answers, the
 *   {errorCode, errorMessage} shape), dibakarsutradhar/bkash-rs (src/error.rs: codes 2071-2082 for
 *   refunds, 2116/2117, 2127; src/models/common.rs: the transactionStatus words), and captured live
 *   answers quoted in shops' code: create's `successCallbackURL ...&signature=k3YOrG8qy6` (one
 *   signature for all three outcomes), callbacks ending `&signature=..&apiVersion=1.2.0-beta/`.
 * - bkash-pgw.vercel.app/docs (a copy of bKash's integration guide: "API timeout of 30 seconds").
 * - mdmehedyhasanmiraz/insilicology-2 docs/BKASH_TROUBLESHOOTING.md (a shop's log: wrong credentials
 *   answered 403 {"message":"Forbidden"} on grant, create and execute alike).
 *
 * The protocol as they show it. Every call is a POST of JSON with `Accept: application/json`.
 * - `/tokenized/checkout/token/grant` with headers `username`, `password` and body {app_key,
 *   app_secret} -> {statusCode: "0000", statusMessage: "Successful", id_token, token_type: "Bearer",
 *   expires_in: 3600, refresh_token}. `/tokenized/checkout/token/refresh` takes {app_key,
 *   app_secret, refresh_token} with the same headers and answers the same.
 * - Every other call sends `Authorization: <id_token>` (the bare token: bKash's own plugin and
 *   samples send no "Bearer "; bkash-rs does, and is the only one) and `X-APP-Key: <app_key>`.
 * - `/tokenized/checkout/create` {mode: "0011", payerReference, callbackURL, amount, currency: "BDT",
 *   intent: "sale", merchantInvoiceNumber} -> {statusCode: "0000", paymentID, bkashURL, callbackURL,
 *   successCallbackURL, failureCallbackURL, cancelledCallbackURL, amount, intent, currency,
 *   paymentCreateTime: "2023-01-23T02:16:57:784 GMT+0600", transactionStatus: "Initiated",
 *   merchantInvoiceNumber}. The amount is a decimal string in the python client and in WooCommerce
 *   ("100.00"), a bare number in the Laravel and WHMCS modules; we send the string with two decimals.
 * - The shopper pays on bkashURL and comes back to callbackURL with `paymentID`, `status` (success |
 *   failure | cancel), `signature` and `apiVersion`. Nothing public says how the signature is made
 *   (it is the same for the three outcomes), so the callback proves nothing: execute tells.
 * - `/tokenized/checkout/execute` {paymentID} -> {statusCode: "0000", paymentID, trxID,
 *   transactionStatus: "Completed", amount: "100" | "100.00", currency, intent, customerMsisdn,
 *   payerReference, merchantInvoiceNumber, paymentExecuteTime}. Called twice: 2062 "The payment has
 *   already been completed" (2117 "The payment execution has already been completed", 2068
 *   "Transaction has already been completed" in the same family); before the shopper approved: 2056
 *   "Invalid Payment State".
 * - `/tokenized/checkout/payment/status` {paymentID} -> {statusCode, paymentID, mode, amount,
 *   currency, intent, merchantInvoice, trxID?, transactionStatus, verificationStatus,
 *   paymentCreateTime, paymentExecuteTime?, payerReference} (no customerMsisdn in the samples).
 * - `/tokenized/checkout/payment/refund` {paymentID, amount, trxID, sku, reason} -> {statusCode,
 *   originalTrxID, refundTrxID, transactionStatus: "Completed", amount: "10.00", currency, charge,
 *   completedTime}; the same call with only {paymentID, trxID} answers the refund made already, or
 *   "invalid payment id" when there is none (bKash's plugin says so in its doc comment).
 * - Refusals come as HTTP 200 with {statusCode: "<code>", statusMessage} or the older {errorCode,
 *   errorMessage}. The gateway in front of bKash (AWS) answers a missing, wrong or expired token with
 *   401/403 {message: "Unauthorized" | "Forbidden"} before bKash sees the call.
 * - bKash publishes no list of transactionStatus words; the clients name Initiated, Completed,
 *   Authorized / Pending Authorized (authorize intent only), Cancelled, Expired, Declined, Failed.
 *
 * The adapter keeps one thing between calls: the token (one entry, in memory), granted on first use,
 * refreshed a little before it runs out, and granted again when bKash refuses it.
 */

export const bkashSandboxUrl = 'https://tokenized.sandbox.bka.sh/v1.2.0-beta';
export const bkashLiveUrl = 'https://tokenized.pay.bka.sh/v1.2.0-beta';

export type BkashGatewayOptions = {
  /** BKASH_BASE_URL, up to and with the version: bkashSandboxUrl or bkashLiveUrl (tests point it at a local server). */
  baseUrl: string;
  /** BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD from bKash's merchant integration portal. */
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** Each HTTP call's limit (bKash's guide says 30 s; the shop would rather ask again). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** The clock for the token's expiry (tests move it). */
  now?: () => Date;
};

/**
 * bKash's transactionStatus words in the shop's terms. Words we have not met are not guessed at:
 * the call answers `retry` naming the word, for an admin to look at.
 */
const statusWords: Readonly<Record<string, PaymentResult['status']>> = {
  completed: 'completed',
  initiated: 'initiated',
  // The authorize intent's states: money held, not taken. The shop sells with intent "sale".
  authorized: 'initiated',
  pending_authorized: 'initiated',
  cancelled: 'canceled',
  canceled: 'canceled',
  failed: 'failed',
  failure: 'failed',
  declined: 'failed',
  expired: 'failed',
};

/** The shop's status for a bKash transactionStatus word; null for a word not in the table. */
export function bkashPaymentStatus(word: string): PaymentResult['status'] | null {
  const key = word.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return Object.hasOwn(statusWords, key) ? (statusWords[key] ?? null) : null;
}

/** The payment is already completed: the answer is read from a status call, never taken as a failure. */
const alreadyCompleted = new Set(['2062', '2068', '2117']);
/** Invalid Payment State: not approved yet, or failed or canceled on the hosted page. A status call says which. */
const invalidState = '2056';
/**
 * Codes that say the payer could not pay (bKash's table: wrong OTP or PIN, limits, time-outs on its
 * page, insufficient balance, not a bKash or customer wallet, account states): execute answers them
 * as a failed payment, not as a refused call.
 */
const payerCodes = new Set(['2010', '2011', '2013', '2014', '2015', '2016', '2017', '2018', '2019', '2023', '2037', '2038', '2043', '2045', '2057', '2058', '2059']);
/** Invalid App Key: the keys are wrong, a new token will not help. */
const authCodes = new Set(['2001']);
/** "System is undergoing maintenance", and bKash's "Process failed" / "Exception occurred": try again later. */
const busyCodes = new Set(['503', '2003', '2020', '2024']);
/** Invalid Payment ID: what the refund call answers when the payment has no refund. */
const invalidPaymentId = '2002';

/** Answers larger than this are not read (bKash's largest answer, a status, is well under 2 KiB). */
const maxAnswerBytes = 64 * 1024;
/** bKash keeps sku and reason to 255 characters. */
const maxTextLength = 255;
/** Connection errors that happen before a request is written: bKash cannot have seen it. */
const beforeSending = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL', 'UND_ERR_CONNECT_TIMEOUT']);

type Token = { id: string; refresh: string | null; expiresAt: number; refreshAt: number };
type Body = Record<string, unknown>;

export function createBkashGateway(options: BkashGatewayOptions): PaymentGateway {
  const { appKey, appSecret, username, password, timeoutMs = 10_000, fetch: fetchFn = globalThis.fetch, now = () => new Date() } = options;
  if (!appKey || !appSecret || !username || !password) throw new Error('bKash needs an app key, an app secret, a username and a password');
  const base = new URL(options.baseUrl.replace(/\/+$/, '') + '/');
  if (base.protocol !== 'https:' && !(base.protocol === 'http:' && isLoopbackHost(base.hostname))) {
    throw new Error(`bKash URL must be https (http only on a loopback address): ${base.origin}`);
  }
  const target = `bKash (${isLoopbackHost(base.hostname) ? base.host : base.hostname})`;

  let token: Token | null = null;
  let tokenPending: Promise<Token> | null = null;

  /** One line, no secrets, at most ~200 characters (ports.ts: shown to admins, logged). */
  const line = (text: string): string => {
    let out = text;
    for (const secret of [appSecret, password, appKey, username, token?.id, token?.refresh]) {
      if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
    }
    return oneLine(out);
  };
  const fail = (kind: PaymentError['kind'], message: string, code: string | null = null, uncertain = false) => new PaymentError(kind, line(message), code, uncertain);

  /**
   * One exchange within the time-out: the HTTP status and the body as JSON (null when it is not).
   * Throws `retry` when no answer came (uncertain unless the connection never opened) or when the
   * answer is too large to read (uncertain: bKash answered, so it may have done it).
   */
  async function exchange(path: string, body: Body, headers: Record<string, string>): Promise<{ status: number; json: unknown }> {
    try {
      // One signal for the request and the body: a server that stalls mid-answer times out too.
      const response = await fetchFn(new URL(path, base), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await readCapped(response, maxAnswerBytes);
      if (text === null) throw fail('retry', `${target} answered more than ${maxAnswerBytes / 1024} KiB to ${path}: not read`, null, true);
      let json: unknown = null;
      try {
        json = text.trim() ? (JSON.parse(text) as unknown) : null;
      } catch {
        // not JSON (an HTML error page): judged by its status alone
      }
      return { status: response.status, json };
    } catch (error) {
      if (error instanceof PaymentError) throw error;
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw fail('retry', `${target}: no answer to ${path} within ${timeoutMs} ms`, null, true);
      }
      const code = causeCode(error);
      const why = code ?? (error instanceof Error ? error.message : String(error));
      // Without a code the request was never built (a bad header value, say); with one, only the
      // connection errors before sending are certain.
      throw fail('retry', `${target} could not be reached (${path}): ${why}`, null, code !== null && !beforeSending.has(code));
    }
  }

  /** The PaymentError an answer stands for, or null when it is a success (HTTP 2xx, statusCode "0000" or none). */
  function failureOf(answer: { status: number; json: unknown }, doing: string): PaymentError | null {
    const { status, json } = answer;
    const code = codeOf(json);
    const said = messageOf(json);
    if (status === 401 || status === 403) return fail('auth', `${target} refused the credentials or the token (HTTP ${status}) ${doing}${said ? `: ${said}` : ''}`, code);
    if (status === 429 || status >= 500 || status === 408) {
      // 504: the gateway gave up waiting on bKash, which may still have done it.
      return fail('retry', `${target} answered HTTP ${status} ${doing}${said ? `: ${said}` : ''}`, code, status === 504);
    }
    if (status < 200 || status > 299) return fail('refused', `${target} refused ${doing} (HTTP ${status})${said ? `: ${said}` : ''}`, code);
    if (code === null || code === '0000') return null;
    if (authCodes.has(code)) return fail('auth', `${target} refused the app key ${doing}: ${code} ${said}`, code);
    if (busyCodes.has(code)) return fail('retry', `${target} could not do it now ${doing}: ${code} ${said}`, code);
    return fail('refused', `${target} refused ${doing}: ${code} ${said}`, code);
  }

  async function issue(path: string, body: Body, doing: string): Promise<Token> {
    const answer = await exchange(path, { app_key: appKey, app_secret: appSecret, ...body }, { username, password });
    const failure = failureOf(answer, doing);
    if (failure) {
      // On the token routes a 4xx is about the credentials (or the refresh token), never about a payment.
      if (failure.kind === 'refused') throw fail('auth', failure.message, failure.code);
      throw failure;
    }
    const issued = isObject(answer.json) ? answer.json : {};
    const id = typeof issued.id_token === 'string' ? issued.id_token.trim() : '';
    if (!id) throw fail('retry', `${target} answered ${doing} without an id_token`);
    const lifetimeSeconds = Number(issued.expires_in);
    const lifetimeMs = (Number.isFinite(lifetimeSeconds) && lifetimeSeconds > 0 ? lifetimeSeconds : 3600) * 1000;
    const issuedAt = now().getTime();
    const refresh = typeof issued.refresh_token === 'string' && issued.refresh_token.trim() ? issued.refresh_token.trim() : (token?.refresh ?? null);
    token = {
      id,
      refresh,
      expiresAt: issuedAt + lifetimeMs,
      // Renewed a little before it runs out: 5 minutes, or a tenth of a short lifetime.
      refreshAt: issuedAt + lifetimeMs - Math.min(300_000, lifetimeMs / 10),
    };
    return token;
  }

  const grant = () => issue('tokenized/checkout/token/grant', {}, 'granting a token');

  /** A new token: refreshed when we hold a refresh token, else (or when that fails) granted. */
  async function renew(): Promise<Token> {
    const held = token;
    if (held?.refresh) {
      try {
        return await issue('tokenized/checkout/token/refresh', { refresh_token: held.refresh }, 'refreshing the token');
      } catch {
        // A refused or lost refresh: a new grant, which answers for itself.
      }
    }
    try {
      return await grant();
    } catch (error) {
      // bKash is unreachable but the token we hold has minutes left: it will do.
      if (held && token === held && now().getTime() < held.expiresAt && error instanceof PaymentError && error.kind === 'retry') return held;
      throw error;
    }
  }

  /** The token: the one we hold while it is fresh, else a new one; calls that come together share one request. */
  function currentToken(): Promise<Token> {
    if (token && now().getTime() < token.refreshAt) return Promise.resolve(token);
    tokenPending ??= renew().finally(() => {
      tokenPending = null;
    });
    return tokenPending;
  }

  /**
   * An exchange with the token. An answer refusing the token (401/403) gets one new token and one
   * more try: a 401 comes from the gateway before bKash sees the call, so it cannot have been done.
   */
  async function send(path: string, body: Body): Promise<{ status: number; json: unknown }> {
    let used = await currentToken();
    const answer = await exchange(path, body, { authorization: used.id, 'x-app-key': appKey });
    if (answer.status !== 401 && answer.status !== 403) return answer;
    if (token === used) {
      // Refused before its time: expire it, so the renewal below does not hand it back.
      token = { ...used, refreshAt: 0, expiresAt: 0 };
    }
    used = await currentToken();
    return exchange(path, body, { authorization: used.id, 'x-app-key': appKey });
  }

  /** A call with the token: the body of a success; PaymentError for everything else. */
  async function call(path: string, body: Body, doing: string): Promise<Body> {
    const answer = await send(path, body);
    const failure = failureOf(answer, doing);
    if (failure) throw failure;
    return isObject(answer.json) ? answer.json : {};
  }

  async function status(paymentId: string): Promise<PaymentResult> {
    const doing = `the status of payment ${paymentId}`;
    const body = await call('tokenized/checkout/payment/status', { paymentID: paymentId }, doing);
    return resultOf(body, paymentId, doing);
  }

  function resultOf(body: Body, paymentId: string, doing: string): PaymentResult {
    const word = text(body.transactionStatus);
    if (!word) throw fail('retry', `${target} answered ${doing} without a transactionStatus`);
    const known = bkashPaymentStatus(word);
    if (known === null) throw fail('retry', `${target} answered ${doing} with the unknown transactionStatus "${word}"`);
    const id = text(body.paymentID) ?? paymentId;
    if (known === 'completed') {
      const trxId = text(body.trxID);
      const amount = taka(body.amount);
      if (!trxId || amount === null) throw fail('retry', `${target} answered ${doing} Completed without ${trxId ? 'an amount' : 'a trxID'}`);
      const payer = text(body.customerMsisdn);
      return { status: 'completed', paymentId: id, trxId, amount, payer: payer ? payer.slice(0, 20) : null, at: bkashTime(body.paymentExecuteTime) };
    }
    if (known === 'initiated') return { status: 'initiated', paymentId: id };
    return { status: known, paymentId: id, code: null, message: line(`bKash: the payment is ${word}`) };
  }

  /** An execute whose answer we cannot believe: the status call says where the payment stands. */
  async function settle(paymentId: string, cause: PaymentError): Promise<PaymentResult> {
    try {
      return await status(paymentId);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw fail(cause.kind === 'auth' ? 'auth' : 'retry', `${cause.message}; the status call failed too: ${why}`, cause.code, cause.uncertain);
    }
  }

  function refundOf(body: Body, doing: string): RefundResult | null {
    // bKash's v2 refund status lists every refund; v1 (ours) answers the one made. The latest either way.
    const listed = Array.isArray(body.refundTransactions) ? body.refundTransactions.filter(isObject) : [];
    const refund = listed.length ? (listed[listed.length - 1] as Body) : body;
    const refundTrxId = text(refund.refundTrxID) ?? text(refund.refundTrxId);
    if (!refundTrxId) return null;
    const amount = taka(refund.amount ?? refund.refundAmount);
    if (amount === null) throw fail('retry', `${target} answered ${doing} without the amount refunded`);
    return { refundTrxId, amount, at: bkashTime(refund.completedTime ?? refund.refundTime) };
  }

  return {
    name: 'bkash',

    async create({ invoice, amount, payerReference, callbackUrl }): Promise<StartedPayment> {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw fail('refused', `bKash takes a whole number of taka above 0, not ${amount}`);
      const callback = new URL(callbackUrl);
      if (callback.protocol !== 'https:' && callback.protocol !== 'http:') throw fail('refused', `bKash's callback URL must be http(s): ${callback.origin}`);
      const doing = `creating the payment of invoice ${invoice}`;
      const body = await call(
        'tokenized/checkout/create',
        {
          mode: '0011',
          payerReference: oneLine(payerReference, maxTextLength),
          callbackURL: callback.href,
          amount: decimal(amount),
          currency: 'BDT',
          intent: 'sale',
          merchantInvoiceNumber: invoice,
        },
        doing,
      );
      const paymentId = text(body.paymentID);
      const redirect = text(body.bkashURL);
      // A payment created but not named is harmless: bKash lets it expire unpaid. Creating again is safe.
      if (!paymentId || !redirect) throw fail('retry', `${target} answered ${doing} without ${paymentId ? 'a bkashURL' : 'a paymentID'}`);
      const redirectUrl = new URL(redirect);
      if (redirectUrl.protocol !== 'https:' && redirectUrl.protocol !== 'http:') throw fail('retry', `${target} answered ${doing} with a bkashURL that is not http(s)`);
      return { paymentId, redirectUrl: redirectUrl.href };
    },

    async execute(paymentId) {
      const doing = `executing payment ${paymentId}`;
      let answer: { status: number; json: unknown };
      try {
        answer = await send('tokenized/checkout/execute', { paymentID: paymentId });
      } catch (error) {
        // No answer, or one too large to read: bKash's plugin queries the payment then, and so do we.
        if (error instanceof PaymentError && error.kind === 'retry') return settle(paymentId, error);
        throw error;
      }
      const code = codeOf(answer.json);
      if (answer.status >= 200 && answer.status <= 299 && code !== null && code !== '0000') {
        if (alreadyCompleted.has(code) || code === invalidState) {
          return settle(paymentId, fail('refused', `${target} answered ${doing}: ${code} ${messageOf(answer.json)}`, code));
        }
        if (payerCodes.has(code)) return { status: 'failed', paymentId, code, message: line(`bKash: ${code} ${messageOf(answer.json)}`) };
      }
      const failure = failureOf(answer, doing);
      if (failure) {
        // A 5xx leaves it open whether the money was taken: the status call says.
        if (failure.kind === 'retry') return settle(paymentId, failure);
        throw failure;
      }
      const body = isObject(answer.json) ? answer.json : {};
      const word = text(body.transactionStatus);
      // A success naming no status, or the payment still open, is odd: the status call decides (as WHMCS's module does).
      if (!word || bkashPaymentStatus(word) === 'initiated') return settle(paymentId, fail('retry', `${target} answered ${doing} ${word ? `with the payment ${word}` : 'without a transactionStatus'}`));
      return resultOf(body, paymentId, doing);
    },

    status,

    async refund({ paymentId, trxId, amount, reason, sku }) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw fail('refused', `bKash refunds a whole number of taka above 0, not ${amount}`);
      const doing = `refunding ${amount} taka of payment ${paymentId}`;
      const body = await call(
        'tokenized/checkout/payment/refund',
        { paymentID: paymentId, amount: decimal(amount), trxID: trxId, sku: oneLine(sku, maxTextLength) || 'refund', reason: oneLine(reason, maxTextLength) || 'refund' },
        doing,
      );
      const word = text(body.transactionStatus);
      const refund = refundOf(body, doing);
      if (!refund || (word !== null && word.toLowerCase() !== 'completed')) {
        // It may have been carried out all the same: refundStatus tells before anyone tries again.
        throw fail('refused', `${target} answered ${doing} ${refund ? `as ${word}` : 'without a refundTrxID'}`, null, true);
      }
      return refund;
    },

    async refundStatus({ paymentId, trxId }) {
      const doing = `the refund of payment ${paymentId}`;
      try {
        return refundOf(await call('tokenized/checkout/payment/refund', { paymentID: paymentId, trxID: trxId }, doing), doing);
      } catch (error) {
        if (error instanceof PaymentError && error.code === invalidPaymentId) return null;
        throw error;
      }
    },
  };
}

/** bKash's code for a refusal: `statusCode` (tokenized), else `errorCode` (the older shape, refunds' v2 `externalCode`). */
function codeOf(json: unknown): string | null {
  if (!isObject(json)) return null;
  return text(json.statusCode) ?? text(json.errorCode) ?? text(json.externalCode);
}

function messageOf(json: unknown): string {
  if (!isObject(json)) return '';
  return (text(json.statusMessage) ?? text(json.errorMessage) ?? text(json.errorMessageEn) ?? text(json.message) ?? '').slice(0, 160);
}

function causeCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : null;
}

/**
 * bKash's time, "2023-01-23T02:04:05:736 GMT+0600" (a colon before the milliseconds), or without a
 * zone (Bangladesh time, UTC+6), or ISO. Null when it is none of these.
 */
export function bkashTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[:.](\d{1,3}))?\s*(?:(?:GMT|UTC)?\s*([+-])(\d{2}):?(\d{2})|Z)?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms = '0', sign, zh, zm] = match;
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) : value.trim().endsWith('Z') ? 0 : 360;
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0'))) - offsetMinutes * 60_000;
  return Number.isNaN(at) ? null : new Date(at);
}

/** An amount bKash writes as "60", "60.00" or 60, in whole taka; null when it is none. */
function taka(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
}

/** Whole taka as bKash's decimal string: 1250 -> "1250.00". */
const decimal = (amount: number): string => amount.toFixed(2);

const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string or a finite number as trimmed text; anything else (null, objects, "") is null. */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  return null;
}

const isLoopbackHost = (hostname: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

function oneLine(value: string, max = 200): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
