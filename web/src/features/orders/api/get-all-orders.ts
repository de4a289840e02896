import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ordersQueryKeyRoot, type Order } from './get-orders';

/** Admin only: every customer's orders, newest first. */
export function getAllOrders(): Promise<Order[]> {
  return authApi.get('allOrders').json<Order[]>();
}

export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'all'],
    queryFn: getAllOrders,
    retry: retryUnlessClientError,
  });

export function useAllOrders() {
  return useQuery(allOrdersQueryOptions());
}
