import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { cartQueryKeyRoot } from './get-cart';

/** 404 `cart/line-not-found` for a line already gone (or someone else's). */
export function removeCartItem(id: string): Promise<{ deletedCount: number }> {
  return authApi.delete(`carts/${encodeURIComponent(id)}`).json<{ deletedCount: number }>();
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKeyRoot }),
  });
}
