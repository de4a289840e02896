import { describe, expect, it } from 'vitest';
import { axisLabel, bucketLabel, chartSummary, compactTaka, formatShare, formatTaka, lowVariantsText } from './figures';

describe('figures', () => {
  it('writes taka as the shop writes prices', () => {
    expect(formatTaka(4500)).toBe('4500 BDT');
    expect(formatTaka(0)).toBe('0 BDT');
  });

  it('writes a share as a percent with at most one decimal', () => {
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.125)).toBe('12.5%');
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(Number.NaN)).toBe('0%');
  });

  it('shortens axis amounts for a phone', () => {
    expect(compactTaka(950)).toBe('950');
    expect(compactTaka(9500)).toBe('9500');
    expect(compactTaka(45_000)).toBe('45k');
    expect(compactTaka(123_456)).toBe('123.5k');
    expect(compactTaka(1_250_000)).toBe('1.3M');
  });
});

describe('bucket labels', () => {
  it('name a day, a week by its Monday, a month', () => {
    expect(bucketLabel('2026-11-25', 'day')).toBe('25 Nov 2026');
    expect(bucketLabel('2026-11-22', 'week')).toBe('Week of 22 Nov 2026');
    expect(bucketLabel('2026-11-01', 'month')).toBe('Nov 2026');
    expect(axisLabel('2026-01-05', 'day')).toBe('5 Jan');
    expect(axisLabel('2026-01-05', 'week')).toBe('5 Jan');
    expect(axisLabel('2026-01-01', 'month')).toBe('Jan 2026');
  });

  it('sum the chart up for a screen reader', () => {
    const points = [
      { start: '2026-11-01', revenue: 1000 },
      { start: '2026-11-02', revenue: 3500 },
      { start: '2026-11-03', revenue: 0 },
    ];
    expect(chartSummary(points, 'day', '2026-11-01', '2026-11-03')).toBe(
      'Confirmed revenue by day from 1 Nov 2026 to 3 Nov 2026: 4500 BDT in total, the most 3500 BDT in 2 Nov 2026.',
    );
    expect(chartSummary([], 'month', '2026-01-01', '2026-11-25')).toBe('Confirmed revenue by month from 1 Jan 2026 to 25 Nov 2026: no confirmed sales.');
  });
});

describe('low variants', () => {
  const v = (size: string, color: string, stock: number) => ({ size, color, stock });
  it('lists those at 5 or fewer, fewest first, three at most', () => {
    expect(lowVariantsText([v('M', 'Red', 2), v('L', '', 0), v('S', 'Blue', 9)])).toBe('L: sold out · M, Red: 2');
    expect(lowVariantsText([v('', '', 3)])).toBe('3 left');
    expect(lowVariantsText([v('', '', 0)])).toBe('Sold out');
    expect(lowVariantsText([v('A', '', 1), v('B', '', 2), v('C', '', 3), v('D', '', 4), v('E', '', 5)])).toBe('A: 1 · B: 2 · C: 3 · 2 more');
  });
});
