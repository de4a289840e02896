import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

/** Admin only. 404 `promotions/slider-not-found` for a slider already gone. */
export function deleteSlider(id: string): Promise<{ deletedCount: number }> {
  return authApi.delete(`sliders/${encodeURIComponent(id)}`).json<{ deletedCount: number }>();
}

export function useDeleteSlider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sliders'] }),
  });
}
