import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';

// Mirrors docs/api/ordering.md; declared here, as the web imports no server code.
export type OrderStatus = 'Pending' | 'Confirmed' | 'Canceled';

export type OrderLine = {
  productId: string;
  title: string;
  category: string;
  image: string;
  size: string;
  color: string;
  quantity: number;
  unitPrice: number;
  /** unitPrice x quantity */
  price: number;
};

/** Priced by the server at placement; money in whole taka. */
export type Order = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  deliveryLocation: string;
  paymentMethod: string;
  appliedCoupon: string | null;
  discountPercent: number;
  subtotal: number;
  discount: number;
  fee: number;
  /** The total: subtotal - discount + fee. */
  amount: number;
  cartItems: OrderLine[];
  status: OrderStatus;
  /** ISO date-time. */
  orderTime: string;
};

/** Every order query (own, all, timelines, audit) starts with this key. */
export const ordersQueryKeyRoot = ['orders'] as const;

/** Own orders only, newest first, one page (1, 2, ...). */
export function getMyOrders(email: string, page: number): Promise<Page<Order>> {
  return getPage<Order>(authApi, 'orders', pageQuery(page), { email });
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
