import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  courierActor,
  decide,
  evolve,
  fold,
  initialState,
  parcelIsFinal,
  parcelRank,
  parcelStatuses,
  stockReturnedBy,
  type Actor,
  type DeliveryCommand,
  type OrderState,
  type ParcelStatus,
  type PlacedSnapshot,
  type RecordedEvent,
} from './order.js';

// Issue 34, decision 060: a parcel's life in the order's log. Whatever a courier reports, in
// whatever order and however often, its status never goes back, nothing moves after a final one,
// a report repeated appends nothing, and a parcel gives its stock back at most once, never more
// than the order took.

const taken = [
  { productId: 'p1', size: 'M', color: '', quantity: 2 },
  { productId: 'p2', size: '', color: '', quantity: 1 },
];
const placed: PlacedSnapshot = {
  owner: { userId: 'u1', email: 'rina@example.com' },
  name: 'Rina',
  phone: '+8801712345678',
  address: 'Road 1',
  district: 'Dhaka',
  thana: 'Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountBasisPoints: 0,
  lines: [
    { productId: 'p1', title: 'Fox', category: 'Plush', image: '', size: 'M', color: '', quantity: 2, unitPrice: 500, price: 1000 },
    { productId: 'p2', title: 'Sleeves', category: 'Cards', image: '', size: '', color: '', quantity: 1, unitPrice: 300, price: 300 },
  ],
  subtotal: 1300,
  discount: 0,
  fee: 60,
  total: 1360,
  stockTaken: taken,
  orderNumber: 10001,
};
const customer: Actor = { userId: 'u1', email: 'rina@example.com', role: 'customer' };
const admin: Actor = { userId: 'a1', email: 'boss@shop.test', role: 'admin' };
const steadfast = courierActor('steadfast');

/** A Confirmed order booked with Steadfast, as its log folds. */
function bookedOrder(): { state: OrderState; events: RecordedEvent[] } {
  const events: RecordedEvent[] = [{ type: 'Placed', payload: placed, orderId: 'o1', seq: 1, actor: customer, at: new Date(0) }];
  let state = evolve(initialState, events[0]!);
  const apply = (command: DeliveryCommand | { type: 'ConfirmOrder'; actor: Actor }) => {
    const decided = decide(state, command);
    if (!decided.ok) throw new Error(decided.error.message);
    for (const e of decided.value) {
      const event = { ...e, orderId: 'o1', seq: state.version + 1, actor: command.actor, at: new Date(state.version + 1) } as RecordedEvent;
      events.push(event);
      state = evolve(state, event);
    }
  };
  apply({ type: 'ConfirmOrder', actor: admin });
  apply({ type: 'RecordBooking', actor: admin, booking: { courier: 'steadfast', consignmentId: 'C1', trackingCode: 'T1', deliveryCharge: 60 } });
  return { state, events };
}

const reportArb = fc.record({
  status: fc.option(fc.constantFrom<ParcelStatus>(...parcelStatuses), { nil: null }),
  collectedAmount: fc.option(fc.integer({ min: -10, max: 5000 }), { nil: null }),
  deliveryCharge: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  message: fc.option(fc.string({ maxLength: 400 }), { nil: null }),
  messageBn: fc.constant(null),
  at: fc.constant(null),
});
const lineArb = fc.record({ productId: fc.constantFrom('p1', 'p2', 'p3'), size: fc.constantFrom('M', ''), color: fc.constant(''), quantity: fc.integer({ min: -1, max: 3 }) });
const commandArb: fc.Arbitrary<DeliveryCommand> = fc.oneof(
  { weight: 6, arbitrary: reportArb.map((report) => ({ type: 'RecordParcelReport' as const, actor: steadfast, report })) },
  { weight: 2, arbitrary: fc.option(fc.array(lineArb, { maxLength: 4 }), { nil: undefined }).map((lines) => ({ type: 'ReceiveReturn' as const, actor: admin, ...(lines ? { lines } : {}) })) },
  { weight: 1, arbitrary: fc.constant({ type: 'CancelBooking' as const, actor: admin }) },
  { weight: 1, arbitrary: fc.constantFrom('PAY-1', 'PAY-2').map((reference) => ({ type: 'RecordSettlement' as const, actor: admin, settlement: { reference, amount: 1300, fee: 60 } })) },
);

