import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

/** Admin only. 404 `promotions/slider-not-found` for a slider already gone. */
export function deleteSlider(id: string): Promise<Answer<'delete /sliders/:id'>> {
  return call(authApi, 'delete /sliders/:id', { params: { id } });
}

export function useDeleteSlider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sliders'] }),
  });
}
