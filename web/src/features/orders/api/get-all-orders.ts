import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import { deskQuery, type DeskFilter } from '../desk-filter';
import { ordersQueryKeyRoot, type Order } from './get-orders';

/** Admin only: every customer's orders that match `filter`, newest first, one page (1, 2, ...). */
export function getAllOrders(page: number, filter: DeskFilter = {}): Promise<Page<Order>> {
  return getPage(authApi, 'get /allOrders', pageQuery(page), { query: deskQuery(filter) });
}

export const allOrdersQueryOptions = (page: number, filter: DeskFilter = {}) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'all', deskQuery(filter), page],
    queryFn: () => getAllOrders(page, filter),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAllOrders(page: number, filter: DeskFilter = {}) {
  return useQuery(allOrdersQueryOptions(page, filter));
}
