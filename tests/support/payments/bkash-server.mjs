// A local bKash Tokenized Checkout for the tests. It speaks the protocol that
// src/modules/payments/adapters/bkash.ts describes in its header, from bKash's own WooCommerce plugin
// (bKash-developer/bKash-for-woocommerce includes/classes/ApiComm.php, ProcessPayments.php,
// PaymentGatewaybKash.php), karim-007/laravel-bkash-tokenize (Readme.md: sample answers),
// NawabHost/bkash-tokenized-checkout-for-whmcs (bKash's code table) and callbacks captured by shops.
// Under /v1.2.0-beta/tokenized/checkout, every call a POST of JSON:
//   token/grant    headers username + password, {app_key, app_secret} -> {statusCode "0000", id_token, token_type, expires_in, refresh_token}
//   token/refresh  the same headers, {app_key, app_secret, refresh_token} -> a new id_token (the refresh token stays)
//   create         Authorization: <id_token> (bare), X-APP-Key, {mode "0011", payerReference, callbackURL, amount, currency "BDT",
//                  intent "sale", merchantInvoiceNumber} -> {statusCode "0000", paymentID, bkashURL, ...Callback URLs, transactionStatus "Initiated"}
//   execute        {paymentID} -> {statusCode "0000", trxID, transactionStatus "Completed", amount, customerMsisdn, paymentExecuteTime}
//                  a second time: 2062; before the shopper approved (or after a cancel or failure): 2056;
//                  after a failure for insufficient balance: 2023
//   payment/status {paymentID} -> {statusCode "0000", transactionStatus, trxID?, amount, merchantInvoice, ...} (no customerMsisdn, as in the samples)
//   payment/refund {paymentID, amount, trxID, sku, reason} -> {statusCode "0000", originalTrxID, refundTrxID, transactionStatus "Completed", amount,
//                  currency, charge, completedTime}; with only {paymentID, trxID}: the latest refund, or 2002 "Invalid Payment ID" when none
// Refusals are HTTP 200 {statusCode, statusMessage} with bKash's codes and words. Where no source shows bKash's
// answer, this fake picks one and says so: a missing, unknown or expired id_token or refresh token answers
// HTTP 401 {"message":"Unauthorized"} (the AWS gateway's words); wrong username/password 403 {"message":"Forbidden"};
// wrong app_key/app_secret or X-APP-Key 2001 "Invalid App Key"; a refund above what is left 2072, a refund
// amount that is not a positive amount with at most two decimals 2071 (codes as dibakarsutradhar/bkash-rs
// names them); "Bearer <token>" is refused like a wrong token (bKash's own code sends the bare token); the
// status of a payment canceled or failed on the hosted page is "Cancelled" / "Failed".
// The hosted page: bkashURL is <origin>/checkout/pay?paymentID=… with buttons Pay (id="pay"), Fail (id="fail"),
// Fail: insufficient balance (id="fail-balance") and Cancel (id="cancel"); each POSTs to /checkout/pay and is
// redirected (302) to callbackURL?paymentID=…&status=success|failure|cancel&signature=…&apiVersion=1.2.0-beta
// (the signature is one per payment, as in the captured callbacks).
//
// Control routes for a test (JSON, no keys needed):
//   GET  /_control/payments          -> the payments, as stored (amount as it was sent: string or number)
//   GET  /_control/requests          -> the API requests received, newest last: {method, path, username, password, appKey,
//                                       authorization ("token" | "bearer" | "missing" | "unknown" | "expired"), body (secrets redacted)}
//   POST /_control/fail              {"mode": "500"|"502"|"503"|"504"|"401"|"403"|"stall"|"stall-body"|"reset"|"huge"|"not-json"|
//                                     "then-stall"|"<4-digit bKash code>"|"legacy-<code>"|"maintenance", "times": 1, "route": "execute", "after": 0}
//                                     the next `times` API calls (those whose path ends with `route`; without one, any call
//                                     but the token calls) answer that way, after `after` such calls answered as usual. stall: no answer; stall-body: headers then
//                                     silence; reset: the connection is dropped; huge: 200 KiB of JSON; then-stall: the call
//                                     is carried out and its answer never comes; a code: HTTP 200 {statusCode, statusMessage};
//                                     legacy-<code>: {errorCode, errorMessage}; maintenance: {statusCode "503", ...}
//   POST /_control/expire-tokens     {"refreshTokens": false} every id_token (and refresh token, when asked) expires now
//   POST /_control/approve           {"paymentID", "outcome": "success"|"failure"|"cancel", "reason"?: "insufficient balance"}
//                                     what the page's buttons do, for tests without a browser; answers {payment, callbackUrl}
//   POST /_control/reset             forgets payments, tokens, requests and pending failures
// Run alone: node tests/support/payments/bkash-server.mjs <port>
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** At most this many payments, logged requests and tokens are kept; the oldest go first. */
const keepPayments = 10_000;
const keepRequests = 1_000;
const keepTokens = 1_000;
const maxBody = 64 * 1024;
const apiVersion = '1.2.0-beta';
const apiRoot = `/v${apiVersion}/tokenized/checkout/`;

