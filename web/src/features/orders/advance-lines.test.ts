import { describe, expect, it } from 'vitest';
import { advanceLines, type OrderAdvance } from './advance-lines';

const advance = (over: Partial<OrderAdvance>): OrderAdvance => ({
  provider: 'bkash',
  amount: 60,
  reason: 'rule',
  status: 'paid',
  holdUntil: '2026-11-29T10:30:00.000Z',
  trxId: 'TRX60',
  paidAt: '2026-11-29T10:05:00.000Z',
  late: false,
  refund: null,
  ...over,
});

describe("the shopper's lines of an order's advance (issue 35)", () => {
  it('say nothing of an order without one', () => {
    expect(advanceLines(null, 1200)).toEqual([]);
  });

  it('say what was paid by bKash, its transaction, and what is left to pay on delivery', () => {
    expect(advanceLines(advance({}), 1200)).toEqual([
      { id: 'orders.advance.paid', amount: 60, trxId: 'TRX60' },
      { id: 'orders.advance.onDelivery', amount: 1140 },
    ]);
  });

  it('say a refund with its own transaction, and a payment come too late', () => {
    expect(advanceLines(advance({ status: 'refunded', refund: { refundTrxId: 'R1', amount: 50, reason: 'canceled', at: '2026-11-30T08:00:00.000Z' } }), 1200)).toEqual([
      { id: 'orders.advance.paid', amount: 60, trxId: 'TRX60' },
      { id: 'orders.advance.refunded', amount: 50, trxId: 'R1' },
    ]);
    expect(advanceLines(advance({ late: true }), 1200).map((line) => line.id)).toEqual(['orders.advance.paid', 'orders.advance.late']);
  });

  it('say an advance awaited, or one whose time ran out', () => {
    expect(advanceLines(advance({ status: 'awaiting', trxId: null, paidAt: null }), 1200)).toEqual([{ id: 'orders.advance.awaiting', amount: 60 }]);
    expect(advanceLines(advance({ status: 'expired', trxId: null, paidAt: null }), 1200)).toEqual([{ id: 'orders.advance.expired' }]);
  });
});
