import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { statsQueryKeyRoot, type StatsSummary } from './stats-types';

/** Admin only: today, the last 7 and the last 30 days (Dhaka days, today included), by status. */
export function getStatsSummary(): Promise<StatsSummary> {
  return call(authApi, 'get /stats/summary');
}

export const statsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...statsQueryKeyRoot, 'summary'],
    queryFn: getStatsSummary,
    // Not kept fresh for a while: an admin coming back from confirming an order sees it counted.
    retry: retryUnlessClientError,
  });

export function useStatsSummary() {
  return useQuery(statsSummaryQueryOptions());
}
