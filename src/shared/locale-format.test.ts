import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './locale-dates.js';
import { formatDigits, formatMoney, formatNumber, groupLakh, groupThousands, isLang } from './locale-format.js';

describe('money', () => {
  it('writes English with thousands separators, as the SMS does (issue 33: "375,130 BDT")', () => {
    expect(formatMoney(4500, 'en')).toBe('4,500 BDT');
    expect(formatMoney(375130, 'en')).toBe('375,130 BDT');
    expect(formatMoney(0, 'en')).toBe('0 BDT');
    expect(formatMoney(999, 'en')).toBe('999 BDT');
    expect(formatMoney(1234567, 'en')).toBe('1,234,567 BDT');
  });

  it('writes Bengali in Bengali digits with lakh grouping', () => {
    expect(formatMoney(4500, 'bn')).toBe('৪,৫০০ টাকা');
    expect(formatMoney(123450, 'bn')).toBe('১,২৩,৪৫০ টাকা');
    expect(formatMoney(0, 'bn')).toBe('০ টাকা');
    expect(formatMoney(999, 'bn')).toBe('৯৯৯ টাকা');
    expect(formatMoney(10_000_000, 'bn')).toBe('১,০০,০০,০০০ টাকা');
  });

  it('rounds to whole taka', () => {
    expect(formatMoney(4499.5, 'en')).toBe('4,500 BDT');
    expect(formatMoney(4499.4, 'bn')).toBe('৪,৪৯৯ টাকা');
  });
});

describe('numbers', () => {
  it('groups English by thousands', () => {
    expect(formatNumber(4500, 'en')).toBe('4,500');
    expect(formatNumber(12.5, 'en')).toBe('12.5');
    expect(formatNumber(-1234.5, 'en')).toBe('-1,234.5');
    expect(formatNumber(1e21, 'en')).toBe('1,000,000,000,000,000,000,000');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123')).toBe('123');
  });

  it('writes a number that names something (an order number) without separators in both languages (issue 33: not "১০,০৮৮")', () => {
    expect(formatDigits(10088, 'bn')).toBe('১০০৮৮');
    expect(formatDigits(10088, 'en')).toBe('10088');
  });

  it('groups Bengali by thousand, lakh and crore', () => {
    expect(formatNumber(1000, 'bn')).toBe('১,০০০');
    expect(formatNumber(12345678, 'bn')).toBe('১,২৩,৪৫,৬৭৮');
    expect(formatNumber(-12.5, 'bn')).toBe('-১২.৫');
    expect(formatNumber(1e21, 'bn')).toBe('১,০০,০০,০০,০০,০০,০০,০০,০০,০০,০০০');
    expect(formatNumber(1e-7, 'bn')).toBe('০.০০০০০০১');
    expect(formatNumber(Number.NaN, 'bn')).toBe('NaN');
  });

  it('groups digits as lakh and crore', () => {
    expect(groupLakh('1')).toBe('1');
    expect(groupLakh('123')).toBe('123');
    expect(groupLakh('1234')).toBe('1,234');
    expect(groupLakh('123456')).toBe('1,23,456');
    expect(groupLakh('1234567')).toBe('12,34,567');
  });

  it('knows its languages', () => {
    expect(isLang('bn')).toBe(true);
    expect(isLang('en')).toBe(true);
    expect(isLang('fr')).toBe(false);
  });
});

describe('dates in Dhaka time', () => {
  // 07:49 UTC is 13:49 in Dhaka; 20:30 UTC is already the next day there.
  const afternoon = new Date(Date.UTC(2025, 10, 21, 7, 49));
  const lateEvening = '2025-11-21T20:30:00.000Z';

  it('writes English as the web does (en-GB, medium)', () => {
    expect(formatDate(afternoon, 'en')).toBe('21 Nov 2025');
    expect(formatDateTime(afternoon, 'en')).toBe('21 Nov 2025, 13:49');
    expect(formatDateTime(lateEvening, 'en')).toBe('22 Nov 2025, 02:30');
    expect(formatDate(lateEvening, 'en')).toBe('22 Nov 2025');
  });

  it('writes Bengali with Bengali digits, month names and a 24-hour clock', () => {
    expect(formatDate(afternoon, 'bn')).toBe('২১ নভে, ২০২৫');
    expect(formatDateTime(afternoon, 'bn')).toBe('২১ নভে, ২০২৫, ১৩:৪৯');
    expect(formatDateTime(lateEvening, 'bn')).toBe('২২ নভে, ২০২৫, ০২:৩০');
  });

  it('reads a bare day as that day in Dhaka', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('1 Jan 2026');
    expect(formatDate('2026-01-01', 'bn')).toBe('১ জানু, ২০২৬');
  });

  it('gives an unreadable date back as it is', () => {
    expect(formatDateTime('not a date', 'bn')).toBe('not a date');
    expect(formatDate('', 'en')).toBe('');
  });
});
