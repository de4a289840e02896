import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';
import { ordersQueryKeyRoot } from './get-orders';

export type { OrderEventType } from '../../../lib/api/contracts';
export type OrderEvent = Row<'get /orders/:id/events'>;

/**
 * The most events a timeline shows (the server's largest page). An order has a handful in practice;
 * past this the timeline says how many more there are rather than paging.
 */
export const TIMELINE_LIMIT = 200;

/** Owner or admin: what happened to the order, oldest first, the first TIMELINE_LIMIT of them and the total. */
export function getOrderEvents(orderId: string): Promise<Page<OrderEvent>> {
  return getPage(authApi, 'get /orders/:id/events', { limit: TIMELINE_LIMIT, offset: 0 }, { params: { id: orderId } });
}

export const orderEventsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'events', orderId],
    queryFn: () => getOrderEvents(orderId),
    retry: retryUnlessClientError,
  });

export function useOrderEvents(orderId: string, enabled = true) {
  return useQuery({ ...orderEventsQueryOptions(orderId), enabled });
}

/** Events a page of the order page's timeline shows at a time. */
export const EVENTS_PAGE_SIZE = 50;

/** The order page's timeline (admin): oldest first, EVENTS_PAGE_SIZE more at a time. */
export const orderEventPagesQueryOptions = (orderId: string) =>
  infiniteQueryOptions({
    queryKey: [...ordersQueryKeyRoot, 'events', orderId, 'pages'],
    queryFn: ({ pageParam }) =>
      getPage(authApi, 'get /orders/:id/events', pageQuery(pageParam, EVENTS_PAGE_SIZE), { params: { id: orderId } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * EVENTS_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    retry: retryUnlessClientError,
  });

export function useOrderEventPages(orderId: string) {
  return useInfiniteQuery(orderEventPagesQueryOptions(orderId));
}
