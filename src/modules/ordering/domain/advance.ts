import { appError, type AppError } from '../../../shared/errors.js';
import { err, ok, type Result } from '../../../shared/result.js';
import type { StockLine } from '../../../shared/stock.js';
import { actorCan, type Actor } from './actor.js';

/**
 * An order that waits for money (issue 35, decision 061): its advance, asked when it was placed,
 * paid through a payment provider (bKash), expired when the hold ran out unpaid, refunded by an
 * admin. Events of the order's own log, decided and folded here; order.ts wires them into the
 * decider and the fold. Nothing here imports order.ts: the order is seen through AdvanceSubject.
 */

export const paymentEventTypes = ['AdvancePaid', 'PaymentExpired', 'AdvanceRefunded'] as const;
export type PaymentEventType = (typeof paymentEventTypes)[number];
export const isPaymentEventType = (type: string): type is PaymentEventType => (paymentEventTypes as readonly string[]).includes(type);

/** Why the advance was asked: the owner's rule (ADVANCE_PAYMENT / ADVANCE_WHEN), or instead of refusing a phone the COD block would refuse. */
export type AdvanceReason = 'rule' | 'cod-blocked';

/** The advance an order was placed with (in its Placed event): whole taka, paid by `holdUntil` (ISO) or the order lapses. */
export type AdvanceAsked = { provider: 'bkash'; amount: number; reason: AdvanceReason; holdUntil: string };

export type AdvanceStatus = 'awaiting' | 'paid' | 'expired' | 'refunded';

/** The advance as the log tells it. */
export type AdvanceState = AdvanceAsked & {
  status: AdvanceStatus;
  /** The provider's ids of the payment: its paymentID and its transaction id (bKash's trxID). */
  paymentId: string | null;
  trxId: string | null;
  /** The paying wallet as the provider shows it (bKash: the customer's number, maybe masked). */
  payer: string | null;
  paidAt: Date | null;
  /** Paid after the hold had lapsed: the order stayed canceled, the money is to be refunded. */
  late: boolean;
  refund: { refundTrxId: string; amount: number; reason: string; at: Date } | null;
};

export type PaymentEvent =
  /** The provider confirmed the payment (the server executed it or read its status): the order is Pending now. */
  | { type: 'AdvancePaid'; payload: { provider: 'bkash'; paymentId: string; trxId: string; amount: number; payer?: string } }
  /** The hold ran out unpaid: the order is canceled and gives its stock back. */
  | { type: 'PaymentExpired'; payload: { stockReturned: StockLine[] } }
  /** An admin refunded the advance through the provider: its refund transaction, the amount and the reason. */
  | { type: 'AdvanceRefunded'; payload: { provider: 'bkash'; refundTrxId: string; amount: number; reason: string } };

export type PaymentCommand =
  | { type: 'RecordAdvancePayment'; actor: Actor; payment: { provider: 'bkash'; paymentId: string; trxId: string; amount: number; payer: string | null } }
  | { type: 'ExpireHold'; actor: Actor; now: Date }
  | { type: 'RecordRefund'; actor: Actor; refund: { provider: 'bkash'; refundTrxId: string; amount: number; reason: string } };
export const paymentCommandTypes: ReadonlySet<string> = new Set(['RecordAdvancePayment', 'ExpireHold', 'RecordRefund']);

/** What the payment rules read of an order. */
export type AdvanceSubject = {
  status: 'Pending' | 'Confirmed' | 'Canceled';
  deleted?: true;
  advance?: AdvanceState;
  placed: { stockTaken?: StockLine[] };
  delivery?: { status: string; returnReceivedAt: Date | null };
};

/** The advance as it starts: asked, not paid. */
export const advanceAwaiting = (asked: AdvanceAsked): AdvanceState => ({ ...asked, status: 'awaiting', paymentId: null, trxId: null, payer: null, paidAt: null, late: false, refund: null });

/** An advance paid and not refunded: the shop holds the shopper's money. */
export const advanceHeld = (order: Pick<AdvanceSubject, 'advance'>): boolean => order.advance?.status === 'paid';

/** The cash the courier collects: the total less an advance paid (and not refunded). */
export const cashOnDelivery = (total: number, advance: AdvanceState | undefined): number => (advance?.status === 'paid' ? Math.max(0, total - advance.amount) : total);

