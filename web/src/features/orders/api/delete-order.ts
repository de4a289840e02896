import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { ordersQueryKeyRoot } from './get-orders';

/**
 * The owner's cancel (only while Pending; otherwise 409 `ordering/illegal-transition`), or an admin's
 * permanent delete. 404 `ordering/order-not-found` for someone else's order or one already gone.
 */
export function deleteOrder(id: string): Promise<{ deletedCount: number }> {
  return authApi.delete(`orders/${encodeURIComponent(id)}`).json<{ deletedCount: number }>();
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }),
  });
}
