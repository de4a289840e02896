import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';
import { cartQueryKeyRoot } from './get-cart';

export type AddToCartAnswer = Answer<'post /carts'>;

/**
 * Only the choice is sent: the server prices the line from the catalogue.
 * 201 for a new line, 200 `merged` when added to the same product+size+color line.
 * 409 `cart/quantity-limit` above 99 in one line, 400 `cart/invalid-choice`, 404 `cart/product-not-found`.
 */
export function addToCart(input: Body<'post /carts'>): Promise<AddToCartAnswer> {
  return call(authApi, 'post /carts', { body: input });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKeyRoot }),
  });
}
