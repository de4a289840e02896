import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import type { Answer, Body } from '../../../../lib/api/contracts';
import { deliveryQueryKeyRoot } from './delivery-keys';

/** Admin only: a courier's payout of delivered parcels, recorded as each parcel's Settled event. */
export function recordPayout(body: Body<'post /shipments/payouts'>): Promise<Answer<'post /shipments/payouts'>> {
  return call(authApi, 'post /shipments/payouts', { body });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeyRoot }),
  });
}
