import type { Order } from './api/get-orders';

/** An order's advance by bKash (issue 35), as the API gives it on every order. */
export type OrderAdvance = NonNullable<Order['advance']>;

type AdvanceLineId =
  | 'orders.advance.awaiting'
  | 'orders.advance.paid'
  | 'orders.advance.onDelivery'
  | 'orders.advance.late'
  | 'orders.advance.expired'
  | 'orders.advance.refunded';

/** One line of what the advance came to: its message and the amounts (taka) and ids it names. */
export type AdvanceLine = { id: AdvanceLineId; amount?: number; trxId?: string };

/**
 * What a shopper reads of an order's advance, line by line: paid (with bKash's transaction id) and
 * what is left for the courier; paid too late (the shop refunds it); refunded; not paid in time;
 * still awaited. Nothing for an order without an advance. `total` is the order's amount.
 */
export function advanceLines(advance: OrderAdvance | null, total: number): AdvanceLine[] {
  if (!advance) return [];
  const paid: AdvanceLine = { id: 'orders.advance.paid', amount: advance.amount, ...(advance.trxId ? { trxId: advance.trxId } : {}) };
  switch (advance.status) {
    case 'awaiting':
      return [{ id: 'orders.advance.awaiting', amount: advance.amount }];
    case 'expired':
      return [{ id: 'orders.advance.expired' }];
    case 'paid':
      return advance.late ? [paid, { id: 'orders.advance.late' }] : [paid, { id: 'orders.advance.onDelivery', amount: Math.max(0, total - advance.amount) }];
    case 'refunded': {
      const refund = advance.refund;
      return [paid, { id: 'orders.advance.refunded', amount: refund?.amount ?? advance.amount, ...(refund ? { trxId: refund.refundTrxId } : {}) }];
    }
  }
}
