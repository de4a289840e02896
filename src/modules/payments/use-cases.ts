import { roleCan } from '../../shared/permissions.js';
import { textBytes, type BoundedMap } from '../../platform/bounded-map.js';
import type { Tx } from '../../platform/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { orderNotFound, systemActor, type Actor, type Handled, type OrderReads, type OrderState, type PaymentCommand } from '../ordering/index.js';
import { PaymentError, type PaymentGateway, type PaymentResult } from './ports.js';
import type { AttemptRow, AttemptStore, HoldStore } from './stores.js';

/** Ordering's command for an order's payment (ordering's index), as the composition root hands it over. */
export type PaymentOrderCommand = (orderId: string, command: PaymentCommand, alsoInTx?: (tx: Tx, handled: Handled) => Promise<void>) => Promise<Result<Handled, AppError>>;

export type PaymentsDeps = {
  clock: Clock;
  logger: Logger;
  newId: IdGenerator;
  /** bKash, when its keys are set; null: no advance is ever asked, the routes answer payments/not-configured. */
  gateway: PaymentGateway | null;
  orders: Pick<OrderReads, 'byId'>;
  orderCommand: PaymentOrderCommand;
  holds: HoldStore;
  attempts: { outside: AttemptStore; in(tx: Tx): AttemptStore };
  /** Where bKash sends the shopper back: <PUBLIC_URL>/api/payments/bkash/callback. */
  callbackUrl: string;
  /**
   * When each order's payment was last checked with bKash for its page (GET ?check=1): at most one
   * check per order every few seconds, however often the page (or anyone) asks. Bounded.
   */
  lastChecks: BoundedMap<number>;
};

/** Seconds between two checks of one order's payment with bKash for its page. */
export const checkEverySeconds = 3;

/** Payments created for one order at most (a shopper who cancels on bKash's page tries again). */
export const maxAttemptsPerOrder = 5;

/** The shop's page for an order's payment: it shows the outcome and offers to try again. */
export const payPage = (orderId: string, result?: string, code?: string | null): string =>
  `/pay/${encodeURIComponent(orderId)}${result ? `?result=${result}${code ? `&code=${encodeURIComponent(code)}` : ''}` : ''}`;

/** The shop itself, confirming a payment with bKash or letting a hold lapse. */
const shopActor = systemActor('bkash');

const notConfigured = (): AppError => appError('payments/not-configured', 'Payment by bKash is not set up in this shop.');
const unavailable = (): AppError => appError('payments/unavailable', 'bKash is not answering right now. Please try again in a minute.');

/**
 * Starts a payment of an order's advance at bKash: a new payment (a new invoice: the order number,
 * then "-2", "-3"... as bKash refuses an invoice twice) whose page the shopper is sent to. For its
 * owner only, while the order waits and its hold runs; at most maxAttemptsPerOrder per order.
 */
export async function startPayment(deps: PaymentsDeps, actor: Actor, orderId: string): Promise<Result<{ redirectUrl: string; order: OrderState }, AppError>> {
  const order = await deps.orders.byId(orderId);
  if (!order || order.deleted || (actor.role !== 'system' && order.placed.owner.userId !== actor.userId)) return err(orderNotFound());
  const gateway = deps.gateway;
  if (!gateway) return err(notConfigured());
  const advance = order.advance;
  if (!advance || advance.status !== 'awaiting') return err(appError('payments/not-awaiting', advance?.status === 'paid' ? 'This order is paid already.' : 'This order waits for no payment.'));
  const now = deps.clock.now();
  if (now.getTime() >= new Date(advance.holdUntil).getTime()) return err(appError('payments/hold-over', 'The time to pay for this order has run out: its items went back on sale. Please order again.'));
  const tried = await deps.attempts.outside.countOf(orderId);
  if (tried >= maxAttemptsPerOrder) return err(appError('payments/too-many-attempts', `This order was sent to bKash ${maxAttemptsPerOrder} times already. Please order again, or call us.`));
  const number = order.placed.orderNumber ?? 0;
  const invoice = tried === 0 ? String(number) : `${number}-${tried + 1}`;
  try {
    const started = await gateway.create({ invoice, amount: advance.amount, payerReference: order.placed.phone.replace(/^\+88/, ''), callbackUrl: deps.callbackUrl });
    await deps.attempts.outside.add({ id: deps.newId(), orderId, provider: gateway.name, paymentId: started.paymentId, invoice, amount: advance.amount, redirectUrl: started.redirectUrl, state: 'created', message: null, createdAt: now, updatedAt: now });
    return ok({ redirectUrl: started.redirectUrl, order });
  } catch (e) {
    if (!(e instanceof PaymentError)) throw e;
    deps.logger.warn('bkash: a payment could not be created', { orderId, kind: e.kind, code: e.code, reason: e.message });
    return err(e.kind === 'refused' ? appError('payments/refused', `bKash refused the payment: ${e.message}`) : unavailable());
  }
}

