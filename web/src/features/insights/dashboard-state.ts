import { addDays, calendarDay as dayOf, dhakaDay, weekStart } from '../../../../src/shared/shop-time';
import { pageNumber } from '../../lib/paging';

/**
 * The admin's dashboard home keeps what it shows in the URL query (decision 029), so that Back,
 * reload and a shared link keep it: the chart's range (`range`, or a custom `from`–`to`), its
 * `bucket`, and the pages of its two lists (`topPage`, `lowPage`). Pure: the caller gives today's
 * Dhaka day. The URL is anyone's to type: a value the API would refuse (400) is read as absent.
 */

export type Bucket = 'day' | 'week' | 'month';
export const BUCKETS: readonly Bucket[] = ['day', 'week', 'month'];

export type RangePreset = '7d' | '30d' | '90d' | '12m';
export const RANGE_PRESETS: readonly { value: RangePreset; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '12m', label: '12 months' },
];
export const DEFAULT_RANGE: RangePreset = '30d';

/** The most buckets GET /api/stats/sales answers (more is a 400). */
export const MAX_BUCKETS = 400;

export type DashboardState = {
  /** A preset, or 'custom' when the URL names both days. */
  range: RangePreset | 'custom';
  /** The chart's days, YYYY-MM-DD in Dhaka time, both included, from <= to. */
  from: string;
  to: string;
  bucket: Bucket;
  topPage: number;
  lowPage: number;
};

// The shop's calendar (Dhaka days, weeks from Sunday) is the server's: one pure module for both.
export { addDays, dayOf, dhakaDay, weekStart };

/** Milliseconds of a day's UTC midnight (the day is only a calendar date here). */
export const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayAt = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The first day of the month `months` after (or before) the month of `day`. */
export function addMonths(day: string, months: number): string {
  const at = new Date(dayMs(day));
  return dayAt(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

/** The buckets of a range: days, weeks (Sunday to Saturday) or calendar months it touches. */
export function bucketCount(from: string, to: string, bucket: Bucket): number {
  if (bucket === 'day') return daysIn(from, to);
  if (bucket === 'week') return Math.round((dayMs(weekStart(to)) - dayMs(weekStart(from))) / (7 * DAY_MS)) + 1;
  const [a, b] = [new Date(dayMs(from)), new Date(dayMs(to))];
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
}

/** A preset's days, ending today: 7, 30 or 90 days; 12 months is this month and the 11 before it. */
export function presetDays(range: RangePreset, today: string): { from: string; to: string } {
  switch (range) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m':
      return { from: addMonths(today, -11), to: today };
  }
}

/** The bucket a range is shown in unless the admin picks another: months for a year, weeks past a quarter. */
export function defaultBucket(range: RangePreset | 'custom', from: string, to: string): Bucket {
  if (range === '12m') return 'month';
  if (range !== 'custom') return 'day';
  const days = daysIn(from, to);
  return days <= 92 ? 'day' : days <= 731 ? 'week' : 'month';
}

/**
 * The chosen bucket if the range has at most MAX_BUCKETS of them, else the next coarser one that
 * fits; a range longer than MAX_BUCKETS months keeps its last MAX_BUCKETS months (`from` moves).
 */
export function fitRange(from: string, to: string, bucket: Bucket): { from: string; bucket: Bucket } {
  for (const b of BUCKETS.slice(BUCKETS.indexOf(bucket))) {
    if (bucketCount(from, to, b) <= MAX_BUCKETS) return { from, bucket: b };
  }
  return { from: addMonths(to, -(MAX_BUCKETS - 1)), bucket: 'month' };
}

/** What the page shows for a URL query, on `today` (Dhaka). */
export function dashboardStateFromSearch(params: URLSearchParams, today: string): DashboardState {
  const topPage = pageNumber(params.get('topPage'));
  const lowPage = pageNumber(params.get('lowPage'));
  const low = dayOf(params.get('from'));
  const high = dayOf(params.get('to'));
  let range: DashboardState['range'];
  let from: string;
  let to: string;
  if (low !== undefined && high !== undefined) {
    range = 'custom';
    [from, to] = low > high ? [high, low] : [low, high];
  } else {
    range = RANGE_PRESETS.find((p) => p.value === params.get('range'))?.value ?? DEFAULT_RANGE;
    ({ from, to } = presetDays(range, today));
  }
  const asked = BUCKETS.find((b) => b === params.get('bucket')) ?? defaultBucket(range, from, to);
  const fitted = fitRange(from, to, asked);
  return { range, from: fitted.from, to, bucket: fitted.bucket, topPage, lowPage };
}

export type DashboardChange =
  | { range: RangePreset }
  | { range: 'custom'; from: string; to: string }
  | { bucket: Bucket };

/**
 * The URL query after a change (the defaults left out: one address per view). A new range starts
 * the top products on page 1 again and drops a bucket chosen for the old range; low stock keeps its
 * page (the pagers write `topPage` and `lowPage` themselves).
 */
export function dashboardSearchWith(params: URLSearchParams, change: DashboardChange, today: string): string {
  const next = new URLSearchParams(params);
  const setOrDrop = (key: string, value: string | undefined) => (value === undefined ? next.delete(key) : next.set(key, value));
  if ('range' in change) {
    next.delete('topPage');
    next.delete('bucket');
    if (change.range === 'custom') {
      const [from, to] = change.from > change.to ? [change.to, change.from] : [change.from, change.to];
      next.delete('range');
      next.set('from', from);
      next.set('to', to);
    } else {
      next.delete('from');
      next.delete('to');
      setOrDrop('range', change.range === DEFAULT_RANGE ? undefined : change.range);
    }
  } else {
    const state = dashboardStateFromSearch(next, today);
    setOrDrop('bucket', change.bucket === defaultBucket(state.range, state.from, state.to) ? undefined : change.bucket);
  }
  const query = next.toString();
  return query ? `?${query}` : '';
}
