import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { ChangeQuantityAnswer } from '../../../../../src/modules/cart/index';
import { cartQueryKeyRoot } from './get-cart';

/**
 * Sets a line's quantity (1 to 99). 409 `cart/out-of-stock` above what its size and color have in
 * stock now (the message says how many), 404 `cart/line-not-found` for a line already gone.
 */
export function updateCartItem({ id, quantity }: { id: string; quantity: number }): Promise<ChangeQuantityAnswer> {
  return authApi.patch(`carts/${encodeURIComponent(id)}`, { json: { quantity } }).json<ChangeQuantityAnswer>();
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKeyRoot }),
  });
}
