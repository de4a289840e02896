import { describe, expect, it } from 'vitest';
import { defaultPayout, readReturned, readTaka } from './amounts';

describe('amounts typed on the delivery pages', () => {
  it('reads whole taka in ASCII or Bengali digits, nothing as not given, and refuses the rest', () => {
    expect(readTaka('')).toEqual({ ok: true, value: undefined });
    expect(readTaka('  ')).toEqual({ ok: true, value: undefined });
    expect(readTaka('2000')).toEqual({ ok: true, value: 2000 });
    expect(readTaka('২,০০০')).toEqual({ ok: true, value: 2000 });
    expect(readTaka('0')).toEqual({ ok: true, value: 0 });
    for (const bad of ['-5', '12.5', '1e3', 'abc', '99999999']) expect(readTaka(bad), bad).toEqual({ ok: false });
  });

  it("pays the cash collected less the courier's charge by default, the charge as its fee", () => {
    expect(defaultPayout({ collectedAmount: 2060, deliveryCharge: 60 })).toEqual({ amount: 2000, fee: 60 });
    expect(defaultPayout({ collectedAmount: 50, deliveryCharge: 60 })).toEqual({ amount: 0, fee: 60 });
    expect(defaultPayout({ collectedAmount: 500, deliveryCharge: null })).toEqual({ amount: 500, fee: 0 });
    expect(defaultPayout({ collectedAmount: null, deliveryCharge: null })).toEqual({ amount: 0, fee: 0 });
  });

  it('counts the items that came back: 0 to what was ordered', () => {
    expect(readReturned('', 2)).toBe(0);
    expect(readReturned('1', 2)).toBe(1);
    expect(readReturned('২', 2)).toBe(2);
    expect(readReturned('3', 2)).toBeNull();
    expect(readReturned('-1', 2)).toBeNull();
    expect(readReturned('1.5', 2)).toBeNull();
  });
});
