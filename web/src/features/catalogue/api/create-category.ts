import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';

/** Admin only. 400 for an empty name, 409 `catalogue/category-exists`. `categoryBn`: the Bengali name, '' for none. */
export function createCategory(body: Body<'post /categories'>): Promise<Answer<'post /categories'>> {
  return call(authApi, 'post /categories', { body });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
