import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ordersQueryKeyRoot, type Order } from './get-orders';

/** Admin only: every customer's orders, newest first, one page (1, 2, ...). */
export function getAllOrders(page: number): Promise<Page<Order>> {
  return getPage<Order>(authApi, 'allOrders', pageQuery(page));
}

export const allOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'all', page],
    queryFn: () => getAllOrders(page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAllOrders(page: number) {
  return useQuery(allOrdersQueryOptions(page));
}
