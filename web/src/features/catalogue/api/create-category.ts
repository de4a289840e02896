import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { CategoryBody } from '../../../../../src/modules/catalogue/index';

/** Admin only. 400 for an empty name, 409 `catalogue/category-exists`. `categoryBn`: the Bengali name, '' for none. */
export function createCategory(body: CategoryBody): Promise<{ insertedId: string }> {
  return authApi.post('categories', { json: body }).json<{ insertedId: string }>();
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