/**
 * The first payment of an order just placed (POST /api/orders' 202): bKash's page, or, when bKash
 * does not answer, the shop's own page for the order, which tells the shopper and tries again.
 */
export async function firstPayment(deps: PaymentsDeps, order: OrderState): Promise<{ redirectUrl: string }> {
  const started = await startPayment(deps, systemActor('checkout'), order.id).catch((e: unknown) => {
    deps.logger.error('bkash: the first payment of an order failed', { orderId: order.id, reason: e instanceof Error ? e.message : String(e) });
    return null;
  });
  return started?.ok ? { redirectUrl: started.value.redirectUrl } : { redirectUrl: payPage(order.id, 'unavailable') };
}

/** How a payment ended for the shopper, as the pay page words it. */
export type PaymentOutcome = 'paid' | 'canceled' | 'failed' | 'pending' | 'expired' | 'unknown';

/**
 * bKash sent the shopper back (GET /api/payments/bkash/callback?paymentID=..&status=..). The
 * callback is not signed: anyone can forge one, so nothing is believed of it. `success` only
 * makes the shop execute the payment with bKash (the money is taken then, and only then) and
 * believe bKash's answer; `cancel` and `failure` are noted on the attempt, and the order keeps
 * waiting (the shopper may try again until the hold runs out). Answers where to send the shopper.
 */
export async function paymentCallback(deps: PaymentsDeps, paymentId: string, status: string): Promise<{ redirectTo: string; outcome: PaymentOutcome }> {
  const gateway = deps.gateway;
  const attempt = gateway ? await deps.attempts.outside.byPaymentId(gateway.name, paymentId) : null;
  if (!gateway || !attempt) return { redirectTo: '/pay?result=unknown', outcome: 'unknown' };
  const to = (outcome: PaymentOutcome, code?: string | null) => ({ redirectTo: payPage(attempt.orderId, outcome, code), outcome });
  if (attempt.state === 'completed') return to('paid');
  if (status === 'cancel' || status === 'failure') {
    await deps.attempts.outside.mark(attempt.id, status === 'cancel' ? 'canceled' : 'failed', status === 'cancel' ? 'Canceled on bKash' : 'Failed on bKash', deps.clock.now());
    return to(status === 'cancel' ? 'canceled' : 'failed');
  }
  if (status !== 'success') return to('unknown');
  // A callback repeated (a reload, or someone replaying it) asks bKash at most once every few seconds per payment.
  const now = deps.clock.now().getTime();
  const key = `callback:${attempt.id}`;
  const last = deps.lastChecks.peek(key);
  if (last !== undefined && now - last < checkEverySeconds * 1000) return to('pending');
  deps.lastChecks.set(key, now, textBytes(key) + 8);
  const settled = await settleAttempt(deps, attempt, 'execute');
  return to(settled.outcome, settled.code);
}

/**
 * Asks bKash where an attempt stands and records what it says: `execute` completes a payment the
 * shopper approved (only while the order waits: a hold that ran out is not charged), `status`
 * only reads. A completed payment becomes the order's AdvancePaid event and the attempt's mark, in
 * one transaction.
 */
