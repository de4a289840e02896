import { describe, expect, it } from 'vitest';
import { defaultStaffDiscountMax, parseStaffDiscountMax, staffDiscountMaxOf } from './staff-orders.js';

describe('STAFF_DISCOUNT_MAX', () => {
  it('reads role:taka pairs; a role not named gives nothing', () => {
    const limits = parseStaffDiscountMax(' admin:1000, desk:300 ');
    expect(limits).toEqual({ admin: 1000, desk: 300 });
    if (typeof limits === 'string') throw new Error(limits);
    expect(staffDiscountMaxOf(limits, 'desk')).toBe(300);
    expect(staffDiscountMaxOf(limits, 'packing')).toBe(0);
    expect(staffDiscountMaxOf(limits, 'customer')).toBe(0);
    expect(staffDiscountMaxOf(limits, 'constructor')).toBe(0);
    expect(parseStaffDiscountMax('')).toEqual({});
    expect(parseStaffDiscountMax(defaultStaffDiscountMax)).toEqual({ admin: 1000, desk: 300 });
  });

  it('refuses anything else with a message naming the setting', () => {
    for (const bad of ['admin', 'admin:', 'admin:-5', 'admin:1.5', 'admin=5', 'admin:100000000', 'admin:1,admin:2', '1:1']) {
      expect(parseStaffDiscountMax(bad)).toMatch(/^STAFF_DISCOUNT_MAX must be/);
    }
  });
});
