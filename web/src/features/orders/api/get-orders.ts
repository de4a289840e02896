import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';

// The wire types of the ordering contract (src/modules/ordering/adapters/http.ts).
export type { OrderStatus } from '../../../lib/api/contracts';
/** Priced by the server at placement; money in whole taka. */
export type Order = Row<'get /orders'>;
export type OrderLine = Order['cartItems'][number];

/** Every order query (own, all, timelines, audit) starts with this key. */
export const ordersQueryKeyRoot = ['orders'] as const;

/** Own orders only, newest first, one page (1, 2, ...). */
export function getMyOrders(email: string, page: number): Promise<Page<Order>> {
  return getPage(authApi, 'get /orders', pageQuery(page), { query: { email } });
}

export const myOrdersQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'mine', email, page],
    queryFn: () => getMyOrders(email, page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useMyOrders(email: string | undefined, page: number) {
  return useQuery({ ...myOrdersQueryOptions(email ?? '', page), enabled: Boolean(email) });
}

/** Newest first, whatever order the server sent them in (it already sends them so). */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.orderTime) - Date.parse(a.orderTime));
}