/** Runs commands as handleOrderCommand does (decide, then evolve each event); refused ones change nothing. */
function run(commands: readonly DeliveryCommand[]) {
  const start = bookedOrder();
  let state = start.state;
  const events = [...start.events];
  const statuses: Array<ParcelStatus | null> = [state.delivery?.status ?? null];
  const appended: number[] = [];
  for (const command of commands) {
    const decided = decide(state, command);
    appended.push(decided.ok ? decided.value.length : 0);
    if (!decided.ok) continue;
    for (const e of decided.value) {
      const event = { ...e, orderId: 'o1', seq: state.version + 1, actor: command.actor, at: new Date(state.version + 1) } as RecordedEvent;
      events.push(event);
      state = evolve(state, event);
    }
    statuses.push(state.delivery?.status ?? null);
  }
  return { state, events, statuses, appended };
}

describe("a parcel's reports (decision 060)", () => {
  it('never move it back, and nothing moves after a final status, whatever the couriers send', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 20 }), (commands) => {
        const { statuses, events, state } = run(commands);
        let previous: ParcelStatus | null = null;
        for (const status of statuses) {
          // A canceled booking (null) starts the parcel over; otherwise the rank only climbs.
          if (status !== null && previous !== null) {
            expect(parcelRank(status)).toBeGreaterThanOrEqual(parcelRank(previous));
            if (parcelIsFinal(previous)) expect(status).toBe(previous);
          }
          previous = status;
        }
        expect(fold(events)).toEqual(state);
      }),
    );
  });

  it('a report repeated appends nothing the second time', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 10 }), reportArb, (before, report) => {
        const command: DeliveryCommand = { type: 'RecordParcelReport', actor: steadfast, report };
        const { appended } = run([...before, command, command]);
        expect(appended.at(-1)).toBe(0);
      }),
    );
  });

  it('gives stock back at most once, never more of a variant than the order took', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 20 }), (commands) => {
        const { events } = run(commands);
        const back = events.filter((e) => e.type === 'ReturnReceived');
        expect(back.length).toBeLessThanOrEqual(1);
        for (const line of back.flatMap((e) => stockReturnedBy(e))) {
          const took = taken.find((t) => t.productId === line.productId && t.size === line.size && t.color === line.color);
          expect(took).toBeDefined();
          expect(line.quantity).toBeGreaterThan(0);
          expect(line.quantity).toBeLessThanOrEqual(took!.quantity);
        }
      }),
    );
  });

  it('cash collected is whole taka from 0, a whole delivery without a figure collects the whole amount', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 20 }), (commands) => {
        const { state } = run(commands);
        const collected = state.delivery?.collectedAmount;
        if (collected !== null && collected !== undefined) {
          expect(Number.isInteger(collected) && collected >= 0).toBe(true);
        }
      }),
    );
    const { state } = run([{ type: 'RecordParcelReport', actor: steadfast, report: { status: 'delivered', collectedAmount: null, deliveryCharge: null, message: null, messageBn: null, at: null } }]);
    expect(state.delivery?.collectedAmount).toBe(1360);
  });

  it('another courier, a customer, or a stranger cannot report on it; a customer cannot book or receive', () => {
    const { state } = bookedOrder();
    const report = { status: 'delivered' as const, collectedAmount: 10, deliveryCharge: null, message: null, messageBn: null, at: null };
    expect(decide(state, { type: 'RecordParcelReport', actor: courierActor('pathao'), report })).toMatchObject({ ok: false, error: { code: 'ordering/order-not-found' } });
    expect(decide(state, { type: 'RecordParcelReport', actor: customer, report })).toMatchObject({ ok: false, error: { code: 'ordering/order-not-found' } });
    expect(decide(state, { type: 'ReceiveReturn', actor: customer })).toMatchObject({ ok: false });
    expect(decide(state, { type: 'RecordBooking', actor: admin, booking: { courier: 'redx', consignmentId: 'X', trackingCode: 'X', deliveryCharge: null } })).toMatchObject({ ok: false, error: { code: 'ordering/illegal-transition' } });
    // A booked parcel's order cannot be deleted until it is back or paid out.
    expect(decide(state, { type: 'RemoveOrder', actor: admin })).toMatchObject({ ok: false, error: { code: 'ordering/illegal-transition' } });
  });

  it('a Pending or Canceled order cannot be booked', () => {
    const pending = evolve(initialState, { type: 'Placed', payload: placed, orderId: 'o1', seq: 1, actor: customer, at: new Date(0) });
    const booking = { courier: 'steadfast', consignmentId: 'C', trackingCode: 'T', deliveryCharge: null };
    expect(decide(pending, { type: 'RecordBooking', actor: admin, booking })).toMatchObject({ ok: false, error: { code: 'ordering/illegal-transition' } });
    const canceled = evolve(pending, { type: 'Canceled', payload: {}, orderId: 'o1', seq: 2, actor: admin, at: new Date(1) });
    expect(decide(canceled, { type: 'RecordBooking', actor: admin, booking })).toMatchObject({ ok: false });
  });
});
