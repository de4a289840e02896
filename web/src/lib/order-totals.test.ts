import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_FEE, deliveryFeeFor, discountFor, orderTotals, subtotalOf } from './order-totals';

describe('checkout totals (the server rule)', () => {
  it('rounds the discount to the nearest taka, halves up', () => {
    expect(discountFor(1000, 10)).toBe(100);
    expect(discountFor(1005, 10)).toBe(101); // 100.5 -> 101
    expect(discountFor(1004, 10)).toBe(100); // 100.4 -> 100
    expect(discountFor(999, 12.5)).toBe(125); // 124.875 -> 125
    expect(discountFor(4, 12.5)).toBe(1); // 0.5 -> 1
    expect(discountFor(3, 12.5)).toBe(0); // 0.375 -> 0
    expect(discountFor(1399, 33.33)).toBe(466); // 466.2867 -> 466
  });

  it('holds percentages with two decimals exactly (no floating-point drift)', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point; the basis points are still 29.
    expect(discountFor(1_000_000, 0.29)).toBe(2900);
    expect(discountFor(200, 1.15)).toBe(2); // 2.3 -> 2
    expect(discountFor(1000, 1.05)).toBe(11); // 10.5 -> 11
  });

  it('gives no discount without a coupon and never more than the subtotal', () => {
    expect(discountFor(1500, 0)).toBe(0);
    expect(discountFor(0, 50)).toBe(0);
    expect(discountFor(1500, 100)).toBe(1500);
    for (let subtotal = 0; subtotal < 500; subtotal += 7) {
      for (const percent of [1, 2.5, 33.33, 50, 99.99, 100]) {
        const discount = discountFor(subtotal, percent);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(subtotal);
        expect(Math.abs(discount - (subtotal * percent) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
  });

  it('uses the spec fees, 100 BDT until a location is chosen', () => {
    expect(deliveryFeeFor('Inside Dhaka')).toBe(60);
    expect(deliveryFeeFor('Suburbs Dhaka')).toBe(80);
    expect(deliveryFeeFor('Outside Dhaka')).toBe(100);
    expect(deliveryFeeFor('')).toBe(DEFAULT_DELIVERY_FEE);
    expect(DEFAULT_DELIVERY_FEE).toBe(100);
  });

  it('total = subtotal - discount + fee', () => {
    const subtotal = subtotalOf([
      { unitPrice: 1400, quantity: 2 },
      { unitPrice: 350, quantity: 1 },
    ]);
    expect(subtotal).toBe(3150);
    expect(orderTotals(subtotal, 10, 'Inside Dhaka')).toEqual({ subtotal: 3150, discountPercent: 10, discount: 315, fee: 60, total: 2895 });
    expect(orderTotals(subtotal, 0, '')).toEqual({ subtotal: 3150, discountPercent: 0, discount: 0, fee: 100, total: 3250 });
  });
});
