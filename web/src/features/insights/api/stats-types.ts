/**
 * The shapes of GET /api/stats/* (src/modules/ordering/adapters/stats-http.ts). Written here while that
 * contract is new; once the ordering module exports its DTOs, these become `import type` from its index.ts.
 */

/** Orders of one status and their totals, in whole taka. */
export type Figures = { orders: number; amount: number };

/** One period's orders by status (Confirmed is the revenue), and the share of them canceled (0..1). */
export type PeriodStats = {
  from: string;
  to: string;
  confirmed: Figures;
  pending: Figures;
  canceled: Figures;
  deleted: Figures;
  canceledShare: number;
};

export type StatsSummary = {
  /** Today in Dhaka, YYYY-MM-DD. */
  today: string;
  /** When the figures were read (ISO). */
  asOf: string;
  periods: { today: PeriodStats; last7Days: PeriodStats; last30Days: PeriodStats };
};

export type SalesBucket = { start: string; confirmed: Figures; pending: Figures; canceled: Figures; deleted: Figures };

export type SalesSeries = {
  from: string;
  to: string;
  bucket: 'day' | 'week' | 'month';
  /** Every bucket of the range, oldest first, zeros included. */
  buckets: SalesBucket[];
  totals: Omit<SalesBucket, 'start'>;
};

export type TopProduct = { productId: string; title: string; orders: number; quantity: number; revenue: number };

/** Every stats query's key starts with this (one invalidation after an order changes). */
export const statsQueryKeyRoot = ['stats'] as const;
