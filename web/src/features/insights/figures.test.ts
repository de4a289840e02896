import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../../src/shared/locale-format';
import { interpret, type CompiledMessage, type MessageValues } from '../../lib/i18n/interpret';
import { axisLabel, bucketLabel, chartSummary, compactTaka, formatShare, formatTaka, lowVariantsText, type Words } from './figures';
import bnMessages from './messages/insights.bn.json';
import enMessages from './messages/insights.en.json';
import type { InsightsId } from './messages/insights';

/** What useT(insightsMessages) gives a component, in `lang`, from the catalogues as written. */
const wordsIn = (lang: Lang): Words => {
  const catalogue: Record<string, string> = lang === 'bn' ? bnMessages : enMessages;
  return { lang, t: (id: InsightsId, values: MessageValues = {}) => interpret(compileMessage(catalogue[id]!) as CompiledMessage, values, lang) };
};
const en = wordsIn('en');
const bn = wordsIn('bn');

describe('figures', () => {
  it('writes taka as the shop writes prices', () => {
    expect(formatTaka(4500, 'en')).toBe('4,500 BDT');
    expect(formatTaka(0, 'en')).toBe('0 BDT');
  });

  it('writes a share as a percent with at most one decimal', () => {
    expect(formatShare(0, 'en')).toBe('0%');
    expect(formatShare(0.125, 'en')).toBe('12.5%');
    expect(formatShare(1 / 3, 'en')).toBe('33.3%');
    expect(formatShare(1, 'en')).toBe('100%');
    expect(formatShare(Number.NaN, 'en')).toBe('0%');
  });

  it('shortens axis amounts for a phone', () => {
    expect(compactTaka(950, en)).toBe('950');
    expect(compactTaka(9500, en)).toBe('9500');
    expect(compactTaka(45_000, en)).toBe('45k');
    expect(compactTaka(123_456, en)).toBe('123.5k');
    expect(compactTaka(1_250_000, en)).toBe('1.3M');
  });
});

describe('bucket labels', () => {
  it('name a day, a week by its Monday, a month', () => {
    expect(bucketLabel('2026-11-25', 'day', en)).toBe('25 Nov 2026');
    expect(bucketLabel('2026-11-22', 'week', en)).toBe('Week of 22 Nov 2026');
    expect(bucketLabel('2026-11-01', 'month', en)).toBe('Nov 2026');
    expect(axisLabel('2026-01-05', 'day', 'en')).toBe('5 Jan');
    expect(axisLabel('2026-01-05', 'week', 'en')).toBe('5 Jan');
    expect(axisLabel('2026-01-01', 'month', 'en')).toBe('Jan 2026');
  });

  it('sum the chart up for a screen reader', () => {
    const points = [
      { start: '2026-11-01', revenue: 1000 },
      { start: '2026-11-02', revenue: 3500 },
      { start: '2026-11-03', revenue: 0 },
    ];
    expect(chartSummary(points, 'day', '2026-11-01', '2026-11-03', en)).toBe(
      'Confirmed revenue by day from 1 Nov 2026 to 3 Nov 2026: 4,500 BDT in total, the most 3,500 BDT in 2 Nov 2026.',
    );
    expect(chartSummary([], 'month', '2026-01-01', '2026-11-25', en)).toBe('Confirmed revenue by month from 1 Jan 2026 to 25 Nov 2026: no confirmed sales.');
  });
});

describe('low variants', () => {
  const v = (size: string, color: string, stock: number) => ({ size, color, stock });
  it('lists those at 5 or fewer, fewest first, three at most', () => {
    expect(lowVariantsText([v('M', 'Red', 2), v('L', '', 0), v('S', 'Blue', 9)], en)).toBe('L: sold out · M, Red: 2');
    expect(lowVariantsText([v('', '', 3)], en)).toBe('3 left');
    expect(lowVariantsText([v('', '', 0)], en)).toBe('Sold out');
    expect(lowVariantsText([v('A', '', 1), v('B', '', 2), v('C', '', 3), v('D', '', 4), v('E', '', 5)], en)).toBe('A: 1 · B: 2 · C: 3 · 2 more');
  });
});

describe('in Bengali', () => {
  it('writes taka, shares and axis amounts in Bengali digits', () => {
    expect(formatTaka(123450, 'bn')).toBe('১,২৩,৪৫০ টাকা');
    expect(formatShare(0.125, 'bn')).toBe('১২.৫%');
    expect(compactTaka(950, bn)).toBe('৯৫০');
    expect(compactTaka(45_000, bn)).toBe('৪৫ হাজার');
    expect(compactTaka(125_000, bn)).toBe('১.৩ লাখ');
    expect(compactTaka(25_000_000, bn)).toBe('২.৫ কোটি');
  });

  it('names days, weeks and months without a Latin letter', () => {
    const labels = [
      bucketLabel('2026-11-25', 'day', bn),
      bucketLabel('2026-11-22', 'week', bn),
      bucketLabel('2026-11-01', 'month', bn),
      axisLabel('2026-01-05', 'day', 'bn'),
      axisLabel('2026-01-01', 'month', 'bn'),
      chartSummary([{ start: '2026-11-02', revenue: 3500 }], 'day', '2026-11-01', '2026-11-03', bn),
      lowVariantsText([{ size: '', color: '', stock: 3 }], bn),
    ];
    expect(labels[0]).toBe('২৫ নভে, ২০২৬');
    expect(labels[1]).toBe('২২ নভে, ২০২৬ থেকে সপ্তাহ');
    expect(labels[2]).toBe('নভে ২০২৬');
    expect(labels[3]).toBe('৫ জানু');
    expect(labels[4]).toBe('জানু ২০২৬');
    expect(labels[5]).toContain('৩,৫০০ টাকা');
    expect(labels[6]).toBe('৩টি বাকি');
    for (const label of labels) expect(label).not.toMatch(/[A-Za-z0-9]/);
  });
});
