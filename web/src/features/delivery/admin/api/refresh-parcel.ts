import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import type { Answer } from '../../../../lib/api/contracts';
import { deliveryQueryKeyRoot } from './delivery-keys';

/** Admin only: asks the courier where the parcel is; what moved is recorded as a webhook would. */
export function refreshParcel(orderId: string): Promise<Answer<'post /orders/:id/parcel/refresh'>> {
  return call(authApi, 'post /orders/:id/parcel/refresh', { params: { id: orderId }, timeout: 60_000 });
}

export function useRefreshParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshParcel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeyRoot }),
  });
}
