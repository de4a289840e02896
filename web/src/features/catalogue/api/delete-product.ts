import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

/** Admin only. 404 for a product already gone. */
export function deleteProduct(id: string): Promise<Answer<'delete /products/:id'>> {
  return call(authApi, 'delete /products/:id', { params: { id } });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: ['products', 'detail', id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
