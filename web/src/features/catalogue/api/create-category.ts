import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

/** Admin only. 400 for an empty name, 409 `catalogue/category-exists`. */
export function createCategory(category: string): Promise<{ insertedId: string }> {
  return authApi.post('categories', { json: { category } }).json<{ insertedId: string }>();
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
