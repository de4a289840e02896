import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { ProductInput } from './create-product';

/** Admin only; replaces every field. 404 for a product that is gone. */
export function updateProduct({ id, input }: { id: string; input: ProductInput }): Promise<{ modifiedCount: number }> {
  return authApi.patch(`products/${encodeURIComponent(id)}`, { json: input }).json<{ modifiedCount: number }>();
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // Lists and the product's own page.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
