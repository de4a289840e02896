import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ordersQueryKeyRoot } from './get-orders';

/** Every order placed with one phone number (removed ones too), by outcome. */
export type PhoneHistory = NonNullable<OrderView['history']>;

/** GET /api/orders/:id: for an admin, removed orders too, with the history of the order's phone. */
export type OrderView = Answer<'get /orders/:id'>;

/** The owner's order while it is listed, or (an admin) any order; 404 `ordering/order-not-found` otherwise. */
export function getOrder(id: string): Promise<OrderView> {
  return call(authApi, 'get /orders/:id', { params: { id } });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'one', id],
    queryFn: () => getOrder(id),
    retry: retryUnlessClientError,
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
