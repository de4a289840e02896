import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Bucket } from '../dashboard-state';
import { statsQueryKeyRoot, type SalesSeries } from './stats-types';

export type SalesQuery = { from: string; to: string; bucket: Bucket };

/** Admin only: every day, week or month of `from`..`to` (Dhaka days, both included) by status; at most 400 buckets. */
export function getSales({ from, to, bucket }: SalesQuery): Promise<SalesSeries> {
  return call(authApi, 'get /stats/sales', { query: { from, to, bucket } });
}

export const salesQueryOptions = (query: SalesQuery) =>
  queryOptions({
    queryKey: [...statsQueryKeyRoot, 'sales', query.from, query.to, query.bucket],
    queryFn: () => getSales(query),
    // The old chart stays while another range loads, rather than a spinner in its place.
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useSales(query: SalesQuery) {
  return useQuery(salesQueryOptions(query));
}
