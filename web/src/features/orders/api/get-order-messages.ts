import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { OrderMessageDto } from '../../../../../src/modules/messages/index';
import { ordersQueryKeyRoot } from './get-orders';

/** An SMS or email about an order (placed, confirmed, canceled), and whether it went out. */
export type OrderMessage = OrderMessageDto;

/** Messages the order page shows at a time. */
export const MESSAGES_PAGE_SIZE = 50;

/** Admin only: GET /api/orders/:id/messages, in the order of the events that caused them, MESSAGES_PAGE_SIZE more at a time. */
export const orderMessagesQueryOptions = (orderId: string) =>
  infiniteQueryOptions({
    queryKey: [...ordersQueryKeyRoot, 'messages', orderId],
    queryFn: ({ pageParam }) =>
      getPage<OrderMessage>(authApi, `orders/${encodeURIComponent(orderId)}/messages`, pageQuery(pageParam, MESSAGES_PAGE_SIZE)),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * MESSAGES_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    retry: retryUnlessClientError,
    // A message waiting for its next try changes on its own: look again now and then while one is pending.
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((m) => m.state === 'pending')) ? 15_000 : false),
  });

export function useOrderMessages(orderId: string) {
  return useInfiniteQuery(orderMessagesQueryOptions(orderId));
}
