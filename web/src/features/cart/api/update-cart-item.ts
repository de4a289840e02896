import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { cartQueryKeyRoot } from './get-cart';

/**
 * Sets a line's quantity (1 to 99). 409 `cart/out-of-stock` above what its size and color have in
 * stock now (the message says how many), 404 `cart/line-not-found` for a line already gone.
 */
export function updateCartItem({ id, quantity }: { id: string; quantity: number }): Promise<Answer<'patch /carts/:id'>> {
  return call(authApi, 'patch /carts/:id', { params: { id }, body: { quantity } });
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKeyRoot }),
  });
}
