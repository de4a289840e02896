import { describe, expect, it } from 'vitest';
import {
  bucketCount,
  dashboardSearchWith,
  dashboardStateFromSearch,
  defaultBucket,
  dhakaDay,
  fitRange,
  MAX_BUCKETS,
  presetDays,
  weekStart,
} from './dashboard-state';

const today = '2026-11-25'; // a Wednesday
const read = (query: string) => dashboardStateFromSearch(new URLSearchParams(query), today);
const write = (query: string, change: Parameters<typeof dashboardSearchWith>[1]) => dashboardSearchWith(new URLSearchParams(query), change, today);

describe("the shop's day", () => {
  it('is Dhaka time, UTC+6: 18:00 UTC is already the next day', () => {
    expect(dhakaDay(Date.parse('2026-11-25T17:59:59Z'))).toBe('2026-11-25');
    expect(dhakaDay(Date.parse('2026-11-25T18:00:00Z'))).toBe('2026-11-26');
  });
});

describe('range presets', () => {
  it('end today: 7, 30 and 90 days, both ends included', () => {
    expect(presetDays('7d', today)).toEqual({ from: '2026-11-19', to: today });
    expect(presetDays('30d', today)).toEqual({ from: '2026-10-27', to: today });
    expect(presetDays('90d', today)).toEqual({ from: '2026-08-28', to: today });
  });

  it('12 months is this month and the 11 before it, across a year', () => {
    expect(presetDays('12m', today)).toEqual({ from: '2025-12-01', to: today });
    expect(presetDays('12m', '2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(bucketCount('2025-12-01', today, 'month')).toBe(12);
  });

  it('show days, and months for 12 months; a custom range by its length', () => {
    expect(defaultBucket('90d', '2026-08-28', today)).toBe('day');
    expect(defaultBucket('12m', '2025-12-01', today)).toBe('month');
    expect(defaultBucket('custom', '2026-01-01', '2026-03-31')).toBe('day');
    expect(defaultBucket('custom', '2026-01-01', '2026-12-31')).toBe('week');
    expect(defaultBucket('custom', '2020-01-01', '2026-12-31')).toBe('month');
  });
});

describe('buckets', () => {
  it('weeks run Sunday to Saturday, as the API counts them', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-22');
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2026-11-21')).toBe('2026-11-15');
    expect(bucketCount('2026-11-21', '2026-11-22', 'week')).toBe(2);
    expect(bucketCount('2026-11-22', '2026-11-28', 'week')).toBe(1);
  });

  it(`never asks the API for more than ${MAX_BUCKETS}: a coarser bucket, then fewer months`, () => {
    expect(fitRange('2025-01-01', '2026-12-31', 'day')).toEqual({ from: '2025-01-01', bucket: 'week' });
    expect(fitRange('2000-01-01', '2026-12-31', 'day')).toEqual({ from: '2000-01-01', bucket: 'month' });
    const long = fitRange('2000-01-01', '2200-12-31', 'month');
    expect(long.bucket).toBe('month');
    expect(bucketCount(long.from, '2200-12-31', 'month')).toBe(MAX_BUCKETS);
  });
});

describe('the URL query', () => {
  it('is the last 30 days by day when empty', () => {
    expect(read('')).toEqual({ range: '30d', from: '2026-10-27', to: today, bucket: 'day', topPage: 1, lowPage: 1 });
  });

  it('reads a preset, a bucket and the pages of both lists', () => {
    expect(read('range=12m&bucket=week&topPage=3&lowPage=2')).toEqual({
      range: '12m',
      from: '2025-12-01',
      to: today,
      bucket: 'week',
      topPage: 3,
      lowPage: 2,
    });
  });

  it('reads both days as a custom range, the right way round; one day alone is not a range', () => {
    expect(read('from=2026-11-10&to=2026-11-01')).toMatchObject({ range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: 'day' });
    expect(read('from=2026-11-10')).toMatchObject({ range: '30d', from: '2026-10-27' });
  });

  it('reads what the API would refuse as absent', () => {
    expect(read('range=5y&bucket=hour&topPage=0&lowPage=x&from=2026-02-30&to=2026-11-01')).toEqual(read(''));
    expect(read('from=1999-12-31&to=2026-01-01').range).toBe('30d');
  });

  it('writes a preset without its defaults, back on the first page of top products', () => {
    expect(write('range=90d&bucket=week&topPage=2&lowPage=3', { range: '30d' })).toBe('?lowPage=3');
    expect(write('from=2026-01-01&to=2026-02-01', { range: '12m' })).toBe('?range=12m');
  });

  it('writes a custom range the right way round', () => {
    expect(write('range=7d&topPage=2', { range: 'custom', from: '2026-11-10', to: '2026-11-01' })).toBe('?from=2026-11-01&to=2026-11-10');
  });

  it("writes a bucket only when it is not the range's own", () => {
    expect(write('range=12m', { bucket: 'month' })).toBe('?range=12m');
    expect(write('range=12m', { bucket: 'week' })).toBe('?range=12m&bucket=week');
    expect(write('range=12m&bucket=week', { bucket: 'month' })).toBe('?range=12m');
    expect(write('', { bucket: 'day' })).toBe('');
  });
});