export async function settleAttempt(deps: PaymentsDeps, attempt: AttemptRow, how: 'execute' | 'status'): Promise<{ outcome: PaymentOutcome; code: string | null }> {
  const gateway = deps.gateway;
  if (!gateway) return { outcome: 'unknown', code: null };
  const order = await deps.orders.byId(attempt.orderId);
  if (!order?.advance) return { outcome: 'unknown', code: null };
  if (order.advance.status === 'paid' || order.advance.status === 'refunded') return { outcome: 'paid', code: null };
  let result: PaymentResult;
  try {
    // Executing after the hold ran out would take money for an order that gave its stock back: only the status is read then.
    result = how === 'execute' && order.advance.status === 'awaiting' ? await gateway.execute(attempt.paymentId) : await gateway.status(attempt.paymentId);
  } catch (e) {
    if (!(e instanceof PaymentError)) throw e;
    deps.logger.warn('bkash: a payment could not be settled', { orderId: attempt.orderId, paymentId: attempt.paymentId, kind: e.kind, code: e.code, reason: e.message });
    if (e.kind === 'refused') {
      await deps.attempts.outside.mark(attempt.id, 'failed', e.message, deps.clock.now());
      return { outcome: 'failed', code: e.code };
    }
    return { outcome: 'pending', code: null };
  }
  const recorded = await recordResult(deps, attempt, result);
  // A payment not completed for an order whose hold ran out: there is nothing left to pay.
  return order.advance.status === 'expired' && recorded.outcome !== 'paid' ? { outcome: 'expired', code: null } : recorded;
}

async function recordResult(deps: PaymentsDeps, attempt: AttemptRow, result: PaymentResult): Promise<{ outcome: PaymentOutcome; code: string | null }> {
  const now = deps.clock.now();
  switch (result.status) {
    case 'completed': {
      const command: PaymentCommand = { type: 'RecordAdvancePayment', actor: shopActor, payment: { provider: 'bkash', paymentId: result.paymentId, trxId: result.trxId, amount: result.amount, payer: result.payer } };
      const done = await deps.orderCommand(attempt.orderId, command, (tx) => deps.attempts.in(tx).mark(attempt.id, 'completed', null, now));
      if (!done.ok) {
        // bKash took money the order cannot take (another payment was recorded, the amount differs): the admins must refund it by hand.
        deps.logger.error('bkash: a completed payment could not be recorded', { orderId: attempt.orderId, paymentId: result.paymentId, trxId: result.trxId, amount: result.amount, reason: done.error.message });
        await deps.attempts.outside.mark(attempt.id, 'failed', `Paid (trxID ${result.trxId}) but not recorded: ${done.error.message}`, now);
        return { outcome: 'failed', code: null };
      }
      return { outcome: done.value.order.advance?.late ? 'expired' : 'paid', code: null };
    }
    case 'initiated':
      return { outcome: 'pending', code: null };
    case 'failed':
    case 'canceled':
      await deps.attempts.outside.mark(attempt.id, result.status, [result.code, result.message].filter(Boolean).join(' ').slice(0, 300), now);
      return { outcome: result.status, code: result.code };
  }
}

/** Where an order's payment stands for its page (GET /api/orders/:id/payment): the order and its latest attempt. */
export async function paymentOf(deps: PaymentsDeps, actor: Actor, orderId: string, check: boolean): Promise<Result<{ order: OrderState; latest: AttemptRow | null; attempts: number }, AppError>> {
  let order = await deps.orders.byId(orderId);
  if (!order || order.deleted || (!roleCan(actor.role, 'orders.read') && order.placed.owner.userId !== actor.userId) || !order.advance) return err(orderNotFound());
  let [latest] = await deps.attempts.outside.ofOrder(orderId, 1);
  // Asked to check (the page after an unsure answer): bKash's status of the latest payment, read, never executed.
  const now = deps.clock.now().getTime();
  const lastCheck = deps.lastChecks.peek(orderId);
  const due = lastCheck === undefined || now - lastCheck >= checkEverySeconds * 1000;
  if (check && due && latest && latest.state === 'created' && order.advance.status === 'awaiting') {
    deps.lastChecks.set(orderId, now, textBytes(orderId) + 8);
    await settleAttempt(deps, latest, 'status');
    order = (await deps.orders.byId(orderId)) ?? order;
    [latest] = await deps.attempts.outside.ofOrder(orderId, 1);
  }
  return ok({ order, latest: latest ?? null, attempts: await deps.attempts.outside.countOf(orderId) });
}

