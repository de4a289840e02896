import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { paymentsQueryKeyRoot, type OrderPayment } from './payment-keys';

/**
 * The owner's (or an admin's) order's payment; `check`: the server first asks bKash where the latest
 * payment stands (the page after an unsure answer). 404 `ordering/order-not-found` for an order
 * without an advance, or not the caller's.
 */
export function getPayment(orderId: string, check: boolean): Promise<OrderPayment> {
  return call(authApi, 'get /orders/:id/payment', { params: { id: orderId }, query: check ? { check: '1' } : {} });
}

/** Checks made at most, one every CHECK_EVERY_MS, while bKash has not said how a payment ended. */
export const MAX_CHECKS = 10;
export const CHECK_EVERY_MS = 3000;

/** Whether the answer still waits on bKash: the order awaits its advance and the latest payment is open. */
export const stillOpen = (payment: OrderPayment | undefined): boolean =>
  payment !== undefined && payment.advance.status === 'awaiting' && (payment.latest === null || payment.latest.state === 'created');

export const paymentQueryOptions = (orderId: string, check: boolean) =>
  queryOptions({
    queryKey: [...paymentsQueryKeyRoot, orderId, check ? 'check' : 'read'],
    queryFn: () => getPayment(orderId, check),
    retry: retryUnlessClientError,
    // The checks are counted per visit of the page: none is kept for the next.
    ...(check ? { gcTime: 0 } : {}),
  });

/**
 * The pay page's order payment. `check`: asked with check=1, again every 3 s while it is still open,
 * MAX_CHECKS times in all; `checksLeft` says whether more will come.
 */
export function usePayment(orderId: string, check: boolean) {
  const queryClient = useQueryClient();
  const options = paymentQueryOptions(orderId, check);
  const query = useQuery({
    ...options,
    enabled: orderId !== '',
    refetchInterval: (q) => (check && stillOpen(q.state.data) && q.state.dataUpdateCount < MAX_CHECKS ? CHECK_EVERY_MS : false),
  });
  const checks = queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { query, checksLeft: check && stillOpen(query.data) && checks < MAX_CHECKS };
}
