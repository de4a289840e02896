import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { StatusBody } from '../../../../../src/modules/ordering/index';
import { ordersQueryKeyRoot } from './get-orders';

/** An admin confirms or cancels; no order goes back to Pending. */
export type StatusChange = { id: string; status: Exclude<StatusBody['status'], 'Pending'> };

/** Admin only; Pending -> Confirmed or Canceled, anything else 409 `ordering/illegal-transition`. */
export function updateOrderStatus({ id, status }: StatusChange): Promise<{ modifiedCount: number }> {
  return authApi.patch(`orders/${encodeURIComponent(id)}`, { json: { status } satisfies StatusBody }).json<{ modifiedCount: number }>();
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    // The lists, the timelines and the audit log all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }),
  });
}
