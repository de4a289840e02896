import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import type { Answer } from '../../../../lib/api/contracts';
import { deliveryQueryKeyRoot } from './delivery-keys';

/**
 * Admin only: cancels a booking before pick-up, with the courier and then in the log. A courier with
 * no cancel call answers 409 delivery/courier-refused: after canceling in its portal, send
 * `canceledAtCourier` (only the log is written).
 */
export function cancelBooking({ orderId, canceledAtCourier = false }: { orderId: string; canceledAtCourier?: boolean }): Promise<Answer<'post /orders/:id/parcel/cancel'>> {
  return call(authApi, 'post /orders/:id/parcel/cancel', { params: { id: orderId }, body: { canceledAtCourier }, timeout: 60_000 });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeyRoot }),
  });
}
