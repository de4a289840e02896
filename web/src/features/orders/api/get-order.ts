import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ordersQueryKeyRoot, type Order } from './get-orders';

/** Every order placed with one phone number (removed ones too), by outcome. */
export type PhoneHistory = { placed: number; pending: number; confirmed: number; canceledByShop: number; canceledByCustomer: number };

/** GET /api/orders/:id: for an admin, removed orders too, with the history of the order's phone. */
export type OrderView = Order & { removed: boolean; history?: PhoneHistory };

/** The owner's order while it is listed, or (an admin) any order; 404 `ordering/order-not-found` otherwise. */
export function getOrder(id: string): Promise<OrderView> {
  return authApi.get(`orders/${encodeURIComponent(id)}`).json<OrderView>();
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
