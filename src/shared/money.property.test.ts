import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, deliveryFees, deliveryZones, discountOf, discountParts, givenAway, isDeliveryZone, isWholeBasisPoints, lineTotal, orderTotals, percentToBasisPoints } from './money.js';

const line = fc.record({ unitPrice: fc.integer({ min: 1, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 99 }) });
const lines = fc.array(line, { minLength: 1, maxLength: 30 });
const bp = fc.integer({ min: 0, max: 10_000 });
const zone = fc.constantFrom(...deliveryZones);

describe('order totals', () => {
  it('0 <= discount <= subtotal, for every subtotal and percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), bp, (subtotal, b) => {
        const d = discountOf(subtotal, b);
        expect(Number.isSafeInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(subtotal);
      }),
    );
  });

  it('rounds the discount to the nearest taka, halves up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), bp, (subtotal, b) => {
        const exact = (subtotal * b) / 10000;
        const d = discountOf(subtotal, b);
        expect(Math.abs(d - exact)).toBeLessThanOrEqual(0.5);
        if (exact - Math.floor(exact) === 0.5) expect(d).toBe(Math.ceil(exact));
      }),
    );
    expect(discountOf(999, 1250)).toBe(125); // 124.875
    expect(discountOf(10, 500)).toBe(1); // 0.5 -> 1
    expect(discountOf(1000, percentToBasisPoints(33.33))).toBe(333);
  });

  it('total = subtotal - discount + fee, with line = unit price x quantity', () => {
    fc.assert(
      fc.property(lines, bp, zone, (ls, b, z) => {
        const t = orderTotals(ls, b, z);
        expect(t.subtotal).toBe(ls.reduce((s, l) => s + l.unitPrice * l.quantity, 0));
        expect(t.total).toBe(t.subtotal - t.discount + t.fee);
        for (const l of ls) expect(lineTotal(l)).toBe(l.unitPrice * l.quantity);
      }),
    );
  });

  it('a 100 % coupon leaves exactly the delivery fee', () => {
    fc.assert(
      fc.property(lines, zone, (ls, z) => {
        const t = orderTotals(ls, 10_000, z);
        expect(t.discount).toBe(t.subtotal);
        expect(t.total).toBe(deliveryFees[z]);
      }),
    );
  });

  it('the fee matches the zone: 60, 80, 100', () => {
    fc.assert(
      fc.property(lines, bp, zone, (ls, b, z) => {
        expect(orderTotals(ls, b, z).fee).toBe({ 'Inside Dhaka': 60, 'Suburbs Dhaka': 80, 'Outside Dhaka': 100 }[z]);
      }),
    );
  });

  it('reads coupon percentages with two decimals as basis points', () => {
    expect(percentToBasisPoints(1)).toBe(100);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0.07 * 100)).toBe(700);
    expect(percentToBasisPoints(100)).toBe(10_000);
    expect(percentToBasisPoints(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
  });

  it('a percentage with at most two decimals is whole basis points and comes back unchanged; a third decimal is not', () => {
    fc.assert(
      fc.property(bp, (b) => {
        const percent = basisPointsToPercent(b);
        expect(isWholeBasisPoints(percent)).toBe(true);
        expect(percentToBasisPoints(percent)).toBe(b);
      }),
    );
    expect(isWholeBasisPoints(0.29)).toBe(true); // 0.29 * 100 is 28.999999999999996
    expect(isWholeBasisPoints(12.345)).toBe(false);
  });

  it('knows the delivery zones, and nothing else', () => {
    for (const z of deliveryZones) expect(isDeliveryZone(z)).toBe(true);
    expect(isDeliveryZone('inside dhaka')).toBe(false);
    expect(isDeliveryZone('')).toBe(false);
  });
});

// Issue 36 (decision 064): an order taken by the shop's staff may get a discount in taka on top of
// the coupon's, and its delivery fee waived. The same function prices it.
describe("order totals with the staff's allowance", () => {
  const allowance = fc.record({ discount: fc.integer({ min: 0, max: 10 ** 9 }), feeWaived: fc.boolean() });

  it('no allowance, or a zero one, prices the order as before', () => {
    fc.assert(
      fc.property(lines, bp, zone, (ls, b, z) => {
        expect(orderTotals(ls, b, z, { discount: 0, feeWaived: false })).toEqual(orderTotals(ls, b, z));
        expect(orderTotals(ls, b, z, undefined)).toEqual(orderTotals(ls, b, z));
      }),
    );
  });

  it('total = subtotal - discount + fee still; 0 <= discount <= subtotal; the total never drops below nothing', () => {
    fc.assert(
      fc.property(lines, bp, zone, allowance, (ls, b, z, a) => {
        const t = orderTotals(ls, b, z, a);
        expect(t.total).toBe(t.subtotal - t.discount + t.fee);
        expect(t.discount).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        expect(t.total).toBeGreaterThanOrEqual(t.fee);
        for (const n of [t.subtotal, t.discount, t.fee, t.total]) expect(Number.isSafeInteger(n)).toBe(true);
      }),
    );
  });

  it("the discount is the coupon's plus the staff's, which is what was given, at most the goods left after the coupon", () => {
    fc.assert(
      fc.property(lines, bp, zone, allowance, (ls, b, z, a) => {
        const plain = orderTotals(ls, b, z);
        const t = orderTotals(ls, b, z, a);
        const parts = discountParts(t);
        expect(parts.coupon).toBe(plain.discount);
        expect(parts.shop).toBe(Math.min(a.discount, plain.subtotal - plain.discount));
        expect(t.discount).toBe(parts.coupon + parts.shop);
      }),
    );
  });

  it('a waived fee is 0 and takes exactly the zone\'s fee off the total; a kept one is the zone\'s', () => {
    fc.assert(
      fc.property(lines, bp, zone, allowance, (ls, b, z, a) => {
        const waived = orderTotals(ls, b, z, { ...a, feeWaived: true });
        const kept = orderTotals(ls, b, z, { ...a, feeWaived: false });
        expect(waived.fee).toBe(0);
        expect(kept.fee).toBe(deliveryFees[z]);
        expect(kept.total - waived.total).toBe(deliveryFees[z]);
      }),
    );
  });

  it('more given never costs the customer more, and what is given away is exactly what the total dropped by', () => {
    fc.assert(
      fc.property(lines, bp, zone, allowance, fc.integer({ min: 0, max: 10 ** 6 }), (ls, b, z, a, more) => {
        const less = orderTotals(ls, b, z, a);
        const bigger = orderTotals(ls, b, z, { ...a, discount: a.discount + more });
        expect(bigger.total).toBeLessThanOrEqual(less.total);
        const plain = orderTotals(ls, b, z);
        expect(givenAway(less, z, a)).toBe(plain.total - less.total);
      }),
    );
  });

  it('examples', () => {
    const ls = [{ unitPrice: 500, quantity: 2 }];
    expect(orderTotals(ls, 1000, 'Inside Dhaka', { discount: 150, feeWaived: true })).toEqual({ subtotal: 1000, discountBasisPoints: 1000, discount: 250, fee: 0, total: 750 });
    // More than the goods left after the coupon: the goods are free, the fee still paid.
    expect(orderTotals(ls, 5000, 'Outside Dhaka', { discount: 900, feeWaived: false })).toEqual({ subtotal: 1000, discountBasisPoints: 5000, discount: 1000, fee: 100, total: 100 });
  });
});
