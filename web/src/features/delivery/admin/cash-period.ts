import { calendarDay } from '../../../../../src/shared/shop-time';
import type { CashPeriod } from './api/get-courier-cash';

/**
 * The courier cash page's period in the URL query (?from=, ?to=: Dhaka days, both included), so that
 * Back, reload and a shared link keep it. Absent, the server's default: the last 30 days. A day the
 * API would refuse is read as absent; a range upside down the right way round.
 */
export function cashPeriodFromSearch(params: URLSearchParams): CashPeriod {
  const low = calendarDay(params.get('from'));
  const high = calendarDay(params.get('to'));
  const swap = low !== undefined && high !== undefined && low > high;
  return { from: swap ? high : low, to: swap ? low : high };
}

/** The URL query with another period (the payout's list back on its first page: its parcels do not depend on the period). */
export function cashSearchWith(params: URLSearchParams, period: CashPeriod): string {
  const next = new URLSearchParams(params);
  const low = calendarDay(period.from);
  const high = calendarDay(period.to);
  const swap = low !== undefined && high !== undefined && low > high;
  for (const [key, value] of [['from', swap ? high : low], ['to', swap ? low : high]] as const) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : '';
}
