import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import { retryUnlessClientError } from '../../../../lib/query-client';
import { deliveryQueryKeyRoot, type CourierCash } from './delivery-keys';

/** A period of Dhaka days (YYYY-MM-DD, both included); absent: the last 30 days, as the server counts them. */
export type CashPeriod = { from?: string | undefined; to?: string | undefined };

/** The period's query, only the days given. */
export const periodQuery = ({ from, to }: CashPeriod): Record<string, string> => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) });

/** Admin only: what each courier holds now, and what it delivered, paid out and returned in the period. */
export function getCourierCash(period: CashPeriod): Promise<CourierCash> {
  return call(authApi, 'get /stats/courier-cash', { query: periodQuery(period) });
}

export const courierCashQueryOptions = (period: CashPeriod) =>
  queryOptions({
    queryKey: [...deliveryQueryKeyRoot, 'cash', periodQuery(period)],
    queryFn: () => getCourierCash(period),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useCourierCash(period: CashPeriod) {
  return useQuery(courierCashQueryOptions(period));
}
