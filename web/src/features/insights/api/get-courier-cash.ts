import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { retryUnlessClientError } from '../../../lib/query-client';
import { statsQueryKeyRoot } from './stats-types';

/** What each courier holds for the shop now, and its last 30 days (issue 34). */
export type CourierCash = Answer<'get /stats/courier-cash'>;

/** Admin only: GET /api/stats/courier-cash for the server's default period (the last 30 days). */
export function getCourierCash(): Promise<CourierCash> {
  return call(authApi, 'get /stats/courier-cash');
}

export const courierCashQueryOptions = () =>
  queryOptions({
    queryKey: [...statsQueryKeyRoot, 'courier-cash'],
    queryFn: getCourierCash,
    retry: retryUnlessClientError,
  });

export function useCourierCash() {
  return useQuery(courierCashQueryOptions());
}
