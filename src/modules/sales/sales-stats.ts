import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { Page, Paged } from '../../shared/page.js';
import { err, ok, type Result } from '../../shared/result.js';
import { addDays, dhakaDay, dhakaDayStart } from '../../shared/shop-time.js';
import { addSales, bucketOf, bucketStarts, canceledShare, noSales, type SalesBucket, type SalesFigures } from './domain/sales.js';
import type { ProductSales, SalesProjection } from './ports.js';

/** What came in through bKash and went back over a period (issue 35; the payments module's, handed over by the composition root). */
export type AdvanceMoney = { paidOrders: number; paidAmount: number; refundedOrders: number; refundedAmount: number };

/**
 * The admins' sales figures (issue 17), read from the sales projection only (decision 033); and
 * the advances paid and refunded in the range (issue 35), read from the payments' holds.
 */
export type SalesStatsDeps = { sales: SalesProjection; clock: Clock; advanceMoney?: ((from: Date, to: Date) => Promise<AdvanceMoney>) | undefined };

/** A chart has at most this many points; a longer range asks for a larger bucket. */
export const maxBuckets = 400;
/** Days in the default range: the last 30, today included. */
export const defaultDays = 30;

export type DayRange = { from?: string | undefined; to?: string | undefined };
export type SalesQuery = DayRange & { bucket?: SalesBucket | undefined };
export type SalesReport = { from: string; to: string; bucket: SalesBucket; buckets: Array<{ start: string } & SalesFigures>; totals: SalesFigures; advances: AdvanceMoney };
export type SalesPeriod = { from: string; to: string } & SalesFigures & { canceledShare: number };
export type SalesSummary = { today: string; asOf: string; periods: { today: SalesPeriod; last7Days: SalesPeriod; last30Days: SalesPeriod } };

const invalid = (path: string, message: string): AppError => appError('http/validation', message, [{ path, message }]);

/** Dhaka days, both included: `to` today and `from` 29 days before it unless given. */
function resolve(deps: SalesStatsDeps, range: DayRange): Result<{ from: string; to: string }, AppError> {
  const to = range.to ?? dhakaDay(deps.clock.now());
  const from = range.from ?? addDays(to, -(defaultDays - 1));
  if (from > to) return err(invalid('from', 'from must not be after to'));
  return ok({ from, to });
}

/** Orders and taka per bucket and kind, every bucket of the range present (zeros included), and their totals. */
export async function salesByBucket(deps: SalesStatsDeps, query: SalesQuery): Promise<Result<SalesReport, AppError>> {
  const range = resolve(deps, query);
  if (!range.ok) return range;
  const { from, to } = range.value;
  const bucket = query.bucket ?? 'day';
  const starts = bucketStarts(from, to, bucket, maxBuckets);
  if (starts.length > maxBuckets) {
    return err(invalid('bucket', `At most ${maxBuckets} ${bucket}s at a time: choose a shorter range or a larger bucket (week or month).`));
  }
  const buckets = new Map(starts.map((start) => [start, { start, ...noSales() }]));
  const totals = noSales();
  for (const row of await deps.sales.days(from, to)) {
    const into = buckets.get(bucketOf(row.day, from, bucket));
    if (!into) throw new Error(`sales_days row of ${row.day} outside ${from}..${to}`);
    addSales(into, row);
    addSales(totals, row);
  }
  const advances = deps.advanceMoney ? await deps.advanceMoney(dhakaDayStart(from), dhakaDayStart(to, 1)) : { paidOrders: 0, paidAmount: 0, refundedOrders: 0, refundedAmount: 0 };
  return ok({ from, to, bucket, buckets: [...buckets.values()], totals, advances });
}

/** Today, the last 7 and the last 30 days (today included), in one read of the projection. */
export async function salesSummary(deps: SalesStatsDeps): Promise<SalesSummary> {
  const now = deps.clock.now();
  const today = dhakaDay(now);
  const periods = ([['today', 1], ['last7Days', 7], ['last30Days', 30]] as const).map(([name, days]) => ({ name, from: addDays(today, -(days - 1)), figures: noSales() }));
  for (const row of await deps.sales.days(addDays(today, -(defaultDays - 1)), today)) {
    for (const period of periods) if (row.day >= period.from) addSales(period.figures, row);
  }
  const answer = (i: number): SalesPeriod => {
    const p = periods[i]!;
    return { from: p.from, to: today, ...p.figures, canceledShare: canceledShare(p.figures) };
  };
  return { today, asOf: now.toISOString(), periods: { today: answer(0), last7Days: answer(1), last30Days: answer(2) } };
}

/** One page of the products most sold (units, then taka) in the range, Pending and Confirmed orders. */
export async function topProducts(deps: SalesStatsDeps, range: DayRange, page: Page): Promise<Result<Paged<ProductSales>, AppError>> {
  const days = resolve(deps, range);
  if (!days.ok) return days;
  return ok(await deps.sales.topProducts(days.value.from, days.value.to, page));
}
