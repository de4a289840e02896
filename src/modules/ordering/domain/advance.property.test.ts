import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from './actor.js';
import { cashOnDelivery, type PaymentCommand } from './advance.js';
import { decide, evolve, fold, initialState, stockReturnedBy, type OrderCommand, type OrderState, type PlacedSnapshot, type RecordedEvent } from './order.js';

// Issue 35, decision 061: an order that waits for its advance. Whatever arrives, in whatever order
// and however often (payments confirmed twice or with another transaction, holds expiring early
// or late, refunds asked at any time, status commands by anyone), the order is listed only once
// paid, is paid at most once and with the amount asked, is refunded at most once and never more
// than was paid, gives its stock back at most once and never more than it took, and a lapsed
// order never comes back to Pending.

const taken = [{ productId: 'p1', size: 'M', color: '', quantity: 2 }];
const holdUntil = new Date(30 * 60_000);
const placed: PlacedSnapshot = {
  owner: { userId: 'u1', email: 'rina@example.com' },
  name: 'Rina',
  phone: '+8801712345678',
  address: 'Road 1',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountBasisPoints: 0,
  lines: [{ productId: 'p1', title: 'Fox', category: 'Plush', image: '', size: 'M', color: '', quantity: 2, unitPrice: 500, price: 1000 }],
  subtotal: 1000,
  discount: 0,
  fee: 60,
  total: 1060,
  stockTaken: taken,
  orderNumber: 10001,
  advance: { provider: 'bkash', amount: 60, reason: 'rule', holdUntil: holdUntil.toISOString() },
};
const customer: Actor = { userId: 'u1', email: 'rina@example.com', role: 'customer' };
const admin: Actor = { userId: 'a1', email: 'boss@shop.test', role: 'admin' };
const shop = systemActor('bkash');

const actorArb = fc.constantFrom(customer, admin, shop);
const commandArb: fc.Arbitrary<OrderCommand> = fc.oneof(
  fc.record({
    type: fc.constant('RecordAdvancePayment' as const),
    actor: actorArb,
    payment: fc.record({ provider: fc.constant('bkash' as const), paymentId: fc.constantFrom('P1', 'P2'), trxId: fc.constantFrom('T1', 'T2'), amount: fc.constantFrom(60, 59, 1060), payer: fc.constant(null) }),
  }),
  fc.record({ type: fc.constant('ExpireHold' as const), actor: actorArb, now: fc.integer({ min: 0, max: 60 }).map((m) => new Date(m * 60_000)) }),
  fc.record({
    type: fc.constant('RecordRefund' as const),
    actor: actorArb,
    refund: fc.record({ provider: fc.constant('bkash' as const), refundTrxId: fc.constantFrom('R1', 'R2'), amount: fc.integer({ min: -5, max: 80 }), reason: fc.constant('x') }),
  }),
  fc.record({ type: fc.constantFrom('ConfirmOrder' as const, 'CancelOrder' as const, 'RemoveOrder' as const), actor: actorArb }),
) as fc.Arbitrary<OrderCommand>;

function run(commands: readonly OrderCommand[]): { state: OrderState; events: RecordedEvent[]; states: OrderState[] } {
  const events: RecordedEvent[] = [{ type: 'Placed', payload: placed, orderId: 'o1', seq: 1, actor: customer, at: new Date(0) }];
  let state = evolve(initialState, events[0]!);
  const states = [state];
  for (const command of commands) {
    const decided = decide(state, command);
    if (!decided.ok) continue;
    for (const event of decided.value) {
      const recorded = { ...event, orderId: 'o1', seq: state.version + 1, actor: command.actor, at: new Date(state.version * 60_000) } as RecordedEvent;
      events.push(recorded);
      state = evolve(state, recorded);
      states.push(state);
    }
  }
  return { state, events, states };
}

