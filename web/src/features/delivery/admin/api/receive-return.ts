import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import type { Answer, Body } from '../../../../lib/api/contracts';
import { deliveryQueryKeyRoot } from './delivery-keys';

export type ReturnedLine = NonNullable<Body<'post /orders/:id/parcel/receive'>['lines']>[number];

/**
 * Admin only: the parcel came back to the shop. A returned parcel gives back all the order took
 * (no `lines`); a partly delivered one the lines counted (each at most what the order took).
 */
export function receiveReturn({ orderId, lines }: { orderId: string; lines?: ReturnedLine[] }): Promise<Answer<'post /orders/:id/parcel/receive'>> {
  return call(authApi, 'post /orders/:id/parcel/receive', { params: { id: orderId }, body: lines ? { lines } : {} });
}

export function useReceiveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveReturn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeyRoot }),
  });
}
