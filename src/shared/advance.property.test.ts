import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceAmount, advanceApplies, isGoodRecord, parseAdvanceRule, parseAdvanceWhen, productsPrice, type AdvanceRule } from './advance.js';

const totals = fc.record({ subtotal: fc.integer({ min: 0, max: 2_000_000 }), fee: fc.constantFrom(60, 80, 100) }).chain((t) => fc.record({ subtotal: fc.constant(t.subtotal), fee: fc.constant(t.fee), discount: fc.integer({ min: 0, max: t.subtotal }) }));
const rules: fc.Arbitrary<AdvanceRule> = fc.oneof(fc.constant<AdvanceRule>({ kind: 'none' }), fc.constant<AdvanceRule>({ kind: 'delivery-fee' }), fc.integer({ min: 1, max: 100 }).map((percent): AdvanceRule => ({ kind: 'percent', percent })));

describe('advanceAmount', () => {
  it('never asks more than 10 % of the products without escrow, nor more than the whole order with it', () => {
    fc.assert(
      fc.property(rules, totals, fc.boolean(), (rule, t, escrow) => {
        const amount = advanceAmount(rule, t, escrow);
        expect(Number.isInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
        if (!escrow) expect(amount * 100).toBeLessThanOrEqual(productsPrice(t) * 10);
        expect(amount).toBeLessThanOrEqual(productsPrice(t) + t.fee);
        if (rule.kind === 'none') expect(amount).toBe(0);
      }),
    );
  });

  it('asks the delivery fee, or the percentage rounded up, when the cap allows', () => {
    fc.assert(
      fc.property(totals, fc.integer({ min: 1, max: 100 }), (t, percent) => {
        expect(advanceAmount({ kind: 'delivery-fee' }, t, true)).toBe(t.fee);
        const want = Math.ceil((productsPrice(t) * percent) / 100);
        expect(advanceAmount({ kind: 'percent', percent }, t, true)).toBe(want >= 1 ? want : 0);
      }),
    );
    // 10 % of 500 taka of products is 50: the 60 taka fee is capped.
    expect(advanceAmount({ kind: 'delivery-fee' }, { subtotal: 500, discount: 0, fee: 60 }, false)).toBe(50);
    expect(advanceAmount({ kind: 'delivery-fee' }, { subtotal: 1200, discount: 0, fee: 60 }, false)).toBe(60);
    expect(advanceAmount({ kind: 'delivery-fee' }, { subtotal: 9, discount: 0, fee: 60 }, false)).toBe(0);
  });
});

describe('the settings', () => {
  it('reads ADVANCE_PAYMENT and refuses what it does not know', () => {
    expect(parseAdvanceRule('none')).toEqual({ kind: 'none' });
    expect(parseAdvanceRule('delivery-fee')).toEqual({ kind: 'delivery-fee' });
    expect(parseAdvanceRule('percent:5')).toEqual({ kind: 'percent', percent: 5 });
    for (const bad of ['percent:0', 'percent:101', 'percent:', 'fee', 'percent:5.5']) expect(typeof parseAdvanceRule(bad)).toBe('string');
  });

  it('reads ADVANCE_WHEN as any of its conditions', () => {
    expect(parseAdvanceWhen('always')).toEqual({ always: true });
    const when = parseAdvanceWhen('first-order, above:5000');
    if (typeof when === 'string') throw new Error(when);
    expect(advanceApplies(when, { total: 5001, goodRecord: true, firstOrder: false })).toBe(true);
    expect(advanceApplies(when, { total: 5000, goodRecord: false, firstOrder: false })).toBe(false);
    expect(advanceApplies(when, { total: 100, goodRecord: true, firstOrder: true })).toBe(true);
    expect(typeof parseAdvanceWhen('sometimes')).toBe('string');
  });

  it('calls a record good from one delivery and the share delivered', () => {
    expect(isGoodRecord({ delivered: 0, failed: 0 }, 80)).toBe(false);
    expect(isGoodRecord({ delivered: 4, failed: 1 }, 80)).toBe(true);
    expect(isGoodRecord({ delivered: 3, failed: 1 }, 80)).toBe(false);
  });
});
