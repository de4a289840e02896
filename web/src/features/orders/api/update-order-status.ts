import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';
import { ordersQueryKeyRoot } from './get-orders';

/** An admin confirms or cancels; no order goes back to Pending. */
export type StatusChange = { id: string; status: Exclude<Body<'patch /orders/:id'>['status'], 'Pending'> };

/** Admin only; Pending -> Confirmed or Canceled, anything else 409 `ordering/illegal-transition`. */
export function updateOrderStatus({ id, status }: StatusChange): Promise<Answer<'patch /orders/:id'>> {
  return call(authApi, 'patch /orders/:id', { params: { id }, body: { status } });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    // The lists, the timelines and the audit log all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }),
  });
}
