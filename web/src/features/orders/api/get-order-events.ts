import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ordersQueryKeyRoot } from './get-orders';

export type OrderEventType = 'Placed' | 'Confirmed' | 'Canceled' | 'CanceledByCustomer' | 'Deleted';

export type OrderEvent = {
  seq: number;
  type: OrderEventType;
  /** ISO date-time. */
  at: string;
  actor: { email: string; role: 'admin' | 'customer' };
};

/** Owner or admin: what happened to the order, oldest first. */
export function getOrderEvents(orderId: string): Promise<OrderEvent[]> {
  return authApi.get(`orders/${encodeURIComponent(orderId)}/events`).json<OrderEvent[]>();
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
