import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { ordersQueryKeyRoot } from './get-orders';

/**
 * The owner's cancel (only while Pending; otherwise 409 `ordering/illegal-transition`), or an admin's
 * permanent delete. 404 `ordering/order-not-found` for someone else's order or one already gone.
 */
export function deleteOrder(id: string): Promise<Answer<'delete /orders/:id'>> {
  return call(authApi, 'delete /orders/:id', { params: { id } });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }),
  });
}
