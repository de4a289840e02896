import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '../../../shared/money.js';
import { decide, evolve, initialState, type Actor, type ChangeCommand, type OrderLine, type OrderState, type PlacedSnapshot } from '../../ordering/domain/order.js';
import { dhakaDay } from '../../../shared/shop-time.js';
import { bucketOf, bucketStarts, canceledShare, noSales, salesDelta, salesEntry, salesKind, type SalesEntry } from './sales.js';

const admin: Actor = { userId: 'a1', email: 'boss@shop.test', role: 'admin' };
const products = ['p1', 'p2', 'p3'] as const;

const lineArb = fc.record({ productId: fc.constantFrom(...products), quantity: fc.integer({ min: 1, max: 5 }), unitPrice: fc.integer({ min: 1, max: 5000 }), title: fc.constantFrom('Fox', 'Fox v2') });
const orderArb = fc.record({
  owner: fc.constantFrom('u1', 'u2'),
  // Around the Dhaka midnight of 2026-01-01 (18:00 UTC) and across several days.
  placedAt: fc.integer({ min: Date.parse('2025-12-30T00:00:00Z'), max: Date.parse('2026-01-03T00:00:00Z') }),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  outside: fc.boolean(),
});
type OrderInput = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;
const commandArb = fc.record({ order: fc.nat(), command: fc.constantFrom<ChangeCommand>('ConfirmOrder', 'CancelOrder', 'RemoveOrder'), role: fc.constantFrom<Actor['role']>('admin', 'customer') });

function snapshot(o: OrderInput): PlacedSnapshot {
  const lines: OrderLine[] = o.lines.map((l) => ({ productId: l.productId, title: l.title, category: 'Plush', image: '', size: '', color: '', quantity: l.quantity, unitPrice: l.unitPrice, price: l.unitPrice * l.quantity }));
  const zone = o.outside ? 'Outside Dhaka' : 'Inside Dhaka';
  return { owner: { userId: o.owner, email: `${o.owner}@example.com` }, name: 'N', phone: '01712345678', address: 'A', deliveryLocation: zone, paymentMethod: 'Cash On Delivery', appliedCoupon: null, lines, ...orderTotals(lines, 0, zone) };
}

type Cells = Map<string, number>;
/** Adds an entry's rows, field by field, into flat cells. */
function apply(cells: Cells, entry: SalesEntry) {
  const add = (key: string, n: number) => {
    const v = (cells.get(key) ?? 0) + n;
    if (v === 0) cells.delete(key);
    else cells.set(key, v);
  };
  for (const r of entry.days) {
    add(`d|${r.day}|${r.kind}|orders`, r.orders);
    add(`d|${r.day}|${r.kind}|amount`, r.amount);
  }
  for (const r of entry.products) {
    add(`p|${r.day}|${r.productId}|orders`, r.orders);
    add(`p|${r.day}|${r.productId}|quantity`, r.quantity);
    add(`p|${r.day}|${r.productId}|revenue`, r.revenue);
  }
}

describe('the sales projection', () => {
  it('the deltas of any legal sequence of events add up to the entries of the final states, never below zero', () => {
    fc.assert(
      fc.property(fc.array(orderArb, { minLength: 1, maxLength: 5 }), fc.array(commandArb, { maxLength: 20 }), (orders, commands) => {
        const cells: Cells = new Map();
        const states: OrderState[] = [];
        orders.forEach((o, i) => {
          const placed = snapshot(o);
          const actor: Actor = { userId: o.owner, email: `${o.owner}@example.com`, role: 'customer' };
          const decided = decide(initialState, { type: 'PlaceOrder', data: placed, actor });
          if (!decided.ok) throw new Error(decided.error.message);
          const state = evolve(initialState, { ...decided.value[0]!, orderId: `o${i}`, seq: 1, actor, at: new Date(o.placedAt) });
          apply(cells, salesDelta(null, state));
          states.push(state);
        });
        for (const { order, command, role } of commands) {
          const i = order % states.length;
          const before = states[i]!;
          const actor = role === 'admin' ? admin : { userId: before.placed.owner.userId, email: before.placed.owner.email, role };
          const decided = decide(before, { type: command, actor });
          if (!decided.ok) continue;
          let after = before;
          for (const event of decided.value) after = evolve(after, { ...event, orderId: before.id, seq: after.version + 1, actor, at: new Date(before.placedAt.getTime() + 3_600_000 * after.version) });
          apply(cells, salesDelta(before, after));
          states[i] = after;
          for (const [key, value] of cells) expect(value, key).toBeGreaterThan(0);
        }
        const recomputed: Cells = new Map();
        for (const state of states) apply(recomputed, salesEntry(state));
        expect(Object.fromEntries(cells)).toEqual(Object.fromEntries(recomputed));
      }),
      { numRuns: 300 },
    );
  });

  it('kinds: a customer cancel is canceled, an admin delete of a Pending or Confirmed order is deleted, of a Canceled one stays canceled', () => {
    expect(salesKind({ status: 'Pending', removed: false })).toBe('pending');
    expect(salesKind({ status: 'Confirmed', removed: false })).toBe('confirmed');
    expect(salesKind({ status: 'Canceled', removed: true })).toBe('canceled');
    expect(salesKind({ status: 'Pending', removed: true })).toBe('deleted');
    expect(salesKind({ status: 'Confirmed', removed: true })).toBe('deleted');
  });

  it('days are Dhaka days; weeks start on Sunday; buckets are clipped to from', () => {
    expect(dhakaDay(new Date('2026-01-01T17:59:59Z'))).toBe('2026-01-01');
    expect(dhakaDay(new Date('2026-01-01T18:00:00Z'))).toBe('2026-01-02');
    // 2026-01-01 is a Thursday: its week started on Sunday 2025-12-28.
    expect(bucketOf('2026-01-01', '2025-01-01', 'week')).toBe('2025-12-28');
    expect(bucketOf('2026-01-01', '2025-12-31', 'week')).toBe('2025-12-31');
    expect(bucketStarts('2025-12-31', '2026-01-12', 'week', 400)).toEqual(['2025-12-31', '2026-01-04', '2026-01-11']);
    expect(bucketStarts('2025-11-15', '2026-02-01', 'month', 400)).toEqual(['2025-11-15', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(bucketStarts('2026-01-01', '2026-01-01', 'day', 400)).toEqual(['2026-01-01']);
    expect(bucketStarts('2020-01-01', '2026-01-01', 'day', 400)).toHaveLength(401);
    expect(canceledShare(noSales())).toBe(0);
  });
});
