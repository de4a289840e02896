import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '../../../shared/money.js';
import { decide, visibleTo, type Actor, type PlacedSnapshot } from './order.js';
import { allowanceOf, customerOwner } from './taken.js';

// Issue 36 (decision 064): what the decider asks of an order the staff take for a customer record.
const admin: Actor = { userId: 'a1', email: 'boss@shop.test', role: 'admin' };
const customer: Actor = { userId: 'u1', email: 'rina@example.com', role: 'customer' };
const lines = [{ productId: 'p1', title: 'Fox', category: 'Plush', image: '', size: '', color: '', quantity: 2, unitPrice: 500, price: 1000 }];
const taken = (over: Partial<PlacedSnapshot> = {}, given = { discount: 100, feeWaived: true }): PlacedSnapshot => {
  const totals = orderTotals(lines, 0, 'Inside Dhaka', given);
  return {
    owner: { userId: customerOwner('c1'), email: '' },
    name: 'Karim',
    phone: '+8801812345678',
    address: 'Shop 3',
    deliveryLocation: 'Inside Dhaka',
    paymentMethod: 'Cash On Delivery',
    appliedCoupon: null,
    discountBasisPoints: 0,
    lines,
    subtotal: totals.subtotal,
    discount: totals.discount,
    fee: totals.fee,
    total: totals.total,
    taken: {
      channel: 'phone',
      by: { userId: admin.userId, email: admin.email },
      ...(given.discount ? { discount: { amount: given.discount, reason: 'Regular' } } : {}),
      ...(given.feeWaived ? { feeWaived: { reason: 'Counter' } } : {}),
    },
    ...over,
  };
};
const place = (data: PlacedSnapshot, actor: Actor) => decide(null, { type: 'PlaceOrder', data, actor });

describe('an order taken by the staff', () => {
  it('is placed by the shop for a customer record, naming who took it, priced with what was given', () => {
    expect(place(taken(), admin).ok).toBe(true);
    expect(allowanceOf(taken())).toEqual({ discount: 100, feeWaived: true });
    expect(allowanceOf({})).toBeUndefined();
  });

  it('is refused from a customer, in another staff member\'s name, owned by an account, with an advance, or priced without what was given', () => {
    const refused = (data: PlacedSnapshot, actor: Actor) => {
      const decided = place(data, actor);
      return decided.ok ? null : decided.error.code;
    };
    expect(refused(taken(), customer)).toBe('ordering/illegal-transition');
    expect(refused(taken({ taken: { channel: 'phone', by: { userId: 'a2', email: 'other@shop.test' } } }), admin)).toBe('ordering/illegal-transition');
    expect(refused(taken({ owner: { userId: 'u1', email: 'rina@example.com' } }), admin)).toBe('ordering/illegal-transition');
    expect(refused(taken({ advance: { provider: 'bkash', amount: 60, reason: 'rule', holdUntil: '2026-01-01T00:00:00.000Z' } }), admin)).toBe('ordering/illegal-transition');
    // The totals as if nothing was given: they do not follow the money rules for this order.
    const plain = orderTotals(lines, 0, 'Inside Dhaka');
    expect(refused(taken({ discount: plain.discount, fee: plain.fee, total: plain.total }), admin)).toBe('ordering/illegal-transition');
  });

  it('whatever was given, the snapshot priced by orderTotals is accepted, and never one priced otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.boolean(), fc.integer({ min: 1, max: 500 }), (discount, feeWaived, off) => {
        const data = taken({}, { discount, feeWaived });
        expect(place(data, admin).ok).toBe(true);
        expect(place({ ...data, total: data.total + off }, admin).ok).toBe(false);
      }),
    );
  });

  it('is seen by the account that claimed its record, and by no other customer', () => {
    const order = { placed: taken() };
    expect(visibleTo(order, customer)).toBe(false);
    expect(visibleTo(order, customer, [customerOwner('c2')])).toBe(false);
    expect(visibleTo(order, customer, [customerOwner('c1')])).toBe(true);
    expect(visibleTo(order, admin)).toBe(true);
  });
});
