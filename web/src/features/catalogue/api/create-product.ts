import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { ProductBody } from '../../../../../src/modules/catalogue/index';

/** What the admin forms send: every field, sizes and colors already split. */
export type ProductInput = ProductBody;

/** Admin only. 400 `http/validation` (with issues) or `catalogue/unknown-category`. */
export function createProduct(input: ProductInput): Promise<{ insertedId: string }> {
  return authApi.post('products', { json: input }).json<{ insertedId: string }>();
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
