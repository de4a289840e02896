import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';

/** What the admin forms send: every field, sizes and colors already split. */
export type ProductInput = Body<'post /products'>;

/** Admin only. 400 `http/validation` (with issues) or `catalogue/unknown-category`. */
export function createProduct(input: ProductInput): Promise<Answer<'post /products'>> {
  return call(authApi, 'post /products', { body: input });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