const notAllowed = (reason: string): AppError => appError('ordering/illegal-transition', `Not allowed: ${reason}.`);
const notFound = (): AppError => appError('ordering/order-not-found', 'This order does not exist (any more).');

/**
 * The payment rules. Only the shop itself (role `system`: the server that confirmed a payment with
 * the provider, the hold's timer) records a payment or an expiry; only an admin a refund.
 * - A payment is recorded once: the same transaction again decides nothing; another is refused.
 *   Its amount must be the advance asked. A payment confirmed after the hold lapsed is recorded
 *   all the same (the money came in), and the order stays canceled with its advance to refund.
 * - A hold expires only while awaiting, and only once its time has come.
 * - A refund needs an advance held and an order that will not be delivered: canceled, or its
 *   parcel returned; at most the amount paid.
 */
export function decidePayment(state: AdvanceSubject | null, command: PaymentCommand): Result<PaymentEvent[], AppError> {
  if (state === null || state.deleted === true) return err(notFound());
  const advance = state.advance;
  const { role } = command.actor;
  switch (command.type) {
    case 'RecordAdvancePayment': {
      if (role !== 'system') return err(notFound());
      if (!advance) return err(notAllowed('this order asked no advance'));
      const { payment } = command;
      if (advance.trxId !== null) return advance.trxId === payment.trxId ? ok([]) : err(notAllowed(`this advance was paid already (${advance.trxId})`));
      if (payment.amount !== advance.amount) return err(notAllowed(`the payment of ${payment.amount} BDT is not the advance of ${advance.amount} BDT`));
      const payer = payment.payer ? { payer: payment.payer.slice(0, 20) } : {};
      return ok([{ type: 'AdvancePaid', payload: { provider: payment.provider, paymentId: payment.paymentId.slice(0, 100), trxId: payment.trxId.slice(0, 100), amount: payment.amount, ...payer } }]);
    }
    case 'ExpireHold': {
      if (role !== 'system') return err(notFound());
      if (!advance || advance.status !== 'awaiting') return ok([]);
      if (command.now.getTime() < new Date(advance.holdUntil).getTime()) return err(notAllowed('the hold has not run out yet'));
      return ok([{ type: 'PaymentExpired', payload: { stockReturned: state.placed.stockTaken ?? [] } }]);
    }
    case 'RecordRefund': {
      if (!actorCan(command.actor, 'money.manage')) return err(role === 'customer' ? notFound() : notAllowed('only those who keep the money refund'));
      if (!advance || advance.status === 'awaiting' || advance.status === 'expired') return err(notAllowed('this order has no advance paid'));
      if (advance.status === 'refunded') return err(notAllowed('this advance was refunded already'));
      const returned = state.delivery?.status === 'returned';
      if (state.status !== 'Canceled' && !returned) return err(notAllowed('only a canceled order, or one whose parcel came back, can have its advance refunded'));
      const { refund } = command;
      if (!Number.isInteger(refund.amount) || refund.amount < 1 || refund.amount > advance.amount) return err(appError('http/validation', `A refund is from 1 to ${advance.amount} BDT, the advance paid.`));
      return ok([{ type: 'AdvanceRefunded', payload: { provider: refund.provider, refundTrxId: refund.refundTrxId.slice(0, 100), amount: refund.amount, reason: refund.reason.slice(0, 200) } }]);
    }
  }
}

/** A payment event applied to the advance (a fold checks nothing). */
export function evolveAdvance(advance: AdvanceState, event: PaymentEvent, at: Date, lapsed: boolean): AdvanceState {
  switch (event.type) {
    case 'AdvancePaid':
      return { ...advance, status: 'paid', paymentId: event.payload.paymentId, trxId: event.payload.trxId, payer: event.payload.payer ?? null, paidAt: at, late: lapsed };
    case 'PaymentExpired':
      return { ...advance, status: 'expired' };
    case 'AdvanceRefunded':
      return { ...advance, status: 'refunded', refund: { refundTrxId: event.payload.refundTrxId, amount: event.payload.amount, reason: event.payload.reason, at } };
  }
}
