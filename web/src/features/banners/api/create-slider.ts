import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { SliderBody } from '../../../../../src/modules/promotions/index';

/** Admin only; `image` is a URL from POST /api/images. */
export function createSlider(image: string): Promise<{ insertedId: string }> {
  return authApi.post('sliders', { json: { image } satisfies SliderBody }).json<{ insertedId: string }>();
}

export function useCreateSlider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sliders'] }),
  });
}
