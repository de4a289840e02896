import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { cartQueryKeyRoot } from './get-cart';

/** 404 `cart/line-not-found` for a line already gone (or someone else's). */
export function removeCartItem(id: string): Promise<Answer<'delete /carts/:id'>> {
  return call(authApi, 'delete /carts/:id', { params: { id } });
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKeyRoot }),
  });
}
