import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import type { Answer, Body } from '../../../../lib/api/contracts';
import { deliveryQueryKeyRoot } from './delivery-keys';

export type BookingByHand = Body<'post /orders/:id/parcel'>;

/** Admin only: a booking made in the courier's portal, recorded by hand (POST /api/orders/:id/parcel). */
export function recordBooking({ orderId, booking }: { orderId: string; booking: BookingByHand }): Promise<Answer<'post /orders/:id/parcel'>> {
  return call(authApi, 'post /orders/:id/parcel', { params: { id: orderId }, body: booking });
}

export function useRecordBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeyRoot }),
  });
}
