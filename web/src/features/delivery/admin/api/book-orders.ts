import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import type { Answer, Body } from '../../../../lib/api/contracts';
import { deliveryQueryKeyRoot } from './delivery-keys';

/**
 * Admin only: books Confirmed orders with a courier (100 at most). The answer waits a few seconds for
 * the courier and says, per order, booked, queued (the shop keeps trying), failed or refused.
 */
export function bookOrders(body: Body<'post /shipments'>): Promise<Answer<'post /shipments'>> {
  // The server waits for the courier a few seconds before it answers.
  return call(authApi, 'post /shipments', { body, timeout: 60_000 });
}

export function useBookOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookOrders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeyRoot }),
  });
}