describe('an order that waits for its advance (issue 35)', () => {
  it('is off every list until paid, is paid once with the amount asked, refunded once at most what was paid, and gives its stock back at most once', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 12 }), (commands) => {
        const { state, events, states } = run(commands);
        const paid = events.filter((e) => e.type === 'AdvancePaid');
        const refunded = events.filter((e) => e.type === 'AdvanceRefunded');
        expect(paid.length).toBeLessThanOrEqual(1);
        for (const e of paid) expect(e.type === 'AdvancePaid' && e.payload.amount).toBe(60);
        expect(refunded.length).toBeLessThanOrEqual(paid.length);
        for (const e of refunded) expect(e.type === 'AdvanceRefunded' && e.payload.amount >= 1 && e.payload.amount <= 60).toBe(true);
        // Only the shop records payments and expiries; only an admin refunds.
        for (const e of events) {
          if (e.type === 'AdvancePaid' || e.type === 'PaymentExpired') expect(e.actor.role).toBe('system');
          if (e.type === 'AdvanceRefunded') expect(e.actor.role).toBe('admin');
        }
        // Listed (not removed) only once paid; nothing but its payment or its expiry happens before.
        for (const s of states) if (s.advance?.status === 'awaiting') expect(s.removed).toBe(true);
        const firstMove = events.findIndex((e) => e.type !== 'Placed');
        if (firstMove > 0) expect(['AdvancePaid', 'PaymentExpired']).toContain(events[firstMove]!.type);
        // A lapsed order never comes back to Pending.
        const lapsedAt = events.findIndex((e) => e.type === 'PaymentExpired');
        if (lapsedAt > 0) for (const s of states.slice(lapsedAt)) expect(s.status).toBe('Canceled');
        // Stock back at most once, never more than taken.
        const back = events.flatMap((e) => stockReturnedBy(e)).reduce((n, l) => n + l.quantity, 0);
        expect(back === 0 || back === 2).toBe(true);
        // The fold of the events is the state.
        expect(fold(events)).toEqual(state);
        // The courier collects the total less an advance paid.
        expect(cashOnDelivery(1060, state.advance)).toBe(state.advance?.status === 'paid' ? 1000 : 1060);
      }),
    );
  });

  it('expires only once its hold ran out, and only unpaid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.boolean(), (minute, pay) => {
        const commands: PaymentCommand[] = [];
        if (pay) commands.push({ type: 'RecordAdvancePayment', actor: shop, payment: { provider: 'bkash', paymentId: 'P1', trxId: 'T1', amount: 60, payer: null } });
        commands.push({ type: 'ExpireHold', actor: shop, now: new Date(minute * 60_000) });
        const { events } = run(commands);
        const expired = events.some((e) => e.type === 'PaymentExpired');
        expect(expired).toBe(!pay && minute >= 30);
      }),
    );
  });

  it('records a payment confirmed after the hold lapsed, leaves the order canceled and lists it for its refund', () => {
    const { state } = run([
      { type: 'ExpireHold', actor: shop, now: holdUntil },
      { type: 'RecordAdvancePayment', actor: shop, payment: { provider: 'bkash', paymentId: 'P1', trxId: 'T1', amount: 60, payer: '01770618575' } },
    ]);
    expect(state).toMatchObject({ status: 'Canceled', removed: false, advance: { status: 'paid', late: true, trxId: 'T1', payer: '01770618575' } });
    const refunded = run([
      { type: 'ExpireHold', actor: shop, now: holdUntil },
      { type: 'RecordAdvancePayment', actor: shop, payment: { provider: 'bkash', paymentId: 'P1', trxId: 'T1', amount: 60, payer: null } },
      { type: 'RecordRefund', actor: admin, refund: { provider: 'bkash', refundTrxId: 'R1', amount: 60, reason: 'late' } },
    ]).state;
    expect(refunded.advance).toMatchObject({ status: 'refunded', refund: { refundTrxId: 'R1', amount: 60 } });
  });
});
