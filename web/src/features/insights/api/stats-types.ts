import type { Answer, Row } from '../../../lib/api/contracts';

// The wire types of the stats contract (src/modules/sales/adapters/stats-http.ts).
export type StatsSummary = Answer<'get /stats/summary'>;
export type PeriodStats = StatsSummary['periods']['today'];
/** Every bucket of the range, oldest first, zeros included; the first may start mid-week or mid-month (at `from`). */
export type SalesSeries = Answer<'get /stats/sales'>;
/** `revenue`: line prices in taka, before coupons and delivery. */
export type TopProduct = Row<'get /stats/top-products'>;

/** Every stats query's key starts with this. */
export const statsQueryKeyRoot = ['stats'] as const;