/** bKash's words for its codes (its table, as NawabHost/bkash-tokenized-checkout-for-whmcs and others copy it). */
export const bkashCodes = {
  '0000': 'Successful',
  2001: 'Invalid App Key',
  2002: 'Invalid Payment ID',
  2003: 'Process failed',
  2006: 'Invalid amount',
  2007: 'Invalid currency',
  2008: 'Invalid intent',
  2014: 'Wrong PIN',
  2023: 'Insufficient Balance',
  2031: 'Invalid merchant invoice number',
  2048: 'Invalid Payer Reference',
  2049: 'Invalid Merchant Callback URL',
  2056: 'Invalid Payment State',
  2062: 'The payment has already been completed',
  2063: 'Mode is not valid as per request data',
  2065: 'Mandatory field missing',
  2071: 'Invalid refund amount',
  2072: 'The refund amount is greater than the refundable amount',
  2117: 'The payment execution has already been completed',
  503: 'System is undergoing maintenance. Please try again later.',
};

/** "2023-01-23T02:04:05:736 GMT+0600": bKash's way of writing a time, in Bangladesh time. */
const bkashTime = (date) => {
  const dhaka = new Date(date.getTime() + 6 * 3600_000).toISOString();
  return `${dhaka.slice(0, 19)}:${dhaka.slice(20, 23)} GMT+0600`;
};

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomCode = (length) => [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * @param {{ port: number, appKey?: string, appSecret?: string, username?: string, password?: string, tokenLifetimeSeconds?: number, customerMsisdn?: string }} options
 */
export async function startBkashServer({
  port,
  appKey = 'test-app-key-4f6o0cjiki2rfm34kf',
  appSecret = 'test-app-secret-2is7hdktrekvrbljjh44ll3d9l1',
  username = 'testTokenizedUser01',
  password = 'testTokenizedUser01@12345',
  tokenLifetimeSeconds = 3600,
  customerMsisdn = '01770618575',
}) {
  /** @type {Map<string, any>} paymentID -> payment, oldest first */
  const payments = new Map();
  /** @type {Map<string, number>} id_token -> expiry (ms) */
  const idTokens = new Map();
  /** @type {Map<string, number>} refresh token -> expiry (ms) */
  const refreshTokens = new Map();
  /** @type {any[]} */
  const requests = [];
  let failure = { mode: null, times: 0, route: null };
  /** Responses held open by a stall, ended on reset and close. */
  const stalled = new Set();
  const signingKey = randomBytes(16);
  let origin = '';

  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refusal = (res, code) => json(res, 200, { statusCode: String(code), statusMessage: bkashCodes[code] ?? 'Process failed' });
  const keep = (map, key, value, cap) => {
    map.set(key, value);
    if (map.size > cap) map.delete(map.keys().next().value);
  };

  function issueTokens(refresh) {
    const id = `eyJraWQiOi${randomBytes(24).toString('base64url')}`;
    keep(idTokens, id, Date.now() + tokenLifetimeSeconds * 1000, keepTokens);
    const refreshToken = refresh ?? `eyJjdHkiOi${randomBytes(24).toString('base64url')}`;
    if (!refresh) keep(refreshTokens, refreshToken, Date.now() + 28 * 24 * 3600_000, keepTokens);
    return { statusCode: '0000', statusMessage: 'Successful', id_token: id, token_type: 'Bearer', expires_in: tokenLifetimeSeconds, refresh_token: refreshToken };
  }

  /** The callback URL with bKash's query: paymentID, status, signature, apiVersion (in the order bKash writes them). */
  function callbackFor(payment, status) {
    const url = new URL(payment.callbackURL);
    url.searchParams.set('paymentID', payment.paymentID);
    url.searchParams.set('status', status);
    url.searchParams.set('signature', payment.signature);
    url.searchParams.set('apiVersion', apiVersion);
    return url.href;
  }

  /** The shopper's decision on the hosted page; null when the payment is unknown. */
  function decide(paymentID, outcome, reason) {
    const payment = payments.get(String(paymentID ?? ''));
    if (!payment) return null;
    if (!['success', 'failure', 'cancel'].includes(outcome)) return { error: 'outcome must be success, failure or cancel' };
    if (payment.transactionStatus === 'Initiated' && payment.approval === null) {
      payment.approval = outcome;
      if (outcome === 'failure') {
        payment.failureReason = reason ? String(reason) : null;
        payment.transactionStatus = 'Failed';
      } else if (outcome === 'cancel') payment.transactionStatus = 'Cancelled';
    }
    return { payment, callbackUrl: callbackFor(payment, outcome) };
  }

  function pageOf(payment) {
    const open = payment.transactionStatus === 'Initiated' && payment.approval === null;
    const buttons = open
      ? `<form method="post" action="/checkout/pay">
  <input type="hidden" name="paymentID" value="${escapeHtml(payment.paymentID)}">
  <button id="pay" name="outcome" value="success">Pay</button>
  <button id="fail" name="outcome" value="failure">Fail</button>
  <button id="fail-balance" name="outcome" value="failure-balance">Fail: insufficient balance</button>
  <button id="cancel" name="outcome" value="cancel">Cancel</button>
</form>`
      : `<p id="closed">This payment is ${escapeHtml(payment.approval ?? payment.transactionStatus)} already.</p>`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bKash payment (test)</title></head>
<body>
<h1>bKash (test)</h1>
<p>Invoice <span id="invoice">${escapeHtml(payment.merchantInvoiceNumber)}</span>: <span id="amount">${escapeHtml(payment.amount)}</span> BDT</p>
${buttons}
</body></html>`;
  }

  const paymentAnswer = (p, fields) => ({
    statusCode: '0000',
    statusMessage: 'Successful',
    paymentID: p.paymentID,
    ...fields,
  });

  /** The next API call's injected failure, if one is pending for this path: true when it answered (or stalled). */
  function injectedFailure(req, res, path, carryOut) {
    if (!failure.mode || failure.times <= 0) return false;
    const isToken = path.startsWith('token/');
    if (failure.route ? !path.endsWith(String(failure.route).replace(/^\/+/, '')) : isToken) return false;
    // `after`: that many matching calls are answered as usual first (the refund after a refund-status call).
    if (failure.after > 0) {
      failure.after -= 1;
      return false;
    }
    const { mode } = failure;
    failure.times -= 1;
    if (failure.times <= 0) failure = { mode: null, times: 0, route: null };
    if (/^\d{3}$/.test(mode)) json(res, Number(mode), { message: Number(mode) === 401 ? 'Unauthorized' : Number(mode) === 403 ? 'Forbidden' : 'Internal server error' });
    else if (/^\d{4}$/.test(mode)) refusal(res, mode);
    else if (/^legacy-\d{4}$/.test(mode)) json(res, 200, { errorCode: mode.slice(7), errorMessage: bkashCodes[mode.slice(7)] ?? 'Process failed' });
    else if (mode === 'maintenance') refusal(res, 503);
    else if (mode === 'stall') stalled.add(res);
    else if (mode === 'stall-body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"statusCode":"0000",');
      stalled.add(res);
    } else if (mode === 'reset') req.socket.destroy();
    else if (mode === 'huge') json(res, 200, { statusCode: '0000', statusMessage: 'Successful', padding: 'x'.repeat(200 * 1024) });
    else if (mode === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
    } else if (mode === 'then-stall') {
      // The call is carried out, but its answer never comes: an execute that timed out yet took the money.
      carryOut({ writeHead() {}, setHeader() {}, write() {}, end() {} });
      stalled.add(res);
    } else return false;
    return true;
  }

  function api(req, res, path, body) {
    const headerOf = (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const isToken = path === 'token/grant' || path === 'token/refresh';
    const authorization = headerOf('authorization');
    const tokenState = (() => {
      if (!authorization) return 'missing';
      if (/^bearer\s/i.test(authorization)) return 'bearer';
      const expiry = idTokens.get(authorization);
      if (expiry === undefined) return 'unknown';
      return expiry > Date.now() ? 'token' : 'expired';
    })();
    const redacted = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : body;
    for (const secret of ['app_key', 'app_secret', 'refresh_token']) if (redacted && typeof redacted === 'object' && secret in redacted) redacted[secret] = '[redacted]';
    requests.push({
      method: req.method ?? '',
      path,
      username: isToken ? headerOf('username') === username : null,
      password: isToken ? headerOf('password') === password : null,
      appKey: isToken ? null : headerOf('x-app-key') === appKey,
      authorization: isToken ? null : tokenState,
      body: redacted,
    });
    if (requests.length > keepRequests) requests.splice(0, requests.length - keepRequests);

    const carryOut = (out) => serve(out, path, body, isToken, headerOf, tokenState);
    if (injectedFailure(req, res, path, carryOut)) return;
    if (req.method !== 'POST') return json(res, 405, { message: 'Method Not Allowed' });
    carryOut(res);
  }

  function serve(res, path, body, isToken, headerOf, tokenState) {
    const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    if (isToken) {
      if (headerOf('username') !== username || headerOf('password') !== password) return json(res, 403, { message: 'Forbidden' });
      if (input.app_key !== appKey || input.app_secret !== appSecret) return refusal(res, 2001);
      if (path === 'token/grant') return json(res, 200, issueTokens(null));
      const refresh = typeof input.refresh_token === 'string' ? input.refresh_token : '';
      const expiry = refreshTokens.get(refresh);
      if (expiry === undefined || expiry <= Date.now()) return json(res, 401, { message: 'Unauthorized' });
      return json(res, 200, issueTokens(refresh));
    }
    if (tokenState !== 'token') return json(res, 401, { message: 'Unauthorized' });
    if (headerOf('x-app-key') !== appKey) return refusal(res, 2001);

    if (path === 'create') {
      if (input.mode !== '0011') return refusal(res, 2063);
      const amount = typeof input.amount === 'string' || typeof input.amount === 'number' ? String(input.amount) : '';
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return refusal(res, 2006);
      if (input.currency !== 'BDT') return refusal(res, 2007);
      if (input.intent !== 'sale') return refusal(res, 2008);
      if (typeof input.payerReference !== 'string' || !input.payerReference.trim() || input.payerReference.length > 255) return refusal(res, 2048);
      if (typeof input.merchantInvoiceNumber !== 'string' || !input.merchantInvoiceNumber.trim() || input.merchantInvoiceNumber.length > 255) return refusal(res, 2031);
      let callback;
      try {
        callback = new URL(String(input.callbackURL ?? ''));
      } catch {
        return refusal(res, 2049);
      }
      if (callback.protocol !== 'http:' && callback.protocol !== 'https:') return refusal(res, 2049);
      const paymentID = `TR0011${randomCode(7)}${Date.now()}`;
      const payment = {
        paymentID,
        mode: '0011',
        payerReference: input.payerReference,
        callbackURL: callback.href,
        amount: input.amount,
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: input.merchantInvoiceNumber,
        transactionStatus: 'Initiated',
        approval: null,
        failureReason: null,
        signature: createHmac('sha256', signingKey).update(paymentID).digest('base64url').replace(/[-_]/g, '').slice(0, 10),
        trxID: null,
        customerMsisdn: null,
        paymentCreateTime: bkashTime(new Date()),
        paymentExecuteTime: null,
        executions: 0,
        refunds: [],
      };
      keep(payments, paymentID, payment, keepPayments);
      return json(
        res,
        200,
        paymentAnswer(payment, {
          bkashURL: `${origin}/checkout/pay?paymentID=${encodeURIComponent(paymentID)}`,
          callbackURL: payment.callbackURL,
          successCallbackURL: callbackFor(payment, 'success').replace(/&apiVersion=[^&]*$/, ''),
          failureCallbackURL: callbackFor(payment, 'failure').replace(/&apiVersion=[^&]*$/, ''),
          cancelledCallbackURL: callbackFor(payment, 'cancel').replace(/&apiVersion=[^&]*$/, ''),
          amount,
          intent: 'sale',
          currency: 'BDT',
          paymentCreateTime: payment.paymentCreateTime,
          transactionStatus: 'Initiated',
          merchantInvoiceNumber: payment.merchantInvoiceNumber,
        }),
      );
    }

    const payment = payments.get(String(input.paymentID ?? ''));
    if (path === 'execute') {
      if (!payment) return refusal(res, 2002);
      payment.executions += 1;
      if (payment.transactionStatus === 'Completed') return refusal(res, 2062);
      if (payment.approval === 'failure' && /insufficient/i.test(payment.failureReason ?? '')) return refusal(res, 2023);
      if (payment.approval !== 'success' || payment.transactionStatus !== 'Initiated') return refusal(res, 2056);
      payment.transactionStatus = 'Completed';
      payment.trxID = randomCode(10);
      payment.customerMsisdn = customerMsisdn;
      payment.paymentExecuteTime = bkashTime(new Date());
      return json(
        res,
        200,
        paymentAnswer(payment, {
          payerReference: payment.payerReference,
          customerMsisdn: payment.customerMsisdn,
          trxID: payment.trxID,
          amount: String(payment.amount),
          transactionStatus: 'Completed',
          paymentExecuteTime: payment.paymentExecuteTime,
          currency: 'BDT',
          intent: 'sale',
          merchantInvoiceNumber: payment.merchantInvoiceNumber,
        }),
      );
    }
    if (path === 'payment/status') {
      if (!payment) return refusal(res, 2002);
      return json(
        res,
        200,
        paymentAnswer(payment, {
          mode: payment.mode,
          paymentCreateTime: payment.paymentCreateTime,
          ...(payment.paymentExecuteTime ? { paymentExecuteTime: payment.paymentExecuteTime } : {}),
          amount: String(payment.amount),
          currency: 'BDT',
          intent: 'sale',
          merchantInvoice: payment.merchantInvoiceNumber,
          ...(payment.trxID ? { trxID: payment.trxID } : {}),
          transactionStatus: payment.transactionStatus,
          verificationStatus: payment.transactionStatus === 'Completed' ? 'Complete' : 'Incomplete',
          payerReference: payment.payerReference,
        }),
      );
    }
    if (path === 'payment/refund') {
      if (!payment || payment.trxID === null || input.trxID !== payment.trxID) return refusal(res, 2002);
      const refundOf = (r) => ({
        statusCode: '0000',
        statusMessage: 'Successful',
        originalTrxID: payment.trxID,
        refundTrxID: r.refundTrxID,
        transactionStatus: 'Completed',
        amount: r.amount,
        currency: 'BDT',
        charge: '0.00',
        completedTime: r.completedTime,
      });
      if (input.amount === undefined || input.amount === null) {
        // The refund status: bKash's plugin, "get status if the transaction is already refunded otherwise invalid payment id".
        const latest = payment.refunds[payment.refunds.length - 1];
        return latest ? json(res, 200, refundOf(latest)) : refusal(res, 2002);
      }
      if (typeof input.sku !== 'string' || !input.sku.trim() || typeof input.reason !== 'string' || !input.reason.trim()) return refusal(res, 2065);
      if (input.sku.length > 255 || input.reason.length > 255) return refusal(res, 2065);
      const amount = typeof input.amount === 'string' || typeof input.amount === 'number' ? String(input.amount) : '';
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return refusal(res, 2071);
      const refunded = payment.refunds.reduce((sum, r) => sum + Number(r.amount), 0);
      if (Number(amount) > Number(payment.amount) - refunded + 1e-9) return refusal(res, 2072);
      const refund = { refundTrxID: randomCode(10), amount: Number(amount).toFixed(2), sku: input.sku, reason: input.reason, completedTime: bkashTime(new Date()) };
      payment.refunds.push(refund);
      return json(res, 200, refundOf(refund));
    }
    return json(res, 404, { message: 'Not Found' });
  }

  function control(req, res, path, body) {
    if (req.method === 'GET' && path === '/_control/payments') return json(res, 200, [...payments.values()]);
    if (req.method === 'GET' && path === '/_control/requests') return json(res, 200, requests);
    if (req.method === 'POST' && path === '/_control/fail') {
      const mode = String(body?.mode ?? '');
      const modes = ['500', '502', '503', '504', '401', '403', 'stall', 'stall-body', 'reset', 'huge', 'not-json', 'then-stall', 'maintenance'];
      if (!modes.includes(mode) && !/^(legacy-)?\d{4}$/.test(mode)) return json(res, 400, { error: `mode must be one of ${modes.join(', ')}, a 4-digit bKash code or legacy-<code>` });
      failure = { mode, times: Math.max(1, Number(body?.times ?? 1) || 1), route: typeof body?.route === 'string' && body.route ? body.route : null, after: Math.max(0, Number(body?.after ?? 0) || 0) };
      return json(res, 200, failure);
    }
    if (req.method === 'POST' && path === '/_control/expire-tokens') {
      for (const id of idTokens.keys()) idTokens.set(id, 0);
      if (body?.refreshTokens) for (const refresh of refreshTokens.keys()) refreshTokens.set(refresh, 0);
      return json(res, 200, { expired: true });
    }
    if (req.method === 'POST' && path === '/_control/approve') {
      const decided = decide(body?.paymentID, body?.outcome, body?.reason);
      if (!decided) return json(res, 404, { error: 'no such payment' });
      if (decided.error) return json(res, 400, { error: decided.error });
      return json(res, 200, decided);
    }
    if (req.method === 'POST' && path === '/_control/reset') {
      payments.clear();
      idTokens.clear();
      refreshTokens.clear();
      requests.length = 0;
      failure = { mode: null, times: 0, route: null };
      for (const held of stalled) held.destroy();
      stalled.clear();
      return json(res, 200, { reset: true });
    }
    return json(res, 404, { error: 'not found' });
  }

  /** The hosted page: GET shows it, POST (its buttons) decides and redirects to the shop's callback. */
  function page(req, res, url, form) {
    const html = (status, text) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    if (req.method === 'GET') {
      const payment = payments.get(url.searchParams.get('paymentID') ?? '');
      if (!payment) return html(404, '<!doctype html><p id="unknown">No such payment.</p>');
      return html(200, pageOf(payment));
    }
    if (req.method === 'POST') {
      const choice = form.get('outcome') ?? '';
      const outcome = choice === 'failure-balance' ? 'failure' : choice;
      const decided = decide(form.get('paymentID'), outcome, choice === 'failure-balance' ? 'insufficient balance' : null);
      if (!decided) return html(404, '<!doctype html><p id="unknown">No such payment.</p>');
      if (decided.error) return html(400, `<!doctype html><p>${escapeHtml(decided.error)}</p>`);
      res.writeHead(302, { location: decided.callbackUrl });
      return res.end();
    }
    return html(405, '<!doctype html><p>Method not allowed.</p>');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isControl = url.pathname.startsWith('/_control/');
    const isPage = url.pathname === '/checkout/pay';
    const apiPath = url.pathname.startsWith(apiRoot) ? url.pathname.slice(apiRoot.length) : null;
    if (!isControl && !isPage && apiPath === null) return json(res, 404, { message: 'Not Found' });
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= maxBody) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > maxBody) return json(res, 413, { message: 'Request Entity Too Large' });
      const text = Buffer.concat(chunks).toString('utf8');
      if (isPage) return page(req, res, url, new URLSearchParams(text));
      let body;
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      if (isControl) return control(req, res, url.pathname, body);
      api(req, res, apiPath ?? '', body);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  origin = `http://127.0.0.1:${actualPort}`;
  return {
    port: actualPort,
    origin,
    /** The API base, as BKASH_BASE_URL would be set. */
    url: `${origin}/v${apiVersion}`,
    appKey,
    appSecret,
    username,
    password,
    payments: () => [...payments.values()],
    close: () =>
      new Promise((resolve) => {
        for (const held of stalled) held.destroy();
        stalled.clear();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 2795);
  const started = await startBkashServer({ port });
  console.log(`bkash on ${started.url} (app key ${started.appKey}, username ${started.username}; secrets as in startBkashServer's defaults)`);
}