/**
 * One turn of the hold worker: holds whose time ran out unpaid. Before one lapses, bKash is asked
 * about its latest payment (a payment executed whose answer was lost is recorded, not lapsed);
 * then PaymentExpired gives the stock back. Answers how many holds it looked at.
 */
export async function expireHolds(deps: PaymentsDeps, limit: number): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.holds.due(now, limit);
  for (const hold of due) {
    const [latest] = await deps.attempts.outside.ofOrder(hold.orderId, 1);
    if (latest && latest.state === 'created') {
      const settled = await settleAttempt(deps, latest, 'status');
      if (settled.outcome === 'paid') continue;
    }
    const done = await deps.orderCommand(hold.orderId, { type: 'ExpireHold', actor: shopActor, now });
    if (!done.ok) deps.logger.warn('payments: a hold could not lapse', { orderId: hold.orderId, reason: done.error.message });
  }
  return due.length;
}

/**
 * An admin refunds an order's advance through bKash (POST /api/orders/:id/refund): the amount paid
 * unless less is asked. Ordering's rules are asked first (a canceled order, or one whose parcel came
 * back, with an advance held); bKash is asked whether a refund exists already (a refund whose
 * answer was lost is recorded, never made twice), then to refund; AdvanceRefunded records bKash's
 * refund transaction.
 */
export async function refundAdvance(deps: PaymentsDeps, admin: Actor, orderId: string, input: { reason: string; amount?: number | undefined }): Promise<Result<OrderState, AppError>> {
  const gateway = deps.gateway;
  if (!gateway) return err(notConfigured());
  const order = await deps.orders.byId(orderId);
  if (!order || order.deleted) return err(orderNotFound());
  const advance = order.advance;
  if (!advance || advance.status !== 'paid' || !advance.paymentId || !advance.trxId) return err(appError('payments/not-refundable', advance?.status === 'refunded' ? 'This advance was refunded already.' : 'This order has no bKash advance paid.'));
  if (order.status !== 'Canceled' && order.delivery?.status !== 'returned') return err(appError('payments/not-refundable', 'Only a canceled order, or one whose parcel came back, can have its advance refunded. Cancel it first.'));
  const amount = input.amount ?? advance.amount;
  if (amount > advance.amount) return err(appError('http/validation', `A refund is at most the advance paid, ${advance.amount} BDT.`));
  const ids = { paymentId: advance.paymentId, trxId: advance.trxId };
  let refund;
  try {
    refund = (await gateway.refundStatus(ids)) ?? (await gateway.refund({ ...ids, amount, reason: input.reason, sku: String(order.placed.orderNumber ?? order.id) }));
  } catch (e) {
    if (!(e instanceof PaymentError)) throw e;
    deps.logger.warn('bkash: a refund failed', { orderId, kind: e.kind, code: e.code, uncertain: e.uncertain, reason: e.message });
    if (e.kind === 'refused') return err(appError('payments/refused', `bKash refused the refund: ${e.message}`));
    return err(appError('payments/unavailable', e.uncertain ? 'bKash did not answer in time: the refund may have been made. Try again: the shop asks bKash first and never refunds twice.' : 'bKash is not answering right now. Please try again in a minute.'));
  }
  const done = await deps.orderCommand(orderId, { type: 'RecordRefund', actor: admin, refund: { provider: 'bkash', refundTrxId: refund.refundTrxId, amount: refund.amount, reason: input.reason } });
  if (!done.ok) {
    deps.logger.error('bkash: a refund made could not be recorded', { orderId, refundTrxId: refund.refundTrxId, amount: refund.amount, reason: done.error.message });
    return done;
  }
  return ok(done.value.order);
}
