import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import type { ProductInput } from './create-product';

/** Admin only; replaces every field. 404 for a product that is gone. */
export function updateProduct({ id, input }: { id: string; input: ProductInput }): Promise<Answer<'patch /products/:id'>> {
  return call(authApi, 'patch /products/:id', { params: { id }, body: input });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // Lists and the product's own page.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
