import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

/** Admin only. 404 for a product already gone. */
export function deleteProduct(id: string): Promise<{ deletedCount: number }> {
  return authApi.delete(`products/${encodeURIComponent(id)}`).json<{ deletedCount: number }>();
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: ['products', 'detail', id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
