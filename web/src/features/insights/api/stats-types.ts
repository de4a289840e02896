import type { ProductSalesDto, SalesReportDto, SalesSummaryDto } from '../../../../../src/modules/sales/index';

// The wire types of the stats contract (src/modules/sales/adapters/stats-http.ts).
export type StatsSummary = SalesSummaryDto;
export type PeriodStats = SalesSummaryDto['periods']['today'];
/** Every bucket of the range, oldest first, zeros included; the first may start mid-week or mid-month (at `from`). */
export type SalesSeries = SalesReportDto;
/** `revenue`: line prices in taka, before coupons and delivery. */
export type TopProduct = ProductSalesDto;

/** Every stats query's key starts with this. */
export const statsQueryKeyRoot = ['stats'] as const;
