import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dhakaWallClock } from './shop-time.js';
import { bengaliDateByHand, formatDate, formatDateTime } from './locale-dates.js';
import { formatMoney, formatNumber, fromBengaliDigits, toBengaliDigits } from './locale-format.js';

const taka = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const bengaliDigit = /[\u09e6-\u09ef]/;
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2200, 11, 31) }).map((t) => new Date(t));

describe('Bengali money', () => {
  it('has only Bengali digits, parses back to the amount and groups as lakh and crore', () => {
    fc.assert(
      fc.property(taka, (n) => {
        const text = formatMoney(n, 'bn');
        expect(text.endsWith(' টাকা')).toBe(true);
        const number = text.slice(0, -' টাকা'.length);
        expect(number).not.toMatch(/[0-9]/);
        expect(number).toMatch(/^[\u09e6-\u09ef,]+$/);
        expect(Number(fromBengaliDigits(number).replaceAll(',', ''))).toBe(n);
        // Lakh grouping: the last group three digits, every group before it two, the first one or two.
        const groups = number.split(',');
        expect(groups.at(-1)).toHaveLength(Math.min(3, String(n).length));
        groups.slice(1, -1).forEach((g) => expect(g).toHaveLength(2));
        if (groups.length > 1) expect(groups[0]?.length).toBeGreaterThanOrEqual(1);
        if (groups.length > 1) expect(groups[0]?.length).toBeLessThanOrEqual(2);
        expect(groups[0]).not.toMatch(/^০./);
      }),
    );
  });

  it('agrees with Intl bn-BD where the runtime has it', () => {
    const intl = new Intl.NumberFormat('bn-BD', { numberingSystem: 'beng' });
    fc.assert(fc.property(taka, (n) => {
      expect(formatNumber(n, 'bn')).toBe(intl.format(n));
    }));
  });

  it('English money is the amount grouped by thousands, as en-US writes it, and BDT (issue 33)', () => {
    fc.assert(fc.property(taka, (n) => {
      expect(formatMoney(n, 'en')).toBe(`${n.toLocaleString('en-US')} BDT`);
    }));
  });
});

describe('Bengali digits', () => {
  it('round-trip every ASCII text', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const ascii = s.replace(bengaliDigit, '');
        expect(fromBengaliDigits(toBengaliDigits(ascii))).toBe(ascii);
        expect(toBengaliDigits(ascii)).not.toMatch(/[0-9]/);
      }),
    );
  });
});

describe('Bengali dates', () => {
  it('have no Latin digit or letter, and agree with the hand-made fallback', () => {
    fc.assert(
      fc.property(instant, (at) => {
        for (const text of [formatDate(at, 'bn'), formatDateTime(at, 'bn')]) expect(text).not.toMatch(/[0-9A-Za-z]/);
        expect(formatDateTime(at, 'bn')).toBe(bengaliDateByHand(dhakaWallClock(at), true));
        expect(formatDate(at, 'bn')).toBe(bengaliDateByHand(dhakaWallClock(at), false));
      }),
    );
  });

  it('name the same Dhaka day in both languages', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const wall = dhakaWallClock(at);
        expect(formatDate(at, 'en').startsWith(`${wall.getUTCDate()} `)).toBe(true);
        expect(formatDate(at, 'en').endsWith(` ${wall.getUTCFullYear()}`)).toBe(true);
        expect(fromBengaliDigits(formatDate(at, 'bn')).endsWith(`, ${wall.getUTCFullYear()}`)).toBe(true);
      }),
    );
  });
});
