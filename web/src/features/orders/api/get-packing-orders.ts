import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { Row } from '../../../lib/api/contracts';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import { deskQuery, type DeskFilter } from '../desk-filter';
import { ordersQueryKeyRoot } from './get-orders';

/** An order as those who pack it read it (issue 36): who, where, what; no price, no money. */
export type PackingOrder = Row<'get /packing/orders'>;
export type PackingLine = PackingOrder['cartItems'][number];

/** The filter of the packing page: the desk's but the status (every order here is Confirmed). */
export type PackingFilter = Pick<DeskFilter, 'q' | 'delivery' | 'from' | 'to'>;

/** orders.pack: the Confirmed orders that match `filter`, newest first, one page (1, 2, ...). */
export function getPackingOrders(page: number, filter: PackingFilter = {}): Promise<Page<PackingOrder>> {
  return getPage(authApi, 'get /packing/orders', pageQuery(page), { query: deskQuery(filter) });
}

export const packingOrdersQueryOptions = (page: number, filter: PackingFilter = {}) =>
  queryOptions({
    // Under the orders' root: a booking made here (or on the desk) reloads it with the rest.
    queryKey: [...ordersQueryKeyRoot, 'packing', deskQuery(filter), page],
    queryFn: () => getPackingOrders(page, filter),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function usePackingOrders(page: number, filter: PackingFilter = {}) {
  return useQuery(packingOrdersQueryOptions(page, filter));
}
